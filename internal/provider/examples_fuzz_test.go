package provider

import (
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/hashicorp/hcl/v2"
	"github.com/hashicorp/hcl/v2/hclsyntax"
	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/zclconf/go-cty/cty"
	"github.com/zclconf/go-cty/cty/function"
	"github.com/zclconf/go-cty/cty/function/stdlib"
)

// Seeds of the fuzz targets, taken from what users are shown: the values
// of the examples' attributes (examples/, the demo included) as Terraform
// evaluates them, and the IDs of the import examples.

const examplesDir = "../../examples"

// exampleAttributeValues is every string value of an attribute called name
// in the examples' .tf files that evaluates without variables or resources
// (literals, heredocs, jsonencode(...)), in file order.
func exampleAttributeValues(tb testing.TB, name string) []string {
	tb.Helper()
	var out []string
	walkExampleFiles(tb, ".tf", func(path string, src []byte) {
		file, diags := hclsyntax.ParseConfig(src, path, hcl.Pos{Line: 1, Column: 1})
		if diags.HasErrors() {
			tb.Fatalf("%s: %s", path, diags.Error())
		}
		var walk func(b *hclsyntax.Body)
		walk = func(b *hclsyntax.Body) {
			for _, attrName := range slices.Sorted(func(yield func(string) bool) {
				for k := range b.Attributes {
					if !yield(k) {
						return
					}
				}
			}) {
				if attrName != name {
					continue
				}
				v, diags := b.Attributes[attrName].Expr.Value(hclEvalContext)
				if !diags.HasErrors() && v.Type() == cty.String && v.IsKnown() && !v.IsNull() {
					out = append(out, v.AsString())
				}
			}
			for _, blk := range b.Blocks {
				walk(blk.Body)
			}
		}
		walk(implementation[*hclsyntax.Body](tb, file.Body))
	})
	if len(out) == 0 {
		tb.Fatalf("no example sets %s", name)
	}
	return out
}

// exampleImportIDs is the ID of every `terraform import` line of the
// examples' import.sh files.
func exampleImportIDs(tb testing.TB) []string {
	tb.Helper()
	var out []string
	walkExampleFiles(tb, "import.sh", func(_ string, src []byte) {
		for line := range strings.Lines(string(src)) {
			if fields := strings.Fields(line); len(fields) == 4 && fields[0] == "terraform" && fields[1] == "import" {
				out = append(out, fields[3])
			}
		}
	})
	if len(out) == 0 {
		tb.Fatal("no import examples")
	}
	return out
}

func walkExampleFiles(tb testing.TB, suffix string, fn func(path string, src []byte)) {
	tb.Helper()
	err := filepath.WalkDir(examplesDir, func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.HasSuffix(path, suffix) {
			return err
		}
		src, err := os.ReadFile(path)
		if err == nil {
			fn(path, src)
		}
		return err
	})
	if err != nil {
		tb.Fatal(err)
	}
}

// hclEvalContext offers the functions the examples call on literals.
var hclEvalContext = &hcl.EvalContext{Functions: map[string]function.Function{
	"jsonencode": stdlib.JSONEncodeFunc,
}}

// hclJSONEncode is what Terraform's jsonencode(expr) makes of the HCL
// expression src.
func hclJSONEncode(src string) (string, error) {
	expr, diags := hclsyntax.ParseExpression([]byte(src), "policy.tf", hcl.Pos{Line: 1, Column: 1})
	if diags.HasErrors() {
		return "", diags
	}
	v, diags := expr.Value(hclEvalContext)
	if diags.HasErrors() {
		return "", diags
	}
	out, err := stdlib.JSONEncode(v)
	if err != nil {
		return "", err
	}
	return out.AsString(), nil
}

// checkDiagnosticsUTF8 fails when a diagnostic's text is not UTF-8, which
// the plugin protocol cannot carry (the provider's answer would be lost in
// a transport error).
func checkDiagnosticsUTF8(t *testing.T, input string, diags diag.Diagnostics) {
	t.Helper()
	for _, d := range diags {
		if !utf8.ValidString(d.Summary()) || !utf8.ValidString(d.Detail()) {
			t.Fatalf("for %q, a diagnostic is not UTF-8: %q / %q", input, d.Summary(), d.Detail())
		}
	}
}
