package provider

import (
	"context"
	"fmt"
	"maps"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/hashicorp/terraform-plugin-framework/attr"
	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/function"
	"github.com/hashicorp/terraform-plugin-framework/types"
	"golang.org/x/crypto/ssh"
)

var _ function.Function = (*sshCertificateInfoFunction)(nil)

func NewSSHCertificateInfoFunction() function.Function {
	return &sshCertificateInfoFunction{}
}

// sshCertificateInfoFunction decodes an OpenSSH certificate, as
// `ssh-keygen -L` does. Like ssh-keygen it does not judge trust: it reports
// which authority signed, and the caller compares that with the authority
// it trusts.
type sshCertificateInfoFunction struct{}

// sshCertificateInfoTypes is the shape of the function's result.
var sshCertificateInfoTypes = map[string]attr.Type{
	"type":                   types.StringType,
	"key_id":                 types.StringType,
	"serial":                 types.StringType,
	"principals":             types.ListType{ElemType: types.StringType},
	"valid_after":            types.StringType,
	"valid_before":           types.StringType,
	"critical_options":       types.MapType{ElemType: types.StringType},
	"extensions":             types.MapType{ElemType: types.StringType},
	"public_key_fingerprint": types.StringType,
	"signing_ca_fingerprint": types.StringType,
}

// lastRFC3339 is the last second RFC 3339 can write; a certificate bound
// beyond it (OpenSSH's "forever" among them) reads as null.
var lastRFC3339 = time.Date(9999, 12, 31, 23, 59, 59, 0, time.UTC)

func (f *sshCertificateInfoFunction) Metadata(_ context.Context, _ function.MetadataRequest, resp *function.MetadataResponse) {
	resp.Name = "ssh_certificate_info"
}

func (f *sshCertificateInfoFunction) Definition(_ context.Context, _ function.DefinitionRequest, resp *function.DefinitionResponse) {
	resp.Definition = function.Definition{
		Summary: "Decode an OpenSSH certificate",
		Description: "Decodes an OpenSSH certificate, as `ssh-keygen -L -f` does, so that `check` blocks, " +
			"preconditions and outputs can assert on it. The result is an object with: " +
			"`type` (`\"user\"` or `\"host\"`); `key_id`; `serial`, a decimal string, since serials are 64-bit " +
			"unsigned identifiers that a number could round; `principals` (empty: valid for every principal); " +
			"`valid_after` and `valid_before`, RFC 3339 in UTC, `valid_before` null for a certificate that never " +
			"expires; `critical_options` and `extensions`; `public_key_fingerprint`, the certified key's " +
			"fingerprint, and `signing_ca_fingerprint`, the signing authority's, both `SHA256:...` as ssh-keygen " +
			"prints them. The signature is not checked against any trusted authority: compare " +
			"`signing_ca_fingerprint` with the authority you trust. A certificate's strings are bytes: those that are " +
			"not UTF-8 read as U+FFFD, the replacement character, as `ssh-keygen -L` shows them on a UTF-8 terminal.",
		Parameters: []function.Parameter{
			function.StringParameter{
				Name: "certificate",
				Description: "An OpenSSH certificate in authorized-keys format, `<type>-cert-v01@openssh.com <base64> [comment]`, " +
					"such as the `certificate` attribute of `ngrok_ssh_user_certificate` or the content of an `id_ed25519-cert.pub` file.",
			},
		},
		Return: function.ObjectReturn{AttributeTypes: sshCertificateInfoTypes},
	}
}

func (f *sshCertificateInfoFunction) Run(ctx context.Context, req function.RunRequest, resp *function.RunResponse) {
	var text string
	resp.Error = function.ConcatFuncErrors(req.Arguments.Get(ctx, &text))
	if resp.Error != nil {
		return
	}
	cert, err := parseSSHCertificate(text)
	if err != nil {
		resp.Error = function.NewArgumentFuncError(0, err.Error())
		return
	}
	info, diags := sshCertificateInfo(ctx, cert)
	if diags.HasError() {
		resp.Error = function.FuncErrorFromDiags(ctx, diags)
		return
	}
	resp.Error = function.ConcatFuncErrors(resp.Result.Set(ctx, info))
}

// parseSSHCertificate reads one certificate in authorized-keys format.
func parseSSHCertificate(text string) (*ssh.Certificate, error) {
	if strings.TrimSpace(text) == "" {
		return nil, fmt.Errorf("the certificate is empty")
	}
	pub, _, _, _, err := ssh.ParseAuthorizedKey([]byte(text))
	if err != nil {
		return nil, fmt.Errorf("the value is not an OpenSSH certificate (%s); pass a line such as "+
			"\"ssh-ed25519-cert-v01@openssh.com AAAA... comment\", for example the certificate attribute of ngrok_ssh_user_certificate",
			utf8Text(err.Error()))
	}
	cert, ok := pub.(*ssh.Certificate)
	if !ok {
		return nil, fmt.Errorf("the value is a public key of type %s, not a certificate; pass the certificate "+
			"(a line starting with %s-cert-v01@openssh.com)", pub.Type(), strings.TrimSuffix(pub.Type(), "@openssh.com"))
	}
	return cert, nil
}

func sshCertificateInfo(ctx context.Context, cert *ssh.Certificate) (types.Object, diag.Diagnostics) {
	var diags diag.Diagnostics
	kind := "user"
	if cert.CertType == ssh.HostCert {
		kind = "host"
	}
	principals := make([]string, len(cert.ValidPrincipals))
	for i, p := range cert.ValidPrincipals {
		principals[i] = utf8Text(p)
	}
	principalList, d := types.ListValueFrom(ctx, types.StringType, principals)
	diags.Append(d...)
	critical, d := types.MapValueFrom(ctx, types.StringType, utf8TextMap(cert.CriticalOptions))
	diags.Append(d...)
	extensions, d := types.MapValueFrom(ctx, types.StringType, utf8TextMap(cert.Extensions))
	diags.Append(d...)
	if diags.HasError() {
		return types.ObjectNull(sshCertificateInfoTypes), diags
	}
	obj, d := types.ObjectValue(sshCertificateInfoTypes, map[string]attr.Value{
		"type":                   types.StringValue(kind),
		"key_id":                 types.StringValue(utf8Text(cert.KeyId)),
		"serial":                 types.StringValue(strconv.FormatUint(cert.Serial, 10)),
		"principals":             principalList,
		"valid_after":            certTimeValue(cert.ValidAfter),
		"valid_before":           certTimeValue(cert.ValidBefore),
		"critical_options":       critical,
		"extensions":             extensions,
		"public_key_fingerprint": types.StringValue(ssh.FingerprintSHA256(cert.Key)),
		"signing_ca_fingerprint": types.StringValue(ssh.FingerprintSHA256(cert.SignatureKey)),
	})
	diags.Append(d...)
	return obj, diags
}

// utf8Text is a certificate's string as Terraform text.
//
// NOTE: the strings of an SSH certificate are bytes, a Terraform string is
// Unicode: bytes that are not UTF-8 read as U+FFFD, as ssh-keygen -L shows
// them on a UTF-8 terminal. Left as they are, they would be a string value
// that Terraform's types do not define, or, in an error (the ssh library's
// messages quote the bytes it decoded), a message the plugin protocol
// cannot carry.
func utf8Text(s string) string { return strings.ToValidUTF8(s, "\uFFFD") }

// utf8TextMap is utf8Text on every name and value of a map (never nil).
// Two names that are one once made UTF-8 keep the value of the first in
// byte order, so that every run shows the same one.
func utf8TextMap(m map[string]string) map[string]string {
	out := make(map[string]string, len(m))
	for _, k := range slices.Sorted(maps.Keys(m)) {
		tk := utf8Text(k)
		if _, taken := out[tk]; taken {
			continue
		}
		out[tk] = utf8Text(m[k])
	}
	return out
}

// certTimeValue is a certificate's bound (seconds since 1970) in RFC 3339,
// or null beyond what RFC 3339 can write.
func certTimeValue(secs uint64) types.String {
	if secs > uint64(lastRFC3339.Unix()) {
		return types.StringNull()
	}
	return types.StringValue(time.Unix(int64(secs), 0).UTC().Format(time.RFC3339))
}
