package main

import (
	"errors"
	"fmt"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/tfedge/terraform-provider-ngrok/internal/mockserver"
	"github.com/tfedge/terraform-provider-ngrok/internal/specvalidate"
)

// The built provider under the Terraform CLI, with and without Terraform's
// logging (see logging.go). The provider's stderr, where the SDKs write
// their JSON lines, is copied to a file by a shell script that stands in
// for the provider, so that the lines can be counted even when Terraform
// drops them.
func TestAccMain_sdkLogsOnlyWhenCollected(t *testing.T) {
	if os.Getenv("TF_ACC") == "" {
		t.Skip("acceptance test: set TF_ACC=1")
	}
	tf := os.Getenv("TF_ACC_TERRAFORM_PATH")
	if tf == "" {
		tf = "terraform"
	}
	tf, err := exec.LookPath(tf)
	if err != nil {
		t.Fatal(err)
	}
	root := t.TempDir()
	bin := filepath.Join(root, "build", "terraform-provider-ngrok")
	if out, err := exec.CommandContext(t.Context(), "go", "build", "-o", bin, ".").CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	const key = "main-test-key"
	srv := httptest.NewServer(specvalidate.Handler(t, mockserver.New(mockserver.WithAPIKeys(key))))
	t.Cleanup(srv.Close)

	for _, tc := range []struct {
		name string
		env  []string
		// want and notWant are substrings of the provider's stderr.
		want, notWant []string
		// inTerraform are substrings of Terraform's own output.
		inTerraform []string
	}{{
		name:    "no logging variable: the SDKs and the provider stay quiet",
		notWant: []string{`"@module":"sdk.proto"`, `"@module":"sdk.framework"`, `"@module":"ngrok"`},
	}, {
		name:        "TF_LOG=trace: every line as before, and Terraform shows them",
		env:         []string{"TF_LOG=trace"},
		want:        []string{`"@module":"sdk.proto"`, `"@module":"sdk.framework"`, `"@module":"ngrok"`, "created SSH certificate authority"},
		inTerraform: []string{"@module=sdk.framework", "@module=ngrok", "created SSH certificate authority"},
	}, {
		name: "TF_LOG_SDK_FRAMEWORK only: the framework's lines as before",
		env:  []string{"TF_LOG_SDK_FRAMEWORK=trace"},
		want: []string{`"@module":"sdk.framework"`},
	}} {
		t.Run(tc.name, func(t *testing.T) {
			dir := t.TempDir()
			stderr := filepath.Join(dir, "provider-stderr.log")
			wrapped := filepath.Join(dir, "provider")
			if err := os.MkdirAll(wrapped, 0o755); err != nil {
				t.Fatal(err)
			}
			script := fmt.Sprintf("#!/bin/sh\nexec %q \"$@\" 2>>%q\n", bin, stderr)
			if err := os.WriteFile(filepath.Join(wrapped, "terraform-provider-ngrok"), []byte(script), 0o755); err != nil {
				t.Fatal(err)
			}
			// NOTE: the script in the first run, where stderr is counted;
			// the binary itself in the second, whose lines Terraform shows.
			for _, run := range []struct {
				providerDir string
				check       func(out string)
			}{{wrapped, func(string) {
				b, err := os.ReadFile(stderr)
				if err != nil && !errors.Is(err, os.ErrNotExist) {
					t.Fatal(err)
				}
				for _, w := range tc.want {
					if !strings.Contains(string(b), w) {
						t.Errorf("the provider's stderr lacks %s:\n%s", w, lastLines(string(b), 20))
					}
				}
				for _, w := range tc.notWant {
					if strings.Contains(string(b), w) {
						t.Errorf("the provider's stderr has %s:\n%s", w, lastLines(string(b), 20))
					}
				}
			}}, {filepath.Dir(bin), func(out string) {
				for _, w := range tc.inTerraform {
					if !strings.Contains(out, w) {
						t.Errorf("Terraform's output lacks %s", w)
					}
				}
			}}} {
				work := t.TempDir()
				rc := filepath.Join(work, "terraformrc")
				cfg := fmt.Sprintf("provider_installation {\n  dev_overrides {\n    \"tfedge/ngrok\" = %q\n  }\n  direct {}\n}\n", run.providerDir)
				main := fmt.Sprintf(`terraform {
  required_providers {
    ngrok = { source = "tfedge/ngrok" }
  }
}

provider "ngrok" {
  api_key             = %q
  api_base_url        = %q
  requests_per_minute = 0
}

resource "ngrok_ssh_certificate_authority" "test" {
  description = "logging test"
}
`, key, srv.URL)
				if err := os.WriteFile(rc, []byte(cfg), 0o600); err != nil {
					t.Fatal(err)
				}
				if err := os.WriteFile(filepath.Join(work, "main.tf"), []byte(main), 0o600); err != nil {
					t.Fatal(err)
				}
				cmd := exec.CommandContext(t.Context(), tf, "-chdir="+work, "apply", "-auto-approve", "-input=false", "-no-color")
				cmd.Env = append(cleanEnv(), append([]string{"TF_CLI_CONFIG_FILE=" + rc, "CHECKPOINT_DISABLE=1"}, tc.env...)...)
				out, err := cmd.CombinedOutput()
				if err != nil {
					t.Fatalf("terraform apply: %v\n%s", err, lastLines(string(out), 30))
				}
				run.check(string(out))
			}
		})
	}
}

// cleanEnv is the test's environment without the variables that change
// what the provider logs.
func cleanEnv() []string {
	var env []string
	for _, kv := range os.Environ() {
		if k, _, _ := strings.Cut(kv, "="); strings.HasPrefix(k, "TF_LOG") || k == "TF_REATTACH_PROVIDERS" {
			continue
		}
		env = append(env, kv)
	}
	return env
}

func lastLines(s string, n int) string {
	lines := strings.Split(strings.TrimRight(s, "\n"), "\n")
	return strings.Join(lines[max(0, len(lines)-n):], "\n")
}
