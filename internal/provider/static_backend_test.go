package provider

import (
	"testing"

	"github.com/tfedge/terraform-provider-ngrok/internal/apiclient"
)

func TestStaticBackendModel(t *testing.T) {
	t.Parallel()
	m, _ := staticBackendModelFromAPI(&apiclient.StaticBackend{ID: "bkdsc_1", Address: "example.com:443", TLS: apiclient.StaticBackendTLS{Enabled: true}})
	if c := m.toCreate(); c.Address != "example.com:443" || c.TLS == nil || !c.TLS.Enabled {
		t.Errorf("create %+v", c)
	}
	if u := m.toUpdate(); *u.Address != "example.com:443" || !u.TLS.Enabled {
		t.Errorf("update %+v", u)
	}
}

func TestAccStaticBackend_invalidConfig(t *testing.T) {
	t.Parallel()
	for name, tc := range map[string]struct{ body, want string }{
		"no port":       {`address = "example.com"`, `(?s)Invalid Address.*not\s+host:port`},
		"no host":       {`address = ":443"`, `(?s)Invalid Address.*has\s+no\s+host`},
		"port too high": {`address = "example.com:65536"`, `(?s)Invalid Address.*from\s+1\s+to\s+65535`},
		"no address":    {``, `(?s)address.*is\s+required`},
	} {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			mock := newTestMock(t)
			testAccExpectPlanError(t, mock.config("resource \"ngrok_static_backend\" \"test\" {\n"+tc.body+"\n}\n"), tc.want)
		})
	}
}
