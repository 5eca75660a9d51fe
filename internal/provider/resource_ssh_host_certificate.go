package provider

import (
	"context"
	"fmt"
	"strings"

	"github.com/hashicorp/terraform-plugin-framework/path"
	"github.com/hashicorp/terraform-plugin-framework/resource"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema"
	"github.com/hashicorp/terraform-plugin-log/tflog"

	"github.com/tfedge/terraform-provider-ngrok/internal/apiclient"
)

var (
	_ resource.Resource                   = (*sshHostCertificateResource)(nil)
	_ resource.ResourceWithConfigure      = (*sshHostCertificateResource)(nil)
	_ resource.ResourceWithImportState    = (*sshHostCertificateResource)(nil)
	_ resource.ResourceWithModifyPlan     = (*sshHostCertificateResource)(nil)
	_ resource.ResourceWithValidateConfig = (*sshHostCertificateResource)(nil)
)

func NewSSHHostCertificateResource() resource.Resource {
	return &sshHostCertificateResource{}
}

type sshHostCertificateResource struct {
	client *apiclient.Client
}

func (r *sshHostCertificateResource) Metadata(_ context.Context, req resource.MetadataRequest, resp *resource.MetadataResponse) {
	resp.TypeName = req.ProviderTypeName + "_ssh_host_certificate"
}

func (r *sshHostCertificateResource) Schema(_ context.Context, _ resource.SchemaRequest, resp *resource.SchemaResponse) {
	resp.Schema = schema.Schema{
		Description: "An SSH host certificate: an SSH certificate authority's signature over a server's host key, " +
			"so that clients which trust the authority (`@cert-authority` in `known_hosts`) accept the server " +
			"without a host key prompt. Only `description` and `metadata` change in place; any other change " +
			"signs a new certificate. Destroying the resource deletes the API object but cannot revoke the " +
			"certificate, which stays valid until `valid_until`.",
		Attributes: sshCertificateResourceAttributes(sshHostCertKind),
	}
}

func (r *sshHostCertificateResource) Configure(_ context.Context, req resource.ConfigureRequest, resp *resource.ConfigureResponse) {
	r.client = clientFromProviderData(req.ProviderData, &resp.Diagnostics)
}

func (r *sshHostCertificateResource) ValidateConfig(ctx context.Context, req resource.ValidateConfigRequest, resp *resource.ValidateConfigResponse) {
	validateSSHCertConfig(ctx, req, resp)
}

func (r *sshHostCertificateResource) ModifyPlan(ctx context.Context, req resource.ModifyPlanRequest, resp *resource.ModifyPlanResponse) {
	modifySSHCertPlan(ctx, req, resp)
}

func (r *sshHostCertificateResource) Create(ctx context.Context, req resource.CreateRequest, resp *resource.CreateResponse) {
	var plan sshHostCertificateModel
	resp.Diagnostics.Append(req.Plan.Get(ctx, &plan)...)
	if resp.Diagnostics.HasError() {
		return
	}
	in, diags := plan.toCreate(ctx)
	resp.Diagnostics.Append(diags...)
	if resp.Diagnostics.HasError() {
		return
	}

	cert, err := r.client.CreateSSHHostCertificate(ctx, in)
	if err != nil {
		resp.Diagnostics.Append(apiErrorDiagnostic("Unable to Create SSH Host Certificate", err))
		return
	}
	tflog.Info(ctx, "created SSH host certificate", map[string]any{"id": cert.ID})

	state, diags := sshHostCertificateModelFromAPI(ctx, cert)
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

func (r *sshHostCertificateResource) Read(ctx context.Context, req resource.ReadRequest, resp *resource.ReadResponse) {
	var prior sshHostCertificateModel
	resp.Diagnostics.Append(req.State.Get(ctx, &prior)...)
	if resp.Diagnostics.HasError() {
		return
	}

	cert, err := r.client.GetSSHHostCertificate(ctx, prior.ID.ValueString())
	if apiclient.IsNotFound(err) {
		tflog.Warn(ctx, "SSH host certificate not found, removing it from state", map[string]any{"id": prior.ID.ValueString()})
		resp.State.RemoveResource(ctx)
		return
	}
	if err != nil {
		resp.Diagnostics.Append(apiErrorDiagnostic("Unable to Read SSH Host Certificate", err))
		return
	}

	state, diags := sshHostCertificateModelFromAPI(ctx, cert)
	resp.Diagnostics.Append(diags...)
	if resp.Diagnostics.HasError() {
		return
	}
	state.keepEquivalentText(prior)
	resp.Diagnostics.Append(resp.State.Set(ctx, state)...)
}

func (r *sshHostCertificateResource) Update(ctx context.Context, req resource.UpdateRequest, resp *resource.UpdateResponse) {
	var plan sshHostCertificateModel
	resp.Diagnostics.Append(req.Plan.Get(ctx, &plan)...)
	if resp.Diagnostics.HasError() {
		return
	}

	cert, err := r.client.UpdateSSHHostCertificate(ctx, plan.ID.ValueString(), plan.toUpdate())
	if err != nil {
		resp.Diagnostics.Append(apiErrorDiagnostic("Unable to Update SSH Host Certificate", err))
		return
	}

	state, diags := sshHostCertificateModelFromAPI(ctx, cert)
	resp.Diagnostics.Append(diags...)
	if resp.Diagnostics.HasError() {
		return
	}
	state.keepEquivalentText(plan)
	resp.Diagnostics.Append(resp.State.Set(ctx, state)...)
}

func (r *sshHostCertificateResource) Delete(ctx context.Context, req resource.DeleteRequest, resp *resource.DeleteResponse) {
	var state sshHostCertificateModel
	resp.Diagnostics.Append(req.State.Get(ctx, &state)...)
	if resp.Diagnostics.HasError() {
		return
	}

	err := r.client.DeleteSSHHostCertificate(ctx, state.ID.ValueString())
	if apiclient.IsNotFound(err) {
		tflog.Info(ctx, "SSH host certificate already deleted", map[string]any{"id": state.ID.ValueString()})
		return
	}
	if err != nil {
		resp.Diagnostics.Append(apiErrorDiagnostic("Unable to Delete SSH Host Certificate", err))
	}
}

func (r *sshHostCertificateResource) ImportState(ctx context.Context, req resource.ImportStateRequest, resp *resource.ImportStateResponse) {
	if !strings.HasPrefix(req.ID, sshHostCertificateIDPrefix) {
		resp.Diagnostics.AddError("Invalid Import ID",
			fmt.Sprintf("Expected the ID of an SSH host certificate, such as %s2abc..., got %q. "+
				"Find the ID with the ngrok_ssh_host_certificates data source.", sshHostCertificateIDPrefix, req.ID))
		return
	}
	resp.Diagnostics.Append(resp.State.SetAttribute(ctx, path.Root("id"), req.ID)...)
}
