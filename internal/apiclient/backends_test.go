package apiclient

import (
	"context"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/tfedge/terraform-provider-ngrok/internal/mockserver"
	"github.com/tfedge/terraform-provider-ngrok/internal/specvalidate"
)

// newWritableEdgesClient is a client of a mock whose edges and backends are
// writable, as for an account that kept edge write access.
func newWritableEdgesClient(t *testing.T) *Client {
	t.Helper()
	m := mockserver.New(mockserver.WithAPIKeys(mockKey), mockserver.WithPageSize(1))
	m.SetEdgesWritable(true)
	srv := httptest.NewServer(specvalidate.Handler(t, m))
	t.Cleanup(srv.Close)
	c, err := New(WithBaseURL(srv.URL), WithAPIKey(mockKey), WithRetryPolicy(RetryPolicy{}))
	if err != nil {
		t.Fatal(err)
	}
	return c
}

// The five backends against the mock, whose wire structs are its own:
// created, read, listed across pages, updated (a map or list cleared by an
// empty one) and deleted.
func TestMockBackendsCRUD(t *testing.T) {
	t.Parallel()
	c := newWritableEdgesClient(t)
	ctx := context.Background()

	tg, err := TunnelGroupBackends.Create(ctx, c, &TunnelGroupBackendCreate{Labels: map[string]string{"app": "web"}})
	if err != nil || !strings.HasPrefix(tg.ID, "bkdtg_") || tg.Labels["app"] != "web" || tg.URI != c.BaseURL()+"/backends/tunnel_group/"+tg.ID {
		t.Fatalf("tunnel group create = %+v, %v", tg, err)
	}
	status := int64(http.StatusTeapot)
	hr, err := HTTPResponseBackends.Create(ctx, c, &HTTPResponseBackendCreate{Body: "teapot", StatusCode: &status, Headers: map[string]string{"X-A": "b"}})
	if err != nil || hr.StatusCode != http.StatusTeapot || hr.Headers["x-a"] != "b" {
		t.Fatalf("http response create = %+v, %v", hr, err)
	}
	st, err := StaticBackends.Create(ctx, c, &StaticBackendCreate{Address: "example.com:443", TLS: &StaticBackendTLS{Enabled: true}})
	if err != nil || !st.TLS.Enabled || st.Address != "example.com:443" {
		t.Fatalf("static create = %+v, %v", st, err)
	}
	fo, err := FailoverBackends.Create(ctx, c, &FailoverBackendCreate{Backends: []string{hr.ID, st.ID}})
	if err != nil || len(fo.Backends) != 2 || fo.Backends[0] != hr.ID {
		t.Fatalf("failover create = %+v, %v", fo, err)
	}
	wd, err := WeightedBackends.Create(ctx, c, &WeightedBackendCreate{Backends: map[string]int64{tg.ID: 3, fo.ID: 1}})
	if err != nil || wd.Backends[tg.ID] != 3 {
		t.Fatalf("weighted create = %+v, %v", wd, err)
	}
	if _, err := HTTPResponseBackends.Create(ctx, c, &HTTPResponseBackendCreate{}); err != nil {
		t.Fatal(err)
	}
	var listed []string
	for b, err := range HTTPResponseBackends.List(ctx, c, nil) {
		if err != nil {
			t.Fatal(err)
		}
		listed = append(listed, b.ID)
	}
	if len(listed) != 2 || listed[1] != hr.ID {
		t.Errorf("listed %v, want two, %s last", listed, hr.ID)
	}

	empty := map[string]int64{}
	if u, err := WeightedBackends.Update(ctx, c, wd.ID, &WeightedBackendUpdate{Backends: &empty}); err != nil || len(u.Backends) != 0 {
		t.Errorf("weighted update = %+v, %v", u, err)
	}
	one := []string{st.ID}
	if u, err := FailoverBackends.Update(ctx, c, fo.ID, &FailoverBackendUpdate{Backends: &one}); err != nil || len(u.Backends) != 1 {
		t.Errorf("failover update = %+v, %v", u, err)
	}
	noLabels := map[string]string{}
	desc := "d"
	if u, err := TunnelGroupBackends.Update(ctx, c, tg.ID, &TunnelGroupBackendUpdate{Labels: &noLabels, Description: &desc}); err != nil || len(u.Labels) != 0 || u.Description != "d" {
		t.Errorf("tunnel group update = %+v, %v", u, err)
	}
	addr := "example.net:8443"
	if u, err := StaticBackends.Update(ctx, c, st.ID, &StaticBackendUpdate{Address: &addr}); err != nil || u.Address != addr || !u.TLS.Enabled {
		t.Errorf("static update = %+v, %v", u, err)
	}
	body := ""
	if u, err := HTTPResponseBackends.Update(ctx, c, hr.ID, &HTTPResponseBackendUpdate{Body: &body}); err != nil || u.Body != "" || u.StatusCode != http.StatusTeapot {
		t.Errorf("http response update = %+v, %v", u, err)
	}
	if err := StaticBackends.Delete(ctx, c, st.ID); err == nil {
		t.Error("deleting a backend a failover backend names succeeded")
	}
	for _, del := range []func() error{
		func() error { return WeightedBackends.Delete(ctx, c, wd.ID) },
		func() error { return FailoverBackends.Delete(ctx, c, fo.ID) },
		func() error { return StaticBackends.Delete(ctx, c, st.ID) },
		func() error { return TunnelGroupBackends.Delete(ctx, c, tg.ID) },
	} {
		if err := del(); err != nil {
			t.Error(err)
		}
	}
	if _, err := TunnelGroupBackends.Get(ctx, c, tg.ID); !IsNotFound(err) {
		t.Errorf("get after delete: %v", err)
	}
}
