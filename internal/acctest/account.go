// Package acctest is the acceptance suite's side of a run against a real
// ngrok account (make testacc-real): the settings that turn it on, the run
// prefix that every object of the run carries, a pacing proxy that keeps the
// whole test binary under the account's rate limit, which tests need the
// mock and why, and the sweepers that delete what a failed run left behind.
//
// Real mode is on only when NGROK_TEST_ACCOUNT=real: a developer's own
// NGROK_API_KEY never turns it on, so `make test` stays on the in-process
// mock whatever the environment holds.
package acctest

import (
	"crypto/rand"
	"errors"
	"fmt"
	"net/url"
	"os"
	"regexp"
	"strconv"
	"strings"
)

// Environment variables of a run against an account.
const (
	EnvAccount           = "NGROK_TEST_ACCOUNT" // "real" turns real mode on; nothing else does
	EnvAPIKey            = "NGROK_API_KEY"
	EnvAPIBaseURL        = "NGROK_API_BASE_URL"
	EnvDomain            = "NGROK_TEST_DOMAIN"              // a domain the maintainer controls
	EnvRun               = "NGROK_TEST_RUN"                 // the run's name; random when unset
	EnvRequestsPerMinute = "NGROK_TEST_REQUESTS_PER_MINUTE" // the whole run's pace
)

// Prefix starts the description, metadata, name or domain of every object
// a test makes; the sweepers delete what carries it, and nothing else.
const Prefix = "tfacc-"

// DefaultBaseURL is the real API's.
const DefaultBaseURL = "https://api.ngrok.com"

// DefaultRequestsPerMinute keeps a run below the API's 120 a minute per
// account, with room for the dashboard or another client.
const DefaultRequestsPerMinute = 100

// mockDomain stands for NGROK_TEST_DOMAIN in mock mode.
const mockDomain = "tfacc.example.com"

// Settings of a run: the account's (real mode) or the mock's.
type Settings struct {
	Real              bool
	APIKey            string
	BaseURL           string
	Domain            string
	Run               string // tfacc-<run>
	RequestsPerMinute int
}

var runPattern = regexp.MustCompile(`^[a-z0-9]{1,12}$`)

// FromEnv reads the settings of a run. In mock mode only the run's name is
// read; in real mode a missing key or domain is an error, never a fallback
// to the mock.
func FromEnv(getenv func(string) string) (Settings, error) {
	s := Settings{Domain: mockDomain, RequestsPerMinute: DefaultRequestsPerMinute}
	run := getenv(EnvRun)
	if run == "" {
		run = randomRun()
	} else if !runPattern.MatchString(run) {
		return s, fmt.Errorf("%s=%q: 1 to 12 lower-case letters and digits, so that domains stay valid", EnvRun, run)
	}
	s.Run = Prefix + run
	switch mode := getenv(EnvAccount); mode {
	case "", "mock":
		return s, nil
	case "real":
	default:
		return s, fmt.Errorf("%s=%q: want real or mock (or unset)", EnvAccount, mode)
	}
	s.Real = true
	s.APIKey = strings.TrimSpace(getenv(EnvAPIKey))
	s.BaseURL = getenv(EnvAPIBaseURL)
	if s.BaseURL == "" {
		s.BaseURL = DefaultBaseURL
	}
	s.Domain = strings.TrimSuffix(strings.ToLower(getenv(EnvDomain)), ".")
	var errs []error
	if s.APIKey == "" {
		errs = append(errs, fmt.Errorf("%s=real needs %s", EnvAccount, EnvAPIKey))
	}
	if u, err := url.Parse(s.BaseURL); err != nil || (u.Scheme != "https" && u.Scheme != "http") || u.Host == "" {
		errs = append(errs, fmt.Errorf("%s=%q is not an http(s) URL", EnvAPIBaseURL, s.BaseURL))
	}
	if v := getenv(EnvRequestsPerMinute); v != "" {
		n, err := strconv.Atoi(v)
		if err != nil || n < 0 {
			errs = append(errs, fmt.Errorf("%s=%q: a whole number, 0 (no pacing) or more", EnvRequestsPerMinute, v))
		}
		s.RequestsPerMinute = n
	}
	return s, errors.Join(errs...)
}

// CheckDomain reports a real run without NGROK_TEST_DOMAIN: the tests need
// it, the sweepers do not.
func (s Settings) CheckDomain() error {
	if s.Real && (s.Domain == "" || !strings.Contains(s.Domain, ".")) {
		return fmt.Errorf("%s=real needs %s, a domain you control (tests reserve %s<run>-x.DOMAIN under it)", EnvAccount, EnvDomain, Prefix)
	}
	return nil
}

// Env is FromEnv(os.Getenv), read once by the test binary.
func Env() (Settings, error) { return FromEnv(os.Getenv) }

func randomRun() string {
	const letters = "abcdefghijklmnopqrstuvwxyz0123456789"
	b := make([]byte, 8)
	_, _ = rand.Read(b)
	for i := range b {
		b[i] = letters[int(b[i])%len(letters)]
	}
	return string(b)
}

// Name is the run's name for x: tfacc-<run>-x, for descriptions, metadata
// and names.
func (s Settings) Name(x string) string { return s.Run + "-" + x }

// Domain name for x under the maintainer's domain: tfacc-<run>-x.DOMAIN.
func (s Settings) DomainName(x string) string { return s.Name(x) + "." + s.Domain }

// Carries reports whether v (a description, metadata, name, or a domain or
// URL whose first label it checks) carries the prefix of any run.
func Carries(v string) bool {
	v = strings.TrimPrefix(strings.TrimPrefix(v, "https://"), "http://")
	v = strings.TrimPrefix(strings.TrimPrefix(v, "tcp://"), "tls://")
	return strings.HasPrefix(v, Prefix) || strings.HasPrefix(v, `{"run":"`+Prefix)
}
