package provider

import (
	"context"
	"crypto/rand"
	"fmt"
	"math"
	"regexp"
	"strings"
	"testing"

	"github.com/hashicorp/terraform-plugin-framework/attr"
	"github.com/hashicorp/terraform-plugin-framework/function"
	"github.com/hashicorp/terraform-plugin-framework/types"
	"github.com/hashicorp/terraform-plugin-testing/helper/resource"
	"github.com/hashicorp/terraform-plugin-testing/knownvalue"
	"github.com/hashicorp/terraform-plugin-testing/statecheck"
	"golang.org/x/crypto/ssh"
)

// signTestCertificate signs cert (Key and the fields the caller set) with a
// fresh authority of kind caKind and returns it as an authorized-keys line
// and the authority.
func signTestCertificate(t *testing.T, cert *ssh.Certificate, caKind string) (string, ssh.PublicKey) {
	t.Helper()
	ca, err := generateTestSigner(caKind)
	if err != nil {
		t.Fatal(err)
	}
	if cert.Key == nil {
		subject, err := generateTestSigner("ed25519")
		if err != nil {
			t.Fatal(err)
		}
		cert.Key = subject.PublicKey()
	}
	if err := cert.SignCert(rand.Reader, ca); err != nil {
		t.Fatal(err)
	}
	return strings.TrimSpace(string(ssh.MarshalAuthorizedKey(cert))) + " a comment", ca.PublicKey()
}

// valueAs is got[name] as a T; the test fails when it is of another type.
func valueAs[T attr.Value](t *testing.T, got map[string]attr.Value, name string) T {
	t.Helper()
	v, ok := got[name].(T)
	if !ok {
		t.Fatalf("%s is a %T", name, got[name])
	}
	return v
}

func runSSHCertificateInfo(t *testing.T, arg string) (map[string]attr.Value, *function.FuncError) {
	t.Helper()
	resp := &function.RunResponse{Result: function.NewResultData(types.ObjectUnknown(sshCertificateInfoTypes))}
	NewSSHCertificateInfoFunction().Run(context.Background(), function.RunRequest{
		Arguments: function.NewArgumentsData([]attr.Value{types.StringValue(arg)}),
	}, resp)
	if resp.Error != nil {
		return nil, resp.Error
	}
	obj, ok := resp.Result.Value().(types.Object)
	if !ok {
		t.Fatalf("result is %T", resp.Result.Value())
	}
	return obj.Attributes(), nil
}

func TestSSHCertificateInfoFunction(t *testing.T) {
	t.Parallel()
	text, ca := signTestCertificate(t, &ssh.Certificate{
		Serial:          math.MaxUint64, // beyond what a float64 holds exactly
		CertType:        ssh.UserCert,
		KeyId:           "sucrt_2hHGVyb5ZT6WQm1uXnLfNc8Ykam",
		ValidPrincipals: []string{"alice", "deploy"},
		ValidAfter:      1893456000, // 2030-01-01T00:00:00Z
		ValidBefore:     1893542400, // 2030-01-02T00:00:00Z
		Permissions: ssh.Permissions{
			CriticalOptions: map[string]string{"force-command": "/bin/true"},
			Extensions:      map[string]string{"permit-pty": ""},
		},
	}, "p384")
	got, ferr := runSSHCertificateInfo(t, text+"\n")
	if ferr != nil {
		t.Fatal(ferr)
	}
	cert, ok := mustParseKey(t, text).(*ssh.Certificate)
	if !ok {
		t.Fatalf("%q is not a certificate", text)
	}
	want := map[string]attr.Value{
		"type":                   types.StringValue("user"),
		"key_id":                 types.StringValue("sucrt_2hHGVyb5ZT6WQm1uXnLfNc8Ykam"),
		"serial":                 types.StringValue("18446744073709551615"),
		"principals":             types.ListValueMust(types.StringType, []attr.Value{types.StringValue("alice"), types.StringValue("deploy")}),
		"valid_after":            types.StringValue("2030-01-01T00:00:00Z"),
		"valid_before":           types.StringValue("2030-01-02T00:00:00Z"),
		"critical_options":       types.MapValueMust(types.StringType, map[string]attr.Value{"force-command": types.StringValue("/bin/true")}),
		"extensions":             types.MapValueMust(types.StringType, map[string]attr.Value{"permit-pty": types.StringValue("")}),
		"public_key_fingerprint": types.StringValue(ssh.FingerprintSHA256(cert.Key)),
		"signing_ca_fingerprint": types.StringValue(ssh.FingerprintSHA256(ca)),
	}
	for name, w := range want {
		if !got[name].Equal(w) {
			t.Errorf("%s = %v, want %v", name, got[name], w)
		}
	}
	if len(got) != len(want) {
		t.Errorf("result has %d attributes, want %d", len(got), len(want))
	}
	if fp := valueAs[types.String](t, got, "signing_ca_fingerprint").ValueString(); !regexp.MustCompile(`^SHA256:[0-9A-Za-z+/]{43}$`).MatchString(fp) {
		t.Errorf("fingerprint %q is not as ssh-keygen prints it", fp)
	}
}

func TestSSHCertificateInfoFunctionHostForever(t *testing.T) {
	t.Parallel()
	text, _ := signTestCertificate(t, &ssh.Certificate{
		Serial:      1,
		CertType:    ssh.HostCert,
		ValidAfter:  0,
		ValidBefore: ssh.CertTimeInfinity,
	}, "rsa2048")
	got, ferr := runSSHCertificateInfo(t, text)
	if ferr != nil {
		t.Fatal(ferr)
	}
	if valueAs[types.String](t, got, "type").ValueString() != "host" {
		t.Errorf("type = %v", got["type"])
	}
	if !got["valid_before"].IsNull() || valueAs[types.String](t, got, "valid_after").ValueString() != "1970-01-01T00:00:00Z" {
		t.Errorf("a certificate valid forever: valid_after %v, valid_before %v (want null)", got["valid_after"], got["valid_before"])
	}
	if l := valueAs[types.List](t, got, "principals"); l.IsNull() || len(l.Elements()) != 0 {
		t.Errorf("principals = %v, want an empty list", l)
	}
	if m := valueAs[types.Map](t, got, "extensions"); m.IsNull() || len(m.Elements()) != 0 {
		t.Errorf("extensions = %v, want an empty map", m)
	}
}

func TestSSHCertificateInfoFunctionErrors(t *testing.T) {
	t.Parallel()
	plainKey := testSSHPublicKey(t, "ed25519")
	for name, tc := range map[string]struct{ arg, want string }{
		"empty":         {"  ", "the certificate is empty"},
		"garbage":       {"hello world", "not an OpenSSH certificate"},
		"truncated":     {"ssh-ed25519-cert-v01@openssh.com AAAAIHNzaC1lZDI1NTE5LWNlcnQ", "not an OpenSSH certificate"},
		"a public key":  {plainKey, "is a public key of type ssh-ed25519, not a certificate"},
		"a private key": {"-----BEGIN OPENSSH PRIVATE KEY-----", "not an OpenSSH certificate"},
	} {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			_, ferr := runSSHCertificateInfo(t, tc.arg)
			if ferr == nil {
				t.Fatal("no error")
			}
			if !strings.Contains(ferr.Text, tc.want) || ferr.FunctionArgument == nil || *ferr.FunctionArgument != 0 {
				t.Errorf("error %q (argument %v), want one about argument 0 containing %q", ferr.Text, ferr.FunctionArgument, tc.want)
			}
		})
	}
}

func TestAccSSHCertificateInfoFunction(t *testing.T) {
	t.Parallel()
	mock := newTestMock(t)
	text, ca := signTestCertificate(t, &ssh.Certificate{
		Serial: 42, CertType: ssh.HostCert, KeyId: "web-1", ValidPrincipals: []string{"web-1.example.com"},
		ValidAfter: 1893456000, ValidBefore: 1924992000,
	}, "ed25519")
	resource.Test(t, resource.TestCase{
		ProtoV6ProviderFactories: testAccProtoV6ProviderFactories,
		Steps: []resource.TestStep{{
			Config: mock.config(fmt.Sprintf(`
locals {
  info = provider::ngrok::ssh_certificate_info(%q)
}

output "type" {
  value = local.info.type
}

output "serial" {
  value = local.info.serial
}

output "signing_ca_fingerprint" {
  value = local.info.signing_ca_fingerprint
}

output "valid_before" {
  value = local.info.valid_before
}
`, text)),
			ConfigStateChecks: []statecheck.StateCheck{
				statecheck.ExpectKnownOutputValue("type", knownvalue.StringExact("host")),
				statecheck.ExpectKnownOutputValue("serial", knownvalue.StringExact("42")),
				statecheck.ExpectKnownOutputValue("signing_ca_fingerprint", knownvalue.StringExact(ssh.FingerprintSHA256(ca))),
				statecheck.ExpectKnownOutputValue("valid_before", knownvalue.StringExact("2031-01-01T00:00:00Z")),
			},
		}},
	})
}

func TestAccSSHCertificateInfoFunction_notACertificate(t *testing.T) {
	t.Parallel()
	mock := newTestMock(t)
	resource.Test(t, resource.TestCase{
		ProtoV6ProviderFactories: testAccProtoV6ProviderFactories,
		Steps: []resource.TestStep{{
			Config: mock.config(fmt.Sprintf("output \"info\" {\n  value = provider::ngrok::ssh_certificate_info(%q)\n}\n",
				testSSHPublicKey(t, "ed25519"))),
			ExpectError: regexp.MustCompile(`(?s)Invalid function argument.*ssh_certificate_info.*public key of type\s+ssh-ed25519, not a certificate`),
		}},
	})
}

// A certificate's strings are bytes; the function's are Terraform text:
// bytes that are not UTF-8 read as U+FFFD, and of two names that become
// one, the first in byte order gives the value, every time.
func TestSSHCertificateInfoTextNotUTF8(t *testing.T) {
	t.Parallel()
	line, _ := signTestCertificate(t, &ssh.Certificate{
		CertType: ssh.UserCert, KeyId: "caf\xe9", ValidPrincipals: []string{"root", "\xff"},
		ValidBefore: ssh.CertTimeInfinity,
		Permissions: ssh.Permissions{
			CriticalOptions: map[string]string{"force-command": "/bin/\xfe"},
			Extensions:      map[string]string{"x@\xff": "second", "x@\xfe": "first"},
		},
	}, "ed25519")
	for range 10 {
		attrs, ferr := runSSHCertificateInfo(t, line)
		if ferr != nil {
			t.Fatal(ferr)
		}
		if got := implementation[types.String](t, attrs["key_id"]).ValueString(); got != "caf\uFFFD" {
			t.Errorf("key_id = %q", got)
		}
		if got := attrs["principals"].String(); got != `["root","`+"\uFFFD"+`"]` {
			t.Errorf("principals = %s", got)
		}
		if got := attrs["critical_options"].String(); got != `{"force-command":"/bin/`+"\uFFFD"+`"}` {
			t.Errorf("critical_options = %s", got)
		}
		if got := attrs["extensions"].String(); got != `{"x@`+"\uFFFD"+`":"first"}` {
			t.Fatalf("extensions = %s", got)
		}
	}
}
