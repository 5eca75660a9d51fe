package provider

// Key types as the API names them: the private key of an SSH certificate
// authority, a certified SSH public key, and the private key of a reserved
// domain's managed TLS certificate. Each object lists those it accepts.
const (
	keyTypeRSA     = "rsa"
	keyTypeECDSA   = "ecdsa"
	keyTypeEd25519 = "ed25519"
)
