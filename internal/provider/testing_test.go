package provider

import (
	"context"
	"crypto/ecdsa"
	"crypto/ed25519"
	"crypto/elliptic"
	"crypto/rand"
	"crypto/rsa"
	"fmt"

	"github.com/hashicorp/terraform-plugin-framework/types"
	"github.com/hashicorp/terraform-plugin-testing/statecheck"
	"golang.org/x/crypto/ssh"
)

// stateCheckFunc adapts a function to statecheck.StateCheck; the function
// is given a lookup of a resource's id by address.
type stateCheckFunc func(ctx context.Context, id func(address string) (string, error)) error

func (f stateCheckFunc) CheckState(ctx context.Context, req statecheck.CheckStateRequest, resp *statecheck.CheckStateResponse) {
	lookup := func(address string) (string, error) {
		if req.State == nil || req.State.Values == nil || req.State.Values.RootModule == nil {
			return "", fmt.Errorf("no state")
		}
		for _, r := range req.State.Values.RootModule.Resources {
			if r.Address == address {
				id, _ := r.AttributeValues["id"].(string)
				return id, nil
			}
		}
		return "", fmt.Errorf("%s not in state", address)
	}
	resp.Error = f(ctx, lookup)
}

func stringValue(s string) types.String { return types.StringValue(s) }
func int64Null() types.Int64            { return types.Int64Null() }

// generateTestSigner makes a throwaway key: "ed25519", "p256", "p384",
// "p521" or "rsa2048".
func generateTestSigner(kind string) (ssh.Signer, error) {
	var key any
	var err error
	switch kind {
	case "ed25519":
		_, key, err = ed25519.GenerateKey(rand.Reader)
	case "p256":
		key, err = ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
	case "p384":
		key, err = ecdsa.GenerateKey(elliptic.P384(), rand.Reader)
	case "p521":
		key, err = ecdsa.GenerateKey(elliptic.P521(), rand.Reader)
	case "rsa2048":
		key, err = rsa.GenerateKey(rand.Reader, 2048)
	default:
		return nil, fmt.Errorf("unknown key kind %q", kind)
	}
	if err != nil {
		return nil, err
	}
	return ssh.NewSignerFromKey(key)
}
