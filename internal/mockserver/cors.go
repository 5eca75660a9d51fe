package mockserver

import (
	"net/http"
	"strings"
)

// CORS as ngrok's docs describe the API's (docs api/index.mdx, section
// CORS): every answer to a request with an Origin names that origin and
// allows credentials, and a preflight is answered with the methods of the
// path, the headers asked for, and a cache time of 10 minutes.

// corsMaxAge is how long a browser may keep a preflight's answer, in
// seconds ("up to 10 minutes" [real: docs api/index.mdx]).
const corsMaxAge = "600"

// allowOrigin adds the headers of an answer to a cross-origin request.
func allowOrigin(h http.Header, origin string) {
	h["Access-Control-Allow-Origin"] = []string{origin}
	h["Access-Control-Allow-Credentials"] = []string{"true"}
	// NOTE: the answer depends on Origin, so a shared cache must key on it
	// [ours: RFC 9110's rule, not in ngrok's docs].
	h.Add("Vary", "Origin")
}

// isPreflight reports whether r is a CORS preflight as the API identifies
// one: OPTIONS with Origin and Access-Control-Request-Method.
func isPreflight(r *http.Request) bool {
	return r.Method == http.MethodOptions && firstValue(r.Header, "Origin") != "" &&
		firstValue(r.Header, "Access-Control-Request-Method") != ""
}

// servePreflight answers a preflight on a path served with methods
// (allowOrigin has added the origin's headers). It needs no version header
// and no key: a browser sends neither on a preflight.
func servePreflight(w http.ResponseWriter, r *http.Request, methods []string) {
	h := w.Header()
	h["Access-Control-Allow-Methods"] = []string{strings.Join(methods, ", ")}
	if asked := r.Header.Values("Access-Control-Request-Headers"); len(asked) > 0 {
		h["Access-Control-Allow-Headers"] = []string{strings.Join(asked, ", ")}
	}
	h["Access-Control-Max-Age"] = []string{corsMaxAge}
	// NOTE: the status is not documented; 204, as the answer has no body
	// [ours].
	w.WriteHeader(http.StatusNoContent)
}
