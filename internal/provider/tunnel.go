package provider

import (
	"context"
	"fmt"

	dsschema "github.com/hashicorp/terraform-plugin-framework/datasource/schema"
	"github.com/hashicorp/terraform-plugin-framework/types"

	"github.com/tfedge/terraform-provider-ngrok/internal/apiclient"
)

// tunnelType is ngrok_tunnel(s): an online tunnel of an agent's session.
// The API's list takes no filter, so neither do ours.
var tunnelType = &readOnlyType[apiclient.Tunnel, tunnelModel]{
	name: "tunnel", plural: "tunnels", noun: "tunnel", nouns: "tunnels", article: "a",
	idPrefix: tunnelIDPrefix, api: apiclient.Tunnels,
	description: "A tunnel is an online tunnel of an ngrok agent's session (`ngrok_tunnel_session`): started by the agent, " +
		"never by the API, and gone when the agent stops.",
	attributes: func() map[string]dsschema.Attribute {
		return map[string]dsschema.Attribute{
			"public_url":        computedString("URL of the tunnel; empty for a labeled tunnel."),
			"started_at":        computedString("When the tunnel started, RFC 3339."),
			"metadata":          computedString("Metadata of the tunnel from the agent's configuration."),
			"proto":             computedString("Protocol of the tunnel: `http`, `https`, `tcp` or `tls`; empty for a labeled tunnel."),
			"region":            computedString("Region the tunnel is served from."),
			"tunnel_session_id": computedString("ID of the agent's tunnel session (`ts_...`)."),
			"endpoint_id":       computedString("ID of the endpoint (`ep_...`) the tunnel serves; null when none."),
			"labels":            dsschema.MapAttribute{Description: "Labels of a labeled tunnel.", Computed: true, ElementType: types.StringType},
			"backend_ids":       dsschema.ListAttribute{Description: "IDs of the backends that route to the tunnel.", Computed: true, ElementType: types.StringType},
			"forwards_to":       computedString("Where the agent forwards the tunnel's traffic: a URL or a network address."),
		}
	},
	fromAPI: func(t *apiclient.Tunnel) (tunnelModel, error) {
		m := tunnelModel{
			ID: types.StringValue(t.ID), PublicURL: types.StringValue(t.PublicURL), StartedAt: types.StringValue(t.StartedAt),
			Metadata: types.StringValue(t.Metadata), Proto: types.StringValue(t.Proto), Region: types.StringValue(t.Region),
			TunnelSessionID: types.StringValue(t.TunnelSession.ID), EndpointID: types.StringNull(),
			ForwardsTo: types.StringValue(t.ForwardsTo),
		}
		if t.Endpoint != nil {
			m.EndpointID = types.StringValue(t.Endpoint.ID)
		}
		labels, diags := types.MapValueFrom(context.Background(), types.StringType, nonNilStringMap(t.Labels))
		if diags.HasError() {
			return m, fmt.Errorf("tunnel %s: labels: %v", t.ID, diags)
		}
		ids := make([]string, 0, len(t.Backends))
		for _, b := range t.Backends {
			ids = append(ids, b.ID)
		}
		backends, diags := types.ListValueFrom(context.Background(), types.StringType, ids)
		if diags.HasError() {
			return m, fmt.Errorf("tunnel %s: backends: %v", t.ID, diags)
		}
		m.Labels, m.BackendIDs = labels, backends
		return m, nil
	},
}

type tunnelModel struct {
	ID              types.String `tfsdk:"id"`
	PublicURL       types.String `tfsdk:"public_url"`
	StartedAt       types.String `tfsdk:"started_at"`
	Metadata        types.String `tfsdk:"metadata"`
	Proto           types.String `tfsdk:"proto"`
	Region          types.String `tfsdk:"region"`
	TunnelSessionID types.String `tfsdk:"tunnel_session_id"`
	EndpointID      types.String `tfsdk:"endpoint_id"`
	Labels          types.Map    `tfsdk:"labels"`
	BackendIDs      types.List   `tfsdk:"backend_ids"`
	ForwardsTo      types.String `tfsdk:"forwards_to"`
}
