package mockserver

import (
	"fmt"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
)

// Benchmarks of the mock server's hot paths, for `make bench`. They measure;
// they assert nothing about time.

func benchRequest(b *testing.B, s http.Handler, method, target, body string) *httptest.ResponseRecorder {
	b.Helper()
	var r *http.Request
	if body == "" {
		r = httptest.NewRequestWithContext(b.Context(), method, target, nil)
	} else {
		r = httptest.NewRequestWithContext(b.Context(), method, target, strings.NewReader(body))
		r.Header.Set("Content-Type", "application/json")
	}
	r.Header.Set("Ngrok-Version", "2")
	r.Header.Set("Authorization", "Bearer "+DefaultAPIKey)
	w := httptest.NewRecorder()
	s.ServeHTTP(w, r)
	return w
}

func seedAuthorities(b *testing.B, s *Server, n int) {
	b.Helper()
	for i := range n {
		w := benchRequest(b, s, http.MethodPost, "/ssh_certificate_authorities", fmt.Sprintf(`{"description":"ca %d"}`, i))
		if w.Code != http.StatusCreated {
			b.Fatalf("seed: %d %s", w.Code, w.Body)
		}
	}
}

func BenchmarkGetAuthority(b *testing.B) {
	s := New()
	seedAuthorities(b, s, 1)
	page := benchRequest(b, s, http.MethodGet, "/ssh_certificate_authorities", "").Body.String()
	id := page[strings.Index(page, "sshca_") : strings.Index(page, "sshca_")+33]
	b.ReportAllocs()
	for b.Loop() {
		if w := benchRequest(b, s, http.MethodGet, "/ssh_certificate_authorities/"+id, ""); w.Code != http.StatusOK {
			b.Fatal(w.Code)
		}
	}
}

func BenchmarkListPageOf100(b *testing.B) {
	for _, n := range []int{100, 1000} {
		b.Run(fmt.Sprintf("of_%d", n), func(b *testing.B) {
			s := New()
			seedAuthorities(b, s, n)
			b.ReportAllocs()
			for b.Loop() {
				if w := benchRequest(b, s, http.MethodGet, "/ssh_certificate_authorities", ""); w.Code != http.StatusOK {
					b.Fatal(w.Code)
				}
			}
		})
	}
}

func BenchmarkListFiltered(b *testing.B) {
	s := New()
	seedAuthorities(b, s, 1000)
	target := "/ssh_certificate_authorities?filter=" + strings.ReplaceAll(`obj.description.startsWith("ca 99")`, " ", "%20")
	b.ReportAllocs()
	for b.Loop() {
		if w := benchRequest(b, s, http.MethodGet, target, ""); w.Code != http.StatusOK {
			b.Fatal(w.Code, w.Body)
		}
	}
}

func BenchmarkParseFilter(b *testing.B) {
	b.ReportAllocs()
	for b.Loop() {
		if _, err := parseFilter(`obj.type == "cloud" && (obj.metadata.contains("team") || "public" in obj.bindings)`); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkCreateAuthorityEd25519(b *testing.B) {
	s := New()
	b.ReportAllocs()
	for b.Loop() {
		if w := benchRequest(b, s, http.MethodPost, "/ssh_certificate_authorities", `{}`); w.Code != http.StatusCreated {
			b.Fatal(w.Code)
		}
	}
}
