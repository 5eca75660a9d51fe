package main

import (
	"runtime"
	"runtime/debug"
	"runtime/metrics"
)

// The collector's settings, unless the user set GOGC or GOMEMLIMIT.
//
// NOTE: a plan or apply of many objects allocates fast and keeps little:
// with Go's default GOGC=100 the provider spent over a third of its CPU in
// the collector (issue 25's profile), and GOGC=400 took a plan of 1,000
// objects to 0.85 of its wall time. But GOGC=400 alone lets the heap grow
// to five times what is live: 167 MiB at the peak of an apply of 1,000
// objects, against 98 MiB. So the heap may grow that far only up to
// gcSoftLimit, a soft memory limit; and because a fixed limit below what a
// very large configuration keeps live would make the collector run ever
// more often, the limit follows the live heap after each collection, never
// under twice of it: the collector never runs more often than Go's default
// would make it.
const (
	gcPercent   = 400
	gcSoftLimit = 128 << 20
)

// tuneGC applies the settings above and keeps the memory limit in step with
// the live heap. It does nothing, and returns false, when the environment
// sets GOGC or GOMEMLIMIT: the user's choice wins.
func tuneGC(getenv func(string) string) bool {
	if getenv("GOGC") != "" || getenv("GOMEMLIMIT") != "" {
		return false
	}
	debug.SetGCPercent(gcPercent)
	debug.SetMemoryLimit(gcSoftLimit)
	armGCHook()
	return true
}

// gcLimitFor is the memory limit after a collection that left live bytes of
// heap: gcSoftLimit, or, once twice the live heap (the goal of GOGC=100) and
// the runtime's other memory are more, that.
func gcLimitFor(live, other uint64) int64 {
	return max(gcSoftLimit, int64(2*live+other))
}

// gcSentinel's finalizer runs after each collection that finds it
// unreachable: once per cycle, since each run arms a new one.
type gcSentinel struct{ _ [16]byte }

func armGCHook() {
	runtime.SetFinalizer(&gcSentinel{}, func(*gcSentinel) {
		adjustGCLimit()
		armGCHook()
	})
}

// gcSamples are the live heap, then the runtime's memory, then the parts of
// it that are the heap's (what the limit leaves to the heap, 2 × live,
// stands for them).
var gcSamples = []metrics.Sample{
	{Name: "/gc/heap/live:bytes"},
	{Name: "/memory/classes/total:bytes"},
	{Name: "/memory/classes/heap/objects:bytes"},
	{Name: "/memory/classes/heap/free:bytes"},
	{Name: "/memory/classes/heap/released:bytes"},
	{Name: "/memory/classes/heap/unused:bytes"},
}

// adjustGCLimit sets the memory limit for the live heap the last collection
// left.
func adjustGCLimit() {
	metrics.Read(gcSamples)
	v := make([]uint64, len(gcSamples))
	for i, s := range gcSamples {
		if s.Value.Kind() != metrics.KindUint64 {
			return
		}
		v[i] = s.Value.Uint64()
	}
	heap := v[2] + v[3] + v[4] + v[5]
	other := uint64(0)
	if v[1] > heap {
		other = v[1] - heap
	}
	debug.SetMemoryLimit(gcLimitFor(v[0], other))
}
