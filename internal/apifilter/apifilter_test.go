package apifilter

import (
	"errors"
	"strings"
	"testing"
	"time"
)

// TestCheck: the page's valid examples pass, and each construct it refuses
// is refused with a message that names it.
func TestCheck(t *testing.T) {
	t.Parallel()
	cases := []struct {
		path, src string
		want      string // "" accepted; else a part of the message
	}{
		// The page's own examples.
		{"/endpoints", `obj.type == "cloud" || obj.type == "agent"`, ""},
		{"/endpoints", `obj.type in ["agent", "cloud"]`, ""},
		{"/endpoints", `"public" in obj.bindings || "internal" in obj.bindings`, ""},
		{"/vaults", `obj.created_at < timestamp("2025-10-31T09:23:45-07:00")`, ""},
		{"/endpoints", `obj.created_at >= timestamp(time.now).subtract("7d")`, ""},
		{"/tls_certificates", `obj.not_after <= timestamp(time.now).add("24h")`, ""},
		{"/reserved_domains", `obj.domain.startsWith("myapi.ngrok")`, ""},
		{"/ip_policy_rules", `obj.cidr.contains("1.1.0.0/16") && obj.action == "deny"`, ""},
		{"/credentials", `obj.owner_id == "usr_2tEpN0yrxDI4j8jVnhVRoTNN2Tx" && (obj.acl == null || obj.acl == "")`, ""},
		{"/agent_ingresses", `obj.domain in ["foo.com","bar.com","baz.com"] || (obj.created_at < timestamp("2025-05-10Z") && obj.description.contains("cowbell"))`, ""},
		{"/endpoints", `obj.id == "ep_123"`, ""},
		// Length and emptiness, grouping, negation; nested fields of a listed reference.
		{"/endpoints", `size(obj.description) > 3 && obj.metadata.size() == 0 && !(obj.name == "")`, ""},
		{"/ip_policy_rules", `obj.ip_policy.id == "ipp_1"`, ""},
		{"/reserved_domains", `obj.certificate.id == "cert_1"`, ""},
		{"/nowhere", `obj.anything == 1`, ""},
		// Refused constructs, in the page's words.
		{"/endpoints", `obj.bindings[0] == "public"`, "index access is not supported (filter:1:13)"},
		{"/endpoints", `size(obj.url) + 1 > 2`, "arithmetic is not supported"},
		{"/endpoints", `-size(obj.url) < 0`, "arithmetic is not supported"},
		{"/endpoints", `obj.type == "cloud" ? true : false`, "the ternary operator is not supported"},
		{"/endpoints", `type(obj.url) == string`, "type checks are not supported"},
		{"/endpoints", `string(obj.url) == "x"`, "type checks are not supported"},
		{"/endpoints", `obj.url.matches("^https")`, "regular expressions are not supported"},
		{"/endpoints", `matches(obj.url, "^https")`, "regular expressions are not supported"},
		// High-entropy fields.
		{"/endpoints", `obj.id.startsWith("ep_")`, "startsWith() is not supported on the high-entropy field obj.id"},
		{"/api_keys", `obj.owner_id.contains("usr")`, "high-entropy field obj.owner_id"},
		{"/ip_policy_rules", `obj.ip_policy.id.endsWith("x")`, "high-entropy field obj.ip_policy.id"},
		// Fields not in the list's table.
		{"/endpoints", `obj.idk == "x"`, "unsupported field: obj.idk (must be obj.id, obj.created_at, obj.description, obj.metadata, " +
			"obj.principal.id, obj.type, obj.bindings, obj.url, obj.pooling_enabled, obj.scheme, obj.region, or obj.name)"},
		{"/service_users", `obj.name == "x"`, "unsupported field: obj.name (must be obj.id, or obj.created_at)"},
		{"/reserved_domains", `obj.certificate == null`, "unsupported field: obj.certificate "},
		{"/vault_secrets", `obj.vault.id == "vault_1"`, "unsupported field: obj.vault.id"},
		// Undocumented functions, macros and literals.
		{"/endpoints", `has(obj.description)`, "the function has() is not supported"},
		{"/endpoints", `obj.bindings.exists(b, b == "public")`, "the function exists() is not supported"},
		{"/endpoints", `obj.url.lowerAscii() == "x"`, "the function lowerAscii() is not supported"},
		{"/endpoints", `{"a": 1}.size() == 1`, "map and object literals are not supported"},
		{"/endpoints", `obj == null`, "not obj itself"},
		{"/endpoints", `other.url == "x"`, "unknown name other"},
		{"/endpoints", `obj.url.startsWith()`, "startsWith() takes a receiver and 1 argument(s)"},
		{"/endpoints", `obj.created_at > timestamp(time.now).add("soon")`, `add() takes a duration string`},
		{"/endpoints", `obj.created_at > timestamp(time.now).add(obj.url)`, `add() takes a duration string`},
		// Syntax.
		{"/endpoints", `obj.type ==`, "Syntax error"},
		{"/endpoints", strings.Repeat("(", MaxDepth+1) + "true" + strings.Repeat(")", MaxDepth+1), "recursion"},
		{"/endpoints", `"` + strings.Repeat("a", MaxBytes) + `" == obj.url`, "size exceeds"},
	}
	for _, tc := range cases {
		err := Check(tc.src, tc.path)
		if tc.want == "" {
			if err != nil {
				t.Errorf("Check(%q, %s) = %v; want accepted", tc.src, tc.path, err)
			}
			continue
		}
		var fe *Error
		if !errors.As(err, &fe) || !strings.HasPrefix(err.Error(), "Invalid CEL query: ") || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("Check(%q, %s) = %v; want an *Error containing %q", tc.src, tc.path, err, tc.want)
		}
	}
}

func TestParseDuration(t *testing.T) {
	t.Parallel()
	for s, want := range map[string]time.Duration{
		"7d": 7 * 24 * time.Hour, "24h": 24 * time.Hour, "15m": 15 * time.Minute, "1h30m": 90 * time.Minute, "10s": 10 * time.Second,
		"250ms": 250 * time.Millisecond,
	} {
		if got, err := ParseDuration(s); err != nil || got != want {
			t.Errorf("ParseDuration(%q) = %v, %v; want %v", s, got, err, want)
		}
	}
	for _, s := range []string{"", "7", "d", "-1d", "1.5h", "1w", "36500d36500d", "99999999999999999999d"} {
		if _, err := ParseDuration(s); err == nil {
			t.Errorf("ParseDuration(%q) accepted", s)
		}
	}
}

// FuzzCheck: any text is accepted or refused with an *Error, the same way
// every time, and a filter accepted for a list is accepted for any list's
// fields (path "").
func FuzzCheck(f *testing.F) {
	for _, src := range []string{
		`obj.type == "cloud" || obj.type == "agent"`, `"public" in obj.bindings`, `obj.id.startsWith("ep_")`,
		`obj.created_at >= timestamp(time.now).subtract("7d")`, `obj.bindings[0] == "x"`, `a ? b : c`,
		`has(obj.x)`, `obj.url.matches(".")`, `{"a": 1} == obj`, `obj.type ==`, ``, `time.now`,
		`timestamp(time.now).add("1h30m") > obj.created_at`, `obj.x.y.z.startsWith("a")`, `-1 < size(obj.name)`,
	} {
		f.Add(src, "/endpoints")
		f.Add(src, "/service_users")
	}
	f.Fuzz(func(t *testing.T, src, path string) {
		err := Check(src, path)
		var fe *Error
		if err != nil && !errors.As(err, &fe) {
			t.Fatalf("Check(%q) = %v, not an *Error", src, err)
		}
		if again := Check(src, path); (again == nil) != (err == nil) || (err != nil && again.Error() != err.Error()) {
			t.Fatalf("Check(%q): %v, then %v", src, err, again)
		}
		if err == nil {
			if anyErr := Check(src, ""); anyErr != nil {
				t.Fatalf("Check(%q) accepted for %s, refused for any fields: %v", src, path, anyErr)
			}
		}
	})
}
