package provider

import (
	"context"

	"github.com/hashicorp/terraform-plugin-framework/attr"
	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/types"

	"github.com/tfedge/terraform-provider-ngrok/internal/apiclient"
)

// Endpoint bindings and types. Each list drives both a validator and the
// attribute descriptions.
const (
	bindingPublic     = "public"
	bindingInternal   = "internal"
	bindingKubernetes = "kubernetes"
)

var (
	endpointBindings = []string{bindingPublic, bindingInternal, bindingKubernetes}
	endpointTypes    = []string{apiclient.EndpointTypeCloud, apiclient.EndpointTypeEphemeral, apiclient.EndpointTypeEdge}
)

// cloudEndpointModel is the state of an ngrok_cloud_endpoint.
type cloudEndpointModel struct {
	ID             types.String       `tfsdk:"id"`
	URI            types.String       `tfsdk:"uri"`
	CreatedAt      types.String       `tfsdk:"created_at"`
	UpdatedAt      types.String       `tfsdk:"updated_at"`
	URL            endpointURLValue   `tfsdk:"url"`
	TrafficPolicy  trafficPolicyValue `tfsdk:"traffic_policy"`
	Description    types.String       `tfsdk:"description"`
	Metadata       types.String       `tfsdk:"metadata"`
	Bindings       types.List         `tfsdk:"bindings"`
	PoolingEnabled types.Bool         `tfsdk:"pooling_enabled"`
	Proto          types.String       `tfsdk:"proto"`
	Hostport       types.String       `tfsdk:"hostport"`
	PublicURL      types.String       `tfsdk:"public_url"`
	DomainID       types.String       `tfsdk:"domain_id"`
}

// cloudEndpointModelFromAPI maps an endpoint onto the resource's state. The
// url and traffic policy are the API's text; their types' semantic equality
// keeps the configuration's spelling in state when the meaning is the same.
func cloudEndpointModelFromAPI(ep *apiclient.Endpoint) cloudEndpointModel {
	bindings := make([]attr.Value, len(ep.Bindings))
	for i, b := range ep.Bindings {
		bindings[i] = types.StringValue(b)
	}
	m := cloudEndpointModel{
		ID:             types.StringValue(ep.ID),
		URI:            types.StringValue(ep.URI),
		CreatedAt:      types.StringValue(ep.CreatedAt),
		UpdatedAt:      types.StringValue(ep.UpdatedAt),
		URL:            newEndpointURLValue(ep.URL),
		TrafficPolicy:  newTrafficPolicyValue(ep.TrafficPolicy),
		Description:    types.StringValue(ep.Description),
		Metadata:       types.StringValue(ep.Metadata),
		Bindings:       types.ListValueMust(types.StringType, bindings),
		PoolingEnabled: types.BoolValue(ep.PoolingEnabled),
		Proto:          types.StringValue(ep.Proto),
		Hostport:       types.StringValue(ep.Hostport),
		PublicURL:      types.StringValue(ep.PublicURL),
		DomainID:       types.StringNull(),
	}
	if ep.Domain != nil {
		m.DomainID = types.StringValue(ep.Domain.ID)
	}
	return m
}

// sameSettings reports whether every configurable attribute is planned as it
// is in state (the url and policy plan modifiers have already replaced
// equivalent spellings with the state's).
func (m cloudEndpointModel) sameSettings(state cloudEndpointModel) bool {
	return m.URL.Equal(state.URL) && m.TrafficPolicy.Equal(state.TrafficPolicy) &&
		m.Description.Equal(state.Description) && m.Metadata.Equal(state.Metadata) &&
		m.Bindings.Equal(state.Bindings) && m.PoolingEnabled.Equal(state.PoolingEnabled)
}

func (m cloudEndpointModel) toCreate(ctx context.Context) (*apiclient.EndpointCreate, diag.Diagnostics) {
	bindings, diags := m.bindings(ctx)
	return &apiclient.EndpointCreate{
		URL:            m.URL.ValueString(),
		Type:           apiclient.EndpointTypeCloud,
		TrafficPolicy:  m.TrafficPolicy.ValueString(),
		Description:    m.Description.ValueString(),
		Metadata:       m.Metadata.ValueString(),
		Bindings:       bindings,
		PoolingEnabled: m.PoolingEnabled.ValueBool(),
	}, diags
}

// toUpdate sends every field, so that an emptied description or metadata is
// cleared and the API ends up exactly as planned.
func (m cloudEndpointModel) toUpdate(ctx context.Context) (*apiclient.EndpointUpdate, diag.Diagnostics) {
	bindings, diags := m.bindings(ctx)
	u := &apiclient.EndpointUpdate{
		URL:            m.URL.ValueStringPointer(),
		TrafficPolicy:  m.TrafficPolicy.ValueStringPointer(),
		Description:    m.Description.ValueStringPointer(),
		Metadata:       m.Metadata.ValueStringPointer(),
		PoolingEnabled: m.PoolingEnabled.ValueBoolPointer(),
	}
	if bindings != nil {
		u.Bindings = &bindings
	}
	return u, diags
}

// bindings is nil when the plan leaves them to the API.
func (m cloudEndpointModel) bindings(ctx context.Context) ([]string, diag.Diagnostics) {
	if m.Bindings.IsNull() || m.Bindings.IsUnknown() {
		return nil, nil
	}
	var out []string
	diags := m.Bindings.ElementsAs(ctx, &out, false)
	return out, diags
}

// endpointRefModel is a reference to another object.
type endpointRefModel struct {
	ID  types.String `tfsdk:"id"`
	URI types.String `tfsdk:"uri"`
}

func endpointRefFromAPI(r *apiclient.Ref) *endpointRefModel {
	if r == nil {
		return nil
	}
	return &endpointRefModel{ID: types.StringValue(r.ID), URI: types.StringValue(r.URI)}
}

// endpointDataModel is an endpoint of any type as the data sources return
// it: every property the API returns, null where the API omits it
// (description and metadata read "" then, as on the resource).
type endpointDataModel struct {
	ID               types.String      `tfsdk:"id"`
	URI              types.String      `tfsdk:"uri"`
	Type             types.String      `tfsdk:"type"`
	URL              endpointURLValue  `tfsdk:"url"`
	Region           types.String      `tfsdk:"region"`
	CreatedAt        types.String      `tfsdk:"created_at"`
	UpdatedAt        types.String      `tfsdk:"updated_at"`
	PublicURL        types.String      `tfsdk:"public_url"`
	Proto            types.String      `tfsdk:"proto"`
	Scheme           types.String      `tfsdk:"scheme"`
	Hostport         types.String      `tfsdk:"hostport"`
	Host             types.String      `tfsdk:"host"`
	Port             types.Int64       `tfsdk:"port"`
	Description      types.String      `tfsdk:"description"`
	Metadata         types.String      `tfsdk:"metadata"`
	Domain           *endpointRefModel `tfsdk:"domain"`
	TCPAddr          *endpointRefModel `tfsdk:"tcp_addr"`
	Tunnel           *endpointRefModel `tfsdk:"tunnel"`
	TunnelSession    *endpointRefModel `tfsdk:"tunnel_session"`
	Edge             *endpointRefModel `tfsdk:"edge"`
	Principal        *endpointRefModel `tfsdk:"principal"`
	UpstreamURL      types.String      `tfsdk:"upstream_url"`
	UpstreamProtocol types.String      `tfsdk:"upstream_protocol"`
	Name             types.String      `tfsdk:"name"`
	TrafficPolicy    types.String      `tfsdk:"traffic_policy"`
	Bindings         []types.String    `tfsdk:"bindings"`
	PoolingEnabled   types.Bool        `tfsdk:"pooling_enabled"`
}

// endpointURLOrNull is an endpoint's url, null when the API leaves it out
// (an edge endpoint's).
func endpointURLOrNull(u string) endpointURLValue {
	if u == "" {
		return endpointURLValue{StringValue: types.StringNull()}
	}
	return newEndpointURLValue(u)
}

func endpointDataModelFromAPI(ep *apiclient.Endpoint) endpointDataModel {
	m := endpointDataModel{
		ID:               types.StringValue(ep.ID),
		URI:              stringOrNull(ep.URI),
		Type:             types.StringValue(ep.Type),
		URL:              endpointURLOrNull(ep.URL),
		Region:           types.StringPointerValue(ep.Region),
		CreatedAt:        types.StringValue(ep.CreatedAt),
		UpdatedAt:        types.StringValue(ep.UpdatedAt),
		PublicURL:        types.StringValue(ep.PublicURL),
		Proto:            types.StringValue(ep.Proto),
		Scheme:           types.StringPointerValue(ep.Scheme),
		Hostport:         types.StringValue(ep.Hostport),
		Host:             types.StringPointerValue(ep.Host),
		Port:             types.Int64PointerValue(ep.Port),
		Description:      types.StringValue(ep.Description),
		Metadata:         types.StringValue(ep.Metadata),
		Domain:           endpointRefFromAPI(ep.Domain),
		TCPAddr:          endpointRefFromAPI(ep.TCPAddr),
		Tunnel:           endpointRefFromAPI(ep.Tunnel),
		TunnelSession:    endpointRefFromAPI(ep.TunnelSession),
		Edge:             endpointRefFromAPI(ep.Edge),
		Principal:        endpointRefFromAPI(ep.Principal),
		UpstreamURL:      types.StringPointerValue(ep.UpstreamURL),
		UpstreamProtocol: types.StringPointerValue(ep.UpstreamProtocol),
		Name:             types.StringPointerValue(ep.Name),
		TrafficPolicy:    types.StringPointerValue(ep.TrafficPolicy),
		PoolingEnabled:   types.BoolValue(ep.PoolingEnabled),
	}
	if ep.Bindings != nil {
		m.Bindings = make([]types.String, len(ep.Bindings))
		for i, b := range ep.Bindings {
			m.Bindings[i] = types.StringValue(b)
		}
	}
	return m
}
