package provider

import (
	"strings"
	"testing"

	"github.com/tfedge/terraform-provider-ngrok/internal/apiclient"
)

func TestTunnelGroupBackendModel(t *testing.T) {
	t.Parallel()
	m, _ := tunnelGroupBackendModelFromAPI(&apiclient.TunnelGroupBackend{ID: "bkdtg_1", Labels: map[string]string{"app": "web"},
		Tunnels: []apiclient.Ref{{ID: "tn_1", URI: "u"}}})
	if c := m.toCreate(); c.Labels["app"] != "web" {
		t.Errorf("create %+v", c)
	}
	if u := m.toUpdate(); u.Labels == nil || (*u.Labels)["app"] != "web" {
		t.Errorf("update %+v", u)
	}
	if len(m.Tunnels.Elements()) != 1 {
		t.Errorf("tunnels %v", m.Tunnels)
	}
	// NOTE: no labels is an empty map in an update, which clears them.
	m, _ = tunnelGroupBackendModelFromAPI(&apiclient.TunnelGroupBackend{ID: "bkdtg_1"})
	if u := m.toUpdate(); u.Labels == nil || len(*u.Labels) != 0 {
		t.Errorf("update without labels %+v", u)
	}
}

func TestAccTunnelGroupBackend_invalidConfig(t *testing.T) {
	t.Parallel()
	for name, tc := range map[string]struct{ body, want string }{
		"label with =":         {`labels = { "a=b" = "c" }`, `(?s)labels.*must\s+not\s+contain\s+'='`},
		"empty label value":    {`labels = { a = "" }`, `(?s)labels.*length\s+must\s+be\s+at\s+least\s+1`},
		"description too long": {`description = "` + strings.Repeat("d", 256) + `"`, `(?s)description.*at\s+most\s+255`},
	} {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			mock := newTestMock(t)
			testAccExpectPlanError(t, mock.config("resource \"ngrok_tunnel_group_backend\" \"test\" {\n"+tc.body+"\n}\n"), tc.want)
		})
	}
}
