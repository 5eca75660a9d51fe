package provider

import (
	"encoding/json"
	"math"
	"reflect"
	"testing"
)

// The decoders' values of one document, however its numbers and keys are
// written, normalise to the same Go value; a number JSON cannot hold is an
// error.
func TestNormalizePolicyValue(t *testing.T) {
	t.Parallel()
	want := map[string]any{"status": int64(200), "ratio": 0.5, "list": []any{int64(1), "x", true, nil}, "1": "one"}
	for name, in := range map[string]any{
		"json numbers": map[string]any{"status": json.Number("2e2"), "ratio": json.Number("0.5"),
			"list": []any{json.Number("1.0"), "x", true, nil}, "1": "one"},
		"yaml values": map[any]any{"status": 200, "ratio": 0.5, "list": []any{uint64(1), "x", true, nil}, 1: "one"},
		"float64s":    map[string]any{"status": 200.0, "ratio": 0.5, "list": []any{1.0, "x", true, nil}, "1": "one"},
	} {
		got, err := normalizePolicyValue(in)
		if err != nil || !reflect.DeepEqual(got, want) {
			t.Errorf("%s: %#v, %v; want %#v", name, got, err, want)
		}
	}
	for _, bad := range []any{math.NaN(), []any{math.Inf(1)}, json.Number("1e999")} {
		if got, err := normalizePolicyValue(bad); err == nil {
			t.Errorf("%v: %#v, want an error", bad, got)
		}
	}
	if got, err := normalizePolicyValue(uint64(math.MaxUint64)); err != nil || got != float64(math.MaxUint64) {
		t.Errorf("MaxUint64: %#v, %v", got, err)
	}
}
