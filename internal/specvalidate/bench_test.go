package specvalidate

import (
	"fmt"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/tfedge/terraform-provider-ngrok/internal/mockserver"
)

// What validation costs the test suite: the same requests to the mock
// without validation (the floor) and through a Handler. Compare the two
// sub-benchmarks' ns/op as a ratio; nothing asserts time.
func BenchmarkHandler(b *testing.B) {
	mock := mockserver.New(mockserver.WithAPIKeys(key))
	for i := range 100 {
		w := benchServe(b, mock, http.MethodPost, "/ssh_certificate_authorities", fmt.Sprintf(`{"description":"ca %d","private_key_type":"ed25519"}`, i))
		if w.Code != http.StatusCreated {
			b.Fatalf("seed: %d %s", w.Code, w.Body)
		}
	}
	validated := Handler(b, mock)
	for _, req := range []struct{ name, method, target, body string }{
		{"list100", http.MethodGet, "/ssh_certificate_authorities?limit=100", ""},
		{"create", http.MethodPost, "/ssh_certificate_authorities", `{"description":"x","private_key_type":"ed25519"}`},
	} {
		for _, h := range []struct {
			name string
			h    http.Handler
		}{{"floor", mock}, {"validated", validated}} {
			b.Run(req.name+"/"+h.name, func(b *testing.B) {
				b.ReportAllocs()
				for b.Loop() {
					if w := benchServe(b, h.h, req.method, req.target, req.body); w.Code >= 300 {
						b.Fatalf("%d %s", w.Code, w.Body)
					}
				}
			})
		}
	}
}

func benchServe(b *testing.B, h http.Handler, method, target, body string) *httptest.ResponseRecorder {
	b.Helper()
	r := httptest.NewRequestWithContext(b.Context(), method, target, strings.NewReader(body))
	if body != "" {
		r.Header.Set("Content-Type", "application/json")
	}
	r.Header.Set("Ngrok-Version", "2")
	r.Header.Set("Authorization", "Bearer "+key)
	w := httptest.NewRecorder()
	h.ServeHTTP(w, r)
	return w
}
