package mockserver

import (
	"context"
	"errors"
	"fmt"
	"math"
	"reflect"
	"runtime"
	"strconv"
	"strings"
	"sync"
	"time"

	"cel.dev/cel-go/cel"
	"cel.dev/cel-go/common"
	celast "cel.dev/cel-go/common/ast"
	"cel.dev/cel-go/common/cost"
	"cel.dev/cel-go/common/overloads"
	"cel.dev/cel-go/common/types"
	"cel.dev/cel-go/common/types/ref"
	"cel.dev/cel-go/common/types/traits"
	"cel.dev/cel-go/ext"
	"cel.dev/cel-go/interpreter"

	"github.com/tfedge/terraform-provider-ngrok/internal/apifilter"
)

// List filters: the `filter` query parameter of the lists that take one is a
// CEL expression over the object as `obj`, as the real API documents. obj is
// typed: its fields are those of the object's JSON answer, under their JSON
// names, each read straight from the wire struct the row is converted to for
// the answer anyway (no JSON encoding per row).
//
// A field reads as null exactly when the JSON answer has it null or leaves it
// out (an unset description, a domain without a certificate), and has(obj.f)
// is false exactly then. Timestamps are CEL timestamps, references ({id,
// uri}) and other nested objects are objects, lists are lists.
//
// A filter is first checked against what ngrok documents (apifilter: the
// CEL subset and the fields of each list); one that passes and then does
// not type-check, or whose result is not a bool, is refused as well, with
// CEL's own message: 400 invalid_cel_expression either way (list.go). An error evaluating one object
// (obj.certificate.id on a domain without a certificate, an index out of
// range) means that object does not match, as under the subset the mock
// understood before; CEL's && and || still absorb an error that the other
// side decides. [ours: the real API's handling is not documented]

// filterRoots and filterNested name every wire struct that a filter can
// reach, as CEL shows it in types and messages. A list whose row type is a
// key of filterRoots takes a filter; filterNested are the objects inside.
// Declared collections add theirs (declare, collection.go).
var (
	filterRoots = map[reflect.Type]string{
		reflect.TypeFor[reservedDomainWire](): "ngrok.ReservedDomain",
		reflect.TypeFor[endpointWire]():       "ngrok.Endpoint",
	}
	filterNested = map[reflect.Type]string{
		reflect.TypeFor[refWire]():             "ngrok.Ref",
		reflect.TypeFor[certPolicyWire]():      "ngrok.CertificateManagementPolicy",
		reflect.TypeFor[certStatusWire]():      "ngrok.CertificateManagementStatus",
		reflect.TypeFor[certJobWire]():         "ngrok.CertificateProvisioningJob",
		reflect.TypeFor[resolvesToEntryWire](): "ngrok.ReservedDomainResolvesToEntry",
	}
)

// Limits on a filter. The cost unit is CEL's: about one unit per operation,
// a comprehension's iterations and a string function's input and output
// sizes counted (0.1 a byte). [ours: the real API's limits are not documented]
//
// A filter is refused before it runs when its worst-case cost on one object,
// estimated by CEL from its text and the largest value each field can hold
// (filterFieldBytes), exceeds maxFilterCostPerObj. Since every function that
// builds a value is charged for its size, that also bounds every value a
// filter builds to about ten bytes per unit. Then, at run time, each
// evaluation is charged its actual cost, replace() refuses to build a string
// over maxFilterValueBytes before building it, and each list request stops
// at its cost budget or its deadline, whichever comes first.
const (
	maxFilterBytes      = 4096    // the expression's length in code points
	maxFilterDepth      = 100     // parser recursion
	maxFilterNesting    = 3       // comprehensions inside comprehensions
	maxFilterCostPerObj = 100_000 // evaluating the filter over one object
	// maxFilterCostPerList bounds one list request over every object it
	// visits, so that a filter just under the per-object limit cannot make
	// one request scan a large account for long. NOTE: a unit costs 50-150
	// ns (measured on 2 shared cores, a match's four instruction-bytes
	// included), so this is about half a second at worst, while an
	// ordinary filter (10-50 units) stays within it at 100,000 objects.
	maxFilterCostPerList = 5_000_000
	// maxFilterTime is a list request's deadline for filtering: the wall
	// clock bound whatever the prices say (a field larger than its size in
	// filterFieldBytes, a loaded machine), checked between objects and
	// every filterInterruptEvery iterations of a comprehension. NOTE: an
	// ordinary filter that matches nothing over 100,000 objects takes
	// 0.2-0.7 s (BenchmarkListFilteredSparse, ...EndpointsPage), several
	// times that on 2 cores shared with other work.
	maxFilterTime        = 5 * time.Second
	filterInterruptEvery = 64
	// maxFilterValueBytes bounds a string that replace() builds, checked
	// before it is built: the one function whose result can grow with the
	// product of its inputs' sizes.
	maxFilterValueBytes = 1 << 20
	// maxFilterRegexProgram bounds a regular expression's program (RE2
	// instructions), constant or not; regexInstBytesPerUnit prices a match:
	// Go's regexp spends 10-40 ns per instruction and input byte on a
	// program too large for its backtracker (measured on 2 shared cores),
	// so four instruction-bytes are a unit, which CEL's own model (0.025
	// units a pattern byte) underprices tenfold.
	maxFilterRegexProgram = 1000
	regexInstBytesPerUnit = 4
	// maxCachedFilters bounds the programs kept for reuse: a client walking
	// the pages of a filtered list sends the same filter with each page.
	maxCachedFilters = 256
)

// errFilterCost is a filter stopped for exceeding a cost limit.
var errFilterCost = errors.New("the filter exceeds its cost limit")

// filterEnvs holds one CEL environment per filterable row type, built on
// first use and shared by every request: building one takes milliseconds,
// compiling a filter in it microseconds.
var filterEnvs = sync.OnceValue(func() map[reflect.Type]*cel.Env {
	envs := make(map[reflect.Type]*cel.Env, len(filterRoots))
	for rt, name := range filterRoots {
		env, err := newFilterEnv(rt, name)
		if err != nil {
			panic(fmt.Sprintf("mockserver: filter environment for %s: %v", name, err))
		}
		envs[rt] = env
	}
	return envs
})

func newFilterEnv(root reflect.Type, name string) (*cel.Env, error) {
	structs := map[reflect.Type]*celStruct{}
	if _, err := describeStruct(root, name, structs); err != nil {
		return nil, err
	}
	opts := []cel.EnvOption{
		cel.Variable("obj", cel.ObjectType(name)),
		// NOTE: time.now and a timestamp's add() and subtract() of a
		// duration string ("7d") [real: docs api/api-filtering.mdx]; the
		// time is the request's.
		cel.Variable("time.now", cel.TimestampType),
		cel.Function("add", cel.MemberOverload("timestamp_add_duration_string",
			[]*cel.Type{cel.TimestampType, cel.StringType}, cel.TimestampType,
			cel.BinaryBinding(func(ts, d ref.Val) ref.Val { return shiftTimestamp(ts, d, 1) }))),
		cel.Function("subtract", cel.MemberOverload("timestamp_subtract_duration_string",
			[]*cel.Type{cel.TimestampType, cel.StringType}, cel.TimestampType,
			cel.BinaryBinding(func(ts, d ref.Val) ref.Val { return shiftTimestamp(ts, d, -1) }))),
		// NOTE: the old filter compared numbers as JSON numbers, so
		// obj.port >= 443.0 worked; CEL allows it with this option.
		cel.CrossTypeNumericComparisons(true),
		ext.Strings(),
		// NOTE: the same overloads with a size check first; see replaceGuarded.
		cel.Function("replace",
			cel.MemberOverload("string_replace_string_string", []*cel.Type{cel.StringType, cel.StringType, cel.StringType}, cel.StringType,
				cel.FunctionBinding(func(args ...ref.Val) ref.Val { return replaceGuarded(args, -1) })),
			cel.MemberOverload("string_replace_string_string_int", []*cel.Type{cel.StringType, cel.StringType, cel.StringType, cel.IntType}, cel.StringType,
				cel.FunctionBinding(func(args ...ref.Val) ref.Val {
					n, ok := args[3].(types.Int)
					if !ok {
						return types.MaybeNoSuchOverloadErr(args[3])
					}
					return replaceGuarded(args, int64(n))
				}))),
		cel.RegexProgramSizeLimit(maxFilterRegexProgram),
		cel.CostModel(regexCostModels()...),
		cel.ParserExpressionSizeLimit(maxFilterBytes),
		cel.ParserRecursionLimit(maxFilterDepth),
		cel.ASTValidators(cel.ValidateComprehensionNestingLimit(maxFilterNesting)),
	}
	for _, st := range structs {
		opts = append(opts, cel.Types(st))
	}
	return cel.NewEnv(opts...)
}

// shiftTimestamp is ts moved by the duration string d, forward (sign 1)
// or back (-1).
func shiftTimestamp(ts, d ref.Val, sign int) ref.Val {
	t, ok1 := ts.(types.Timestamp)
	s, ok2 := d.(types.String)
	if !ok1 || !ok2 {
		return types.MaybeNoSuchOverloadErr(ts)
	}
	dur, err := apifilter.ParseDuration(string(s))
	if err != nil {
		return types.WrapErr(err)
	}
	if sign < 0 {
		dur = -dur
	}
	return types.Timestamp{Time: t.Time.Add(dur)}
}

// celFilter is a filter compiled for one request.
type celFilter struct {
	prg    cel.Program
	loops  bool          // evaluated with ctx, which it checks in its comprehensions
	act    objActivation // reused for every object: one request, one goroutine
	ctx    context.Context
	cost   uint64 // spent so far by this request
	budget uint64 // what the request may spend: maxFilterCostPerList
}

// filterGate holds a token per filtered list request evaluating now.
type filterGate chan struct{}

// filterSlots is the gate of every list: as many filters evaluate at once
// as half the cores (at least one), so that hostile filters, each within
// its limits, cannot take every core from the other requests; the others
// wait, within their deadline.
var filterSlots = make(filterGate, max(1, runtime.GOMAXPROCS(0)/2))

// errFilterDeadline is a filter stopped by its request's deadline.
var errFilterDeadline = fmt.Errorf("the filter did not finish within %v", maxFilterTime)

// acquire waits for a slot within the request's deadline; the returned
// function releases it.
func (g filterGate) acquire(ctx context.Context) (func(), error) {
	select {
	case g <- struct{}{}:
		return func() { <-g }, nil
	case <-ctx.Done():
		return nil, filterStopped(ctx)
	}
}

// filterStopped is why a filter's context ended: its deadline, or the
// client going away.
func filterStopped(ctx context.Context) error {
	if errors.Is(ctx.Err(), context.DeadlineExceeded) {
		return errFilterDeadline
	}
	return ctx.Err()
}

// invalidFilterError is a filter refused before any object is visited, with
// CEL's message.
type invalidFilterError struct{ msg string }

func (e *invalidFilterError) Error() string { return e.msg }

// compileFilter compiles src for the rows of type W, whose list takes a
// filter. ctx is the request's: evaluation stops when it is done.
func compileFilter[W any](ctx context.Context, src string) (*celFilter, error) {
	rt := reflect.TypeFor[W]()
	prg, err := filterPrograms.get(rt, src)
	if err != nil {
		return nil, err
	}
	fp, ok := prg.(*filterProgram)
	return &celFilter{prg: prg, loops: !ok || fp.loops, ctx: ctx, budget: maxFilterCostPerList}, nil
}

// at sets the time that time.now reads: the request's.
func (f *celFilter) at(now time.Time) { f.act.now = types.Timestamp{Time: now} }

// filterPrograms keeps the programs of recent filters. cel.Program is safe
// for concurrent use; the per-request state is in celFilter.
var filterPrograms = &programCache{programs: map[programKey]cel.Program{}}

type programKey struct {
	rt  reflect.Type
	src string
}

type programCache struct {
	mu       sync.Mutex
	programs map[programKey]cel.Program
}

func (c *programCache) get(rt reflect.Type, src string) (cel.Program, error) {
	key := programKey{rt, src}
	c.mu.Lock()
	prg, ok := c.programs[key]
	c.mu.Unlock()
	if ok {
		return prg, nil
	}
	prg, err := newFilterProgram(rt, src)
	if err != nil {
		return nil, err
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	if len(c.programs) >= maxCachedFilters {
		clear(c.programs) // NOTE: simpler than LRU; a refill costs one compile per filter
	}
	c.programs[key] = prg
	return prg, nil
}

func newFilterProgram(rt reflect.Type, src string) (cel.Program, error) {
	env, ok := filterEnvs()[rt]
	if !ok {
		return nil, fmt.Errorf("no filter environment for %v", rt)
	}
	// NOTE: CEL's messages name the source; "filter:1:12" reads better
	// in an API error than its default "<input>:1:12".
	ast, iss := env.CompileSource(common.NewStringSource(src, "filter"))
	if iss.Err() != nil {
		return nil, &invalidFilterError{msg: iss.Err().Error()}
	}
	if !ast.OutputType().IsExactType(types.BoolType) {
		return nil, &invalidFilterError{msg: fmt.Sprintf("the filter is of type %s; it must be a bool", ast.OutputType())}
	}
	est, err := env.EstimateCost(ast, filterSizes{})
	if err != nil {
		return nil, &invalidFilterError{msg: err.Error()}
	}
	if est.Max > maxFilterCostPerObj {
		return nil, &invalidFilterError{msg: fmt.Sprintf(
			"its estimated worst-case cost on one object, %s, exceeds the cost limit of %d per object", costString(est.Max), maxFilterCostPerObj)}
	}
	prg, err := env.Program(ast, cel.CostLimit(maxFilterCostPerObj), cel.InterruptCheckFrequency(filterInterruptEvery))
	if err != nil {
		return nil, &invalidFilterError{msg: err.Error()}
	}
	loops := false
	celast.PreOrderVisit(ast.NativeRep().Expr(), celast.NewExprVisitor(func(e celast.Expr) {
		loops = loops || e.Kind() == celast.ComprehensionKind
	}))
	return &filterProgram{Program: prg, loops: loops}, nil
}

// filterProgram is a compiled filter and whether it has a comprehension,
// the only place where CEL checks for an interruption. NOTE: a filter
// without one is evaluated without its context, which would add half of
// an ordinary filter's time and three allocations (BenchmarkFilterMatch):
// the per-object cost limit bounds it, and the deadline is checked before
// each object.
type filterProgram struct {
	cel.Program
	loops bool
}

// match reports whether the wire value w satisfies the filter. An error
// stops the list: the filter went over a cost limit, or the request ended.
func (f *celFilter) match(w any) (bool, error) {
	if f.ctx.Err() != nil {
		return false, filterStopped(f.ctx)
	}
	f.act.obj = w
	var (
		out ref.Val
		det *cel.EvalDetails
		err error
	)
	if f.loops {
		out, det, err = f.prg.ContextEval(f.ctx, &f.act)
	} else {
		out, det, err = f.prg.Eval(&f.act)
	}
	f.act.obj = nil
	if det != nil {
		if c := det.ActualCost(); c != nil {
			f.cost += *c
		}
	}
	if err != nil {
		var cancelled interpreter.EvalCancelledError
		switch {
		case errors.As(err, &cancelled) && cancelled.Cause == interpreter.CostLimitExceeded:
			return false, fmt.Errorf("%w of %d per object", errFilterCost, maxFilterCostPerObj)
		case errors.As(err, &cancelled) || f.ctx.Err() != nil:
			return false, filterStopped(f.ctx)
		case errors.Is(err, errFilterValueSize):
			return false, err
		}
		return false, nil // an error in one object: that object does not match
	}
	if f.cost > f.budget {
		return false, fmt.Errorf("%w of %d per list request", errFilterCost, f.budget)
	}
	return out == types.True, nil
}

// errFilterValueSize is a replace() refused for the size of its result.
var errFilterValueSize = fmt.Errorf("replace() would build a string over the limit of %d bytes", maxFilterValueBytes)

// replaceGuarded is ext.Strings' replace (n < 0: every match), refused
// before it allocates when its result would exceed maxFilterValueBytes.
func replaceGuarded(args []ref.Val, n int64) ref.Val {
	str, ok1 := args[0].(types.String)
	old, ok2 := args[1].(types.String)
	repl, ok3 := args[2].(types.String)
	if !ok1 || !ok2 || !ok3 {
		return types.MaybeNoSuchOverloadErr(args[0])
	}
	matches := int64(strings.Count(string(str), string(old)))
	if n >= 0 {
		matches = min(matches, n)
	}
	if size := int64(len(str)) + matches*(int64(len(repl))-int64(len(old))); size > maxFilterValueBytes {
		return types.WrapErr(errFilterValueSize)
	}
	return types.String(strings.Replace(string(str), string(old), string(repl), int(n)))
}

// costString writes a cost, "unbounded" for CEL's unknown.
func costString(c uint64) string {
	if c == math.MaxUint64 {
		return "unbounded"
	}
	return strconv.FormatUint(c, 10)
}

// filterFieldBytes is the largest value, in bytes, of each string field a
// filter can read, by JSON name; a field not listed is taken to be up to
// maxHeaderBytes, the most any string the mock keeps can hold except those
// listed larger. NOTE: traffic_policy is priced at 64 KiB, not at the body
// limit: a price of 1 MiB would refuse any search of a policy (a scan costs
// 0.1 a byte), and the run-time limits still stop a filter on a larger one.
var filterFieldBytes = map[string]uint64{
	"id": 64, "region": 64, "type": 64, "proto": 64, "scheme": 64, "key_type": 64, "private_key_type": 64,
	"authority": 64, "upstream_protocol": 64, "error_code": 64, "status": 64,
	"domain": 256, "host": 256, "cname_target": 256, "acme_challenge_cname_target": 256,
	"url": 2048, "public_url": 2048, "upstream_url": 2048, "hostport": 2048, "error_redirect_url": 2048, "name": 2048,
	"public_key": 1024, "msg": 1024, "value": 64,
	"owner_id": 64, "cidr": 43, "action": 5, "addr": 262, "serial_number": 64, "certificate_pem": maxBodyBytes,
	"description": maxDescriptionBytes, "metadata": maxMetadataBytes,
	"traffic_policy": 64 << 10,
	"agent_version":  64, "ip": 39, "os": 64, "transport": 16,
	"uri": maxHeaderBytes + 256, // the origin is the client's Host header
}

// filterListBytes is the largest list field, in elements and bytes per
// element, by JSON name (bindings: public, internal, kubernetes;
// resolves_to: the points of presence a domain is pinned to).
var filterListBytes = map[string][2]uint64{"bindings": {3, 16}, "resolves_to": {uint64(len(domainPoPs)), 64},
	"dns_names": {100, 253}, "ips": {100, 39}, "key_usages": {9, 20}, "extended_key_usages": {16, 64},
	"acl": {maxACLRules, 5 + 253},
	// sources: each event type at most once; destinations: the real limit
	// (ERR_NGROK_5126) depends on the plan, 100 is ours.
	"sources": {uint64(len(eventTypes)), 64}, "destinations": {100, 64},
	// Agent ingresses and IP restrictions (the count of an IP restriction's
	// policies is not documented: 100 is ours).
	"ns_targets": {uint64(len(agentIngressNSTargets)), 64}, "region_domains": {uint64(len(domainRegions)), 256 + 16},
	"ip_policies": {100, maxHeaderBytes + 256 + 64}}

// filterSizes gives CEL's cost estimator the size of each field a filter
// reads, and prices regular expressions.
type filterSizes struct{}

func (filterSizes) EstimateSize(node cost.AstNode) *cost.SizeEstimate {
	path := node.Path()
	if len(path) < 2 || path[0] != "obj" {
		return nil
	}
	last := path[len(path)-1]
	if last == "@items" && len(path) >= 3 {
		if l, ok := filterListBytes[path[len(path)-2]]; ok {
			sz := cost.RangedSizeEstimate(0, l[1])
			return &sz
		}
		return nil
	}
	if l, ok := filterListBytes[last]; ok {
		elem := cost.RangedSizeEstimate(0, l[1])
		sz := cost.ListSizeEstimate(cost.RangedSizeEstimate(0, l[0]), elem)
		return &sz
	}
	// NOTE: a size given for a field that is not a string (a number, an
	// object) is not used by the estimator.
	n, ok := filterFieldBytes[last]
	if !ok {
		n = maxHeaderBytes
	}
	sz := cost.RangedSizeEstimate(0, n)
	return &sz
}

// EstimateCallCost keeps CEL's prices; regular expressions are priced by
// regexCostModels.
func (filterSizes) EstimateCallCost(string, string, *cost.AstNode, []cost.AstNode) *cost.CallEstimate {
	return nil
}

// regexCostModels price s.matches(re) and matches(s, re), before the run
// and during it, at the product of the input's size and the regex
// program's, which is what RE2's work grows with: a unit for
// regexInstBytesPerUnit instruction-bytes.
func regexCostModels() []cost.OverloadModel {
	estimate := func(est cost.Estimator, input, pattern cost.AstNode) *cost.CallEstimate {
		insts := uint64(maxFilterRegexProgram)
		if pattern.Expr().Kind() == celast.LiteralKind {
			if p, ok := pattern.Expr().AsLiteral().(types.String); ok {
				insts = regexInsts(string(p))
			}
		}
		size := cost.EstimateSize(est, input)
		return cost.NewCallEstimate(cost.RangedCostEstimate(regexCost(size.Min, insts), regexCost(size.Max, insts)), nil)
	}
	track := func(args []ref.Val, _ ref.Val) *uint64 {
		if len(args) != 2 {
			return nil
		}
		input, ok1 := args[0].(types.String)
		pattern, ok2 := args[1].(types.String)
		if !ok1 || !ok2 {
			return nil
		}
		c := regexCost(uint64(len(input)), regexInsts(string(pattern)))
		return &c
	}
	return []cost.OverloadModel{
		cost.MemberOverload(overloads.MatchesString, cost.ManualCost(
			func(est cost.Estimator, target *cost.AstNode, args []cost.AstNode) *cost.CallEstimate {
				if target == nil || len(args) != 1 {
					return nil
				}
				return estimate(est, *target, args[0])
			}, track)),
		cost.Overload(overloads.Matches, cost.ManualCost(
			func(est cost.Estimator, _ *cost.AstNode, args []cost.AstNode) *cost.CallEstimate {
				if len(args) != 2 {
					return nil
				}
				return estimate(est, args[0], args[1])
			}, track)),
	}
}

func regexCost(inputBytes, insts uint64) uint64 {
	return cost.SafeAdd(1, cost.SafeMultiply(cost.SafeAdd(inputBytes, 1), insts)/regexInstBytesPerUnit)
}

// regexInsts is the size of a pattern's RE2 program, maxFilterRegexProgram
// for one that does not compile (its evaluation fails anyway). The sizes
// of recent patterns are kept: a filter matches the same pattern on every
// object.
func regexInsts(pattern string) uint64 {
	regexSizes.mu.Lock()
	n, ok := regexSizes.insts[pattern]
	regexSizes.mu.Unlock()
	if ok {
		return n
	}
	n = maxFilterRegexProgram
	if size, err := types.RegexProgramSize(pattern); err == nil {
		n = uint64(size)
	}
	regexSizes.mu.Lock()
	defer regexSizes.mu.Unlock()
	if len(regexSizes.insts) >= maxCachedFilters {
		clear(regexSizes.insts)
	}
	regexSizes.insts[pattern] = n
	return n
}

var regexSizes = struct {
	mu    sync.Mutex
	insts map[string]uint64
}{insts: map[string]uint64{}}

// objActivation binds obj to one row, and time.now to the request's time.
type objActivation struct {
	obj any
	now types.Timestamp
}

func (a *objActivation) ResolveName(name string) (any, bool) {
	switch name {
	case "obj":
		return a.obj, true
	case "time.now":
		return a.now, true
	}
	return nil, false
}

func (*objActivation) Parent() interpreter.Activation { return nil }

// celStruct describes a wire struct to CEL as its JSON shows it. It is both
// the CEL type and the descriptor CEL's type registry consults for fields.
type celStruct struct {
	name   string
	rt     reflect.Type
	typ    *types.Type
	names  []string
	fields map[string]*types.FieldType
}

var _ types.StructTypeDescriptor = (*celStruct)(nil)

const celStructTraits = traits.FieldTesterType | traits.IndexerType

// describeStruct describes rt (a struct type) and, through its fields, every
// struct it reaches, adding each to structs.
func describeStruct(rt reflect.Type, name string, structs map[reflect.Type]*celStruct) (*celStruct, error) {
	if st, ok := structs[rt]; ok {
		return st, nil
	}
	st := &celStruct{name: name, rt: rt, typ: types.NewObjectType(name, celStructTraits),
		fields: map[string]*types.FieldType{}}
	structs[rt] = st
	for _, f := range reflect.VisibleFields(rt) {
		tag, _, _ := strings.Cut(f.Tag.Get("json"), ",")
		if !f.IsExported() || f.Anonymous || tag == "-" {
			continue
		}
		if tag == "" {
			tag = f.Name
		}
		ft, err := describeField(rt, f, structs)
		if err != nil {
			return nil, fmt.Errorf("%s.%s: %w", name, tag, err)
		}
		st.names = append(st.names, tag)
		st.fields[tag] = ft
	}
	return st, nil
}

var (
	timeType    = reflect.TypeFor[time.Time]()
	apiTimeType = reflect.TypeFor[apiTime]()
)

// describeField types one field and makes its getter. The getters take the
// struct or a pointer to it and return CEL values, or a pointer to a nested
// struct, which the registry adapts through that struct's celStruct.
func describeField(owner reflect.Type, f reflect.StructField, structs map[reflect.Type]*celStruct) (*types.FieldType, error) {
	index := f.Index
	_, opts, _ := strings.Cut(f.Tag.Get("json"), ",")
	omitEmpty := strings.Contains(","+opts+",", ",omitempty,")
	field := func(obj any) (reflect.Value, bool) {
		v := reflect.ValueOf(obj)
		if v.Kind() == reflect.Pointer && !v.IsNil() {
			v = v.Elem()
		}
		if !v.IsValid() || v.Type() != owner {
			return reflect.Value{}, false
		}
		return v.FieldByIndex(index), true
	}
	// present is whether encoding/json writes the field, and not as null.
	present := func(v reflect.Value) bool {
		switch v.Kind() {
		case reflect.Pointer, reflect.Interface:
			return !v.IsNil()
		case reflect.Slice, reflect.Map:
			return !v.IsNil() && (!omitEmpty || v.Len() > 0)
		case reflect.Struct:
			return true
		}
		return !omitEmpty || !v.IsZero()
	}
	t := f.Type
	nullable := omitEmpty || t.Kind() == reflect.Pointer
	if t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	var (
		celType *types.Type
		convert func(v reflect.Value) ref.Val
		// elems, for a list of nested structs, gives pointers to them,
		// which CEL's registry adapts through their celStruct.
		elems func(v reflect.Value) []any
	)
	switch {
	case t == timeType:
		celType = types.TimestampType
		convert = celOf(func(t time.Time) ref.Val { return types.Timestamp{Time: t} })
	case t == apiTimeType:
		celType = types.TimestampType
		convert = celOf(func(t apiTime) ref.Val { return types.Timestamp{Time: time.Time(t)} })
	case t.Kind() == reflect.String:
		celType = types.StringType
		convert = func(v reflect.Value) ref.Val { return types.String(v.String()) }
	case t.Kind() == reflect.Bool:
		celType = types.BoolType
		convert = func(v reflect.Value) ref.Val { return types.Bool(v.Bool()) }
	case t.Kind() == reflect.Int || t.Kind() == reflect.Int64 || t.Kind() == reflect.Int32:
		celType = types.IntType
		convert = func(v reflect.Value) ref.Val { return types.Int(v.Int()) }
	case t == reflect.TypeFor[[]string]():
		celType = types.NewListType(types.StringType)
		convert = celOf(func(l []string) ref.Val { return types.NewStringList(types.DefaultTypeAdapter, l) })
	case t == reflect.TypeFor[map[string]string]():
		celType = types.NewMapType(types.StringType, types.StringType)
		convert = celOf(func(m map[string]string) ref.Val { return types.NewStringStringMap(types.DefaultTypeAdapter, m) })
	case t.Kind() == reflect.Slice && t.Elem().Kind() == reflect.Struct:
		name, ok := filterNested[t.Elem()]
		if !ok {
			return nil, fmt.Errorf("%v is not in filterNested", t.Elem())
		}
		nested, err := describeStruct(t.Elem(), name, structs)
		if err != nil {
			return nil, err
		}
		celType = types.NewListType(nested.typ)
		elems = func(v reflect.Value) []any {
			out := make([]any, v.Len())
			for i := range out {
				out[i] = v.Index(i).Addr().Interface()
			}
			return out
		}
	case t.Kind() == reflect.Struct:
		name, ok := filterNested[t]
		if !ok {
			return nil, fmt.Errorf("%v is not in filterNested", t)
		}
		nested, err := describeStruct(t, name, structs)
		if err != nil {
			return nil, err
		}
		celType = nested.typ
		convert = nil // a nested struct passes by pointer
	default:
		return nil, fmt.Errorf("no CEL type for %v", f.Type)
	}
	if nullable {
		celType = nullableType(celType)
	}
	return &types.FieldType{
		Type: celType,
		IsSet: func(obj any) bool {
			v, ok := field(obj)
			return ok && present(v)
		},
		GetFrom: func(obj any) (any, error) {
			v, ok := field(obj)
			if !ok {
				return nil, fmt.Errorf("no such field on %T", obj)
			}
			if !present(v) {
				return types.NullValue, nil
			}
			if v.Kind() == reflect.Pointer {
				v = v.Elem()
			}
			if elems != nil {
				return elems(v), nil
			}
			if convert == nil {
				if v.CanAddr() {
					return v.Addr().Interface(), nil
				}
				return v.Interface(), nil
			}
			return convert(v), nil
		},
	}, nil
}

// celOf converts a field's value, of the Go type T the field's case in
// describeField named, with conv. NOTE: a value of another type would be a
// bug of ours; it becomes a CEL error (the filter fails) rather than a panic.
func celOf[T any](conv func(T) ref.Val) func(reflect.Value) ref.Val {
	return func(v reflect.Value) ref.Val {
		x, ok := reflect.TypeAssert[T](v)
		if !ok {
			return types.NewErr("a filter field holds a %v, not a %T", v.Type(), x)
		}
		return conv(x)
	}
}

// nullableType is t as the type checker should see a field that may be null:
// scalars as CEL's nullable wrappers (so obj.description == null and
// obj.description.startsWith("x") both check), objects as themselves (CEL
// lets an object be compared with null). Timestamps and lists have no
// nullable form; the checker then refuses == null on them, though has()
// works.
func nullableType(t *types.Type) *types.Type {
	switch t {
	case types.StringType, types.BoolType, types.IntType:
		return types.NewNullableType(t)
	}
	return t
}

// CEL's type registry calls these methods of celStruct.

func (st *celStruct) HasTrait(trait int) bool { return celStructTraits&trait == trait }
func (st *celStruct) TypeName() string        { return st.name }
func (st *celStruct) ReflectType() reflect.Type {
	return st.rt
}
func (st *celStruct) FieldNames() []string { return st.names }

func (st *celStruct) FindFieldType(name string) (*types.FieldType, bool) {
	ft, ok := st.fields[name]
	return ft, ok
}

func (st *celStruct) NewValue(types.Adapter, map[string]ref.Val) ref.Val {
	return types.NewErr("%s cannot be constructed in a filter", st.name)
}

func (st *celStruct) Adapt(adapter types.Adapter, value any) ref.Val {
	v := reflect.ValueOf(value)
	if v.Kind() == reflect.Pointer && v.IsNil() {
		return types.NullValue
	}
	return &celObject{st: st, v: value, adapter: adapter}
}

// celObject is a wire struct (or a pointer to one) as a CEL value: what obj
// and its nested objects are when used as values rather than selected from.
type celObject struct {
	st      *celStruct
	v       any
	adapter types.Adapter // the registry, which adapts nested structs
}

func (o *celObject) ConvertToNative(typeDesc reflect.Type) (any, error) {
	if reflect.TypeOf(o.v) == typeDesc {
		return o.v, nil
	}
	return nil, fmt.Errorf("%s cannot be converted to %v", o.st.name, typeDesc)
}

func (o *celObject) ConvertToType(t ref.Type) ref.Val {
	if t.TypeName() == types.TypeType.TypeName() {
		return o.st.typ
	}
	if t.TypeName() == o.st.name {
		return o
	}
	return types.NewErr("type conversion error from '%s' to '%s'", o.st.name, t.TypeName())
}

// Equal compares field by field, as CEL compares messages.
func (o *celObject) Equal(other ref.Val) ref.Val {
	p, ok := other.(*celObject)
	if !ok || p.st != o.st {
		return types.False
	}
	for _, name := range o.st.names {
		a, b := o.Get(types.String(name)), p.Get(types.String(name))
		if eq := a.Equal(b); eq != types.True {
			return eq
		}
	}
	return types.True
}

func (o *celObject) Type() ref.Type { return o.st.typ }
func (o *celObject) Value() any     { return o.v }

// Get implements field selection when the checker could not resolve it
// statically (through dyn).
func (o *celObject) Get(field ref.Val) ref.Val {
	ft, bad := o.fieldType(field)
	if bad != nil {
		return bad
	}
	v, err := ft.GetFrom(o.v)
	if err != nil {
		return types.WrapErr(err)
	}
	if rv, ok := v.(ref.Val); ok {
		return rv
	}
	return o.adapter.NativeToValue(v)
}

func (o *celObject) IsSet(field ref.Val) ref.Val {
	ft, bad := o.fieldType(field)
	if bad != nil {
		return bad
	}
	return types.Bool(ft.IsSet(o.v))
}

// fieldType finds the field that Get and IsSet name, or the CEL error value
// for a name that is not a string or not a field.
func (o *celObject) fieldType(field ref.Val) (*types.FieldType, ref.Val) {
	name, ok := field.(types.String)
	if !ok {
		return nil, types.ValOrErr(field, "no such overload")
	}
	ft, ok := o.st.fields[string(name)]
	if !ok {
		return nil, types.NewErr("no such field '%s'", name)
	}
	return ft, nil
}
