package provider

import (
	"crypto/ecdsa"
	"crypto/elliptic"
	"crypto/rsa"
	"fmt"

	"github.com/hashicorp/terraform-plugin-framework/attr"
	"github.com/hashicorp/terraform-plugin-framework/types"
	"golang.org/x/crypto/ssh"

	"github.com/tfedge/terraform-provider-ngrok/internal/apiclient"
)

// Key options of an SSH certificate authority. Each list drives both the
// validator and the attribute description.
const (
	defaultCAKeyType = keyTypeEd25519
	defaultCACurve   = "p256"
	defaultCAKeySize = 4096
)

var (
	caKeyTypes = []string{keyTypeRSA, keyTypeECDSA, keyTypeEd25519}
	caCurves   = []string{"p256", "p384", "p521"}
	caKeySizes = []int64{2048, 4096}
)

type sshCertificateAuthorityModel struct {
	ID             types.String `tfsdk:"id"`
	URI            types.String `tfsdk:"uri"`
	CreatedAt      types.String `tfsdk:"created_at"`
	Description    types.String `tfsdk:"description"`
	Metadata       types.String `tfsdk:"metadata"`
	PrivateKeyType types.String `tfsdk:"private_key_type"`
	EllipticCurve  types.String `tfsdk:"elliptic_curve"`
	KeySize        types.Int64  `tfsdk:"key_size"`
	PublicKey      types.String `tfsdk:"public_key"`
	KeyType        types.String `tfsdk:"key_type"`
}

// sshCertificateAuthorityModelFromAPI maps an API object onto the model. The
// key options come from the public key itself rather than from what was
// requested, so that an imported authority reads exactly as configured.
func sshCertificateAuthorityModelFromAPI(ca *apiclient.SSHCertificateAuthority) (sshCertificateAuthorityModel, error) {
	opts, err := caKeyOptionsFromPublicKey(ca.PublicKey)
	if err != nil {
		return sshCertificateAuthorityModel{}, fmt.Errorf("SSH certificate authority %s: %w", ca.ID, err)
	}
	m := sshCertificateAuthorityModel{
		ID:             types.StringValue(ca.ID),
		URI:            types.StringValue(ca.URI),
		CreatedAt:      types.StringValue(ca.CreatedAt),
		Description:    types.StringValue(ca.Description),
		Metadata:       types.StringValue(ca.Metadata),
		PrivateKeyType: types.StringValue(opts.keyType),
		EllipticCurve:  types.StringNull(),
		KeySize:        types.Int64Null(),
		PublicKey:      types.StringValue(ca.PublicKey),
		KeyType:        types.StringValue(ca.KeyType),
	}
	if opts.curve != "" {
		m.EllipticCurve = types.StringValue(opts.curve)
	}
	if opts.size != 0 {
		m.KeySize = types.Int64Value(opts.size)
	}
	return m, nil
}

// stateValues is the model as the value of each attribute, for
// setStateValues.
func (m sshCertificateAuthorityModel) stateValues() map[string]attr.Value {
	return map[string]attr.Value{
		"id":               m.ID,
		"uri":              m.URI,
		"created_at":       m.CreatedAt,
		"description":      m.Description,
		"metadata":         m.Metadata,
		"private_key_type": m.PrivateKeyType,
		"elliptic_curve":   m.EllipticCurve,
		"key_size":         m.KeySize,
		"public_key":       m.PublicKey,
		"key_type":         m.KeyType,
	}
}

func (m sshCertificateAuthorityModel) toCreate() *apiclient.SSHCertificateAuthorityCreate {
	return &apiclient.SSHCertificateAuthorityCreate{
		Description:    m.Description.ValueString(),
		Metadata:       m.Metadata.ValueString(),
		PrivateKeyType: m.PrivateKeyType.ValueString(),
		EllipticCurve:  m.EllipticCurve.ValueString(),
		KeySize:        m.KeySize.ValueInt64(),
	}
}

func (m sshCertificateAuthorityModel) toUpdate() *apiclient.SSHCertificateAuthorityUpdate {
	return &apiclient.SSHCertificateAuthorityUpdate{
		Description: m.Description.ValueStringPointer(),
		Metadata:    m.Metadata.ValueStringPointer(),
	}
}

type caKeyOptions struct {
	keyType string
	curve   string // ecdsa only
	size    int64  // rsa only
}

func caKeyOptionsFromPublicKey(authorizedKey string) (caKeyOptions, error) {
	pub, _, _, _, err := ssh.ParseAuthorizedKey([]byte(authorizedKey))
	if err != nil {
		return caKeyOptions{}, fmt.Errorf("unreadable public key %q: %w", authorizedKey, err)
	}
	cpk, ok := pub.(ssh.CryptoPublicKey)
	if !ok {
		return caKeyOptions{}, fmt.Errorf("unsupported public key type %s", pub.Type())
	}
	switch k := cpk.CryptoPublicKey().(type) {
	case *rsa.PublicKey:
		return caKeyOptions{keyType: keyTypeRSA, size: int64(k.N.BitLen())}, nil
	case *ecdsa.PublicKey:
		switch k.Curve {
		case elliptic.P256():
			return caKeyOptions{keyType: keyTypeECDSA, curve: "p256"}, nil
		case elliptic.P384():
			return caKeyOptions{keyType: keyTypeECDSA, curve: "p384"}, nil
		case elliptic.P521():
			return caKeyOptions{keyType: keyTypeECDSA, curve: "p521"}, nil
		}
		return caKeyOptions{}, fmt.Errorf("unsupported ECDSA curve %s", k.Curve.Params().Name)
	}
	if pub.Type() == ssh.KeyAlgoED25519 {
		return caKeyOptions{keyType: keyTypeEd25519}, nil
	}
	return caKeyOptions{}, fmt.Errorf("unsupported public key type %s", pub.Type())
}
