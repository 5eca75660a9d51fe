package apiclient

import (
	"context"
	"net"
	"net/http"
	"strings"
	"testing"
)

func TestRedactURL(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct{ in, want string }{
		{"https://api.ngrok.com", "https://api.ngrok.com"},
		{"http://127.0.0.1:8080/api/v2", "http://127.0.0.1:8080/api/v2"},
		{"rd_2x9AbC", "rd_2x9AbC"},
		{"", ""},
		// NOTE: issue 19 item 8, as reported: only http(s) user information was redacted.
		{"ftp://user:s3cretpw@127.0.0.1/", "ftp://REDACTED@127.0.0.1/"},
		{"https://user:s3cretpw@api.ngrok.com", "https://REDACTED@api.ngrok.com"},
		{"https://s3cretpw@api.ngrok.com/x", "https://REDACTED@api.ngrok.com/x"},
		{"https://api.ngrok.com/?token=s3cretpw", "https://api.ngrok.com/?REDACTED"},
		{"https://api.ngrok.com?", "https://api.ngrok.com?REDACTED"},
		{"https://api.ngrok.com/#access_token=s3cretpw", "https://api.ngrok.com/#REDACTED"},
		{"https://u:s3cretpw@api.ngrok.com/p?sig=s3cretpw#s3cretpw", "https://REDACTED@api.ngrok.com/p?REDACTED"},
		// A password may hold "@": the authority ends at the last one.
		{"https://u:s3c@retpw@api.ngrok.com/", "https://REDACTED@api.ngrok.com/"},
		// An "@" in the query is not user information.
		{"https://api.ngrok.com/?owner=a@b", "https://api.ngrok.com/?REDACTED"},
		// Text that does not parse, or has no "//", still loses what may be a password.
		{"https://u:s3cretpw@api.ngrok.com:x", "https://REDACTED@api.ngrok.com:x"},
		{"https://u:s3cr%zzetpw@api.ngrok.com", "https://REDACTED@api.ngrok.com"},
		{"user:s3cretpw@api.ngrok.com", "REDACTED@api.ngrok.com"},
		{"http:/user:s3cretpw@api.ngrok.com", "REDACTED@api.ngrok.com"},
		{`http:\\user:s3cretpw@api.ngrok.com`, "REDACTED@api.ngrok.com"},
		{"\x00ftp://u:s3cretpw\n@h/", "\x00ftp://REDACTED@h/"},
	} {
		got := RedactURL(tc.in)
		if got != tc.want {
			t.Errorf("RedactURL(%q) = %q, want %q", tc.in, got, tc.want)
		}
		if strings.Contains(got, "s3c") {
			t.Errorf("RedactURL(%q) = %q keeps the secret", tc.in, got)
		}
	}
}

// A transport error quotes the request URL; its query (here a list's
// filter) must not reach the error, nor the request log.
func TestTransportErrorQuotesNoQuery(t *testing.T) {
	t.Parallel()
	hc := &http.Client{Transport: &http.Transport{
		DialContext: func(context.Context, string, string) (net.Conn, error) {
			return nil, &net.OpError{Op: "dial", Net: "tcp", Err: errRefusedForTest}
		},
	}}
	var logged []string
	c, _ := newTestClient(t, "http://api.invalid", WithHTTPClient(hc), WithRetryPolicy(RetryPolicy{MaxRetries: 0}),
		WithRequestLogger(func(_ context.Context, e RequestLog) {
			if e.Err != nil {
				logged = append(logged, e.Err.Error())
			}
		}))
	var err error
	for _, e := range c.ListReservedDomains(t.Context(), &ListOptions{Filter: `obj.domain == "s3cret.example.com"`}) {
		err = e
	}
	if err == nil || !strings.Contains(err.Error(), `"http://api.invalid/reserved_domains?REDACTED"`) {
		t.Errorf("err = %v, want the URL quoted without its query", err)
	}
	if len(logged) != 1 || strings.Contains(logged[0], "s3cret") || strings.Contains(err.Error(), "s3cret") {
		t.Errorf("the query leaked: err %v, logged %q", err, logged)
	}
}

var errRefusedForTest = &net.AddrError{Err: "refused by the test", Addr: "api.invalid"}
