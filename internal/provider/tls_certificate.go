package provider

import (
	"bytes"
	"context"
	"crypto"
	"crypto/ecdsa"
	"crypto/ed25519"
	"crypto/rsa"
	"crypto/x509"
	"encoding/pem"
	"errors"
	"fmt"
	"strings"

	"github.com/hashicorp/terraform-plugin-framework-validators/resourcevalidator"
	"github.com/hashicorp/terraform-plugin-framework-validators/stringvalidator"
	"github.com/hashicorp/terraform-plugin-framework/attr"
	"github.com/hashicorp/terraform-plugin-framework/attr/xattr"
	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/path"
	"github.com/hashicorp/terraform-plugin-framework/resource"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/int64planmodifier"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/listplanmodifier"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/objectplanmodifier"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/planmodifier"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/stringplanmodifier"
	"github.com/hashicorp/terraform-plugin-framework/schema/validator"
	"github.com/hashicorp/terraform-plugin-framework/types"
	"github.com/hashicorp/terraform-plugin-framework/types/basetypes"
	"github.com/hashicorp/terraform-plugin-go/tftypes"

	"github.com/tfedge/terraform-provider-ngrok/internal/apiclient"
)

// tlsCertificateType is ngrok_tls_certificate: an uploaded certificate chain
// and its private key, for reserved domains (certificate_id). The API keeps
// the key and never returns it, and cannot change the certificate or the
// key of an object: either change replaces it. The provider keeps the key
// out of the state when it is given as private_key_pem_wo.
var tlsCertificateType = &objectType[apiclient.TLSCertificate, apiclient.TLSCertificateCreate, apiclient.TLSCertificateUpdate, tlsCertificateModel]{
	name: "tls_certificate", plural: "tls_certificates", noun: "TLS certificate", nouns: "TLS certificates", article: "a",
	idPrefix: tlsCertificateIDPrefix, api: apiclient.TLSCertificates,
	description: "A TLS certificate uploaded with its private key, for reserved domains that serve it (`certificate_id`). " +
		"ngrok keeps the private key and never returns it; give it as `private_key_pem_wo` (Terraform 1.11 and later) to keep " +
		"it out of the plan and the state too. Changing the certificate or the key replaces the object: the API cannot change " +
		"them. The attributes after `certificate_pem` are read by the API from the leaf certificate.\n\n" +
		"The certificate ngrok obtains for a reserved domain's automatic certificates can be imported, but not deleted " +
		"(`ERR_NGROK_1966`): it goes with the domain's automatic certificates or the domain. To stop managing it, replace " +
		"its resource with a `removed` block with `lifecycle { destroy = false }`.",
	attributes:   tlsCertificateAttributes,
	resourceOnly: []string{"private_key_pem", "private_key_pem_wo_version"},
	dataSourceDescriptions: map[string]string{
		"certificate_pem": "Chain of PEM-encoded certificates, leaf first.",
	},
	fromAPI:  tlsCertificateModelFromAPI,
	toCreate: tlsCertificateModel.toCreate,
	toUpdate: tlsCertificateModel.toUpdate,
	displayName: func(c *apiclient.TLSCertificate, _ tlsCertificateModel) string {
		return describedAs(c.Description, c.SubjectCommonName)
	},
	filterExample: "`obj.subject_common_name == \"app.example.com\"`",
	configValidators: []resource.ConfigValidator{
		resourcevalidator.ExactlyOneOf(path.MatchRoot("private_key_pem"), path.MatchRoot("private_key_pem_wo")),
		resourcevalidator.RequiredTogether(path.MatchRoot("private_key_pem_wo"), path.MatchRoot("private_key_pem_wo_version")),
		writeOnlyAlternative{"private_key_pem"},
	},
	validateConfig: validateTLSCertificateKey,
	fromConfig: func(plan *tlsCertificateModel, config tlsCertificateModel) {
		plan.PrivateKeyPEMWO = config.PrivateKeyPEMWO
	},
	keep: func(prior tlsCertificateModel, m *tlsCertificateModel) {
		m.PrivateKeyPEM, m.PrivateKeyPEMWOVersion = prior.PrivateKeyPEM, prior.PrivateKeyPEMWOVersion
	},
	movesFrom:      []string{"ngrok_tls_certificate"},
	normalizeState: normalizeTLSCertificateState,
}

func tlsCertificateAttributes() map[string]schema.Attribute {
	fixed := serverSetAttribute
	fixedList := func(description string) schema.ListAttribute {
		return schema.ListAttribute{Description: description, ElementType: types.StringType, Computed: true,
			PlanModifiers: []planmodifier.List{listplanmodifier.UseStateForUnknown()}}
	}
	return map[string]schema.Attribute{
		"id":          serverSetAttribute("Identifier of the certificate (`cert_...`)."),
		"uri":         serverSetAttribute("API address of the certificate."),
		"created_at":  serverSetAttribute("When the certificate was uploaded, RFC 3339."),
		"description": descriptionResourceAttribute(),
		"metadata":    metadataResourceAttribute(),
		"certificate_pem": schema.StringAttribute{
			Description: "Chain of PEM-encoded certificates, leaf first. Another layout of the same chain (line endings, " +
				"line wrapping, blank lines, a trailing newline) is no change. Changing the chain replaces the object.",
			Required:   true,
			CustomType: pemCertificateType{},
			PlanModifiers: []planmodifier.String{
				equivalentToState("the same chain in another layout keeps the prior value", equivalentPEM),
				stringplanmodifier.RequiresReplace(),
			},
		},
		"private_key_pem_wo": schema.StringAttribute{
			Description: "Private key of the leaf certificate, PEM-encoded (PKCS #1, PKCS #8 or SEC 1), write-only " +
				"(Terraform 1.11 and later): sent to the API once, never stored in the plan or the state. Requires " +
				"`private_key_pem_wo_version`. Exactly one of `private_key_pem_wo` and `private_key_pem` is required.",
			Optional:   true,
			Sensitive:  true,
			WriteOnly:  true,
			Validators: []validator.String{stringvalidator.LengthAtLeast(1)},
		},
		"private_key_pem_wo_version": schema.Int64Attribute{
			Description: "Version of `private_key_pem_wo`, required with it. Terraform cannot see a change of a write-only " +
				"value: change the version to upload a new key, which replaces the object.",
			Optional: true,
			PlanModifiers: []planmodifier.Int64{int64planmodifier.RequiresReplaceIf(versionWasSet,
				"a new version replaces the certificate", "a new version replaces the certificate")},
		},
		"private_key_pem": schema.StringAttribute{
			Description: "Private key of the leaf certificate, PEM-encoded, stored in the state (marked sensitive). For " +
				"configurations moved from ngrok/ngrok, whose state holds it; prefer `private_key_pem_wo`. Changing it " +
				"replaces the object.",
			Optional:   true,
			Sensitive:  true,
			Validators: []validator.String{stringvalidator.LengthAtLeast(1)},
			PlanModifiers: []planmodifier.String{stringplanmodifier.RequiresReplaceIf(keyWasSet,
				"a new key replaces the certificate", "a new key replaces the certificate")},
		},
		"subject_common_name": fixed("Common name of the leaf's subject."),
		"subject_alternative_names": schema.SingleNestedAttribute{
			Description: "Subject alternative names of the leaf.",
			Computed:    true,
			Attributes: map[string]schema.Attribute{
				"dns_names": schema.ListAttribute{Description: "Domain names, wildcards included.", ElementType: types.StringType, Computed: true},
				"ips":       schema.ListAttribute{Description: "IP addresses.", ElementType: types.StringType, Computed: true},
			},
			PlanModifiers: []planmodifier.Object{objectplanmodifier.UseStateForUnknown()},
		},
		"issued_at":                   fixed("When ngrok issued the certificate, RFC 3339; null for an uploaded one."),
		"not_before":                  fixed("Start of the leaf's validity, RFC 3339."),
		"not_after":                   fixed("End of the leaf's validity, RFC 3339."),
		"key_usages":                  fixedList("Key usages of the leaf, as the API names them."),
		"extended_key_usages":         fixedList("Extended key usages of the leaf, as the API names them."),
		"private_key_type":            fixed("Type of the key: `rsa`, `ecdsa` or `ed25519`."),
		"issuer_common_name":          fixed("Common name of the leaf's issuer."),
		"serial_number":               fixed("Serial number of the leaf, as the API writes it."),
		"subject_organization":        fixed("Organization of the leaf's subject."),
		"subject_organizational_unit": fixed("Organizational unit of the leaf's subject."),
		"subject_locality":            fixed("Locality of the leaf's subject."),
		"subject_province":            fixed("Province of the leaf's subject."),
		"subject_country":             fixed("Country of the leaf's subject."),
	}
}

// keyWasSet and versionWasSet replace the object when a key or version it
// held changes to another. One set where the state had none (after an
// import, which cannot read the key) or removed (on the way from
// private_key_pem to private_key_pem_wo, with the same key) is recorded in
// place.
func keyWasSet(_ context.Context, req planmodifier.StringRequest, resp *stringplanmodifier.RequiresReplaceIfFuncResponse) {
	resp.RequiresReplace = !req.StateValue.IsNull() && !req.PlanValue.IsNull()
}

func versionWasSet(_ context.Context, req planmodifier.Int64Request, resp *int64planmodifier.RequiresReplaceIfFuncResponse) {
	resp.RequiresReplace = !req.StateValue.IsNull() && !req.PlanValue.IsNull()
}

var tlsSANsType = types.ObjectType{AttrTypes: map[string]attr.Type{
	"dns_names": types.ListType{ElemType: types.StringType},
	"ips":       types.ListType{ElemType: types.StringType},
}}

type tlsCertificateModel struct {
	ID                        types.String        `tfsdk:"id"`
	URI                       types.String        `tfsdk:"uri"`
	CreatedAt                 types.String        `tfsdk:"created_at"`
	Description               types.String        `tfsdk:"description"`
	Metadata                  types.String        `tfsdk:"metadata"`
	CertificatePEM            pemCertificateValue `tfsdk:"certificate_pem"`
	PrivateKeyPEMWO           types.String        `tfsdk:"private_key_pem_wo"`
	PrivateKeyPEMWOVersion    types.Int64         `tfsdk:"private_key_pem_wo_version"`
	PrivateKeyPEM             types.String        `tfsdk:"private_key_pem"`
	SubjectCommonName         types.String        `tfsdk:"subject_common_name"`
	SubjectAlternativeNames   types.Object        `tfsdk:"subject_alternative_names"`
	IssuedAt                  types.String        `tfsdk:"issued_at"`
	NotBefore                 types.String        `tfsdk:"not_before"`
	NotAfter                  types.String        `tfsdk:"not_after"`
	KeyUsages                 types.List          `tfsdk:"key_usages"`
	ExtendedKeyUsages         types.List          `tfsdk:"extended_key_usages"`
	PrivateKeyType            types.String        `tfsdk:"private_key_type"`
	IssuerCommonName          types.String        `tfsdk:"issuer_common_name"`
	SerialNumber              types.String        `tfsdk:"serial_number"`
	SubjectOrganization       types.String        `tfsdk:"subject_organization"`
	SubjectOrganizationalUnit types.String        `tfsdk:"subject_organizational_unit"`
	SubjectLocality           types.String        `tfsdk:"subject_locality"`
	SubjectProvince           types.String        `tfsdk:"subject_province"`
	SubjectCountry            types.String        `tfsdk:"subject_country"`
}

// tlsCertificateModelFromAPI maps the API object onto the model; the
// private key, which the API never returns, is null (keep restores what
// the state holds).
func tlsCertificateModelFromAPI(c *apiclient.TLSCertificate) (tlsCertificateModel, error) {
	sans, diags := types.ObjectValue(tlsSANsType.AttrTypes, map[string]attr.Value{
		"dns_names": stringList(c.SubjectAlternativeNames.DNSNames),
		"ips":       stringList(c.SubjectAlternativeNames.IPs),
	})
	if diags.HasError() {
		return tlsCertificateModel{}, fmt.Errorf("TLS certificate %s: subject alternative names: %v", c.ID, diags)
	}
	return tlsCertificateModel{
		ID:                        types.StringValue(c.ID),
		URI:                       types.StringValue(c.URI),
		CreatedAt:                 types.StringValue(c.CreatedAt),
		Description:               types.StringValue(c.Description),
		Metadata:                  types.StringValue(c.Metadata),
		CertificatePEM:            newPEMCertificateValue(c.CertificatePEM),
		PrivateKeyPEMWO:           types.StringNull(),
		PrivateKeyPEMWOVersion:    types.Int64Null(),
		PrivateKeyPEM:             types.StringNull(),
		SubjectCommonName:         types.StringValue(c.SubjectCommonName),
		SubjectAlternativeNames:   sans,
		IssuedAt:                  types.StringPointerValue(c.IssuedAt),
		NotBefore:                 types.StringValue(c.NotBefore),
		NotAfter:                  types.StringValue(c.NotAfter),
		KeyUsages:                 stringList(c.KeyUsages),
		ExtendedKeyUsages:         stringList(c.ExtendedKeyUsages),
		PrivateKeyType:            types.StringValue(c.PrivateKeyType),
		IssuerCommonName:          types.StringValue(c.IssuerCommonName),
		SerialNumber:              types.StringValue(c.SerialNumber),
		SubjectOrganization:       types.StringValue(c.SubjectOrganization),
		SubjectOrganizationalUnit: types.StringValue(c.SubjectOrganizationalUnit),
		SubjectLocality:           types.StringValue(c.SubjectLocality),
		SubjectProvince:           types.StringValue(c.SubjectProvince),
		SubjectCountry:            types.StringValue(c.SubjectCountry),
	}, nil
}

// stringList is a list of strings; an absent list is an empty one.
func stringList(values []string) types.List {
	elems := make([]attr.Value, len(values))
	for i, v := range values {
		elems[i] = types.StringValue(v)
	}
	return types.ListValueMust(types.StringType, elems)
}

// privateKey is the key to upload: the write-only one when given.
func (m tlsCertificateModel) privateKey() string {
	if !m.PrivateKeyPEMWO.IsNull() {
		return m.PrivateKeyPEMWO.ValueString()
	}
	return m.PrivateKeyPEM.ValueString()
}

func (m tlsCertificateModel) toCreate() *apiclient.TLSCertificateCreate {
	return &apiclient.TLSCertificateCreate{
		Description:    m.Description.ValueString(),
		Metadata:       m.Metadata.ValueString(),
		CertificatePEM: canonicalPEM(m.CertificatePEM.ValueString()),
		PrivateKeyPEM:  canonicalPEM(m.privateKey()),
	}
}

func (m tlsCertificateModel) toUpdate() *apiclient.TLSCertificateUpdate {
	return &apiclient.TLSCertificateUpdate{Description: m.Description.ValueStringPointer(), Metadata: m.Metadata.ValueStringPointer()}
}

// validateTLSCertificateKey checks at plan time what the API would refuse
// at apply: a key that does not parse, or that is not the leaf
// certificate's. Unknown values are checked at apply.
func validateTLSCertificateKey(ctx context.Context, req resource.ValidateConfigRequest, resp *resource.ValidateConfigResponse) {
	var certPEM pemCertificateValue
	var key, keyWO types.String
	resp.Diagnostics.Append(req.Config.GetAttribute(ctx, path.Root("certificate_pem"), &certPEM)...)
	resp.Diagnostics.Append(req.Config.GetAttribute(ctx, path.Root("private_key_pem"), &key)...)
	resp.Diagnostics.Append(req.Config.GetAttribute(ctx, path.Root("private_key_pem_wo"), &keyWO)...)
	if resp.Diagnostics.HasError() {
		return
	}
	for _, k := range []struct {
		name string
		v    types.String
	}{{"private_key_pem", key}, {"private_key_pem_wo", keyWO}} {
		if k.v.IsNull() || k.v.IsUnknown() {
			continue
		}
		// NOTE: the key's text is never quoted in a diagnostic.
		priv, err := parsePrivateKeyPEM(k.v.ValueString())
		if err != nil {
			resp.Diagnostics.AddAttributeError(path.Root(k.name), "Invalid Private Key", capitalize(err.Error())+".")
			continue
		}
		if certPEM.IsNull() || certPEM.IsUnknown() {
			continue
		}
		leaf, err := parseCertificateChain(certPEM.ValueString())
		if err != nil {
			continue // reported by certificate_pem's own validation
		}
		if !publicKeysEqual(leaf.PublicKey, priv.Public()) {
			resp.Diagnostics.AddAttributeError(path.Root(k.name), "Private Key Does Not Match the Certificate",
				fmt.Sprintf("The private key is not the key of the leaf certificate of certificate_pem (subject %q); the API "+
					"would refuse the pair. Give the key that the certificate was issued for, or the leaf first in "+
					"certificate_pem.", leaf.Subject.String()))
		}
	}
}

// parsePrivateKeyPEM reads one PEM private key: PKCS #8, PKCS #1 (RSA) or
// SEC 1 (EC). Errors never quote the key.
func parsePrivateKeyPEM(s string) (crypto.Signer, error) {
	block, rest := pem.Decode(pemText(s))
	if block == nil {
		return nil, errors.New("private key is not PEM: expected a block such as -----BEGIN PRIVATE KEY-----")
	}
	if len(bytes.TrimSpace(rest)) > 0 {
		return nil, errors.New("private key holds more than one PEM block: give the key alone")
	}
	var key any
	var err error
	switch block.Type {
	case "PRIVATE KEY":
		key, err = x509.ParsePKCS8PrivateKey(block.Bytes)
	case "RSA PRIVATE KEY":
		key, err = x509.ParsePKCS1PrivateKey(block.Bytes)
	case "EC PRIVATE KEY":
		key, err = x509.ParseECPrivateKey(block.Bytes)
	default:
		return nil, fmt.Errorf("PEM block %q is not a private key: expected PRIVATE KEY, RSA PRIVATE KEY or EC PRIVATE KEY", block.Type)
	}
	if err != nil {
		return nil, fmt.Errorf("private key (%s) cannot be read: %w", block.Type, err)
	}
	switch k := key.(type) {
	case *rsa.PrivateKey:
		return k, nil
	case *ecdsa.PrivateKey:
		return k, nil
	case ed25519.PrivateKey:
		return k, nil
	}
	return nil, fmt.Errorf("unsupported private key type %T: expected RSA, ECDSA or Ed25519", key)
}

func publicKeysEqual(a, b crypto.PublicKey) bool {
	k, ok := a.(interface{ Equal(crypto.PublicKey) bool })
	return ok && k.Equal(b)
}

// parseCertificateChain reads a chain of PEM certificates, leaf first, and
// returns the leaf.
func parseCertificateChain(s string) (*x509.Certificate, error) {
	rest := pemText(s)
	var leaf *x509.Certificate
	for n := 1; ; n++ {
		var block *pem.Block
		block, rest = pem.Decode(rest)
		if block == nil {
			break
		}
		if block.Type != "CERTIFICATE" {
			return nil, fmt.Errorf("PEM block %d is %q, expected CERTIFICATE (the private key goes in private_key_pem_wo)", n, block.Type)
		}
		c, err := x509.ParseCertificate(block.Bytes)
		if err != nil {
			return nil, fmt.Errorf("certificate %d cannot be read: %w", n, err)
		}
		if leaf == nil {
			leaf = c
		}
	}
	if leaf == nil {
		return nil, errors.New("no PEM certificate: expected -----BEGIN CERTIFICATE----- blocks, leaf first")
	}
	if len(bytes.TrimSpace(rest)) > 0 {
		return nil, errors.New("text outside PEM blocks, or a broken PEM block")
	}
	return leaf, nil
}

// pemBlocks is the sequence of PEM blocks of s, or nil when s holds
// anything else.
func pemBlocks(s string) []*pem.Block {
	var blocks []*pem.Block
	rest := pemText(s)
	for {
		var b *pem.Block
		b, rest = pem.Decode(rest)
		if b == nil {
			break
		}
		blocks = append(blocks, b)
	}
	if len(blocks) == 0 || len(bytes.TrimSpace(rest)) > 0 {
		return nil
	}
	return blocks
}

// pemText is s with each line trimmed of spaces, tabs and carriage
// returns, which pem.Decode does not skip before a block's lines.
func pemText(s string) []byte {
	lines := strings.Split(s, "\n")
	for i, l := range lines {
		lines[i] = strings.Trim(l, " \t\r")
	}
	return []byte(strings.Join(lines, "\n"))
}

// canonicalPEM is s as the API lays PEM out (pem.EncodeToMemory: Unix line
// endings, 64 columns, a newline after each block), or s itself when it is
// not PEM, for the API to refuse.
func canonicalPEM(s string) string {
	blocks := pemBlocks(s)
	if blocks == nil {
		return s
	}
	var b bytes.Buffer
	for _, block := range blocks {
		b.Write(pem.EncodeToMemory(block))
	}
	return b.String()
}

// equivalentPEM reports whether two texts are the same PEM blocks (types,
// headers and contents) in another layout: line endings, line wrapping,
// blank lines or a trailing newline.
func equivalentPEM(a, b string) bool {
	if a == b {
		return true
	}
	ba, bb := pemBlocks(a), pemBlocks(b)
	if ba == nil || bb == nil || len(ba) != len(bb) {
		return false
	}
	for i := range ba {
		if ba[i].Type != bb[i].Type || !bytes.Equal(ba[i].Bytes, bb[i].Bytes) || len(ba[i].Headers) != len(bb[i].Headers) {
			return false
		}
		for k, v := range ba[i].Headers {
			if bb[i].Headers[k] != v {
				return false
			}
		}
	}
	return true
}

// normalizeTLSCertificateState brings ngrok/ngrok v0.7's and v0.8's state
// of a certificate to this provider's: v0.7 stores the subject alternative
// names as a set of one block, and both store "" where this provider
// stores null. The private key stays in private_key_pem, where the
// configuration moved from ngrok/ngrok has it.
func normalizeTLSCertificateState(a stateAttrs) error {
	a.nullIfEmpty("uri", "created_at", "issued_at", "private_key_pem")
	a.emptyIfNull("description", "metadata")
	return a.singleObject("subject_alternative_names")
}

// A certificate chain compares by its PEM blocks (equivalentPEM), so that
// the API's layout of the chain is no diff.

var (
	_ basetypes.StringTypable                    = pemCertificateType{}
	_ basetypes.StringValuableWithSemanticEquals = pemCertificateValue{}
	_ xattr.ValidateableAttribute                = pemCertificateValue{}
)

type pemCertificateType struct {
	basetypes.StringType
}

func (t pemCertificateType) String() string { return "pemCertificateType" }

func (t pemCertificateType) Equal(o attr.Type) bool {
	other, ok := o.(pemCertificateType)
	return ok && t.StringType.Equal(other.StringType)
}

func (t pemCertificateType) ValueType(context.Context) attr.Value { return pemCertificateValue{} }

func (t pemCertificateType) ValueFromString(_ context.Context, in basetypes.StringValue) (basetypes.StringValuable, diag.Diagnostics) {
	return pemCertificateValue{StringValue: in}, nil
}

func (t pemCertificateType) ValueFromTerraform(ctx context.Context, in tftypes.Value) (attr.Value, error) {
	s, err := stringFromTerraform(ctx, in)
	return pemCertificateValue{StringValue: s}, err
}

// pemCertificateValue is a PEM certificate chain as written.
type pemCertificateValue struct {
	basetypes.StringValue
}

func newPEMCertificateValue(s string) pemCertificateValue {
	return pemCertificateValue{StringValue: basetypes.NewStringValue(s)}
}

func (v pemCertificateValue) Type(context.Context) attr.Type { return pemCertificateType{} }

func (v pemCertificateValue) Equal(o attr.Value) bool {
	other, ok := o.(pemCertificateValue)
	return ok && v.StringValue.Equal(other.StringValue)
}

func (v pemCertificateValue) StringSemanticEquals(_ context.Context, newValuable basetypes.StringValuable) (bool, diag.Diagnostics) {
	return semanticallyEqual(v, newValuable, equivalentPEM)
}

func (v pemCertificateValue) ValidateAttribute(_ context.Context, req xattr.ValidateAttributeRequest, resp *xattr.ValidateAttributeResponse) {
	if v.IsNull() || v.IsUnknown() {
		return
	}
	if _, err := parseCertificateChain(v.ValueString()); err != nil {
		resp.Diagnostics.AddAttributeError(req.Path, "Invalid Certificate Chain",
			fmt.Sprintf("certificate_pem cannot be used: %s.", err))
	}
}
