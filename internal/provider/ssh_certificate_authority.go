package provider

import (
	"context"
	"crypto/ecdsa"
	"crypto/elliptic"
	"crypto/rsa"
	"encoding/json"
	"fmt"
	"strconv"

	"github.com/hashicorp/terraform-plugin-framework-validators/int64validator"
	"github.com/hashicorp/terraform-plugin-framework-validators/stringvalidator"
	"github.com/hashicorp/terraform-plugin-framework/attr"
	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/path"
	"github.com/hashicorp/terraform-plugin-framework/resource"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/stringdefault"
	"github.com/hashicorp/terraform-plugin-framework/schema/validator"
	"github.com/hashicorp/terraform-plugin-framework/types"
	"github.com/hashicorp/terraform-plugin-go/tftypes"
	"golang.org/x/crypto/ssh"

	"github.com/tfedge/terraform-provider-ngrok/internal/apiclient"
)

// sshCertificateAuthorityType is ngrok_ssh_certificate_authority: a key pair
// that ngrok generates and keeps. Its semantics are its key options: which
// apply to which key type (validateCAKeyOptions), their defaults planned as
// known values, and replacement when one changes (planCAKeyOptions), all
// read back from the public key (sshCertificateAuthorityModelFromAPI).
var sshCertificateAuthorityType = &objectType[apiclient.SSHCertificateAuthority, apiclient.SSHCertificateAuthorityCreate,
	apiclient.SSHCertificateAuthorityUpdate, sshCertificateAuthorityModel]{
	name: "ssh_certificate_authority", plural: "ssh_certificate_authorities", pluralAttr: "certificate_authorities",
	noun: "SSH certificate authority", nouns: "SSH certificate authorities", article: "an",
	idPrefix: sshCertificateAuthorityIDPrefix, api: apiclient.SSHCertificateAuthorities,
	description: "An SSH certificate authority: a key pair that ngrok generates and keeps, " +
		"whose private key signs SSH host and user certificates. The private key never leaves ngrok; " +
		"`public_key` is what SSH servers and clients are told to trust. Changing a key option replaces " +
		"the authority (and so invalidates every certificate it signed).\n\n" +
		"An authority that signed certificates that still exist cannot be deleted (`ERR_NGROK_1964`). Certificate " +
		"resources that name it are destroyed before it; certificates made outside Terraform must be deleted first, " +
		"in the ngrok dashboard or with the API.",
	attributes: func() map[string]schema.Attribute {
		return map[string]schema.Attribute{
			"id":          serverSetAttribute("Identifier of the authority (`sshca_...`)."),
			"uri":         serverSetAttribute("API address of the authority."),
			"created_at":  serverSetAttribute("When the authority was created, RFC 3339."),
			"description": descriptionResourceAttribute(),
			"metadata":    metadataResourceAttribute(),
			"private_key_type": schema.StringAttribute{
				Description: fmt.Sprintf("Type of key pair to generate: %s. Defaults to `%s`. Changing it replaces the authority.",
					quotedList(caKeyTypes), defaultCAKeyType),
				Optional:   true,
				Computed:   true,
				Default:    stringdefault.StaticString(defaultCAKeyType),
				Validators: []validator.String{stringvalidator.OneOf(caKeyTypes...)},
			},
			"elliptic_curve": schema.StringAttribute{
				Description: fmt.Sprintf("Curve of an `ecdsa` key: %s. Defaults to `%s` for `ecdsa`, and is null for other key types, "+
					"where setting it is an error. Changing it replaces the authority.", quotedList(caCurves), defaultCACurve),
				Optional:   true,
				Computed:   true,
				Validators: []validator.String{stringvalidator.OneOf(caCurves...)},
			},
			"key_size": schema.Int64Attribute{
				Description: fmt.Sprintf("Size in bits of an `rsa` key: %s. Defaults to `%d` for `rsa`, and is null for other key types, "+
					"where setting it is an error. Changing it replaces the authority.", quotedInts(caKeySizes), defaultCAKeySize),
				Optional:   true,
				Computed:   true,
				Validators: []validator.Int64{int64validator.OneOf(caKeySizes...)},
			},
			"public_key": serverSetAttribute("Public key of the authority in OpenSSH authorized-keys format, without comment. " +
				"Put it in `TrustedUserCAKeys` on servers, or after `@cert-authority` in `known_hosts` on clients."),
			"key_type": serverSetAttribute("Type of the authority's key as the API reports it: `rsa`, `ecdsa` or `ed25519`."),
		}
	},
	dataSourceDescription: "Reads one SSH certificate authority by ID, for example to trust its `public_key` " +
		"in configuration that does not manage the authority itself.",
	dataSourceDescriptions: map[string]string{
		"private_key_type": "Type of the key pair: " + quotedList(caKeyTypes) + ".",
		"elliptic_curve":   "Curve of an `ecdsa` key; null for other types.",
		"key_size":         "Size in bits of an `rsa` key; null for other types.",
	},
	fromAPI:  sshCertificateAuthorityModelFromAPI,
	toCreate: sshCertificateAuthorityModel.toCreate,
	toUpdate: sshCertificateAuthorityModel.toUpdate,
	displayName: func(ca *apiclient.SSHCertificateAuthority, m sshCertificateAuthorityModel) string {
		return describedAs(ca.Description, caKeyName(m))
	},
	filterExample:  "`obj.description.startsWith(\"prod\")`",
	movesFrom:      []string{"ngrok_ssh_certificate_authority"},
	normalizeState: normalizeSSHCertificateAuthorityState,
	validateConfig: validateCAKeyOptions,
	modifyPlan:     planCAKeyOptions,
}

// validateCAKeyOptions refuses key options that do not apply to the key type.
func validateCAKeyOptions(ctx context.Context, req resource.ValidateConfigRequest, resp *resource.ValidateConfigResponse) {
	cfg := getCAKeyOptions(ctx, req.Config.Raw, &resp.Diagnostics)
	if resp.Diagnostics.HasError() {
		return
	}
	if cfg.keyType.IsUnknown() {
		return
	}
	keyType := defaultCAKeyType
	if !cfg.keyType.IsNull() {
		keyType = cfg.keyType.ValueString()
	}
	if !cfg.curve.IsNull() && keyType != keyTypeECDSA {
		resp.Diagnostics.AddAttributeError(path.Root("elliptic_curve"), "Invalid Attribute Combination",
			fmt.Sprintf("elliptic_curve applies only to private_key_type = %q, not %q. Remove elliptic_curve, or set private_key_type = %q.",
				keyTypeECDSA, keyType, keyTypeECDSA))
	}
	if !cfg.size.IsNull() && keyType != keyTypeRSA {
		resp.Diagnostics.AddAttributeError(path.Root("key_size"), "Invalid Attribute Combination",
			fmt.Sprintf("key_size applies only to private_key_type = %q, not %q. Remove key_size, or set private_key_type = %q.",
				keyTypeRSA, keyType, keyTypeRSA))
	}
}

// planCAKeyOptions plans the key options as the API will apply them (the curve and
// size defaults depend on the key type), so that the plan holds no unknowns
// for them and an omitted option never looks like a change. Any change to a
// key option replaces the authority: the API cannot re-key one.
func planCAKeyOptions(ctx context.Context, req resource.ModifyPlanRequest, resp *resource.ModifyPlanResponse) {
	if req.Plan.Raw.IsNull() {
		return
	}
	plan := getCAKeyOptions(ctx, req.Plan.Raw, &resp.Diagnostics)
	cfg := getCAKeyOptions(ctx, req.Config.Raw, &resp.Diagnostics)
	if resp.Diagnostics.HasError() {
		return
	}
	if plan.keyType.IsUnknown() {
		return
	}

	curve := plannedKeyOption(plan.keyType.ValueString() == keyTypeECDSA,
		cfg.curve, types.StringValue(defaultCACurve), types.StringNull())
	size := plannedKeyOption(plan.keyType.ValueString() == keyTypeRSA,
		cfg.size, types.Int64Value(defaultCAKeySize), types.Int64Null())
	// NOTE: most plans, such as every refresh of an unchanged authority,
	// already hold these values; a write is then skipped.
	if !curve.Equal(plan.curve) {
		resp.Diagnostics.Append(resp.Plan.SetAttribute(ctx, path.Root("elliptic_curve"), curve)...)
		plan.curve = curve
	}
	if !size.Equal(plan.size) {
		resp.Diagnostics.Append(resp.Plan.SetAttribute(ctx, path.Root("key_size"), size)...)
		plan.size = size
	}
	if resp.Diagnostics.HasError() || req.State.Raw.IsNull() {
		return
	}

	state := getCAKeyOptions(ctx, req.State.Raw, &resp.Diagnostics)
	if resp.Diagnostics.HasError() {
		return
	}
	for _, c := range []struct {
		name        string
		plan, state attr.Value
	}{
		{"private_key_type", plan.keyType, state.keyType},
		{"elliptic_curve", plan.curve, state.curve},
		{"key_size", plan.size, state.size},
	} {
		if !c.plan.Equal(c.state) {
			resp.RequiresReplace = append(resp.RequiresReplace, path.Root(c.name))
		}
	}
}

// caKeyOptionValues are the attributes that ValidateConfig and ModifyPlan
// need, read from the raw value: every plan calls both for every authority,
// and a whole-model Get costs some fifteen times as much as reading one
// attribute (the framework maps every field by reflection), GetAttribute
// several times as much as rawAttributes.
type caKeyOptionValues struct {
	keyType types.String
	curve   types.String
	size    types.Int64
}

func getCAKeyOptions(ctx context.Context, from tftypes.Value, diags *diag.Diagnostics) caKeyOptionValues {
	attrs := rawAttributes(from, diags)
	if diags.HasError() {
		return caKeyOptionValues{}
	}
	return caKeyOptionValues{
		keyType: rawAttribute[types.String](ctx, attrs, "private_key_type", types.StringType, diags),
		curve:   rawAttribute[types.String](ctx, attrs, "elliptic_curve", types.StringType, diags),
		size:    rawAttribute[types.Int64](ctx, attrs, "key_size", types.Int64Type, diags),
	}
}

// plannedKeyOption is the configured value when the option applies, its
// default when it applies but was omitted, and null when it does not apply.
func plannedKeyOption[T attr.Value](applies bool, configured, def, null T) T {
	switch {
	case !applies:
		return null
	case configured.IsNull():
		return def
	default:
		return configured
	}
}

// Key options of an SSH certificate authority. Each list drives both the
// validator and the attribute description.
const (
	defaultCAKeyType = keyTypeEd25519
	defaultCACurve   = "p256"
	defaultCAKeySize = 4096
)

var (
	caKeyTypes = []string{keyTypeRSA, keyTypeECDSA, keyTypeEd25519}
	caCurves   = []string{"p256", "p384", "p521"}
	caKeySizes = []int64{2048, 4096}
)

type sshCertificateAuthorityModel struct {
	ID             types.String `tfsdk:"id"`
	URI            types.String `tfsdk:"uri"`
	CreatedAt      types.String `tfsdk:"created_at"`
	Description    types.String `tfsdk:"description"`
	Metadata       types.String `tfsdk:"metadata"`
	PrivateKeyType types.String `tfsdk:"private_key_type"`
	EllipticCurve  types.String `tfsdk:"elliptic_curve"`
	KeySize        types.Int64  `tfsdk:"key_size"`
	PublicKey      types.String `tfsdk:"public_key"`
	KeyType        types.String `tfsdk:"key_type"`
}

// sshCertificateAuthorityModelFromAPI maps an API object onto the model. The
// key options come from the public key itself rather than from what was
// requested, so that an imported authority reads exactly as configured.
func sshCertificateAuthorityModelFromAPI(ca *apiclient.SSHCertificateAuthority) (sshCertificateAuthorityModel, error) {
	opts, err := caKeyOptionsFromPublicKey(ca.PublicKey)
	if err != nil {
		return sshCertificateAuthorityModel{}, fmt.Errorf("SSH certificate authority %s: %w", ca.ID, err)
	}
	m := sshCertificateAuthorityModel{
		ID:             types.StringValue(ca.ID),
		URI:            types.StringValue(ca.URI),
		CreatedAt:      types.StringValue(ca.CreatedAt),
		Description:    types.StringValue(ca.Description),
		Metadata:       types.StringValue(ca.Metadata),
		PrivateKeyType: types.StringValue(opts.keyType),
		EllipticCurve:  types.StringNull(),
		KeySize:        types.Int64Null(),
		PublicKey:      types.StringValue(ca.PublicKey),
		KeyType:        types.StringValue(ca.KeyType),
	}
	if opts.curve != "" {
		m.EllipticCurve = types.StringValue(opts.curve)
	}
	if opts.size != 0 {
		m.KeySize = types.Int64Value(opts.size)
	}
	return m, nil
}

func (m sshCertificateAuthorityModel) toCreate() *apiclient.SSHCertificateAuthorityCreate {
	return &apiclient.SSHCertificateAuthorityCreate{
		Description:    m.Description.ValueString(),
		Metadata:       m.Metadata.ValueString(),
		PrivateKeyType: m.PrivateKeyType.ValueString(),
		EllipticCurve:  m.EllipticCurve.ValueString(),
		KeySize:        m.KeySize.ValueInt64(),
	}
}

func (m sshCertificateAuthorityModel) toUpdate() *apiclient.SSHCertificateAuthorityUpdate {
	return &apiclient.SSHCertificateAuthorityUpdate{
		Description: m.Description.ValueStringPointer(),
		Metadata:    m.Metadata.ValueStringPointer(),
	}
}

type caKeyOptions struct {
	keyType string
	curve   string // ecdsa only
	size    int64  // rsa only
}

func caKeyOptionsFromPublicKey(authorizedKey string) (caKeyOptions, error) {
	pub, _, _, _, err := ssh.ParseAuthorizedKey([]byte(authorizedKey))
	if err != nil {
		return caKeyOptions{}, fmt.Errorf("unreadable public key %q: %w", authorizedKey, err)
	}
	cpk, ok := pub.(ssh.CryptoPublicKey)
	if !ok {
		return caKeyOptions{}, fmt.Errorf("unsupported public key type %s", pub.Type())
	}
	switch k := cpk.CryptoPublicKey().(type) {
	case *rsa.PublicKey:
		return caKeyOptions{keyType: keyTypeRSA, size: int64(k.N.BitLen())}, nil
	case *ecdsa.PublicKey:
		switch k.Curve {
		case elliptic.P256():
			return caKeyOptions{keyType: keyTypeECDSA, curve: "p256"}, nil
		case elliptic.P384():
			return caKeyOptions{keyType: keyTypeECDSA, curve: "p384"}, nil
		case elliptic.P521():
			return caKeyOptions{keyType: keyTypeECDSA, curve: "p521"}, nil
		}
		return caKeyOptions{}, fmt.Errorf("unsupported ECDSA curve %s", k.Curve.Params().Name)
	}
	if pub.Type() == ssh.KeyAlgoED25519 {
		return caKeyOptions{keyType: keyTypeEd25519}, nil
	}
	return caKeyOptions{}, fmt.Errorf("unsupported public key type %s", pub.Type())
}

// normalizeSSHCertificateAuthorityState brings an authority's state to the
// current schema from what ngrok/ngrok v0.7 and v0.8 wrote. The key options
// are read from the public key, as this provider's Read does, whatever the
// other provider stored for them: v0.8 stores key_size 0 and
// elliptic_curve "" for the key types they do not apply to (null here),
// and an imported authority has none. Only a state without a readable
// public key keeps the stored options, with those placeholders made null;
// the refresh then reads them.
func normalizeSSHCertificateAuthorityState(a stateAttrs) error {
	a.nullIfEmpty("uri", "created_at", "private_key_type", "elliptic_curve")
	a.emptyIfNull("description", "metadata")
	if n, ok := a["key_size"].(json.Number); ok && n.String() == "0" {
		a["key_size"] = nil
	}
	if opts, err := caKeyOptionsFromPublicKey(a.str("public_key")); err == nil {
		a["private_key_type"], a["elliptic_curve"], a["key_size"] = opts.keyType, nil, nil
		if opts.curve != "" {
			a["elliptic_curve"] = opts.curve
		}
		if opts.size != 0 {
			a["key_size"] = opts.size
		}
	}
	return nil
}

// caKeyName names an authority's key: "ed25519", "ecdsa p384", "rsa 4096".
func caKeyName(m sshCertificateAuthorityModel) string {
	name := m.PrivateKeyType.ValueString()
	if !m.EllipticCurve.IsNull() {
		name += " " + m.EllipticCurve.ValueString()
	}
	if !m.KeySize.IsNull() {
		name += " " + strconv.FormatInt(m.KeySize.ValueInt64(), 10)
	}
	return name
}
