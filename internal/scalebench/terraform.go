package main

import (
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"time"
)

// workspace is a Terraform working directory whose CLI configuration points
// the tfedge/ngrok provider at one build (ours or the floor) through
// dev_overrides, so that neither init nor a registry is needed.
type workspace struct {
	name string
	dir  string
	tf   string
	logs string
	env  []string
	// usage is the file a wrapped provider's processes write their usage
	// to (see wrap.go); empty when the provider is not wrapped.
	usage string
}

func newWorkspace(root, name, tf, providerDir string) (*workspace, error) {
	return newSourceWorkspace(root, name, tf, "tfedge/ngrok", providerDir)
}

// newSourceWorkspace is newWorkspace for a provider of another source
// address (ngrok's own providers are ngrok/ngrok).
func newSourceWorkspace(root, name, tf, source, providerDir string) (*workspace, error) {
	dir := filepath.Join(root, name)
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return nil, err
	}
	rc := filepath.Join(root, name+".terraformrc")
	cfg := fmt.Sprintf("provider_installation {\n  dev_overrides {\n    %q = %q\n  }\n  direct {}\n}\n", source, providerDir)
	if err := os.WriteFile(rc, []byte(cfg), 0o644); err != nil {
		return nil, err
	}
	env := []string{"TF_CLI_CONFIG_FILE=" + rc, "TF_IN_AUTOMATION=1", "CHECKPOINT_DISABLE=1"}
	for _, kv := range os.Environ() {
		// NOTE: the benchmark measures default settings: logging and
		// the provider's own environment settings would change them.
		k, _, _ := strings.Cut(kv, "=")
		if strings.HasPrefix(k, "TF_") || strings.HasPrefix(k, "NGROK_") {
			continue
		}
		env = append(env, kv)
	}
	return &workspace{name: name, dir: dir, tf: tf, logs: filepath.Join(root, "logs"), env: env}, nil
}

// unpaced turns the provider's own pacing off (NGROK_REQUESTS_PER_MINUTE=0):
// the sections without a rate limit measure the provider's cost next to the
// floor's, which a pace of 120 requests a minute would hide. Through the
// environment, so that a baseline build without the setting still runs.
func (w *workspace) unpaced() {
	w.env = append(w.env, "NGROK_REQUESTS_PER_MINUTE=0")
}

// run runs one Terraform command and returns its wall time, exit status and
// CPU time (Terraform's and that of the provider processes it waited for).
// Its output goes to logs/NAME-LABEL.log; printFailure prints its last lines
// after a failure.
func (w *workspace) run(ctx context.Context, label string, extraEnv []string, args ...string) (tfRun, error) {
	if err := os.MkdirAll(w.logs, 0o755); err != nil {
		return tfRun{}, err
	}
	logFile, err := os.Create(w.logPath(label))
	if err != nil {
		return tfRun{}, err
	}
	defer func() { _ = logFile.Close() }()
	cmd := exec.CommandContext(ctx, w.tf, append([]string{"-chdir=" + w.dir}, args...)...)
	cmd.Env = append(append([]string(nil), w.env...), extraEnv...)
	cmd.Stdout = logFile
	cmd.Stderr = cmd.Stdout
	// NOTE: Ctrl-C of the benchmark reaches Terraform as an interrupt, so
	// that it stops as it would in a pipeline; a kill only if it hangs.
	cmd.Cancel = func() error { return cmd.Process.Signal(syscall.SIGINT) }
	cmd.WaitDelay = time.Minute
	if w.usage != "" {
		if err := os.Remove(w.usage); err != nil && !errors.Is(err, os.ErrNotExist) {
			return tfRun{}, err
		}
	}
	start := time.Now()
	err = cmd.Run()
	r := tfRun{wall: time.Since(start)}
	var exitErr *exec.ExitError
	switch {
	case errors.As(err, &exitErr):
		r.exit = exitErr.ExitCode()
	case err != nil:
		return r, fmt.Errorf("terraform %s: %w", strings.Join(args, " "), err)
	}
	// NOTE: on Linux the usage that wait4 reports includes the children
	// the process waited for: here the provider processes.
	r.cpu = cmd.ProcessState.UserTime() + cmd.ProcessState.SystemTime()
	if w.usage != "" {
		b, err := os.ReadFile(w.usage)
		if err != nil && !errors.Is(err, os.ErrNotExist) {
			return r, err
		}
		r.provider, r.processes = usageOf(string(b))
	}
	return r, ctx.Err()
}

// tfRun is what one Terraform command took.
type tfRun struct {
	wall, cpu time.Duration
	exit      int
	// provider is the provider processes' CPU and largest peak RSS, and
	// processes how many there were, when the provider is wrapped.
	provider  processUsage
	processes int
}

func (w *workspace) printFailure(label string) {
	fmt.Printf("    %s %s failed; last lines of %s:\n", w.name, label, w.logPath(label))
	fmt.Print(indent(lastLines(w.output(label), 12), "      "))
}

func (w *workspace) logPath(label string) string {
	return filepath.Join(w.logs, w.name+"-"+label+".log")
}

// output is a phase's full log, to look for a message in it.
func (w *workspace) output(label string) string {
	b, _ := os.ReadFile(w.logPath(label))
	return string(b)
}

func lastLines(s string, n int) string {
	lines := strings.Split(strings.TrimRight(s, "\n"), "\n")
	if len(lines) > n {
		lines = lines[len(lines)-n:]
	}
	return strings.Join(lines, "\n") + "\n"
}

func indent(s, prefix string) string {
	lines := strings.Split(strings.TrimRight(s, "\n"), "\n")
	for i := range lines {
		lines[i] = prefix + lines[i]
	}
	return strings.Join(lines, "\n") + "\n"
}

// Terraform's arguments for each phase. The plan asks for the detailed exit
// status: 0 no changes, 2 changes (not a failure, but after a successful
// apply a sign of a diff that never settles).
var (
	applyArgs   = []string{"apply", "-auto-approve", "-input=false", "-no-color", "-compact-warnings"}
	planArgs    = []string{"plan", "-input=false", "-no-color", "-compact-warnings", "-detailed-exitcode"}
	destroyArgs = []string{"destroy", "-auto-approve", "-input=false", "-no-color", "-compact-warnings"}
)
