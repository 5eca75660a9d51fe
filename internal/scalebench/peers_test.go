package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

func TestParsePeers(t *testing.T) {
	got, err := parsePeers("v0.7.0=/a, v0.8.0=/b,")
	if err != nil || len(got) != 2 || got[0].name != "v0.7.0" || got[0].dir != "/a" || got[1].name != "v0.8.0" ||
		got[1].source != "ngrok/ngrok" {
		t.Errorf("parsePeers = %+v, %v", got, err)
	}
	for _, bad := range []string{"v0.7.0", "=dir", "ours=/x", "a=/x,a=/y"} {
		if _, err := parsePeers(bad); err == nil {
			t.Errorf("parsePeers(%q) accepted", bad)
		}
	}
}

func TestPairedMedianIsOfPerRoundRatios(t *testing.T) {
	runs := func(walls ...int) []phase {
		var out []phase
		for _, w := range walls {
			out = append(out, phase{tfRun: tfRun{wall: time.Duration(w) * time.Second}})
		}
		return out
	}
	// NOTE: ratios 0.5, 2.0, 1.0 per round: the median is 1.00, while the
	// ratio of the medians (2 / 4) would be 0.50.
	if got := pairedMedian(runs(1, 8, 2), runs(2, 4, 2)); got != "1.00" {
		t.Errorf("pairedMedian = %s, want 1.00", got)
	}
	failed := runs(1, 1)
	failed[1].exit = 1
	if got := pairedMedian(runs(1, 1), failed); got != "-" {
		t.Errorf("pairedMedian with a failed round = %s, want -", got)
	}
}

func TestPeerProviderBlockNamesTheSource(t *testing.T) {
	b := peerProviderBlock("ngrok/ngrok", "http://127.0.0.1:1", "k")
	if !strings.Contains(b, `source = "ngrok/ngrok"`) || strings.Contains(b, "tfedge") || !strings.Contains(b, `api_base_url = "http://127.0.0.1:1"`) {
		t.Errorf("provider block:\n%s", b)
	}
}

func TestFileSize(t *testing.T) {
	path := filepath.Join(t.TempDir(), "terraform.tfstate")
	if got := fileSize(path); got != 0 {
		t.Errorf("fileSize of a missing file = %d, want 0", got)
	}
	if err := os.WriteFile(path, []byte("{}\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	if got := fileSize(path); got != 3 {
		t.Errorf("fileSize = %d, want 3", got)
	}
}
