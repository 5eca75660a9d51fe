package mockserver

import (
	"cmp"
	"fmt"
	"reflect"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"
)

// filterExpr is a parsed list filter. The real API takes a CEL expression
// over the object as `obj`; the mock understands the subset that list
// filters need, evaluated over the object's JSON representation so that one
// implementation serves every collection:
//
//   - literals: strings ("x" or 'x', escapes \\ \" \' \n \r \t), numbers,
//     true, false, null, lists [a, b]
//   - obj, field selection obj.a.b and indexing obj["a-b"], list[0]
//   - == != < <= > >=, in, && || !, unary minus, parentheses
//   - s.startsWith(x), s.endsWith(x), s.contains(x)
//
// Unlike CEL, evaluation never fails: a missing field is null, a comparison
// between values of different types is false (!= is true), a method on a
// non-string is false, and anything but true counts as false in && || ! and
// as the overall result. Type mistakes thus filter everything out instead of
// failing the request, which is the forgiving choice for a test double.
type filterExpr struct {
	root filterNode
}

// filterSyntaxError locates a parse failure for the caller's message.
type filterSyntaxError struct {
	column int // 1-based, in characters
	msg    string
}

func (e *filterSyntaxError) Error() string {
	return fmt.Sprintf("syntax error at column %d: %s", e.column, e.msg)
}

// maxFilterDepth bounds nesting (parentheses, lists, arguments, indexes and
// unary operators) so that a hostile filter cannot exhaust the stack of the
// recursive-descent parser.
const maxFilterDepth = 100

func parseFilter(src string) (*filterExpr, error) {
	toks, err := lexFilter(src)
	if err != nil {
		return nil, err
	}
	p := &filterParser{src: src, toks: toks}
	root, err := p.parseOr()
	if err != nil {
		return nil, err
	}
	if t := p.peek(); t.kind != tokEOF {
		return nil, p.errorAt(t, "unexpected %s after the end of the expression", t.describe())
	}
	return &filterExpr{root: root}, nil
}

// match reports whether obj, a JSON value as decoded by encoding/json into
// any, satisfies the filter.
func (f *filterExpr) match(obj any) bool {
	return isTrue(f.root.eval(obj))
}

// Lexer.

type tokKind int

const (
	tokEOF tokKind = iota
	tokIdent
	tokString
	tokNumber
	tokPunct
)

type token struct {
	kind tokKind
	text string  // identifier, punctuation, or the decoded string value
	num  float64 // value of a number
	pos  int     // byte offset in the source
}

func (t token) describe() string {
	switch t.kind {
	case tokEOF:
		return "end of filter"
	case tokString:
		return strconv.Quote(t.text)
	case tokNumber:
		return "number " + strconv.FormatFloat(t.num, 'g', -1, 64)
	default:
		return strconv.Quote(t.text)
	}
}

func column(src string, pos int) int {
	return utf8.RuneCountInString(src[:pos]) + 1
}

func lexFilter(src string) ([]token, error) {
	var toks []token
	fail := func(pos int, format string, args ...any) ([]token, error) {
		return nil, &filterSyntaxError{column: column(src, pos), msg: fmt.Sprintf(format, args...)}
	}
	for i := 0; i < len(src); {
		c := src[i]
		switch {
		case c == ' ' || c == '\t' || c == '\n' || c == '\r':
			i++
		case isIdentStart(c):
			j := i + 1
			for j < len(src) && (isIdentStart(src[j]) || isDigit(src[j])) {
				j++
			}
			toks = append(toks, token{kind: tokIdent, text: src[i:j], pos: i})
			i = j
		case isDigit(c):
			j := i + 1
			for j < len(src) && isDigit(src[j]) {
				j++
			}
			if j+1 < len(src) && src[j] == '.' && isDigit(src[j+1]) {
				j += 2
				for j < len(src) && isDigit(src[j]) {
					j++
				}
			}
			n, err := strconv.ParseFloat(src[i:j], 64)
			if err != nil {
				return fail(i, "invalid number %q", src[i:j])
			}
			toks = append(toks, token{kind: tokNumber, num: n, text: src[i:j], pos: i})
			i = j
		case c == '"' || c == '\'':
			s, end, msg := lexString(src, i)
			if msg != "" {
				return fail(end, "%s", msg)
			}
			toks = append(toks, token{kind: tokString, text: s, pos: i})
			i = end
		default:
			if i+1 < len(src) {
				switch two := src[i : i+2]; two {
				case "==", "!=", "<=", ">=", "&&", "||":
					toks = append(toks, token{kind: tokPunct, text: two, pos: i})
					i += 2
					continue
				}
			}
			switch c {
			case '(', ')', '[', ']', ',', '.', '!', '<', '>', '-':
				toks = append(toks, token{kind: tokPunct, text: string(c), pos: i})
				i++
			case '=':
				return fail(i, `unexpected "="; compare with "=="`)
			case '&':
				return fail(i, `unexpected "&"; use "&&" for a logical and`)
			case '|':
				return fail(i, `unexpected "|"; use "||" for a logical or`)
			default:
				r, _ := utf8.DecodeRuneInString(src[i:])
				return fail(i, "unexpected character %q", r)
			}
		}
	}
	return append(toks, token{kind: tokEOF, pos: len(src)}), nil
}

// lexString reads the quoted string starting at src[start]. It returns the
// decoded value and the offset after the closing quote, or a message and the
// offset to blame.
func lexString(src string, start int) (string, int, string) {
	quote := src[start]
	var b strings.Builder
	for i := start + 1; i < len(src); i++ {
		switch c := src[i]; c {
		case quote:
			return b.String(), i + 1, ""
		case '\n':
			return "", start, "string literal not terminated before the end of the line"
		case '\\':
			if i+1 >= len(src) {
				return "", start, "string literal not terminated"
			}
			i++
			switch e := src[i]; e {
			case '\\', '"', '\'':
				b.WriteByte(e)
			case 'n':
				b.WriteByte('\n')
			case 'r':
				b.WriteByte('\r')
			case 't':
				b.WriteByte('\t')
			default:
				return "", i - 1, fmt.Sprintf(`unknown escape sequence "\%c"`, e)
			}
		default:
			b.WriteByte(c)
		}
	}
	return "", start, "string literal not terminated"
}

func isIdentStart(c byte) bool {
	return c == '_' || ('a' <= c && c <= 'z') || ('A' <= c && c <= 'Z')
}

func isDigit(c byte) bool { return '0' <= c && c <= '9' }

// Parser: recursive descent with CEL's precedence, loosest first:
// ||, &&, relations (== != < <= > >= in), unary (! -), member (. [] calls).

type filterParser struct {
	src   string
	toks  []token
	i     int
	depth int
}

func (p *filterParser) peek() token { return p.toks[p.i] }

func (p *filterParser) next() token {
	t := p.toks[p.i]
	if t.kind != tokEOF {
		p.i++
	}
	return t
}

func (p *filterParser) acceptPunct(text string) bool {
	if t := p.peek(); t.kind == tokPunct && t.text == text {
		p.i++
		return true
	}
	return false
}

func (p *filterParser) expectPunct(text string) error {
	if p.acceptPunct(text) {
		return nil
	}
	t := p.peek()
	return p.errorAt(t, "expected %q but found %s", text, t.describe())
}

func (p *filterParser) errorAt(t token, format string, args ...any) error {
	return &filterSyntaxError{column: column(p.src, t.pos), msg: fmt.Sprintf(format, args...)}
}

func (p *filterParser) enter() error {
	p.depth++
	if p.depth > maxFilterDepth {
		return p.errorAt(p.peek(), "expression nested more than %d levels deep", maxFilterDepth)
	}
	return nil
}

func (p *filterParser) leave() { p.depth-- }

func (p *filterParser) parseOr() (filterNode, error) {
	if err := p.enter(); err != nil {
		return nil, err
	}
	defer p.leave()
	l, err := p.parseAnd()
	if err != nil {
		return nil, err
	}
	for p.acceptPunct("||") {
		r, err := p.parseAnd()
		if err != nil {
			return nil, err
		}
		l = orNode{l, r}
	}
	return l, nil
}

func (p *filterParser) parseAnd() (filterNode, error) {
	l, err := p.parseRelation()
	if err != nil {
		return nil, err
	}
	for p.acceptPunct("&&") {
		r, err := p.parseRelation()
		if err != nil {
			return nil, err
		}
		l = andNode{l, r}
	}
	return l, nil
}

var relationOps = []string{"==", "!=", "<", "<=", ">", ">="}

func (p *filterParser) parseRelation() (filterNode, error) {
	l, err := p.parseUnary()
	if err != nil {
		return nil, err
	}
	for {
		t := p.peek()
		var op string
		switch {
		case t.kind == tokPunct && slices.Contains(relationOps, t.text):
			op = t.text
		case t.kind == tokIdent && t.text == "in":
			op = "in"
		default:
			return l, nil
		}
		p.next()
		r, err := p.parseUnary()
		if err != nil {
			return nil, err
		}
		l = relationNode{op: op, l: l, r: r}
	}
}

func (p *filterParser) parseUnary() (filterNode, error) {
	var wrap func(filterNode) filterNode
	switch {
	case p.acceptPunct("!"):
		wrap = func(x filterNode) filterNode { return notNode{x} }
	case p.acceptPunct("-"):
		wrap = func(x filterNode) filterNode { return negNode{x} }
	default:
		return p.parseMember()
	}
	if err := p.enter(); err != nil {
		return nil, err
	}
	defer p.leave()
	x, err := p.parseUnary()
	if err != nil {
		return nil, err
	}
	return wrap(x), nil
}

// filterMethods are the receiver-style functions the filter understands.
var filterMethods = map[string]func(s, arg string) bool{
	"startsWith": strings.HasPrefix,
	"endsWith":   strings.HasSuffix,
	"contains":   strings.Contains,
}

func (p *filterParser) parseMember() (filterNode, error) {
	x, err := p.parsePrimary()
	if err != nil {
		return nil, err
	}
	for {
		switch {
		case p.acceptPunct("."):
			name := p.next()
			if name.kind != tokIdent {
				return nil, p.errorAt(name, "expected a field name after \".\" but found %s", name.describe())
			}
			if !p.acceptPunct("(") {
				x = selectNode{x: x, field: name.text}
				continue
			}
			method, ok := filterMethods[name.text]
			if !ok {
				return nil, p.errorAt(name, "unknown method %q; supported methods are startsWith, endsWith and contains", name.text)
			}
			args, err := p.parseList(")")
			if err != nil {
				return nil, err
			}
			if len(args) != 1 {
				return nil, p.errorAt(name, "%s takes exactly one argument, not %d", name.text, len(args))
			}
			x = callNode{recv: x, method: method, arg: args[0]}
		case p.acceptPunct("["):
			index, err := p.parseOr()
			if err != nil {
				return nil, err
			}
			if err := p.expectPunct("]"); err != nil {
				return nil, err
			}
			x = indexNode{x: x, index: index}
		default:
			return x, nil
		}
	}
}

func (p *filterParser) parsePrimary() (filterNode, error) {
	t := p.next()
	switch t.kind {
	case tokString:
		return litNode{t.text}, nil
	case tokNumber:
		return litNode{t.num}, nil
	case tokIdent:
		switch t.text {
		case "obj":
			return objNode{}, nil
		case "true":
			return litNode{true}, nil
		case "false":
			return litNode{false}, nil
		case "null":
			return litNode{nil}, nil
		}
		if p.peek().kind == tokPunct && p.peek().text == "(" {
			return nil, p.errorAt(t, "unknown function %q", t.text)
		}
		return nil, p.errorAt(t, "undeclared reference to %q; the object is named obj", t.text)
	case tokPunct:
		switch t.text {
		case "(":
			x, err := p.parseOr()
			if err != nil {
				return nil, err
			}
			if err := p.expectPunct(")"); err != nil {
				return nil, err
			}
			return x, nil
		case "[":
			elems, err := p.parseList("]")
			if err != nil {
				return nil, err
			}
			return listNode{elems}, nil
		}
	}
	return nil, p.errorAt(t, "expected a value but found %s", t.describe())
}

// parseList parses comma-separated expressions up to and including the
// closing punctuation; the opening one has been consumed.
func (p *filterParser) parseList(closing string) ([]filterNode, error) {
	var elems []filterNode
	for !p.acceptPunct(closing) {
		e, err := p.parseOr()
		if err != nil {
			return nil, err
		}
		elems = append(elems, e)
		if !p.acceptPunct(",") {
			if err := p.expectPunct(closing); err != nil {
				return nil, err
			}
			break
		}
	}
	return elems, nil
}

// Evaluation over JSON values: nil, bool, float64, string, []any, map[string]any.

type filterNode interface {
	eval(obj any) any
}

type (
	litNode    struct{ v any }
	objNode    struct{}
	selectNode struct {
		x     filterNode
		field string
	}
	indexNode struct{ x, index filterNode }
	callNode  struct {
		recv   filterNode
		method func(s, arg string) bool
		arg    filterNode
	}
	notNode      struct{ x filterNode }
	negNode      struct{ x filterNode }
	listNode     struct{ elems []filterNode }
	andNode      struct{ l, r filterNode }
	orNode       struct{ l, r filterNode }
	relationNode struct {
		op   string
		l, r filterNode
	}
)

func (n litNode) eval(any) any     { return n.v }
func (objNode) eval(obj any) any   { return obj }
func (n notNode) eval(obj any) any { return !isTrue(n.x.eval(obj)) }

func (n selectNode) eval(obj any) any {
	m, _ := n.x.eval(obj).(map[string]any)
	return m[n.field] // nil for a missing field or a non-object
}

func (n indexNode) eval(obj any) any {
	switch x := n.x.eval(obj).(type) {
	case map[string]any:
		if k, ok := n.index.eval(obj).(string); ok {
			return x[k]
		}
	case []any:
		if f, ok := n.index.eval(obj).(float64); ok && f >= 0 && f < float64(len(x)) && f == float64(int(f)) {
			return x[int(f)]
		}
	}
	return nil
}

func (n callNode) eval(obj any) any {
	s, ok1 := n.recv.eval(obj).(string)
	arg, ok2 := n.arg.eval(obj).(string)
	return ok1 && ok2 && n.method(s, arg)
}

func (n negNode) eval(obj any) any {
	if f, ok := n.x.eval(obj).(float64); ok {
		return -f
	}
	return nil
}

func (n listNode) eval(obj any) any {
	vals := make([]any, len(n.elems))
	for i, e := range n.elems {
		vals[i] = e.eval(obj)
	}
	return vals
}

func (n andNode) eval(obj any) any { return isTrue(n.l.eval(obj)) && isTrue(n.r.eval(obj)) }
func (n orNode) eval(obj any) any  { return isTrue(n.l.eval(obj)) || isTrue(n.r.eval(obj)) }

func (n relationNode) eval(obj any) any {
	l, r := n.l.eval(obj), n.r.eval(obj)
	switch n.op {
	case "==":
		return jsonEqual(l, r)
	case "!=":
		return !jsonEqual(l, r)
	case "in":
		switch r := r.(type) {
		case []any:
			for _, e := range r {
				if jsonEqual(l, e) {
					return true
				}
			}
		case map[string]any:
			k, ok := l.(string)
			_, present := r[k]
			return ok && present
		}
		return false
	}
	c, ok := order(l, r)
	if !ok {
		return false
	}
	switch n.op {
	case "<":
		return c < 0
	case "<=":
		return c <= 0
	case ">":
		return c > 0
	default: // ">="
		return c >= 0
	}
}

func isTrue(v any) bool {
	b, ok := v.(bool)
	return ok && b
}

func jsonEqual(a, b any) bool {
	switch a := a.(type) {
	case nil:
		return b == nil
	case bool, float64, string:
		return a == b
	default:
		return reflect.DeepEqual(a, b)
	}
}

// order compares two numbers or two strings; other pairs are unordered.
func order(a, b any) (int, bool) {
	switch a := a.(type) {
	case float64:
		if b, ok := b.(float64); ok {
			return cmp.Compare(a, b), true
		}
	case string:
		if b, ok := b.(string); ok {
			return cmp.Compare(a, b), true
		}
	}
	return 0, false
}
