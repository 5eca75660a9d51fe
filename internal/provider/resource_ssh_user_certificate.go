package provider

import (
	"context"
	"fmt"
	"maps"
	"strings"

	"github.com/hashicorp/terraform-plugin-framework/path"
	"github.com/hashicorp/terraform-plugin-framework/resource"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema"
	"github.com/hashicorp/terraform-plugin-log/tflog"

	"github.com/tfedge/terraform-provider-ngrok/internal/apiclient"
)

var (
	_ resource.Resource                   = (*sshUserCertificateResource)(nil)
	_ resource.ResourceWithConfigure      = (*sshUserCertificateResource)(nil)
	_ resource.ResourceWithImportState    = (*sshUserCertificateResource)(nil)
	_ resource.ResourceWithModifyPlan     = (*sshUserCertificateResource)(nil)
	_ resource.ResourceWithValidateConfig = (*sshUserCertificateResource)(nil)
)

func NewSSHUserCertificateResource() resource.Resource {
	return &sshUserCertificateResource{}
}

type sshUserCertificateResource struct {
	client *apiclient.Client
}

func (r *sshUserCertificateResource) Metadata(_ context.Context, req resource.MetadataRequest, resp *resource.MetadataResponse) {
	resp.TypeName = req.ProviderTypeName + "_ssh_user_certificate"
}

func (r *sshUserCertificateResource) Schema(_ context.Context, _ resource.SchemaRequest, resp *resource.SchemaResponse) {
	attrs := sshCertificateResourceAttributes(sshUserCertKind)
	maps.Copy(attrs, sshUserCertificateOptionAttributes())
	resp.Schema = schema.Schema{
		Description: "An SSH user certificate: an SSH certificate authority's signature over a user's public key, " +
			"so that servers which trust the authority (`TrustedUserCAKeys` in `sshd_config`) accept the user " +
			"as the certificate's principals, with its options and extensions, until `valid_until`. Only " +
			"`description` and `metadata` change in place; any other change signs a new certificate. Destroying " +
			"the resource deletes the API object but cannot revoke the certificate. For short-lived certificates " +
			"that never reach the state, use the ephemeral resource of the same name.",
		Attributes: attrs,
	}
}

func (r *sshUserCertificateResource) Configure(_ context.Context, req resource.ConfigureRequest, resp *resource.ConfigureResponse) {
	r.client = clientFromProviderData(req.ProviderData, &resp.Diagnostics)
}

func (r *sshUserCertificateResource) ValidateConfig(ctx context.Context, req resource.ValidateConfigRequest, resp *resource.ValidateConfigResponse) {
	validateSSHCertConfig(ctx, req, resp)
}

func (r *sshUserCertificateResource) ModifyPlan(ctx context.Context, req resource.ModifyPlanRequest, resp *resource.ModifyPlanResponse) {
	modifySSHCertPlan(ctx, req, resp)
}

func (r *sshUserCertificateResource) Create(ctx context.Context, req resource.CreateRequest, resp *resource.CreateResponse) {
	var plan sshUserCertificateModel
	resp.Diagnostics.Append(req.Plan.Get(ctx, &plan)...)
	if resp.Diagnostics.HasError() {
		return
	}
	in, diags := plan.toCreate(ctx)
	resp.Diagnostics.Append(diags...)
	if resp.Diagnostics.HasError() {
		return
	}

	cert, err := r.client.CreateSSHUserCertificate(ctx, in)
	if err != nil {
		resp.Diagnostics.Append(apiErrorDiagnostic("Unable to Create SSH User Certificate", err))
		return
	}
	tflog.Info(ctx, "created SSH user certificate", map[string]any{"id": cert.ID})

	state, diags := sshUserCertificateModelFromAPI(ctx, cert)
	if diags.HasError() {
		// NOTE: the certificate exists now; keep its ID so that Terraform
		// tracks it (tainted) instead of leaving an orphan behind.
		resp.Diagnostics.Append(resp.State.SetAttribute(ctx, path.Root("id"), cert.ID)...)
		resp.Diagnostics.Append(diags...)
		return
	}
	state.keepEquivalentText(plan)
	resp.Diagnostics.Append(resp.State.Set(ctx, state)...)
}

func (r *sshUserCertificateResource) Read(ctx context.Context, req resource.ReadRequest, resp *resource.ReadResponse) {
	var prior sshUserCertificateModel
	resp.Diagnostics.Append(req.State.Get(ctx, &prior)...)
	if resp.Diagnostics.HasError() {
		return
	}

	cert, err := r.client.GetSSHUserCertificate(ctx, prior.ID.ValueString())
	if apiclient.IsNotFound(err) {
		tflog.Warn(ctx, "SSH user certificate not found, removing it from state", map[string]any{"id": prior.ID.ValueString()})
		resp.State.RemoveResource(ctx)
		return
	}
	if err != nil {
		resp.Diagnostics.Append(apiErrorDiagnostic("Unable to Read SSH User Certificate", err))
		return
	}

	state, diags := sshUserCertificateModelFromAPI(ctx, cert)
	resp.Diagnostics.Append(diags...)
	if resp.Diagnostics.HasError() {
		return
	}
	state.keepEquivalentText(prior)
	resp.Diagnostics.Append(resp.State.Set(ctx, state)...)
}

func (r *sshUserCertificateResource) Update(ctx context.Context, req resource.UpdateRequest, resp *resource.UpdateResponse) {
	var plan sshUserCertificateModel
	resp.Diagnostics.Append(req.Plan.Get(ctx, &plan)...)
	if resp.Diagnostics.HasError() {
		return
	}

	cert, err := r.client.UpdateSSHUserCertificate(ctx, plan.ID.ValueString(), plan.toUpdate())
	if err != nil {
		resp.Diagnostics.Append(apiErrorDiagnostic("Unable to Update SSH User Certificate", err))
		return
	}

	state, diags := sshUserCertificateModelFromAPI(ctx, cert)
	resp.Diagnostics.Append(diags...)
	if resp.Diagnostics.HasError() {
		return
	}
	state.keepEquivalentText(plan)
	resp.Diagnostics.Append(resp.State.Set(ctx, state)...)
}

func (r *sshUserCertificateResource) Delete(ctx context.Context, req resource.DeleteRequest, resp *resource.DeleteResponse) {
	var state sshUserCertificateModel
	resp.Diagnostics.Append(req.State.Get(ctx, &state)...)
	if resp.Diagnostics.HasError() {
		return
	}

	err := r.client.DeleteSSHUserCertificate(ctx, state.ID.ValueString())
	if apiclient.IsNotFound(err) {
		tflog.Info(ctx, "SSH user certificate already deleted", map[string]any{"id": state.ID.ValueString()})
		return
	}
	if err != nil {
		resp.Diagnostics.Append(apiErrorDiagnostic("Unable to Delete SSH User Certificate", err))
	}
}

func (r *sshUserCertificateResource) ImportState(ctx context.Context, req resource.ImportStateRequest, resp *resource.ImportStateResponse) {
	if !strings.HasPrefix(req.ID, sshUserCertificateIDPrefix) {
		resp.Diagnostics.AddError("Invalid Import ID",
			fmt.Sprintf("Expected the ID of an SSH user certificate, such as %s2abc..., got %q. "+
				"Find the ID with the ngrok_ssh_user_certificates data source.", sshUserCertificateIDPrefix, req.ID))
		return
	}
	resp.Diagnostics.Append(resp.State.SetAttribute(ctx, path.Root("id"), req.ID)...)
}
