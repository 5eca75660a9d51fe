package provider

import (
	"context"
	"fmt"
	"maps"
	"regexp"
	"strings"
	"time"

	"github.com/hashicorp/terraform-plugin-framework-validators/listvalidator"
	"github.com/hashicorp/terraform-plugin-framework-validators/mapvalidator"
	"github.com/hashicorp/terraform-plugin-framework-validators/stringvalidator"
	"github.com/hashicorp/terraform-plugin-framework/attr"
	dsschema "github.com/hashicorp/terraform-plugin-framework/datasource/schema"
	"github.com/hashicorp/terraform-plugin-framework/path"
	"github.com/hashicorp/terraform-plugin-framework/resource"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/listdefault"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/listplanmodifier"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/mapdefault"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/mapplanmodifier"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/planmodifier"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/stringplanmodifier"
	"github.com/hashicorp/terraform-plugin-framework/schema/validator"
	"github.com/hashicorp/terraform-plugin-framework/types"
)

// The schema pieces shared by the host and user certificate resources, data
// sources and the ephemeral user certificate.

// sshCertKind holds what differs between host and user certificates in
// their names, schemas and descriptions.
type sshCertKind struct {
	typeName        string // "ssh_host_certificate"
	title           string // "SSH Host Certificate", in diagnostics
	noun            string // "host certificate"
	idPrefix        string
	options         bool   // whether it has critical_options and extensions
	principals      string // what a principal is
	defaultValidity string // "one year"
	certificateUse  string // where the certificate goes
	resource        string // the resource's description
	dataSource      string // the single data source's description
}

var (
	sshHostCertKind = sshCertKind{
		typeName: "ssh_host_certificate",
		title:    "SSH Host Certificate",
		noun:     "host certificate",
		idPrefix: sshHostCertificateIDPrefix,
		principals: "Host names and IP addresses the certificate is valid for, as clients connect to them " +
			"(`web-1.example.com`, `192.0.2.10`). Empty (the default) means valid for every host.",
		defaultValidity: "one year",
		certificateUse: "Write it to a file such as `/etc/ssh/ssh_host_ed25519_key-cert.pub` and name that file " +
			"in a `HostCertificate` line of `sshd_config`.",
		resource: "An SSH host certificate: an SSH certificate authority's signature over a server's host key, " +
			"so that clients which trust the authority (`@cert-authority` in `known_hosts`) accept the server " +
			"without a host key prompt. Only `description` and `metadata` change in place; any other change " +
			"signs a new certificate. Destroying the resource deletes the API object but cannot revoke the " +
			"certificate, which stays valid until `valid_until`.",
		dataSource: "Reads one SSH host certificate by ID, for example to install a certificate that another " +
			"configuration manages on the server it belongs to.",
	}
	sshUserCertKind = sshCertKind{
		typeName: "ssh_user_certificate",
		title:    "SSH User Certificate",
		noun:     "user certificate",
		idPrefix: sshUserCertificateIDPrefix,
		options:  true,
		principals: "User names the holder may log in as (`alice`, `deploy`). " +
			"Empty (the default) means any user.",
		defaultValidity: "24 hours",
		certificateUse: "Write it next to the private key as `<key>-cert.pub` (for example `~/.ssh/id_ed25519-cert.pub`), " +
			"where `ssh` finds it by itself, or name it with `CertificateFile`.",
		resource: "An SSH user certificate: an SSH certificate authority's signature over a user's public key, " +
			"so that servers which trust the authority (`TrustedUserCAKeys` in `sshd_config`) accept the user " +
			"as the certificate's principals, with its options and extensions, until `valid_until`. Only " +
			"`description` and `metadata` change in place; any other change signs a new certificate. Destroying " +
			"the resource deletes the API object but cannot revoke the certificate. For short-lived certificates " +
			"that never reach the state, use the ephemeral resource of the same name.",
		dataSource: "Reads one SSH user certificate by ID, for example to hand a certificate that another " +
			"configuration manages to the user it belongs to.",
	}
)

// listTypeName is the name of the plural data source: "ssh_host_certificates".
func (k sshCertKind) listTypeName() string { return k.typeName + "s" }

// listAttribute is the plural data source's list: "host_certificates".
func (k sshCertKind) listAttribute() string { return strings.ReplaceAll(k.noun, " ", "_") + "s" }

// principalPattern: a principal is a non-empty name without whitespace or
// control characters, Unicode's included (\p{Z} and \p{Cc} are exactly
// what unicode.IsSpace and unicode.IsControl, the API's test, match).
var principalPattern = regexp.MustCompile(`^[^\p{Z}\p{Cc}]+$`)

// sshCertificateResourceAttributes are the attributes of a certificate
// resource of kind. Every attribute but description and metadata replaces
// the certificate: the API cannot change a signed certificate.
func sshCertificateResourceAttributes(kind sshCertKind) map[string]schema.Attribute {
	attrs := map[string]schema.Attribute{
		"id":          serverSetAttribute(fmt.Sprintf("Identifier of the %s (`%s...`); also the certificate's key ID.", kind.noun, kind.idPrefix)),
		"uri":         serverSetAttribute(fmt.Sprintf("API address of the %s.", kind.noun)),
		"created_at":  serverSetAttribute(fmt.Sprintf("When the %s was created, RFC 3339.", kind.noun)),
		"description": descriptionResourceAttribute(),
		"metadata":    metadataResourceAttribute(),
		"ssh_certificate_authority_id": schema.StringAttribute{
			Description: "ID of the SSH certificate authority that signs the certificate (`" + sshCertificateAuthorityIDPrefix +
				"...`). Changing it replaces the certificate.",
			Required:      true,
			Validators:    []validator.String{idValidator(sshCertificateAuthorityIDPrefix, "an SSH certificate authority")},
			PlanModifiers: []planmodifier.String{stringplanmodifier.RequiresReplace()},
		},
		"public_key": schema.StringAttribute{
			Description: "The public key to certify, one line in OpenSSH authorized-keys format, such as the content of a `.pub` file " +
				"(`file(\"~/.ssh/id_ed25519.pub\")`). Types: " + quotedList(sshCertKeyTypes) + ". Compared by key, not by text: " +
				"a different comment or spacing is no change. Changing the key replaces the certificate.",
			Required:      true,
			Validators:    []validator.String{sshPublicKeyValidator{}},
			PlanModifiers: []planmodifier.String{equivalentUseState(sameSSHPublicKey, "the same key"), stringplanmodifier.RequiresReplace()},
		},
		"key_type": serverSetAttribute("Type of `public_key`: " + quotedList(sshCertKeyTypes) + "."),
		"principals": schema.ListAttribute{
			Description: kind.principals + " Changing them replaces the certificate.",
			ElementType: types.StringType,
			Optional:    true,
			Computed:    true,
			Default:     listdefault.StaticValue(types.ListValueMust(types.StringType, []attr.Value{})),
			Validators: []validator.List{listvalidator.ValueStringsAre(
				stringvalidator.RegexMatches(principalPattern, "must be a non-empty name without whitespace or control characters"))},
			PlanModifiers: []planmodifier.List{listplanmodifier.RequiresReplace()},
		},
		"valid_after": validityBoundAttribute("Start of validity, RFC 3339. Defaults to the time of creation, which then " +
			"stays in the state: later plans do not move it. Changing it replaces the certificate; the same instant " +
			"written differently (another offset) is no change."),
		"valid_until": validityBoundAttribute("End of validity, RFC 3339 (`valid_before` in OpenSSH's terms); must be " +
			"after `valid_after`. Defaults to " + kind.defaultValidity + " after `valid_after`, which then stays in the " +
			"state. Changing it replaces the certificate: renew a certificate by setting a later date (not one " +
			"computed from `timestamp()`, which would replace it on every run)."),
		"certificate": serverSetAttribute("The signed OpenSSH certificate, `<type>-cert-v01@openssh.com <base64> <id>`. " +
			kind.certificateUse + " Decode it with `provider::ngrok::ssh_certificate_info`."),
	}
	if kind.options {
		maps.Copy(attrs, sshUserCertificateOptionAttributes())
	}
	return attrs
}

// validityBoundAttribute is valid_after or valid_until of a certificate
// resource: an RFC 3339 time, defaulted by the API (and then kept), whose
// change replaces the certificate unless it names the same second.
func validityBoundAttribute(description string) schema.StringAttribute {
	return schema.StringAttribute{
		Description: description,
		Optional:    true,
		Computed:    true,
		Validators:  []validator.String{rfc3339Validator{}},
		PlanModifiers: []planmodifier.String{
			stringplanmodifier.UseStateForUnknown(),
			equivalentUseState(sameSecond, "the same second"),
			stringplanmodifier.RequiresReplace(),
		},
	}
}

// sshUserCertificateOptionAttributes are the user certificate's own
// resource attributes. NOTE: their defaults are static, the API's own
// (internal/mockserver/README.md, SSH host and user certificates), rather than left to the API: an omitted map then
// means the default whether the certificate is new or already has other
// options, so removing options from the configuration signs a certificate
// without them instead of silently keeping them.
func sshUserCertificateOptionAttributes() map[string]schema.Attribute {
	return map[string]schema.Attribute{
		"critical_options": schema.MapAttribute{
			Description: "Critical options: " + quotedList(sshCriticalOptionNames) + ". `" + sshOptForceCommand +
				"` runs one command instead of the user's; `" + sshOptSourceAddress + "` restricts logins to a comma-separated " +
				"list of IP addresses and CIDR blocks. None when omitted. Changing them replaces the certificate.",
			ElementType:   types.StringType,
			Optional:      true,
			Computed:      true,
			Default:       mapdefault.StaticValue(types.MapValueMust(types.StringType, map[string]attr.Value{})),
			Validators:    sshCriticalOptionsValidators(),
			PlanModifiers: []planmodifier.Map{mapplanmodifier.RequiresReplace()},
		},
		"extensions": schema.MapAttribute{
			Description: "Extensions, each granting a permission: " + quotedList(sshFlagExtensions) +
				" with the value `\"\"`, or vendor extensions `name@domain`. When omitted, `" + strings.Join(sshDefaultExtensions, "` and `") +
				"`, the API's default; `{}` grants nothing. Changing them replaces the certificate.",
			ElementType:   types.StringType,
			Optional:      true,
			Computed:      true,
			Default:       mapdefault.StaticValue(sshDefaultExtensionsValue()),
			Validators:    []validator.Map{sshExtensionsValidator{}},
			PlanModifiers: []planmodifier.Map{mapplanmodifier.RequiresReplace()},
		},
	}
}

// sshDefaultExtensionsValue is sshDefaultExtensions as a map of empty values.
func sshDefaultExtensionsValue() types.Map {
	m := make(map[string]attr.Value, len(sshDefaultExtensions))
	for _, name := range sshDefaultExtensions {
		m[name] = types.StringValue("")
	}
	return types.MapValueMust(types.StringType, m)
}

func sshCriticalOptionsValidators() []validator.Map {
	return []validator.Map{
		mapvalidator.KeysAre(stringvalidator.OneOf(sshCriticalOptionNames...)),
		sshCriticalOptionsValidator{},
	}
}

// sshCertificateDataSourceAttributes describe a certificate of kind as the
// data sources return it: the single one looks it up by a required id, the
// lists return every attribute computed.
func sshCertificateDataSourceAttributes(kind sshCertKind, lookupByID bool) map[string]dsschema.Attribute {
	id := dsschema.StringAttribute{
		Description: fmt.Sprintf("Identifier of the %s (`%s...`).", kind.noun, kind.idPrefix),
		Required:    lookupByID,
		Computed:    !lookupByID,
	}
	if lookupByID {
		id.Validators = []validator.String{idValidator(kind.idPrefix, "an SSH "+kind.noun)}
	}
	attrs := map[string]dsschema.Attribute{
		"id":                           id,
		"uri":                          dsschema.StringAttribute{Description: "API address of the " + kind.noun + ".", Computed: true},
		"created_at":                   dsschema.StringAttribute{Description: "When it was created, RFC 3339.", Computed: true},
		"description":                  dsschema.StringAttribute{Description: "Human-readable description.", Computed: true},
		"metadata":                     dsschema.StringAttribute{Description: "Arbitrary machine-readable data.", Computed: true},
		"ssh_certificate_authority_id": dsschema.StringAttribute{Description: "ID of the authority that signed it.", Computed: true},
		"public_key":                   dsschema.StringAttribute{Description: "The certified public key, as it was sent.", Computed: true},
		"key_type":                     dsschema.StringAttribute{Description: "Type of the public key: " + quotedList(sshCertKeyTypes) + ".", Computed: true},
		"principals": dsschema.ListAttribute{
			Description: kind.principals, ElementType: types.StringType, Computed: true,
		},
		"valid_after": dsschema.StringAttribute{Description: "Start of validity, RFC 3339.", Computed: true},
		"valid_until": dsschema.StringAttribute{Description: "End of validity, RFC 3339.", Computed: true},
		"certificate": dsschema.StringAttribute{Description: "The signed OpenSSH certificate. " + kind.certificateUse, Computed: true},
	}
	if kind.options {
		attrs["critical_options"] = dsschema.MapAttribute{
			Description: "Critical options: " + quotedList(sshCriticalOptionNames) + ".", ElementType: types.StringType, Computed: true,
		}
		attrs["extensions"] = dsschema.MapAttribute{
			Description: "Extensions granted by the certificate.", ElementType: types.StringType, Computed: true,
		}
	}
	return attrs
}

// equivalentUseState plans the prior state's text when the configuration
// says the same thing in other words (same reports that), so that a
// different notation of the same key or instant is no change. Terraform
// accepts a planned value that differs from the configuration only when it
// is the prior state's.
func equivalentUseState(same func(a, b string) bool, what string) planmodifier.String {
	return equivalentUseStateModifier{same: same, what: what}
}

type equivalentUseStateModifier struct {
	same func(a, b string) bool
	what string
}

func (m equivalentUseStateModifier) Description(context.Context) string {
	return "keeps the value in state when the configuration names " + m.what + " in other text"
}

func (m equivalentUseStateModifier) MarkdownDescription(ctx context.Context) string {
	return m.Description(ctx)
}

func (m equivalentUseStateModifier) PlanModifyString(_ context.Context, req planmodifier.StringRequest, resp *planmodifier.StringResponse) {
	if req.StateValue.IsNull() || req.StateValue.IsUnknown() || req.ConfigValue.IsNull() || req.ConfigValue.IsUnknown() {
		return
	}
	if !req.PlanValue.Equal(req.StateValue) && m.same(req.ConfigValue.ValueString(), req.StateValue.ValueString()) {
		resp.PlanValue = req.StateValue
	}
}

// sshCertValidityError says why valid_after and valid_until (from the
// configuration) cannot make a certificate, or "" when they can or are not
// yet known. now stands in for an omitted valid_after, which the API sets
// to the time of creation; pass the zero time once the certificate exists.
func sshCertValidityError(validAfter, validUntil types.String, now time.Time) string {
	if validUntil.IsNull() || validUntil.IsUnknown() || validAfter.IsUnknown() {
		return ""
	}
	until, err := parseCertTime(validUntil.ValueString())
	if err != nil {
		return "" // the attribute validator reports it
	}
	until = until.Truncate(time.Second)
	if validAfter.IsNull() {
		if now.IsZero() || until.After(now) {
			return ""
		}
		return fmt.Sprintf("valid_until (%s) is not in the future, and valid_after defaults to the time of creation. "+
			"Set a later valid_until, or set valid_after too.", validUntil.ValueString())
	}
	after, err := parseCertTime(validAfter.ValueString())
	if err != nil || until.After(after.Truncate(time.Second)) {
		return ""
	}
	return fmt.Sprintf("valid_until (%s) must be after valid_after (%s): the validity period must be positive, in whole seconds.",
		validUntil.ValueString(), validAfter.ValueString())
}

// modifySSHCertPlan is the plan logic both certificate resources share: it
// plans key_type from a known public_key (known at plan time instead of
// after apply), and, for a new certificate, refuses a valid_until that the
// default valid_after (now) would already have passed. That check cannot be
// a config validator: once the certificate exists, time passing must not
// make its configuration invalid.
func modifySSHCertPlan(ctx context.Context, req resource.ModifyPlanRequest, resp *resource.ModifyPlanResponse) {
	if req.Plan.Raw.IsNull() {
		return
	}
	var publicKey, validAfter, validUntil types.String
	resp.Diagnostics.Append(req.Plan.GetAttribute(ctx, path.Root("public_key"), &publicKey)...)
	resp.Diagnostics.Append(req.Config.GetAttribute(ctx, path.Root("valid_after"), &validAfter)...)
	resp.Diagnostics.Append(req.Config.GetAttribute(ctx, path.Root("valid_until"), &validUntil)...)
	if resp.Diagnostics.HasError() {
		return
	}
	if !publicKey.IsNull() && !publicKey.IsUnknown() {
		if keyType, err := parseSSHPublicKey(publicKey.ValueString()); err == nil {
			resp.Diagnostics.Append(resp.Plan.SetAttribute(ctx, path.Root("key_type"), types.StringValue(keyType))...)
		}
	}
	if req.State.Raw.IsNull() {
		if msg := sshCertValidityError(validAfter, validUntil, time.Now()); msg != "" {
			resp.Diagnostics.AddAttributeError(path.Root("valid_until"), "Invalid Validity Period", msg)
		}
	}
}

// validateSSHCertConfig is the configuration check both certificate
// resources share.
func validateSSHCertConfig(ctx context.Context, req resource.ValidateConfigRequest, resp *resource.ValidateConfigResponse) {
	var validAfter, validUntil types.String
	resp.Diagnostics.Append(req.Config.GetAttribute(ctx, path.Root("valid_after"), &validAfter)...)
	resp.Diagnostics.Append(req.Config.GetAttribute(ctx, path.Root("valid_until"), &validUntil)...)
	if resp.Diagnostics.HasError() {
		return
	}
	if msg := sshCertValidityError(validAfter, validUntil, time.Time{}); msg != "" {
		resp.Diagnostics.AddAttributeError(path.Root("valid_until"), "Invalid Validity Period", msg)
	}
}
