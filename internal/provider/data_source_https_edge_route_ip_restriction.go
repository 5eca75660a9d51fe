package provider

import (
	"fmt"

	"github.com/hashicorp/terraform-plugin-framework/datasource"
	"github.com/hashicorp/terraform-plugin-framework/datasource/schema"
	"github.com/hashicorp/terraform-plugin-framework/types"
)

func NewHTTPSEdgeRouteIPRestrictionDataSource() datasource.DataSource {
	return newEdgeRouteModuleDataSource(httpsEdgeRouteIPRestrictionModule)
}

func httpsEdgeRouteIPRestrictionDataSourceAttributes() map[string]schema.Attribute {
	return map[string]schema.Attribute{
		"ip_policy_ids": schema.SetAttribute{
			Description: fmt.Sprintf("IDs of the IP policies (`%s...`) of the module.", ipPolicyIDPrefix),
			ElementType: types.StringType,
			Computed:    true,
		},
	}
}
