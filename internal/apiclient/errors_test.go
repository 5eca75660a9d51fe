package apiclient

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/tfedge/terraform-provider-ngrok/internal/mockserver"
)

// errorFor answers one request with status, headers and raw body, and returns
// the client's error.
func errorFor(t *testing.T, method string, status int, opID, body string) error {
	t.Helper()
	srv := newServer(t, func(w http.ResponseWriter, r *http.Request) {
		if opID != "" {
			w.Header().Set("Ngrok-Operation-Id", opID)
		}
		w.WriteHeader(status)
		_, _ = io.WriteString(w, body)
	})
	c, _ := newTestClient(t, srv.URL, WithRetryPolicy(RetryPolicy{}))
	ctx := context.Background()
	var err error
	switch method {
	case http.MethodPost:
		_, err = c.CreateSSHCertificateAuthority(ctx, &SSHCertificateAuthorityCreate{PrivateKeyType: "dsa"})
	case http.MethodDelete:
		err = c.DeleteSSHCertificateAuthority(ctx, "sshca_1")
	default:
		_, err = c.GetSSHCertificateAuthority(ctx, "sshca_1")
	}
	if err == nil {
		t.Fatal("want an error")
	}
	return err
}

func TestAPIErrorFullBody(t *testing.T) {
	t.Parallel()
	err := errorFor(t, http.MethodPost, 400, "op_header",
		`{"error_code":"ERR_NGROK_1936","status_code":400,"msg":"The private key type 'dsa' is not supported.\n","details":{"operation_id":"op_2RfSBcv0nsy71XCHWOegjx1OoKh","field":"private_key_type"},"extra":1}`)
	var e *APIError
	if !errors.As(err, &e) {
		t.Fatalf("err = %T %v", err, err)
	}
	want := &APIError{
		StatusCode: 400, ErrorCode: "ERR_NGROK_1936", Msg: "The private key type 'dsa' is not supported.\n",
		OperationID: "op_2RfSBcv0nsy71XCHWOegjx1OoKh", Method: "POST", Path: "/ssh_certificate_authorities",
		Details: map[string]string{"operation_id": "op_2RfSBcv0nsy71XCHWOegjx1OoKh", "field": "private_key_type"},
	}
	if fmt.Sprintf("%+v", e) != fmt.Sprintf("%+v", want) {
		t.Errorf("got  %+v\nwant %+v", e, want)
	}
	wantMsg := "ngrok API: POST /ssh_certificate_authorities: 400 ERR_NGROK_1936: The private key type 'dsa' is not supported. (operation op_2RfSBcv0nsy71XCHWOegjx1OoKh)"
	if e.Error() != wantMsg {
		t.Errorf("Error() = %q\nwant      %q", e.Error(), wantMsg)
	}
	if IsNotFound(err) || IsConflict(err) {
		t.Error("a 400 is neither not-found nor conflict")
	}
}

func TestAPIErrorNotFoundWithoutCode(t *testing.T) {
	t.Parallel()
	err := errorFor(t, http.MethodGet, 404, "op_header", `{"status_code":404,"msg":"Resource not found","details":{"operation_id":"op_body"}}`)
	var e *APIError
	if !errors.As(err, &e) || e.ErrorCode != "" || e.Msg != "Resource not found" || e.OperationID != "op_body" {
		t.Fatalf("err = %+v", err)
	}
	if want := "ngrok API: GET /ssh_certificate_authorities/sshca_1: 404: Resource not found (operation op_body)"; e.Error() != want {
		t.Errorf("Error() = %q", e.Error())
	}
	if !IsNotFound(err) || !IsNotFound(fmt.Errorf("wrapped: %w", err)) {
		t.Error("IsNotFound = false")
	}
	if IsNotFound(errors.New("404")) || IsNotFound(nil) {
		t.Error("IsNotFound true for a non-API error")
	}
}

func TestAPIErrorConflict(t *testing.T) {
	t.Parallel()
	err := errorFor(t, http.MethodPost, 409, "", `{"error_code":"ERR_NGROK_413","status_code":409,"msg":"taken","details":{"operation_id":"op_1"}}`)
	if !IsConflict(err) || IsNotFound(err) {
		t.Errorf("IsConflict(%v) = false", err)
	}
}

func TestAPIErrorUnparseableBody(t *testing.T) {
	t.Parallel()
	html := "<html>\n<head><title>502 Bad Gateway</title></head>\n<body>" + strings.Repeat("é", 400) + "</body></html>"
	err := errorFor(t, http.MethodGet, 502, "op_header", html)
	var e *APIError
	if !errors.As(err, &e) {
		t.Fatalf("err = %T %v", err, err)
	}
	if e.StatusCode != http.StatusBadGateway || e.ErrorCode != "" || e.Msg != "" || e.OperationID != "op_header" {
		t.Errorf("got %+v", e)
	}
	if len(e.Body) > 512 || !utf8.ValidString(e.Body) || !strings.HasPrefix(html, e.Body) || len(e.Body) < 500 {
		t.Errorf("Body excerpt: %d bytes, valid UTF-8 %v", len(e.Body), utf8.ValidString(e.Body))
	}
	msg := e.Error()
	if !strings.HasPrefix(msg, "ngrok API: GET /ssh_certificate_authorities/sshca_1: 502 Bad Gateway: unexpected response body: <html> <head><title>502 Bad Gateway</title>") ||
		!strings.HasSuffix(msg, "(operation op_header)") {
		t.Errorf("Error() = %q", msg)
	}
}

func TestAPIErrorEmptyAndOddBodies(t *testing.T) {
	t.Parallel()
	cases := []struct {
		name, body, wantMsg string
		status              int
	}{
		{"empty", "", "ngrok API: DELETE /ssh_certificate_authorities/sshca_1: 503 Service Unavailable: empty response body", 503},
		{"json without error fields", `{}`, "ngrok API: DELETE /ssh_certificate_authorities/sshca_1: 500 Internal Server Error: unexpected response body: {}", 500},
		{"json array", `[1]`, "ngrok API: DELETE /ssh_certificate_authorities/sshca_1: 500 Internal Server Error: unexpected response body: [1]", 500},
		{"unknown status", "x", "ngrok API: DELETE /ssh_certificate_authorities/sshca_1: 599: unexpected response body: x", 599},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			err := errorFor(t, http.MethodDelete, tc.status, "", tc.body)
			var e *APIError
			if !errors.As(err, &e) || e.StatusCode != tc.status || e.Body != tc.body {
				t.Fatalf("err = %#v", err)
			}
			if e.Error() != tc.wantMsg {
				t.Errorf("Error() = %q\nwant      %q", e.Error(), tc.wantMsg)
			}
		})
	}
}

func TestAPIErrorNonStringDetails(t *testing.T) {
	t.Parallel()
	err := errorFor(t, http.MethodGet, 400, "", `{"error_code":"ERR_NGROK_233","status_code":400,"msg":"bad limit","details":{"operation_id":"op_1","max":100,"obj":{"a":1}}}`)
	var e *APIError
	if !errors.As(err, &e) || e.Details["max"] != "100" || e.Details["obj"] != `{"a":1}` || e.OperationID != "op_1" {
		t.Errorf("err = %#v", err)
	}
}

func TestAPIErrorRedactsKey(t *testing.T) {
	t.Parallel()
	err := errorFor(t, http.MethodGet, 403, "", `{"error_code":"ERR_NGROK_203","status_code":403,"msg":"The key '`+testKey+`' is invalid.","details":{"operation_id":"op_1","key":"`+testKey+`"}}`)
	if strings.Contains(err.Error(), testKey) || strings.Contains(fmt.Sprintf("%+v", err), testKey) {
		t.Errorf("error leaks the API key: %+v", err)
	}
	err = errorFor(t, http.MethodGet, 403, "", `<p>bad key `+testKey+`</p>`)
	if strings.Contains(fmt.Sprintf("%+v", err), testKey) {
		t.Errorf("error leaks the API key: %+v", err)
	}
}

// A 404 for an object the API does not hold is not-found; a 404 for a path
// it does not serve, or one that is not the API's error at all (another
// server at the base URL), says nothing of the object.
func TestAPIErrorRouteNotFound(t *testing.T) {
	t.Parallel()
	cases := []struct {
		name, body  string
		objectGone  bool
		routeIsGone bool
	}{
		{"unknown object", `{"status_code":404,"msg":"Resource not found","details":{"operation_id":"op_1"}}`, true, false},
		{"unknown object with a code", `{"error_code":"ERR_NGROK_5125","status_code":404,"msg":"no such source","details":{"operation_id":"op_1"}}`, true, false},
		{"unknown path", `{"status_code":404,"msg":"Not Found","details":{"operation_id":"op_1","path":"/v2/ssh_certificate_authorities/sshca_1"}}`, false, true},
		{"another server", "<html><body>404 page not found</body></html>", false, true},
		{"empty body", "", false, true},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			err := errorFor(t, http.MethodGet, http.StatusNotFound, "", tc.body)
			if IsNotFound(err) != tc.objectGone || IsRouteNotFound(err) != tc.routeIsGone {
				t.Errorf("IsNotFound = %v, IsRouteNotFound = %v; want %v, %v", IsNotFound(err), IsRouteNotFound(err), tc.objectGone, tc.routeIsGone)
			}
		})
	}
	if IsRouteNotFound(errorFor(t, http.MethodGet, http.StatusBadRequest, "", `{"status_code":400,"msg":"Not Found","details":{"path":"/x"}}`)) {
		t.Error("a 400 is a route's 404")
	}
}

// Against ngrok-mock: an object read under a base URL with a wrong path is
// a route's 404, not the object's.
func TestMockRouteNotFoundIsNotObjectNotFound(t *testing.T) {
	t.Parallel()
	srv := httptest.NewServer(mockserver.New(mockserver.WithAPIKeys(mockKey)))
	t.Cleanup(srv.Close)
	ctx := context.Background()
	right, err := New(WithBaseURL(srv.URL), WithAPIKey(mockKey), WithRetryPolicy(RetryPolicy{}))
	if err != nil {
		t.Fatal(err)
	}
	wrong, err := New(WithBaseURL(srv.URL+"/v2"), WithAPIKey(mockKey), WithRetryPolicy(RetryPolicy{}))
	if err != nil {
		t.Fatal(err)
	}
	p, err := IPPolicies.Create(ctx, right, &IPPolicyCreate{})
	if err != nil {
		t.Fatal(err)
	}
	_, err = IPPolicies.Get(ctx, wrong, p.ID)
	if IsNotFound(err) || !IsRouteNotFound(err) {
		t.Errorf("read under a wrong base URL: %v; want a route's 404", err)
	}
	if err := IPPolicies.Delete(ctx, right, p.ID); err != nil {
		t.Fatal(err)
	}
	_, err = IPPolicies.Get(ctx, right, p.ID)
	if !IsNotFound(err) || IsRouteNotFound(err) {
		t.Errorf("read of a deleted object: %v; want the object's 404", err)
	}
}
