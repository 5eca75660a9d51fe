package main

import (
	"bytes"
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"testing"

	ngrokopenapi "github.com/tfedge/terraform-provider-ngrok/third_party/ngrok-openapi"
)

// sharedSpec is ngrok's spec in ../shared beside the checkout, where CI
// runs; the tests here are four folders below the checkout.
var sharedSpec = filepath.Join("..", "..", "..", "..", "shared", "api", "ngrok-openapi")

// The committed facts are what the program derives from the shared spec,
// so that nobody edits them by hand; beside the shared spec, the licence
// is ngrok's.
func TestCommittedFactsAreDerivedFromTheSharedSpec(t *testing.T) {
	t.Parallel()
	in := filepath.Join(sharedSpec, "openapi.yaml")
	if _, err := os.Stat(in); errors.Is(err, fs.ErrNotExist) {
		// NOTE: not a skip: without ../shared the idempotence test still
		// holds the committed file to the program.
		t.Logf("%s not found: only the committed facts' idempotence is checked", in)
		return
	}
	out := filepath.Join(t.TempDir(), "openapi.yaml")
	if err := run(in, out); err != nil {
		t.Fatal(err)
	}
	derived, err := os.ReadFile(out)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(derived, ngrokopenapi.Facts) {
		t.Error("third_party/ngrok-openapi/openapi.yaml is not what the program derives from the shared spec: run make openapi and commit the result")
	}
	for _, f := range []string{"LICENSE"} {
		want, err := os.ReadFile(filepath.Join(sharedSpec, f))
		if err != nil {
			t.Fatal(err)
		}
		got, err := os.ReadFile(filepath.Join("..", f))
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(got, want) {
			t.Errorf("third_party/ngrok-openapi/%s differs from ngrok's", f)
		}
	}
}

func TestRunNeedsBothFiles(t *testing.T) {
	t.Parallel()
	if err := run("", "x"); err == nil {
		t.Error("run without -in succeeded")
	}
	if err := run(filepath.Join(t.TempDir(), "missing.yaml"), filepath.Join(t.TempDir(), "out.yaml")); err == nil {
		t.Error("run on a missing spec succeeded")
	}
}
