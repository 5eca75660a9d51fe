package provider

import (
	"github.com/hashicorp/terraform-plugin-framework/datasource"
	"github.com/hashicorp/terraform-plugin-framework/datasource/schema"
	"github.com/hashicorp/terraform-plugin-framework/types"
)

func NewHTTPSEdgeRouteRequestHeadersDataSource() datasource.DataSource {
	return newEdgeRouteModuleDataSource(httpsEdgeRouteRequestHeadersModule)
}

func httpsEdgeRouteRequestHeadersDataSourceAttributes() map[string]schema.Attribute {
	return map[string]schema.Attribute{
		"add": schema.MapAttribute{
			Description: "Headers added to each request: header name to value.",
			ElementType: types.StringType,
			Computed:    true,
		},
		"remove": schema.SetAttribute{
			Description: "Names of headers removed from each request.",
			ElementType: types.StringType,
			Computed:    true,
		},
	}
}
