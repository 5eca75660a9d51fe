package apiclient

// TLSCertificate is an uploaded certificate chain whose private key the API
// keeps and never returns. The fields after CertificatePEM are parsed by the
// API from the leaf certificate. Only Description and Metadata can change.
type TLSCertificate struct {
	ID                        string             `json:"id"`
	URI                       string             `json:"uri"`
	CreatedAt                 string             `json:"created_at"`
	Description               string             `json:"description"`
	Metadata                  string             `json:"metadata"`
	CertificatePEM            string             `json:"certificate_pem"`
	SubjectCommonName         string             `json:"subject_common_name"`
	SubjectAlternativeNames   TLSCertificateSANs `json:"subject_alternative_names"`
	IssuedAt                  *string            `json:"issued_at"` // null for an uploaded certificate
	NotBefore                 string             `json:"not_before"`
	NotAfter                  string             `json:"not_after"`
	KeyUsages                 []string           `json:"key_usages"`
	ExtendedKeyUsages         []string           `json:"extended_key_usages"`
	PrivateKeyType            string             `json:"private_key_type"` // rsa, ecdsa or ed25519
	IssuerCommonName          string             `json:"issuer_common_name"`
	SerialNumber              string             `json:"serial_number"`
	SubjectOrganization       string             `json:"subject_organization"`
	SubjectOrganizationalUnit string             `json:"subject_organizational_unit"`
	SubjectLocality           string             `json:"subject_locality"`
	SubjectProvince           string             `json:"subject_province"`
	SubjectCountry            string             `json:"subject_country"`
}

// TLSCertificateSANs are the subject alternative names of a certificate's
// leaf.
type TLSCertificateSANs struct {
	DNSNames []string `json:"dns_names"`
	IPs      []string `json:"ips"`
}

// TLSCertificateCreate is the body of a create. PrivateKeyPEM is a secret:
// it is sent once and never logged.
type TLSCertificateCreate struct {
	Description    string `json:"description,omitempty"`
	Metadata       string `json:"metadata,omitempty"`
	CertificatePEM string `json:"certificate_pem"`
	PrivateKeyPEM  string `json:"private_key_pem"`
}

// TLSCertificateUpdate is the body of an update: nil leaves a field
// unchanged, "" clears it.
type TLSCertificateUpdate struct {
	Description *string `json:"description,omitempty"`
	Metadata    *string `json:"metadata,omitempty"`
}

// TLSCertificates is the collection of TLS certificates.
var TLSCertificates = newCollection[TLSCertificate, TLSCertificateCreate, TLSCertificateUpdate]("tls_certificates", "TLS certificate",
	func(o *TLSCertificate) string { return o.ID })
