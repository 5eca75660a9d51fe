package main

import (
	"archive/tar"
	"bytes"
	"errors"
	"io"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"testing"

	ngrokexchanges "github.com/tfedge/terraform-provider-ngrok/third_party/ngrok-exchanges"
)

// docsMirror is the git mirror of ngrok/ngrok-docs that `make exchanges`
// reads by default (NGROK_DOCS names another), beside the checkout; the
// tests here are four folders below the checkout.
func docsMirror() string {
	if dir := os.Getenv("NGROK_DOCS"); dir != "" {
		return dir
	}
	return filepath.Join("..", "..", "..", "..", ".mirror", "ngrok+ngrok-docs", "repo")
}

// The committed facts are what the program derives from ngrok's folder at
// the commit they name, so that nobody edits them by hand.
func TestCommittedFactsAreDerivedFromTheRecordedExchanges(t *testing.T) {
	t.Parallel()
	corpus, err := ngrokexchanges.Load()
	if err != nil {
		t.Fatal(err)
	}
	mirror := docsMirror()
	if _, err := os.Stat(mirror); errors.Is(err, fs.ErrNotExist) {
		// NOTE: not a skip: without the mirror the facts still decode, and
		// TestDeriveKeepsTheFactsOfEachExchange holds the program.
		t.Logf("%s not found: the committed facts are not derived again", mirror)
		return
	}
	dir := t.TempDir()
	extract(t, mirror, corpus.Commit+":"+corpus.Folder, dir)
	out := filepath.Join(t.TempDir(), "exchanges.json")
	if err := run(dir, out, corpus.Commit); err != nil {
		t.Fatal(err)
	}
	derived, err := os.ReadFile(out)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(derived, ngrokexchanges.Facts) {
		t.Error("third_party/ngrok-exchanges/exchanges.json is not what the program derives from the mirror: run make exchanges and commit the result")
	}
}

// extract writes the files of tree (commit:folder) of the git repository
// at mirror into dir, as `make exchanges` does with git archive and tar.
func extract(t *testing.T, mirror, tree, dir string) {
	t.Helper()
	cmd := exec.CommandContext(t.Context(), "git", "-C", mirror, "archive", "--format=tar", tree)
	archive, err := cmd.Output()
	if err != nil {
		t.Fatalf("git archive %s: %v", tree, err)
	}
	r := tar.NewReader(bytes.NewReader(archive))
	for {
		h, err := r.Next()
		if errors.Is(err, io.EOF) {
			return
		}
		if err != nil {
			t.Fatal(err)
		}
		if h.Typeflag != tar.TypeReg {
			continue
		}
		b, err := io.ReadAll(r)
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, filepath.Base(h.Name)), b, 0o600); err != nil {
			t.Fatal(err)
		}
	}
}

func TestRunNeedsItsFlags(t *testing.T) {
	t.Parallel()
	if err := run("", "x", "c"); err == nil {
		t.Error("run without -in succeeded")
	}
	if err := run(t.TempDir(), "x", ""); err == nil {
		t.Error("run without -commit succeeded")
	}
	if err := run(filepath.Join(t.TempDir(), "missing"), filepath.Join(t.TempDir(), "out.json"), "c"); err == nil {
		t.Error("run on a missing folder succeeded")
	}
}
