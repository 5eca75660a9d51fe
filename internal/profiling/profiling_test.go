package profiling

import (
	"os"
	"path/filepath"
	"strconv"
	"testing"
)

func TestStartOffByDefault(t *testing.T) {
	t.Setenv(EnvDir, "")
	dir := t.TempDir()
	stop, err := Start()
	if err != nil {
		t.Fatal(err)
	}
	stop()
	entries, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	if len(entries) != 0 {
		t.Fatalf("files written with %s unset: %v", EnvDir, entries)
	}
}

func TestStartWritesCPUAndHeapProfiles(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "profiles")
	t.Setenv(EnvDir, dir)
	stop, err := Start()
	if err != nil {
		t.Fatal(err)
	}
	stop()
	pid := strconv.Itoa(os.Getpid())
	for _, name := range []string{"cpu-" + pid + ".pprof", "heap-" + pid + ".pprof"} {
		st, err := os.Stat(filepath.Join(dir, name))
		if err != nil {
			t.Fatal(err)
		}
		if st.Size() == 0 {
			t.Errorf("%s is empty", name)
		}
	}
}

func TestStartFailsOnAnUnusableDirectory(t *testing.T) {
	file := filepath.Join(t.TempDir(), "a-file")
	if err := os.WriteFile(file, nil, 0o644); err != nil {
		t.Fatal(err)
	}
	t.Setenv(EnvDir, filepath.Join(file, "sub"))
	if stop, err := Start(); err == nil {
		stop()
		t.Fatal("Start succeeded under a regular file")
	}
}
