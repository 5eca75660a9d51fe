package provider

import (
	"context"
	"slices"
	"testing"

	"github.com/hashicorp/terraform-plugin-framework/attr"
	"github.com/hashicorp/terraform-plugin-framework/types"

	"github.com/tfedge/terraform-provider-ngrok/internal/apiclient"
)

func TestCloudEndpointModelFromAPI(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	policy := "on_tcp_connect: []\n"
	ep := &apiclient.Endpoint{
		ID: "ep_1", URI: "u", CreatedAt: "c", UpdatedAt: "up", URL: "https://app.example.com", PublicURL: "https://app.example.com",
		Proto: "https", Hostport: "app.example.com:443", Type: "cloud", TrafficPolicy: &policy, Bindings: []string{"public"},
		Domain: &apiclient.Ref{ID: "rd_1", URI: "r"}, PoolingEnabled: true,
	}
	m := cloudEndpointModelFromAPI(ep)
	if m.ID.ValueString() != "ep_1" || m.URL.ValueString() != ep.URL || m.TrafficPolicy.ValueString() != policy ||
		m.DomainID.ValueString() != "rd_1" || !m.PoolingEnabled.ValueBool() || m.Hostport.ValueString() != ep.Hostport ||
		m.UpdatedAt.ValueString() != "up" || m.Proto.ValueString() != "https" || m.PublicURL.ValueString() != ep.PublicURL {
		t.Errorf("model = %+v", m)
	}
	if m.Description.IsNull() || m.Metadata.IsNull() {
		t.Error("omitted description and metadata must be \"\", not null")
	}
	var bindings []string
	m.Bindings.ElementsAs(ctx, &bindings, false)
	if !slices.Equal(bindings, []string{"public"}) {
		t.Errorf("bindings = %v", bindings)
	}

	ep.Domain, ep.Bindings = nil, nil
	m = cloudEndpointModelFromAPI(ep)
	if !m.DomainID.IsNull() || m.Bindings.IsNull() || len(m.Bindings.Elements()) != 0 {
		t.Errorf("without domain and bindings: domain_id %v, bindings %v", m.DomainID, m.Bindings)
	}
}

func TestCloudEndpointModelConversions(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	m := cloudEndpointModel{
		URL: newEndpointURLValue("https://app.example.com:443"), TrafficPolicy: newTrafficPolicyValue(ptr("{}")),
		Description: types.StringValue(""), Metadata: types.StringValue("m"), PoolingEnabled: types.BoolValue(false),
		Bindings: types.ListValueMust(types.StringType, []attr.Value{types.StringValue("public")}),
	}
	c, diags := m.toCreate(ctx)
	if diags.HasError() {
		t.Fatal(diags)
	}
	if c.URL != "https://app.example.com:443" || c.Type != "cloud" || c.TrafficPolicy != "{}" || c.Metadata != "m" ||
		!slices.Equal(c.Bindings, []string{"public"}) || c.PoolingEnabled {
		t.Errorf("toCreate() = %+v", c)
	}
	u, diags := m.toUpdate(ctx)
	if diags.HasError() {
		t.Fatal(diags)
	}
	if u.URL == nil || *u.URL != c.URL || u.TrafficPolicy == nil || *u.TrafficPolicy != "{}" ||
		u.Description == nil || *u.Description != "" || u.PoolingEnabled == nil || *u.PoolingEnabled ||
		u.Bindings == nil || !slices.Equal(*u.Bindings, []string{"public"}) {
		t.Errorf("toUpdate() must send every field so that emptied ones are cleared: %+v", u)
	}

	// Bindings left to the API are not sent.
	m.Bindings = types.ListUnknown(types.StringType)
	if c, _ := m.toCreate(ctx); c.Bindings != nil {
		t.Errorf("unknown bindings sent as %v", c.Bindings)
	}
	if u, _ := m.toUpdate(ctx); u.Bindings != nil {
		t.Errorf("unknown bindings sent as %v", *u.Bindings)
	}
}

func TestEndpointDataModelFromAPI(t *testing.T) {
	t.Parallel()
	region, upstream, name := "us", "http://localhost:80", "n"
	port := int64(443)
	m := endpointDataModelFromAPI(&apiclient.Endpoint{
		ID: "ep_1", Type: "ephemeral", URL: "https://a.ngrok.app", Region: &region, UpstreamURL: &upstream, Name: &name,
		Port: &port, Tunnel: &apiclient.Ref{ID: "tn_1", URI: "t"}, Bindings: []string{"public"},
	})
	if m.Region.ValueString() != "us" || m.UpstreamURL.ValueString() != upstream || m.Name.ValueString() != "n" ||
		m.Port.ValueInt64() != 443 || m.Tunnel == nil || m.Tunnel.ID.ValueString() != "tn_1" || len(m.Bindings) != 1 {
		t.Errorf("agent endpoint model = %+v", m)
	}
	if m.Edge != nil || m.Domain != nil || !m.TrafficPolicy.IsNull() || !m.UpstreamProtocol.IsNull() || !m.Scheme.IsNull() || !m.Host.IsNull() {
		t.Errorf("properties the API omitted must be null: %+v", m)
	}
}

func TestEndpointsAPIFilter(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		m    endpointsDataSourceModel
		want string
	}{
		{endpointsDataSourceModel{}, ""},
		{endpointsDataSourceModel{Filter: types.StringValue(" obj.name == 'a' || true ")}, "(obj.name == 'a' || true)"},
		{endpointsDataSourceModel{Type: types.StringValue("cloud"), URL: newEndpointURLValue("HTTPS://App.example.com:443")},
			`obj.type == "cloud" && (obj.url == "https://app.example.com" || obj.type == "edge")`},
		{endpointsDataSourceModel{Filter: types.StringValue(`"public" in obj.bindings`), Type: types.StringValue("edge")},
			`("public" in obj.bindings) && obj.type == "edge"`},
	} {
		got, err := tc.m.apiFilter()
		if err != nil || got != tc.want {
			t.Errorf("apiFilter(%+v) = %q, %v; want %q", tc.m, got, err, tc.want)
		}
	}
	if _, err := (endpointsDataSourceModel{URL: newEndpointURLValue("ftp://x")}).apiFilter(); err == nil {
		t.Error("an invalid url must be an error")
	}
}

func TestCELString(t *testing.T) {
	t.Parallel()
	if got := celString("a\"b\\c\n"); got != `"a\"b\\c\n"` {
		t.Errorf("celString = %s", got)
	}
}

// sameSettings sees a change of every attribute but those the server sets.
func TestCloudEndpointSameSettings(t *testing.T) {
	t.Parallel()
	checkComparesEveryAttribute(t, NewCloudEndpointResource(), cloudEndpointModel.sameSettings, map[string]string{
		"id":         "set by the server",
		"uri":        "set by the server",
		"created_at": "set by the server",
		"updated_at": "set by the server; what ModifyPlan keeps when nothing else changes",
		"proto":      "derived from url by the server",
		"hostport":   "derived from url by the server",
		"public_url": "derived from url by the server",
		"domain_id":  "set by the server; what ModifyPlan keeps when nothing else changes",
	})
}
