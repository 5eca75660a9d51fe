package mockserver

import (
	"crypto"
	"crypto/ecdsa"
	"crypto/ed25519"
	"crypto/elliptic"
	"crypto/rand"
	"crypto/rsa"
	"crypto/x509"
	"fmt"
	"strings"
	"time"

	"golang.org/x/crypto/ssh"
)

// Key options of SSH certificate authorities. Defaults where omitted are
// ours: ed25519, curve p256 for ecdsa, 4096 bits for rsa.
const (
	defaultKeyType = keyTypeEd25519
	defaultCurve   = "p256"
	defaultRSABits = 4096
)

var sshCACurves = map[string]elliptic.Curve{
	"p256": elliptic.P256(),
	"p384": elliptic.P384(),
	"p521": elliptic.P521(),
}

// sshCA is a stored SSH certificate authority.
type sshCA struct {
	ID          string    `json:"id"`
	CreatedAt   time.Time `json:"created_at"`
	Description string    `json:"description,omitempty"`
	Metadata    string    `json:"metadata,omitempty"`
	KeyType     string    `json:"key_type"`
	PublicKey   string    `json:"public_key"` // authorized-keys line without comment
	// PrivateKey is the signing key, PKCS #8 DER, parsed when a certificate
	// is signed (signer): a start-up from a large state then parses no key.
	// It must never reach a response, which sshCAWire guarantees by having
	// no field for it, nor the control API's view of the state (redacted).
	PrivateKey []byte `json:"private_key,omitempty"`
}

// redact leaves the private key out of the control API's view of the
// state (state.go).
func (ca *sshCA) redact() { ca.PrivateKey = nil }

// sshCAWire is the response shape of an SSH certificate authority.
type sshCAWire struct {
	WireHeader
	PublicKey string `json:"public_key"`
	KeyType   string `json:"key_type"`
}

// sshCACreate is the create body. A string option left "" counts as
// omitted, since clients commonly send zero values for options they do not
// set. key_size counts as omitted only when absent or null: 0 is a key size,
// and not one of the two supported.
type sshCACreate struct {
	Description    string `json:"description"`
	Metadata       string `json:"metadata"`
	PrivateKeyType string `json:"private_key_type"`
	EllipticCurve  string `json:"elliptic_curve"`
	KeySize        *int64 `json:"key_size"`
}

// sshCACollection declares /ssh_certificate_authorities (collection.go).
var sshCACollection = declare(collectionDecl[sshCA, sshCAWire, sshCACreate, freeTextUpdate]{
	name: collSSHCAs, noun: "SSH certificate authority", prefix: prefixSSHCA,
	filter: "ngrok.SSHCertificateAuthority",
	fields: func(ca *sshCA) objectFields {
		return objectFields{&ca.ID, &ca.CreatedAt, &ca.Description, &ca.Metadata}
	},
	text:      sshCAText,
	wire:      (*sshCA).wire,
	create:    createSSHCA,
	removable: sshCARemovable,
})

var sshCAText = textCodes{errSSHCADescription, errSSHCAMetadata}

// sshCARemovable refuses to delete an authority while a host or user
// certificate it signed exists [real: errors/err_ngrok_1964.mdx].
func sshCARemovable(s *Server, ca *sshCA) *apiError {
	for _, t := range []*table[sshCert]{s.hostCerts, s.userCerts} {
		for _, r := range t.rows {
			if r.val.CAID == ca.ID {
				return errSSHCAHasCertificates.with(ca.ID)
			}
		}
	}
	return nil
}

func (ca *sshCA) wire(origin string) sshCAWire {
	return sshCAWire{WireHeader: ca.fields().header(origin, collSSHCAs), PublicKey: ca.PublicKey, KeyType: ca.KeyType}
}

func (ca *sshCA) fields() objectFields {
	return objectFields{&ca.ID, &ca.CreatedAt, &ca.Description, &ca.Metadata}
}

func createSSHCA(_ *Server, in *sshCACreate) (sshCA, *apiError) {
	spec, err := in.keySpec()
	if err != nil {
		return sshCA{}, err
	}
	// NOTE: checked before the key is generated, which takes up to seconds
	// for RSA 4096 (and runs outside the store lock, so that other requests
	// do not wait for it).
	if err := checkFreeText(in.Description, in.Metadata, sshCAText); err != nil {
		return sshCA{}, err
	}
	key, genErr := spec.generate()
	if genErr != nil {
		return sshCA{}, internalError("generating the %s key: %v", spec.keyType, genErr)
	}
	pub, pubErr := authorizedKey(key.Public())
	if pubErr != nil {
		return sshCA{}, internalError("encoding the public key: %v", pubErr)
	}
	der, derErr := x509.MarshalPKCS8PrivateKey(key)
	if derErr != nil {
		return sshCA{}, internalError("encoding the private key: %v", derErr)
	}
	return sshCA{
		Description: in.Description,
		Metadata:    in.Metadata,
		KeyType:     spec.keyType,
		PublicKey:   pub,
		PrivateKey:  der,
	}, nil
}

// signer parses the authority's private key.
func (ca *sshCA) signer() (crypto.Signer, error) {
	key, err := x509.ParsePKCS8PrivateKey(ca.PrivateKey)
	if err != nil {
		return nil, err
	}
	signer, ok := key.(crypto.Signer)
	if !ok {
		return nil, fmt.Errorf("a %T cannot sign", key)
	}
	return signer, nil
}

// keySpec is a validated choice of key.
type keySpec struct {
	keyType string
	curve   string // ecdsa only
	bits    int    // rsa only
}

// keySpec validates the key options and fills in the defaults.
func (in *sshCACreate) keySpec() (keySpec, *apiError) {
	spec := keySpec{keyType: in.PrivateKeyType}
	switch spec.keyType {
	case "":
		spec.keyType = defaultKeyType
	case keyTypeRSA, keyTypeECDSA, keyTypeEd25519:
	default:
		return keySpec{}, errSSHCAKeyType.with(in.PrivateKeyType, "rsa, ecdsa, ed25519")
	}

	if in.EllipticCurve != "" && spec.keyType != keyTypeECDSA {
		return keySpec{}, errSSHCACurveWithoutECDSA.with(spec.keyType)
	}
	if in.KeySize != nil && spec.keyType != keyTypeRSA {
		return keySpec{}, errSSHCASizeWithoutRSA.with(spec.keyType)
	}

	switch spec.keyType {
	case keyTypeECDSA:
		spec.curve = in.EllipticCurve
		if spec.curve == "" {
			spec.curve = defaultCurve
		}
		if _, ok := sshCACurves[spec.curve]; !ok {
			return keySpec{}, errSSHCACurve.with(in.EllipticCurve, "p256, p384, p521")
		}
	case keyTypeRSA:
		switch size := in.KeySize; {
		case size == nil:
			spec.bits = defaultRSABits
		case *size == 2048 || *size == 4096:
			spec.bits = int(*size)
		default:
			return keySpec{}, errSSHCAKeySize.with(*size, "2048, 4096")
		}
	}
	return spec, nil
}

func (spec keySpec) generate() (crypto.Signer, error) {
	switch spec.keyType {
	case keyTypeRSA:
		return rsa.GenerateKey(rand.Reader, spec.bits)
	case keyTypeECDSA:
		return ecdsa.GenerateKey(sshCACurves[spec.curve], rand.Reader)
	default:
		_, priv, err := ed25519.GenerateKey(rand.Reader)
		return priv, err
	}
}

// authorizedKey is the public key as an authorized-keys line without
// comment or newline, the form the API returns.
func authorizedKey(pub crypto.PublicKey) (string, error) {
	sshPub, err := ssh.NewPublicKey(pub)
	if err != nil {
		return "", err
	}
	return strings.TrimSuffix(string(ssh.MarshalAuthorizedKey(sshPub)), "\n"), nil
}
