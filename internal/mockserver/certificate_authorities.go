package mockserver

import (
	"crypto/x509"
	"encoding/pem"
	"strings"
	"time"
)

// Certificate authorities (README.md, section Certificate authorities):
// /certificate_authorities, a declared collection (collection.go) of the CA
// certificates that mutual TLS verifies client certificates against (a
// traffic policy's terminate-tls action names them by ID). Choices of ours
// where the real API is silent:
//   - ca_pem is parsed with crypto/x509 and answered re-encoded as a TLS
//     certificate's certificate_pem is (one PEM block of 64-character lines
//     per certificate, text around the blocks dropped); a missing ca_pem, one
//     without a PEM block, a block of another type or one that does not
//     parse is ERR_NGROK_10026 [real code]. Every certificate of ca_pem must
//     be a CA by its Basic Constraints (ERR_NGROK_1913 [real]).
//   - The computed fields are the first certificate's, named as a TLS
//     certificate's are; ca_pem cannot change [real: the spec's update body].
//   - Deleting a CA that a traffic policy names is allowed: the mock does not
//     read traffic policies' mutual TLS settings.

type certificateAuthority struct {
	ID          string    `json:"id"`
	CreatedAt   time.Time `json:"created_at"`
	Description string    `json:"description,omitempty"`
	Metadata    string    `json:"metadata,omitempty"`
	CAPEM       string    `json:"ca_pem"` // re-encoded
}

func (c *certificateAuthority) fields() objectFields {
	return objectFields{&c.ID, &c.CreatedAt, &c.Description, &c.Metadata}
}

type certificateAuthorityWire struct {
	WireHeader
	CAPEM             string   `json:"ca_pem"`
	SubjectCommonName string   `json:"subject_common_name"`
	NotBefore         apiTime  `json:"not_before"`
	NotAfter          apiTime  `json:"not_after"`
	KeyUsages         []string `json:"key_usages"`
	ExtendedKeyUsages []string `json:"extended_key_usages"`
}

type certificateAuthorityCreate struct {
	Description string `json:"description"`
	Metadata    string `json:"metadata"`
	CAPEM       string `json:"ca_pem"`
}

var certificateAuthorityCollection = declare(collectionDecl[certificateAuthority, certificateAuthorityWire, certificateAuthorityCreate, freeTextUpdate]{
	name: collCertificateAuthorities, noun: "certificate authority", prefix: prefixCertificateAuthority,
	filter: "ngrok.CertificateAuthority",
	fields: (*certificateAuthority).fields,
	text:   textCodes{errCADescription, errCAMetadata},
	wire:   (*certificateAuthority).wire,
	create: func(_ *Server, in *certificateAuthorityCreate) (certificateAuthority, *apiError) {
		chain, _, err := parseCAPEM(in.CAPEM)
		if err != nil {
			return certificateAuthority{}, err
		}
		return certificateAuthority{Description: in.Description, Metadata: in.Metadata, CAPEM: chain}, nil
	},
})

func (c *certificateAuthority) wire(origin string) certificateAuthorityWire {
	w := certificateAuthorityWire{WireHeader: c.fields().header(origin, collCertificateAuthorities), CAPEM: c.CAPEM,
		KeyUsages: []string{}, ExtendedKeyUsages: []string{}}
	// NOTE: parsed again rather than stored: the stored PEM was parsed when
	// it was created, and the state file keeps one source of truth.
	if _, first, err := parseCAPEM(c.CAPEM); err == nil {
		d := certificateDetails(first, "")
		w.SubjectCommonName, w.NotBefore, w.NotAfter = d.SubjectCommonName, d.NotBefore, d.NotAfter
		w.KeyUsages, w.ExtendedKeyUsages = d.KeyUsages, d.ExtendedKeyUsages
	}
	return w
}

// parseCAPEM checks a create's ca_pem and returns it re-encoded, with its
// first certificate.
func parseCAPEM(caPEM string) (string, *x509.Certificate, *apiError) {
	var (
		out   strings.Builder
		first *x509.Certificate
	)
	rest := []byte(caPEM)
	for {
		var block *pem.Block
		block, rest = pem.Decode(rest)
		if block == nil {
			break
		}
		if block.Type != "CERTIFICATE" || len(block.Headers) > 0 {
			return "", nil, errCAFormat.with(block.Type)
		}
		cert, err := x509.ParseCertificate(block.Bytes)
		if err != nil {
			return "", nil, errCAFormat.with(err)
		}
		if !cert.BasicConstraintsValid || !cert.IsCA {
			return "", nil, errCANotCA.with()
		}
		if first == nil {
			first = cert
		}
		out.Write(pem.EncodeToMemory(&pem.Block{Type: "CERTIFICATE", Bytes: block.Bytes}))
	}
	if first == nil {
		return "", nil, errCAFormat.with("no PEM block")
	}
	return out.String(), first, nil
}
