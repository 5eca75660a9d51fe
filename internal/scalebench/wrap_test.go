package main

import (
	"os"
	"path/filepath"
	"testing"
	"time"
)

func TestUsageOfAddsCPUAndKeepsTheLargestRSS(t *testing.T) {
	content := processUsage{cpu: 1500 * time.Millisecond, maxRSSKiB: 2048}.line() +
		processUsage{cpu: 250 * time.Millisecond, maxRSSKiB: 4096}.line() +
		"garbage line\n" +
		processUsage{cpu: time.Second, maxRSSKiB: 1024}.line()
	u, n := usageOf(content)
	if n != 3 || u.cpu != 2750*time.Millisecond || u.maxRSSKiB != 4096 {
		t.Errorf("usageOf = %v CPU, %d KiB, %d processes; want 2.75s, 4096 KiB, 3", u.cpu, u.maxRSSKiB, n)
	}
	if u, n := usageOf(""); n != 0 || u.cpu != 0 || u.maxRSSKiB != 0 {
		t.Errorf("usageOf(\"\") = %+v, %d; want nothing", u, n)
	}
}

// TestWrapProviderPassesArgumentsAndExitStatus runs a shell as the wrapped
// provider: its arguments and exit status go through, one usage line is
// written.
func TestWrapProviderPassesArgumentsAndExitStatus(t *testing.T) {
	usage := filepath.Join(t.TempDir(), "usage")
	if code := wrapProvider("/bin/sh", usage, []string{"-c", "exit 3"}); code != 3 {
		t.Errorf("exit status %d, want 3", code)
	}
	b, err := os.ReadFile(usage)
	if err != nil {
		t.Fatal(err)
	}
	if u, n := usageOf(string(b)); n != 1 || u.maxRSSKiB <= 0 {
		t.Errorf("usage %q: %d processes, %d KiB; want one process with its peak RSS", b, n, u.maxRSSKiB)
	}
}
