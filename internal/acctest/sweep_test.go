package acctest

import (
	"context"
	"crypto/ed25519"
	"crypto/rand"
	"net/http/httptest"
	"slices"
	"strings"
	"testing"

	"golang.org/x/crypto/ssh"

	"github.com/tfedge/terraform-provider-ngrok/internal/apiclient"
	"github.com/tfedge/terraform-provider-ngrok/internal/mockserver"
)

// What a run interrupted mid-way leaves in an account, its objects holding
// one another (a restriction its policy, a domain its endpoint, an authority
// its certificate, a vault its secret, a destination its subscription),
// beside the account's own objects: the sweepers delete the first, in an
// order the API accepts, and leave the second alone.
func TestSweepDeletesWhatAnInterruptedRunLeft(t *testing.T) {
	t.Parallel()
	const key = "sweep-key"
	srv := httptest.NewServer(mockserver.New(mockserver.WithAPIKeys(key)))
	t.Cleanup(srv.Close)
	c, err := apiclient.New(apiclient.WithBaseURL(srv.URL), apiclient.WithAPIKey(key), apiclient.WithRefreshFromLists(false))
	if err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	run := Settings{Run: Prefix + "interrupted", Domain: mockDomain}
	kept := map[string]string{} // ID: collection
	left := map[string]string{}
	for _, set := range []struct {
		into map[string]string
		name func(string) string
		host string
		// NOTE: an account has one restriction of each type.
		restriction string
	}{
		{left, run.Name, run.DomainName("app"), "agent"},
		// NOTE: the prefix inside a value, not at its start, is not the run's.
		{kept, func(x string) string { return "mine-" + x + "-not-" + Prefix }, "app.example.net", "endpoints"},
	} {
		name, into, host := set.name, set.into, set.host
		p, err := apiclient.IPPolicies.Create(ctx, c, &apiclient.IPPolicyCreate{Description: name("policy")})
		pid := add(t, into, "ip_policies", p, err, func(p *apiclient.IPPolicy) string { return p.ID })
		r, err := apiclient.IPPolicyRules.Create(ctx, c, &apiclient.IPPolicyRuleCreate{IPPolicyID: pid, CIDR: "192.0.2.0/24", Action: "allow", Description: name("rule")})
		add(t, into, "ip_policy_rules", r, err, func(r *apiclient.IPPolicyRule) string { return r.ID })
		ir, err := apiclient.IPRestrictions.Create(ctx, c, &apiclient.IPRestrictionCreate{Type: set.restriction, IPPolicyIDs: []string{pid}, Description: name("restriction")})
		add(t, into, "ip_restrictions", ir, err, func(r *apiclient.IPRestriction) string { return r.ID })

		ca, err := apiclient.SSHCertificateAuthorities.Create(ctx, c, &apiclient.SSHCertificateAuthorityCreate{Description: name("ca"), PrivateKeyType: "ed25519"})
		caID := add(t, into, "ssh_certificate_authorities", ca, err, func(a *apiclient.SSHCertificateAuthority) string { return a.ID })
		hc, err := c.CreateSSHHostCertificate(ctx, &apiclient.SSHHostCertificateCreate{SSHCertificateAuthorityID: caID, PublicKey: subjectKey(t), Description: name("host")})
		add(t, into, "ssh_host_certificates", hc, err, func(h *apiclient.SSHHostCertificate) string { return h.ID })

		d, err := c.CreateReservedDomain(ctx, &apiclient.ReservedDomainCreate{Domain: host})
		add(t, into, "reserved_domains", d, err, func(d *apiclient.ReservedDomain) string { return d.ID })
		e, err := c.CreateEndpoint(ctx, &apiclient.EndpointCreate{URL: "https://" + host, Type: "cloud", TrafficPolicy: "{}"})
		add(t, into, "endpoints", e, err, func(e *apiclient.Endpoint) string { return e.ID })

		v, err := apiclient.Vaults.Create(ctx, c, &apiclient.VaultCreate{Name: name("vault")})
		vid := add(t, into, "vaults", v, err, func(v *apiclient.Vault) string { return v.ID })
		s, err := apiclient.Secrets.Create(ctx, c, &apiclient.SecretCreate{Name: "token", Value: "x", VaultID: vid, Description: name("secret")})
		add(t, into, "vault_secrets", s, err, func(s *apiclient.Secret) string { return s.ID })

		cr, err := apiclient.Credentials.Create(ctx, c, &apiclient.CredentialCreate{Description: name("credential")})
		add(t, into, "credentials", cr, err, func(c *apiclient.Credential) string { return c.ID })
		ra, err := apiclient.ReservedAddrs.Create(ctx, c, &apiclient.ReservedAddrCreate{Description: name("addr")})
		add(t, into, "reserved_addrs", ra, err, func(a *apiclient.ReservedAddr) string { return a.ID })
		su, err := apiclient.ServiceUsers.Create(ctx, c, &apiclient.ServiceUserCreate{Name: name("user")})
		add(t, into, "service_users", su, err, func(u *apiclient.ServiceUser) string { return u.ID })
	}

	var logged []string
	s := &Sweeper{BaseURL: srv.URL, APIKey: key, Log: func(format string, args ...any) {
		logged = append(logged, format)
	}}
	if err := s.SweepAll(ctx); err != nil {
		t.Fatalf("sweep: %v", err)
	}
	if len(logged) != len(left) {
		t.Errorf("swept %d objects, want %d", len(logged), len(left))
	}
	for id, coll := range left {
		if found, err := exists(ctx, s, coll, id); err != nil || found {
			t.Errorf("%s/%s of the run is still there (%v)", coll, id, err)
		}
	}
	for id, coll := range kept {
		if found, err := exists(ctx, s, coll, id); err != nil || !found {
			t.Errorf("%s/%s, not the run's, is gone (%v)", coll, id, err)
		}
	}
	// A second sweep finds nothing: CI's proof that a run left nothing.
	logged = nil
	if err := s.SweepAll(ctx); err != nil || len(logged) != 0 {
		t.Errorf("second sweep: %d swept, %v", len(logged), err)
	}
}

// Every collection is swept after those whose objects hold its own.
func TestOrderPutsHoldersFirst(t *testing.T) {
	t.Parallel()
	order := Order()
	if len(order) != len(collections) {
		t.Fatalf("order %v has %d collections, want %d", order, len(order), len(collections))
	}
	for _, c := range collections {
		for _, d := range c.dependsOn {
			if slices.Index(order, d) > slices.Index(order, c.path) {
				t.Errorf("%s is swept after %s, which it holds", d, c.path)
			}
		}
	}
	for _, pair := range [][2]string{{"ip_restrictions", "ip_policies"}, {"endpoints", "reserved_domains"},
		{"reserved_domains", "tls_certificates"}, {"ssh_host_certificates", "ssh_certificate_authorities"}, {"vault_secrets", "vaults"}} {
		if slices.Index(order, pair[0]) > slices.Index(order, pair[1]) {
			t.Errorf("%s must be swept before %s: %v", pair[0], pair[1], order)
		}
	}
}

func TestCarries(t *testing.T) {
	t.Parallel()
	for v, want := range map[string]bool{
		"tfacc-abc-office":                  true,
		"tfacc-abc-app.example.com":         true,
		"https://tfacc-abc-app.example.com": true,
		`{"run":"tfacc-abc"}`:               true,
		"office tfacc-abc":                  false,
		"":                                  false,
		"https://app.example.com":           false,
	} {
		if got := Carries(v); got != want {
			t.Errorf("Carries(%q) = %v, want %v", v, got, want)
		}
	}
}

func exists(ctx context.Context, s *Sweeper, coll, id string) (bool, error) {
	err := s.do(ctx, "GET", s.BaseURL+"/"+coll+"/"+id, nil)
	if isNotFound(err) {
		return false, nil
	}
	return err == nil, err
}

// add records obj, just made in coll, in into and returns its ID.
func add[T any](t *testing.T, into map[string]string, coll string, obj *T, err error, id func(*T) string) string {
	t.Helper()
	if err != nil {
		t.Fatalf("%s: %v", coll, err)
	}
	into[id(obj)] = coll
	return id(obj)
}

func subjectKey(t *testing.T) string {
	t.Helper()
	pub, _, err := ed25519.GenerateKey(rand.Reader)
	if err != nil {
		t.Fatal(err)
	}
	k, err := ssh.NewPublicKey(pub)
	if err != nil {
		t.Fatal(err)
	}
	return strings.TrimSpace(string(ssh.MarshalAuthorizedKey(k)))
}
