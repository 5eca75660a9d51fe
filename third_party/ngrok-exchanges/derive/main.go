// Command derive writes the facts of the API exchanges ngrok recorded for
// its API reference that the repository keeps
// (third_party/ngrok-exchanges/exchanges.json): each exchange's method,
// path, request body and status, and its answer's shape, without ngrok's
// prose. `make exchanges` runs it on the folder
// docs/api/resources/examples of ngrok/ngrok-docs, extracted from a mirror.
package main

import (
	"flag"
	"fmt"
	"os"
)

func main() {
	in := flag.String("in", "", "the folder of recorded exchanges (_<name>_request.md, _<name>_response.md)")
	out := flag.String("out", "", "the derived facts to write")
	commit := flag.String("commit", "", "the commit of ngrok/ngrok-docs the folder is from")
	flag.Parse()
	if err := run(*in, *out, *commit); err != nil {
		fmt.Fprintln(os.Stderr, "derive:", err)
		os.Exit(1)
	}
}

func run(in, out, commit string) error {
	if in == "" || out == "" || commit == "" {
		return fmt.Errorf("-in, -out and -commit are required")
	}
	files, err := readFolder(in)
	if err != nil {
		return err
	}
	facts, err := derive(files, commit)
	if err != nil {
		return err
	}
	return os.WriteFile(out, facts, 0o644)
}
