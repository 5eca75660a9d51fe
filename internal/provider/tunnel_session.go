package provider

import (
	dsschema "github.com/hashicorp/terraform-plugin-framework/datasource/schema"
	"github.com/hashicorp/terraform-plugin-framework/types"

	"github.com/tfedge/terraform-provider-ngrok/internal/apiclient"
)

// tunnelSessionType is ngrok_tunnel_session(s): an online agent, which the
// API cannot create (the agent starts it) but can stop, restart and update
// (action_tunnel_session.go).
var tunnelSessionType = &readOnlyType[apiclient.TunnelSession, tunnelSessionModel]{
	name: "tunnel_session", plural: "tunnel_sessions", noun: "tunnel session", nouns: "tunnel sessions", article: "a",
	idPrefix: tunnelSessionIDPrefix, api: apiclient.TunnelSessions,
	description: "A tunnel session is an online ngrok agent: started by the agent, never by the API, " +
		"and gone when the agent stops; a restart reconnects it with a new ID.",
	attributes: func() map[string]dsschema.Attribute {
		return map[string]dsschema.Attribute{
			"uri":           computedString("API address of the tunnel session."),
			"agent_version": computedString("Version of the ngrok agent."),
			"credential_id": computedString("ID of the authtoken (`cr_...`) the agent authenticated with; null when none is named."),
			"ip":            computedString("Source IP address of the agent."),
			"metadata":      computedString("Metadata the agent was started with."),
			"os":            computedString("Operating system of the agent's host."),
			"region":        computedString("Region the agent is connected to."),
			"started_at":    computedString("When the session started, RFC 3339."),
			"transport":     computedString("Transport of the session: `ngrok/2` or `ssh`."),
		}
	},
	fromAPI: func(s *apiclient.TunnelSession) (tunnelSessionModel, error) {
		m := tunnelSessionModel{
			ID: types.StringValue(s.ID), URI: types.StringValue(s.URI), AgentVersion: types.StringValue(s.AgentVersion),
			CredentialID: types.StringNull(), IP: types.StringValue(s.IP), Metadata: types.StringValue(s.Metadata),
			OS: types.StringValue(s.OS), Region: types.StringValue(s.Region), StartedAt: types.StringValue(s.StartedAt),
			Transport: types.StringValue(s.Transport),
		}
		if s.Credential != nil {
			m.CredentialID = types.StringValue(s.Credential.ID)
		}
		return m, nil
	},
	filterExample: "`obj.agent_version.startsWith(\"3.\")`",
}

type tunnelSessionModel struct {
	ID           types.String `tfsdk:"id"`
	URI          types.String `tfsdk:"uri"`
	AgentVersion types.String `tfsdk:"agent_version"`
	CredentialID types.String `tfsdk:"credential_id"`
	IP           types.String `tfsdk:"ip"`
	Metadata     types.String `tfsdk:"metadata"`
	OS           types.String `tfsdk:"os"`
	Region       types.String `tfsdk:"region"`
	StartedAt    types.String `tfsdk:"started_at"`
	Transport    types.String `tfsdk:"transport"`
}

// computedString is a computed string attribute of a data source.
func computedString(description string) dsschema.StringAttribute {
	return dsschema.StringAttribute{Description: description, Computed: true}
}
