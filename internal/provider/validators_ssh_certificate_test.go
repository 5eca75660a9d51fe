package provider

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/hashicorp/terraform-plugin-framework/attr"
	"github.com/hashicorp/terraform-plugin-framework/path"
	"github.com/hashicorp/terraform-plugin-framework/schema/validator"
	"github.com/hashicorp/terraform-plugin-framework/types"
)

func validateString(v validator.String, value types.String) []string {
	resp := &validator.StringResponse{}
	v.ValidateString(context.Background(), validator.StringRequest{Path: path.Root("x"), ConfigValue: value}, resp)
	var out []string
	for _, d := range resp.Diagnostics.Errors() {
		out = append(out, d.Summary()+": "+d.Detail())
	}
	return out
}

func validateMap(v validator.Map, value types.Map) []string {
	resp := &validator.MapResponse{}
	v.ValidateMap(context.Background(), validator.MapRequest{Path: path.Root("x"), ConfigValue: value}, resp)
	var out []string
	for _, d := range resp.Diagnostics.Errors() {
		out = append(out, d.Summary()+": "+d.Detail())
	}
	return out
}

func stringMap(m map[string]string) types.Map {
	elems := map[string]attr.Value{}
	for k, v := range m {
		elems[k] = types.StringValue(v)
	}
	return types.MapValueMust(types.StringType, elems)
}

// checkValidation fails unless errs is empty (want == "") or has an error
// containing want.
func checkValidation(t *testing.T, what string, errs []string, want string) {
	t.Helper()
	switch {
	case want == "" && len(errs) > 0:
		t.Errorf("%s: unexpected errors %q", what, errs)
	case want != "" && (len(errs) == 0 || !strings.Contains(strings.Join(errs, "\n"), want)):
		t.Errorf("%s: errors %q, want one containing %q", what, errs, want)
	}
}

func TestSSHPublicKeyValidator(t *testing.T) {
	t.Parallel()
	ed := testSSHPublicKey(t, "ed25519")
	for name, tc := range map[string]struct {
		value types.String
		want  string
	}{
		"null":                  {types.StringNull(), ""},
		"unknown":               {types.StringUnknown(), ""},
		"ed25519 with comment":  {types.StringValue(ed + " alice@laptop\n"), ""},
		"rsa":                   {types.StringValue(testSSHPublicKey(t, "rsa2048")), ""},
		"garbage":               {types.StringValue("AAAAC3NzaC1lZDI1NTE5"), "Invalid SSH Public Key"},
		"options":               {types.StringValue(`restrict ` + ed), "authorized_keys options"},
		"a private key's first": {types.StringValue("-----BEGIN OPENSSH PRIVATE KEY-----"), "not an OpenSSH public key"},
	} {
		checkValidation(t, name, validateString(sshPublicKeyValidator{}, tc.value), tc.want)
	}
}

func TestRFC3339Validator(t *testing.T) {
	t.Parallel()
	for value, want := range map[string]string{
		"2030-01-01T00:00:00Z":      "",
		"2030-01-01T09:00:00+09:00": "",
		"2030-01-01T00:00:00.5Z":    "",
		"1970-01-01T00:00:00Z":      "",
		"9999-12-31T23:59:59Z":      "",
		"2030-01-01":                "not an RFC 3339 timestamp",
		"2030-01-01T00:00:00":       "not an RFC 3339 timestamp",
		"1969-12-31T23:59:59Z":      "before 1970",
		"9999-12-31T23:59:59-01:00": "after 9999-12-31T23:59:59Z",
		// time.Parse reads these, RFC 3339 has neither.
		"2030-01-01T00:00:00,5Z":    "not an RFC 3339 timestamp",
		"2030-01-01T00:00:00+24:00": "not an RFC 3339 timestamp",
	} {
		checkValidation(t, value, validateString(rfc3339Validator{}, types.StringValue(value)), want)
	}
}

func TestDurationValidator(t *testing.T) {
	t.Parallel()
	v := durationValidator{min: time.Minute}
	for value, want := range map[string]string{
		"1h": "", "90m": "", "1h30m": "", "1m": "",
		"59s": "shorter than the minimum", "-1h": "shorter than the minimum", "0": "shorter than the minimum",
		"1 hour": "not a duration", "": "not a duration", "1d": "not a duration",
	} {
		checkValidation(t, value, validateString(v, types.StringValue(value)), want)
	}
}

func TestSSHCriticalOptionsValidator(t *testing.T) {
	t.Parallel()
	for name, tc := range map[string]struct {
		value map[string]string
		want  string
	}{
		"none":                     {map[string]string{}, ""},
		"both":                     {map[string]string{"force-command": "uptime", "source-address": "10.0.0.0/8,192.0.2.7,2001:db8::/32,::1"}, ""},
		"empty force-command":      {map[string]string{"force-command": "  "}, "needs the command"},
		"source-address host name": {map[string]string{"source-address": "bastion.example.com"}, `"bastion.example.com" is neither`},
		"source-address spaces":    {map[string]string{"source-address": "10.0.0.1, 10.0.0.2"}, `" 10.0.0.2" is neither`},
		"source-address empty":     {map[string]string{"source-address": ""}, "it is empty"},
		"source-address bad CIDR":  {map[string]string{"source-address": "10.0.0.0/33"}, "is neither"},
		// Names are the OneOf key validator's job.
		"other names pass here": {map[string]string{"permit-pty": ""}, ""},
	} {
		checkValidation(t, name, validateMap(sshCriticalOptionsValidator{}, stringMap(tc.value)), tc.want)
	}
	checkValidation(t, "unknown element", validateMap(sshCriticalOptionsValidator{},
		types.MapValueMust(types.StringType, map[string]attr.Value{"source-address": types.StringUnknown()})), "")
}

func TestSSHExtensionsValidator(t *testing.T) {
	t.Parallel()
	for name, tc := range map[string]struct {
		value map[string]string
		want  string
	}{
		"defaults":          {map[string]string{"permit-pty": "", "permit-user-rc": ""}, ""},
		"every flag":        {map[string]string{"permit-X11-forwarding": "", "permit-agent-forwarding": "", "permit-port-forwarding": "", "no-touch-required": ""}, ""},
		"vendor":            {map[string]string{"login@example.com": "alice"}, ""},
		"flag with a value": {map[string]string{"permit-pty": "true"}, "is a flag"},
		"unknown name":      {map[string]string{"permit-x11-forwarding": ""}, "not an extension OpenSSH knows"},
		"vendor, no domain": {map[string]string{"login@": ""}, "not an extension OpenSSH knows"},
		"vendor with space": {map[string]string{"my login@example.com": ""}, "not an extension OpenSSH knows"},
	} {
		checkValidation(t, name, validateMap(sshExtensionsValidator{}, stringMap(tc.value)), tc.want)
	}
}

func TestSSHCertValidityError(t *testing.T) {
	t.Parallel()
	now := time.Date(2030, 1, 1, 0, 0, 0, 0, time.UTC)
	s, null, unknown := types.StringValue, types.StringNull(), types.StringUnknown()
	for _, tc := range []struct {
		name         string
		after, until types.String
		now          time.Time
		want         string
	}{
		{"both omitted", null, null, now, ""},
		{"positive", s("2030-01-01T00:00:00Z"), s("2030-01-01T00:00:01Z"), now, ""},
		{"zero", s("2030-01-01T00:00:00Z"), s("2030-01-01T01:00:00+01:00"), now, "must be after valid_after"},
		{"zero after truncation", s("2030-01-01T00:00:00Z"), s("2030-01-01T00:00:00.9Z"), now, "must be after valid_after"},
		{"negative", s("2030-01-02T00:00:00Z"), s("2030-01-01T00:00:00Z"), now, "must be after valid_after"},
		{"unknown start", unknown, s("2000-01-01T00:00:00Z"), now, ""},
		{"past end, default start, new certificate", null, s("2029-12-31T23:59:59Z"), now, "not in the future"},
		{"past end, default start, existing certificate", null, s("2029-12-31T23:59:59Z"), time.Time{}, ""},
		{"future end, default start", null, s("2030-01-01T00:00:01Z"), now, ""},
		{"unparseable: the attribute validator's job", s("x"), s("y"), now, ""},
	} {
		got := sshCertValidityError(tc.after, tc.until, tc.now)
		if (tc.want == "") != (got == "") || !strings.Contains(got, tc.want) {
			t.Errorf("%s: %q, want %q", tc.name, got, tc.want)
		}
	}
}

// The principals the API refuses (any whitespace or control character,
// Unicode's included) are refused at plan time.
func TestPrincipalPattern(t *testing.T) {
	t.Parallel()
	for p, valid := range map[string]bool{
		"web-1.example.com": true,
		"192.0.2.10":        true,
		"deploy":            true,
		"jürgen":            true,
		"":                  false,
		"web 1":             false,
		"web\t1":            false,
		"web\u00a01":        false, // no-break space
		"web\u30001":        false, // ideographic space
		"web\u20281":        false, // line separator
		"web\x001":          false,
		"web\x7f1":          false,
		"web\u00851":        false, // next line (C1)
	} {
		if got := principalPattern.MatchString(p); got != valid {
			t.Errorf("principal %q: valid = %v, want %v", p, got, valid)
		}
	}
}
