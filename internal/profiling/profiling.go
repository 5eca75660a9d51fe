// Package profiling writes CPU and heap profiles of a provider process when
// asked to by the environment, for performance work on the provider (see
// internal/scalebench). It is off unless TF_NGROK_PROFILE_DIR is set.
package profiling

import (
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"runtime/pprof"
	"strconv"
)

// EnvDir names the directory that receives the profiles. Terraform starts
// the provider several times per command, so every process writes its own
// pair of files, cpu-PID.pprof and heap-PID.pprof; `go tool pprof` reads
// several at once and adds them up.
const EnvDir = "TF_NGROK_PROFILE_DIR"

// Start begins a CPU profile when EnvDir is set, and returns the function
// that ends it and writes the heap profile (allocations since the start, and
// what is in use at the end). With EnvDir unset it does nothing and its stop
// does nothing.
func Start() (stop func(), err error) {
	dir := os.Getenv(EnvDir)
	if dir == "" {
		return func() {}, nil
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return nil, fmt.Errorf("%s: %w", EnvDir, err)
	}
	pid := strconv.Itoa(os.Getpid())
	cpu, err := os.Create(filepath.Join(dir, "cpu-"+pid+".pprof"))
	if err != nil {
		return nil, fmt.Errorf("%s: %w", EnvDir, err)
	}
	if err := pprof.StartCPUProfile(cpu); err != nil {
		_ = cpu.Close()
		return nil, fmt.Errorf("%s: %w", EnvDir, err)
	}
	return func() {
		pprof.StopCPUProfile()
		_ = cpu.Close()
		heap, err := os.Create(filepath.Join(dir, "heap-"+pid+".pprof"))
		if err != nil {
			return
		}
		runtime.GC()
		_ = pprof.WriteHeapProfile(heap)
		_ = heap.Close()
	}, nil
}
