package acctest

import (
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"path/filepath"
	"slices"
	"strings"
	"sync"
)

// MockOnlyReason says why the test named name (t.Name(); a subtest is
// judged by its top-level test) needs the mock, from what its function in
// the package's test files in dir, and the functions of the package it
// calls, use of the mock: its seeds, faults, control API, state, options.
//
// NOTE: read from the source rather than written beside each test, so that
// the reason cannot go stale when a test changes, and a test needs no edit
// to say it; a test the reader finds nothing mock-specific in is named as a
// candidate for newTestAccount.
func MockOnlyReason(dir, name string) string {
	name, _, _ = strings.Cut(name, "/")
	funcs, err := parsedFuncs(dir)
	if err != nil {
		return "needs the mock (its source could not be read: " + err.Error() + ")"
	}
	uses := map[string]bool{}
	seen := map[string]bool{}
	var visit func(fn string, depth int)
	visit = func(fn string, depth int) {
		decl, ok := funcs[fn]
		if !ok || seen[fn] {
			return
		}
		seen[fn] = true
		ast.Inspect(decl, func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.SelectorExpr:
				if inner, ok := n.X.(*ast.SelectorExpr); ok && inner.Sel.Name == "server" {
					uses["server."+n.Sel.Name] = true
				}
				// NOTE: also through a variable (s := mock.server; s.SeedX).
				if _, ok := n.X.(*ast.Ident); ok && strings.HasPrefix(n.Sel.Name, "Seed") {
					uses["server."+n.Sel.Name] = true
				}
				if n.Sel.Name == "server" {
					uses["server"] = true
				}
				if id, ok := n.X.(*ast.Ident); ok && id.Name == "mockserver" && strings.HasPrefix(n.Sel.Name, "With") {
					uses["mockserver."+n.Sel.Name] = true
				}
				if id, ok := n.X.(*ast.Ident); ok && id.Name == "mockserver" && n.Sel.Name == "New" {
					uses["own"] = true
				}
			case *ast.BasicLit:
				if n.Kind == token.STRING && strings.Contains(n.Value, "/_mock/") {
					uses["control"] = true
				}
			case *ast.CallExpr:
				if id, ok := n.Fun.(*ast.Ident); ok && depth < 3 {
					switch {
					case strings.HasPrefix(id.Name, "testAccExpectPlanError"):
						uses["plan"] = true
					case !slices.Contains(machinery, id.Name):
						visit(id.Name, depth+1)
					}
				}
				if sel, ok := n.Fun.(*ast.SelectorExpr); ok && sel.Sel.Name == "Test" {
					uses["apply"] = true
				}
			}
			return true
		})
	}
	visit(name, 0)
	delete(uses, "mockserver.WithAPIKeys")
	return reason(uses)
}

// machinery are the provider tests' functions that every test calls, whose
// own bodies say nothing of one test's needs.
var machinery = []string{"newTestMock", "newTestAccount", "skipOnAccount"}

func reason(uses map[string]bool) string {
	var seeds, faults, state, options []string
	for u := range uses {
		switch {
		case u == "control", u == "server", u == "own", u == "plan", u == "apply":
		case strings.HasPrefix(u, "server.Seed"):
			seeds = append(seeds, u)
		case strings.Contains(u, "Fault"):
			faults = append(faults, u)
		case strings.HasPrefix(u, "server."):
			state = append(state, u)
		default:
			options = append(options, u)
		}
	}
	var why []string
	add := func(what string, names []string) {
		if len(names) > 0 {
			slices.Sort(names)
			why = append(why, fmt.Sprintf("%s (%s)", what, strings.Join(names, ", ")))
		}
	}
	add("seeds objects the API cannot create", seeds)
	add("injects faults", faults)
	if uses["own"] {
		why = append(why, "runs a mock of its own behind a proxy or fault of the test's (mockserver.New)")
	}
	if uses["control"] {
		why = append(why, "uses the mock's control API (/_mock/)")
	}
	add("inspects or changes the mock's state", state)
	add("runs the mock with options an account cannot have", options)
	if len(why) == 0 && uses["server"] {
		why = append(why, "inspects or changes the mock's state (mock.server)")
	}
	if len(why) == 0 && uses["plan"] && !uses["apply"] {
		// NOTE: such a test fails at plan, in the provider: an account would
		// add nothing but time.
		return "mock-only: plan-time validation only (testAccExpectPlanError), the same against any API"
	}
	if len(why) == 0 {
		return "mock-only: not yet converted to newTestAccount (nothing particular to the mock found in it: a candidate once its objects carry the run's prefix, if it needs no empty account)"
	}
	return "mock-only: " + strings.Join(why, "; ")
}

// parsed caches each directory's test functions by name: every skipped
// test of a run asks.
var parsed sync.Map // dir: func() (map[string]*ast.FuncDecl, error)

func parsedFuncs(dir string) (map[string]*ast.FuncDecl, error) {
	f, _ := parsed.LoadOrStore(dir, sync.OnceValues(func() (map[string]*ast.FuncDecl, error) { return parseFuncs(dir) }))
	parse, ok := f.(func() (map[string]*ast.FuncDecl, error))
	if !ok {
		return nil, fmt.Errorf("the cache of %s holds %T", dir, f)
	}
	return parse()
}

func parseFuncs(dir string) (map[string]*ast.FuncDecl, error) {
	files, err := filepath.Glob(filepath.Join(dir, "*_test.go"))
	if err != nil {
		return nil, err
	}
	decls := map[string]*ast.FuncDecl{}
	fset := token.NewFileSet()
	for _, f := range files {
		file, err := parser.ParseFile(fset, f, nil, parser.SkipObjectResolution)
		if err != nil {
			return nil, err
		}
		for _, d := range file.Decls {
			if fd, ok := d.(*ast.FuncDecl); ok && fd.Recv == nil {
				decls[fd.Name.Name] = fd
			}
		}
	}
	return decls, nil
}
