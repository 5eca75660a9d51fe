// Command testsummary reads `go test -json` output on its standard input and
// prints the failed, skipped and unfinished tests with their output, the
// output of packages that did not build or failed outside any test, then
// "N unfinished; N packages failed" and "N passed, N failed, N skipped". It
// exits 1 when a test failed, was skipped or never finished, when a package
// failed (a build failure, a panic or a race after the tests), or when no
// test passed. An unfinished test started and never ended: the test binary
// died (a panic in another test, or the -timeout, whose panic lands in the
// output of a running test). Lines that are not JSON events are skipped.
package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"slices"
	"strings"
)

func main() {
	data, err := io.ReadAll(os.Stdin)
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(2)
	}
	summary, status := summarize(data)
	fmt.Print(summary)
	os.Exit(status)
}

type event struct{ Action, Package, Test, Output, ImportPath string }

// summarize returns the summary of the events in data and the exit status.
func summarize(data []byte) (string, int) {
	var tests, broken, failed []string // in order of appearance
	output := map[string][]string{}    // by test, "build ImportPath" or "package Package"
	started, ended, count := map[string]bool{}, map[string]string{}, map[string]int{}
	for line := range bytes.Lines(data) {
		var e event
		if json.Unmarshal(line, &e) != nil || e.Action == "" {
			continue
		}
		test := e.Package + " " + e.Test
		switch {
		case e.Action == "build-output":
			output["build "+e.ImportPath] = append(output["build "+e.ImportPath], e.Output)
		case e.Action == "build-fail" && !slices.Contains(broken, e.ImportPath):
			broken = append(broken, e.ImportPath)
		case e.Test == "" && e.Action == "output":
			output["package "+e.Package] = append(output["package "+e.Package], e.Output)
		case e.Test == "" && e.Action == "fail" && !slices.Contains(failed, e.Package):
			failed = append(failed, e.Package)
		case e.Test != "":
			if _, seen := output[test]; !seen {
				tests = append(tests, test)
			}
			output[test] = append(output[test], e.Output)
			switch e.Action {
			case "run":
				started[test] = true
			case "pass", "fail", "skip":
				ended[test] = e.Action
				count[e.Action]++
			}
		}
	}
	var w strings.Builder
	text := func(key string) string { return strings.Join(output[key], "") }
	unfinished := 0
	for _, t := range tests {
		if ended[t] == "" && started[t] {
			unfinished++
			fmt.Fprintf(&w, "=== UNFINISHED (the test binary stopped while it ran): %s\n%s\n", t, text(t))
		} else if ended[t] == "fail" || ended[t] == "skip" {
			fmt.Fprintf(&w, "=== %s: %s\n%s\n", strings.ToUpper(ended[t]), t, text(t))
		}
	}
	for _, p := range broken {
		fmt.Fprintf(&w, "=== BUILD FAILED: %s\n%s\n", p, text("build "+p))
	}
	for _, p := range failed {
		fmt.Fprintf(&w, "=== PACKAGE FAILED: %s\n%s\n", p, text("package "+p))
	}
	// NOTE: the last line is the plain "N passed, N failed, N skipped" that
	// CI tooling reads; what it cannot say goes on the line before.
	fmt.Fprintf(&w, "%d unfinished; %d packages failed\n", unfinished, len(failed))
	fmt.Fprintf(&w, "%d passed, %d failed, %d skipped\n", count["pass"], count["fail"], count["skip"])
	if count["pass"] == 0 {
		fmt.Fprintln(&w, "no test passed: did the tests run at all?")
	}
	if count["fail"] > 0 || count["skip"] > 0 || unfinished > 0 || len(failed) > 0 || count["pass"] == 0 {
		return w.String(), 1
	}
	return w.String(), 0
}
