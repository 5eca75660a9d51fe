package mockserver

import (
	"bytes"
	"encoding/json"
	"fmt"
	"net/http"
	"reflect"
	"slices"
	"strings"
	"testing"
)

// fuzzBodies are the request body types decodeStrict reads, by index.
var fuzzBodies = []func() any{
	bodyOf[sshCACreate], bodyOf[sshHostCertCreate], bodyOf[sshUserCertCreate], bodyOf[freeTextUpdate],
	bodyOf[reservedDomainCreate], bodyOf[reservedDomainUpdate], bodyOf[endpointCreate], bodyOf[endpointUpdate],
}

// FuzzDecodeStrict checks the decoding of request bodies: a refusal is a
// 400 with the code of its kind (invalid JSON, unknown field, wrong
// value), every time the same; a body with a key twice in one object is
// refused as invalid JSON (counted independently: keys read versus keys
// kept); an accepted body has only fields of its type, spelled exactly,
// decodes as a lenient decoder would, and its re-encoding decodes the same;
// decoding allocates at most maxAllocPerBodyByte per byte plus a constant.
func FuzzDecodeStrict(f *testing.F) {
	for _, r := range fuzzRequests(fuzzAccount{sshCA: "sshca_1", hostCert: "shcrt_1", userCert: "sucrt_1", domain: "rd_1", endpoint: "ep_1"}) {
		if r[2] != "" {
			for i := range fuzzBodies {
				f.Add([]byte(r[2]), uint8(i))
			}
		}
	}
	for _, b := range []string{`{"Description":"x"}`, `{"description":1}`, `[]`, `null`, `{"a":{"b":1,"b":2}}`, `{"description":"x"} {}`,
		`{"certificate_management_policy":{"authority":"letsencrypt","authority":"x"}}`, `{"principals":["a",{"b":1,"b":1}]}`, `{"key_size":1.5}`,
		nested(maxJSONDepth+1, ""), `{"principals":` + nested(maxJSONDepth-1, "") + `}`, `{"a":"\"[[[","a\u0022":1,"a\"":2}`} {
		f.Add([]byte(b), uint8(0))
		f.Add([]byte(b), uint8(5))
	}
	f.Fuzz(func(t *testing.T, raw []byte, which uint8) {
		newBody := fuzzBodies[int(which)%len(fuzzBodies)]
		dst := newBody()
		var err *apiError
		if bytes := allocated(func() { err = decodeStrict(raw, dst) }); bytes > uint64(maxAllocPerBodyByte*len(raw)+maxAllocPerRequest) {
			t.Fatalf("%q: decoding %d bytes allocated %d", raw, len(raw), bytes)
		}
		if again := decodeStrict(raw, newBody()); fmt.Sprint(again) != fmt.Sprint(err) {
			t.Fatalf("%q: decoded twice, refused as %v then as %v", raw, err, again)
		}
		dup := hasDuplicateKey(raw)
		if err != nil {
			if err.status != http.StatusBadRequest || !slices.Contains([]string{errInvalidJSON.code, errUnknownField.code, errInvalidValue.code}, err.code) || err.msg == "" {
				t.Fatalf("%q refused with %d %s %q", raw, err.status, err.code, err.msg)
			}
			if dup && err.code != errInvalidJSON.code {
				t.Fatalf("%q has a key twice but was refused as %s %q", raw, err.code, err.msg)
			}
			return
		}
		if dup {
			t.Fatalf("%q has a key twice but was accepted as %+v", raw, dst)
		}
		var doc any
		if jerr := json.Unmarshal(raw, &doc); jerr != nil {
			t.Fatalf("%q accepted but it is not JSON: %v", raw, jerr)
		}
		if bad := unknownKey(doc, reflect.TypeOf(dst)); bad != "" {
			t.Fatalf("%q accepted with the field %q, which %T does not have", raw, bad, dst)
		}
		lenient := newBody()
		if jerr := json.Unmarshal(raw, lenient); jerr != nil || !reflect.DeepEqual(lenient, dst) {
			t.Fatalf("%q: strictly %+v, leniently %+v (%v)", raw, dst, lenient, jerr)
		}
		again := newBody()
		re := must(json.Marshal(dst))
		if err := decodeStrict(re, again); err != nil || !reflect.DeepEqual(again, dst) {
			t.Fatalf("%q decodes as %+v, whose encoding %s decodes as %+v (%v)", raw, dst, re, again, err)
		}
	})
}

// hasDuplicateKey reports whether an object in raw's first JSON value has
// a key twice: the keys read from the token stream outnumber the keys an
// ordinary decode keeps.
func hasDuplicateKey(raw []byte) bool {
	dec := json.NewDecoder(bytes.NewReader(raw))
	var doc any
	if dec.Decode(&doc) != nil {
		return false
	}
	kept := 0
	var count func(v any)
	count = func(v any) {
		switch v := v.(type) {
		case map[string]any:
			kept += len(v)
			for _, e := range v {
				count(e)
			}
		case []any:
			for _, e := range v {
				count(e)
			}
		}
	}
	count(doc)
	read := 0
	type frame struct{ object, wantKey bool }
	var stack []frame
	toks := json.NewDecoder(bytes.NewReader(raw))
	for {
		tok, err := toks.Token()
		if err != nil {
			break
		}
		if _, isKey := tok.(string); isKey && len(stack) > 0 && stack[len(stack)-1].object && stack[len(stack)-1].wantKey {
			read++
			n := len(stack)
			stack[n-1].wantKey = false
			continue
		}
		switch tok {
		case json.Delim('{'):
			stack = append(stack, frame{object: true, wantKey: true})
			continue
		case json.Delim('['):
			stack = append(stack, frame{})
			continue
		case json.Delim('}'), json.Delim(']'):
			stack = stack[:len(stack)-1]
		}
		if len(stack) == 0 {
			break
		}
		if top := &stack[len(stack)-1]; top.object {
			top.wantKey = true
		}
	}
	return read > kept
}

// unknownKey returns the first key (depth first) of doc that is not the
// exact JSON name of a field of t at its place, or "".
func unknownKey(doc any, t reflect.Type) string {
	for t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	switch t.Kind() {
	case reflect.Struct:
		obj, _ := doc.(map[string]any)
		for k, v := range obj {
			f, ok := fieldByJSONName(t, k)
			if !ok {
				return k
			}
			if bad := unknownKey(v, f.Type); bad != "" {
				return k + "." + bad
			}
		}
	case reflect.Slice:
		list, _ := doc.([]any)
		for _, v := range list {
			if bad := unknownKey(v, t.Elem()); bad != "" {
				return bad
			}
		}
	}
	return ""
}

func fieldByJSONName(t reflect.Type, name string) (reflect.StructField, bool) {
	for _, f := range reflect.VisibleFields(t) {
		if tag, _, _ := strings.Cut(f.Tag.Get("json"), ","); f.IsExported() && tag == name {
			return f, true
		}
	}
	return reflect.StructField{}, false
}
