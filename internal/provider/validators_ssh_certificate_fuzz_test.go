package provider

import (
	"context"
	"slices"
	"strings"
	"testing"
	"time"
	"unicode/utf8"

	"github.com/hashicorp/terraform-plugin-framework/path"
	"github.com/hashicorp/terraform-plugin-framework/schema/validator"
	"github.com/hashicorp/terraform-plugin-framework/types"
	"golang.org/x/crypto/ssh"
)

// FuzzSSHPublicKey checks the reading of a public key to certify: what it
// accepts is one key of a type the API certifies, which reads back as the
// same key from its own authorized-keys line; the comparison of two lines
// is reflexive and symmetric and ignores comments; the validator agrees, in
// diagnostics Terraform can carry. Seeds: the examples' keys, and
// ssh-keygen's keys and certificates of every type (testdata/fuzz).
func FuzzSSHPublicKey(f *testing.F) {
	keys := exampleAttributeValues(f, "public_key")
	for i, k := range keys {
		f.Add(k, keys[(i+1)%len(keys)])
	}
	f.Add("ssh-ed25519 AAAA", "")
	f.Fuzz(func(t *testing.T, a, b string) {
		keyType, err := parseSSHPublicKey(a)
		if again, err2 := parseSSHPublicKey(a); again != keyType || (err == nil) != (err2 == nil) {
			t.Fatalf("parseSSHPublicKey(%q) is not deterministic", a)
		}
		if err == nil {
			if !slices.Contains([]string{keyTypeEd25519, keyTypeECDSA, keyTypeRSA}, keyType) {
				t.Fatalf("%q: key type %q", a, keyType)
			}
			pub, _, _, _, perr := ssh.ParseAuthorizedKey([]byte(a))
			if perr != nil {
				t.Fatalf("%q accepted, but it does not parse: %v", a, perr)
			}
			line := strings.TrimSpace(string(ssh.MarshalAuthorizedKey(pub)))
			if kt, err := parseSSHPublicKey(line + " another comment"); err != nil || kt != keyType {
				t.Fatalf("%q accepted as %s, but its own line %q reads as %q (%v)", a, keyType, line, kt, err)
			}
			if !sameSSHPublicKey(a, line+" another comment") {
				t.Fatalf("%q is not the same key as its own line %q", a, line)
			}
		}
		if !sameSSHPublicKey(a, a) {
			t.Fatalf("%q is not the same key as itself", a)
		}
		if ab, ba := sameSSHPublicKey(a, b), sameSSHPublicKey(b, a); ab != ba {
			t.Fatalf("sameSSHPublicKey is not symmetric: (%q, %q) = %v, reversed %v", a, b, ab, ba)
		}
		resp := &validator.StringResponse{}
		sshPublicKeyValidator{}.ValidateString(context.Background(),
			validator.StringRequest{Path: path.Root("public_key"), ConfigValue: types.StringValue(a)}, resp)
		if resp.Diagnostics.HasError() != (err != nil) {
			t.Fatalf("validation of %q: error %v, but parsing says %v", a, resp.Diagnostics.HasError(), err)
		}
		if utf8.ValidString(a) {
			checkDiagnosticsUTF8(t, a, resp.Diagnostics)
		}
	})
}

// FuzzRFC3339 checks the validity bounds of certificates: what the
// validator accepts is an RFC 3339 date-time by the RFC's own grammar (an
// independent check below) between 1970 and the end of 9999, which reads
// back as the same instant from its canonical text; sameSecond is
// reflexive and symmetric.
func FuzzRFC3339(f *testing.F) {
	seeds := append(exampleAttributeValues(f, "valid_after"), exampleAttributeValues(f, "valid_until")...)
	seeds = append(seeds, "2030-01-01T09:00:00+09:00", "1970-01-01T00:00:00Z", "9999-12-31T23:59:59Z",
		"9999-12-31T23:59:59.5Z", "1969-12-31T23:59:59Z", "2030-01-01T00:00:00.123456789Z", "2030-01-01t00:00:00z",
		"2030-01-01T00:00:00,5Z", "2030-01-01T00:00:00+24:00",
		"2030-02-30T00:00:00Z", "2030-01-01 00:00:00Z")
	for i, s := range seeds {
		f.Add(s, seeds[(i+1)%len(seeds)])
	}
	f.Fuzz(func(t *testing.T, a, b string) {
		tm, err := parseCertTime(a)
		if err == nil {
			if !isRFC3339DateTime(a) {
				t.Fatalf("%q accepted, but it is not an RFC 3339 date-time", a)
			}
			if tm.Before(time.Unix(0, 0)) || tm.After(lastRFC3339) {
				t.Fatalf("%q accepted, but %v is out of a certificate's range", a, tm)
			}
			canon := tm.UTC().Format(time.RFC3339Nano)
			back, err := parseCertTime(canon)
			if err != nil || !back.Equal(tm) {
				t.Fatalf("%q accepted as %v, but its canonical text %q reads as %v (%v)", a, tm, canon, back, err)
			}
			if !sameSecond(a, canon) {
				t.Fatalf("%q and %q are not the same second", a, canon)
			}
		}
		if !sameSecond(a, a) {
			t.Fatalf("%q is not the same second as itself", a)
		}
		if ab, ba := sameSecond(a, b), sameSecond(b, a); ab != ba {
			t.Fatalf("sameSecond is not symmetric: (%q, %q) = %v, reversed %v", a, b, ab, ba)
		}
		resp := &validator.StringResponse{}
		rfc3339Validator{}.ValidateString(context.Background(),
			validator.StringRequest{Path: path.Root("valid_after"), ConfigValue: types.StringValue(a)}, resp)
		if resp.Diagnostics.HasError() != (err != nil) {
			t.Fatalf("validation of %q: error %v, but parsing says %v", a, resp.Diagnostics.HasError(), err)
		}
		if utf8.ValidString(a) {
			checkDiagnosticsUTF8(t, a, resp.Diagnostics)
		}
	})
}

// isRFC3339DateTime checks RFC 3339's date-time grammar, section 5.6, with
// the upper-case T and Z that RFC 3339 recommends: full-date "T"
// partial-time time-offset, each number of its fixed width and range
// (calendar validity of the day is left to the parser).
func isRFC3339DateTime(s string) bool {
	num := func(s string, lo, hi int) bool {
		n := 0
		for _, c := range []byte(s) {
			if c < '0' || c > '9' {
				return false
			}
			n = n*10 + int(c-'0')
		}
		return s != "" && n >= lo && n <= hi
	}
	if len(s) < len("2006-01-02T15:04:05Z") || s[4] != '-' || s[7] != '-' || s[10] != 'T' || s[13] != ':' || s[16] != ':' {
		return false
	}
	if !num(s[0:4], 0, 9999) || !num(s[5:7], 1, 12) || !num(s[8:10], 1, 31) ||
		!num(s[11:13], 0, 23) || !num(s[14:16], 0, 59) || !num(s[17:19], 0, 60) {
		return false
	}
	rest := s[19:]
	if strings.HasPrefix(rest, ".") {
		i := 1
		for i < len(rest) && rest[i] >= '0' && rest[i] <= '9' {
			i++
		}
		if i == 1 {
			return false
		}
		rest = rest[i:]
	}
	if rest == "Z" {
		return true
	}
	return len(rest) == 6 && (rest[0] == '+' || rest[0] == '-') && rest[3] == ':' && num(rest[1:3], 0, 23) && num(rest[4:6], 0, 59)
}
