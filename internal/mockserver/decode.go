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
	// NOTE: encoding/json keeps the last of two equal keys, so
	// {"private_key_type":"dsa","private_key_type":"ed25519"} would pass as
	// ed25519 although a value that must be refused was sent. A body with a
	// key twice in one object is not interoperable JSON (RFC 8259 leaves its
	// meaning open), so it is answered as invalid JSON, like a syntax error.
	if key, ok := duplicateKey(raw); ok {
		return errInvalidJSON.errorf("The request body is not valid JSON: the key %q appears twice in one object.", key)
	}
	dec := json.NewDecoder(bytes.NewReader(raw))
	dec.DisallowUnknownFields()
	if err := dec.Decode(dst); err != nil {
		return decodeError(raw, dst, err)
	}
	if _, err := dec.Token(); err != io.EOF {
		return errInvalidJSON.errorf("The request body is not valid JSON: unexpected data after the top-level object.")
	}
	// NOTE: encoding/json matches field names case-insensitively, so a client
	// that forgot a json tag ("Description") would pass unnoticed. The real
	// API matches exactly; so does this second pass.
	return checkFieldNames(raw, reflect.TypeOf(dst))
}

// duplicateKey returns the path ("a.b", "a.0.b" inside arrays) of the first
// key that appears twice in one object anywhere in raw, nested objects
// included. It stops at the end of the first value and reports nothing for
// a body that is not valid JSON, which the decoder reports in its own words.
func duplicateKey(raw []byte) (string, bool) {
	type frame struct {
		keys    map[string]struct{} // nil in an array
		wantKey bool                // in an object: the next token is a key
		key     string              // in an object: the key of the value being read
		index   int                 // in an array: the index of the value being read
		path    string              // the container's own path, with a trailing dot
	}
	var stack []*frame
	// valueDone moves the innermost container past the value just read.
	valueDone := func() {
		if len(stack) == 0 {
			return
		}
		if top := stack[len(stack)-1]; top.keys != nil {
			top.wantKey = true
		} else {
			top.index++
		}
	}
	childPath := func() string {
		if len(stack) == 0 {
			return ""
		}
		top := stack[len(stack)-1]
		if top.keys != nil {
			return top.path + top.key + "."
		}
		return top.path + strconv.Itoa(top.index) + "."
	}
	dec := json.NewDecoder(bytes.NewReader(raw))
	dec.UseNumber()
	for {
		tok, err := dec.Token()
		if err != nil {
			return "", false
		}
		if len(stack) > 0 {
			if top := stack[len(stack)-1]; top.wantKey {
				if k, ok := tok.(string); ok {
					if _, seen := top.keys[k]; seen {
						return top.path + k, true
					}
					top.keys[k] = struct{}{}
					top.key, top.wantKey = k, false
					continue
				}
			}
		}
		switch tok {
		case json.Delim('{'):
			stack = append(stack, &frame{keys: map[string]struct{}{}, wantKey: true, path: childPath()})
			continue
		case json.Delim('['):
			stack = append(stack, &frame{path: childPath()})
			continue
		case json.Delim('}'), json.Delim(']'):
			stack = stack[:len(stack)-1]
		}
		if len(stack) == 0 {
			return "", false
		}
		valueDone()
	}
}

func decodeError(raw []byte, dst any, err error) *apiError {
	var syntaxErr *json.SyntaxError
	var typeErr *json.UnmarshalTypeError
	switch {
	case errors.As(err, &syntaxErr):
		return errInvalidJSON.errorf("The request body is not valid JSON: %v (at byte %d).", err, syntaxErr.Offset)
	case errors.Is(err, io.ErrUnexpectedEOF):
		return errInvalidJSON.errorf("The request body is not valid JSON: it ends in the middle of a value.")
	case errors.As(err, &typeErr):
		if typeErr.Field == "" {
			return errInvalidValue.errorf("The request body must be a JSON object, not %s.", article(typeErr.Value))
		}
		return errInvalidValue.errorf("The field %q must be %s, not %s.",
			typeErr.Field, jsonTypeName(typeErr.Type), article(typeErr.Value))
	case strings.HasPrefix(err.Error(), "json: unknown field "):
		if e := checkFieldNames(raw, reflect.TypeOf(dst)); e != nil {
			return e
		}
		name := strings.TrimPrefix(err.Error(), "json: unknown field ")
		return errUnknownField.errorf("The request body contains the unknown field %s.", name)
	default:
		return errInvalidJSON.errorf("The request body could not be decoded: %v.", err)
	}
}

// checkFieldNames walks the decoded JSON beside the Go type and reports the
// first key (in sorted order) that no json tag names exactly.
func checkFieldNames(raw []byte, t reflect.Type) *apiError {
	var v any
	if err := json.Unmarshal(raw, &v); err != nil {
		return errInvalidJSON.errorf("The request body is not valid JSON: %v.", err)
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
				return unknownField(path+k, k, fields)
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

func unknownField(path, key string, fields map[string]reflect.Type) *apiError {
	names := slices.Sorted(maps.Keys(fields))
	for _, n := range names {
		if strings.EqualFold(n, key) {
			return errUnknownField.errorf(
				"The request body contains the unknown field %q. Field names are case-sensitive: did you mean %q?", path, n)
		}
	}
	if len(names) == 0 {
		return errUnknownField.errorf("The request body contains the unknown field %q. This object takes no fields.", path)
	}
	return errUnknownField.errorf(
		"The request body contains the unknown field %q. Accepted fields here: %s.", path, strings.Join(names, ", "))
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
