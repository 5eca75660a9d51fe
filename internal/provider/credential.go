package provider

import (
	"context"
	"fmt"

	"github.com/hashicorp/terraform-plugin-framework-validators/listvalidator"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/listdefault"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/planmodifier"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/stringplanmodifier"
	"github.com/hashicorp/terraform-plugin-framework/schema/validator"
	"github.com/hashicorp/terraform-plugin-framework/types"
	"github.com/hashicorp/terraform-plugin-framework/types/basetypes"

	"github.com/tfedge/terraform-provider-ngrok/internal/apiclient"
)

// credentialType is ngrok_credential: an agent authtoken, with an ACL of
// bind rules and an owner. The API shows the token once, in the answer of
// the create: the resource keeps it in the state (sensitive) so that an
// output or another resource can use it; an imported credential has none.
// The ACL and the description change in place; the owner cannot change.
var credentialType = &objectType[apiclient.Credential, apiclient.CredentialCreate, apiclient.CredentialUpdate, credentialModel]{
	name: "credential", plural: "credentials", noun: "credential", nouns: "credentials", article: "a",
	idPrefix: credentialIDPrefix, api: apiclient.Credentials,
	description: "An agent authtoken: what an ngrok agent authenticates with, restricted by an ACL of bind rules. " +
		"The API shows the token only when it creates it: the resource keeps it in the state as the sensitive `token`, " +
		"for outputs and other resources. After `terraform import` the token is null, since the API cannot show it " +
		"again. To hand an agent a token that never reaches the state, use the ephemeral `ngrok_credential` instead.",
	attributes: func() map[string]schema.Attribute {
		return map[string]schema.Attribute{
			"id":          serverSetAttribute("Identifier of the credential (`cr_...`)."),
			"uri":         serverSetAttribute("API address of the credential."),
			"created_at":  serverSetAttribute("When the credential was created, RFC 3339."),
			"description": descriptionResourceAttribute(),
			"metadata":    metadataResourceAttribute(),
			"acl":         aclResourceAttribute("credential", "an agent using the token may bind"),
			"owner_id":    ownerIDResourceAttribute("credential"),
			"token":       tokenResourceAttribute("The authtoken, for `ngrok config add-authtoken` or an agent's configuration"),
		}
	},
	resourceOnly: []string{"token"},
	dataSourceDescriptions: map[string]string{
		"acl":      aclDataSourceDescription,
		"owner_id": "ID of the user, service user or bot user that owns the credential.",
	},
	fromAPI: func(c *apiclient.Credential) (credentialModel, error) {
		return credentialModel{
			ID: types.StringValue(c.ID), URI: types.StringValue(c.URI), CreatedAt: types.StringValue(c.CreatedAt),
			Description: types.StringValue(c.Description), Metadata: types.StringValue(c.Metadata),
			ACL: stringList(c.ACL), OwnerID: types.StringPointerValue(c.OwnerID), Token: types.StringPointerValue(c.Token),
		}, nil
	},
	toCreate: func(m credentialModel) *apiclient.CredentialCreate {
		return &apiclient.CredentialCreate{Description: m.Description.ValueString(), Metadata: m.Metadata.ValueString(),
			ACL: aclRules(m.ACL), OwnerID: knownStringPointer(m.OwnerID)}
	},
	toUpdate: func(m credentialModel) *apiclient.CredentialUpdate {
		acl := aclRules(m.ACL)
		return &apiclient.CredentialUpdate{Description: m.Description.ValueStringPointer(), Metadata: m.Metadata.ValueStringPointer(),
			ACL: &acl}
	},
	displayName:   func(c *apiclient.Credential, _ credentialModel) string { return describedAs(c.Description, c.ID) },
	filterExample: "`\"bind:*.example.com\" in obj.acl`",
	keep: func(prior credentialModel, m *credentialModel) {
		m.Token = keptToken(prior.Token, m.Token)
	},
	movesFrom:      []string{"ngrok_credential"},
	normalizeState: normalizeACLObjectState,
}

type credentialModel struct {
	ID          types.String `tfsdk:"id"`
	URI         types.String `tfsdk:"uri"`
	CreatedAt   types.String `tfsdk:"created_at"`
	Description types.String `tfsdk:"description"`
	Metadata    types.String `tfsdk:"metadata"`
	ACL         types.List   `tfsdk:"acl"`
	OwnerID     types.String `tfsdk:"owner_id"`
	Token       types.String `tfsdk:"token"`
}

const aclDataSourceDescription = "ACL rules: `*`, or `bind:` rules naming the domains, addresses and labels it may bind; empty when unrestricted."

// aclResourceAttribute is the ACL of a credential or SSH credential. An
// omitted ACL is the empty one, so that removing the attribute clears the
// ACL: the update always sends the ACL, [] included.
func aclResourceAttribute(noun, binds string) schema.ListAttribute {
	return schema.ListAttribute{
		Description: fmt.Sprintf("ACL rules of the %s: each is `*` (no restriction) or a bind rule that names what %s: "+
			"a domain (`bind:app.example.com`), a wildcard domain (`bind:*.example.com`), a TCP address "+
			"(`bind:1.tcp.ngrok.io:12345`) or a label (`bind:team=ops`, either side may be `*`). Empty or omitted: "+
			"no restriction. Changed in place; `[]` or removing the attribute clears the ACL.", noun, binds),
		ElementType: types.StringType,
		Optional:    true,
		Computed:    true,
		Default:     listdefault.StaticValue(types.ListValueMust(types.StringType, nil)),
		Validators:  []validator.List{listvalidator.ValueStringsAre(aclRuleValidator{})},
	}
}

// ownerIDResourceAttribute is the owner of a credential, API key or SSH
// credential: the API sets it to the caller when omitted, and cannot change
// it.
func ownerIDResourceAttribute(noun string) schema.StringAttribute {
	return schema.StringAttribute{
		Description: fmt.Sprintf("ID of the user (`%s...`), service user (`%s...`, `ngrok_service_user`) or bot user (`%s...`) "+
			"that owns the %s; it must exist (`ERR_NGROK_634` otherwise), and deleting it deletes the %s. Omitted, the API's "+
			"caller: the owner of the provider's API key. Only admins may name another owner. Changing it replaces the %s.",
			userIDPrefix, serviceUserIDPrefix, botUserIDPrefix, noun, noun, noun),
		Optional:   true,
		Computed:   true,
		Validators: []validator.String{ownerIDValidator{}},
		PlanModifiers: []planmodifier.String{
			stringplanmodifier.UseStateForUnknown(),
			stringplanmodifier.RequiresReplaceIf(ownerChanged,
				"a new owner replaces the object", "a new owner replaces the object"),
		},
	}
}

// ownerChanged replaces the object when the configuration names another
// owner than the state's; an owner left to the API keeps the state's.
func ownerChanged(_ context.Context, req planmodifier.StringRequest, resp *stringplanmodifier.RequiresReplaceIfFuncResponse) {
	resp.RequiresReplace = !req.ConfigValue.IsNull() && !req.StateValue.IsNull()
}

// tokenResourceAttribute is the secret that only the create's answer shows.
func tokenResourceAttribute(use string) schema.StringAttribute {
	return schema.StringAttribute{
		Description: use + ". Sensitive. The API shows it only when it creates the object: it is null after " +
			"`terraform import`, and for an object moved from a state that did not hold it.",
		Computed:      true,
		Sensitive:     true,
		PlanModifiers: []planmodifier.String{stringplanmodifier.UseStateForUnknown()},
	}
}

// keptToken is the token of an object read back: the API's (a create's
// answer), else the prior one, which the API never shows again.
func keptToken(prior, read types.String) types.String {
	if !read.IsNull() || prior.IsUnknown() {
		return read
	}
	return prior
}

// aclRules is the ACL of a model: [] when empty, never nil.
func aclRules(l types.List) []string {
	out := []string{}
	if l.IsNull() || l.IsUnknown() {
		return out
	}
	for _, e := range l.Elements() {
		if s, ok := e.(basetypes.StringValue); ok && !s.IsNull() && !s.IsUnknown() {
			out = append(out, s.ValueString())
		}
	}
	return out
}

// knownStringPointer is v's value, nil when it is null or unknown.
func knownStringPointer(v types.String) *string {
	if v.IsNull() || v.IsUnknown() {
		return nil
	}
	s := v.ValueString()
	return &s
}

// normalizeACLObjectState takes ngrok/ngrok's state of a credential or SSH
// credential: v0.7.0 has no uri or created_at (refreshed), stores an omitted
// ACL as null where this provider stores [], and keeps no token (it stores
// "", which becomes null: the API cannot show the token again).
func normalizeACLObjectState(a stateAttrs) error {
	a.nullIfEmpty("uri", "created_at", "owner_id", "token")
	a.emptyIfNull("description", "metadata")
	a.defaultIfNull("acl", []any{})
	return nil
}
