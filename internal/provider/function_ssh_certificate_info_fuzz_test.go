package provider

import (
	"strconv"
	"strings"
	"testing"
	"time"
	"unicode/utf8"

	"github.com/hashicorp/terraform-plugin-framework/attr"
	"github.com/hashicorp/terraform-plugin-framework/types"
	"golang.org/x/crypto/ssh"
)

// FuzzSSHCertificateInfo runs ssh_certificate_info on any text: it answers
// with an error or a whole result, never a panic, and the result says what
// the certificate holds: its type, serial, principals and validity bounds,
// fingerprints in ssh-keygen's form, and text Terraform can hold (valid
// UTF-8). Seeds: certificates of ssh-keygen, and one whose strings are not
// UTF-8 (testdata/fuzz).
func FuzzSSHCertificateInfo(f *testing.F) {
	f.Add("")
	f.Fuzz(func(t *testing.T, text string) {
		attrs, ferr := runSSHCertificateInfo(t, text)
		cert, err := parseSSHCertificate(text)
		if (ferr == nil) != (err == nil) {
			t.Fatalf("%q: the function says %v, the parser %v", text, ferr, err)
		}
		if err != nil {
			if !utf8.ValidString(ferr.Text) && utf8.ValidString(text) {
				t.Fatalf("%q: the error is not UTF-8: %q", text, ferr.Text)
			}
			return
		}
		str := func(name string) types.String { return implementation[types.String](t, attrs[name]) }
		wantType := "user"
		if cert.CertType == ssh.HostCert {
			wantType = "host"
		}
		if got := str("type").ValueString(); got != wantType {
			t.Fatalf("%q: type %q for certificate type %d", text, got, cert.CertType)
		}
		if got := str("serial").ValueString(); got != strconv.FormatUint(cert.Serial, 10) {
			t.Fatalf("%q: serial %q, want %d", text, got, cert.Serial)
		}
		for name, secs := range map[string]uint64{"valid_after": cert.ValidAfter, "valid_before": cert.ValidBefore} {
			v := str(name)
			if v.IsNull() != (secs > uint64(lastRFC3339.Unix())) {
				t.Fatalf("%q: %s is %v for %d", text, name, v, secs)
			}
			if !v.IsNull() {
				tm, err := time.Parse(time.RFC3339, v.ValueString())
				if err != nil || uint64(tm.Unix()) != secs {
					t.Fatalf("%q: %s %q for %d (%v)", text, name, v.ValueString(), secs, err)
				}
			}
		}
		for _, name := range []string{"public_key_fingerprint", "signing_ca_fingerprint"} {
			if !strings.HasPrefix(str(name).ValueString(), "SHA256:") {
				t.Fatalf("%q: %s %q", text, name, str(name).ValueString())
			}
		}
		if n := len(implementation[types.List](t, attrs["principals"]).Elements()); n != len(cert.ValidPrincipals) {
			t.Fatalf("%q: %d principals, want %d", text, n, len(cert.ValidPrincipals))
		}
		checkUTF8Values(t, text, attrs)
		// Deterministic: the same text, the same result.
		again, _ := runSSHCertificateInfo(t, text)
		if !types.ObjectValueMust(sshCertificateInfoTypes, again).Equal(types.ObjectValueMust(sshCertificateInfoTypes, attrs)) {
			t.Fatalf("%q: two runs disagree", text)
		}
	})
}

// checkUTF8Values fails when a string in the values is not UTF-8, which a
// Terraform string cannot be.
func checkUTF8Values(t *testing.T, input string, attrs map[string]attr.Value) {
	t.Helper()
	var check func(name string, v attr.Value)
	check = func(name string, v attr.Value) {
		switch v := v.(type) {
		case types.String:
			if !utf8.ValidString(v.ValueString()) {
				t.Fatalf("%q: %s is not UTF-8: %q", input, name, v.ValueString())
			}
		case types.List:
			for _, e := range v.Elements() {
				check(name, e)
			}
		case types.Map:
			for k, e := range v.Elements() {
				if !utf8.ValidString(k) {
					t.Fatalf("%q: a key of %s is not UTF-8: %q", input, name, k)
				}
				check(name, e)
			}
		}
	}
	for name, v := range attrs {
		check(name, v)
	}
}
