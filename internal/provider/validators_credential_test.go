package provider

import (
	"context"
	"strings"
	"testing"

	"github.com/hashicorp/terraform-plugin-framework/path"
	"github.com/hashicorp/terraform-plugin-framework/schema/validator"
	"github.com/hashicorp/terraform-plugin-framework/types"
)

func TestCheckACLRule(t *testing.T) {
	t.Parallel()
	for _, ok := range []string{"*", "bind:*", "bind:example.com", "bind:*.example.com", "bind:alias1.internal",
		"bind:1.tcp.ngrok.io:12345", "bind:*=example", "bind:edge=*", "bind:team=net-ops", "bind:k8s.io/app=web"} {
		if err := checkACLRule(ok); err != nil {
			t.Errorf("%q: %v", ok, err)
		}
	}
	for _, bad := range []string{"", "bind:", "allow:x.example.com", "bind", "bind:a.*.example.com", "bind:*.*.example.com",
		"bind:-a.example.com", "bind:a..example.com", "bind:exa mple.com", "bind:1.tcp.ngrok.io:0", "bind:1.tcp.ngrok.io:65536",
		"bind:1.tcp.ngrok.io:port", "bind:=x", "bind:x=", "bind:a b=c", "bind:" + strings.Repeat("a", 64) + ".com"} {
		if err := checkACLRule(bad); err == nil {
			t.Errorf("%q accepted", bad)
		}
	}
}

func TestCheckSSHCredentialKey(t *testing.T) {
	t.Parallel()
	key := testSSHPublicKey(t, "ed25519")
	for _, ok := range []string{key, key + " me@laptop\n", "  " + key + "\n", testSSHPublicKey(t, "rsa2048")} {
		if err := checkSSHCredentialKey(ok); err != nil {
			t.Errorf("%q: %v", ok, err)
		}
	}
	for _, bad := range []string{"", "ssh-ed25519", "ssh-ed25519 !!!", `command="ls" ` + key, key + "\n" + key} {
		if err := checkSSHCredentialKey(bad); err == nil {
			t.Errorf("%q accepted", bad)
		}
	}
}

func TestOwnerIDValidator(t *testing.T) {
	t.Parallel()
	for value, ok := range map[string]bool{
		testMockUserID: true, testBotUserID: true, "service_2hHGVyb5ZT6WQm1uXnLfNc8Ykam": true, "usr_": false, "cr_2hHGVyb5ZT6WQm1uXnLfNc8Ykam": false, "me": false,
	} {
		resp := &validator.StringResponse{}
		ownerIDValidator{}.ValidateString(context.Background(), validator.StringRequest{Path: path.Root("owner_id"),
			ConfigValue: types.StringValue(value)}, resp)
		if resp.Diagnostics.HasError() == ok {
			t.Errorf("%q: diagnostics %v, want accepted %v", value, resp.Diagnostics, ok)
		}
	}
}
