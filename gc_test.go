package main

import (
	"math"
	"runtime"
	"runtime/debug"
	"testing"
)

func TestGCLimitForNeverUnderTwiceTheLiveHeap(t *testing.T) {
	for _, tc := range []struct {
		live, other uint64
		want        int64
	}{
		{0, 0, gcSoftLimit},
		{20 << 20, 10 << 20, gcSoftLimit},
		{60 << 20, 8 << 20, gcSoftLimit},
		{100 << 20, 10 << 20, 210 << 20},
		{1 << 30, 64 << 20, 2<<30 + 64<<20},
	} {
		if got := gcLimitFor(tc.live, tc.other); got != tc.want {
			t.Errorf("gcLimitFor(%d MiB, %d MiB) = %d MiB, want %d MiB", tc.live>>20, tc.other>>20, got>>20, tc.want>>20)
		}
	}
}

// NOTE: not parallel: it changes the process's collector settings, and
// puts Go's defaults back.
func TestTuneGCLeavesTheUsersSettings(t *testing.T) {
	t.Cleanup(func() {
		debug.SetGCPercent(100)
		debug.SetMemoryLimit(math.MaxInt64)
	})
	for _, env := range []map[string]string{{"GOGC": "50"}, {"GOMEMLIMIT": "1GiB"}, {"GOGC": "off", "GOMEMLIMIT": "512MiB"}} {
		debug.SetGCPercent(100)
		debug.SetMemoryLimit(math.MaxInt64)
		if tuneGC(func(k string) string { return env[k] }) {
			t.Errorf("tuneGC with %v tuned", env)
		}
		if p := debug.SetGCPercent(100); p != 100 {
			t.Errorf("with %v, GOGC became %d", env, p)
		}
		if l := debug.SetMemoryLimit(-1); l != math.MaxInt64 {
			t.Errorf("with %v, the memory limit became %d", env, l)
		}
	}

	if !tuneGC(func(string) string { return "" }) {
		t.Fatal("tuneGC without GOGC or GOMEMLIMIT did not tune")
	}
	if p := debug.SetGCPercent(gcPercent); p != gcPercent {
		t.Errorf("GOGC = %d, want %d", p, gcPercent)
	}
	if l := debug.SetMemoryLimit(-1); l != gcSoftLimit {
		t.Errorf("memory limit = %d, want %d", l, gcSoftLimit)
	}

	// With 80 MiB live, twice of it is over the soft limit: after a
	// collection, the hook (a finalizer, run by its own goroutine soon
	// after) raises the limit.
	live := make([]byte, 80<<20)
	for i := range live {
		live[i] = byte(i)
	}
	var l int64
	for range 100 {
		runtime.GC()
		runtime.Gosched()
		if l = debug.SetMemoryLimit(-1); l >= 160<<20 {
			break
		}
	}
	if l < 160<<20 {
		t.Errorf("memory limit with 80 MiB live = %d MiB after 100 collections, want at least 160 MiB", l>>20)
	}
	runtime.KeepAlive(live)
}
