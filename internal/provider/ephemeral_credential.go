package provider

import (
	"context"
	"encoding/json"
	"fmt"

	"github.com/hashicorp/terraform-plugin-framework-validators/listvalidator"
	"github.com/hashicorp/terraform-plugin-framework-validators/stringvalidator"
	"github.com/hashicorp/terraform-plugin-framework/ephemeral"
	"github.com/hashicorp/terraform-plugin-framework/ephemeral/schema"
	"github.com/hashicorp/terraform-plugin-framework/schema/validator"
	"github.com/hashicorp/terraform-plugin-framework/types"
	"github.com/hashicorp/terraform-plugin-log/tflog"

	"github.com/tfedge/terraform-provider-ngrok/internal/apiclient"
)

// The ephemeral ngrok_credential and ngrok_api_key (Terraform 1.10 and
// later): a token minted when Terraform opens the resource and deleted when
// it closes it, so that a run can hand an agent or another provider a token
// that never reaches the plan or the state. Both are one tokenEphemeral,
// cancel-safe as the ephemeral SSH user certificate is
// (ephemeral_ssh_user_certificate.go): an Open that fails after the API
// made the token deletes it, and the delete of a Close outlives an
// interrupted run (cleanupContext).

// privateTokenObjectID is the private-data key under which Open hands the
// object's ID to Close.
const privateTokenObjectID = "object_id"

// tokenEphemeral is the ephemeral resource of an object type whose create
// shows a token: A is the API's object, C its create body, M the ephemeral
// model.
type tokenEphemeral[A, C, U, OM, M any] struct {
	o           *objectType[A, C, U, OM]
	description string
	attributes  func() map[string]schema.Attribute
	toCreate    func(M) *C
	// result is the configuration with the API's computed values.
	result func(cfg M, obj *A) M
	token  func(*A) *string

	client *apiclient.Client
}

var (
	_ ephemeral.EphemeralResource              = (*tokenEphemeral[any, any, any, any, any])(nil)
	_ ephemeral.EphemeralResourceWithConfigure = (*tokenEphemeral[any, any, any, any, any])(nil)
	_ ephemeral.EphemeralResourceWithClose     = (*tokenEphemeral[any, any, any, any, any])(nil)
)

func NewCredentialEphemeralResource() ephemeral.EphemeralResource {
	return &tokenEphemeral[apiclient.Credential, apiclient.CredentialCreate, apiclient.CredentialUpdate, credentialModel, credentialEphemeralModel]{
		o: credentialType,
		description: "An agent authtoken for one Terraform run (Terraform 1.10 or later): created when Terraform opens " +
			"the ephemeral resource and deleted when it closes it at the end of the run, so that the token reaches " +
			"neither the plan nor the state. Hand it to an agent's configuration, a provisioner or another provider " +
			"through an ephemeral or write-only argument.",
		attributes: func() map[string]schema.Attribute {
			a := tokenEphemeralAttributes("credential", credentialIDPrefix, "The authtoken.")
			a["acl"] = schema.ListAttribute{
				Description: "ACL rules of the credential: `*` or bind rules (`bind:app.example.com`, `bind:*.example.com`, " +
					"`bind:1.tcp.ngrok.io:12345`, `bind:team=ops`). Omitted or empty: no restriction.",
				ElementType: types.StringType,
				Optional:    true,
				Validators:  []validator.List{listvalidator.ValueStringsAre(aclRuleValidator{})},
			}
			return a
		},
		toCreate: func(m credentialEphemeralModel) *apiclient.CredentialCreate {
			return &apiclient.CredentialCreate{Description: m.Description.ValueString(), Metadata: m.Metadata.ValueString(),
				ACL: aclRules(m.ACL), OwnerID: knownStringPointer(m.OwnerID)}
		},
		result: func(m credentialEphemeralModel, c *apiclient.Credential) credentialEphemeralModel {
			m.ID, m.OwnerID, m.Token = types.StringValue(c.ID), types.StringPointerValue(c.OwnerID), types.StringPointerValue(c.Token)
			return m
		},
		token: func(c *apiclient.Credential) *string { return c.Token },
	}
}

func NewAPIKeyEphemeralResource() ephemeral.EphemeralResource {
	return &tokenEphemeral[apiclient.APIKey, apiclient.APIKeyCreate, apiclient.APIKeyUpdate, apiKeyModel, apiKeyEphemeralModel]{
		o: apiKeyType,
		description: "An ngrok API key for one Terraform run (Terraform 1.10 or later): created when Terraform opens the " +
			"ephemeral resource and deleted when it closes it at the end of the run, so that the key reaches neither " +
			"the plan nor the state. Hand it to a pipeline step or another provider through an ephemeral or " +
			"write-only argument.",
		attributes: func() map[string]schema.Attribute {
			return tokenEphemeralAttributes("API key", apiKeyIDPrefix, "The API key.")
		},
		toCreate: func(m apiKeyEphemeralModel) *apiclient.APIKeyCreate {
			return &apiclient.APIKeyCreate{Description: m.Description.ValueString(), Metadata: m.Metadata.ValueString(),
				OwnerID: knownStringPointer(m.OwnerID)}
		},
		result: func(m apiKeyEphemeralModel, k *apiclient.APIKey) apiKeyEphemeralModel {
			m.ID, m.OwnerID, m.Token = types.StringValue(k.ID), types.StringPointerValue(k.OwnerID), types.StringPointerValue(k.Token)
			return m
		},
		token: func(k *apiclient.APIKey) *string { return k.Token },
	}
}

type credentialEphemeralModel struct {
	Description types.String `tfsdk:"description"`
	Metadata    types.String `tfsdk:"metadata"`
	ACL         types.List   `tfsdk:"acl"`
	OwnerID     types.String `tfsdk:"owner_id"`
	ID          types.String `tfsdk:"id"`
	Token       types.String `tfsdk:"token"`
}

type apiKeyEphemeralModel struct {
	Description types.String `tfsdk:"description"`
	Metadata    types.String `tfsdk:"metadata"`
	OwnerID     types.String `tfsdk:"owner_id"`
	ID          types.String `tfsdk:"id"`
	Token       types.String `tfsdk:"token"`
}

// tokenEphemeralAttributes are the attributes both ephemeral resources have.
func tokenEphemeralAttributes(noun, prefix, token string) map[string]schema.Attribute {
	return map[string]schema.Attribute{
		"description": schema.StringAttribute{
			Description: fmt.Sprintf("Human-readable description of the %s, at most %d bytes: say which run made it.", noun, maxDescriptionBytes),
			Optional:    true,
			Validators:  []validator.String{stringvalidator.LengthAtMost(maxDescriptionBytes)},
		},
		"metadata": schema.StringAttribute{
			Description: fmt.Sprintf("Machine-readable data of the %s, at most %d bytes.", noun, maxMetadataBytes),
			Optional:    true,
			Validators:  []validator.String{stringvalidator.LengthAtMost(maxMetadataBytes)},
		},
		"owner_id": schema.StringAttribute{
			Description: fmt.Sprintf("ID of the user (`%s...`), service user (`%s...`) or bot user (`%s...`) that owns the %s; "+
				"it must exist (`ERR_NGROK_634` otherwise). Omitted, the owner of the provider's API key.",
				userIDPrefix, serviceUserIDPrefix, botUserIDPrefix, noun),
			Optional:   true,
			Computed:   true,
			Validators: []validator.String{ownerIDValidator{}},
		},
		"id":    schema.StringAttribute{Description: fmt.Sprintf("Identifier of the %s (`%s...`).", noun, prefix), Computed: true},
		"token": schema.StringAttribute{Description: token + " Valid until the end of the run.", Computed: true, Sensitive: true},
	}
}

func (e *tokenEphemeral[A, C, U, OM, M]) Metadata(_ context.Context, req ephemeral.MetadataRequest, resp *ephemeral.MetadataResponse) {
	resp.TypeName = req.ProviderTypeName + "_" + e.o.name
}

func (e *tokenEphemeral[A, C, U, OM, M]) Schema(_ context.Context, _ ephemeral.SchemaRequest, resp *ephemeral.SchemaResponse) {
	resp.Schema = schema.Schema{Description: e.description, Attributes: e.attributes()}
}

func (e *tokenEphemeral[A, C, U, OM, M]) Configure(_ context.Context, req ephemeral.ConfigureRequest, resp *ephemeral.ConfigureResponse) {
	e.client = clientFromProviderData(req.ProviderData, &resp.Diagnostics)
}

type tokenEphemeralPrivate struct {
	ID string `json:"id"`
}

func (e *tokenEphemeral[A, C, U, OM, M]) Open(ctx context.Context, req ephemeral.OpenRequest, resp *ephemeral.OpenResponse) {
	var cfg M
	resp.Diagnostics.Append(req.Config.Get(ctx, &cfg)...)
	if resp.Diagnostics.HasError() {
		return
	}
	summary := "Unable to Create " + e.o.title()
	obj, err := e.o.api.Create(ctx, e.client, e.toCreate(cfg))
	if err != nil {
		if obj == nil {
			resp.Diagnostics.Append(apiErrorDiagnostic(summary, err))
			return
		}
		// NOTE: interrupted after the API made it; the replay of the create
		// told us which object it is, and the cleanup below deletes it.
		resp.Diagnostics.AddError(summary, fmt.Sprintf("The run was interrupted (%v) while the ngrok API was creating the %s, "+
			"and the API had already created it: %s. The provider deletes it again.", context.Cause(ctx), e.o.noun, e.o.api.ID(obj)))
	}
	id := e.o.api.ID(obj)
	if !resp.Diagnostics.HasError() {
		tflog.Info(ctx, "created ephemeral "+e.o.noun, map[string]any{"id": id})
		if t := e.token(obj); t == nil || *t == "" {
			resp.Diagnostics.AddError(summary, fmt.Sprintf("The API created the %s %s but did not answer its token. "+
				"The provider deletes it again.", e.o.noun, id))
		}
	}
	if !resp.Diagnostics.HasError() {
		private, err := json.Marshal(tokenEphemeralPrivate{ID: id})
		if err != nil {
			resp.Diagnostics.AddError("Unable to Record "+e.o.title(), err.Error())
		}
		if !resp.Diagnostics.HasError() {
			resp.Diagnostics.Append(resp.Private.SetKey(ctx, privateTokenObjectID, private)...)
		}
		if !resp.Diagnostics.HasError() {
			resp.Diagnostics.Append(resp.Result.Set(ctx, e.result(cfg, obj))...)
		}
	}
	if resp.Diagnostics.HasError() {
		// NOTE: Terraform does not close a resource whose Open failed, so the
		// token would outlive the run; delete it here instead.
		cleanupCtx, cancel := cleanupContext(ctx)
		defer cancel()
		if err := e.o.api.Delete(cleanupCtx, e.client, id); err != nil && !apiclient.IsNotFound(err) {
			resp.Diagnostics.Append(apiErrorDiagnostic("Unable to Delete "+e.o.title()+" "+id, err))
		}
	}
}

func (e *tokenEphemeral[A, C, U, OM, M]) Close(ctx context.Context, req ephemeral.CloseRequest, resp *ephemeral.CloseResponse) {
	raw, diags := req.Private.GetKey(ctx, privateTokenObjectID)
	resp.Diagnostics.Append(diags...)
	if resp.Diagnostics.HasError() || raw == nil {
		return
	}
	summary := "Unable to Delete " + e.o.title()
	var private tokenEphemeralPrivate
	if err := json.Unmarshal(raw, &private); err != nil || private.ID == "" {
		resp.Diagnostics.AddError(summary, fmt.Sprintf("The %s's ID could not be read back from Terraform (%v). This is a "+
			"bug in the provider; delete the %s with the ngrok API or dashboard.", e.o.noun, err, e.o.noun))
		return
	}
	cleanupCtx, cancel := cleanupContext(ctx)
	defer cancel()
	err := e.o.api.Delete(cleanupCtx, e.client, private.ID)
	if apiclient.IsNotFound(err) {
		tflog.Info(ctx, "ephemeral "+e.o.noun+" already deleted", map[string]any{"id": private.ID})
		return
	}
	if err != nil {
		resp.Diagnostics.Append(apiErrorDiagnostic(summary+" "+private.ID, err))
		return
	}
	tflog.Info(ctx, "deleted ephemeral "+e.o.noun, map[string]any{"id": private.ID})
}
