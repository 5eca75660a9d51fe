package mockserver

import (
	"net/http"
	"testing"
)

// A preflight is answered as ngrok's docs describe (docs api/index.mdx,
// section CORS), without a version header or a key: a browser sends
// neither on a preflight.
func TestCORSPreflight(t *testing.T) {
	t.Parallel()
	const origin = "https://app.example.com"
	w := do(t, New(), http.MethodOptions, "/ssh_certificate_authorities/sshca_2RfSBcv0nsy71XCHWOegjx1OoKh", "",
		withHeader("Authorization", ""), withHeader("Ngrok-Version", ""),
		withHeader("Origin", origin), withHeader("Access-Control-Request-Method", "PATCH"),
		func(r *http.Request) {
			r.Header.Add("Access-Control-Request-Headers", "authorization, ngrok-version")
			r.Header.Add("Access-Control-Request-Headers", "content-type")
		})
	wantStatus(t, w, http.StatusNoContent)
	for name, want := range map[string]string{
		"Access-Control-Allow-Origin":      origin,
		"Access-Control-Allow-Credentials": "true",
		"Access-Control-Allow-Methods":     "GET, PATCH, DELETE",
		"Access-Control-Allow-Headers":     "authorization, ngrok-version, content-type",
		"Access-Control-Max-Age":           "600",
		"Vary":                             "Origin",
	} {
		if got := w.Header().Get(name); got != want {
			t.Errorf("%s = %q, want %q", name, got, want)
		}
	}
	if w.Body.Len() != 0 {
		t.Errorf("body %q, want none", w.Body)
	}
	if !opIDPattern.MatchString(w.Header().Get(headerOperationID)) {
		t.Errorf("%s = %q, want an operation ID", headerOperationID, w.Header().Get(headerOperationID))
	}
}

// Every answer to a request with an Origin carries the CORS headers, an
// error's too, so that a browser lets the page read it; an answer to a
// request without one carries none.
func TestCORSHeadersOnAnswers(t *testing.T) {
	t.Parallel()
	const origin = "https://app.example.com"
	withOrigin := withHeader("Origin", origin)
	for name, tc := range map[string]struct {
		method, target string
		edits          []func(*http.Request)
		status         int
	}{
		"a list":            {http.MethodGet, "/ssh_certificate_authorities", []func(*http.Request){withOrigin}, http.StatusOK},
		"a create":          {http.MethodPost, "/ssh_certificate_authorities", []func(*http.Request){withOrigin}, http.StatusCreated},
		"an unknown key":    {http.MethodGet, "/ssh_certificate_authorities", []func(*http.Request){withOrigin, withHeader("Authorization", "Bearer x")}, http.StatusForbidden},
		"an unknown route":  {http.MethodGet, "/nowhere", []func(*http.Request){withOrigin}, http.StatusNotFound},
		"an unknown object": {http.MethodGet, "/ssh_certificate_authorities/sshca_2RfSBcv0nsy71XCHWOegjx1OoKh", []func(*http.Request){withOrigin}, http.StatusNotFound},
	} {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			w := do(t, New(), tc.method, tc.target, "", tc.edits...)
			wantStatus(t, w, tc.status)
			if got := w.Header().Get("Access-Control-Allow-Origin"); got != origin {
				t.Errorf("Access-Control-Allow-Origin = %q, want %q", got, origin)
			}
			if got := w.Header().Get("Access-Control-Allow-Credentials"); got != "true" {
				t.Errorf("Access-Control-Allow-Credentials = %q, want true", got)
			}
		})
	}
	w := do(t, New(), http.MethodGet, "/ssh_certificate_authorities", "")
	wantStatus(t, w, http.StatusOK)
	for _, name := range []string{"Access-Control-Allow-Origin", "Access-Control-Allow-Credentials", "Vary"} {
		if got := w.Header().Values(name); len(got) != 0 {
			t.Errorf("without Origin, %s = %q, want none", name, got)
		}
	}
}

// An OPTIONS without the preflight's headers, or on the control API, is
// not a preflight.
func TestNotAPreflight(t *testing.T) {
	t.Parallel()
	const one = "/ssh_certificate_authorities/sshca_2RfSBcv0nsy71XCHWOegjx1OoKh"
	wantRouteNotFound(t, do(t, New(), http.MethodOptions, one, "", withHeader("Origin", "https://app.example.com")), one)
	wantRouteNotFound(t, do(t, New(), http.MethodOptions, one, "", withHeader("Access-Control-Request-Method", "GET")), one)
	w := do(t, New(), http.MethodOptions, "/_mock/journal", "",
		withHeader("Origin", "https://app.example.com"), withHeader("Access-Control-Request-Method", "GET"))
	wantStatus(t, w, http.StatusMethodNotAllowed)
}
