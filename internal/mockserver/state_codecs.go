package mockserver

import (
	"crypto"
	"crypto/x509"
	"encoding/json"
	"errors"
	"time"
)

// State codecs: the JSON that a state file keeps of each stored type. Stored
// types keep their fields unexported (handlers build responses from them
// through wire structs), so each one says here what it persists.

// privateKey persists a crypto.Signer as PKCS #8 DER (base64 in JSON).
type privateKey struct{ crypto.Signer }

func (k privateKey) MarshalJSON() ([]byte, error) {
	if k.Signer == nil {
		return []byte("null"), nil
	}
	der, err := x509.MarshalPKCS8PrivateKey(k.Signer)
	if err != nil {
		return nil, err
	}
	return json.Marshal(der)
}

func (k *privateKey) UnmarshalJSON(b []byte) error {
	var der []byte
	if err := json.Unmarshal(b, &der); err != nil {
		return err
	}
	if der == nil {
		k.Signer = nil
		return nil
	}
	key, err := x509.ParsePKCS8PrivateKey(der)
	if err != nil {
		return err
	}
	signer, ok := key.(crypto.Signer)
	if !ok {
		return errors.New("stored private key cannot sign")
	}
	k.Signer = signer
	return nil
}

type sshCAState struct {
	ID          string     `json:"id"`
	CreatedAt   time.Time  `json:"created_at"`
	Description string     `json:"description,omitempty"`
	Metadata    string     `json:"metadata,omitempty"`
	KeyType     string     `json:"key_type"`
	PublicKey   string     `json:"public_key"`
	Key         privateKey `json:"private_key"`
}

func (ca sshCA) MarshalJSON() ([]byte, error) {
	return json.Marshal(sshCAState{ID: ca.id, CreatedAt: ca.createdAt, Description: ca.description,
		Metadata: ca.metadata, KeyType: ca.keyType, PublicKey: ca.publicKey, Key: privateKey{ca.key}})
}

func (ca *sshCA) UnmarshalJSON(b []byte) error {
	var st sshCAState
	if err := json.Unmarshal(b, &st); err != nil {
		return err
	}
	*ca = sshCA{id: st.ID, createdAt: st.CreatedAt, description: st.Description, metadata: st.Metadata,
		keyType: st.KeyType, publicKey: st.PublicKey, key: st.Key.Signer}
	return nil
}
