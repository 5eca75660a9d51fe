package mockserver

import (
	"crypto/x509"
	"encoding/pem"
	"slices"
	"strings"
	"testing"
)

// FuzzParseCertificateUpload checks the parsing of a TLS certificate
// create: a refusal is a row of errorTable and never quotes the key; an
// accepted upload has a leaf whose key is the one given, a chain that
// parses again block for block, and lists that are never null.
func FuzzParseCertificateUpload(f *testing.F) {
	for _, keyType := range []string{keyTypeRSA, keyTypeECDSA, keyTypeEd25519} {
		c := newTestCert(f, keyType, nil, nil)
		f.Add(c.certPEM, c.keyPEM)
		f.Add(strings.ReplaceAll(c.certPEM, "\n", "\r\n"), c.keyPEM)
		f.Add(c.certPEM+c.certPEM, c.keyPEM)
		f.Add(c.keyPEM, c.certPEM)
		f.Add(c.certPEM[:len(c.certPEM)/2], c.keyPEM)
	}
	f.Add("", "")
	f.Fuzz(func(t *testing.T, certPEM, keyPEM string) {
		chain, details, err := parseCertificateUpload(certPEM, keyPEM)
		if err != nil {
			if !slices.ContainsFunc(errorTable, func(k *errorKind) bool { return k.code == err.code && k.status == err.status }) {
				t.Fatalf("refused with %d %s, not a row of errorTable", err.status, err.code)
			}
			if keyPEM != "" && len(keyPEM) > 16 && strings.Contains(err.msg, keyPEM) {
				t.Fatalf("the message quotes the key: %s", err.msg)
			}
			return
		}
		var leaf *x509.Certificate
		rest := []byte(chain)
		for len(strings.TrimSpace(string(rest))) > 0 {
			var block *pem.Block
			block, rest = pem.Decode(rest)
			if block == nil || block.Type != "CERTIFICATE" {
				t.Fatalf("the chain %q holds something else than certificates", chain)
			}
			cert, perr := x509.ParseCertificate(block.Bytes)
			if perr != nil {
				t.Fatalf("a certificate of the chain does not parse again: %v", perr)
			}
			if leaf == nil {
				leaf = cert
			}
		}
		key, kerr := parsePrivateKeyPEM(keyPEM)
		if leaf == nil || kerr != nil {
			t.Fatalf("accepted without a leaf (%v) or a key (%v)", leaf, kerr)
		}
		if pub, ok := leaf.PublicKey.(interface{ Equal(any) bool }); ok && !pub.Equal(key.Public()) {
			t.Fatal("accepted a key that is not the leaf's")
		}
		if details.KeyUsages == nil || details.ExtendedKeyUsages == nil ||
			details.SubjectAlternativeNames.DNSNames == nil || details.SubjectAlternativeNames.IPs == nil {
			t.Fatalf("a list is null: %+v", details)
		}
	})
}
