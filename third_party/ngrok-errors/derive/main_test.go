package main

import (
	"archive/tar"
	"bytes"
	"errors"
	"io"
	"io/fs"
	"os"
	"os/exec"
	"path"
	"path/filepath"
	"testing"
	"testing/fstest"

	ngrokerrors "github.com/tfedge/terraform-provider-ngrok/third_party/ngrok-errors"
)

// docsMirror is the bare git mirror of ngrok-docs beside the checkout, where
// make errors reads it; the tests here are four folders below the checkout.
var docsMirror = filepath.Join("..", "..", "..", "..", ".mirror", "ngrok+ngrok-docs", "repo")

// The committed table is what the program derives from the error pages of
// the commit its header names, so that nobody edits it by hand.
func TestCommittedTableIsDerivedFromTheErrorPages(t *testing.T) {
	t.Parallel()
	if _, err := os.Stat(docsMirror); errors.Is(err, fs.ErrNotExist) {
		// NOTE: not a skip: without the mirror the idempotence test still
		// holds the committed table to the program.
		t.Logf("%s not found: only the committed table's idempotence is checked", docsMirror)
		return
	}
	m := headerCommit.FindSubmatch(ngrokerrors.Facts)
	if m == nil {
		t.Fatal("errors.tsv's header names no commit")
	}
	commit := string(m[1])
	cmd := exec.CommandContext(t.Context(), "git", "-C", docsMirror, "archive", "--format=tar", commit, "errors")
	archive, err := cmd.Output()
	if err != nil {
		t.Fatalf("git archive %s errors: %v", commit, err)
	}
	pages := fstest.MapFS{}
	r := tar.NewReader(bytes.NewReader(archive))
	for {
		h, err := r.Next()
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			t.Fatal(err)
		}
		if h.Typeflag != tar.TypeReg || path.Dir(h.Name) != "errors" {
			continue
		}
		data, err := io.ReadAll(r)
		if err != nil {
			t.Fatal(err)
		}
		pages[path.Base(h.Name)] = &fstest.MapFile{Data: data}
	}
	derived, err := derive(pages, commit)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(derived, ngrokerrors.Facts) {
		t.Error("third_party/ngrok-errors/errors.tsv is not what the program derives from the pages of its commit: run make errors and commit the result")
	}
}

func TestRunNeedsItsFlagsAndTheFolder(t *testing.T) {
	t.Parallel()
	out := filepath.Join(t.TempDir(), "errors.tsv")
	for _, args := range [][3]string{
		{"", commit, out},
		{t.TempDir(), "", out},
		{t.TempDir(), commit, ""},
		{filepath.Join(t.TempDir(), "missing"), commit, out},
	} {
		if err := run(args[0], args[1], args[2]); err == nil {
			t.Errorf("run%q succeeded", args)
		}
	}
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "err_ngrok_7.mdx"), []byte("## ERR_NGROK_7\nSeven.\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := run(dir, commit, out); err != nil {
		t.Fatal(err)
	}
	got, err := os.ReadFile(out)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.HasSuffix(got, []byte("\nERR_NGROK_7\tSeven.\n")) {
		t.Errorf("run wrote %q", got)
	}
}
