package mockserver

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"maps"
	"reflect"
	"slices"
	"strconv"
	"strings"
)

// decodeStrict decodes a JSON object into dst (a pointer to a struct) and
// refuses what a lenient decoder would let through: syntax errors (213),
// unknown fields (214) and values of the wrong JSON type (215).
func decodeStrict(raw []byte, dst any) *apiError {
	// NOTE: checked first, in one pass that allocates nothing, so that every
	// later step (the duplicate-key walk, encoding/json's decoders, the
	// field-name walk) meets at most maxJSONDepth levels: none of them is
	// then more than linear in the body's size.
	if depth, _ := jsonDepth(raw); depth > maxJSONDepth {
		return errInvalidJSON.with(jsonContentType[0])
	}
	// NOTE: encoding/json keeps the last of two equal keys, so
	// {"private_key_type":"dsa","private_key_type":"ed25519"} would pass as
	// ed25519 although a value that must be refused was sent. A body with a
	// key twice in one object is not interoperable JSON (RFC 8259 leaves its
	// meaning open), so it is answered as invalid JSON, like a syntax error.
	if _, ok := duplicateKey(raw); ok {
		return errInvalidJSON.with(jsonContentType[0])
	}
	dec := json.NewDecoder(bytes.NewReader(raw))
	dec.DisallowUnknownFields()
	if err := dec.Decode(dst); err != nil {
		return decodeError(raw, dst, err)
	}
	if _, err := dec.Token(); err != io.EOF {
		return errInvalidJSON.with(jsonContentType[0])
	}
	// NOTE: encoding/json matches field names case-insensitively, so a client
	// that forgot a json tag ("Description") would pass unnoticed. The real
	// API matches exactly; so does this second pass.
	return checkFieldNames(raw, reflect.TypeOf(dst))
}

// maxJSONDepth bounds how deeply a request body nests arrays and objects.
// The API's bodies nest three levels at most; traffic policies travel as
// strings and are not counted. [ours: the real API's limit is not known]
const maxJSONDepth = 64

// jsonDepth returns how deeply raw nests arrays and objects, counting
// brackets outside strings, and the offset of the first bracket that went
// past maxJSONDepth (0 when none did). It reads raw once and allocates
// nothing; it does not check the rest of the syntax.
func jsonDepth(raw []byte) (depth, at int) {
	inString, escaped := false, false
	cur := 0
	for i, c := range raw {
		switch {
		case inString:
			switch {
			case escaped:
				escaped = false
			case c == '\\':
				escaped = true
			case c == '"':
				inString = false
			}
		case c == '"':
			inString = true
		case c == '[' || c == '{':
			cur++
			if cur > depth {
				depth = cur
				if depth == maxJSONDepth+1 {
					at = i
				}
			}
		case c == ']' || c == '}':
			cur--
		}
	}
	return depth, at
}

// duplicateKey returns the path ("a.b", "a.0.b" inside arrays) of the first
// key that appears twice in one object anywhere in raw, nested objects
// included. It stops at the end of the first value and reports nothing for
// a body that is not valid JSON, which the decoder reports in its own words.
//
// NOTE: a scan of the bytes rather than encoding/json's token stream, which
// allocates an error and a boxed value for every number: the scan allocates
// only the keys of each object, and the path only for the answer.
func duplicateKey(raw []byte) (string, bool) {
	type frame struct {
		keys    map[string]struct{} // nil in an array
		wantKey bool                // in an object: the next string is a key
		key     string              // in an object: the key of the value being read
		index   int                 // in an array: the index of the value being read
	}
	var (
		stack []frame
		dup   string
		found bool
		end   = -1
	)
	for i := 0; i < len(raw) && end < 0; i++ {
		switch c := raw[i]; c {
		case '{':
			stack = append(stack, frame{keys: map[string]struct{}{}, wantKey: true})
		case '[':
			stack = append(stack, frame{})
		case '}', ']':
			if len(stack) == 0 {
				return "", false
			}
			stack = stack[:len(stack)-1]
			if len(stack) == 0 {
				end = i + 1
			}
		case ',':
			if len(stack) > 0 {
				if top := &stack[len(stack)-1]; top.keys != nil {
					top.wantKey = true
				} else {
					top.index++
				}
			}
		case '"':
			j, escaped := i+1, false
			for ; j < len(raw) && raw[j] != '"'; j++ {
				if raw[j] == '\\' {
					escaped = true
					j++
				}
			}
			if j >= len(raw) {
				return "", false
			}
			if len(stack) == 0 {
				return "", false // a string, not an object
			}
			if top := &stack[len(stack)-1]; top.keys != nil && top.wantKey && !found {
				k := string(raw[i+1 : j])
				if escaped {
					if err := json.Unmarshal(raw[i:j+1], &k); err != nil {
						return "", false
					}
				}
				if _, seen := top.keys[k]; seen {
					dup, found = pathTo(stackKeys(len(stack)-1, func(n int) (string, int, bool) {
						return stack[n].key, stack[n].index, stack[n].keys != nil
					}), k), true
				}
				top.keys[k] = struct{}{}
				top.key, top.wantKey = k, false
			} else if top.keys != nil {
				top.wantKey = false
			}
			i = j
		default:
			if len(stack) == 0 && c != ' ' && c != '\t' && c != '\n' && c != '\r' {
				return "", false // a scalar, not an object
			}
		}
	}
	if !found || end < 0 || !json.Valid(raw[:end]) {
		return "", false
	}
	return dup, true
}

// stackKeys lists the path elements of the n outer containers of a walk:
// each container's key (in an object) or index (in an array), as at returns
// them.
func stackKeys(n int, at func(int) (key string, index int, inObject bool)) []string {
	parts := make([]string, n)
	for i := range n {
		key, index, inObject := at(i)
		if inObject {
			parts[i] = key
		} else {
			parts[i] = strconv.Itoa(index)
		}
	}
	return parts
}

// pathTo joins the containers' path elements and the key with dots.
func pathTo(containers []string, key string) string {
	return strings.Join(append(containers, key), ".")
}

func decodeError(raw []byte, dst any, err error) *apiError {
	var syntaxErr *json.SyntaxError
	var typeErr *json.UnmarshalTypeError
	switch {
	case errors.As(err, &syntaxErr):
		return errInvalidJSON.with(jsonContentType[0])
	case errors.Is(err, io.ErrUnexpectedEOF):
		return errInvalidJSON.with(jsonContentType[0])
	case errors.As(err, &typeErr):
		if typeErr.Field == "" {
			return errInvalidValue.with("body")
		}
		return errInvalidValue.with(typeErr.Field)
	case strings.HasPrefix(err.Error(), "json: unknown field "):
		if e := checkFieldNames(raw, reflect.TypeOf(dst)); e != nil {
			return e
		}
		name := strings.TrimPrefix(err.Error(), "json: unknown field ")
		if n, uerr := strconv.Unquote(name); uerr == nil {
			name = n
		}
		return unknownField(name, nil)
	default:
		return errInvalidJSON.with(jsonContentType[0])
	}
}

// checkFieldNames walks the decoded JSON beside the Go type and reports the
// first key (in sorted order) that no json tag names exactly.
func checkFieldNames(raw []byte, t reflect.Type) *apiError {
	var v any
	if err := json.Unmarshal(raw, &v); err != nil {
		return errInvalidJSON.with(jsonContentType[0])
	}
	return walkFieldNames(v, t, "")
}

func walkFieldNames(v any, t reflect.Type, path string) *apiError {
	for t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	switch t.Kind() {
	case reflect.Struct:
		obj, ok := v.(map[string]any)
		if !ok {
			return nil
		}
		fields := jsonFields(t)
		for _, k := range slices.Sorted(maps.Keys(obj)) {
			ft, ok := fields[k]
			if !ok {
				return unknownField(path+k, fields)
			}
			if err := walkFieldNames(obj[k], ft, path+k+"."); err != nil {
				return err
			}
		}
	case reflect.Slice, reflect.Array:
		if arr, ok := v.([]any); ok {
			for i, e := range arr {
				if err := walkFieldNames(e, t.Elem(), fmt.Sprintf("%s%d.", path, i)); err != nil {
					return err
				}
			}
		}
	case reflect.Map:
		if obj, ok := v.(map[string]any); ok {
			for _, k := range slices.Sorted(maps.Keys(obj)) {
				if err := walkFieldNames(obj[k], t.Elem(), path+k+"."); err != nil {
					return err
				}
			}
		}
	}
	return nil
}

// unknownField refuses the field at path of an object whose fields are
// fields (nil when not known). NOTE: names are matched case-sensitively;
// the list of supported fields shows the one of another case.
func unknownField(path string, fields map[string]reflect.Type) *apiError {
	supported := "(none)"
	if names := slices.Sorted(maps.Keys(fields)); len(names) > 0 {
		supported = strings.Join(names, ", ")
	}
	return errUnknownField.with(path, supported)
}

// jsonFields maps the JSON names of a struct's exported fields to their types.
func jsonFields(t reflect.Type) map[string]reflect.Type {
	fields := map[string]reflect.Type{}
	for i := range t.NumField() {
		f := t.Field(i)
		if !f.IsExported() {
			continue
		}
		name, _, _ := strings.Cut(f.Tag.Get("json"), ",")
		switch name {
		case "-":
			continue
		case "":
			name = f.Name
		}
		fields[name] = f.Type
	}
	return fields
}

// jsonTypeName names the JSON type a Go type decodes from.
func jsonTypeName(t reflect.Type) string {
	for t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	switch t.Kind() {
	case reflect.String:
		return "a string"
	case reflect.Bool:
		return "a boolean"
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64,
		reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64:
		return "an integer"
	case reflect.Float32, reflect.Float64:
		return "a number"
	case reflect.Slice, reflect.Array:
		return "an array"
	default:
		return "an object"
	}
}

// article turns encoding/json's description of a value ("string",
// "number 1.5", "array") into a phrase for a message.
func article(desc string) string {
	switch {
	case strings.HasPrefix(desc, "number "):
		return "the number " + strings.TrimPrefix(desc, "number ")
	case desc == "array" || desc == "object":
		return "an " + desc
	case desc == "bool":
		return "a boolean"
	default:
		return "a " + desc
	}
}
