package apiclient

// CertificateAuthority is a CA certificate that mutual TLS verifies client
// certificates against. Its PEM is fixed at creation.
type CertificateAuthority struct {
	ID                string   `json:"id"`
	URI               string   `json:"uri"`
	CreatedAt         string   `json:"created_at"`
	Description       string   `json:"description"`
	Metadata          string   `json:"metadata"`
	CAPEM             string   `json:"ca_pem"`
	SubjectCommonName string   `json:"subject_common_name"`
	NotBefore         string   `json:"not_before"`
	NotAfter          string   `json:"not_after"`
	KeyUsages         []string `json:"key_usages"`
	ExtendedKeyUsages []string `json:"extended_key_usages"`
}

// CertificateAuthorityCreate is the body of a create.
type CertificateAuthorityCreate struct {
	Description string `json:"description,omitempty"`
	Metadata    string `json:"metadata,omitempty"`
	CAPEM       string `json:"ca_pem"`
}

// CertificateAuthorityUpdate is the body of an update: nil leaves a field
// unchanged, "" clears it.
type CertificateAuthorityUpdate struct {
	Description *string `json:"description,omitempty"`
	Metadata    *string `json:"metadata,omitempty"`
}

// CertificateAuthorities is the collection of certificate authorities.
var CertificateAuthorities = newCollection[CertificateAuthority, CertificateAuthorityCreate, CertificateAuthorityUpdate]("certificate_authorities",
	"certificate authority", func(o *CertificateAuthority) string { return o.ID })
