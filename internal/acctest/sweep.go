package acctest

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"strings"
	"time"

	"github.com/hashicorp/terraform-plugin-testing/helper/resource"
)

// collection is one list of the API that a test can fill, for its sweeper.
type collection struct {
	path string // under the base URL; also the sweeper's name
	prop string // the list's property
	// dependsOn are the collections whose objects hold this one's: their
	// sweepers run first (a policy held by a restriction, a domain by an
	// endpoint, a certificate by a domain, an authority by its certificates).
	dependsOn []string
	// keep, when set, spares an object that carries the prefix: endpoints
	// other than cloud ones belong to agents, which the sweeper does not stop.
	keep func(obj map[string]any) bool
}

// NOTE: one list for the sweepers and the test that proves them, so that a
// collection a test can fill cannot be left out of one of the two.
var collections = []collection{
	{path: "ip_restrictions"},
	{path: "event_subscriptions"},
	{path: "endpoints", keep: func(o map[string]any) bool { return o["type"] != "cloud" }},
	{path: "ip_policy_rules"},
	{path: "ip_policies", dependsOn: []string{"ip_restrictions", "ip_policy_rules", "endpoints"}},
	{path: "event_destinations", dependsOn: []string{"event_subscriptions"}},
	{path: "reserved_domains", dependsOn: []string{"endpoints"}},
	{path: "reserved_addrs", dependsOn: []string{"endpoints"}},
	{path: "tls_certificates", dependsOn: []string{"reserved_domains"}},
	{path: "certificate_authorities", dependsOn: []string{"endpoints"}},
	{path: "ssh_host_certificates"},
	{path: "ssh_user_certificates"},
	{path: "ssh_certificate_authorities", dependsOn: []string{"ssh_host_certificates", "ssh_user_certificates"}},
	{path: "ssh_credentials"},
	{path: "credentials"},
	{path: "api_keys", prop: "keys"},
	{path: "vault_secrets", prop: "secrets"},
	{path: "vaults", dependsOn: []string{"vault_secrets"}},
	{path: "service_users", dependsOn: []string{"credentials", "ssh_credentials", "api_keys"}},
	{path: "bot_users", dependsOn: []string{"credentials", "ssh_credentials", "api_keys"}},
}

// Sweeper deletes, through the API at BaseURL, every object that carries
// the prefix (Carries: in its description, metadata, name, domain, hostname
// or URL), and nothing else.
type Sweeper struct {
	BaseURL string
	APIKey  string
	Client  *http.Client
	Log     func(format string, args ...any)
}

// Order is the collections in an order the sweepers can run in: each after
// those it depends on.
func Order() []string {
	var out []string
	done := map[string]bool{}
	var visit func(c collection)
	visit = func(c collection) {
		if done[c.path] {
			return
		}
		done[c.path] = true
		for _, d := range c.dependsOn {
			visit(byPath(d))
		}
		out = append(out, c.path)
	}
	for _, c := range collections {
		visit(c)
	}
	return out
}

func byPath(path string) collection {
	for _, c := range collections {
		if c.path == path {
			return c
		}
	}
	panic("acctest: no collection " + path)
}

// SweepAll sweeps every collection, in Order.
func (s *Sweeper) SweepAll(ctx context.Context) error {
	var errs []error
	for _, path := range Order() {
		if _, err := s.Sweep(ctx, path); err != nil {
			errs = append(errs, err)
		}
	}
	return errors.Join(errs...)
}

// fields that may carry the prefix.
var carriers = []string{"description", "metadata", "name", "domain", "hostname", "url", "addr"}

// Sweep deletes the objects of one collection that carry the prefix and
// returns their IDs. A rule of a swept policy goes with its policy anyway.
func (s *Sweeper) Sweep(ctx context.Context, path string) ([]string, error) {
	c := byPath(path)
	prop := c.prop
	if prop == "" {
		prop = path
	}
	var doomed []string
	next := s.BaseURL + "/" + path + "?limit=100"
	for next != "" {
		var page map[string]json.RawMessage
		if err := s.do(ctx, http.MethodGet, next, &page); err != nil {
			if isNotFound(err) {
				return nil, nil // a collection this account or API version lacks
			}
			return nil, fmt.Errorf("sweep %s: %w", path, err)
		}
		var objs []map[string]any
		if err := json.Unmarshal(page[prop], &objs); err != nil {
			return nil, fmt.Errorf("sweep %s: the list has no %q: %w", path, prop, err)
		}
		for _, o := range objs {
			if (c.keep == nil || !c.keep(o)) && carriesPrefix(o) {
				if id, _ := o["id"].(string); id != "" {
					doomed = append(doomed, id)
				}
			}
		}
		next = ""
		if raw := page["next_page_uri"]; len(raw) > 0 {
			_ = json.Unmarshal(raw, &next)
		}
		if next != "" && !strings.HasPrefix(next, "http") {
			base, err := url.Parse(s.BaseURL)
			if err != nil {
				return nil, err
			}
			rel, err := url.Parse(next)
			if err != nil {
				return nil, err
			}
			next = base.ResolveReference(rel).String()
		}
	}
	var errs []error
	for _, id := range doomed {
		err := s.do(ctx, http.MethodDelete, s.BaseURL+"/"+path+"/"+id, nil)
		switch {
		case err == nil:
			s.logf("swept %s/%s", path, id)
		case isNotFound(err):
		default:
			errs = append(errs, fmt.Errorf("sweep %s/%s: %w", path, id, err))
		}
	}
	return doomed, errors.Join(errs...)
}

func carriesPrefix(o map[string]any) bool {
	for _, f := range carriers {
		if v, ok := o[f].(string); ok && Carries(v) {
			return true
		}
	}
	return false
}

type statusError struct {
	status int
	body   string
}

func (e *statusError) Error() string { return fmt.Sprintf("HTTP %d: %s", e.status, e.body) }

func isNotFound(err error) bool {
	var se *statusError
	return errors.As(err, &se) && se.status == http.StatusNotFound
}

func (s *Sweeper) do(ctx context.Context, method, u string, out any) error {
	req, err := http.NewRequestWithContext(ctx, method, u, nil)
	if err != nil {
		return err
	}
	req.Header.Set("Authorization", "Bearer "+s.APIKey)
	req.Header.Set("Ngrok-Version", "2")
	client := s.Client
	if client == nil {
		client = &http.Client{Timeout: time.Minute}
	}
	resp, err := client.Do(req)
	if err != nil {
		return err
	}
	defer func() { _ = resp.Body.Close() }()
	body, err := io.ReadAll(io.LimitReader(resp.Body, 1<<22))
	if err != nil {
		return err
	}
	if resp.StatusCode >= 300 {
		return &statusError{resp.StatusCode, strings.TrimSpace(string(body))}
	}
	if out == nil || len(body) == 0 {
		return nil
	}
	return json.Unmarshal(body, out)
}

func (s *Sweeper) logf(format string, args ...any) {
	if s.Log != nil {
		s.Log(format, args...)
	}
}

// AddSweepers registers one terraform-plugin-testing sweeper per
// collection, with its dependencies, for `go test -sweep=all` in real mode.
// newSweeper is called when a sweeper runs, so that a test binary that does
// not sweep needs no settings.
func AddSweepers(newSweeper func() (*Sweeper, error)) {
	for _, c := range collections {
		resource.AddTestSweepers(c.path, &resource.Sweeper{
			Name:         c.path,
			Dependencies: c.dependsOn,
			F: func(string) error {
				s, err := newSweeper()
				if err != nil {
					return err
				}
				_, err = s.Sweep(context.Background(), c.path)
				return err
			},
		})
	}
}
