// Package apifilter is the `filter` of ngrok's list operations as ngrok
// documents it (docs api/api-filtering.mdx of ngrok/ngrok-docs): the subset
// of CEL it accepts, and the fields each list's filter may name. The mock
// refuses what it refuses, with its error; the provider checks a filter
// with it at plan time, so that a user learns then what the real API would
// refuse.
//
// Check looks at the expression's syntax only; whether a field's value has
// the type the expression compares it with is the evaluator's (the mock's
// type check, the real API's).
package apifilter

import (
	"fmt"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"time"

	"cel.dev/cel-go/common"
	"cel.dev/cel-go/common/ast"
	"cel.dev/cel-go/common/operators"
	"cel.dev/cel-go/parser"
)

// Limits on a filter's text [ours: the page says only that "the service may
// enforce limits on the number of conditions per query"].
const (
	MaxBytes = 4096 // the expression's length in code points
	MaxDepth = 100  // parser recursion
)

// ErrorCode is what the real API answers an invalid filter with, in
// error_code, with status 400 [real: docs api/api-filtering.mdx, "Error
// handling"]. NOTE: not an ERR_NGROK_ code; the page's example has none.
const ErrorCode = "invalid_cel_expression"

// Fields are the fields each list's filter may name, by the list's path,
// as the page's table "Filterable resources and fields" gives them. A field
// allows its nested fields too (ip_policy allows ip_policy.id). NOTE: the
// table says `binding` for endpoints; the endpoint's field is `bindings`,
// which the page's own examples and its error message name.
var Fields = map[string][]string{
	"/endpoints": {"id", "created_at", "description", "metadata", "principal.id", "type", "bindings", "url",
		"pooling_enabled", "scheme", "region", "name"},
	"/reserved_addrs": {"id", "created_at", "description", "metadata", "addr", "region"},
	"/reserved_domains": {"id", "created_at", "description", "metadata", "domain", "region", "cname_target",
		"certificate.id", "acme_challenge_cname_target"},
	"/tls_certificates": {"id", "created_at", "description", "metadata", "subject_common_name", "not_after",
		"not_before", "serial_number"},
	"/certificate_authorities": {"id", "created_at", "description", "metadata", "subject_common_name",
		"not_before", "not_after"},
	"/ip_policies":                 {"id", "created_at", "description", "metadata"},
	"/ip_policy_rules":             {"id", "created_at", "description", "metadata", "ip_policy", "cidr", "action"},
	"/agent_ingresses":             {"id", "created_at", "description", "metadata", "domain"},
	"/tunnel_sessions":             {"id", "metadata", "agent_version", "ip", "os", "region", "started_at", "credential"},
	"/event_destinations":          {"id", "created_at", "description", "metadata"},
	"/event_subscriptions":         {"id", "created_at", "description", "metadata"},
	"/ip_restrictions":             {"id", "created_at", "description", "metadata"},
	"/api_keys":                    {"id", "created_at", "description", "metadata", "owner_id"},
	"/ssh_credentials":             {"id", "created_at", "description", "metadata", "owner_id", "acl"},
	"/credentials":                 {"id", "created_at", "description", "metadata", "owner_id", "acl"},
	"/service_users":               {"id", "created_at"},
	"/ssh_certificate_authorities": {"id", "created_at", "description", "metadata"},
	"/vaults":                      {"id", "created_at", "description", "metadata", "name"},
	"/vault_secrets":               {"id", "created_at", "description", "metadata", "name"},
}

// Error is a filter the real API would refuse: its message is the API's
// msg, "Invalid CEL query: " and why.
type Error struct{ Reason string }

func (e *Error) Error() string { return "Invalid CEL query: " + e.Reason }

func refuse(format string, args ...any) *Error { return &Error{Reason: fmt.Sprintf(format, args...)} }

// The functions of the documented subset, by name [real: docs
// api/api-filtering.mdx, "Supported CEL (subset)"]: logical and comparison
// operators, `in`, size(), the substring checks (marked "[Coming soon]"
// there, and used by its examples), timestamp() and a timestamp's add() and
// subtract().
var (
	operatorsAllowed = []string{operators.LogicalAnd, operators.LogicalOr, operators.LogicalNot,
		operators.Equals, operators.NotEquals, operators.Less, operators.LessEquals,
		operators.Greater, operators.GreaterEquals, operators.In}
	substring = []string{"startsWith", "contains", "endsWith"}
	// refused names the constructs the page refuses, by function, in its
	// words ("Unsupported CEL features"), with their verb.
	refused = map[string]string{
		operators.Index: "index access is", operators.OptIndex: "index access is",
		operators.Add: "arithmetic is", operators.Subtract: "arithmetic is", operators.Multiply: "arithmetic is",
		operators.Divide: "arithmetic is", operators.Modulo: "arithmetic is", operators.Negate: "arithmetic is",
		operators.Conditional: "the ternary operator is",
		"type":                "type checks are", "dyn": "type checks are", "int": "type checks are", "uint": "type checks are",
		"double": "type checks are", "string": "type checks are", "bool": "type checks are", "bytes": "type checks are",
		"matches": "regular expressions are",
	}
)

// Check reports whether src is a filter that the list at path (such as
// "/ip_policies") accepts: the documented subset, naming only the
// documented fields of that list; any list's fields when path is not in
// Fields. It returns an *Error, or nil.
func Check(src, path string) error {
	p, err := parser.NewParser(parser.MaxRecursionDepth(MaxDepth), parser.ExpressionSizeCodePointLimit(MaxBytes))
	if err != nil {
		return err
	}
	// NOTE: parsed without macros: has(), exists() and the other macros
	// are then calls, refused by name below rather than as comprehensions.
	tree, errs := p.Parse(common.NewStringSource(src, "filter"))
	if len(errs.GetErrors()) > 0 {
		return refuse("%s", strings.TrimSpace(errs.ToDisplayString()))
	}
	c := checker{src: tree.SourceInfo(), fields: Fields[path]}
	return c.expr(tree.Expr())
}

type checker struct {
	src    *ast.SourceInfo
	fields []string // nil: any
}

// at is where e begins, as CEL's messages say it.
func (c checker) at(e ast.Expr) string {
	loc := c.src.GetStartLocation(e.ID())
	return fmt.Sprintf("filter:%d:%d", loc.Line(), loc.Column()+1)
}

func (c checker) expr(e ast.Expr) error {
	switch e.Kind() {
	case ast.LiteralKind:
		return nil
	case ast.ListKind:
		for _, el := range e.AsList().Elements() {
			if err := c.expr(el); err != nil {
				return err
			}
		}
		return nil
	case ast.IdentKind, ast.SelectKind:
		_, err := c.field(e)
		return err
	case ast.CallKind:
		return c.call(e)
	case ast.MapKind, ast.StructKind:
		return refuse("map and object literals are not supported (%s)", c.at(e))
	}
	return refuse("this expression is not supported (%s)", c.at(e))
}

// field checks a field selection: a path from obj to a field its list
// allows, or time.now. It returns the path without "obj.".
func (c checker) field(e ast.Expr) (string, error) {
	var parts []string
	x := e
	for x.Kind() == ast.SelectKind {
		parts = append(parts, x.AsSelect().FieldName())
		x = x.AsSelect().Operand()
	}
	if x.Kind() != ast.IdentKind {
		return "", refuse("only fields of obj can be selected (%s)", c.at(e))
	}
	slices.Reverse(parts)
	root, path := x.AsIdent(), strings.Join(parts, ".")
	switch {
	case root == "time" && path == "now":
		return "", nil
	case root != "obj":
		return "", refuse("unknown name %s: a filter reads the object as obj (%s)", root, c.at(e))
	case path == "":
		return "", refuse("a filter compares the fields of obj, not obj itself (%s)", c.at(e))
	case c.fields == nil:
		return path, nil
	}
	for _, f := range c.fields {
		if path == f || strings.HasPrefix(path, f+".") {
			return path, nil
		}
	}
	return "", refuse("unsupported field: %s (must be %s)", strings.TrimSuffix("obj."+path, "."), c.allowed())
}

// allowed lists the fields of the list, "obj.a, obj.b, or obj.c".
func (c checker) allowed() string {
	names := make([]string, len(c.fields))
	for i, f := range c.fields {
		names[i] = "obj." + f
	}
	if len(names) < 2 {
		return strings.Join(names, "")
	}
	return strings.Join(names[:len(names)-1], ", ") + ", or " + names[len(names)-1]
}

func (c checker) call(e ast.Expr) error {
	call := e.AsCall()
	fn, args := call.FunctionName(), call.Args()
	if what, ok := refused[fn]; ok {
		return refuse("%s not supported (%s)", what, c.at(e))
	}
	arity := func(target bool, n int) error {
		if call.IsMemberFunction() != target || len(args) != n {
			return refuse("%s() takes %s (%s)", fn, map[bool]string{true: fmt.Sprintf("a receiver and %d argument(s)", n),
				false: fmt.Sprintf("%d argument(s)", n)}[target], c.at(e))
		}
		return nil
	}
	switch {
	case slices.Contains(operatorsAllowed, fn):
	case fn == "size":
		if member := call.IsMemberFunction(); (member && len(args) != 0) || (!member && len(args) != 1) {
			return refuse("size() takes one value (%s)", c.at(e))
		}
	case slices.Contains(substring, fn):
		if err := arity(true, 1); err != nil {
			return err
		}
		if t := call.Target(); t.Kind() == ast.SelectKind {
			path, err := c.field(t)
			if err != nil {
				return err
			}
			if HighEntropy(path) {
				return refuse("%s() is not supported on the high-entropy field obj.%s: compare it with == instead (%s)", fn, path, c.at(e))
			}
		}
	case fn == "timestamp":
		if err := arity(false, 1); err != nil {
			return err
		}
	case fn == "add" || fn == "subtract":
		if err := arity(true, 1); err != nil {
			return err
		}
		d := args[0]
		if d.Kind() != ast.LiteralKind {
			return refuse("%s() takes a duration string such as \"7d\" or \"15m\" (%s)", fn, c.at(d))
		}
		s, ok := d.AsLiteral().Value().(string)
		if _, err := ParseDuration(s); !ok || err != nil {
			return refuse("%s() takes a duration string such as \"7d\" or \"15m\" (%s)", fn, c.at(d))
		}
	default:
		return refuse("the function %s() is not supported (%s)", fn, c.at(e))
	}
	if call.IsMemberFunction() {
		if err := c.expr(call.Target()); err != nil {
			return err
		}
	}
	for _, a := range args {
		if err := c.expr(a); err != nil {
			return err
		}
	}
	return nil
}

// HighEntropy reports whether a field (a path without "obj.") holds a
// generated value, on which the substring functions are refused: `id`
// [real: docs api/api-filtering.mdx, "High-entropy fields"], and the IDs of
// references and owners [ours: by the page's definition, "values that are
// effectively random, usually because they're generated"].
func HighEntropy(path string) bool {
	return path == "id" || path == "owner_id" || strings.HasSuffix(path, ".id")
}

// durationRE is a duration of add() and subtract(): a number and a unit,
// repeated ("7d", "24h", "1h30m").
var durationRE = regexp.MustCompile(`^([0-9]+(d|h|m|s|ms))+$`)

var durationPart = regexp.MustCompile(`([0-9]+)(d|h|ms|m|s)`)

// ParseDuration reads the duration of add() and subtract() [real: docs
// api/api-filtering.mdx names "7d", "24h" and "15m"; the other units and
// their combination ours].
func ParseDuration(s string) (time.Duration, error) {
	if !durationRE.MatchString(s) {
		return 0, fmt.Errorf("invalid duration %q", s)
	}
	units := map[string]time.Duration{"d": 24 * time.Hour, "h": time.Hour, "m": time.Minute, "s": time.Second, "ms": time.Millisecond}
	var d time.Duration
	for _, m := range durationPart.FindAllStringSubmatch(s, -1) {
		n, err := strconv.ParseInt(m[1], 10, 64)
		if err != nil || n > int64(100*365*24*time.Hour/units[m[2]]) {
			return 0, fmt.Errorf("invalid duration %q", s)
		}
		if d += time.Duration(n) * units[m[2]]; d > 100*365*24*time.Hour {
			return 0, fmt.Errorf("invalid duration %q", s)
		}
	}
	return d, nil
}
