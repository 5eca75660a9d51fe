package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestRunCountsTheOperationsExercised(t *testing.T) {
	t.Parallel()
	file := filepath.Join(t.TempDir(), "coverage")
	// NOTE: an operation twice (two test binaries) counts once.
	if err := os.WriteFile(file, []byte("ReservedDomainsList\nEndpointsGet\nReservedDomainsList\n\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	var out bytes.Buffer
	if err := run(&out, file, true); err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSpace(out.String()), "\n")
	if lines[0] != "2 of 241 operations of ngrok's spec exercised (1%)" {
		t.Errorf("first line = %q", lines[0])
	}
	if len(lines) != 1+241 {
		t.Errorf("%d lines, want the summary and every operation", len(lines))
	}
	if !strings.Contains(out.String(), "+ EndpointsGet") || !strings.Contains(out.String(), "- ReservedDomainsCreate") {
		t.Errorf("output:\n%s", out.String())
	}
}

func TestRunNeedsAFile(t *testing.T) {
	t.Parallel()
	if err := run(&bytes.Buffer{}, "", false); err == nil {
		t.Error("run without a file succeeded")
	}
	if err := run(&bytes.Buffer{}, filepath.Join(t.TempDir(), "missing"), false); err == nil {
		t.Error("run on a missing file succeeded")
	}
}
