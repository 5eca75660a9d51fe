package mockserver

import (
	"crypto"
	"crypto/ecdsa"
	"crypto/ed25519"
	"crypto/elliptic"
	"crypto/rand"
	"crypto/rsa"
	"crypto/sha256"
	"crypto/x509"
	"crypto/x509/pkix"
	"encoding/hex"
	"encoding/pem"
	"fmt"
	"math/big"
	"reflect"
	"strings"
	"sync"
	"time"
)

// Uploaded TLS certificates (README.md, section TLS certificates):
// /tls_certificates, a declared collection (collection.go). A create takes
// a certificate chain and its private key in PEM; the mock parses them with
// crypto/x509, refuses what the real API refuses with its codes, and
// answers with the fields the API computes from the leaf. The private key
// is checked against the leaf and dropped: it is never stored, in memory or
// in the state file, and never answered. Choices of ours where the real API
// is silent:
//   - certificate_pem is answered re-encoded: each certificate of the chain
//     as one PEM block of 64-character lines ending in "\n", text around
//     the blocks dropped. A block of another type in the chain (a private
//     key pasted with it) is refused rather than dropped.
//   - The chain is not verified: the leaf comes first, the rest is kept as
//     sent. Expired certificates are accepted [real: ngrok's own example
//     answer is one].
//   - Deleting a certificate that reserved domains use detaches it from them
//     (their certificate becomes null), as deleting it in the dashboard
//     would leave them on ngrok's own certificate: refusing would break a
//     Terraform replacement of the certificate, which deletes the old one
//     before the domain moves to the new one.
//   - A certificate that ngrok issues for a reserved domain's certificate
//     management policy is a TLS certificate object too, the one the
//     domain's certificate names [real: the spec's "the most recently issued
//     automatic one"; ERR_NGROK_1966 refuses deleting one]. It is stored
//     when its job starts and exists for the API from its issuance until a
//     later one of its domain is issued; it goes with its policy and its
//     domain (reserved_domains.go). Its issued_at is set, its key (the
//     policy's type: ECDSA P-256, or RSA 4096 [real: docs
//     domains/tls-certificates.mdx]) is the mock's own and never shown.
//   - Of the subject's multi-valued attributes (organization, ...) the
//     first is answered.
//   - Key usages are named after crypto/x509's, in snake case, except the
//     two whose real names are known ("cert_sign", "crl_sign" [real]);
//     extended key usages likewise ("server_auth", ...), an unknown one as
//     its dotted OID.

type tlsCertificate struct {
	ID          string    `json:"id"`
	CreatedAt   time.Time `json:"created_at"`
	Description string    `json:"description,omitempty"`
	Metadata    string    `json:"metadata,omitempty"`
	// CertificatePEM is the chain as answered (re-encoded). Empty only on
	// rows of state files written before certificates could be uploaded,
	// whose seeded certificates held no certificate at all.
	CertificatePEM string                `json:"certificate_pem,omitempty"`
	Details        TLSCertificateDetails `json:"details"`
	// Managed is set on a certificate issued for a reserved domain's
	// certificate management policy; nil on uploaded and seeded ones.
	Managed *managedCertificate `json:"managed,omitempty"`
}

// managedCertificate says whose a managed certificate is and when it exists
// for the API.
type managedCertificate struct {
	DomainID string    `json:"domain_id"`
	IssuedAt time.Time `json:"issued_at"` // before it, the job is still running
	// RetiresAt is when a later certificate of the domain is issued and
	// replaces this one; zero while none is on its way.
	RetiresAt time.Time `json:"retires_at,omitzero"`
}

// hidden reports whether a managed certificate is not there for the API at
// time now: not issued yet, or replaced.
func (c *tlsCertificate) hidden(now time.Time) bool {
	m := c.Managed
	return m != nil && (now.Before(m.IssuedAt) || (!m.RetiresAt.IsZero() && !now.Before(m.RetiresAt)))
}

func (c *tlsCertificate) fields() objectFields {
	return objectFields{&c.ID, &c.CreatedAt, &c.Description, &c.Metadata}
}

type tlsCertificateWire struct {
	WireHeader
	CertificatePEM string `json:"certificate_pem"`
	TLSCertificateDetails
}

// TLSCertificateDetails are the fields the API computes from the leaf of an
// uploaded certificate, in its answer's order and shapes [real]: every
// field present, "" and [] when the certificate has no value.
//
// NOTE: exported for the same reason as WireHeader, which it follows in
// the answer.
type TLSCertificateDetails struct {
	SubjectCommonName         string      `json:"subject_common_name"`
	SubjectAlternativeNames   tlsSANsWire `json:"subject_alternative_names"`
	IssuedAt                  *apiTime    `json:"issued_at"` // null: uploaded, not issued by ngrok
	NotBefore                 apiTime     `json:"not_before"`
	NotAfter                  apiTime     `json:"not_after"`
	KeyUsages                 []string    `json:"key_usages"`
	ExtendedKeyUsages         []string    `json:"extended_key_usages"`
	PrivateKeyType            string      `json:"private_key_type"`
	IssuerCommonName          string      `json:"issuer_common_name"`
	SerialNumber              string      `json:"serial_number"` // lower-case hex of its bytes [real]
	SubjectOrganization       string      `json:"subject_organization"`
	SubjectOrganizationalUnit string      `json:"subject_organizational_unit"`
	SubjectLocality           string      `json:"subject_locality"`
	SubjectProvince           string      `json:"subject_province"`
	SubjectCountry            string      `json:"subject_country"`
}

type tlsSANsWire struct {
	DNSNames []string `json:"dns_names"`
	IPs      []string `json:"ips"`
}

type tlsCertificateCreate struct {
	Description    string `json:"description"`
	Metadata       string `json:"metadata"`
	CertificatePEM string `json:"certificate_pem"`
	PrivateKeyPEM  string `json:"private_key_pem"`
}

var tlsCertificateCollection = declare(collectionDecl[tlsCertificate, tlsCertificateWire, tlsCertificateCreate, freeTextUpdate]{
	name: collTLSCertificates, noun: "TLS certificate", prefix: prefixTLSCertificate,
	filter: "ngrok.TLSCertificate",
	nested: map[reflect.Type]string{reflect.TypeFor[tlsSANsWire](): "ngrok.TLSCertificateSANs"},
	fields: (*tlsCertificate).fields,
	text:   textCodes{errTLSCertDescription, errTLSCertMetadata},
	wire:   (*tlsCertificate).wire,
	create: func(_ *Server, in *tlsCertificateCreate) (tlsCertificate, *apiError) {
		chain, details, err := parseCertificateUpload(in.CertificatePEM, in.PrivateKeyPEM)
		if err != nil {
			return tlsCertificate{}, err
		}
		return tlsCertificate{Description: in.Description, Metadata: in.Metadata, CertificatePEM: chain, Details: details}, nil
	},
	hidden: func(c *tlsCertificate, now time.Time) bool { return c.hidden(now) },
	removable: func(_ *Server, c *tlsCertificate) *apiError {
		if c.Managed == nil {
			return nil
		}
		// NOTE: the message of ngrok's error reference, ID filled in [real:
		// errors/err_ngrok_1966.mdx].
		return errManagedCertificateDelete.with(c.ID)
	},
	removed: detachCertificate,
})

func (c *tlsCertificate) wire(origin string) tlsCertificateWire {
	d := c.Details
	d.SubjectAlternativeNames.DNSNames = nonNil(d.SubjectAlternativeNames.DNSNames)
	d.SubjectAlternativeNames.IPs = nonNil(d.SubjectAlternativeNames.IPs)
	d.KeyUsages = nonNil(d.KeyUsages)
	d.ExtendedKeyUsages = nonNil(d.ExtendedKeyUsages)
	return tlsCertificateWire{WireHeader: c.fields().header(origin, collTLSCertificates), CertificatePEM: c.CertificatePEM, TLSCertificateDetails: d}
}

// detachCertificate takes a deleted certificate off the reserved domains
// that used it.
func detachCertificate(s *Server, c *tlsCertificate) {
	for id, r := range s.domains.reserved.rows {
		if r.val.CertificateID == c.ID {
			d := r.val
			d.CertificateID = ""
			s.domains.reserved.putLocked(id, d)
		}
	}
}

// parseCertificateUpload checks a create's chain and key as the real API
// does, and returns the chain re-encoded and the leaf's details. The key is
// only compared with the leaf.
func parseCertificateUpload(certPEM, keyPEM string) (string, TLSCertificateDetails, *apiError) {
	if strings.TrimSpace(certPEM) == "" {
		return "", TLSCertificateDetails{}, errTLSCertMissing.with()
	}
	var (
		chain strings.Builder
		leaf  *x509.Certificate
	)
	rest := []byte(certPEM)
	for {
		var block *pem.Block
		block, rest = pem.Decode(rest)
		if block == nil {
			break
		}
		if len(block.Headers) > 0 {
			return "", TLSCertificateDetails{}, errTLSPEMHeaders.with()
		}
		if block.Type != "CERTIFICATE" {
			return "", TLSCertificateDetails{}, errTLSCertPEMType.with(block.Type)
		}
		cert, err := x509.ParseCertificate(block.Bytes)
		if err != nil {
			return "", TLSCertificateDetails{}, errTLSCertFormat.with(err)
		}
		if leaf == nil {
			leaf = cert
		}
		chain.Write(pem.EncodeToMemory(&pem.Block{Type: "CERTIFICATE", Bytes: block.Bytes}))
	}
	if leaf == nil {
		return "", TLSCertificateDetails{}, errTLSCertNoPEM.with()
	}
	key, err := parsePrivateKeyPEM(keyPEM)
	if err != nil {
		return "", TLSCertificateDetails{}, err
	}
	keyType, err := tlsKeyType(key)
	if err != nil {
		return "", TLSCertificateDetails{}, err
	}
	pub, ok := leaf.PublicKey.(interface{ Equal(crypto.PublicKey) bool })
	if !ok || !pub.Equal(key.Public()) {
		return "", TLSCertificateDetails{}, errTLSKeyMismatch.with()
	}
	return chain.String(), certificateDetails(leaf, keyType), nil
}

// parsePrivateKeyPEM reads the first key of private_key_pem (an EC
// PARAMETERS block before it, as openssl writes one, is skipped).
func parsePrivateKeyPEM(keyPEM string) (crypto.Signer, *apiError) {
	rest := []byte(keyPEM)
	var block *pem.Block
	for {
		block, rest = pem.Decode(rest)
		if block == nil || block.Type != "EC PARAMETERS" {
			break
		}
	}
	switch {
	case block == nil:
		return nil, errTLSKeyMissing.with()
	case block.Type == "CERTIFICATE":
		return nil, errTLSKeyIsCertificate.with()
	case block.Type == "ENCRYPTED PRIVATE KEY" || strings.Contains(block.Headers["Proc-Type"], "ENCRYPTED"):
		return nil, errTLSKeyEncrypted.with()
	case len(block.Headers) > 0:
		return nil, errTLSPEMHeaders.with()
	}
	var (
		key any
		err error
	)
	switch block.Type {
	case "PRIVATE KEY":
		key, err = x509.ParsePKCS8PrivateKey(block.Bytes)
	case "RSA PRIVATE KEY":
		key, err = x509.ParsePKCS1PrivateKey(block.Bytes)
	case "EC PRIVATE KEY":
		key, err = x509.ParseECPrivateKey(block.Bytes)
	default:
		err = fmt.Errorf("a %s block is not a private key", block.Type)
	}
	if err != nil {
		// NOTE: the parser's error says what it expected, never the key's
		// bytes; it is left out all the same, as the message is about a
		// secret.
		return nil, errTLSKeyFormat.with()
	}
	signer, ok := key.(crypto.Signer)
	if !ok {
		return nil, errTLSKeyType.with(fmt.Sprintf("%T", key), "rsa, ecdsa, ed25519")
	}
	return signer, nil
}

// tlsKeyType is the API's name of a key's type.
func tlsKeyType(key crypto.Signer) (string, *apiError) {
	switch key.(type) {
	case *rsa.PrivateKey:
		return keyTypeRSA, nil
	case *ecdsa.PrivateKey:
		return keyTypeECDSA, nil
	case ed25519.PrivateKey:
		return keyTypeEd25519, nil
	}
	return "", errTLSKeyType.with(fmt.Sprintf("%T", key), "rsa, ecdsa, ed25519")
}

// keyUsageNames name the bits of x509.KeyUsage, lowest first.
var keyUsageNames = []string{
	"digital_signature", "content_commitment", "key_encipherment", "data_encipherment",
	"key_agreement", "cert_sign", "crl_sign", "encipher_only", "decipher_only",
}

var extKeyUsageNames = map[x509.ExtKeyUsage]string{
	x509.ExtKeyUsageAny:                            "any",
	x509.ExtKeyUsageServerAuth:                     "server_auth",
	x509.ExtKeyUsageClientAuth:                     "client_auth",
	x509.ExtKeyUsageCodeSigning:                    "code_signing",
	x509.ExtKeyUsageEmailProtection:                "email_protection",
	x509.ExtKeyUsageIPSECEndSystem:                 "ipsec_end_system",
	x509.ExtKeyUsageIPSECTunnel:                    "ipsec_tunnel",
	x509.ExtKeyUsageIPSECUser:                      "ipsec_user",
	x509.ExtKeyUsageTimeStamping:                   "time_stamping",
	x509.ExtKeyUsageOCSPSigning:                    "ocsp_signing",
	x509.ExtKeyUsageMicrosoftServerGatedCrypto:     "microsoft_server_gated_crypto",
	x509.ExtKeyUsageNetscapeServerGatedCrypto:      "netscape_server_gated_crypto",
	x509.ExtKeyUsageMicrosoftCommercialCodeSigning: "microsoft_commercial_code_signing",
	x509.ExtKeyUsageMicrosoftKernelCodeSigning:     "microsoft_kernel_code_signing",
}

// certificateDetails computes the answer's fields from the leaf.
func certificateDetails(leaf *x509.Certificate, keyType string) TLSCertificateDetails {
	d := TLSCertificateDetails{
		SubjectCommonName: leaf.Subject.CommonName,
		SubjectAlternativeNames: tlsSANsWire{
			DNSNames: append([]string{}, leaf.DNSNames...),
			IPs:      make([]string, 0, len(leaf.IPAddresses)),
		},
		NotBefore:                 wireTime(leaf.NotBefore),
		NotAfter:                  wireTime(leaf.NotAfter),
		KeyUsages:                 []string{},
		ExtendedKeyUsages:         []string{},
		PrivateKeyType:            keyType,
		IssuerCommonName:          leaf.Issuer.CommonName,
		SerialNumber:              hex.EncodeToString(leaf.SerialNumber.Bytes()),
		SubjectOrganization:       first(leaf.Subject.Organization),
		SubjectOrganizationalUnit: first(leaf.Subject.OrganizationalUnit),
		SubjectLocality:           first(leaf.Subject.Locality),
		SubjectProvince:           first(leaf.Subject.Province),
		SubjectCountry:            first(leaf.Subject.Country),
	}
	for _, ip := range leaf.IPAddresses {
		d.SubjectAlternativeNames.IPs = append(d.SubjectAlternativeNames.IPs, ip.String())
	}
	for bit, name := range keyUsageNames {
		if leaf.KeyUsage&(1<<bit) != 0 {
			d.KeyUsages = append(d.KeyUsages, name)
		}
	}
	for _, u := range leaf.ExtKeyUsage {
		if name, ok := extKeyUsageNames[u]; ok {
			d.ExtendedKeyUsages = append(d.ExtendedKeyUsages, name)
		}
	}
	for _, oid := range leaf.UnknownExtKeyUsage {
		d.ExtendedKeyUsages = append(d.ExtendedKeyUsages, oid.String())
	}
	return d
}

func first(values []string) string {
	if len(values) == 0 {
		return ""
	}
	return values[0]
}

// seedCertificateName is the subject and DNS name of the certificates made
// for seeded TLS certificates; .invalid never resolves (RFC 2606).
const seedCertificateName = "seeded-certificate.ngrok-mock.invalid"

// seededCertificate makes the certificate of a seeded TLS certificate
// (whose seed carries none): self-signed for seedCertificateName, valid for
// a year from created, Ed25519 with a key and serial number derived from
// the object's ID. The key is dropped, as an uploaded one is.
//
// NOTE: derived rather than random so that two servers seeded alike (same
// clock, same ID source) hold the same state, as for every other seeded
// object; Ed25519 because its signatures are deterministic. A key anyone
// can derive is no loss: nothing in this server terminates TLS.
func seededCertificate(id string, created time.Time) (string, TLSCertificateDetails, error) {
	seed := sha256.Sum256([]byte("ngrok-mock seeded certificate " + id))
	key := ed25519.NewKeyFromSeed(seed[:])
	serial := new(big.Int).SetBytes(seed[:16])
	serial.SetBit(serial, 127, 0) // positive, at most 16 bytes
	tmpl := &x509.Certificate{
		SerialNumber: serial,
		Subject:      pkix.Name{CommonName: seedCertificateName},
		DNSNames:     []string{seedCertificateName},
		NotBefore:    created,
		NotAfter:     created.AddDate(1, 0, 0),
		KeyUsage:     x509.KeyUsageDigitalSignature,
		ExtKeyUsage:  []x509.ExtKeyUsage{x509.ExtKeyUsageServerAuth},
	}
	der, err := x509.CreateCertificate(rand.Reader, tmpl, tmpl, key.Public(), key)
	if err != nil {
		return "", TLSCertificateDetails{}, err
	}
	leaf, err := x509.ParseCertificate(der)
	if err != nil {
		return "", TLSCertificateDetails{}, err
	}
	return string(pem.EncodeToMemory(&pem.Block{Type: "CERTIFICATE", Bytes: der})), certificateDetails(leaf, keyTypeEd25519), nil
}

// managedCertificateLifetime is how long a managed certificate is valid:
// Let's Encrypt's 90 days, which renews_at (60 days) falls within [ours].
const managedCertificateLifetime = 90 * 24 * time.Hour

// managedIssuerName is the issuer of managed certificates [ours: the real
// ones are Let's Encrypt's].
const managedIssuerName = "ngrok-mock ACME stand-in"

// The mock's signing key and its RSA leaf key, each made once per process:
// an RSA 4096 key takes seconds to generate, and nothing in this server
// terminates TLS, so one key serves every RSA certificate.
var (
	managedIssuerKey = sync.OnceValues(func() (*ecdsa.PrivateKey, error) {
		return ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
	})
	managedRSAKey = sync.OnceValues(func() (*rsa.PrivateKey, error) {
		return rsa.GenerateKey(rand.Reader, 4096)
	})
)

// newManagedCertificate makes the certificate a policy's job issues for
// domain at issued: for the domain's name, valid managedCertificateLifetime,
// with a key of keyType (rsa or ecdsa). Its ID and domain are the caller's.
func newManagedCertificate(domain, keyType string, issued time.Time) (tlsCertificate, error) {
	issuer, err := managedIssuerKey()
	if err != nil {
		return tlsCertificate{}, err
	}
	var pub crypto.PublicKey
	switch keyType {
	case keyTypeRSA:
		k, err := managedRSAKey()
		if err != nil {
			return tlsCertificate{}, err
		}
		pub = k.Public()
	default:
		k, err := ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
		if err != nil {
			return tlsCertificate{}, err
		}
		pub, keyType = k.Public(), keyTypeECDSA
	}
	serial, err := rand.Int(rand.Reader, new(big.Int).Lsh(big.NewInt(1), 127))
	if err != nil {
		return tlsCertificate{}, err
	}
	tmpl := &x509.Certificate{
		SerialNumber: serial,
		Subject:      pkix.Name{CommonName: domain},
		Issuer:       pkix.Name{CommonName: managedIssuerName},
		DNSNames:     []string{domain},
		NotBefore:    issued,
		NotAfter:     issued.Add(managedCertificateLifetime),
		KeyUsage:     x509.KeyUsageDigitalSignature,
		ExtKeyUsage:  []x509.ExtKeyUsage{x509.ExtKeyUsageServerAuth},
	}
	parent := &x509.Certificate{Subject: pkix.Name{CommonName: managedIssuerName}, SerialNumber: big.NewInt(1)}
	der, err := x509.CreateCertificate(rand.Reader, tmpl, parent, pub, issuer)
	if err != nil {
		return tlsCertificate{}, err
	}
	leaf, err := x509.ParseCertificate(der)
	if err != nil {
		return tlsCertificate{}, err
	}
	details := certificateDetails(leaf, keyType)
	details.IssuedAt = wireTimePtr(issued)
	return tlsCertificate{
		CreatedAt:      issued,
		CertificatePEM: string(pem.EncodeToMemory(&pem.Block{Type: "CERTIFICATE", Bytes: der})),
		Details:        details,
		Managed:        &managedCertificate{IssuedAt: issued},
	}, nil
}
