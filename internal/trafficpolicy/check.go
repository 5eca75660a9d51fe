package trafficpolicy

import (
	"encoding/json"
	"fmt"
	"maps"
	"math"
	"slices"
	"strconv"
	"strings"
	"time"
)

// maxProblems bounds what one check reports: enough to fix a policy in one
// pass, not a wall of text for a document that is wrong throughout.
const maxProblems = 20

// maxExpressions bounds the distinct CEL expressions and interpolations one
// check compiles (about 0.1 ms each): a policy's cost to the provider and
// the mock stays under a fraction of a second whatever its size. ngrok
// publishes no such limit; its plans allow far fewer rules than this needs.
const maxExpressions = 1000

// Problem is one thing wrong with a policy: where (the phase, rule and
// action by index and name, then the field) and what.
type Problem struct {
	// Where is the location, e.g. `on_http_request[1] (rule "auth"),
	// action[0] (type "forward_internal")`; empty for the whole document.
	Where string
	// What says what is wrong, and what to write instead where it can.
	What string
	// Code is the code of ngrok's error reference that the API answers
	// this problem with, where the reference has one (ERR_NGROK_360);
	// Args are its placeholders' values, in the order they appear in its
	// message. "" for a problem the API answers with ERR_NGROK_18002.
	Code string
	Args []any
}

func (p Problem) String() string {
	if p.Where == "" {
		return p.What
	}
	return p.Where + ": " + p.What
}

// Message joins problems as one error text, the first ones first.
func Message(problems []Problem) string {
	parts := make([]string, len(problems))
	for i, p := range problems {
		parts[i] = p.String()
	}
	return strings.Join(parts, "; ")
}

// Check checks a parsed policy document: the values encoding/json decodes
// (numbers as float64 or json.Number) or yaml.v3 does (int, int64, uint64,
// float64 too), with string-keyed objects. It returns what is wrong, in
// document order (phases in Phases' order), at most maxProblems; none for a
// valid policy.
func Check(doc any) []Problem { return CheckFor(doc, Options{}) }

// CheckFor is Check for a policy whose place is known (Options): the phases
// of its endpoint's protocol. A value may be Unknown, which is accepted
// wherever it stands.
func CheckFor(doc any, opts Options) []Problem {
	c := &checker{opts: opts}
	c.document(doc)
	return c.problems
}

type checker struct {
	opts     Options
	problems []Problem
	// compiled memoises checkExpression by source and mustBeBool, so that
	// an expression repeated costs one compilation and one count.
	compiled   map[celKey]string
	overBudget bool
}

type celKey struct {
	src        string
	mustBeBool bool
}

// expression is checkExpression, memoised and bounded by maxExpressions.
func (c *checker) expression(src string, mustBeBool bool) string {
	k := celKey{src, mustBeBool}
	if msg, ok := c.compiled[k]; ok {
		return msg
	}
	if c.compiled == nil {
		c.compiled = map[celKey]string{}
	}
	if len(c.compiled) >= maxExpressions {
		// NOTE: said once, where the budget ran out; the policy is refused
		// by that, so what follows needs no word of its own.
		if c.overBudget {
			return ""
		}
		c.overBudget = true
		return fmt.Sprintf("the policy holds more than %d distinct CEL expressions and interpolations, more than are checked", maxExpressions)
	}
	msg := checkExpression(src, mustBeBool)
	c.compiled[k] = msg
	return msg
}

func (c *checker) interpolation(src string) string { return c.expression(src, false) }

// full reports whether the check has found all it reports, after which it
// stops: a policy of a million empty rules costs no more than one of
// twenty.
func (c *checker) full() bool { return len(c.problems) >= maxProblems }

func (c *checker) add(where, format string, args ...any) {
	c.addProblem(Problem{Where: where, What: fmt.Sprintf(format, args...)})
}

func (c *checker) addProblem(p Problem) {
	if len(c.problems) < maxProblems {
		c.problems = append(c.problems, p)
	}
}

func (c *checker) document(doc any) {
	if isUnknown(doc) {
		return
	}
	obj, ok := doc.(map[string]any)
	if !ok {
		c.add("", "a traffic policy must be an object whose keys are phases (%s), not %s", strings.Join(Phases, ", "), kindOf(doc))
		return
	}
	for _, k := range slices.Sorted(maps.Keys(obj)) {
		if !slices.Contains(Phases, k) {
			c.add(fmt.Sprintf("phase %q", k), "unknown phase%s; the phases are %s", suggest(k, Phases), strings.Join(Phases, ", "))
		}
	}
	scheme := strings.ToLower(c.opts.Scheme)
	for _, phase := range Phases {
		v, present := obj[phase]
		if !present || v == nil || isUnknown(v) {
			continue
		}
		if runs, known := protocolPhases[scheme]; known && !slices.Contains(runs, phase) {
			// NOTE: traffic-policy/how-it-works.mdx, "Phases available by
			// protocol": a TCP or TLS endpoint never runs the HTTP phases,
			// so their rules would never run.
			c.addProblem(Problem{Where: phase, Code: "ERR_NGROK_2230", Args: []any{phase, scheme},
				What: fmt.Sprintf("a %s:// endpoint runs only %s, so the rules of %s would never run; move them to %s or attach the policy to an http:// or https:// endpoint",
					scheme, strings.Join(runs, ", "), phase, strings.Join(runs, ", "))})
			continue
		}
		rules, ok := v.([]any)
		if !ok {
			c.add(phase, "a phase must be a list of rules, not %s", kindOf(v))
			continue
		}
		for i, r := range rules {
			if c.full() {
				return
			}
			c.rule(phase, i, r)
		}
	}
}

func (c *checker) rule(phase string, i int, r any) {
	where := fmt.Sprintf("%s[%d]", phase, i)
	if isUnknown(r) {
		return
	}
	rule, ok := r.(map[string]any)
	if !ok {
		c.add(where, "a rule must be an object with name, expressions and actions, not %s", kindOf(r))
		return
	}
	if name, ok := stringOf(rule["name"]); ok {
		where += fmt.Sprintf(" (rule %q)", name)
	} else if n, present := rule["name"]; present && n != nil {
		c.add(where, "name must be a string, not %s", kindOf(n))
	}
	for _, k := range slices.Sorted(maps.Keys(rule)) {
		if !slices.Contains(ruleFields, k) {
			c.add(where, "unknown rule field %q%s; a rule has %s", k, suggest(k, ruleFields), strings.Join(ruleFields, ", "))
		}
	}
	if exprs, present := rule["expressions"]; present && exprs != nil && !isUnknown(exprs) {
		if list, ok := exprs.([]any); !ok {
			c.add(where, "expressions must be a list of CEL expressions (strings), not %s", kindOf(exprs))
		} else {
			for j, e := range list {
				if c.full() {
					return
				}
				at := fmt.Sprintf("%s, expressions[%d]", where, j)
				if isUnknown(e) {
					continue
				}
				s, ok := stringOf(e)
				if !ok {
					c.add(at, "an expression must be a string, not %s", kindOf(e))
					continue
				}
				if msg := c.expression(s, true); msg != "" {
					c.add(at, "%s", msg)
				}
			}
		}
	}
	acts, present := rule["actions"]
	if isUnknown(acts) {
		return
	}
	if !present || acts == nil {
		c.add(where, "a rule needs actions: a list of at least one action")
		return
	}
	list, ok := acts.([]any)
	if !ok {
		c.add(where, "actions must be a list of actions, not %s; write actions: [{type: ..., config: {...}}]", kindOf(acts))
		return
	}
	if len(list) == 0 {
		c.add(where, "a rule needs at least one action")
	}
	for j, a := range list {
		if c.full() {
			return
		}
		c.action(phase, where, j, a)
	}
}

func (c *checker) action(phase, ruleWhere string, j int, a any) {
	where := fmt.Sprintf("%s, action[%d]", ruleWhere, j)
	if isUnknown(a) {
		return
	}
	act, ok := a.(map[string]any)
	if !ok {
		c.add(where, "an action must be an object with type and config, not %s", kindOf(a))
		return
	}
	typ, isString := act["type"].(string)
	if isString {
		where += fmt.Sprintf(" (type %q)", typ)
	}
	for _, k := range slices.Sorted(maps.Keys(act)) {
		if !slices.Contains(actionFields, k) {
			c.add(where, "unknown action field %q%s; an action has type and config", k, suggest(k, actionFields))
		}
	}
	switch t, present := act["type"]; {
	case isUnknown(t):
		return
	case !present || t == nil:
		c.add(where, "an action needs a type")
		return
	case !isString:
		c.add(where, "type must be a string, not %s", kindOf(t))
		return
	}
	spec, found := lookupAction(typ)
	if !found {
		if now := renamedAction(typ); now != "" {
			c.add(where, "%s is the name of an edge module, not of an action; the action that does its work is %s: write type: %s", typ, now, now)
			return
		}
		c.add(where, "unknown action type%s", suggest(typ, actionTypes()))
		return
	}
	if !slices.Contains(spec.phases, phase) {
		c.add(where, "the action %s cannot run in %s; it runs in %s", typ, phase, strings.Join(spec.phases, ", "))
	}
	cfg, present := act["config"]
	if isUnknown(cfg) {
		return
	}
	if spec.open {
		if present && cfg != nil {
			if _, ok := cfg.(map[string]any); !ok {
				c.add(where+", config", "config must be an object, not %s", kindOf(cfg))
			}
		}
		return
	}
	if !present || cfg == nil {
		cfg = map[string]any{}
	}
	c.object(where, "config", spec.config, cfg)
}

// object checks an object with the fields listed.
func (c *checker) object(where, path string, fields []field, v any) {
	if isUnknown(v) {
		return
	}
	obj, ok := v.(map[string]any)
	if !ok {
		c.add(where+", "+path, "must be an object, not %s", kindOf(v))
		return
	}
	names := make([]string, len(fields))
	for i, f := range fields {
		names[i] = f.name
	}
	for _, k := range slices.Sorted(maps.Keys(obj)) {
		if !slices.Contains(names, k) {
			if len(names) == 0 {
				c.add(where+", "+path, "unknown field %q: this action takes no configuration", k)
				continue
			}
			c.add(where+", "+path, "unknown field %q%s; the fields are %s", k, suggest(k, names), strings.Join(names, ", "))
		}
	}
	for _, f := range fields {
		fv, present := obj[f.name]
		if !present || fv == nil {
			if f.required {
				c.add(where+", "+path, "the field %s is required", f.name)
			}
			continue
		}
		c.value(where, path+"."+f.name, f.typ, fv)
	}
}

// value checks one configuration value against its type.
func (c *checker) value(where, path string, t *valueType, v any) {
	if isUnknown(v) {
		return
	}
	at := where + ", " + path
	before := len(c.problems)
	defer func() {
		// NOTE: a value's meaning is checked once its type holds, so that a
		// wrong type is reported once, in its own words.
		if t.meaning != nil && len(c.problems) == before {
			if p := t.meaning(v); p.What != "" {
				p.Where = at
				c.addProblem(p)
			}
		}
	}()
	switch t.kind {
	case kindAny:
		if t.cel {
			c.interpolations(at, v)
		}
	case kindString:
		s, ok := stringOf(v)
		if !ok {
			c.add(at, "must be a string, not %s", kindOf(v))
			return
		}
		if t.cel {
			c.interpolations(at, s)
		}
		interpolated := t.cel && strings.Contains(s, "${")
		if t.enum != nil && !interpolated && !slices.Contains(t.enum, s) {
			c.add(at, "%q is not one of %s%s", s, quoted(t.enum), suggest(s, t.enum))
		}
	case kindExpression:
		s, ok := stringOf(v)
		if !ok {
			c.add(at, "must be a CEL expression (a string), not %s", kindOf(v))
			return
		}
		if msg := c.expression(s, false); msg != "" {
			c.add(at, "%s", msg)
		}
	case kindInt:
		f, ok := numberOf(v)
		if !ok || f != math.Trunc(f) {
			c.add(at, "must be an integer, not %s", kindOf(v))
			return
		}
		if t.enum != nil && !slices.Contains(t.enum, strconv.FormatFloat(f, 'f', -1, 64)) {
			c.add(at, "%v is not one of %s", f, strings.Join(t.enum, ", "))
		}
	case kindNumber:
		if _, ok := numberOf(v); !ok {
			c.add(at, "must be a number, not %s", kindOf(v))
		}
	case kindBool:
		if _, ok := v.(bool); !ok {
			c.add(at, "must be true or false, not %s", kindOf(v))
		}
	case kindList:
		list, ok := v.([]any)
		if !ok {
			c.add(at, "must be a list, not %s", kindOf(v))
			return
		}
		for i, e := range list {
			if c.full() {
				return
			}
			if isUnknown(e) {
				continue
			}
			if e == nil {
				c.add(fmt.Sprintf("%s[%d]", at, i), "must not be null")
				continue
			}
			c.value(where, fmt.Sprintf("%s[%d]", path, i), t.elem, e)
		}
	case kindMap:
		obj, ok := v.(map[string]any)
		if !ok {
			c.add(at, "must be an object, not %s", kindOf(v))
			return
		}
		for _, k := range slices.Sorted(maps.Keys(obj)) {
			if obj[k] == nil && t.elem.kind != kindAny {
				c.add(at+"."+k, "must not be null")
				continue
			}
			c.value(where, path+"."+k, t.elem, obj[k])
		}
	case kindObject:
		c.object(where, path, t.fields, v)
	case kindOneOf:
		var first []Problem
		for i, alt := range t.alternatives {
			sub := &checker{opts: c.opts, compiled: c.compiled, overBudget: c.overBudget}
			sub.value(where, path, alt, v)
			c.overBudget = c.overBudget || sub.overBudget
			if len(sub.problems) == 0 {
				return
			}
			if i == 0 {
				first = sub.problems
			}
		}
		for _, p := range first {
			c.addProblem(p)
		}
	}
}

// interpolations checks every ${...} in the strings of v (a string, or a
// list or object holding strings).
func (c *checker) interpolations(at string, v any) {
	switch v := v.(type) {
	case string:
		if msg := checkInterpolations(v, c.interpolation); msg != "" {
			c.add(at, "%s", msg)
		}
	case []any:
		for i, e := range v {
			c.interpolations(fmt.Sprintf("%s[%d]", at, i), e)
		}
	case map[string]any:
		for _, k := range slices.Sorted(maps.Keys(v)) {
			c.interpolations(at+"."+k, v[k])
		}
	}
}

func lookupAction(typ string) (action, bool) {
	for _, a := range actions {
		if a.typ == typ {
			return a, true
		}
	}
	return action{}, false
}

// ActionTypes are the action types the language has, alphabetically.
func ActionTypes() []string { return actionTypes() }

func actionTypes() []string {
	out := make([]string, len(actions))
	for i, a := range actions {
		out[i] = a.typ
	}
	return out
}

// stringOf is a string value. yaml.v3 decodes a date-like plain scalar
// (2025-01-01) as a time.Time where the provider's parser keeps its text:
// both are the string, written back as YAML wrote it.
func stringOf(v any) (string, bool) {
	switch v := v.(type) {
	case string:
		return v, true
	case time.Time:
		if v.Location() == time.UTC && v.Equal(v.Truncate(24*time.Hour)) {
			return v.Format(time.DateOnly), true
		}
		return v.Format(time.RFC3339Nano), true
	}
	return "", false
}

func numberOf(v any) (float64, bool) {
	switch v := v.(type) {
	case json.Number:
		f, err := strconv.ParseFloat(string(v), 64)
		return f, err == nil
	case float64:
		return v, true
	case int:
		return float64(v), true
	case int64:
		return float64(v), true
	case uint64:
		return float64(v), true
	}
	return 0, false
}

// kindOf names a value's JSON type for messages.
func kindOf(v any) string {
	switch v := v.(type) {
	case nil:
		return "null"
	case map[string]any:
		return "an object"
	case []any:
		return "a list"
	case string, time.Time:
		s, _ := stringOf(v)
		return fmt.Sprintf("the string %q", truncate(s, 40))
	case bool:
		return "a boolean"
	}
	if f, ok := numberOf(v); ok {
		return "the number " + strconv.FormatFloat(f, 'g', -1, 64)
	}
	return fmt.Sprintf("a %T", v)
}

func truncate(s string, n int) string {
	if len(s) <= n {
		return s
	}
	r := []rune(s)
	if len(r) <= n {
		return s
	}
	return string(r[:n]) + "…"
}

func quoted(values []string) string {
	q := make([]string, len(values))
	for i, v := range values {
		q[i] = strconv.Quote(v)
	}
	return strings.Join(q, ", ")
}

// suggest is `; did you mean "x"?` for the candidate closest to s, when one
// is close enough to be a likely typo; "" otherwise.
func suggest(s string, candidates []string) string {
	best, bestDist := "", math.MaxInt
	for _, cand := range candidates {
		if d := levenshtein(strings.ToLower(s), strings.ToLower(cand)); d < bestDist {
			best, bestDist = cand, d
		}
	}
	// NOTE: a third of the length, at least 2: "forward_internal" is one
	// edit from "forward-internal", "on_http_reqest" one from
	// "on_http_request", while "deny" is not offered for "xyz".
	if best == "" || bestDist > max(2, len([]rune(best))/3) {
		return ""
	}
	return fmt.Sprintf("; did you mean %q?", best)
}

// levenshtein is the edit distance between a and b, in runes.
func levenshtein(a, b string) int {
	ra, rb := []rune(a), []rune(b)
	if len(ra) > 256 || len(rb) > 256 {
		return math.MaxInt // no name of the language is that long
	}
	prev := make([]int, len(rb)+1)
	cur := make([]int, len(rb)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(ra); i++ {
		cur[0] = i
		for j := 1; j <= len(rb); j++ {
			cost := 1
			if ra[i-1] == rb[j-1] {
				cost = 0
			}
			cur[j] = min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
		}
		prev, cur = cur, prev
	}
	return prev[len(rb)]
}
