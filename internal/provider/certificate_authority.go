package provider

import (
	"github.com/hashicorp/terraform-plugin-framework/resource/schema"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/listplanmodifier"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/planmodifier"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/stringplanmodifier"
	"github.com/hashicorp/terraform-plugin-framework/types"

	"github.com/tfedge/terraform-provider-ngrok/internal/apiclient"
)

// certificateAuthorityType is ngrok_certificate_authority: a CA certificate
// that mutual TLS verifies client certificates against (a traffic policy's
// terminate-tls action names it by ID). Its PEM is parsed and compared as a
// TLS certificate's chain is (tls_certificate.go), and cannot change.
var certificateAuthorityType = &objectType[apiclient.CertificateAuthority, apiclient.CertificateAuthorityCreate, apiclient.CertificateAuthorityUpdate, certificateAuthorityModel]{
	name: "certificate_authority", plural: "certificate_authorities", noun: "certificate authority", nouns: "certificate authorities",
	article: "a", idPrefix: certificateAuthorityIDPrefix, api: apiclient.CertificateAuthorities,
	description: "A certificate authority for mutual TLS: the CA certificate that client certificates must chain to. " +
		"Reference its `id` in a traffic policy's `terminate-tls` action (`mutual_tls_certificate_authorities`) on an " +
		"`ngrok_cloud_endpoint`, so that only clients holding a certificate it issued connect.",
	attributes: func() map[string]schema.Attribute {
		fixed := serverSetAttribute
		fixedList := func(description string) schema.ListAttribute {
			return schema.ListAttribute{Description: description, ElementType: types.StringType, Computed: true,
				PlanModifiers: []planmodifier.List{listplanmodifier.UseStateForUnknown()}}
		}
		return map[string]schema.Attribute{
			"id":          serverSetAttribute("Identifier of the certificate authority (`ca_...`)."),
			"uri":         serverSetAttribute("API address of the certificate authority."),
			"created_at":  serverSetAttribute("When the certificate authority was uploaded, RFC 3339."),
			"description": descriptionResourceAttribute(),
			"metadata":    metadataResourceAttribute(),
			"ca_pem": schema.StringAttribute{
				Description: "The CA certificate, PEM-encoded; every certificate in it must be a CA (Basic Constraints). " +
					"Another layout of the same certificates (line endings, line wrapping, text around the blocks) is no " +
					"change. Changing it replaces the certificate authority.",
				Required:   true,
				CustomType: pemCertificateType{},
				PlanModifiers: []planmodifier.String{
					equivalentToState("the same certificates in another layout keep the prior value", equivalentPEM),
					stringplanmodifier.RequiresReplace(),
				},
			},
			"subject_common_name": fixed("Common name of the CA certificate's subject."),
			"not_before":          fixed("Start of the CA certificate's validity, RFC 3339."),
			"not_after":           fixed("End of the CA certificate's validity, RFC 3339."),
			"key_usages":          fixedList("Key usages of the CA certificate, as the API names them."),
			"extended_key_usages": fixedList("Extended key usages of the CA certificate, as the API names them."),
		}
	},
	dataSourceDescriptions: map[string]string{"ca_pem": "The CA certificate, PEM-encoded."},
	fromAPI:                certificateAuthorityModelFromAPI,
	toCreate:               certificateAuthorityModel.toCreate,
	toUpdate:               certificateAuthorityModel.toUpdate,
	displayName: func(c *apiclient.CertificateAuthority, _ certificateAuthorityModel) string {
		return describedAs(c.Description, c.SubjectCommonName)
	},
	filterExample: "`obj.subject_common_name == \"Clients CA\"`",
	keep: func(prior certificateAuthorityModel, m *certificateAuthorityModel) {
		// NOTE: the configured layout of the PEM stays, as for a TLS
		// certificate's chain: the API answers it re-encoded.
		if !prior.CAPEM.IsNull() && !prior.CAPEM.IsUnknown() && equivalentPEM(prior.CAPEM.ValueString(), m.CAPEM.ValueString()) {
			m.CAPEM = prior.CAPEM
		}
	},
	movesFrom: []string{"ngrok_certificate_authority"},
	normalizeState: func(a stateAttrs) error {
		a.nullIfEmpty("uri", "created_at", "subject_common_name", "not_before", "not_after")
		a.emptyIfNull("description", "metadata")
		return nil
	},
}

type certificateAuthorityModel struct {
	ID                types.String        `tfsdk:"id"`
	URI               types.String        `tfsdk:"uri"`
	CreatedAt         types.String        `tfsdk:"created_at"`
	Description       types.String        `tfsdk:"description"`
	Metadata          types.String        `tfsdk:"metadata"`
	CAPEM             pemCertificateValue `tfsdk:"ca_pem"`
	SubjectCommonName types.String        `tfsdk:"subject_common_name"`
	NotBefore         types.String        `tfsdk:"not_before"`
	NotAfter          types.String        `tfsdk:"not_after"`
	KeyUsages         types.List          `tfsdk:"key_usages"`
	ExtendedKeyUsages types.List          `tfsdk:"extended_key_usages"`
}

func certificateAuthorityModelFromAPI(c *apiclient.CertificateAuthority) (certificateAuthorityModel, error) {
	return certificateAuthorityModel{
		ID:                types.StringValue(c.ID),
		URI:               types.StringValue(c.URI),
		CreatedAt:         types.StringValue(c.CreatedAt),
		Description:       types.StringValue(c.Description),
		Metadata:          types.StringValue(c.Metadata),
		CAPEM:             newPEMCertificateValue(c.CAPEM),
		SubjectCommonName: types.StringValue(c.SubjectCommonName),
		NotBefore:         types.StringValue(c.NotBefore),
		NotAfter:          types.StringValue(c.NotAfter),
		KeyUsages:         stringList(c.KeyUsages),
		ExtendedKeyUsages: stringList(c.ExtendedKeyUsages),
	}, nil
}

func (m certificateAuthorityModel) toCreate() *apiclient.CertificateAuthorityCreate {
	return &apiclient.CertificateAuthorityCreate{Description: m.Description.ValueString(), Metadata: m.Metadata.ValueString(), CAPEM: m.CAPEM.ValueString()}
}

func (m certificateAuthorityModel) toUpdate() *apiclient.CertificateAuthorityUpdate {
	return &apiclient.CertificateAuthorityUpdate{Description: m.Description.ValueStringPointer(), Metadata: m.Metadata.ValueStringPointer()}
}
