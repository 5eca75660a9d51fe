package mockserver

import (
	"encoding/json"
	"net/http"
	"strings"
	"testing"
)

// createBackend makes edges writable on s, creates a backend of coll from
// body and returns its ID.
func createBackend(t *testing.T, s *Server, coll, body string) string {
	t.Helper()
	s.SetEdgesWritable(true)
	w := do(t, s, http.MethodPost, "/"+coll, body)
	wantStatus(t, w, http.StatusCreated)
	return decodeBody[struct {
		ID string `json:"id"`
	}](t, w).ID
}

func backendAnswer(t *testing.T, s *Server, coll, id string) map[string]any {
	t.Helper()
	w := do(t, s, http.MethodGet, "/"+coll+"/"+id, "")
	wantStatus(t, w, http.StatusOK)
	return decodeBody[map[string]any](t, w)
}

func jsonOf(t *testing.T, v any) string {
	t.Helper()
	b, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// Each backend answers every field, keeps what a PATCH leaves out and
// replaces what it gives.
func TestBackendsCreateUpdate(t *testing.T) {
	t.Parallel()
	s := New()
	hr := createBackend(t, s, collHTTPResponseBackends, `{"body":"teapot","headers":{"Content-Type":"text/plain"},"status_code":418,"description":"d"}`)
	if got := jsonOf(t, backendAnswer(t, s, collHTTPResponseBackends, hr)); !strings.Contains(got, `"headers":{"content-type":"text/plain"}`) ||
		!strings.Contains(got, `"status_code":418`) || !strings.Contains(got, `"body":"teapot"`) {
		t.Errorf("HTTP response backend %s", got)
	}
	wantStatus(t, do(t, s, http.MethodPatch, "/"+collHTTPResponseBackends+"/"+hr, `{"status_code":503}`), http.StatusOK)
	if got := jsonOf(t, backendAnswer(t, s, collHTTPResponseBackends, hr)); !strings.Contains(got, `"status_code":503`) ||
		!strings.Contains(got, `"content-type"`) || !strings.Contains(got, `"description":"d"`) {
		t.Errorf("after PATCH %s", got)
	}
	if got := jsonOf(t, backendAnswer(t, s, collHTTPResponseBackends, createBackend(t, s, collHTTPResponseBackends, `{}`))); !strings.Contains(got, `"status_code":200`) ||
		!strings.Contains(got, `"headers":null`) || !strings.Contains(got, `"body":""`) {
		t.Errorf("default HTTP response backend %s", got)
	}

	tg := createBackend(t, s, collTunnelGroupBackends, `{"labels":{"app":"web"}}`)
	wantStatus(t, do(t, s, http.MethodPatch, "/"+collTunnelGroupBackends+"/"+tg, `{"labels":{}}`), http.StatusOK)
	if got := jsonOf(t, backendAnswer(t, s, collTunnelGroupBackends, tg)); !strings.Contains(got, `"labels":{}`) || !strings.Contains(got, `"tunnels":[]`) {
		t.Errorf("tunnel group backend %s", got)
	}

	st := createBackend(t, s, collStaticBackends, `{"address":"example.com:8080","tls":{}}`)
	if got := jsonOf(t, backendAnswer(t, s, collStaticBackends, st)); !strings.Contains(got, `"tls":{"enabled":false}`) {
		t.Errorf("static backend %s", got)
	}
	wantStatus(t, do(t, s, http.MethodPatch, "/"+collStaticBackends+"/"+st, `{"tls":{"enabled":true}}`), http.StatusOK)
	if got := jsonOf(t, backendAnswer(t, s, collStaticBackends, st)); !strings.Contains(got, `"tls":{"enabled":true}`) || !strings.Contains(got, `"address":"example.com:8080"`) {
		t.Errorf("static backend after PATCH %s", got)
	}

	fo := createBackend(t, s, collFailoverBackends, `{"backends":["`+hr+`","`+st+`"]}`)
	if got := jsonOf(t, backendAnswer(t, s, collFailoverBackends, fo)); !strings.Contains(got, `"backends":["`+hr+`","`+st+`"]`) {
		t.Errorf("failover backend %s", got)
	}
	wd := createBackend(t, s, collWeightedBackends, `{"backends":{"`+fo+`":10,"`+tg+`":0}}`)
	if got := jsonOf(t, backendAnswer(t, s, collWeightedBackends, wd)); !strings.Contains(got, `"`+fo+`":10`) || !strings.Contains(got, `"`+tg+`":0`) {
		t.Errorf("weighted backend %s", got)
	}
	wantStatus(t, do(t, s, http.MethodPatch, "/"+collWeightedBackends+"/"+wd, `{"backends":{}}`), http.StatusOK)
	if got := jsonOf(t, backendAnswer(t, s, collWeightedBackends, wd)); !strings.Contains(got, `"backends":{}`) {
		t.Errorf("weighted backend after PATCH %s", got)
	}
}

// Every backend write answers ERR_NGROK_7008 unless edges are writable, and
// ERR_NGROK_7196 while they are read-only, checked before the body; reads
// go on.
func TestBackendWritesGated(t *testing.T) {
	t.Parallel()
	for _, coll := range []string{collTunnelGroupBackends, collHTTPResponseBackends, collFailoverBackends, collWeightedBackends, collStaticBackends} {
		t.Run(coll, func(t *testing.T) {
			t.Parallel()
			s := New()
			id := declaredFixtures[coll](t, s)
			writes := []struct{ method, path, body string }{
				{http.MethodPost, "/" + coll, `{"description":"` + strings.Repeat("d", 300) + `"}`},
				{http.MethodPatch, "/" + coll + "/" + id, `{"description":"x"}`},
				{http.MethodDelete, "/" + coll + "/" + id, ""},
			}
			for _, c := range []struct{ setting, code string }{
				{`{"edges_writable":false}`, "ERR_NGROK_7008"},
				{`{"edges_read_only":true,"edges_writable":true}`, "ERR_NGROK_7196"},
			} {
				wantStatus(t, do(t, s, http.MethodPut, "/_mock/settings", c.setting), http.StatusOK)
				code := c.code
				for _, w := range writes {
					wantError(t, do(t, s, w.method, w.path, w.body), http.StatusBadRequest, code)
				}
				wantStatus(t, do(t, s, http.MethodGet, "/"+coll+"/"+id, ""), http.StatusOK)
				wantStatus(t, do(t, s, http.MethodGet, "/"+coll, ""), http.StatusOK)
			}
		})
	}
}

// Failover and weighted backends name existing backends, never themselves
// through any path; a backend named by another or by a route cannot go.
func TestBackendReferences(t *testing.T) {
	t.Parallel()
	s := New()
	hr := createBackend(t, s, collHTTPResponseBackends, `{}`)
	for body, code := range map[string]string{
		`{"backends":["ipp_2RfSBcv0nsy71XCHWOegjx1OoKh"]}`:           errBackendIDInvalid.code,
		`{"backends":["bkdhr_2RfSBcv0nsy71XCHWOegjx1OoKh"]}`:         errBackendUnknown.code,
		`{"backends":["` + strings.Repeat(hr+`","`, 10) + hr + `"]}`: errFailoverBackendCount.code,
	} {
		wantError(t, do(t, s, http.MethodPost, "/"+collFailoverBackends, body), http.StatusBadRequest, code)
	}
	wantError(t, do(t, s, http.MethodPost, "/"+collWeightedBackends, `{"backends":{"`+hr+`":10001}}`), http.StatusBadRequest, errBackendWeight.code)
	wantError(t, do(t, s, http.MethodPost, "/"+collWeightedBackends, `{"backends":{"bkdfo_2RfSBcv0nsy71XCHWOegjx1OoKh":1}}`), http.StatusBadRequest, errBackendUnknown.code)

	fo := createBackend(t, s, collFailoverBackends, `{"backends":["`+hr+`"]}`)
	wd := createBackend(t, s, collWeightedBackends, `{"backends":{"`+fo+`":1}}`)
	wantError(t, do(t, s, http.MethodPatch, "/"+collFailoverBackends+"/"+fo, `{"backends":["`+fo+`"]}`), http.StatusBadRequest, errFailoverBackendRefused.code)
	wantError(t, do(t, s, http.MethodPatch, "/"+collFailoverBackends+"/"+fo, `{"backends":["`+wd+`"]}`), http.StatusBadRequest, errFailoverBackendRefused.code)
	wantError(t, do(t, s, http.MethodPatch, "/"+collWeightedBackends+"/"+wd, `{"backends":{"`+wd+`":1}}`), http.StatusBadRequest, errWeightedBackendRefused.code)

	wantError(t, do(t, s, http.MethodDelete, "/"+collHTTPResponseBackends+"/"+hr, ""), http.StatusBadRequest, errBackendInUse.code)
	wantError(t, do(t, s, http.MethodDelete, "/"+collFailoverBackends+"/"+fo, ""), http.StatusBadRequest, errBackendInUse.code)
	wantStatus(t, do(t, s, http.MethodDelete, "/"+collWeightedBackends+"/"+wd, ""), http.StatusNoContent)
	wantStatus(t, do(t, s, http.MethodDelete, "/"+collFailoverBackends+"/"+fo, ""), http.StatusNoContent)
	wantStatus(t, do(t, s, http.MethodDelete, "/"+collHTTPResponseBackends+"/"+hr, ""), http.StatusNoContent)

	// A route's backend module names a backend of any kind, and holds it.
	g := newEdgeFixture(t)
	gfo := createBackend(t, g.s, collFailoverBackends, `{"backends":["`+g.backend+`"]}`)
	w := do(t, g.s, http.MethodPut, g.modulePath(ModuleBackend), `{"backend_id":"`+gfo+`"}`)
	wantStatus(t, w, http.StatusOK)
	if got := w.Body.String(); !strings.Contains(got, "/backends/failover/"+gfo) {
		t.Errorf("backend module %s", got)
	}
	wantError(t, do(t, g.s, http.MethodDelete, "/"+collFailoverBackends+"/"+gfo, ""), http.StatusBadRequest, errBackendInUse.code)
	wantError(t, do(t, g.s, http.MethodPut, g.modulePath(ModuleBackend), `{"backend_id":"ipp_2RfSBcv0nsy71XCHWOegjx1OoKh"}`), http.StatusBadRequest, errInvalidBackendID.code)
	wantError(t, do(t, g.s, http.MethodPut, g.modulePath(ModuleBackend), `{"backend_id":"bkdwd_2RfSBcv0nsy71XCHWOegjx1OoKh"}`), http.StatusBadRequest, errBackendUnknown.code)

	// A route's backend module holds its backend.
	f := newEdgeFixture(t)
	wantStatus(t, do(t, f.s, http.MethodPut, f.modulePath(ModuleBackend), `{"backend_id":"`+f.backend+`"}`), http.StatusOK)
	f.s.SetEdgesWritable(true)
	wantError(t, do(t, f.s, http.MethodDelete, "/"+collTunnelGroupBackends+"/"+f.backend, ""), http.StatusBadRequest, errBackendInUse.code)
	wantStatus(t, do(t, f.s, http.MethodDelete, f.modulePath(ModuleBackend), ""), http.StatusNoContent)
	wantStatus(t, do(t, f.s, http.MethodDelete, "/"+collTunnelGroupBackends+"/"+f.backend, ""), http.StatusNoContent)
}

func TestBackendValidation(t *testing.T) {
	t.Parallel()
	s := New()
	s.SetEdgesWritable(true)
	for _, c := range []struct{ coll, body, code string }{
		{collHTTPResponseBackends, `{"status_code":99}`, errHTTPResponseStatus.code},
		{collHTTPResponseBackends, `{"status_code":600}`, errHTTPResponseStatus.code},
		{collHTTPResponseBackends, `{"body":"` + strings.Repeat("b", maxHTTPResponseBodyBytes+1) + `"}`, errHTTPResponseBody.code},
		{collHTTPResponseBackends, `{"headers":{"Bad Name":"v"}}`, errHeaderNameInvalid.code},
		{collHTTPResponseBackends, `{"headers":{"X-A":"a\r\nb"}}`, errHeaderValueInvalid.code},
		{collHTTPResponseBackends, `{"headers":{"X-A":"a","x-a":"b"}}`, errHeaderTwice.code},
		{collHTTPResponseBackends, `{"headers":{"` + strings.Repeat("h", 256) + `":"v"}}`, errHeaderNameTooLong.code},
		{collStaticBackends, `{}`, errStaticAddressMissing.code},
		{collStaticBackends, `{"address":"example.com"}`, errStaticAddressInvalid.code},
		{collStaticBackends, `{"address":"example.com:0"}`, errStaticAddressInvalid.code},
		{collStaticBackends, `{"address":":443"}`, errStaticAddressHost.code},
		{collTunnelGroupBackends, `{"labels":{"a=b":"c"}}`, errTunnelGroupLabelEquals.code},
		{collTunnelGroupBackends, `{"labels":{"a":""}}`, errTunnelGroupLabelValue.code},
		{collTunnelGroupBackends, `{"labels":{"":"a"}}`, errTunnelGroupLabelKey.code},
		{collTunnelGroupBackends, `{"labels":{"1":"a","2":"a","3":"a","4":"a","5":"a","6":"a","7":"a","8":"a","9":"a","10":"a","11":"a"}}`, errTunnelGroupLabelCount.code},
	} {
		wantError(t, do(t, s, http.MethodPost, "/"+c.coll, c.body), http.StatusBadRequest, c.code)
	}
	// A refused PATCH changes nothing.
	st := createBackend(t, s, collStaticBackends, `{"address":"example.com:443"}`)
	wantError(t, do(t, s, http.MethodPatch, "/"+collStaticBackends+"/"+st, `{"address":"nope","description":"x"}`), http.StatusBadRequest, errStaticAddressInvalid.code)
	if got := jsonOf(t, backendAnswer(t, s, collStaticBackends, st)); strings.Contains(got, `"description"`) {
		t.Errorf("refused PATCH stored %s", got)
	}
}
