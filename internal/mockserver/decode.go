package mockserver

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"maps"
	"mime"
	"net/http"
	"net/url"
	"reflect"
	"slices"
	"strconv"
	"strings"
)

// jsonType is the one type of body the API takes [real: docs api/index.mdx].
const jsonType = "application/json"

// checkContentType refuses a body without Content-Type (216) or of another
// type than JSON (210); parameters such as a charset are allowed.
func checkContentType(ct string) *apiError {
	if ct == "" {
		return errContentType.with()
	}
	if mt, _, err := mime.ParseMediaType(ct); err != nil || mt != jsonType {
		return errContentTypeUnsupported.with(ct)
	}
	return nil
}

// hasBody reports whether r carries a body of at least one byte; a body of
// unknown length (chunked) is read for its first byte.
func hasBody(r *http.Request) bool {
	switch {
	case r.ContentLength > 0:
		return true
	case r.ContentLength == 0 || r.Body == nil || r.Body == http.NoBody:
		return false
	}
	var b [1]byte
	n, _ := io.ReadFull(r.Body, b[:])
	return n > 0
}

// repeatableQuery are the query parameters that take several values: the
// spec's array parameters, the endpoints list's id and url [real: spec
// openapi.yaml]. Every other is single-valued (ERR_NGROK_232).
var repeatableQuery = []string{"id", "url"}

// checkQuery refuses a query string that does not decode (230), a
// parameter the route does not take (231) and a single-valued one given
// twice (232).
func (rt route) checkQuery(raw string) *apiError {
	if raw == "" {
		return nil
	}
	// NOTE: URL.Query drops a pair it cannot decode ("?limit=%zz") without
	// a word, so the request would run as if it were not there.
	query, err := url.ParseQuery(raw)
	if err != nil {
		return errQueryInvalid.with(err)
	}
	names := slices.Sorted(maps.Keys(query))
	var unknown []string
	for _, name := range names {
		if !slices.Contains(rt.query, name) {
			unknown = append(unknown, name)
		}
	}
	if len(unknown) > 0 {
		return errUnknownQueryParameter.with(strings.Join(unknown, ", "), listOrNone(rt.query))
	}
	for _, name := range names {
		if vals := query[name]; len(vals) > 1 && !slices.Contains(repeatableQuery, name) {
			return errQueryParameterRepeated.with(name, len(vals), strings.Join(vals, ", "))
		}
	}
	return nil
}

// listOrNone joins names for a message, or says there are none.
func listOrNone(names []string) string {
	if len(names) == 0 {
		return "none"
	}
	return strings.Join(names, ", ")
}

// invalidParameter is ERR_NGROK_215 for the request parameter name (a body
// field's path, a query parameter).
func invalidParameter(name string) *apiError {
	return errInvalidValue.with(name)
}

// bodyNotParsed is ERR_NGROK_213 for a JSON body.
func bodyNotParsed() *apiError { return errInvalidJSON.with(jsonType) }

// decodeStrict decodes a JSON object into dst (a pointer to a struct) and
// refuses what a lenient decoder would let through: syntax errors (213),
// unknown fields (214) and values of the wrong JSON type (215).
func decodeStrict(raw []byte, dst any) *apiError {
	// NOTE: checked first, in one pass that allocates nothing, so that every
	// later step (the duplicate-key walk, encoding/json's decoders, the
	// field-name walk) meets at most maxJSONDepth levels: none of them is
	// then more than linear in the body's size.
	if jsonDepth(raw) > maxJSONDepth {
		return bodyNotParsed()
	}
	// NOTE: encoding/json keeps the last of two equal keys, so
	// {"private_key_type":"dsa","private_key_type":"ed25519"} would pass as
	// ed25519 although a value that must be refused was sent. A body with a
	// key twice in one object is not interoperable JSON (RFC 8259 leaves its
	// meaning open), so it is answered as invalid JSON, like a syntax error.
	if _, ok := duplicateKey(raw); ok {
		return bodyNotParsed()
	}
	dec := json.NewDecoder(bytes.NewReader(raw))
	dec.DisallowUnknownFields()
	if err := dec.Decode(dst); err != nil {
		return decodeError(raw, dst, err)
	}
	if _, err := dec.Token(); err != io.EOF {
		return bodyNotParsed() // data after the top-level object
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
// brackets outside strings. It reads raw once and allocates nothing; it
// does not check the rest of the syntax.
func jsonDepth(raw []byte) (depth int) {
	inString, escaped := false, false
	cur := 0
	for _, c := range raw {
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
			depth = max(depth, cur)
		case c == ']' || c == '}':
			cur--
		}
	}
	return depth
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
	var typeErr *json.UnmarshalTypeError
	switch {
	case errors.As(err, &typeErr) && typeErr.Field != "":
		return invalidParameter(typeErr.Field)
	case strings.HasPrefix(err.Error(), "json: unknown field "):
		if e := checkFieldNames(raw, reflect.TypeOf(dst)); e != nil {
			return e
		}
		// NOTE: unreachable while checkFieldNames sees what encoding/json
		// sees; kept so that a disagreement is still a 214.
		name := strings.TrimPrefix(err.Error(), "json: unknown field ")
		return unknownField(strings.Trim(name, `"`), nil)
	default:
		// NOTE: a syntax error, a body cut short, and a body that is not an
		// object (typeErr without a field).
		return bodyNotParsed()
	}
}

// checkFieldNames walks the decoded JSON beside the Go type and reports the
// first key (in sorted order) that no json tag names exactly.
func checkFieldNames(raw []byte, t reflect.Type) *apiError {
	var v any
	if err := json.Unmarshal(raw, &v); err != nil {
		return bodyNotParsed()
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

// unknownField is ERR_NGROK_214 for the field at path, with the fields of
// its object.
func unknownField(path string, fields map[string]reflect.Type) *apiError {
	return errUnknownField.with(path, listOrNone(slices.Sorted(maps.Keys(fields))))
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
