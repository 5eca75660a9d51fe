package provider

import (
	"fmt"

	"github.com/hashicorp/terraform-plugin-framework/datasource"
	"github.com/hashicorp/terraform-plugin-framework/datasource/schema"
)

func NewHTTPSEdgeRouteBackendDataSource() datasource.DataSource {
	return newEdgeRouteModuleDataSource(httpsEdgeRouteBackendModule)
}

func httpsEdgeRouteBackendDataSourceAttributes() map[string]schema.Attribute {
	return map[string]schema.Attribute{
		"backend_id": schema.StringAttribute{
			Description: fmt.Sprintf("ID of the backend that serves the route, usually a tunnel group backend (`%s...`).", tunnelGroupBackendIDPrefix),
			Computed:    true,
		},
	}
}
