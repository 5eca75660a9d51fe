package main

import (
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"os/signal"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"time"
)

// The peers section measures each provider process on its own: Terraform
// runs, in place of the provider, this benchmark's own executable (a
// dev_overrides directory holds a link to it named terraform-provider-ngrok),
// which runs the real provider as its child with the same arguments,
// descriptors and environment, waits for it, and appends the child's CPU
// time and peak RSS to a file: Terraform's own CPU is then the rest of what
// wait4 reports for Terraform. The wrapper's own start-up is the same for
// every provider measured.
const (
	envWrapProvider = "SCALEBENCH_WRAP_PROVIDER" // the real provider binary
	envWrapUsage    = "SCALEBENCH_WRAP_USAGE"    // the file of usage lines
)

// wrapMode runs the wrapper when the environment asks for it, and then
// exits; otherwise it returns.
func wrapMode() {
	bin := os.Getenv(envWrapProvider)
	if bin == "" {
		return
	}
	os.Exit(wrapProvider(bin, os.Getenv(envWrapUsage), os.Args[1:]))
}

func wrapProvider(bin, usageFile string, args []string) int {
	// NOTE: no context to cancel it by: the provider ends when Terraform
	// ends it, through the signals forwarded below.
	cmd := exec.CommandContext(context.Background(), bin, args...)
	cmd.Stdin, cmd.Stdout, cmd.Stderr = os.Stdin, os.Stdout, os.Stderr
	env := make([]string, 0, len(os.Environ()))
	for _, kv := range os.Environ() {
		if k, _, _ := strings.Cut(kv, "="); k == envWrapProvider || k == envWrapUsage {
			continue
		}
		env = append(env, kv)
	}
	cmd.Env = env
	signals := make(chan os.Signal, 4)
	signal.Notify(signals, os.Interrupt, syscall.SIGTERM)
	if err := cmd.Start(); err != nil {
		fmt.Fprintln(os.Stderr, "scalebench wrapper:", err)
		return 1
	}
	go func() {
		for s := range signals {
			_ = cmd.Process.Signal(s)
		}
	}()
	err := cmd.Wait()
	code := 0
	var exitErr *exec.ExitError
	if errors.As(err, &exitErr) {
		code = exitErr.ExitCode()
	} else if err != nil {
		code = 1
	}
	if usageFile != "" {
		if ru, ok := cmd.ProcessState.SysUsage().(*syscall.Rusage); ok {
			u := processUsage{cpu: cmd.ProcessState.UserTime() + cmd.ProcessState.SystemTime(), maxRSSKiB: ru.Maxrss}
			if f, err := os.OpenFile(usageFile, os.O_WRONLY|os.O_APPEND|os.O_CREATE, 0o644); err == nil {
				_, _ = f.WriteString(u.line())
				_ = f.Close()
			}
		}
	}
	return code
}

// wrapDir makes the dev_overrides directory of a wrapped provider: a link
// named terraform-provider-ngrok to this executable.
func wrapDir(root, name string) (string, error) {
	self, err := os.Executable()
	if err != nil {
		return "", err
	}
	dir := filepath.Join(root, "wrap-"+name)
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return "", err
	}
	link := filepath.Join(dir, "terraform-provider-ngrok")
	_ = os.Remove(link)
	return dir, os.Symlink(self, link)
}

// processUsage is what one provider process took.
type processUsage struct {
	cpu       time.Duration
	maxRSSKiB int64
}

func (u processUsage) line() string {
	return fmt.Sprintf("%d %d\n", u.cpu.Microseconds(), u.maxRSSKiB)
}

// usageOf adds up the usage lines of a file: the CPU of all the processes,
// and the largest peak RSS of any one.
func usageOf(content string) (total processUsage, processes int) {
	for line := range strings.Lines(content) {
		f := strings.Fields(line)
		if len(f) != 2 {
			continue
		}
		us, err1 := strconv.ParseInt(f[0], 10, 64)
		kib, err2 := strconv.ParseInt(f[1], 10, 64)
		if err1 != nil || err2 != nil {
			continue
		}
		processes++
		total.cpu += time.Duration(us) * time.Microsecond
		total.maxRSSKiB = max(total.maxRSSKiB, kib)
	}
	return total, processes
}
