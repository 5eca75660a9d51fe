package provider

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/tfedge/terraform-provider-ngrok/internal/apiclient"
)

// testTCPEdge has every module a TCP edge has, each enabled, and a
// traffic policy module with two on_tcp_connect rules and an HTTP rule.
func testTCPEdge() *apiclient.TCPEdge {
	return &apiclient.TCPEdge{ID: "edgtcp_1", Hostports: []string{"1.tcp.ngrok.io:21345", "2.tcp.ngrok.io:20001"},
		IPRestriction: &apiclient.EdgeIPRestriction{Enabled: true, IPPolicies: []apiclient.Ref{{ID: "ipp_a"}, {ID: "ipp_b"}}},
		TrafficPolicy: &apiclient.EdgeTrafficPolicy{Enabled: true, Value: `
on_tcp_connect:
  - name: late night
    expressions: ["time.now.getHours() > 22"]
    actions: [{type: deny}]
  - actions: [{type: set-vars, config: {vars: [{seen: "yes"}]}}]
on_http_request:
  - actions: [{type: deny}]
`},
		Backend: &apiclient.EdgeBackend{Enabled: true, Backend: apiclient.Ref{ID: "bkdtg_db"}},
	}
}

var testTunnelGroups = map[string]*apiclient.TunnelGroupBackend{
	"bkdtg_db":      {ID: "bkdtg_db", Labels: map[string]string{"app": "db", "env": "Prod"}},
	"bkdtg_replica": {ID: "bkdtg_replica", Labels: map[string]string{"app": "replica"}},
}

func notMigratedModules(out edgeMigration) []string {
	var got []string
	for _, n := range out.NotMigrated {
		got = append(got, n.Module)
	}
	return got
}

func TestMigrateTCPEdge(t *testing.T) {
	t.Parallel()
	in := tcpEdgeMigrationInput(testTCPEdge())
	in.TunnelGroups = testTunnelGroups
	out, err := migrateTCPTLSEdge(in)
	if err != nil {
		t.Fatal(err)
	}
	if want := []migratedEndpoint{{"1.tcp.ngrok.io:21345", "tcp://1.tcp.ngrok.io:21345"}, {"2.tcp.ngrok.io:20001", "tcp://2.tcp.ngrok.io:20001"}}; !slices.Equal(out.Endpoints, want) {
		t.Errorf("endpoints %v, want %v", out.Endpoints, want)
	}
	doc := checkedPolicy(t, out.Policy)
	if len(doc) != 1 {
		t.Errorf("phases %v, want on_tcp_connect only", doc)
	}
	// restrict-ips first, the module's rules in their order, forward last.
	want := []string{
		"edge edgtcp_1 => restrict-ips",
		"edge edgtcp_1: traffic_policy: late night => deny",
		"edge edgtcp_1: traffic_policy rule 2 => set-vars",
		"edge edgtcp_1: backend => forward-internal",
	}
	if got := ruleSummaries(doc, phaseOnTCPConnect); !slices.Equal(got, want) {
		t.Errorf("rules\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	rules := doc[phaseOnTCPConnect]
	if ips := fmt.Sprint(rules[0].Actions[0].Config["ip_policies"]); ips != "[ipp_a ipp_b]" {
		t.Errorf("restrict-ips policies %s", ips)
	}
	if e := rules[1].Expressions; !slices.Equal(e, []string{"time.now.getHours() > 22"}) {
		t.Errorf("the module rule's expressions %v", e)
	}
	const internal = "tcp://app-db-env-prod.internal:21345"
	if u := rules[3].Actions[0].Config["url"]; u != internal {
		t.Errorf("forward-internal to %v, want %s", u, internal)
	}
	if !slices.Equal(out.ForwardInternalURLs, []string{internal}) {
		t.Errorf("forward_internal_urls %v", out.ForwardInternalURLs)
	}
	// The module's HTTP rule never ran on a TCP edge: reported.
	if len(out.NotMigrated) != 1 || out.NotMigrated[0].Module != "traffic_policy" ||
		!strings.Contains(out.NotMigrated[0].Reason, "on_http_request") {
		t.Errorf("not_migrated %v", out.NotMigrated)
	}
}

// The internal endpoint the user names replaces the one of the labels, and
// needs no tunnel group read.
func TestMigrateTCPEdgeNamedInternalURL(t *testing.T) {
	t.Parallel()
	in := tcpEdgeMigrationInput(testTCPEdge())
	in.InternalURL = "tcp://postgres.internal:5432"
	out, err := migrateTCPTLSEdge(in)
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(out.ForwardInternalURLs, []string{in.InternalURL}) || !strings.Contains(out.Policy, in.InternalURL) {
		t.Errorf("forward_internal_urls %v, policy %s", out.ForwardInternalURLs, out.Policy)
	}
}

// Disabled modules did nothing: each is reported, and the policy is empty.
func TestMigrateTCPEdgeDisabledModules(t *testing.T) {
	t.Parallel()
	e := testTCPEdge()
	e.IPRestriction.Enabled, e.TrafficPolicy.Enabled, e.Backend.Enabled = false, false, false
	out, err := migrateTCPTLSEdge(tcpEdgeMigrationInput(e))
	if err != nil {
		t.Fatal(err)
	}
	if got := notMigratedModules(out); !slices.Equal(got, []string{"ip_restriction", "traffic_policy", "backend"}) {
		t.Errorf("not_migrated %v", got)
	}
	if out.Policy != "{}" || len(out.ForwardInternalURLs) != 0 {
		t.Errorf("policy %s, forward_internal_urls %v", out.Policy, out.ForwardInternalURLs)
	}
}

// Every backend other than a tunnel group is reported with its own reason,
// and none becomes forward-internal; so is a tunnel group that could not
// be read, or one without labels.
func TestMigrateTCPEdgeOtherBackends(t *testing.T) {
	t.Parallel()
	for id, reason := range map[string]string{
		"bkdhr_1": "custom-response", "bkdfo_unread": "on_error: continue", "bkdwd_1": "weighted",
		"bkdsc_1": "static address", "bkdtg_unread": "could not be read", "bkdtg_nolabels": "internal_url",
	} {
		e := testTCPEdge()
		e.Backend.Backend.ID = id
		in := tcpEdgeMigrationInput(e)
		if id == "bkdtg_nolabels" {
			in.TunnelGroups = map[string]*apiclient.TunnelGroupBackend{id: {ID: id}}
		}
		out, err := migrateTCPTLSEdge(in)
		if err != nil {
			t.Fatal(err)
		}
		if strings.Contains(out.Policy, actionForwardInternal) || len(out.ForwardInternalURLs) != 0 {
			t.Errorf("%s: policy %s", id, out.Policy)
		}
		if !slices.ContainsFunc(out.NotMigrated, func(n notMigrated) bool {
			return n.Module == "backend" && strings.Contains(n.Reason, reason)
		}) {
			t.Errorf("%s: not_migrated %v, want a backend entry saying %q", id, out.NotMigrated, reason)
		}
	}
}

// A failover backend becomes one forward-internal per tunnel group, in
// order, each but the last with on_error: continue; its other members are
// reported.
func TestMigrateTCPEdgeFailoverBackend(t *testing.T) {
	t.Parallel()
	e := testTCPEdge()
	e.Backend.Backend.ID = "bkdfo_1"
	in := tcpEdgeMigrationInput(e)
	in.Failover = &apiclient.FailoverBackend{ID: "bkdfo_1", Backends: []string{"bkdtg_db", "bkdhr_sorry", "bkdtg_replica"}}
	in.TunnelGroups = testTunnelGroups
	out, err := migrateTCPTLSEdge(in)
	if err != nil {
		t.Fatal(err)
	}
	doc := checkedPolicy(t, out.Policy)
	rules := doc[phaseOnTCPConnect]
	last := rules[len(rules)-1]
	var got []string
	for _, a := range last.Actions {
		got = append(got, fmt.Sprintf("%s %v %v", a.Type, a.Config["url"], a.Config["on_error"]))
	}
	want := []string{"forward-internal tcp://app-db-env-prod.internal:21345 continue",
		"forward-internal tcp://app-replica.internal:21345 <nil>"}
	if last.Name != "edge edgtcp_1: backend" || !slices.Equal(got, want) {
		t.Errorf("rule %q: %v, want %v", last.Name, got, want)
	}
	if !slices.Equal(out.ForwardInternalURLs, []string{"tcp://app-db-env-prod.internal:21345", "tcp://app-replica.internal:21345"}) {
		t.Errorf("forward_internal_urls %v", out.ForwardInternalURLs)
	}
	if !slices.ContainsFunc(out.NotMigrated, func(n notMigrated) bool {
		return n.Module == "backend" && strings.Contains(n.Reason, "bkdhr_sorry") && strings.Contains(n.Reason, "custom-response")
	}) {
		t.Errorf("not_migrated %v", out.NotMigrated)
	}
}

// A TCP edge without hostports has no port for its internal endpoint.
func TestMigrateTCPEdgeWithoutHostports(t *testing.T) {
	t.Parallel()
	e := testTCPEdge()
	e.Hostports = nil
	in := tcpEdgeMigrationInput(e)
	in.TunnelGroups = testTunnelGroups
	out, err := migrateTCPTLSEdge(in)
	if err != nil {
		t.Fatal(err)
	}
	if len(out.Endpoints) != 0 || strings.Contains(out.Policy, actionForwardInternal) ||
		!slices.Contains(notMigratedModules(out), "backend") {
		t.Errorf("endpoints %v, policy %s, not_migrated %v", out.Endpoints, out.Policy, out.NotMigrated)
	}
}

// testTLSEdge terminates TLS at the edge with mutual TLS.
func testTLSEdge() *apiclient.TLSEdge {
	return &apiclient.TLSEdge{ID: "edgtls_1", Hostports: []string{"tls.example.com:443", "alt.example.com:8443"},
		IPRestriction:  &apiclient.EdgeIPRestriction{Enabled: true, IPPolicies: []apiclient.Ref{{ID: "ipp_a"}}},
		TLSTermination: &apiclient.EdgeTLSTermination{Enabled: ptr(true), TerminateAt: "edge", MinVersion: ptr("1.3")},
		MutualTLS:      &apiclient.EdgeMutualTLS{Enabled: true, CertificateAuthorities: []apiclient.Ref{{ID: "ca_1"}, {ID: "ca_2"}}},
		TrafficPolicy:  &apiclient.EdgeTrafficPolicy{Enabled: true, Value: `{"on_tcp_connect":[{"actions":[{"type":"deny"}]}]}`},
		Backend:        &apiclient.EdgeBackend{Enabled: true, Backend: apiclient.Ref{ID: "bkdtg_db"}},
	}
}

func TestMigrateTLSEdgeTerminatedAtEdge(t *testing.T) {
	t.Parallel()
	in := tlsEdgeMigrationInput(testTLSEdge())
	in.TunnelGroups = testTunnelGroups
	out, err := migrateTCPTLSEdge(in)
	if err != nil {
		t.Fatal(err)
	}
	if want := []migratedEndpoint{{"tls.example.com:443", "tls://tls.example.com"}, {"alt.example.com:8443", "tls://alt.example.com:8443"}}; !slices.Equal(out.Endpoints, want) {
		t.Errorf("endpoints %v, want %v", out.Endpoints, want)
	}
	doc := checkedPolicy(t, out.Policy)
	want := []string{
		"edge edgtls_1 => restrict-ips,terminate-tls",
		"edge edgtls_1: traffic_policy rule 1 => deny",
		"edge edgtls_1: backend => forward-internal",
	}
	if got := ruleSummaries(doc, phaseOnTCPConnect); !slices.Equal(got, want) {
		t.Errorf("rules\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	tls := doc[phaseOnTCPConnect][0].Actions[1].Config
	if tls["min_version"] != "1.3" || fmt.Sprint(tls["mutual_tls_certificate_authorities"]) != "[ca_1 ca_2]" {
		t.Errorf("terminate-tls config %v", tls)
	}
	if !slices.Equal(out.ForwardInternalURLs, []string{"tls://app-db-env-prod.internal"}) {
		t.Errorf("forward_internal_urls %v", out.ForwardInternalURLs)
	}
	if len(out.NotMigrated) != 0 {
		t.Errorf("not_migrated %v", out.NotMigrated)
	}
}

// TLS passed through to the upstream gets no terminate-tls; no TLS
// termination module means the same.
func TestMigrateTLSEdgePassedThrough(t *testing.T) {
	t.Parallel()
	for name, termination := range map[string]*apiclient.EdgeTLSTermination{
		"upstream": {Enabled: ptr(true), TerminateAt: "upstream"},
		"none":     nil,
	} {
		e := testTLSEdge()
		e.TLSTermination, e.MutualTLS = termination, nil
		in := tlsEdgeMigrationInput(e)
		in.TunnelGroups = testTunnelGroups
		out, err := migrateTCPTLSEdge(in)
		if err != nil {
			t.Fatal(err)
		}
		doc := checkedPolicy(t, out.Policy)
		if got := ruleSummaries(doc, phaseOnTCPConnect); got[0] != "edge edgtls_1 => restrict-ips" || strings.Contains(out.Policy, actionTerminateTLS) {
			t.Errorf("%s: rules %v", name, got)
		}
		if !slices.Equal(out.ForwardInternalURLs, []string{"tls://app-db-env-prod.internal"}) || len(out.NotMigrated) != 0 {
			t.Errorf("%s: forward_internal_urls %v, not_migrated %v", name, out.ForwardInternalURLs, out.NotMigrated)
		}
	}
}

// What terminate-tls cannot do, or what was disabled, is reported.
func TestMigrateTLSEdgeReported(t *testing.T) {
	t.Parallel()
	old := testTLSEdge()
	old.TLSTermination.MinVersion = ptr("1.0")
	old.MutualTLS.Enabled = false
	out, err := migrateTCPTLSEdge(tlsEdgeMigrationInput(old))
	if err != nil {
		t.Fatal(err)
	}
	doc := checkedPolicy(t, out.Policy)
	if c := doc[phaseOnTCPConnect][0].Actions[1].Config; len(c) != 0 {
		t.Errorf("terminate-tls config %v, want the action's defaults", c)
	}
	if got := notMigratedModules(out); !slices.Equal(got, []string{"tls_termination", "mutual_tls", "backend"}) {
		t.Errorf("not_migrated %v", out.NotMigrated)
	}
	if !strings.Contains(out.NotMigrated[0].Reason, `"1.0"`) || out.NotMigrated[1].Reason != disabled {
		t.Errorf("reasons %v", out.NotMigrated)
	}

	off := testTLSEdge()
	off.TLSTermination.Enabled = ptr(false)
	out, err = migrateTCPTLSEdge(tlsEdgeMigrationInput(off))
	if err != nil {
		t.Fatal(err)
	}
	if strings.Contains(out.Policy, actionTerminateTLS) {
		t.Errorf("policy %s", out.Policy)
	}
	// Mutual TLS without termination at the edge verified nothing there.
	if got := notMigratedModules(out); !slices.Equal(got, []string{"tls_termination", "mutual_tls", "backend"}) ||
		!strings.Contains(out.NotMigrated[1].Reason, "not terminated at the edge") {
		t.Errorf("not_migrated %v", out.NotMigrated)
	}
}

func TestMigrateTCPTLSEdgeRefusesBadInput(t *testing.T) {
	t.Parallel()
	for _, in := range []tcpTLSEdgeMigrationInput{
		{Scheme: schemeTCP, Hostports: []string{"no-port.tcp.ngrok.io"}},
		{Scheme: schemeTLS, Hostports: []string{":443"}},
	} {
		if _, err := migrateTCPTLSEdge(in); err == nil {
			t.Errorf("%+v: no error", in)
		}
	}
	bad := testTCPEdge()
	bad.TrafficPolicy.Value = `{"on_tcp_connect": "not rules"}`
	out, err := migrateTCPTLSEdge(tcpEdgeMigrationInput(bad))
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Contains(notMigratedModules(out), "traffic_policy") || strings.Contains(out.Policy, "not rules") {
		t.Errorf("an unreadable module: not_migrated %v, policy %s", out.NotMigrated, out.Policy)
	}
}

func TestCheckInternalURL(t *testing.T) {
	t.Parallel()
	for _, ok := range []struct{ scheme, url string }{
		{schemeTCP, "tcp://db.internal:5432"}, {schemeTLS, "tls://web.internal"}, {schemeTLS, "tls://web.internal:8443"},
	} {
		if err := checkInternalURL(ok.scheme, ok.url); err != nil {
			t.Errorf("%s: %v", ok.url, err)
		}
	}
	for _, bad := range []struct{ scheme, url, want string }{
		{schemeTCP, "tls://db.internal:5432", "not a tcp://"},
		{schemeTCP, "tcp://db.example.com:5432", ".internal"},
		{schemeTCP, "tcp://db.internal", "no port"},
		{schemeTLS, "tls://web.internal/path", "more than"},
		{schemeTLS, "web.internal", "not a tls://"},
	} {
		if err := checkInternalURL(bad.scheme, bad.url); err == nil || !strings.Contains(err.Error(), bad.want) {
			t.Errorf("%s: %v, want an error saying %q", bad.url, err, bad.want)
		}
	}
}
