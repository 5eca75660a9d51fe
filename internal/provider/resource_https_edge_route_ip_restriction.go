package provider

import (
	"context"
	"fmt"

	"github.com/hashicorp/terraform-plugin-framework-validators/setvalidator"
	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/resource"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema"
	"github.com/hashicorp/terraform-plugin-framework/schema/validator"
	"github.com/hashicorp/terraform-plugin-framework/tfsdk"
	"github.com/hashicorp/terraform-plugin-framework/types"

	"github.com/tfedge/terraform-provider-ngrok/internal/apiclient"
)

// httpsEdgeRouteIPRestrictionModule is the IP restriction module: which IP
// policies decide whether a source address may reach the route.
var httpsEdgeRouteIPRestrictionModule = &edgeRouteModule[httpsEdgeRouteIPRestrictionModel, apiclient.HTTPSEdgeRouteIPRestriction, apiclient.HTTPSEdgeRouteIPRestrictionReplace]{
	typeName: "https_edge_route_ip_restriction",
	noun:     "IP restriction module",
	title:    "IP Restriction Module",

	resourceDescription: "The IP restriction module of a route of an HTTPS edge: only source addresses that its IP " +
		"policies allow reach the route. The edge, the route and the IP policies must exist already. " +
		"ngrok has made edges read-only for most accounts (see the HTTPS edges guide).",
	resourceAttributes: httpsEdgeRouteIPRestrictionAttributes,
	dataSourceDescription: "Reads the IP restriction module of a route of an HTTPS edge: the IP policies that decide " +
		"who may reach it.",
	dataSourceAttributes: httpsEdgeRouteIPRestrictionDataSourceAttributes,

	get:     (*apiclient.Client).GetHTTPSEdgeRouteIPRestriction,
	replace: (*apiclient.Client).ReplaceHTTPSEdgeRouteIPRestriction,
	remove:  (*apiclient.Client).DeleteHTTPSEdgeRouteIPRestriction,
	fromAPI: httpsEdgeRouteIPRestrictionModelFromAPI,
	toReplace: func(_ context.Context, m httpsEdgeRouteIPRestrictionModel, _ tfsdk.Config) (*apiclient.HTTPSEdgeRouteIPRestrictionReplace, diag.Diagnostics) {
		return m.toReplace(), nil
	},
}

func NewHTTPSEdgeRouteIPRestrictionResource() resource.Resource {
	return newEdgeRouteModuleResource(httpsEdgeRouteIPRestrictionModule)
}

func httpsEdgeRouteIPRestrictionAttributes() map[string]schema.Attribute {
	return map[string]schema.Attribute{
		"ip_policy_ids": schema.SetAttribute{
			Description: fmt.Sprintf("IDs of the IP policies (`%s...`), at least one, that decide whether a source address "+
				"may reach the route: a request from an address the policies deny is refused.", ipPolicyIDPrefix),
			ElementType: types.StringType,
			Required:    true,
			Validators: []validator.Set{
				setvalidator.SizeAtLeast(1),
				setvalidator.ValueStringsAre(idValidator(ipPolicyIDPrefix, "an IP policy")),
			},
		},
	}
}
