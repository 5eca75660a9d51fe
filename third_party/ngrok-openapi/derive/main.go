// Command derive writes the facts of ngrok's OpenAPI spec that the
// repository keeps (third_party/ngrok-openapi/openapi.yaml): the spec's
// paths, verbs, parameters, schemas and types, without ngrok's prose, with
// nullability settled by the quirks table (quirks.go). `make openapi` runs
// it on ../shared/api/ngrok-openapi/openapi.yaml beside the checkout.
package main

import (
	"flag"
	"fmt"
	"os"
)

func main() {
	in := flag.String("in", "", "ngrok's OpenAPI spec (YAML)")
	out := flag.String("out", "", "the derived facts to write")
	flag.Parse()
	if err := run(*in, *out); err != nil {
		fmt.Fprintln(os.Stderr, "derive:", err)
		os.Exit(1)
	}
}

func run(in, out string) error {
	if in == "" || out == "" {
		return fmt.Errorf("-in and -out are required")
	}
	spec, err := os.ReadFile(in)
	if err != nil {
		return err
	}
	facts, err := derive(spec)
	if err != nil {
		return err
	}
	return os.WriteFile(out, facts, 0o644)
}
