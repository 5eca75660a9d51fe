package mockserver

import (
	"context"
	"errors"
	"fmt"
	"reflect"
	"strings"
	"sync"
	"time"

	"cel.dev/cel-go/cel"
	"cel.dev/cel-go/common"
	"cel.dev/cel-go/common/types"
	"cel.dev/cel-go/common/types/ref"
	"cel.dev/cel-go/common/types/traits"
	"cel.dev/cel-go/ext"
	"cel.dev/cel-go/interpreter"
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
// A filter that does not parse or type-check, or whose result is not a bool,
// is refused with 400 and CEL's own message. An error evaluating one object
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
		reflect.TypeFor[refWire]():        "ngrok.Ref",
		reflect.TypeFor[certPolicyWire](): "ngrok.CertificateManagementPolicy",
		reflect.TypeFor[certStatusWire](): "ngrok.CertificateManagementStatus",
		reflect.TypeFor[certJobWire]():    "ngrok.CertificateProvisioningJob",
	}
)

// Limits on a filter. The cost unit is CEL's: about one unit per operation,
// a comprehension's iterations and a string function's input size counted.
// [ours: the real API's limits are not documented]
const (
	maxFilterBytes      = 4096    // the expression's length in code points
	maxFilterDepth      = 100     // parser recursion
	maxFilterNesting    = 3       // comprehensions inside comprehensions
	maxFilterCostPerObj = 100_000 // evaluating the filter over one object
	// maxFilterCostPerList bounds one list request over every object it
	// visits, so that a filter just under the per-object limit cannot make
	// one request scan a large account for minutes. NOTE: a unit costs
	// 50-150 ns in a comprehension (measured on 2 shared cores), so this is
	// a few seconds at worst, while an ordinary filter (10-50 units) stays
	// far below it at 100,000 objects.
	maxFilterCostPerList = 20_000_000
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
		// NOTE: the old filter compared numbers as JSON numbers, so
		// obj.port >= 443.0 worked; CEL allows it with this option.
		cel.CrossTypeNumericComparisons(true),
		ext.Strings(),
		cel.ParserExpressionSizeLimit(maxFilterBytes),
		cel.ParserRecursionLimit(maxFilterDepth),
		cel.ASTValidators(cel.ValidateComprehensionNestingLimit(maxFilterNesting)),
	}
	for _, st := range structs {
		opts = append(opts, cel.Types(st))
	}
	return cel.NewEnv(opts...)
}

// celFilter is a filter compiled for one request.
type celFilter struct {
	prg    cel.Program
	act    objActivation // reused for every object: one request, one goroutine
	ctx    context.Context
	cost   uint64 // spent so far by this request
	budget uint64 // what the request may spend: maxFilterCostPerList
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
	return &celFilter{prg: prg, ctx: ctx, budget: maxFilterCostPerList}, nil
}

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
	prg, err := env.Program(ast, cel.CostLimit(maxFilterCostPerObj))
	if err != nil {
		return nil, &invalidFilterError{msg: err.Error()}
	}
	return prg, nil
}

// match reports whether the wire value w satisfies the filter. An error
// stops the list: the filter went over a cost limit, or the request ended.
func (f *celFilter) match(w any) (bool, error) {
	// NOTE: the per-object cost limit bounds one evaluation to about a
	// millisecond, so checking the request between objects is enough; a
	// check inside the evaluation (ContextEval) would cost a third more.
	if err := f.ctx.Err(); err != nil {
		return false, err
	}
	f.act.obj = w
	out, det, err := f.prg.Eval(&f.act)
	f.act.obj = nil
	if det != nil {
		if c := det.ActualCost(); c != nil {
			f.cost += *c
		}
	}
	if err != nil {
		var cancelled interpreter.EvalCancelledError
		if errors.As(err, &cancelled) && cancelled.Cause == interpreter.CostLimitExceeded {
			return false, fmt.Errorf("%w of %d per object", errFilterCost, maxFilterCostPerObj)
		}
		return false, nil // an error in one object: that object does not match
	}
	if f.cost > f.budget {
		return false, fmt.Errorf("%w of %d per list request", errFilterCost, f.budget)
	}
	return out == types.True, nil
}

// objActivation binds obj to one row.
type objActivation struct{ obj any }

func (a *objActivation) ResolveName(name string) (any, bool) {
	if name == "obj" {
		return a.obj, true
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
