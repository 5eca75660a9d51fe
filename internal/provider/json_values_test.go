package provider

import (
	"encoding/json"
	"reflect"
	"strings"
	"testing"
)

// The JSON decoder's values of one document, however its numbers are
// written, normalise to the same Go value, and two different numbers never
// do; a number no float64 can hold is an error.
func TestNormalizePolicyValue(t *testing.T) {
	t.Parallel()
	decode := func(text string) any {
		t.Helper()
		dec := json.NewDecoder(strings.NewReader(text))
		dec.UseNumber()
		var v any
		if err := dec.Decode(&v); err != nil {
			t.Fatal(err)
		}
		return v
	}
	want := map[string]any{"status": json.Number("2e2"), "ratio": json.Number("5e-1"), "list": []any{json.Number("1"), "x", true, nil}}
	for _, text := range []string{
		`{"status": 200, "ratio": 0.5, "list": [1, "x", true, null]}`,
		`{"status": 2e2, "ratio": 5E-1, "list": [1.0, "x", true, null]}`,
		`{"status": 200.000, "ratio": 0.50, "list": [10e-1, "x", true, null]}`,
	} {
		got, err := normalizePolicyValue(decode(text))
		if err != nil || !reflect.DeepEqual(got, want) {
			t.Errorf("%s: %#v, %v; want %#v", text, got, err, want)
		}
	}
	a, errA := normalizePolicyValue(decode(`9007199254740993`))
	b, errB := normalizePolicyValue(decode(`9007199254740992.0`))
	if errA != nil || errB != nil || a == b {
		t.Errorf("two numbers one float64 cannot tell apart: %v (%v) and %v (%v)", a, errA, b, errB)
	}
	if got, err := normalizePolicyValue(decode(`[1e999]`)); err == nil {
		t.Errorf("1e999: %#v, want an error", got)
	}
}
