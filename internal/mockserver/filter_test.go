package mockserver

import (
	"errors"
	"strings"
	"testing"
)

func TestFilterMatch(t *testing.T) {
	t.Parallel()
	obj := map[string]any{
		"id":          "ep_1",
		"type":        "cloud",
		"description": "prod endpoint",
		"port":        float64(443),
		"pooling":     false,
		"bindings":    []any{"public", "internal"},
		"domain":      map[string]any{"id": "rd_1", "uri": "http://x/reserved_domains/rd_1"},
		"extensions":  map[string]any{"permit-pty": ""},
		"tunnel":      nil,
	}
	tests := []struct {
		expr string
		want bool
	}{
		{`obj.type == "cloud"`, true},
		{`obj.type == 'cloud'`, true},
		{`obj.type != "cloud"`, false},
		{`obj.port == 443`, true},
		{`obj.port > 80 && obj.port <= 443`, true},
		{`obj.port < 443`, false},
		{`obj.port >= 443.0`, true},
		{`obj.port == -443`, false},
		{`obj.pooling == false`, true},
		{`obj.pooling`, false},
		{`!obj.pooling`, true},
		{`obj.tunnel == null`, true},
		{`obj.missing == null`, true},
		{`obj.missing == "x"`, false},
		{`obj.missing != "x"`, true},
		{`obj.missing.deeper == null`, true},
		{`obj.missing > 1`, false},
		{`obj.domain.id == "rd_1"`, true},
		{`obj.domain.uri.endsWith("/rd_1")`, true},
		{`obj.extensions["permit-pty"] == ""`, true},
		{`"permit-pty" in obj.extensions`, true},
		{`obj.bindings[1] == "internal"`, true},
		{`obj.bindings[2] == null`, true},
		{`"public" in obj.bindings`, true},
		{`obj.type in ["edge", "cloud"]`, true},
		{`obj.type in []`, false},
		{`obj.port in [80, 443]`, true},
		{`obj.description.startsWith("prod")`, true},
		{`obj.description.endsWith("endpoint")`, true},
		{`obj.description.contains("d e")`, true},
		{`obj.port.contains("4")`, false},
		{`obj.type == "edge" || obj.type == "cloud"`, true},
		{`obj.type == "edge" || obj.type == "ephemeral"`, false},
		{`!(obj.type == "edge") && obj.description.startsWith("prod")`, true},
		{`obj.type == "cloud" && (obj.port == 80 || obj.port == 443)`, true},
		{`obj.type == "cloud" || obj.port == 80 && false`, true},
		{`(obj.type == "cloud" || obj.port == 80) && false`, false},
		{`obj.id < "ep_2"`, true},
		{`obj.type < 5`, false},
		{`obj.description == "prod endpoint"`, true},
		{`obj.description == "prod \"endpoint\""`, false},
		{`obj.description`, false},
		{`true`, true},
		{`null`, false},
	}
	for _, tt := range tests {
		t.Run(tt.expr, func(t *testing.T) {
			t.Parallel()
			f, err := parseFilter(tt.expr)
			if err != nil {
				t.Fatalf("parse: %v", err)
			}
			if got := f.match(obj); got != tt.want {
				t.Errorf("match = %v, want %v", got, tt.want)
			}
		})
	}
}

func TestFilterStringEscapes(t *testing.T) {
	t.Parallel()
	obj := map[string]any{"s": "a\"b'c\\d\ne"}
	for _, expr := range []string{`obj.s == "a\"b'c\\d\ne"`, `obj.s == 'a"b\'c\\d\ne'`} {
		f, err := parseFilter(expr)
		if err != nil {
			t.Fatalf("parse %s: %v", expr, err)
		}
		if !f.match(obj) {
			t.Errorf("%s does not match %q", expr, obj["s"])
		}
	}
}

func TestFilterSyntaxErrors(t *testing.T) {
	t.Parallel()
	tests := []struct {
		expr   string
		column int
		msg    string
	}{
		{``, 1, "expected a value"},
		{`obj.type ==`, 12, "expected a value but found end of filter"},
		{`obj.type = "x"`, 10, `compare with "=="`},
		{`obj.a & obj.b`, 7, `use "&&"`},
		{`obj.a | obj.b`, 7, `use "||"`},
		{`(obj.a == 1`, 12, `expected ")"`},
		{`obj.a == "x`, 10, "not terminated"},
		{`obj.a == 'x\q'`, 12, "unknown escape"},
		{`obj.`, 5, "expected a field name"},
		{`obj.a.matches("x")`, 7, `unknown method "matches"`},
		{`obj.a.startsWith("x", "y")`, 7, "exactly one argument"},
		{`obj.a.startsWith()`, 7, "exactly one argument"},
		{`size(obj.a)`, 1, `unknown function "size"`},
		{`resource.a == 1`, 1, `undeclared reference to "resource"`},
		{`obj.a == 1 obj.b`, 12, "unexpected"},
		{`obj.a in ["x",`, 15, "expected a value"},
		{`obj.a == #`, 10, "unexpected character"},
		{`obj.é == 1`, 5, "unexpected character"},
		{`"é" == obj.a ==`, 16, "expected a value"},
	}
	for _, tt := range tests {
		t.Run(tt.expr, func(t *testing.T) {
			t.Parallel()
			_, err := parseFilter(tt.expr)
			var serr *filterSyntaxError
			if !errors.As(err, &serr) {
				t.Fatalf("err = %v, want a syntax error", err)
			}
			if serr.column != tt.column {
				t.Errorf("column = %d, want %d (%v)", serr.column, tt.column, err)
			}
			if !strings.Contains(serr.msg, tt.msg) {
				t.Errorf("message %q does not contain %q", serr.msg, tt.msg)
			}
		})
	}
}

func TestFilterNestingLimit(t *testing.T) {
	t.Parallel()
	nest := func(depth int) string {
		return strings.Repeat("(", depth) + "true" + strings.Repeat(")", depth)
	}
	if _, err := parseFilter(nest(maxFilterDepth - 1)); err != nil {
		t.Errorf("nesting %d deep: %v", maxFilterDepth-1, err)
	}
	if _, err := parseFilter(nest(maxFilterDepth)); err == nil || !strings.Contains(err.Error(), "nested") {
		t.Errorf("nesting %d deep: err = %v, want a nesting error", maxFilterDepth, err)
	}
	if _, err := parseFilter(strings.Repeat("!", maxFilterDepth+1) + "true"); err == nil {
		t.Errorf("%d negations: no error", maxFilterDepth+1)
	}
}
