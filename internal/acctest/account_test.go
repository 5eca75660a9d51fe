package acctest

import (
	"strings"
	"testing"
)

// Real mode needs NGROK_TEST_ACCOUNT=real: a developer's own key and base
// URL in the environment leave the tests on the mock.
func TestFromEnv(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		name     string
		env      map[string]string
		real     bool
		wantErr  string
		check    func(Settings) string
		domainOK bool
	}{
		{name: "a stray key stays on the mock", env: map[string]string{EnvAPIKey: "k", EnvAPIBaseURL: "https://api.ngrok.com"}, domainOK: true},
		{name: "mock asked for", env: map[string]string{EnvAccount: "mock", EnvAPIKey: "k"}, domainOK: true},
		{name: "real", env: map[string]string{EnvAccount: "real", EnvAPIKey: " k\n", EnvDomain: "Test.Example.org.", EnvRun: "ci42"},
			real: true, domainOK: true, check: func(s Settings) string {
				if s.APIKey != "k" || s.BaseURL != DefaultBaseURL || s.Domain != "test.example.org" || s.RequestsPerMinute != DefaultRequestsPerMinute ||
					s.Name("x") != "tfacc-ci42-x" || s.DomainName("x") != "tfacc-ci42-x.test.example.org" {
					return "settings"
				}
				return ""
			}},
		{name: "real without a key", env: map[string]string{EnvAccount: "real", EnvDomain: "example.org"}, real: true, wantErr: "needs NGROK_API_KEY"},
		{name: "real without a domain sweeps only", env: map[string]string{EnvAccount: "real", EnvAPIKey: "k"}, real: true},
		{name: "real with a bad URL", env: map[string]string{EnvAccount: "real", EnvAPIKey: "k", EnvAPIBaseURL: "api.ngrok.com"}, real: true, wantErr: "not an http(s) URL"},
		{name: "real with a pace", env: map[string]string{EnvAccount: "real", EnvAPIKey: "k", EnvRequestsPerMinute: "0", EnvDomain: "a.b"}, real: true, domainOK: true,
			check: func(s Settings) string {
				if s.RequestsPerMinute != 0 {
					return "pace"
				}
				return ""
			}},
		{name: "bad pace", env: map[string]string{EnvAccount: "real", EnvAPIKey: "k", EnvRequestsPerMinute: "fast"}, real: true, wantErr: "a whole number"},
		{name: "bad mode", env: map[string]string{EnvAccount: "yes"}, wantErr: "want real or mock"},
		{name: "bad run", env: map[string]string{EnvRun: "Run_1"}, wantErr: "lower-case letters and digits", domainOK: true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s, err := FromEnv(func(k string) string { return tc.env[k] })
			if tc.wantErr != "" {
				if err == nil || !strings.Contains(err.Error(), tc.wantErr) {
					t.Fatalf("error %v, want %q", err, tc.wantErr)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if s.Real != tc.real {
				t.Errorf("real = %v, want %v", s.Real, tc.real)
			}
			if (s.CheckDomain() == nil) != tc.domainOK {
				t.Errorf("CheckDomain() = %v", s.CheckDomain())
			}
			if !strings.HasPrefix(s.Run, Prefix) || !runPattern.MatchString(strings.TrimPrefix(s.Run, Prefix)) {
				t.Errorf("run %q", s.Run)
			}
			if tc.check != nil {
				if what := tc.check(s); what != "" {
					t.Errorf("%s: %+v", what, s)
				}
			}
		})
	}
}
