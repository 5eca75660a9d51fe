package provider

import (
	"context"
	"errors"
	"fmt"
	"strconv"
	"strings"

	"github.com/hashicorp/terraform-plugin-framework/schema/validator"
	"golang.org/x/crypto/ssh"
)

// Validators of the credentials, API keys and SSH credentials: their ACL
// rules, their owner and an SSH credential's public key. They live beside
// validators.go rather than in it so that the shared file stays small while
// several objects are added at once.

// aclRuleValidator accepts an ACL rule as ngrok documents it: "*", or
// "bind:" and a domain (a leading "*." wildcard allowed, or "*" alone), an
// address (host:port) or a label (key=value, either side "*").
type aclRuleValidator struct{}

var _ validator.String = aclRuleValidator{}

func (aclRuleValidator) Description(context.Context) string {
	return "value must be \"*\" or a bind rule: bind:<domain>, bind:*.<domain>, bind:<host>:<port> or bind:<key>=<value>"
}

func (v aclRuleValidator) MarkdownDescription(ctx context.Context) string { return v.Description(ctx) }

func (aclRuleValidator) ValidateString(_ context.Context, req validator.StringRequest, resp *validator.StringResponse) {
	if req.ConfigValue.IsNull() || req.ConfigValue.IsUnknown() {
		return
	}
	if err := checkACLRule(req.ConfigValue.ValueString()); err != nil {
		resp.Diagnostics.AddAttributeError(req.Path, "Invalid ACL Rule",
			fmt.Sprintf("The rule %q is not one the API accepts: %s.\n\nA rule is \"*\" (no restriction) or starts with "+
				"bind: and names a domain (bind:app.example.com), a wildcard domain (bind:*.example.com), a TCP address "+
				"(bind:1.tcp.ngrok.io:12345) or a label (bind:team=ops, either side may be *).",
				utf8Text(req.ConfigValue.ValueString()), err))
	}
}

// checkACLRule says what is wrong with an ACL rule, nil when nothing is.
func checkACLRule(r string) error {
	if r == "*" {
		return nil
	}
	v, ok := strings.CutPrefix(r, "bind:")
	if !ok {
		return errors.New(`the only rule besides "*" is the bind rule, which starts with "bind:"`)
	}
	if v == "" {
		return errors.New("bind: names nothing")
	}
	if key, value, isLabel := strings.Cut(v, "="); isLabel {
		if err := checkLabelPart(key); err != nil {
			return fmt.Errorf("the label's key %w", err)
		}
		if err := checkLabelPart(value); err != nil {
			return fmt.Errorf("the label's value %w", err)
		}
		return nil
	}
	if host, port, isAddr := strings.Cut(v, ":"); isAddr {
		if n, err := strconv.Atoi(port); err != nil || n < 1 || n > 65535 || port[0] == '0' {
			return fmt.Errorf("the port %q of the address is not a number from 1 to 65535", port)
		}
		return checkBindHost(host, false)
	}
	if v == "*" {
		return nil
	}
	return checkBindHost(v, true)
}

// checkBindHost checks a domain: labels of letters, digits and hyphens;
// with wildcard, a leading "*." is allowed.
func checkBindHost(h string, wildcard bool) error {
	if wildcard {
		h = strings.TrimPrefix(h, "*.")
	}
	if h == "" || len(h) > 253 {
		return errors.New("the domain must hold 1 to 253 characters")
	}
	for label := range strings.SplitSeq(h, ".") {
		switch {
		case label == "":
			return errors.New("the domain has an empty label")
		case label == "*" && wildcard:
			return errors.New("a wildcard is allowed only as the first label (*.example.com)")
		case len(label) > 63:
			return errors.New("a label of the domain is longer than 63 characters")
		case label[0] == '-' || label[len(label)-1] == '-':
			return errors.New("a label of the domain starts or ends with a hyphen")
		}
		for _, c := range []byte(label) {
			if !isAlphanumeric(c) && c != '-' {
				return errors.New("the domain may hold only letters, digits, hyphens and dots")
			}
		}
	}
	return nil
}

// checkLabelPart checks a label's key or value: "*", or letters, digits
// and . _ - /.
func checkLabelPart(s string) error {
	if s == "*" {
		return nil
	}
	if s == "" || len(s) > 253 {
		return errors.New("must hold 1 to 253 characters, or be *")
	}
	for _, c := range []byte(s) {
		if !isAlphanumeric(c) && !strings.ContainsRune("._-/", rune(c)) {
			return errors.New("may hold only letters, digits and . _ - /, or be *")
		}
	}
	return nil
}

func isAlphanumeric(c byte) bool {
	return c >= '0' && c <= '9' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z'
}

// ownerIDValidator accepts the ID of a user (usr_), a service user
// (service_) or a bot user (bot_).
type ownerIDValidator struct{}

var _ validator.String = ownerIDValidator{}

func (ownerIDValidator) Description(context.Context) string {
	return fmt.Sprintf("value must be the ID of a user (%s...), a service user (%s...) or a bot user (%s...)",
		userIDPrefix, serviceUserIDPrefix, botUserIDPrefix)
}

func (v ownerIDValidator) MarkdownDescription(ctx context.Context) string { return v.Description(ctx) }

func (v ownerIDValidator) ValidateString(ctx context.Context, req validator.StringRequest, resp *validator.StringResponse) {
	if req.ConfigValue.IsNull() || req.ConfigValue.IsUnknown() {
		return
	}
	if s := req.ConfigValue.ValueString(); !isID(userIDPrefix, s) && !isID(serviceUserIDPrefix, s) && !isID(botUserIDPrefix, s) {
		resp.Diagnostics.AddAttributeError(req.Path, "Invalid Owner ID",
			fmt.Sprintf("%q is not %s, such as %s or %s.", utf8Text(s), v.Description(ctx)[len("value must be "):],
				exampleID(userIDPrefix), exampleID(serviceUserIDPrefix)))
	}
}

// sshCredentialKeyValidator accepts one OpenSSH authorized-keys line
// without options: the public key of an SSH credential.
type sshCredentialKeyValidator struct{}

var _ validator.String = sshCredentialKeyValidator{}

func (sshCredentialKeyValidator) Description(context.Context) string {
	return "value must be one OpenSSH public key line, such as the content of ~/.ssh/id_ed25519.pub"
}

func (v sshCredentialKeyValidator) MarkdownDescription(ctx context.Context) string {
	return v.Description(ctx)
}

func (sshCredentialKeyValidator) ValidateString(_ context.Context, req validator.StringRequest, resp *validator.StringResponse) {
	if req.ConfigValue.IsNull() || req.ConfigValue.IsUnknown() {
		return
	}
	if err := checkSSHCredentialKey(req.ConfigValue.ValueString()); err != nil {
		resp.Diagnostics.AddAttributeError(req.Path, "Invalid SSH Public Key",
			fmt.Sprintf("The value is not an SSH public key the API accepts: %s.\n\nGive the content of a public key "+
				"file, for example file(\"~/.ssh/id_ed25519.pub\"): \"ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAA... user@host\".", err))
	}
}

// checkSSHCredentialKey checks an SSH credential's public key: one
// authorized-keys line (a comment is fine), no options, not a certificate.
func checkSSHCredentialKey(text string) error {
	if strings.TrimSpace(text) == "" {
		return errors.New("the public key is empty")
	}
	pub, _, options, rest, err := ssh.ParseAuthorizedKey([]byte(text))
	if err != nil {
		return fmt.Errorf("it is not an OpenSSH public key line (%s)", utf8Text(err.Error()))
	}
	if len(options) > 0 {
		return errors.New("it starts with authorized_keys options; give the key alone, as in a .pub file")
	}
	if strings.TrimSpace(string(rest)) != "" {
		return errors.New("it holds more than one line; give exactly one public key")
	}
	if _, isCert := pub.(*ssh.Certificate); isCert {
		return errors.New("it is a certificate, not a public key")
	}
	return nil
}
