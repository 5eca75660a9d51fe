// Command spec-coverage prints how many operations of ngrok's spec the test
// suite exercised: "N of M operations", then each operation, exercised (+)
// or not (-). It reads the file that tests run with NGROK_SPEC_COVERAGE
// wrote (make spec-coverage runs them and then this).
package main

import (
	"bufio"
	"flag"
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/tfedge/terraform-provider-ngrok/internal/specvalidate"
)

func main() {
	file := flag.String("file", os.Getenv(specvalidate.CoverageEnv), "the coverage file the tests wrote")
	missed := flag.Bool("missed", false, "list the operations not exercised too")
	flag.Parse()
	if err := run(os.Stdout, *file, *missed); err != nil {
		fmt.Fprintln(os.Stderr, "spec-coverage:", err)
		os.Exit(1)
	}
}

func run(w io.Writer, file string, listMissed bool) error {
	if file == "" {
		return fmt.Errorf("no coverage file: -file or %s", specvalidate.CoverageEnv)
	}
	f, err := os.Open(file)
	if err != nil {
		return err
	}
	var seen []string
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		if id := strings.TrimSpace(sc.Text()); id != "" {
			seen = append(seen, id)
		}
	}
	if err := sc.Err(); err != nil {
		_ = f.Close()
		return err
	}
	if err := f.Close(); err != nil {
		return err
	}
	spec, err := specvalidate.Load()
	if err != nil {
		return err
	}
	covered, missed := spec.Coverage(seen)
	total := len(covered) + len(missed)
	var b strings.Builder
	fmt.Fprintf(&b, "%d of %d operations of ngrok's spec exercised (%.0f%%)\n", len(covered), total, 100*float64(len(covered))/float64(total))
	for _, op := range covered {
		fmt.Fprintf(&b, "+ %-48s %-6s %s\n", op.ID, op.Method, op.Path)
	}
	if listMissed {
		for _, op := range missed {
			fmt.Fprintf(&b, "- %-48s %-6s %s\n", op.ID, op.Method, op.Path)
		}
	}
	_, err = io.WriteString(w, b.String())
	return err
}
