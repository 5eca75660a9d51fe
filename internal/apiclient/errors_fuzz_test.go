package apiclient

import (
	"encoding/json"
	"net/http"
	"strconv"
	"strings"
	"testing"
	"unicode/utf8"
)

// FuzzAPIError checks the reading of an error answer: any status, any
// Ngrok-Operation-Id header and any body give an error that names the
// request and the status, carries the API's code and message when the body
// has them (else an excerpt of at most 512 bytes, or says the body was
// empty), is UTF-8 (Terraform's diagnostics are carried as protobuf
// strings) and never holds the API key, wherever the server echoed it.
// Seeds: the bodies of the client's error tests, ngrok's error shape, a
// proxy's HTML page, and the key echoed.
func FuzzAPIError(f *testing.F) {
	for _, b := range []string{
		`{"error_code":"ERR_NGROK_1936","status_code":400,"msg":"The private key type 'dsa' is not supported.\n","details":{"operation_id":"op_2RfSBcv0nsy71XCHWOegjx1OoKh","field":"private_key_type"},"extra":1}`,
		`{"status_code":404,"msg":"Not found","details":{"operation_id":"op_x"}}`,
		`{"error_code":"ERR_NGROK_1","msg":"key ` + testKey + ` refused","details":{"n":1,"echo":"` + testKey + `"}}`,
		"<html><body><h1>502 Bad Gateway</h1></body></html>\n", "", "   \n", `{"error_code":7}`, `{"msg":null}`,
		strings.Repeat("é", 300), "Bearer " + testKey, "caf\xe9 \xff",
	} {
		f.Add(uint16(400), "op_2RfSBcv0nsy71XCHWOegjx1OoKh", []byte(b))
		f.Add(uint16(502), "", []byte(b))
	}
	c, err := New(WithBaseURL("https://api.example.com"), WithAPIKey(testKey))
	if err != nil {
		f.Fatal(err)
	}
	f.Fuzz(func(t *testing.T, status uint16, opID string, body []byte) {
		st := 400 + int(status)%200
		e := c.parseAPIError(http.MethodGet, "/reserved_domains/rd_1", &attemptResult{
			status: st, header: http.Header{"Ngrok-Operation-Id": {opID}}, body: body,
		})
		msg := e.Error()
		if !strings.HasPrefix(msg, "ngrok API: GET /reserved_domains/rd_1: "+strconv.Itoa(st)) {
			t.Fatalf("%q: the error %q does not name the request and status", body, msg)
		}
		for name, s := range map[string]string{"Error()": msg, "code": e.ErrorCode, "msg": e.Msg, "body": e.Body, "operation": e.OperationID} {
			if !utf8.ValidString(s) {
				t.Fatalf("%q: %s is not UTF-8: %q", body, name, s)
			}
			if strings.Contains(s, testKey) {
				t.Fatalf("%q: %s holds the API key: %q", body, name, s)
			}
		}
		for k, v := range e.Details {
			if !utf8.ValidString(k) || !utf8.ValidString(v) || strings.Contains(k+v, testKey) {
				t.Fatalf("%q: the detail %q = %q is not UTF-8 or holds the API key", body, k, v)
			}
		}
		if len(e.Body) > maxBodyExcerpt {
			t.Fatalf("%q: an excerpt of %d bytes", body, len(e.Body))
		}
		var shape struct {
			ErrorCode *string `json:"error_code"`
			Msg       *string `json:"msg"`
		}
		if json.Unmarshal(body, &shape) == nil && shape.ErrorCode != nil && *shape.ErrorCode != "" && !strings.Contains(*shape.ErrorCode, testKey) {
			if e.ErrorCode != *shape.ErrorCode || !strings.Contains(msg, *shape.ErrorCode) {
				t.Fatalf("%q: the API's code %q is not in the error %q", body, *shape.ErrorCode, msg)
			}
		}
		if e.ErrorCode == "" && e.Msg == "" && !strings.Contains(msg, "unexpected response body: ") && !strings.HasSuffix(strings.TrimSuffix(msg, " (operation "+e.OperationID+")"), ": empty response body") {
			t.Fatalf("%q: the error %q says nothing of the answer", body, msg)
		}
		// NOTE: a 404 is either a missing object or a path the API does not
		// serve, never both.
		notFound, routeNotFound := IsNotFound(e), IsRouteNotFound(e)
		if (notFound || routeNotFound) != (st == http.StatusNotFound) || (notFound && routeNotFound) || IsConflict(e) != (st == http.StatusConflict) {
			t.Fatalf("status %d: IsNotFound %v, IsRouteNotFound %v, IsConflict %v", st, notFound, routeNotFound, IsConflict(e))
		}
	})
}
