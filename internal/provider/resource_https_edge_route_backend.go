package provider

import (
	"context"
	"fmt"

	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/resource"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema"
	"github.com/hashicorp/terraform-plugin-framework/schema/validator"
	"github.com/hashicorp/terraform-plugin-framework/tfsdk"

	"github.com/tfedge/terraform-provider-ngrok/internal/apiclient"
)

// httpsEdgeRouteBackendModule is the backend module: where the route's traffic goes.
var httpsEdgeRouteBackendModule = &edgeRouteModule[httpsEdgeRouteBackendModel, apiclient.HTTPSEdgeRouteBackend, apiclient.HTTPSEdgeRouteBackendReplace]{
	typeName: "https_edge_route_backend",
	noun:     "backend module",
	title:    "Backend Module",

	resourceDescription: "The backend module of a route of an HTTPS edge: where the route's traffic is sent. " +
		"The edge, the route and the backend must exist already. " +
		"ngrok has made edges read-only for most accounts (see the HTTPS edges guide).",
	resourceAttributes:    httpsEdgeRouteBackendAttributes,
	dataSourceDescription: "Reads the backend module of a route of an HTTPS edge: where the route's traffic goes.",
	dataSourceAttributes:  httpsEdgeRouteBackendDataSourceAttributes,

	get:     (*apiclient.Client).GetHTTPSEdgeRouteBackend,
	replace: (*apiclient.Client).ReplaceHTTPSEdgeRouteBackend,
	remove:  (*apiclient.Client).DeleteHTTPSEdgeRouteBackend,
	fromAPI: httpsEdgeRouteBackendModelFromAPI,
	toReplace: func(_ context.Context, m httpsEdgeRouteBackendModel, _ tfsdk.Config) (*apiclient.HTTPSEdgeRouteBackendReplace, diag.Diagnostics) {
		return m.toReplace(), nil
	},
}

func NewHTTPSEdgeRouteBackendResource() resource.Resource {
	return newEdgeRouteModuleResource(httpsEdgeRouteBackendModule)
}

func httpsEdgeRouteBackendAttributes() map[string]schema.Attribute {
	return map[string]schema.Attribute{
		"backend_id": schema.StringAttribute{
			Description: fmt.Sprintf("ID of the backend that serves the route: usually a tunnel group backend (`%s...`), "+
				"the agents whose tunnels carry its labels; or an HTTP response, failover, weighted or static backend.", tunnelGroupBackendIDPrefix),
			Required:   true,
			Validators: []validator.String{backendIDValidator()},
		},
	}
}
