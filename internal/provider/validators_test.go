package provider

import (
	"encoding/json"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
)

// A secret given where a write-only alternative exists is one warning per
// resource block, naming the write-only attribute; the write-only
// attribute is none.
func TestAccWriteOnlyAlternative_warnsOncePerResource(t *testing.T) {
	t.Parallel()
	certPEM, keyPEM := testTLSCertificate(t, "app.example.com")
	config := `terraform {
  required_providers {
    ngrok = { source = "registry.terraform.io/hashicorp/ngrok" }
  }
}

provider "ngrok" {
  api_key = "unused_validate_reaches_no_api"
}

resource "ngrok_secret" "stored" {
  vault_id = "vault_2hHGVyb5ZT6WQm1uXnLfNc8Ykam"
  name     = "db"
  value    = "in the state"
}

resource "ngrok_secret" "write_only" {
  vault_id         = "vault_2hHGVyb5ZT6WQm1uXnLfNc8Ykam"
  name             = "db2"
  value_wo         = "never stored"
  value_wo_version = 1
}

resource "ngrok_tls_certificate" "stored" {
  count           = 2
  certificate_pem = ` + strconv.Quote(certPEM) + `
  private_key_pem = ` + strconv.Quote(keyPEM) + `
}

resource "ngrok_event_destination" "stored" {
  target  = { datadog = { ddsite = "datadoghq.eu" } }
  api_key = "in the state"
}

resource "ngrok_https_edge_route_oidc" "stored" {
  edge_id       = "edghts_2hHGVyb5ZT6WQm1uXnLfNc8Ykam"
  route_id      = "edghtsrt_2hHGW0x7oSn4wdDzkRmE7YcB3Lq"
  issuer        = "https://accounts.google.com"
  client_id     = "app"
  client_secret = "in the state"
}
`
	d := &terraformDir{t: t, dir: t.TempDir(), reattach: reattachedProvider(t)}
	if err := os.WriteFile(filepath.Join(d.dir, "main.tf"), []byte(config), 0o600); err != nil {
		t.Fatal(err)
	}
	if code, out := d.run("init", "-input=false"); code != 0 {
		t.Fatalf("terraform init: %s", out)
	}
	code, out := d.run("validate", "-json")
	var result struct {
		Diagnostics []struct {
			Severity, Summary, Detail string
			Address                   string
			Range                     struct{ Filename string }
			Snippet                   struct{ Code string }
		}
	}
	// NOTE: the output may start with the CLI's warnings, before the JSON.
	if err := json.Unmarshal([]byte(out[max(strings.Index(out, "{"), 0):]), &result); err != nil || code != 0 {
		t.Fatalf("terraform validate (exit %d): %v\n%s", code, err, out)
	}
	var got []string
	for _, diag := range result.Diagnostics {
		if diag.Summary == "Available Write-only Attribute Alternative" && diag.Severity == "warning" {
			got = append(got, diag.Snippet.Code)
		}
	}
	slices.Sort(got)
	want := []string{
		`  api_key = "in the state"`,
		`  client_secret = "in the state"`,
		`  private_key_pem = ` + strconv.Quote(keyPEM),
		`  value    = "in the state"`,
	}
	if !slices.Equal(got, want) {
		t.Errorf("warnings on\n%q\nwant on\n%q\n(all: %s)", got, want, out)
	}
}
