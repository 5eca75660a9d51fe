package trafficpolicy

import (
	"fmt"
	"maps"
	"slices"
	"strings"
	"sync"

	"cel.dev/cel-go/cel"
	celast "cel.dev/cel-go/common/ast"
	"cel.dev/cel-go/common/types"
	"cel.dev/cel-go/ext"
)

// Bounds on one expression, so that a hostile policy costs the provider and
// the mock little: ngrok's own limit on an expression is not published;
// these are far above any real one.
const (
	maxExpressionBytes = 16 << 10
	maxExpressionDepth = 64
)

// NOTE: the variables are declared to CEL as dyn and their fields checked by
// a walk over the checked expression (fieldProblem), not as CEL object
// types: several of ngrok's variables are a value and have fields at once
// (conn.client_ip is compared to a string and has .is_tor_node; req.url is
// printed and has .path), which no CEL type can be. The checker still
// refuses an undeclared variable or function, a call with arguments that fit
// no overload, and an expression whose type is known and not bool.

// variableTree is variablePaths (and the IP and certificate fields under
// their parents) as a tree.
type variableNode struct {
	children map[string]*variableNode
	open     bool // a map: any field below it is accepted
}

var variables = sync.OnceValue(func() *variableNode {
	root := &variableNode{children: map[string]*variableNode{}}
	add := func(path string) {
		n := root
		for part := range strings.SplitSeq(path, ".") {
			if part == "*" {
				n.open = true
				return
			}
			next, ok := n.children[part]
			if !ok {
				next = &variableNode{children: map[string]*variableNode{}}
				n.children[part] = next
			}
			n = next
		}
	}
	for _, p := range variablePaths {
		add(p)
	}
	for _, ip := range []string{"conn.client_ip.", "conn.server_ip."} {
		for _, f := range ipIntelFields {
			add(ip + f)
		}
	}
	for _, cert := range []string{"conn.tls.client.", "conn.tls.server."} {
		for _, f := range certificateFields {
			add(cert + f)
		}
	}
	return root
})

var celEnv = sync.OnceValues(func() (*cel.Env, error) {
	opts := []cel.EnvOption{
		cel.CrossTypeNumericComparisons(true),
		cel.ParserExpressionSizeLimit(maxExpressionBytes),
		cel.ParserRecursionLimit(maxExpressionDepth),
		ext.Strings(), ext.Encoders(), ext.Lists(),
	}
	for _, name := range slices.Sorted(func(yield func(string) bool) {
		for name := range variables().children {
			if !yield(name) {
				return
			}
		}
	}) {
		opts = append(opts, cel.Variable(name, cel.DynType))
	}
	base, err := cel.NewEnv(opts...)
	if err != nil {
		return nil, err
	}
	// NOTE: the reference gives each macro's arguments in prose only; they
	// are declared as up to three of any type, which lets the checker refuse
	// a name ngrok does not have without refusing a call it does. A name
	// cel-go's libraries already have keeps their declaration.
	declared := base.Functions()
	opts = nil
	for _, name := range globalFunctions {
		if _, ok := declared[name]; ok {
			continue
		}
		var overloads []cel.FunctionOpt
		for n := range 4 {
			overloads = append(overloads, cel.Overload(fmt.Sprintf("%s_%d", name, n), dynArgs(n), cel.DynType))
		}
		opts = append(opts, cel.Function(name, overloads...))
	}
	for _, name := range memberFunctions {
		if _, ok := declared[name]; ok {
			continue
		}
		var overloads []cel.FunctionOpt
		for n := range 4 {
			overloads = append(overloads, cel.MemberOverload(fmt.Sprintf("dyn_%s_%d", name, n), dynArgs(n+1), cel.DynType))
		}
		opts = append(opts, cel.Function(name, overloads...))
	}
	return base.Extend(opts...)
})

func dynArgs(n int) []*cel.Type {
	args := make([]*cel.Type, n)
	for i := range args {
		args[i] = cel.DynType
	}
	return args
}

// maxRemembered bounds checkExpression's memory of verdicts.
const maxRemembered = 4096

// remembered holds the verdicts of recent expressions for the life of the
// process: a plan validates the same policy several times (validate, plan,
// apply), and a configuration with count repeats one policy on every
// instance; each compilation costs about 0.1 ms.
var remembered = struct {
	sync.Mutex
	verdicts map[celKey]string
}{verdicts: map[celKey]string{}}

// checkExpression parses and checks one CEL expression; "" when it is
// valid, else what is wrong. A rule's expression must be a bool (or of a
// type known only when it runs).
func checkExpression(src string, mustBeBool bool) string {
	k := celKey{src, mustBeBool}
	remembered.Lock()
	msg, ok := remembered.verdicts[k]
	remembered.Unlock()
	if ok {
		return msg
	}
	msg = compileExpression(src, mustBeBool)
	remembered.Lock()
	if len(remembered.verdicts) >= maxRemembered {
		clear(remembered.verdicts)
	}
	remembered.verdicts[k] = msg
	remembered.Unlock()
	return msg
}

func compileExpression(src string, mustBeBool bool) string {
	if strings.TrimSpace(src) == "" {
		return "an expression must not be empty"
	}
	env, err := celEnv()
	if err != nil {
		return "the CEL environment could not be built: " + err.Error()
	}
	checked, iss := env.Compile(src)
	if iss.Err() != nil {
		return "invalid CEL expression " + quote(src) + ": " + issuesText(iss)
	}
	if msg := fieldProblem(checked.NativeRep().Expr(), nil); msg != "" {
		return "invalid CEL expression " + quote(src) + ": " + msg
	}
	if mustBeBool {
		if t := checked.OutputType(); !t.IsExactType(types.BoolType) && !t.IsExactType(types.DynType) {
			return fmt.Sprintf("the expression %s is of type %s; a rule's expression must be a bool", quote(src), t)
		}
		if v := nonBoolVariable(checked.NativeRep().Expr()); v != "" {
			return fmt.Sprintf("the expression %s is the variable %s, which is not a bool; a rule's expression must be a bool: compare it, e.g. %s == '...', or test it, e.g. %s.startsWith('...')",
				quote(src), v, v, v)
		}
	}
	return ""
}

// nonBoolVariable is the name of the documented variable that e is when e
// is one and its value is not a bool (req.url.path); "" otherwise. The
// variables are dyn to CEL, so this is what tells that a rule's expression
// of one variable is not a condition.
func nonBoolVariable(e celast.Expr) string {
	var path []string
	switch e.Kind() {
	case celast.IdentKind:
		path = []string{e.AsIdent()}
	case celast.SelectKind:
		p, ok := selectPath(e)
		if !ok || e.AsSelect().IsTestOnly() {
			return ""
		}
		path = p
	default:
		return ""
	}
	n, ok := variables().children[path[0]]
	if !ok {
		return ""
	}
	for _, part := range path[1:] {
		if n.open {
			return "" // a header, a var, an action's result: its type is the policy's
		}
		if n, ok = n.children[part]; !ok {
			return ""
		}
	}
	name := strings.Join(path, ".")
	if n.open || slices.Contains(boolVariables, name) {
		return ""
	}
	return name
}

func quote(s string) string { return fmt.Sprintf("%q", truncate(s, 120)) }

// issuesText is cel-go's errors on one line each, without the source
// excerpt it draws under them (the message already quotes the expression).
func issuesText(iss *cel.Issues) string {
	var parts []string
	for _, e := range iss.Errors() {
		msg := e.Message
		if e.Location != nil && e.Location.Line() > 0 {
			msg = fmt.Sprintf("%s (line %d, column %d)", msg, e.Location.Line(), e.Location.Column()+1)
		}
		parts = append(parts, msg)
		if len(parts) == 3 {
			break
		}
	}
	return strings.Join(parts, "; ")
}

// fieldProblem walks a checked expression and reports the first selection
// of a field that the variables do not have (req.url.paht). bound are the
// names comprehensions bind where the walk is, which hide variables.
func fieldProblem(e celast.Expr, bound []string) string {
	switch e.Kind() {
	case celast.SelectKind:
		if path, ok := selectPath(e); ok && !slices.Contains(bound, path[0]) {
			return checkPath(path)
		}
		return fieldProblem(e.AsSelect().Operand(), bound)
	case celast.CallKind:
		call := e.AsCall()
		if arities, ok := macroArities[call.FunctionName()]; ok && !call.IsMemberFunction() && !slices.Contains(arities, len(call.Args())) {
			return arityProblem(call.FunctionName(), arities, len(call.Args()))
		}
		if call.IsMemberFunction() {
			if msg := fieldProblem(call.Target(), bound); msg != "" {
				return msg
			}
		}
		for _, a := range call.Args() {
			if msg := fieldProblem(a, bound); msg != "" {
				return msg
			}
		}
	case celast.ListKind:
		for _, el := range e.AsList().Elements() {
			if msg := fieldProblem(el, bound); msg != "" {
				return msg
			}
		}
	case celast.MapKind:
		for _, entry := range e.AsMap().Entries() {
			me := entry.AsMapEntry()
			if msg := fieldProblem(me.Key(), bound); msg != "" {
				return msg
			}
			if msg := fieldProblem(me.Value(), bound); msg != "" {
				return msg
			}
		}
	case celast.ComprehensionKind:
		comp := e.AsComprehension()
		if msg := fieldProblem(comp.IterRange(), bound); msg != "" {
			return msg
		}
		if msg := fieldProblem(comp.AccuInit(), bound); msg != "" {
			return msg
		}
		inner := append(slices.Clone(bound), comp.IterVar(), comp.AccuVar())
		if comp.HasIterVar2() {
			inner = append(inner, comp.IterVar2())
		}
		for _, sub := range []celast.Expr{comp.LoopCondition(), comp.LoopStep(), comp.Result()} {
			if msg := fieldProblem(sub, inner); msg != "" {
				return msg
			}
		}
	}
	return ""
}

// arityProblem says that a macro was called with the wrong number of
// arguments, and how it is called.
func arityProblem(name string, arities []int, got int) string {
	want := make([]string, len(arities))
	for i, n := range arities {
		want[i] = fmt.Sprint(n)
	}
	msg := fmt.Sprintf("%s takes %s argument(s), not %d", name, strings.Join(want, " or "), got)
	if sig, ok := macroSignature[name]; ok {
		msg += "; write " + sig
	}
	return msg
}

// selectPath is a chain of selections on a variable (req.url.path) as its
// names; false when the chain starts elsewhere (a call, an index).
func selectPath(e celast.Expr) ([]string, bool) {
	var rev []string
	for e.Kind() == celast.SelectKind {
		rev = append(rev, e.AsSelect().FieldName())
		e = e.AsSelect().Operand()
	}
	if e.Kind() != celast.IdentKind {
		return nil, false
	}
	rev = append(rev, e.AsIdent())
	slices.Reverse(rev)
	return rev, true
}

func checkPath(path []string) string {
	n, ok := variables().children[path[0]]
	if !ok {
		return "" // not a variable of ours: the checker has resolved it otherwise
	}
	for i, part := range path[1:] {
		if n.open {
			return ""
		}
		next, ok := n.children[part]
		if !ok {
			parent := strings.Join(path[:i+1], ".")
			if len(n.children) == 0 {
				return fmt.Sprintf("%s has no fields, so %s.%s does not exist", parent, parent, part)
			}
			names := slices.Sorted(func(yield func(string) bool) {
				for k := range n.children {
					if !yield(k) {
						return
					}
				}
			})
			return fmt.Sprintf("%s has no field %q%s", parent, part, suggest(part, names))
		}
		n = next
	}
	return ""
}

// checkInterpolations parses every ${...} of a configuration string as a
// CEL expression with check (checkExpression, or the checker's bounded
// version of it); "" when all are valid.
func checkInterpolations(s string, check func(src string) string) string {
	for i := 0; ; {
		start := strings.Index(s[i:], "${")
		if start < 0 {
			return ""
		}
		start += i + 2
		end, ok := interpolationEnd(s, start)
		if !ok {
			return fmt.Sprintf("the interpolation starting %s is not closed by }", quote(s[start-2:]))
		}
		src := s[start:end]
		if strings.TrimSpace(src) == "" {
			return "an interpolation ${} must hold a CEL expression"
		}
		if msg := check(src); msg != "" {
			return "in the interpolation ${" + truncate(src, 120) + "}: " + msg
		}
		i = end + 1
	}
}

// interpolationEnd finds the } that closes an interpolation whose
// expression starts at s[start], past braces of map literals and quoted
// strings inside it.
func interpolationEnd(s string, start int) (int, bool) {
	depth := 0
	for i := start; i < len(s); i++ {
		switch c := s[i]; c {
		case '\'', '"':
			for i++; i < len(s) && s[i] != c; i++ {
				if s[i] == '\\' {
					i++
				}
			}
		case '{':
			depth++
		case '}':
			if depth == 0 {
				return i, true
			}
			depth--
		}
	}
	return 0, false
}

// SecretRef is a vault secret a policy reads with
// secrets.get('vault', 'name') (traffic-policy/macros/index.mdx, Secrets).
type SecretRef struct {
	Vault, Name string
}

// SecretRefs are the secrets a policy reads by literal names, each once, in
// the order of the document's keys (sorted) and lists: in rule expressions,
// rate-limit bucket keys and ${...} interpolations. A call
// whose names are computed is not one of them.
func SecretRefs(doc any) []SecretRef {
	var refs []SecretRef
	seen := map[SecretRef]bool{}
	// NOTE: the strings of rules' expressions and of rate-limit's
	// bucket_key are CEL; every other string is text, CEL only in its
	// ${...}.
	var walk func(v any, cel bool)
	walk = func(v any, cel bool) {
		switch v := v.(type) {
		case map[string]any:
			for _, k := range slices.Sorted(maps.Keys(v)) {
				walk(v[k], k == "expressions" || k == "bucket_key")
			}
		case []any:
			for _, e := range v {
				walk(e, cel)
			}
		case string:
			if !strings.Contains(v, "secrets.get") {
				return
			}
			sources := []string{v}
			if !cel {
				sources = interpolationSources(v)
			}
			for _, src := range sources {
				for _, r := range secretCalls(src) {
					if !seen[r] {
						seen[r] = true
						refs = append(refs, r)
					}
				}
			}
		}
	}
	walk(doc, false)
	return refs
}

// interpolationSources are the CEL sources of the ${...} of s.
func interpolationSources(s string) []string {
	var out []string
	for i := 0; ; {
		start := strings.Index(s[i:], "${")
		if start < 0 {
			return out
		}
		start += i + 2
		end, ok := interpolationEnd(s, start)
		if !ok {
			return out
		}
		out = append(out, s[start:end])
		i = end + 1
	}
}

// secretCalls are the secrets.get calls of one CEL source whose two
// arguments are string literals.
func secretCalls(src string) []SecretRef {
	env, err := celEnv()
	if err != nil {
		return nil
	}
	checked, iss := env.Compile(src)
	if iss.Err() != nil {
		return nil
	}
	var refs []SecretRef
	var walk func(e celast.Expr)
	walk = func(e celast.Expr) {
		switch e.Kind() {
		case celast.CallKind:
			call := e.AsCall()
			args := call.Args()
			if call.FunctionName() == "secrets.get" && len(args) == 2 &&
				args[0].Kind() == celast.LiteralKind && args[1].Kind() == celast.LiteralKind {
				vault, ok1 := args[0].AsLiteral().Value().(string)
				name, ok2 := args[1].AsLiteral().Value().(string)
				if ok1 && ok2 {
					refs = append(refs, SecretRef{Vault: vault, Name: name})
				}
			}
			if call.IsMemberFunction() {
				walk(call.Target())
			}
			for _, a := range args {
				walk(a)
			}
		case celast.SelectKind:
			walk(e.AsSelect().Operand())
		case celast.ListKind:
			for _, el := range e.AsList().Elements() {
				walk(el)
			}
		case celast.MapKind:
			for _, entry := range e.AsMap().Entries() {
				walk(entry.AsMapEntry().Key())
				walk(entry.AsMapEntry().Value())
			}
		case celast.ComprehensionKind:
			comp := e.AsComprehension()
			for _, sub := range []celast.Expr{comp.IterRange(), comp.AccuInit(), comp.LoopCondition(), comp.LoopStep(), comp.Result()} {
				walk(sub)
			}
		}
	}
	walk(checked.NativeRep().Expr())
	return refs
}
