package provider

import (
	"context"

	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/path"
	"github.com/hashicorp/terraform-plugin-framework/resource"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema"
	"github.com/hashicorp/terraform-plugin-framework/tfsdk"
	"github.com/hashicorp/terraform-plugin-log/tflog"

	"github.com/tfedge/terraform-provider-ngrok/internal/apiclient"
)

var (
	_ resource.Resource                   = (*sshCertificateResource[sshHostCertificateModel, apiclient.SSHHostCertificateCreate, apiclient.SSHHostCertificate])(nil)
	_ resource.ResourceWithConfigure      = (*sshCertificateResource[sshHostCertificateModel, apiclient.SSHHostCertificateCreate, apiclient.SSHHostCertificate])(nil)
	_ resource.ResourceWithImportState    = (*sshCertificateResource[sshHostCertificateModel, apiclient.SSHHostCertificateCreate, apiclient.SSHHostCertificate])(nil)
	_ resource.ResourceWithIdentity       = (*sshCertificateResource[sshHostCertificateModel, apiclient.SSHHostCertificateCreate, apiclient.SSHHostCertificate])(nil)
	_ resource.ResourceWithModifyPlan     = (*sshCertificateResource[sshHostCertificateModel, apiclient.SSHHostCertificateCreate, apiclient.SSHHostCertificate])(nil)
	_ resource.ResourceWithValidateConfig = (*sshCertificateResource[sshHostCertificateModel, apiclient.SSHHostCertificateCreate, apiclient.SSHHostCertificate])(nil)
	_ resource.ResourceWithUpgradeState   = (*sshCertificateResource[sshHostCertificateModel, apiclient.SSHHostCertificateCreate, apiclient.SSHHostCertificate])(nil)
	_ resource.ResourceWithMoveState      = (*sshCertificateResource[sshHostCertificateModel, apiclient.SSHHostCertificateCreate, apiclient.SSHHostCertificate])(nil)
)

func newSSHCertificateResource[M, C, A any](ops *sshCertOps[M, C, A]) resource.Resource {
	return &sshCertificateResource[M, C, A]{ops: ops}
}

// sshCertificateResource is ngrok_ssh_host_certificate and
// ngrok_ssh_user_certificate, as ops says.
type sshCertificateResource[M, C, A any] struct {
	client *apiclient.Client
	ops    *sshCertOps[M, C, A]
}

func (r *sshCertificateResource[M, C, A]) Metadata(_ context.Context, req resource.MetadataRequest, resp *resource.MetadataResponse) {
	resp.TypeName = req.ProviderTypeName + "_" + r.ops.typeName
}

func (r *sshCertificateResource[M, C, A]) Schema(_ context.Context, _ resource.SchemaRequest, resp *resource.SchemaResponse) {
	resp.Schema = schema.Schema{
		Version:     stateSchemaVersion,
		Description: r.ops.resource,
		Attributes:  sshCertificateResourceAttributes(r.ops.sshCertKind),
	}
}

func (r *sshCertificateResource[M, C, A]) IdentitySchema(_ context.Context, _ resource.IdentitySchemaRequest, resp *resource.IdentitySchemaResponse) {
	resp.IdentitySchema = idIdentitySchema("SSH "+r.ops.noun, r.ops.idPrefix)
}

func (r *sshCertificateResource[M, C, A]) Configure(_ context.Context, req resource.ConfigureRequest, resp *resource.ConfigureResponse) {
	r.client = clientFromProviderData(req.ProviderData, &resp.Diagnostics)
}

func (r *sshCertificateResource[M, C, A]) ValidateConfig(ctx context.Context, req resource.ValidateConfigRequest, resp *resource.ValidateConfigResponse) {
	validateSSHCertConfig(ctx, req, resp)
}

func (r *sshCertificateResource[M, C, A]) ModifyPlan(ctx context.Context, req resource.ModifyPlanRequest, resp *resource.ModifyPlanResponse) {
	modifySSHCertPlan(ctx, req, resp)
}

func (r *sshCertificateResource[M, C, A]) Create(ctx context.Context, req resource.CreateRequest, resp *resource.CreateResponse) {
	var plan M
	resp.Diagnostics.Append(req.Plan.Get(ctx, &plan)...)
	if resp.Diagnostics.HasError() {
		return
	}
	in, diags := r.ops.toCreate(plan, ctx)
	resp.Diagnostics.Append(diags...)
	if resp.Diagnostics.HasError() {
		return
	}

	cert, err := r.ops.create(r.client, ctx, in)
	if err != nil {
		resp.Diagnostics.Append(apiErrorDiagnostic("Unable to Create "+r.ops.title, err))
		if cert == nil {
			return
		}
		// NOTE: interrupted after the API made it: saved below, with the
		// error, so that Terraform tracks it (tainted).
	}
	state, diags := r.ops.fromAPI(ctx, cert)
	id := r.ops.base(&state).ID
	resp.Diagnostics.Append(setIDIdentity(ctx, resp.Identity, id.ValueString())...)
	tflog.Info(ctx, "created SSH "+r.ops.noun, map[string]any{"id": id.ValueString()})
	if diags.HasError() {
		// NOTE: the certificate exists now; keep its ID so that Terraform
		// tracks it (tainted) instead of leaving an orphan behind.
		resp.Diagnostics.Append(resp.State.SetAttribute(ctx, path.Root("id"), id)...)
		resp.Diagnostics.Append(diags...)
		return
	}
	r.ops.base(&state).keepEquivalentText(*r.ops.base(&plan))
	resp.Diagnostics.Append(resp.State.Set(ctx, state)...)
}

func (r *sshCertificateResource[M, C, A]) Read(ctx context.Context, req resource.ReadRequest, resp *resource.ReadResponse) {
	var prior M
	resp.Diagnostics.Append(req.State.Get(ctx, &prior)...)
	if resp.Diagnostics.HasError() {
		return
	}
	id := r.ops.base(&prior).ID.ValueString()
	resp.Diagnostics.Append(setIDIdentity(ctx, resp.Identity, id)...)

	cert := readObject(ctx, resp, "SSH "+r.ops.noun, r.ops.title, id, func(ctx context.Context, id string) (*A, error) {
		return r.ops.get(r.client, ctx, id)
	})
	if cert == nil {
		return
	}
	r.setState(ctx, cert, prior, &resp.State, &resp.Diagnostics)
}

func (r *sshCertificateResource[M, C, A]) Update(ctx context.Context, req resource.UpdateRequest, resp *resource.UpdateResponse) {
	var plan M
	resp.Diagnostics.Append(req.Plan.Get(ctx, &plan)...)
	if resp.Diagnostics.HasError() {
		return
	}
	base := r.ops.base(&plan)
	resp.Diagnostics.Append(setIDIdentity(ctx, resp.Identity, base.ID.ValueString())...)

	cert, err := r.ops.update(r.client, ctx, base.ID.ValueString(), base.toUpdate())
	if err != nil {
		resp.Diagnostics.Append(apiErrorDiagnostic("Unable to Update "+r.ops.title, err))
		return
	}
	r.setState(ctx, cert, plan, &resp.State, &resp.Diagnostics)
}

func (r *sshCertificateResource[M, C, A]) Delete(ctx context.Context, req resource.DeleteRequest, resp *resource.DeleteResponse) {
	deleteObject(ctx, req.State, &resp.Diagnostics, "SSH "+r.ops.noun, r.ops.title, func(ctx context.Context, id string) error {
		return r.ops.remove(r.client, ctx, id)
	})
}

func (r *sshCertificateResource[M, C, A]) ImportState(ctx context.Context, req resource.ImportStateRequest, resp *resource.ImportStateResponse) {
	importSpec{
		keys:    []importKey{{attr: "id", prefix: r.ops.idPrefix, noun: "an SSH " + r.ops.noun}},
		findIDs: "with the ngrok_" + r.ops.listTypeName() + " data source",
	}.importState(ctx, r.client, req, resp)
}

// setState stores cert, keeping prior's text where it means the same.
func (r *sshCertificateResource[M, C, A]) setState(ctx context.Context, cert *A, prior M, state *tfsdk.State, diags *diag.Diagnostics) {
	m, d := r.ops.fromAPI(ctx, cert)
	diags.Append(d...)
	if diags.HasError() {
		return
	}
	r.ops.base(&m).keepEquivalentText(*r.ops.base(&prior))
	diags.Append(state.Set(ctx, m)...)
}
