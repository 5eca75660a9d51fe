package provider

import (
	"encoding/json"
	"fmt"
	"maps"
	"net"
	"net/url"
	"slices"
	"strings"

	"github.com/tfedge/terraform-provider-ngrok/internal/apiclient"
)

// The translation of a TCP or TLS edge into tcp:// or tls:// cloud
// endpoints with a traffic policy, after ngrok's guide "edges-to-endpoints"
// (TCP and TLS edges become on_tcp_connect rules) and with the action types
// and config fields of ngrok's action reference. It shares the HTTPS
// translation's vocabulary (edge_traffic_policy.go): policy rules and
// actions, the not_migrated entries, the internal host made of a tunnel
// group's labels.
//
//   - Each hostport becomes a cloud endpoint: tcp://host:port for a TCP
//     edge, tls://host for a TLS edge (the port kept when it is not 443).
//   - One rule named after the edge holds restrict-ips (IP restriction, the
//     same policies) and, for a TLS edge terminated at the edge,
//     terminate-tls with its min_version and, for mutual TLS, its
//     certificate authorities' IDs in mutual_tls_certificate_authorities
//     (which takes PEM certificates or certificate authority IDs).
//     restrict-ips comes first, so that a refused address gets no handshake.
//   - A TLS edge that passes TLS through (terminate_at upstream, or no TLS
//     termination module [our reading: the API documents no default for an
//     edge without it, and a tls:// endpoint does not terminate by default,
//     per the terminate-tls reference]) gets no terminate-tls: the agent's
//     tls:// internal endpoint receives the client's TLS.
//   - The traffic_policy module's on_tcp_connect rules follow, in their
//     order; a TCP or TLS endpoint runs no other phase, so its other rules
//     are reported.
//   - A tunnel-group backend becomes forward-internal in a last rule: to the
//     internal URL the user names, else tcp://<labels>.internal:<port of the
//     edge's first hostport> or tls://<labels>.internal. A failover backend
//     becomes one forward-internal per tunnel group, in order, each but the
//     last with on_error: continue (ngrok's guide). Other backends have no
//     equivalent on a TCP or TLS endpoint and are reported with what ngrok's
//     guide says to do.
//   - What has no equivalent, or is disabled, is reported in not_migrated.

// tcpTLSEdgeMigrationInput is a TCP or TLS edge (the modules both have,
// and a TLS edge's own) and what the translation needs besides.
type tcpTLSEdgeMigrationInput struct {
	// Scheme is tcp or tls.
	Scheme         string
	ID             string
	Hostports      []string
	Backend        *apiclient.EdgeBackend
	IPRestriction  *apiclient.EdgeIPRestriction
	TrafficPolicy  *apiclient.EdgeTrafficPolicy
	MutualTLS      *apiclient.EdgeMutualTLS
	TLSTermination *apiclient.EdgeTLSTermination
	// TunnelGroups are the tunnel groups the backend names (itself, or the
	// members of a failover backend), by ID.
	TunnelGroups map[string]*apiclient.TunnelGroupBackend
	// Failover is the backend when it is a failover backend; nil otherwise.
	Failover *apiclient.FailoverBackend
	// InternalURL is the internal endpoint the user names for a
	// tunnel-group backend; "" derives it from the labels.
	InternalURL string
}

const (
	schemeTCP           = "tcp"
	schemeTLS           = "tls"
	failoverBackendPref = "bkdfo_"
)

func tcpEdgeMigrationInput(e *apiclient.TCPEdge) tcpTLSEdgeMigrationInput {
	return tcpTLSEdgeMigrationInput{Scheme: schemeTCP, ID: e.ID, Hostports: e.Hostports, Backend: e.Backend,
		IPRestriction: e.IPRestriction, TrafficPolicy: e.TrafficPolicy}
}

func tlsEdgeMigrationInput(e *apiclient.TLSEdge) tcpTLSEdgeMigrationInput {
	return tcpTLSEdgeMigrationInput{Scheme: schemeTLS, ID: e.ID, Hostports: e.Hostports, Backend: e.Backend,
		IPRestriction: e.IPRestriction, TrafficPolicy: e.TrafficPolicy, MutualTLS: e.MutualTLS, TLSTermination: e.TLSTermination}
}

// terminateTLSMinVersions are the min_version values of the terminate-tls
// action (ngrok's action reference: "Must be one of 1.2 or 1.3").
var terminateTLSMinVersions = []string{"1.2", "1.3"}

// migrateTCPTLSEdge translates a TCP or TLS edge; it is pure, for tests.
func migrateTCPTLSEdge(in tcpTLSEdgeMigrationInput) (edgeMigration, error) {
	var out edgeMigration
	for _, hp := range in.Hostports {
		u, err := tcpTLSEndpointURLOfHostport(in.Scheme, hp)
		if err != nil {
			return edgeMigration{}, err
		}
		out.Endpoints = append(out.Endpoints, migratedEndpoint{Hostport: hp, URL: u})
	}
	skip := func(module, reason string) {
		out.NotMigrated = append(out.NotMigrated, notMigrated{Module: module, Reason: reason})
	}
	name := "edge " + in.ID
	var rules []policyRule
	var actions []policyAction
	if m := in.IPRestriction; m != nil {
		if !m.Enabled {
			skip("ip_restriction", disabled)
		} else {
			ids := make([]string, len(m.IPPolicies))
			for i, p := range m.IPPolicies {
				ids[i] = p.ID
			}
			actions = append(actions, policyAction{Type: actionRestrictIPs, Config: restrictIPsConfig{IPPolicies: ids}})
		}
	}
	if a := terminateTLSAction(in, skip); a != nil {
		actions = append(actions, *a)
	}
	if len(actions) > 0 {
		rules = append(rules, policyRule{Name: name, Actions: actions})
	}
	rules = append(rules, edgeTrafficPolicyRules(in.TrafficPolicy, name, skip)...)
	if urls := tcpTLSForwardURLs(in, skip); len(urls) > 0 {
		// NOTE: forward-internal ends the connection's handling; its rule
		// comes after every other rule of the phase, as ngrok's guide asks.
		// A failover's tunnel groups are tried in order: on_error: continue
		// moves to the next when one cannot take the connection.
		forwards := make([]policyAction, len(urls))
		for i, u := range urls {
			c := forwardInternalConfig{URL: u}
			if i < len(urls)-1 {
				c.OnError = "continue"
			}
			forwards[i] = policyAction{Type: actionForwardInternal, Config: c}
		}
		rules = append(rules, policyRule{Name: name + ": backend", Actions: forwards})
		out.ForwardInternalURLs = urls
	}
	b, err := json.Marshal(policyDocument{OnTCPConnect: rules})
	if err != nil {
		return edgeMigration{}, err
	}
	out.Policy = string(b)
	return out, nil
}

// terminateTLSAction is a TLS edge's terminate-tls action; nil where TLS
// passes through.
func terminateTLSAction(in tcpTLSEdgeMigrationInput, skip func(module, reason string)) *policyAction {
	t := in.TLSTermination
	atEdge := t != nil && (t.Enabled == nil || *t.Enabled) && t.TerminateAt != "upstream"
	if t != nil && t.Enabled != nil && !*t.Enabled {
		skip("tls_termination", disabled)
	}
	var c terminateTLSConfig
	if atEdge && t.MinVersion != nil {
		if slices.Contains(terminateTLSMinVersions, *t.MinVersion) {
			c.MinVersion = *t.MinVersion
		} else {
			skip("tls_termination", fmt.Sprintf("min_version %q: the terminate-tls action accepts TLS %s only (ngrok's "+
				"action reference), so the policy leaves min_version to its default, 1.2, and clients of older versions "+
				"are refused", *t.MinVersion, strings.Join(terminateTLSMinVersions, " or ")))
		}
	}
	if m := in.MutualTLS; m != nil {
		switch {
		case !m.Enabled:
			skip("mutual_tls", disabled)
		case !atEdge:
			skip("mutual_tls", "TLS is not terminated at the edge, so no client certificate was verified there; "+
				"the upstream that terminates TLS verifies them")
		default:
			for _, ca := range m.CertificateAuthorities {
				c.MutualTLSCertificateAuthorities = append(c.MutualTLSCertificateAuthorities, ca.ID)
			}
		}
	}
	if !atEdge {
		return nil
	}
	return &policyAction{Type: actionTerminateTLS, Config: c}
}

// edgeTrafficPolicyRules are the traffic_policy module's on_tcp_connect
// rules, in order; its other phases are reported.
func edgeTrafficPolicyRules(m *apiclient.EdgeTrafficPolicy, name string, skip func(module, reason string)) []policyRule {
	if m == nil {
		return nil
	}
	if !m.Enabled {
		skip("traffic_policy", disabled)
		return nil
	}
	doc, err := parseTrafficPolicy(m.Value)
	if err != nil {
		skip("traffic_policy", "its policy cannot be read: "+err.Error())
		return nil
	}
	phases, ok := doc.(map[string]any)
	if !ok {
		skip("traffic_policy", "its policy is not an object whose keys are phases")
		return nil
	}
	var out []policyRule
	for _, phase := range slices.Sorted(maps.Keys(phases)) {
		rules, err := scopedRules(phases[phase], nil, name+": traffic_policy")
		switch {
		case err != nil:
			skip("traffic_policy", fmt.Sprintf("its %s rules cannot be read: %v", phase, err))
			return nil
		case phase == phaseOnTCPConnect:
			out = rules
		case len(rules) > 0:
			skip("traffic_policy", fmt.Sprintf("its %d %s rules: a tcp:// or tls:// endpoint runs on_tcp_connect only, "+
				"so they never ran on the edge's connections either", len(rules), phase))
		}
	}
	return out
}

// tcpTLSForwardURLs are where forward-internal sends the backend's
// connections, in order: one URL for a tunnel group, one per tunnel group
// of a failover backend (each but the last tried with on_error: continue,
// as ngrok's guide does); none for no backend, or for one that has no
// equivalent (reported).
func tcpTLSForwardURLs(in tcpTLSEdgeMigrationInput, skip func(module, reason string)) []string {
	m := in.Backend
	if m == nil {
		return nil
	}
	id := m.Backend.ID
	switch {
	case !m.Enabled:
		skip("backend", disabled)
		return nil
	case strings.HasPrefix(id, tunnelGroupBackendPref) && in.InternalURL != "":
		return []string{in.InternalURL}
	case strings.HasPrefix(id, tunnelGroupBackendPref):
		u, err := in.tunnelGroupURL(id)
		if err != nil {
			skip("backend", err.Error()+"; name one with internal_url")
			return nil
		}
		return []string{u}
	case strings.HasPrefix(id, failoverBackendPref) && in.Failover != nil:
		var urls []string
		for _, member := range in.Failover.Backends {
			if !strings.HasPrefix(member, tunnelGroupBackendPref) {
				skip("backend", fmt.Sprintf("failover backend %s, its %s", id, tcpTLSBackendReason(member)))
				continue
			}
			u, err := in.tunnelGroupURL(member)
			if err != nil {
				skip("backend", fmt.Sprintf("failover backend %s: %v", id, err))
				continue
			}
			urls = append(urls, u)
		}
		return urls
	}
	skip("backend", tcpTLSBackendReason(id))
	return nil
}

// tunnelGroupURL is the internal endpoint URL of a tunnel group, after its
// labels: tls://<labels>.internal, tcp://<labels>.internal:<port of the
// edge's first hostport>.
func (in tcpTLSEdgeMigrationInput) tunnelGroupURL(id string) (string, error) {
	tg := in.TunnelGroups[id]
	if tg == nil {
		return "", fmt.Errorf("tunnel-group backend %s could not be read", id)
	}
	host, err := internalHostOfLabels(tg.Labels)
	if err != nil {
		return "", fmt.Errorf("tunnel-group backend %s: %w", id, err)
	}
	if in.Scheme != schemeTCP {
		return in.Scheme + "://" + host, nil
	}
	if len(in.Hostports) == 0 {
		return "", fmt.Errorf("a tcp:// internal endpoint needs a port, and the edge has no hostport to take it from")
	}
	_, port, _ := net.SplitHostPort(in.Hostports[0])
	return "tcp://" + net.JoinHostPort(host, port), nil
}

// tcpTLSBackendReason says why a backend other than a tunnel group has no
// equivalent on a TCP or TLS endpoint, and what ngrok's guide does instead.
func tcpTLSBackendReason(id string) string {
	switch {
	case strings.HasPrefix(id, "bkdhr_"):
		return fmt.Sprintf("HTTP response backend %s: its equivalent, custom-response, is an HTTP action, and a tcp:// or "+
			"tls:// endpoint runs on_tcp_connect only (ngrok's guide)", id)
	case strings.HasPrefix(id, failoverBackendPref):
		return fmt.Sprintf("failover backend %s could not be read: ngrok's guide replaces it by one forward-internal per "+
			"tunnel group in order, each but the last with on_error: continue", id)
	case strings.HasPrefix(id, "bkdwd_"):
		return fmt.Sprintf("weighted backend %s: traffic policy does not support weighted backends (ngrok's guide)", id)
	case strings.HasPrefix(id, "bkdsc_"):
		return fmt.Sprintf("static address backend %s: forward-internal reaches internal endpoints only; run an agent "+
			"endpoint on an internal URL that forwards to the address, and forward to it", id)
	}
	return fmt.Sprintf("backend %s is not a tunnel-group backend: only those become forward-internal", id)
}

// tcpTLSEndpointURLOfHostport is the cloud endpoint URL serving a TCP or
// TLS edge's hostport: tcp://host:port, tls://host (port kept unless 443).
func tcpTLSEndpointURLOfHostport(scheme, hp string) (string, error) {
	host, port, err := net.SplitHostPort(hp)
	if err != nil || host == "" || port == "" {
		return "", fmt.Errorf("hostport %q is not host:port", hp)
	}
	if scheme == schemeTLS && port == "443" {
		return "tls://" + host, nil
	}
	return scheme + "://" + net.JoinHostPort(host, port), nil
}

// checkInternalURL checks an internal endpoint URL the user names for a
// TCP or TLS edge: the edge's scheme (forward-internal forwards between
// endpoints of one protocol, ERR_NGROK_3502), a host ending in .internal, a
// port for tcp://, nothing after the port.
func checkInternalURL(scheme, s string) error {
	u, err := url.Parse(s)
	if err != nil || u.Scheme != scheme || u.Hostname() == "" {
		return fmt.Errorf("%q is not a %s:// URL, such as %s", s, scheme, exampleInternalURL(scheme))
	}
	if !strings.HasSuffix(u.Hostname(), ".internal") {
		return fmt.Errorf("the host of %q does not end in .internal: forward-internal reaches internal endpoints only", s)
	}
	if scheme == schemeTCP && u.Port() == "" {
		return fmt.Errorf("%q has no port: a tcp:// internal endpoint has one, such as %s", s, exampleInternalURL(scheme))
	}
	if (u.Path != "" && u.Path != "/") || u.RawQuery != "" || u.User != nil || u.Fragment != "" {
		return fmt.Errorf("%q has more than a scheme, host and port", s)
	}
	return nil
}

func exampleInternalURL(scheme string) string {
	if scheme == schemeTCP {
		return "tcp://app-db.internal:5432"
	}
	return "tls://app-web.internal"
}
