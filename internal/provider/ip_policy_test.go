package provider

import (
	"testing"

	"github.com/tfedge/terraform-provider-ngrok/internal/apiclient"
)

func TestIPPolicyModel(t *testing.T) {
	t.Parallel()
	m, _ := ipPolicyModelFromAPI(&apiclient.IPPolicy{ID: "ipp_1", URI: "u", CreatedAt: "t", Description: "d", Metadata: ""})
	if c := m.toCreate(); *c != (apiclient.IPPolicyCreate{Description: "d"}) {
		t.Errorf("create %+v", c)
	}
	if u := m.toUpdate(); *u.Description != "d" || *u.Metadata != "" {
		t.Errorf("update %+v", u)
	}
}
