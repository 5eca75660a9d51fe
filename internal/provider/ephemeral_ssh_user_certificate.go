package provider

import (
	"context"
	"encoding/json"
	"fmt"
	"time"

	"github.com/hashicorp/terraform-plugin-framework-validators/listvalidator"
	"github.com/hashicorp/terraform-plugin-framework-validators/stringvalidator"
	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/ephemeral"
	"github.com/hashicorp/terraform-plugin-framework/ephemeral/schema"
	"github.com/hashicorp/terraform-plugin-framework/schema/validator"
	"github.com/hashicorp/terraform-plugin-framework/types"
	"github.com/hashicorp/terraform-plugin-log/tflog"

	"github.com/tfedge/terraform-provider-ngrok/internal/apiclient"
)

var (
	_ ephemeral.EphemeralResource              = (*sshUserCertificateEphemeralResource)(nil)
	_ ephemeral.EphemeralResourceWithConfigure = (*sshUserCertificateEphemeralResource)(nil)
	_ ephemeral.EphemeralResourceWithClose     = (*sshUserCertificateEphemeralResource)(nil)
)

const (
	defaultEphemeralCertValidity = time.Hour
	minEphemeralCertValidity     = time.Minute

	// privateCertificateID is the private-data key under which Open hands
	// the certificate's ID to Close.
	privateCertificateID = "certificate_id"
)

func NewSSHUserCertificateEphemeralResource() ephemeral.EphemeralResource {
	return &sshUserCertificateEphemeralResource{}
}

type sshUserCertificateEphemeralResource struct {
	client *apiclient.Client
}

type sshUserCertificateEphemeralModel struct {
	SSHCertificateAuthorityID types.String `tfsdk:"ssh_certificate_authority_id"`
	PublicKey                 types.String `tfsdk:"public_key"`
	Principals                types.List   `tfsdk:"principals"`
	CriticalOptions           types.Map    `tfsdk:"critical_options"`
	Extensions                types.Map    `tfsdk:"extensions"`
	Validity                  types.String `tfsdk:"validity"`
	Description               types.String `tfsdk:"description"`
	Metadata                  types.String `tfsdk:"metadata"`
	ID                        types.String `tfsdk:"id"`
	KeyType                   types.String `tfsdk:"key_type"`
	ValidAfter                types.String `tfsdk:"valid_after"`
	ValidUntil                types.String `tfsdk:"valid_until"`
	Certificate               types.String `tfsdk:"certificate"`
}

type sshUserCertificatePrivate struct {
	ID string `json:"id"`
}

func (e *sshUserCertificateEphemeralResource) Metadata(_ context.Context, req ephemeral.MetadataRequest, resp *ephemeral.MetadataResponse) {
	resp.TypeName = req.ProviderTypeName + "_ssh_user_certificate"
}

func (e *sshUserCertificateEphemeralResource) Schema(_ context.Context, _ ephemeral.SchemaRequest, resp *ephemeral.SchemaResponse) {
	resp.Schema = schema.Schema{
		Description: "A short-lived SSH user certificate that never reaches the plan or the state (Terraform 1.10 or later). " +
			"Terraform signs it when it opens the ephemeral resource, valid from that moment for `validity`, " +
			"and deletes the API object when it closes the resource at the end of the run. Use it to give a " +
			"provisioner or another provider an SSH login for the length of one run. Deleting the API object " +
			"does not revoke the certificate: keep `validity` short.",
		Attributes: map[string]schema.Attribute{
			"ssh_certificate_authority_id": schema.StringAttribute{
				Description: "ID of the SSH certificate authority that signs the certificate (`" + sshCertificateAuthorityIDPrefix + "...`).",
				Required:    true,
				Validators:  []validator.String{idValidator(sshCertificateAuthorityIDPrefix, "an SSH certificate authority")},
			},
			"public_key": schema.StringAttribute{
				Description: "The public key to certify, one line in OpenSSH authorized-keys format. Types: " + quotedList(sshCertKeyTypes) + ".",
				Required:    true,
				Validators:  []validator.String{sshPublicKeyValidator{}},
			},
			"principals": schema.ListAttribute{
				Description: sshUserCertKind.principals,
				ElementType: types.StringType,
				Optional:    true,
				Validators: []validator.List{listvalidator.ValueStringsAre(
					stringvalidator.RegexMatches(principalPattern, "must be a non-empty name without whitespace or control characters"))},
			},
			"critical_options": schema.MapAttribute{
				Description: "Critical options: " + quotedList(sshCriticalOptionNames) + ".",
				ElementType: types.StringType,
				Optional:    true,
				Computed:    true,
				Validators:  sshCriticalOptionsValidators(),
			},
			"extensions": schema.MapAttribute{
				Description: "Extensions: " + quotedList(sshFlagExtensions) + " with the value `\"\"`, or vendor extensions " +
					"`name@domain`. When omitted, `permit-pty` and `permit-user-rc`; `{}` grants nothing.",
				ElementType: types.StringType,
				Optional:    true,
				Computed:    true,
				Validators:  []validator.Map{sshExtensionsValidator{}},
			},
			"validity": schema.StringAttribute{
				Description: fmt.Sprintf("How long the certificate is valid from the moment it is signed, as a duration "+
					"such as `\"30m\"` or `\"2h\"`; at least %s. Defaults to `\"%s\"`.", shortDuration(minEphemeralCertValidity),
					shortDuration(defaultEphemeralCertValidity)),
				Optional:   true,
				Computed:   true,
				Validators: []validator.String{durationValidator{min: minEphemeralCertValidity}},
			},
			"description": schema.StringAttribute{
				Description: fmt.Sprintf("Human-readable description of the API object, at most %d bytes.", maxDescriptionBytes),
				Optional:    true,
				Validators:  []validator.String{stringvalidator.LengthAtMost(maxDescriptionBytes)},
			},
			"metadata": schema.StringAttribute{
				Description: fmt.Sprintf("Machine-readable data of the API object, at most %d bytes.", maxMetadataBytes),
				Optional:    true,
				Validators:  []validator.String{stringvalidator.LengthAtMost(maxMetadataBytes)},
			},
			"id":          schema.StringAttribute{Description: "Identifier of the user certificate (`" + sshUserCertificateIDPrefix + "...`).", Computed: true},
			"key_type":    schema.StringAttribute{Description: "Type of `public_key`: " + quotedList(sshCertKeyTypes) + ".", Computed: true},
			"valid_after": schema.StringAttribute{Description: "Start of validity, RFC 3339: when the certificate was signed.", Computed: true},
			"valid_until": schema.StringAttribute{Description: "End of validity, RFC 3339: `valid_after` plus `validity`.", Computed: true},
			"certificate": schema.StringAttribute{
				Description: "The signed OpenSSH certificate, `ssh-<type>-cert-v01@openssh.com <base64> <id>`, " +
					"to use beside the private key of `public_key`.",
				Computed: true,
			},
		},
	}
}

func (e *sshUserCertificateEphemeralResource) Configure(_ context.Context, req ephemeral.ConfigureRequest, resp *ephemeral.ConfigureResponse) {
	e.client = clientFromProviderData(req.ProviderData, &resp.Diagnostics)
}

func (e *sshUserCertificateEphemeralResource) Open(ctx context.Context, req ephemeral.OpenRequest, resp *ephemeral.OpenResponse) {
	var cfg sshUserCertificateEphemeralModel
	resp.Diagnostics.Append(req.Config.Get(ctx, &cfg)...)
	if resp.Diagnostics.HasError() {
		return
	}
	in, validity, diags := cfg.toCreate(ctx, time.Now())
	resp.Diagnostics.Append(diags...)
	if resp.Diagnostics.HasError() {
		return
	}

	cert, err := e.client.CreateSSHUserCertificate(ctx, in)
	if err != nil {
		if cert == nil {
			resp.Diagnostics.Append(apiErrorDiagnostic("Unable to Create SSH User Certificate", err))
			return
		}
		// NOTE: interrupted after the API signed it; the replay of the
		// create told us which certificate it is, and the cleanup below
		// deletes it.
		resp.Diagnostics.AddError("Unable to Create SSH User Certificate",
			fmt.Sprintf("The run was interrupted (%v) while the ngrok API was signing the certificate, and the API "+
				"had already signed it: %s. The provider deletes it again.", context.Cause(ctx), cert.ID))
	} else {
		tflog.Info(ctx, "signed ephemeral SSH user certificate", map[string]any{"id": cert.ID, "valid_until": cert.ValidUntil})
	}

	if !resp.Diagnostics.HasError() {
		result, diags := sshUserCertificateEphemeralModelFromAPI(ctx, cert, cfg, validity)
		resp.Diagnostics.Append(diags...)
		private, err := json.Marshal(sshUserCertificatePrivate{ID: cert.ID})
		if err != nil {
			resp.Diagnostics.AddError("Unable to Record SSH User Certificate", err.Error())
		}
		if !resp.Diagnostics.HasError() {
			resp.Diagnostics.Append(resp.Private.SetKey(ctx, privateCertificateID, private)...)
		}
		if !resp.Diagnostics.HasError() {
			resp.Diagnostics.Append(resp.Result.Set(ctx, result)...)
		}
	}
	if resp.Diagnostics.HasError() {
		// NOTE: Terraform does not close a resource whose Open failed, so the
		// API object would outlive the run; delete it here instead.
		cleanupCtx, cancel := cleanupContext(ctx)
		defer cancel()
		if err := e.client.DeleteSSHUserCertificate(cleanupCtx, cert.ID); err != nil && !apiclient.IsNotFound(err) {
			resp.Diagnostics.Append(apiErrorDiagnostic("Unable to Delete SSH User Certificate "+cert.ID, err))
		}
	}
}

func (e *sshUserCertificateEphemeralResource) Close(ctx context.Context, req ephemeral.CloseRequest, resp *ephemeral.CloseResponse) {
	raw, diags := req.Private.GetKey(ctx, privateCertificateID)
	resp.Diagnostics.Append(diags...)
	if resp.Diagnostics.HasError() || raw == nil {
		return
	}
	var private sshUserCertificatePrivate
	if err := json.Unmarshal(raw, &private); err != nil || private.ID == "" {
		resp.Diagnostics.AddError("Unable to Delete SSH User Certificate",
			fmt.Sprintf("The certificate's ID could not be read back from Terraform (%v). This is a bug in the provider; "+
				"delete the certificate with the ngrok API or dashboard.", err))
		return
	}
	cleanupCtx, cancel := cleanupContext(ctx)
	defer cancel()
	err := e.client.DeleteSSHUserCertificate(cleanupCtx, private.ID)
	if apiclient.IsNotFound(err) {
		tflog.Info(ctx, "ephemeral SSH user certificate already deleted", map[string]any{"id": private.ID})
		return
	}
	if err != nil {
		resp.Diagnostics.Append(apiErrorDiagnostic("Unable to Delete SSH User Certificate "+private.ID, err))
		return
	}
	tflog.Info(ctx, "deleted ephemeral SSH user certificate", map[string]any{"id": private.ID})
}

// toCreate is the create request for a certificate valid from now for the
// configured validity. valid_after is sent explicitly (rather than left to
// the API's clock) so that valid_until - valid_after is exactly validity.
func (m sshUserCertificateEphemeralModel) toCreate(ctx context.Context, now time.Time) (*apiclient.SSHUserCertificateCreate, time.Duration, diag.Diagnostics) {
	var diags diag.Diagnostics
	validity := defaultEphemeralCertValidity
	if !m.Validity.IsNull() && !m.Validity.IsUnknown() {
		d, err := time.ParseDuration(m.Validity.ValueString())
		if err != nil {
			diags.AddError("Invalid Duration", fmt.Sprintf("validity %q is not a duration: %s.", m.Validity.ValueString(), err))
			return nil, 0, diags
		}
		validity = d
	}
	after := now.UTC().Truncate(time.Second)
	until := after.Add(validity).Truncate(time.Second)

	principals, d := stringListValue(ctx, m.Principals)
	diags.Append(d...)
	critical, d := stringMapValue(ctx, m.CriticalOptions)
	diags.Append(d...)
	extensions, d := stringMapValue(ctx, m.Extensions)
	diags.Append(d...)
	return &apiclient.SSHUserCertificateCreate{
		SSHCertificateCreate: apiclient.SSHCertificateCreate{
			SSHCertificateAuthorityID: m.SSHCertificateAuthorityID.ValueString(),
			PublicKey:                 m.PublicKey.ValueString(),
			Principals:                principals,
			ValidAfter:                after.Format(time.RFC3339),
			ValidUntil:                until.Format(time.RFC3339),
			Description:               m.Description.ValueString(),
			Metadata:                  m.Metadata.ValueString(),
		},
		CriticalOptions: critical,
		Extensions:      extensions,
	}, validity, diags
}

// sshUserCertificateEphemeralModelFromAPI is the result: the configuration
// as given, with the computed values from the API.
func sshUserCertificateEphemeralModelFromAPI(ctx context.Context, c *apiclient.SSHUserCertificate, cfg sshUserCertificateEphemeralModel,
	validity time.Duration,
) (sshUserCertificateEphemeralModel, diag.Diagnostics) {
	var diags diag.Diagnostics
	m := cfg
	critical, d := types.MapValueFrom(ctx, types.StringType, nonNilStringMap(c.CriticalOptions))
	diags.Append(d...)
	extensions, d := types.MapValueFrom(ctx, types.StringType, nonNilStringMap(c.Extensions))
	diags.Append(d...)
	m.CriticalOptions = critical
	m.Extensions = extensions
	if m.Validity.IsNull() || m.Validity.IsUnknown() {
		m.Validity = types.StringValue(shortDuration(validity))
	}
	m.ID = types.StringValue(c.ID)
	m.KeyType = types.StringValue(c.KeyType)
	m.ValidAfter = types.StringValue(c.ValidAfter)
	m.ValidUntil = types.StringValue(c.ValidUntil)
	m.Certificate = types.StringValue(c.Certificate)
	return m, diags
}

// cleanupTimeout bounds a delete that must run even when the run is being
// interrupted.
const cleanupTimeout = 30 * time.Second

// cleanupContext keeps ctx's values (the logger) but not its cancellation:
// a certificate signed for a run that is interrupted (Ctrl-C) must still be
// deleted, or it would outlive the run it was made for.
func cleanupContext(ctx context.Context) (context.Context, context.CancelFunc) {
	return context.WithTimeout(context.WithoutCancel(ctx), cleanupTimeout)
}
