package provider

import (
	"context"
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
)

const (
	defaultEphemeralCertValidity = time.Hour
	minEphemeralCertValidity     = time.Minute
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

func (e *sshUserCertificateEphemeralResource) Metadata(_ context.Context, req ephemeral.MetadataRequest, resp *ephemeral.MetadataResponse) {
	resp.TypeName = req.ProviderTypeName + "_ssh_user_certificate"
}

func (e *sshUserCertificateEphemeralResource) Schema(_ context.Context, _ ephemeral.SchemaRequest, resp *ephemeral.SchemaResponse) {
	resp.Schema = schema.Schema{
		Description: "A short-lived SSH user certificate that never reaches the plan or the state (Terraform 1.10 or later). " +
			"Terraform signs it when it opens the ephemeral resource, valid from that moment for `validity`, " +
			"and the provider deletes its API object as soon as it has the signed certificate. Use it to give a " +
			"provisioner or another provider an SSH login for the length of one run. Deleting the API object " +
			"does not revoke the certificate, which stays valid until `valid_until`: keep `validity` short. " +
			"No object is left behind that would keep its authority from being deleted (ngrok refuses to delete " +
			"an authority while a certificate it signed exists, `ERR_NGROK_1964`), so `terraform destroy` can " +
			"delete the authority even while the certificate feeds a provider.",
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
		// create told us which certificate it is, and the delete below
		// deletes it.
		resp.Diagnostics.AddError("Unable to Create SSH User Certificate",
			fmt.Sprintf("The run was interrupted (%v) while the ngrok API was signing the certificate, and the API "+
				"had already signed it: %s. The provider deletes it again.", context.Cause(ctx), cert.ID))
	} else {
		tflog.Info(ctx, "signed ephemeral SSH user certificate", map[string]any{"id": cert.ID, "valid_until": cert.ValidUntil})
	}

	// NOTE: the API object is deleted as soon as the certificate is signed,
	// not when Terraform closes the resource: a terraform destroy deletes
	// the authority before it closes the ephemeral resources it opened, and
	// ngrok refuses to delete an authority that signed a certificate that
	// still exists (ERR_NGROK_1964). Deleting the object revokes nothing.
	// It runs even when the run is being interrupted.
	cleanupCtx, cancel := cleanupContext(ctx)
	defer cancel()
	deleteErr := e.client.DeleteSSHUserCertificate(cleanupCtx, cert.ID)
	if apiclient.IsNotFound(deleteErr) {
		deleteErr = nil
	}
	if resp.Diagnostics.HasError() {
		if deleteErr != nil {
			resp.Diagnostics.Append(apiErrorDiagnostic("Unable to Delete SSH User Certificate "+cert.ID, deleteErr))
		}
		return
	}
	if deleteErr != nil {
		resp.Diagnostics.AddWarning("SSH User Certificate Left in ngrok",
			fmt.Sprintf("The certificate %s was signed, but its API object could not be deleted: %v\n\n"+
				"The certificate is valid all the same. Delete the object with the ngrok API or dashboard: "+
				"while it exists, ngrok refuses to delete its authority (ERR_NGROK_1964).", cert.ID, deleteErr))
	} else {
		tflog.Info(ctx, "deleted the API object of the ephemeral SSH user certificate", map[string]any{"id": cert.ID})
	}
	result, diags := sshUserCertificateEphemeralModelFromAPI(ctx, cert, cfg, validity)
	resp.Diagnostics.Append(diags...)
	if resp.Diagnostics.HasError() {
		return
	}
	resp.Diagnostics.Append(resp.Result.Set(ctx, result)...)
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
