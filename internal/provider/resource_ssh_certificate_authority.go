package provider

import (
	"context"
	"fmt"

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
	"github.com/hashicorp/terraform-plugin-log/tflog"

	"github.com/tfedge/terraform-provider-ngrok/internal/apiclient"
)

var (
	_ resource.Resource                   = (*sshCertificateAuthorityResource)(nil)
	_ resource.ResourceWithConfigure      = (*sshCertificateAuthorityResource)(nil)
	_ resource.ResourceWithImportState    = (*sshCertificateAuthorityResource)(nil)
	_ resource.ResourceWithIdentity       = (*sshCertificateAuthorityResource)(nil)
	_ resource.ResourceWithModifyPlan     = (*sshCertificateAuthorityResource)(nil)
	_ resource.ResourceWithValidateConfig = (*sshCertificateAuthorityResource)(nil)
	_ resource.ResourceWithUpgradeState   = (*sshCertificateAuthorityResource)(nil)
	_ resource.ResourceWithMoveState      = (*sshCertificateAuthorityResource)(nil)
)

func NewSSHCertificateAuthorityResource() resource.Resource {
	return &sshCertificateAuthorityResource{}
}

type sshCertificateAuthorityResource struct {
	client *apiclient.Client
}

func (r *sshCertificateAuthorityResource) Metadata(_ context.Context, req resource.MetadataRequest, resp *resource.MetadataResponse) {
	resp.TypeName = req.ProviderTypeName + "_ssh_certificate_authority"
}

func (r *sshCertificateAuthorityResource) Schema(_ context.Context, _ resource.SchemaRequest, resp *resource.SchemaResponse) {
	resp.Schema = schema.Schema{
		Version: stateSchemaVersion,
		Description: "An SSH certificate authority: a key pair that ngrok generates and keeps, " +
			"whose private key signs SSH host and user certificates. The private key never leaves ngrok; " +
			"`public_key` is what SSH servers and clients are told to trust. Changing a key option replaces " +
			"the authority (and so invalidates every certificate it signed).",
		Attributes: map[string]schema.Attribute{
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
		},
	}
}

func (r *sshCertificateAuthorityResource) IdentitySchema(_ context.Context, _ resource.IdentitySchemaRequest, resp *resource.IdentitySchemaResponse) {
	resp.IdentitySchema = idIdentitySchema("SSH certificate authority", sshCertificateAuthorityIDPrefix)
}

func (r *sshCertificateAuthorityResource) Configure(_ context.Context, req resource.ConfigureRequest, resp *resource.ConfigureResponse) {
	r.client = clientFromProviderData(req.ProviderData, &resp.Diagnostics)
}

func (r *sshCertificateAuthorityResource) ValidateConfig(ctx context.Context, req resource.ValidateConfigRequest, resp *resource.ValidateConfigResponse) {
	cfg := getCAKeyOptions(ctx, req.Config, &resp.Diagnostics)
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

// ModifyPlan plans the key options as the API will apply them (the curve and
// size defaults depend on the key type), so that the plan holds no unknowns
// for them and an omitted option never looks like a change. Any change to a
// key option replaces the authority: the API cannot re-key one.
func (r *sshCertificateAuthorityResource) ModifyPlan(ctx context.Context, req resource.ModifyPlanRequest, resp *resource.ModifyPlanResponse) {
	if req.Plan.Raw.IsNull() {
		return
	}
	plan := getCAKeyOptions(ctx, req.Plan, &resp.Diagnostics)
	cfg := getCAKeyOptions(ctx, req.Config, &resp.Diagnostics)
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

	state := getCAKeyOptions(ctx, req.State, &resp.Diagnostics)
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
// need, read one by one: every plan calls both for every authority, and a
// whole-model Get costs some fifteen times as much as reading one attribute
// (the framework maps every field by reflection).
type caKeyOptionValues struct {
	keyType types.String
	curve   types.String
	size    types.Int64
}

func getCAKeyOptions(ctx context.Context, from attributeGetter, diags *diag.Diagnostics) caKeyOptionValues {
	var v caKeyOptionValues
	diags.Append(from.GetAttribute(ctx, path.Root("private_key_type"), &v.keyType)...)
	diags.Append(from.GetAttribute(ctx, path.Root("elliptic_curve"), &v.curve)...)
	diags.Append(from.GetAttribute(ctx, path.Root("key_size"), &v.size)...)
	return v
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

func (r *sshCertificateAuthorityResource) Create(ctx context.Context, req resource.CreateRequest, resp *resource.CreateResponse) {
	var plan sshCertificateAuthorityModel
	resp.Diagnostics.Append(req.Plan.Get(ctx, &plan)...)
	if resp.Diagnostics.HasError() {
		return
	}

	ca, err := r.client.CreateSSHCertificateAuthority(ctx, plan.toCreate())
	if ca != nil {
		resp.Diagnostics.Append(setIDIdentity(ctx, resp.Identity, ca.ID)...)
	}
	if err != nil {
		resp.Diagnostics.Append(apiErrorDiagnostic("Unable to Create SSH Certificate Authority", err))
		if ca == nil {
			return
		}
		// NOTE: interrupted after the API made it: saved below, with the
		// error, so that Terraform tracks it (tainted).
	}
	tflog.Info(ctx, "created SSH certificate authority", map[string]any{"id": ca.ID})

	state, err := sshCertificateAuthorityModelFromAPI(ca)
	if err != nil {
		// NOTE: the authority exists now; keep its ID so that Terraform
		// tracks it (tainted) instead of leaving an orphan behind.
		resp.Diagnostics.Append(resp.State.SetAttribute(ctx, path.Root("id"), ca.ID)...)
		resp.Diagnostics.AddError("Unable to Read Created SSH Certificate Authority", err.Error())
		return
	}
	resp.Diagnostics.Append(setStateValues(ctx, &resp.State, state.stateValues())...)
}

func (r *sshCertificateAuthorityResource) Read(ctx context.Context, req resource.ReadRequest, resp *resource.ReadResponse) {
	id := stateID(ctx, req.State, &resp.Diagnostics)
	resp.Diagnostics.Append(setIDIdentity(ctx, resp.Identity, id)...)
	if resp.Diagnostics.HasError() {
		return
	}

	ca := readObject(ctx, resp, "SSH certificate authority", "SSH Certificate Authority", id, r.client.GetSSHCertificateAuthority)
	if ca == nil {
		return
	}

	state, err := sshCertificateAuthorityModelFromAPI(ca)
	if err != nil {
		resp.Diagnostics.AddError("Unable to Read SSH Certificate Authority", err.Error())
		return
	}
	resp.Diagnostics.Append(setStateValues(ctx, &resp.State, state.stateValues())...)
}

func (r *sshCertificateAuthorityResource) Update(ctx context.Context, req resource.UpdateRequest, resp *resource.UpdateResponse) {
	var plan sshCertificateAuthorityModel
	resp.Diagnostics.Append(req.Plan.Get(ctx, &plan)...)
	if resp.Diagnostics.HasError() {
		return
	}

	resp.Diagnostics.Append(setIDIdentity(ctx, resp.Identity, plan.ID.ValueString())...)
	ca, err := r.client.UpdateSSHCertificateAuthority(ctx, plan.ID.ValueString(), plan.toUpdate())
	if err != nil {
		resp.Diagnostics.Append(apiErrorDiagnostic("Unable to Update SSH Certificate Authority", err))
		return
	}

	state, err := sshCertificateAuthorityModelFromAPI(ca)
	if err != nil {
		resp.Diagnostics.AddError("Unable to Read Updated SSH Certificate Authority", err.Error())
		return
	}
	resp.Diagnostics.Append(resp.State.Set(ctx, state)...)
}

func (r *sshCertificateAuthorityResource) Delete(ctx context.Context, req resource.DeleteRequest, resp *resource.DeleteResponse) {
	deleteObject(ctx, req.State, &resp.Diagnostics, "SSH certificate authority", "SSH Certificate Authority",
		r.client.DeleteSSHCertificateAuthority)
}

func (r *sshCertificateAuthorityResource) ImportState(ctx context.Context, req resource.ImportStateRequest, resp *resource.ImportStateResponse) {
	sshCertificateAuthorityImport.importState(ctx, r.client, req, resp)
}

var sshCertificateAuthorityImport = importSpec{
	keys:    []importKey{{attr: "id", prefix: sshCertificateAuthorityIDPrefix, noun: "an SSH certificate authority"}},
	findIDs: "in the ngrok dashboard or with the ngrok_ssh_certificate_authorities data source",
}
