package mockserver

import (
	"encoding/json"
	"maps"
	"net/http"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// An abuse report answers the recorded exchange's shape: the URLs as sent,
// status PENDING, and each hostname of the URLs once, PENDING.
func TestAbuseReportCreateAndGet(t *testing.T) {
	t.Parallel()
	path := filepath.Join(t.TempDir(), "state")
	s := New(WithStateFile(path))
	body := `{"metadata":"{\"incident_id\":1233122}","urls":["http://Legit-Login.ngrok.io/login","https://legit-login.ngrok.io/x","https://b.example.com"]}`
	w := do(t, s, http.MethodPost, "/abuse_reports", body)
	wantStatus(t, w, http.StatusCreated)
	created := decodeBody[map[string]json.RawMessage](t, w)
	keys := []string{"created_at", "hostnames", "id", "metadata", "status", "uri", "urls"}
	if got := slices.Sorted(maps.Keys(created)); !slices.Equal(got, keys) {
		t.Errorf("keys %v, want %v", got, keys)
	}
	r := decodeBody[abuseReportWire](t, w)
	want := []abuseReportHostnameWire{{"legit-login.ngrok.io", "PENDING"}, {"b.example.com", "PENDING"}}
	if !strings.HasPrefix(r.ID, prefixAbuseReport) || len(r.ID) != len(prefixAbuseReport)+idLen ||
		r.URI != "http://example.com/abuse_reports/"+r.ID || r.Status != "PENDING" || !slices.Equal(r.Hostnames, want) ||
		len(r.URLs) != 3 || r.URLs[0] != "http://Legit-Login.ngrok.io/login" || r.Metadata != `{"incident_id":1233122}` {
		t.Errorf("created %+v", r)
	}

	s = restart(t, s, path)
	got := do(t, s, http.MethodGet, "/abuse_reports/"+r.ID, "")
	wantStatus(t, got, http.StatusOK)
	if got.Body.String() != w.Body.String() {
		t.Errorf("GET after a restart:\n got %s\nwant %s", got.Body, w.Body)
	}
	wantError(t, do(t, s, http.MethodGet, "/abuse_reports/abrp_2RfSBcv0nsy71XCHWOegjx1OoKh", ""), http.StatusNotFound, "")
	// The API neither lists, changes nor deletes them.
	if list, one := s.allow["/abuse_reports"], s.allow["/abuse_reports/{id}"]; !slices.Equal(list, []string{http.MethodPost}) ||
		!slices.Equal(one, []string{http.MethodGet}) {
		t.Errorf("methods served: %v on the collection, %v on a report", list, one)
	}
}

func TestAbuseReportValidation(t *testing.T) {
	t.Parallel()
	s := New()
	for name, tc := range map[string]struct{ body, code string }{
		"no urls":          {`{}`, errInvalidValue.code},
		"empty urls":       {`{"urls":[]}`, errInvalidValue.code},
		"relative url":     {`{"urls":["/login"]}`, errInvalidValue.code},
		"url without host": {`{"urls":["mailto:a@example.com"]}`, errInvalidValue.code},
		"metadata too long": {`{"urls":["https://a.example.com"],"metadata":"` + strings.Repeat("m", 4097) + `"}`,
			errInvalidValue.code},
		"unknown field": {`{"urls":["https://a.example.com"],"description":"x"}`, errUnknownField.code},
	} {
		t.Run(name, func(t *testing.T) {
			wantError(t, do(t, s, http.MethodPost, "/abuse_reports", tc.body), http.StatusBadRequest, tc.code)
		})
	}
	if n := len(s.abuseReports.rows); n != 0 {
		t.Errorf("%d reports stored from refused creates", n)
	}
}
