package provider

import (
	"testing"

	"github.com/tfedge/terraform-provider-ngrok/internal/apiclient"
)

func TestWeightedBackendModel(t *testing.T) {
	t.Parallel()
	m, _ := weightedBackendModelFromAPI(&apiclient.WeightedBackend{ID: "bkdwd_1", Backends: map[string]int64{"bkdhr_1": 3}})
	if c := m.toCreate(); c.Backends["bkdhr_1"] != 3 {
		t.Errorf("create %+v", c)
	}
	m, _ = weightedBackendModelFromAPI(&apiclient.WeightedBackend{ID: "bkdwd_1"})
	if u := m.toUpdate(); u.Backends == nil || len(*u.Backends) != 0 {
		t.Errorf("update without backends %+v", u)
	}
}

func TestAccWeightedBackend_invalidConfig(t *testing.T) {
	t.Parallel()
	for name, tc := range map[string]struct{ body, want string }{
		"weight too high": {`backends = { "bkdhr_2hHGVyb5ZT6WQm1uXnLfNc8Ykam" = 10001 }`, `(?s)backends.*between\s+0\s+and\s+10000`},
		"weight negative": {`backends = { "bkdhr_2hHGVyb5ZT6WQm1uXnLfNc8Ykam" = -1 }`, `(?s)backends.*between\s+0\s+and\s+10000`},
		"not a backend":   {`backends = { "ipp_2hHGVyb5ZT6WQm1uXnLfNc8Ykam" = 1 }`, `(?s)backends.*must\s+be\s+the\s+ID\s+of\s+a\s+backend`},
	} {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			mock := newTestMock(t)
			testAccExpectPlanError(t, mock.config("resource \"ngrok_weighted_backend\" \"test\" {\n"+tc.body+"\n}\n"), tc.want)
		})
	}
}
