// Command derive writes the facts of ngrok's error reference that the
// repository keeps (third_party/ngrok-errors/errors.tsv): every code of
// errors/err_ngrok_<n>.mdx of ngrok/ngrok-docs and its message template,
// without the rest of the page. `make errors` runs it on the folder that
// git archive extracts from a mirror of ngrok-docs; it needs no network.
package main

import (
	"flag"
	"fmt"
	"os"
)

func main() {
	in := flag.String("in", "", "the errors/ folder of ngrok-docs")
	commit := flag.String("commit", "", "the ngrok-docs commit the folder is from")
	out := flag.String("out", "", "the derived table to write")
	flag.Parse()
	if err := run(*in, *commit, *out); err != nil {
		fmt.Fprintln(os.Stderr, "derive:", err)
		os.Exit(1)
	}
}

func run(in, commit, out string) error {
	if in == "" || commit == "" || out == "" {
		return fmt.Errorf("-in, -commit and -out are required")
	}
	facts, err := derive(os.DirFS(in), commit)
	if err != nil {
		return err
	}
	return os.WriteFile(out, facts, 0o644)
}
