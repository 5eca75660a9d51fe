package apiclient

import (
	"context"
	"net/http/httptest"
	"testing"

	"github.com/tfedge/terraform-provider-ngrok/internal/mockserver"
)

// BenchmarkListAuthorities measures following pages through the whole
// client stack against an in-process mock over real HTTP.
func BenchmarkListAuthorities(b *testing.B) {
	srv := httptest.NewServer(mockserver.New())
	b.Cleanup(srv.Close)
	c, err := New(WithBaseURL(srv.URL), WithAPIKey(mockserver.DefaultAPIKey))
	if err != nil {
		b.Fatal(err)
	}
	ctx := context.Background()
	for range 500 {
		if _, err := c.CreateSSHCertificateAuthority(ctx, &SSHCertificateAuthorityCreate{}); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportAllocs()
	for b.Loop() {
		n := 0
		for _, err := range c.ListSSHCertificateAuthorities(ctx, &ListOptions{Limit: 100}) {
			if err != nil {
				b.Fatal(err)
			}
			n++
		}
		if n != 500 {
			b.Fatalf("listed %d, want 500", n)
		}
	}
}

func BenchmarkGetAuthority(b *testing.B) {
	srv := httptest.NewServer(mockserver.New())
	b.Cleanup(srv.Close)
	c, err := New(WithBaseURL(srv.URL), WithAPIKey(mockserver.DefaultAPIKey))
	if err != nil {
		b.Fatal(err)
	}
	ctx := context.Background()
	ca, err := c.CreateSSHCertificateAuthority(ctx, &SSHCertificateAuthorityCreate{})
	if err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	for b.Loop() {
		if _, err := c.GetSSHCertificateAuthority(ctx, ca.ID); err != nil {
			b.Fatal(err)
		}
	}
}
