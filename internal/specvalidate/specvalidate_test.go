package specvalidate

import (
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"github.com/tfedge/terraform-provider-ngrok/internal/mockserver"
)

const key = "spec-test-key"

// reports collects what a Handler reports instead of failing the test.
type reports struct {
	mu   sync.Mutex
	msgs []string
}

func (r *reports) Errorf(format string, args ...any) {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.msgs = append(r.msgs, fmt.Sprintf(format, args...))
}

func (r *reports) all() []string {
	r.mu.Lock()
	defer r.mu.Unlock()
	return append([]string(nil), r.msgs...)
}

// serve starts h behind a Handler and returns its URL and the reports.
func serve(t *testing.T, h http.Handler) (string, *reports) {
	t.Helper()
	rep := &reports{}
	srv := httptest.NewServer(Handler(rep, h))
	t.Cleanup(srv.Close)
	return srv.URL, rep
}

// send makes one API request the way the client does and returns the
// status and body.
func send(t *testing.T, method, url, body string) (int, string) {
	t.Helper()
	var rd io.Reader
	if body != "" {
		rd = strings.NewReader(body)
	}
	req, err := http.NewRequestWithContext(t.Context(), method, url, rd)
	if err != nil {
		t.Fatal(err)
	}
	req.Header.Set("Authorization", "Bearer "+key)
	req.Header.Set("Ngrok-Version", "2")
	if body != "" {
		req.Header.Set("Content-Type", "application/json")
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	b, err := io.ReadAll(resp.Body)
	if err != nil {
		t.Fatal(err)
	}
	if err := resp.Body.Close(); err != nil {
		t.Fatal(err)
	}
	return resp.StatusCode, string(b)
}

func TestSpecLoads(t *testing.T) {
	t.Parallel()
	spec, err := Load()
	if err != nil {
		t.Fatal(err)
	}
	// NOTE: ngrok's spec as vendored: 101 paths, 241 operations.
	if n := len(spec.Operations()); n != 241 {
		t.Errorf("%d operations, want 241", n)
	}
}

func TestValidRequestsAndAnswersPass(t *testing.T) {
	t.Parallel()
	url, rep := serve(t, mockserver.New(mockserver.WithAPIKeys(key)))
	status, body := send(t, http.MethodPost, url+"/ssh_certificate_authorities",
		`{"description":"ops","metadata":"{}","private_key_type":"ed25519"}`)
	if status != http.StatusCreated {
		t.Fatalf("create: %d %s", status, body)
	}
	if status, body := send(t, http.MethodGet, url+"/ssh_certificate_authorities?limit=5", ""); status != http.StatusOK {
		t.Fatalf("list: %d %s", status, body)
	}
	if msgs := rep.all(); len(msgs) != 0 {
		t.Errorf("valid traffic reported: %q", msgs)
	}
}

func TestRequestViolationsAreReported(t *testing.T) {
	t.Parallel()
	url, rep := serve(t, mockserver.New(mockserver.WithAPIKeys(key)))
	// NOTE: an unknown field and a wrong type: the mock refuses the first
	// itself; both are violations of the spec whatever the mock answers.
	send(t, http.MethodPost, url+"/ssh_certificate_authorities", `{"colour":"ops"}`)
	send(t, http.MethodPost, url+"/ssh_certificate_authorities", `{"description":5}`)
	msgs := rep.all()
	if len(msgs) != 2 {
		t.Fatalf("reports = %q, want two", msgs)
	}
	for i, want := range []string{`"colour"`, `"/description"`} {
		if !strings.Contains(msgs[i], "SshCertificateAuthoritiesCreate (POST /ssh_certificate_authorities): the request") {
			t.Errorf("report %q does not name the operation", msgs[i])
		}
		if !strings.Contains(msgs[i], want) {
			t.Errorf("report %q does not name %s", msgs[i], want)
		}
	}
}

func TestUndeclaredQueryParametersAreReported(t *testing.T) {
	t.Parallel()
	url, rep := serve(t, mockserver.New(mockserver.WithAPIKeys(key)))
	// NOTE: SSH host certificates have no filter in the spec.
	send(t, http.MethodGet, url+"/ssh_host_certificates?filter=true&limit=2&colour=red", "")
	send(t, http.MethodGet, url+"/ssh_certificate_authorities?filter=true&limit=2", "")
	msgs := rep.all()
	if len(msgs) != 1 || !strings.Contains(msgs[0], `SshHostCertificatesList (GET /ssh_host_certificates): the request: query parameters ["colour" "filter"]`) {
		t.Errorf("reports = %q", msgs)
	}
}

func TestAnswerViolationsAreReported(t *testing.T) {
	t.Parallel()
	answers := map[string]string{
		"/reserved_domains/rd_1":               `{"id":"rd_1","domain":7}`,
		"/reserved_domains/rd_2":               `{"id":"rd_2","invented":true}`,
		"/reserved_domains/rd_3":               `{"id":"rd_3","certificate":null,"cname_target":null}`,
		"/reserved_domains/rd_4":               `{"id":"rd_4","description":null}`,
		"/ssh_certificate_authorities/sshca_1": `{"id":"sshca_1"}`,
	}
	url, rep := serve(t, http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "application/json")
		if r.URL.Path == "/ssh_certificate_authorities/sshca_1" {
			// NOTE: a DELETE answers 204 in the spec; 200 is a violation.
			w.WriteHeader(http.StatusOK)
		}
		_, _ = io.WriteString(w, answers[r.URL.Path])
	}))
	for path := range answers {
		method := http.MethodGet
		if strings.HasPrefix(path, "/ssh") {
			method = http.MethodDelete
		}
		send(t, method, url+path, "")
	}
	got := strings.Join(rep.all(), "\n")
	for _, want := range []string{"/reserved_domains/rd_1", "/reserved_domains/rd_2", "/reserved_domains/rd_4", "DELETE /ssh_certificate_authorities/sshca_1): the answer's status 200 is not the operation's"} {
		if !strings.Contains(got, want) {
			t.Errorf("no report for %s in:\n%s", want, got)
		}
	}
	// NOTE: certificate and cname_target are nullable by the quirks table.
	if strings.Contains(got, "rd_3") {
		t.Errorf("nullable fields reported:\n%s", got)
	}
	if n := len(rep.all()); n != 4 {
		t.Errorf("%d reports, want 4:\n%s", n, got)
	}
}

func TestErrorAnswersAreValidatedAndTheControlAPIIsNot(t *testing.T) {
	t.Parallel()
	mock := mockserver.New(mockserver.WithAPIKeys(key))
	url, rep := serve(t, mock)
	if status, body := send(t, http.MethodGet, url+"/reserved_domains/rd_2RfSBcv0nsy71XCHWOegjx1OoKh", ""); status != http.StatusNotFound {
		t.Errorf("GET of an unknown domain: %d %s", status, body)
	}
	// NOTE: the exempt prefix is where the mock's control API is.
	if status, body := send(t, http.MethodGet, url+"/_mock/journal", ""); status != http.StatusOK {
		t.Errorf("GET /_mock/journal: %d %s", status, body)
	}
	if msgs := rep.all(); len(msgs) != 0 {
		t.Errorf("reports: %q", msgs)
	}
	// NOTE: an error body without details, and one whose details hold a
	// number, are not the API's.
	bad, rep := serve(t, http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "application/json")
		w.WriteHeader(http.StatusNotFound)
		body := `{"status_code":404,"msg":"Resource not found"}`
		if strings.HasSuffix(r.URL.Path, "rd_2") {
			body = `{"status_code":404,"msg":"Resource not found","details":{"operation_id":"op_1","n":1}}`
		}
		_, _ = io.WriteString(w, body)
	}))
	send(t, http.MethodGet, bad+"/reserved_domains/rd_1", "")
	send(t, http.MethodGet, bad+"/reserved_domains/rd_2", "")
	msgs := rep.all()
	if len(msgs) != 2 || !strings.Contains(msgs[0], `the 404 answer: Error at "/details": property "details" is missing`) ||
		!strings.Contains(msgs[1], `Error at "/details/n"`) {
		t.Errorf("reports = %q", msgs)
	}
}

func TestUnknownOperationsAreReported(t *testing.T) {
	t.Parallel()
	url, rep := serve(t, mockserver.New(mockserver.WithAPIKeys(key)))
	send(t, http.MethodGet, url+"/no_such_collection", "")
	send(t, http.MethodPut, url+"/ssh_certificate_authorities", "")
	msgs := rep.all()
	if len(msgs) != 2 || !strings.Contains(msgs[0], "GET /no_such_collection is no operation") ||
		!strings.Contains(msgs[1], "PUT /ssh_certificate_authorities is no operation") {
		t.Errorf("reports = %q", msgs)
	}
}

func TestMissingBearerTokenIsReported(t *testing.T) {
	t.Parallel()
	url, rep := serve(t, mockserver.New(mockserver.WithAPIKeys(key)))
	req, err := http.NewRequestWithContext(t.Context(), http.MethodGet, url+"/reserved_domains", nil)
	if err != nil {
		t.Fatal(err)
	}
	req.Header.Set("Ngrok-Version", "2")
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	_ = resp.Body.Close()
	if msgs := rep.all(); len(msgs) != 1 || !strings.Contains(msgs[0], "ReservedDomainsList") || !strings.Contains(msgs[0], "bearer") {
		t.Errorf("reports = %q", msgs)
	}
}

// NOTE: not parallel: it sets the process's environment.
func TestCoverageIsRecordedOncePerOperation(t *testing.T) {
	file := filepath.Join(t.TempDir(), "coverage")
	t.Setenv(CoverageEnv, file)
	coverage.Lock()
	coverage.seen = nil
	coverage.Unlock()
	url, _ := serve(t, mockserver.New(mockserver.WithAPIKeys(key)))
	for range 3 {
		send(t, http.MethodGet, url+"/reserved_domains", "")
	}
	send(t, http.MethodGet, url+"/endpoints", "")
	send(t, http.MethodGet, url+"/_mock/journal", "")
	b, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	if got := string(b); got != "ReservedDomainsList\nEndpointsList\n" {
		t.Errorf("coverage file = %q", got)
	}
	spec, err := Load()
	if err != nil {
		t.Fatal(err)
	}
	covered, missed := spec.Coverage([]string{"EndpointsList", "ReservedDomainsList", "NotAnOperation"})
	if len(covered) != 2 || len(missed) != 239 || covered[0].ID != "EndpointsList" || covered[0].Method != http.MethodGet || covered[0].Path != "/endpoints" {
		t.Errorf("covered = %v, %d missed", covered, len(missed))
	}
}
