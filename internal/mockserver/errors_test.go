package mockserver

import (
	"flag"
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"net/http"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
)

var errorCodePattern = regexp.MustCompile(`^ERR_NGROK_[0-9]+$`)

// Every row of the error table is complete and answered once: no two rows
// share a code and status, so a code's status is never a matter of which
// row a handler picked.
func TestErrorTableRows(t *testing.T) {
	t.Parallel()
	if len(errorTable) == 0 {
		t.Fatal("errorTable is empty")
	}
	seen := map[[2]string]bool{}
	for _, k := range errorTable {
		key := [2]string{k.code, strconv.Itoa(k.status)}
		if seen[key] {
			t.Errorf("%d %q is in errorTable twice", k.status, k.code)
		}
		seen[key] = true
		if k.code != "" && !errorCodePattern.MatchString(k.code) {
			t.Errorf("code %q is not of the form ERR_NGROK_<n>", k.code)
		}
		if k.status < 400 || k.status > 599 || http.StatusText(k.status) == "" {
			t.Errorf("%q: status %d is not an error status", k.code, k.status)
		}
		if k.origin != realAPI && k.origin != realCode && k.origin != ours {
			t.Errorf("%d %q: no origin", k.status, k.code)
		}
		if strings.TrimSpace(k.when) == "" {
			t.Errorf("%d %q: no situation", k.status, k.code)
		}
	}
}

// Every error the server can send comes from the table: no source file but
// errors.go spells an error code or builds an apiError itself, and every
// row of the table is used by some handler (a row nothing sends is a row
// that has drifted from the code).
func TestEveryErrorIsInTheTable(t *testing.T) {
	t.Parallel()
	files, err := filepath.Glob("*.go")
	if err != nil {
		t.Fatal(err)
	}
	rows := map[string]int{}         // row variable → uses outside its declaration
	declared := map[token.Pos]bool{} // where the row variables are declared
	fset := token.NewFileSet()
	var parsed []*ast.File
	for _, name := range files {
		if strings.HasSuffix(name, "_test.go") {
			continue
		}
		f, err := parser.ParseFile(fset, name, nil, 0)
		if err != nil {
			t.Fatal(err)
		}
		parsed = append(parsed, f)
		if name != "errors.go" {
			continue
		}
		for _, decl := range f.Decls {
			gd, ok := decl.(*ast.GenDecl)
			if !ok || gd.Tok != token.VAR {
				continue
			}
			for _, spec := range gd.Specs {
				vs, ok := spec.(*ast.ValueSpec)
				if !ok || len(vs.Values) != 1 {
					continue
				}
				if call, ok := vs.Values[0].(*ast.CallExpr); ok && isIdent(call.Fun, "defineError") {
					rows[vs.Names[0].Name] = 0
					declared[vs.Names[0].Pos()] = true
				}
			}
		}
	}
	if len(rows) != len(errorTable) {
		t.Fatalf("errors.go declares %d rows with defineError, errorTable holds %d", len(rows), len(errorTable))
	}
	for _, f := range parsed {
		name := filepath.Base(fset.Position(f.Package).Filename)
		ast.Inspect(f, func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.BasicLit:
				if name != "errors.go" && n.Kind == token.STRING && strings.Contains(n.Value, "ERR_NGROK_") {
					t.Errorf("%s: the error code %s is spelled outside errors.go's table", fset.Position(n.Pos()), n.Value)
				}
			case *ast.CompositeLit:
				if name != "errors.go" && isIdent(n.Type, "apiError") {
					t.Errorf("%s: an apiError is built outside errors.go, not from a row of the table", fset.Position(n.Pos()))
				}
			case *ast.CallExpr:
				if name != "errors.go" && isIdent(n.Fun, "defineError") {
					t.Errorf("%s: a row of the error table is defined outside errors.go", fset.Position(n.Pos()))
				}
			case *ast.Ident:
				if _, ok := rows[n.Name]; ok && !declared[n.Pos()] {
					rows[n.Name]++
				}
			}
			return true
		})
	}
	for row, uses := range rows {
		if uses == 0 {
			t.Errorf("the row %s of errorTable is never sent", row)
		}
	}
}

func isIdent(e ast.Expr, name string) bool {
	id, ok := e.(*ast.Ident)
	return ok && id.Name == name
}

var updateREADME = flag.Bool("update-readme", false, "rewrite the error table of README.md from errorTable")

// README.md shows errorTable as it is: its table between the errors:begin
// and errors:end markers is the rendering of the rows, in their order.
func TestREADMEErrorTable(t *testing.T) {
	t.Parallel()
	const begin, end = "<!-- errors:begin -->\n", "<!-- errors:end -->"
	data, err := os.ReadFile("README.md")
	if err != nil {
		t.Fatal(err)
	}
	readme := string(data)
	i, j := strings.Index(readme, begin), strings.Index(readme, end)
	if i < 0 || j < i {
		t.Fatalf("README.md lacks the markers %q and %q", begin, end)
	}
	var b strings.Builder
	b.WriteString("| Code | Status | Origin | When |\n|---|---|---|---|\n")
	for _, k := range errorTable {
		code := k.code
		if code == "" {
			code = "(none)"
		}
		fmt.Fprintf(&b, "| %s | %d | %s | %s |\n", code, k.status, k.origin, k.when)
	}
	want := b.String()
	if got := readme[i+len(begin) : j]; got != want {
		if !*updateREADME {
			t.Fatalf("README.md's error table differs from errorTable; run go test -run TestREADMEErrorTable -update-readme.\nwant:\n%s", want)
		}
		readme = readme[:i+len(begin)] + want + readme[j:]
		if err := os.WriteFile("README.md", []byte(readme), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}
