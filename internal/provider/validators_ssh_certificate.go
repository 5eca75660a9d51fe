package provider

import (
	"context"
	"fmt"
	"maps"
	"net/netip"
	"regexp"
	"slices"
	"strings"
	"time"
	"unicode"

	"github.com/hashicorp/terraform-plugin-framework/attr"
	"github.com/hashicorp/terraform-plugin-framework/schema/validator"
	"github.com/hashicorp/terraform-plugin-framework/types"
)

// Validators of the SSH certificates. They live beside validators.go rather
// than in it so that the shared file stays small while several objects are
// added at once.

// sshPublicKeyValidator accepts one OpenSSH authorized-keys line of a key
// type the API can certify.
type sshPublicKeyValidator struct{}

var _ validator.String = sshPublicKeyValidator{}

func (sshPublicKeyValidator) Description(context.Context) string {
	return "value must be one OpenSSH public key line of type " + strings.Join(sshCertKeyTypes, ", ")
}

func (v sshPublicKeyValidator) MarkdownDescription(ctx context.Context) string {
	return v.Description(ctx)
}

func (sshPublicKeyValidator) ValidateString(_ context.Context, req validator.StringRequest, resp *validator.StringResponse) {
	if req.ConfigValue.IsNull() || req.ConfigValue.IsUnknown() {
		return
	}
	if _, err := parseSSHPublicKey(req.ConfigValue.ValueString()); err != nil {
		resp.Diagnostics.AddAttributeError(req.Path, "Invalid SSH Public Key",
			fmt.Sprintf("The value cannot be certified: %s.\n\nGive the content of a public key file such as "+
				"~/.ssh/id_ed25519.pub, for example file(\"~/.ssh/id_ed25519.pub\"): "+
				"\"ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAA... user@host\".", err))
	}
}

// rfc3339Validator accepts an RFC 3339 timestamp that an SSH certificate
// can hold: from 1970 to the end of year 9999.
type rfc3339Validator struct{}

var _ validator.String = rfc3339Validator{}

func (rfc3339Validator) Description(context.Context) string {
	return "value must be an RFC 3339 timestamp such as 2030-01-01T00:00:00Z"
}

func (v rfc3339Validator) MarkdownDescription(ctx context.Context) string { return v.Description(ctx) }

func (rfc3339Validator) ValidateString(_ context.Context, req validator.StringRequest, resp *validator.StringResponse) {
	if req.ConfigValue.IsNull() || req.ConfigValue.IsUnknown() {
		return
	}
	if _, err := parseCertTime(req.ConfigValue.ValueString()); err != nil {
		resp.Diagnostics.AddAttributeError(req.Path, "Invalid Timestamp", err.Error())
	}
}

// rfc3339Form is the shape of an RFC 3339 date-time. NOTE: time.Parse also
// reads a comma before the fraction of a second and offsets of 24 hours and
// more (+24:00, -99:59), which RFC 3339 has not, and which another reader
// of the value (the API, a log pipeline) may refuse or read otherwise.
var rfc3339Form = regexp.MustCompile(`^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?(Z|[+-]([01]\d|2[0-3]):[0-5]\d)$`)

// parseCertTime parses an RFC 3339 timestamp that an SSH certificate can hold.
func parseCertTime(v string) (time.Time, error) {
	t, err := time.Parse(time.RFC3339, v)
	if err != nil || !rfc3339Form.MatchString(v) {
		return time.Time{}, fmt.Errorf("%q is not an RFC 3339 timestamp. Write it like 2030-01-01T00:00:00Z "+
			"or 2030-01-01T09:00:00+09:00, or compute it with timestamp() and timeadd()", v)
	}
	if t.Before(time.Unix(0, 0)) {
		return time.Time{}, fmt.Errorf("%q is before 1970-01-01T00:00:00Z, which an SSH certificate cannot express", v)
	}
	if t.After(time.Date(9999, 12, 31, 23, 59, 59, 0, time.UTC)) {
		return time.Time{}, fmt.Errorf("%q is after 9999-12-31T23:59:59Z, the last time RFC 3339 can express", v)
	}
	return t, nil
}

// sshCriticalOptionsValidator checks the values of a user certificate's
// critical options; the names are checked by a OneOf on the keys.
type sshCriticalOptionsValidator struct{}

var _ validator.Map = sshCriticalOptionsValidator{}

func (sshCriticalOptionsValidator) Description(context.Context) string {
	return sshOptForceCommand + " must name a command; " + sshOptSourceAddress +
		" must be a comma-separated list of IP addresses and CIDR blocks"
}

func (v sshCriticalOptionsValidator) MarkdownDescription(ctx context.Context) string {
	return v.Description(ctx)
}

func (sshCriticalOptionsValidator) ValidateMap(_ context.Context, req validator.MapRequest, resp *validator.MapResponse) {
	if req.ConfigValue.IsNull() || req.ConfigValue.IsUnknown() {
		return
	}
	values := knownStringElements(req.ConfigValue.Elements())
	for _, name := range slices.Sorted(maps.Keys(values)) {
		raw := values[name]
		switch name {
		case sshOptForceCommand:
			if strings.TrimSpace(raw) == "" {
				resp.Diagnostics.AddAttributeError(req.Path.AtMapKey(name), "Invalid Critical Option",
					fmt.Sprintf("%s needs the command that every login with the certificate runs, such as \"/usr/local/bin/backup\".", sshOptForceCommand))
			}
		case sshOptSourceAddress:
			if err := checkSourceAddress(raw); err != nil {
				resp.Diagnostics.AddAttributeError(req.Path.AtMapKey(name), "Invalid Critical Option",
					fmt.Sprintf("%s %q is invalid: %s. Use a comma-separated list of IP addresses and CIDR blocks "+
						"without spaces, such as \"10.0.0.0/8,192.0.2.7\".", sshOptSourceAddress, raw, err))
			}
		}
	}
}

// checkSourceAddress accepts a comma-separated list of IP addresses and CIDR
// blocks without spaces, the form sshd matches.
func checkSourceAddress(v string) error {
	if v == "" {
		return fmt.Errorf("it is empty")
	}
	for item := range strings.SplitSeq(v, ",") {
		if _, err := netip.ParseAddr(item); err == nil {
			continue
		}
		if _, err := netip.ParsePrefix(item); err == nil {
			continue
		}
		return fmt.Errorf("%q is neither an IP address nor a CIDR block", item)
	}
	return nil
}

// sshExtensionsValidator accepts OpenSSH's flag extensions with empty
// values, and vendor extensions (name@domain) with any value.
type sshExtensionsValidator struct{}

var _ validator.Map = sshExtensionsValidator{}

func (sshExtensionsValidator) Description(context.Context) string {
	return "each extension must be one of " + strings.Join(sshFlagExtensions, ", ") +
		" with the value \"\", or a vendor extension name@domain"
}

func (v sshExtensionsValidator) MarkdownDescription(ctx context.Context) string {
	return v.Description(ctx)
}

func (sshExtensionsValidator) ValidateMap(_ context.Context, req validator.MapRequest, resp *validator.MapResponse) {
	if req.ConfigValue.IsNull() || req.ConfigValue.IsUnknown() {
		return
	}
	elems := req.ConfigValue.Elements()
	values := knownStringElements(elems)
	for _, name := range slices.Sorted(maps.Keys(elems)) {
		value, known := values[name]
		switch {
		case slices.Contains(sshFlagExtensions, name):
			if known && value != "" {
				resp.Diagnostics.AddAttributeError(req.Path.AtMapKey(name), "Invalid Extension",
					fmt.Sprintf("%s is a flag: give it the value \"\" (its presence grants the permission), not %q.", name, value))
			}
		case isVendorExtension(name):
		default:
			resp.Diagnostics.AddAttributeError(req.Path.AtMapKey(name), "Invalid Extension",
				fmt.Sprintf("%q is not an extension OpenSSH knows. Use %s (each with the value \"\"), "+
					"or a vendor extension of the form name@domain.", name, quotedList(sshFlagExtensions)))
		}
	}
}

func isVendorExtension(name string) bool {
	local, domain, ok := strings.Cut(name, "@")
	return ok && local != "" && domain != "" && !strings.ContainsFunc(name, func(r rune) bool {
		return unicode.IsSpace(r) || unicode.IsControl(r)
	})
}

// knownStringElements are the known, non-null string elements of a map.
func knownStringElements(elems map[string]attr.Value) map[string]string {
	out := make(map[string]string, len(elems))
	for k, v := range elems {
		if s, ok := v.(types.String); ok && !s.IsNull() && !s.IsUnknown() {
			out[k] = s.ValueString()
		}
	}
	return out
}
