package provider

import (
	"github.com/hashicorp/terraform-plugin-framework/resource/schema"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/planmodifier"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/stringplanmodifier"
	"github.com/hashicorp/terraform-plugin-framework/schema/validator"
	"github.com/hashicorp/terraform-plugin-framework/types"

	"github.com/tfedge/terraform-provider-ngrok/internal/apiclient"
)

// sshCredentialType is ngrok_ssh_credential: a public key that may start
// SSH reverse tunnels, with an ACL and an owner as credentials have
// (credential.go). The API cannot change the key: a new key replaces it.
var sshCredentialType = &objectType[apiclient.SSHCredential, apiclient.SSHCredentialCreate, apiclient.SSHCredentialUpdate, sshCredentialModel]{
	name: "ssh_credential", plural: "ssh_credentials", noun: "SSH credential", nouns: "SSH credentials", article: "an",
	idPrefix: sshCredentialIDPrefix, api: apiclient.SSHCredentials,
	description: "An SSH credential: a public key that may start ngrok tunnels over SSH (`ssh -R ... v2@connect.ngrok-agent.com`), " +
		"restricted by an ACL of bind rules. Changing the key replaces the credential: the API cannot change it.",
	attributes: func() map[string]schema.Attribute {
		return map[string]schema.Attribute{
			"id":          serverSetAttribute("Identifier of the SSH credential (`sshcr_...`)."),
			"uri":         serverSetAttribute("API address of the SSH credential."),
			"created_at":  serverSetAttribute("When the SSH credential was created, RFC 3339."),
			"description": descriptionResourceAttribute(),
			"metadata":    metadataResourceAttribute(),
			"acl":         aclResourceAttribute("SSH credential", "a tunnel started with the key may bind"),
			"owner_id":    ownerIDResourceAttribute("SSH credential"),
			"public_key": schema.StringAttribute{
				Description: "The public key, one line in OpenSSH authorized-keys format, such as the content of " +
					"`~/.ssh/id_ed25519.pub`. Another comment or spacing of the same key is no change. Changing the key " +
					"replaces the credential.",
				Required:   true,
				Validators: []validator.String{sshCredentialKeyValidator{}},
				PlanModifiers: []planmodifier.String{
					equivalentToState("the same key with another comment or spacing keeps the prior value", sameSSHPublicKey),
					stringplanmodifier.RequiresReplace(),
				},
			},
		}
	},
	dataSourceDescriptions: map[string]string{
		"acl":        aclDataSourceDescription,
		"owner_id":   "ID of the user, service user or bot user that owns the SSH credential.",
		"public_key": "The public key, one line in OpenSSH authorized-keys format.",
	},
	fromAPI: func(c *apiclient.SSHCredential) (sshCredentialModel, error) {
		return sshCredentialModel{
			ID: types.StringValue(c.ID), URI: types.StringValue(c.URI), CreatedAt: types.StringValue(c.CreatedAt),
			Description: types.StringValue(c.Description), Metadata: types.StringValue(c.Metadata),
			ACL: stringList(c.ACL), OwnerID: types.StringPointerValue(c.OwnerID), PublicKey: types.StringValue(c.PublicKey),
		}, nil
	},
	toCreate: func(m sshCredentialModel) *apiclient.SSHCredentialCreate {
		return &apiclient.SSHCredentialCreate{Description: m.Description.ValueString(), Metadata: m.Metadata.ValueString(),
			ACL: aclRules(m.ACL), PublicKey: m.PublicKey.ValueString(), OwnerID: knownStringPointer(m.OwnerID)}
	},
	toUpdate: func(m sshCredentialModel) *apiclient.SSHCredentialUpdate {
		acl := aclRules(m.ACL)
		return &apiclient.SSHCredentialUpdate{Description: m.Description.ValueStringPointer(), Metadata: m.Metadata.ValueStringPointer(),
			ACL: &acl}
	},
	displayName:   func(c *apiclient.SSHCredential, _ sshCredentialModel) string { return describedAs(c.Description, c.ID) },
	filterExample: "`obj.owner_id == \"bot_...\"` or `\"bind:*.example.com\" in obj.acl`",
	// NOTE: the API answers the key in its own layout (trimmed): the
	// configuration's layout of the same key is kept, so that a key read
	// with file(), trailing newline and all, plans nothing.
	keep: func(prior sshCredentialModel, m *sshCredentialModel) {
		if !prior.PublicKey.IsNull() && !prior.PublicKey.IsUnknown() && sameSSHPublicKey(prior.PublicKey.ValueString(), m.PublicKey.ValueString()) {
			m.PublicKey = prior.PublicKey
		}
	},
	movesFrom:      []string{"ngrok_ssh_credential"},
	normalizeState: normalizeACLObjectState,
}

type sshCredentialModel struct {
	ID          types.String `tfsdk:"id"`
	URI         types.String `tfsdk:"uri"`
	CreatedAt   types.String `tfsdk:"created_at"`
	Description types.String `tfsdk:"description"`
	Metadata    types.String `tfsdk:"metadata"`
	ACL         types.List   `tfsdk:"acl"`
	OwnerID     types.String `tfsdk:"owner_id"`
	PublicKey   types.String `tfsdk:"public_key"`
}
