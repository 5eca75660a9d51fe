package trafficpolicy

import (
	"fmt"
	"maps"
	"net/netip"
	"net/url"
	"slices"
	"strconv"
	"strings"
	"time"
)

// Meaning: what the action reference says of a field's value beyond its
// JSON type (ranges, units, counts, formats), the phases of each protocol,
// the arities of ngrok's macros and the names of actions that were modules.
// Each rule names the page it is written from, in ngrok/ngrok-docs.

// Options are what a check knows of the policy's place.
type Options struct {
	// Scheme is the URL scheme of the endpoint the policy is attached to
	// (tcp, tls, http, https); "" when not known, and then every phase is
	// accepted.
	Scheme string
}

// Unknown stands for a value not known yet (a Terraform value known only at
// apply). The checker accepts it wherever a value of any type may be, and
// checks everything around it.
type Unknown struct{}

func isUnknown(v any) bool {
	_, ok := v.(Unknown)
	return ok
}

// protocolPhases are the phases each protocol runs (traffic-policy/how-it-works.mdx,
// "Phases available by protocol"); on_event_stream_message is a message of
// an HTTP response (snippets/traffic-policy/actions/sse-find-replace).
var protocolPhases = map[string][]string{
	"http":  {tcp, request, response, stream},
	"https": {tcp, request, response, stream},
	"tcp":   {tcp},
	"tls":   {tcp},
}

// renamedActions are the modules of edges (and of the agent's former
// configuration) whose names users still write as action types, and the
// actions that replace them (guides/migration/modules-to-traffic-policy-actions.mdx,
// guides/migration/edges-to-endpoints.mdx, "Convert modules to actions").
var renamedActions = map[string]string{
	"webhook-validation":   "verify-webhook",
	"webhook-verification": "verify-webhook",
	"ip-policy":            "restrict-ips",
	"ip-restriction":       "restrict-ips",
	"ip-restrictions":      "restrict-ips",
	"mutual-tls":           "terminate-tls",
	"tls-termination":      "terminate-tls",
	"request-headers":      "add-headers or remove-headers",
	"response-headers":     "add-headers or remove-headers",
	"compression":          "compress-response",
	"user-agent-filter":    "set-vars then deny, with an expression on req.user_agent",
}

// renamedAction is the action replacing a module's name written with
// dashes or underscores; "" when typ is no module's name.
func renamedAction(typ string) string {
	return renamedActions[strings.ReplaceAll(strings.ToLower(typ), "_", "-")]
}

// macroArities are the numbers of arguments each of ngrok's global macros
// takes (traffic-policy/macros/index.mdx, each macro's heading and
// "Signatures").
var macroArities = map[string][]int{
	"getReqCookie": {1}, "getReqHeader": {1}, "getQueryParam": {1}, "hasQueryParam": {1},
	"hasReqCookie": {1}, "hasReqHeader": {1}, "getResCookie": {1}, "getResHeader": {1},
	"hasResCookie": {1}, "hasResHeader": {1}, "inCidrRange": {2}, "inCidrRanges": {2},
	"basic_auth.encode": {2},
	"hash.crc32":        {1, 2}, "hash.crc64": {1, 2}, "hash.md5": {1, 2}, "hash.sha1": {1, 2},
	"hash.sha256": {1, 2}, "hash.sha512": {1, 2}, "hash.xxhash64": {1, 2},
	"json.decode": {1}, "json.encode": {1}, "queryString.decode": {1}, "queryString.encode": {1},
	"rand.double": {0}, "rand.int": {2}, "secrets.get": {2},
	"url.escape": {1}, "url.parse": {1}, "url.unescape": {1},
}

// macroSignature is how a macro's reference writes its arguments, for
// messages.
var macroSignature = map[string]string{
	"secrets.get":       "secrets.get('vault-name', 'secret-name')",
	"basic_auth.encode": "basic_auth.encode(username, password)",
	"inCidrRange":       "inCidrRange(ip, cidr)",
	"inCidrRanges":      "inCidrRanges(ip, cidrs)",
	"rand.int":          "rand.int(min, max)",
}

// boolVariables are the variables whose value is a bool; every other leaf
// of variablePaths is a string, a number, a list or a timestamp
// (traffic-policy/variables/*.mdx, each variable's "Type"). A rule's
// expression that is a bare variable must be one of these.
var boolVariables = []string{
	"req.user_agent.is_mobile", "req.user_agent.is_tablet", "req.user_agent.is_desktop", "req.user_agent.is_bot",
	"conn.tls.session_resumed",
	"conn.client_ip.is_on_blocklist", "conn.client_ip.is_tor_node",
	"conn.client_ip.geo.location.is_eu", "conn.client_ip.geo.registered_location.is_eu",
	"conn.server_ip.is_on_blocklist", "conn.server_ip.is_tor_node",
	"conn.server_ip.geo.location.is_eu", "conn.server_ip.geo.registered_location.is_eu",
}

// literal reports whether a string of a CEL-interpolated field is known
// before traffic arrives: no ${...} in it.
func literal(s string) bool { return !strings.Contains(s, "${") }

// between is a constraint on an integer or a number: lo ≤ v ≤ hi.
func between(lo, hi float64) func(any) string {
	return func(v any) string {
		f, ok := numberOf(v)
		if !ok || (f >= lo && f <= hi) {
			return ""
		}
		return fmt.Sprintf("%s is out of range; write a value from %s to %s",
			strconv.FormatFloat(f, 'f', -1, 64), strconv.FormatFloat(lo, 'f', -1, 64), strconv.FormatFloat(hi, 'f', -1, 64))
	}
}

// httpStatus is a constraint on a status code: an HTTP status, 100 to 599
// (RFC 9110, section 15).
func httpStatus(v any) string {
	f, ok := numberOf(v)
	if !ok || (f >= 100 && f <= 599) {
		return ""
	}
	return fmt.Sprintf("%s is not an HTTP status code; write a status from 100 to 599, such as 403 or 404", strconv.FormatFloat(f, 'f', -1, 64))
}

// count is a constraint on a list's or a map's size.
func count(lo, hi int, what string) func(any) string {
	return func(v any) string {
		n := -1
		switch v := v.(type) {
		case []any:
			n = len(v)
		case map[string]any:
			n = len(v)
		}
		switch {
		case n < 0:
			return ""
		case n < lo:
			return fmt.Sprintf("has %d %s; write at least %d", n, what, lo)
		case n > hi:
			return fmt.Sprintf("has %d %s; at most %d are allowed", n, what, hi)
		}
		return ""
	}
}

// duration is a constraint on a duration string: lo ≤ d ≤ hi and, when
// step is not 0, a multiple of step.
func duration(lo, hi, step time.Duration) func(any) string {
	return func(v any) string {
		s, ok := stringOf(v)
		if !ok || !literal(s) {
			return ""
		}
		d, err := time.ParseDuration(s)
		if err != nil {
			return fmt.Sprintf("%q is not a duration; write a number and a unit, such as %q", s, formatDuration(lo))
		}
		switch {
		case d < lo || d > hi:
			return fmt.Sprintf("%q is out of range; write a duration from %s to %s", s, formatDuration(lo), formatDuration(hi))
		case step != 0 && d%step != 0:
			return fmt.Sprintf("%q is not a multiple of %s; write, e.g., %q", s, formatDuration(step), formatDuration(max(lo, d.Round(step))))
		}
		return ""
	}
}

// formatDuration writes a duration as ngrok's examples do: 60s, 10m, 24h.
func formatDuration(d time.Duration) string {
	switch {
	case d%time.Hour == 0 && d >= time.Hour:
		return fmt.Sprintf("%dh", d/time.Hour)
	case d%time.Minute == 0 && d >= 10*time.Minute:
		return fmt.Sprintf("%dm", d/time.Minute)
	}
	return fmt.Sprintf("%ds", d/time.Second)
}

// Basic-auth credentials (snippets/traffic-policy/actions/basic-auth/config.mdx):
// username:password, the password 8 to 128 characters, as the API says
// with ERR_NGROK_360 (errors/err_ngrok_360.mdx).
const (
	MinBasicAuthPassword = 8
	MaxBasicAuthPassword = 128
)

// basicAuthCredential is a constraint on one credential written
// "username:password".
func basicAuthCredential(v any) Problem {
	s, ok := stringOf(v)
	if !ok || !literal(s) {
		// NOTE: the reference allows ${...} for the username, the password
		// or the whole credential; only a literal credential is measured.
		return Problem{}
	}
	user, password, found := strings.Cut(s, ":")
	switch {
	case !found:
		return Problem{What: fmt.Sprintf("the credential %q has no password; write \"username:password\"", truncate(s, 40))}
	case user == "":
		return Problem{What: "a credential has no username; write \"username:password\""}
	}
	return basicAuthPassword(password)
}

// basicAuthPassword is the problem of a password's length (ERR_NGROK_360).
func basicAuthPassword(password string) Problem {
	n := len([]rune(password))
	if n >= MinBasicAuthPassword && n <= MaxBasicAuthPassword {
		return Problem{}
	}
	return Problem{
		What: fmt.Sprintf("a basic-auth password must be between %d and %d characters, got %d; write a longer password, or one from a vault with ${secrets.get('vault', 'name')}",
			MinBasicAuthPassword, MaxBasicAuthPassword, n),
		Code: "ERR_NGROK_360", Args: []any{MinBasicAuthPassword, MaxBasicAuthPassword, n},
	}
}

// basicAuthObject is the constraint on a credential written {username,
// password}.
func basicAuthObject(v any) Problem {
	obj, ok := v.(map[string]any)
	if !ok {
		return Problem{}
	}
	if p, ok := stringOf(obj["password"]); ok && literal(p) {
		return basicAuthPassword(p)
	}
	return Problem{}
}

// CIDRProblem says why s is not a CIDR ("10.0.0.0/8", "2001:db8::/32"), as
// restrict-ips' allow and deny need (snippets/traffic-policy/actions/restrict-ips/config.mdx;
// the API's ERR_NGROK_2217, errors/err_ngrok_2217.mdx); "" when it is one.
func CIDRProblem(s string) string {
	if _, err := netip.ParsePrefix(s); err == nil {
		return ""
	}
	if a, err := netip.ParseAddr(s); err == nil {
		return fmt.Sprintf("%q is an address, not a CIDR; write %q", s, netip.PrefixFrom(a, a.BitLen()).String())
	}
	return fmt.Sprintf("%q is not a CIDR; write an address and a prefix length, such as \"203.0.113.0/24\" or \"2001:db8::/32\"", truncate(s, 60))
}

func cidr(v any) Problem {
	if s, ok := stringOf(v); ok && literal(s) {
		if msg := CIDRProblem(s); msg != "" {
			return Problem{What: msg, Code: "ERR_NGROK_2217", Args: []any{s}}
		}
	}
	return Problem{}
}

// ipPolicyID: restrict-ips' ip_policies are IP policy IDs (ipp_...), the
// prefix of every IP policy's id (api/resources examples of ip_policies).
func ipPolicyID(v any) string {
	if s, ok := stringOf(v); ok && !strings.HasPrefix(s, "ipp_") {
		return fmt.Sprintf("%q is not an IP policy ID; write the id of an IP policy (ipp_...), e.g. ngrok_ip_policy.x.id", truncate(s, 40))
	}
	return ""
}

// internalURL: forward-internal's url is an internal endpoint's URL, whose
// host ends with .internal (snippets/traffic-policy/actions/forward-internal/config.mdx,
// "such as http://my-internal-endpoint.internal:1234").
func internalURL(v any) string {
	s, ok := stringOf(v)
	if !ok || !literal(s) {
		return ""
	}
	u, err := url.Parse(s)
	if err != nil || u.Host == "" {
		return fmt.Sprintf("%q is not a URL; write an internal endpoint's URL, such as \"https://app.internal\"", truncate(s, 60))
	}
	if !strings.HasSuffix(strings.ToLower(u.Hostname()), ".internal") {
		return fmt.Sprintf("%q is not an internal endpoint's URL (its host ends with .internal); forward to an internal endpoint such as \"https://app.internal\", whose own policy may forward anywhere", truncate(s, 60))
	}
	return ""
}

// absoluteURL: http-request's url is an absolute http(s) URL
// (snippets/traffic-policy/actions/http-request/config.mdx).
func absoluteURL(v any) string {
	s, ok := stringOf(v)
	if !ok || !literal(s) {
		return ""
	}
	if u, err := url.Parse(s); err != nil || u.Host == "" || (u.Scheme != "http" && u.Scheme != "https") {
		return fmt.Sprintf("%q is not an http or https URL; write one such as \"https://api.example.com/check\"", truncate(s, 60))
	}
	return ""
}

// oneKey: each map of set-vars' vars is of exactly one key
// (snippets/traffic-policy/actions/set-vars/config.mdx; the API's
// ERR_NGROK_2252, errors/err_ngrok_2252.mdx).
func oneKey(v any) Problem {
	obj, ok := v.(map[string]any)
	if !ok || len(obj) == 1 {
		return Problem{}
	}
	if len(obj) == 0 {
		return Problem{What: "a variable map is empty; write one key and its value, e.g. - {name: value}", Code: "ERR_NGROK_2252"}
	}
	keys := slices.Sorted(maps.Keys(obj))
	return Problem{Code: "ERR_NGROK_2252", What: fmt.Sprintf("a variable map has %d keys (%s); write one map per variable: %s", len(obj), strings.Join(keys, ", "),
		strings.Join(slices.Collect(func(yield func(string) bool) {
			for _, k := range keys {
				if !yield("- {" + k + ": ...}") {
					return
				}
			}
		}), " "))}
}

// notNone: jwt-validation refuses the algorithm none
// (snippets/traffic-policy/actions/jwt-validation/config.mdx).
func notNone(v any) string {
	if s, ok := stringOf(v); ok && strings.EqualFold(s, "none") {
		return `the algorithm "none" is not accepted; write a signing algorithm such as RS256 or ES256`
	}
	return ""
}

// unique: compress-response's algorithms are each listed once
// (snippets/traffic-policy/actions/compress-response/config.mdx).
func unique(v any) string {
	list, ok := v.([]any)
	if !ok {
		return ""
	}
	seen := map[string]bool{}
	for _, e := range list {
		if s, ok := stringOf(e); ok {
			if seen[s] {
				return fmt.Sprintf("%q is listed twice; list each once", s)
			}
			seen[s] = true
		}
	}
	return ""
}

// maxLength: a string of at most n characters.
func maxLength(n int) func(any) string {
	return func(v any) string {
		if s, ok := stringOf(v); ok && len([]rune(s)) > n {
			return fmt.Sprintf("is %d characters long; at most %d are allowed", len([]rune(s)), n)
		}
		return ""
	}
}

// constraint is a value's meaning: the problem with v (its What "" when
// none), its Where left to the checker.
type constraint func(v any) Problem

// with is t constrained by c, whose problems the API answers with
// ERR_NGROK_18002.
func with(t *valueType, c func(any) string) *valueType {
	t.meaning = func(v any) Problem { return Problem{What: c(v)} }
	return t
}

// withCode is t constrained by c, whose problems have a code of ngrok's.
func withCode(t *valueType, c constraint) *valueType {
	t.meaning = c
	return t
}

// FirstCode is the code of ngrok's that the API answers a policy with these
// problems with: the first problem's that has one, "" for ERR_NGROK_18002.
func FirstCode(problems []Problem) string {
	for _, p := range problems {
		if p.Code != "" {
			return p.Code
		}
	}
	return ""
}
