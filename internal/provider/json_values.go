package provider

import (
	"encoding/json"
	"errors"
	"fmt"
	"math"
)

// normalizePolicyValue maps what the JSON and YAML decoders produce onto one
// set of Go values: string-keyed maps, lists, strings, booleans, nil, and
// numbers as int64 when integral (else float64), so that 200, 200.0 and 2e2
// compare equal. Traffic policies and JSON free text (equivalentJSONText)
// are compared through it.
func normalizePolicyValue(v any) (any, error) {
	switch v := v.(type) {
	case map[string]any:
		out := make(map[string]any, len(v))
		for k, e := range v {
			n, err := normalizePolicyValue(e)
			if err != nil {
				return nil, err
			}
			out[k] = n
		}
		return out, nil
	case map[any]any:
		out := make(map[string]any, len(v))
		for k, e := range v {
			n, err := normalizePolicyValue(e)
			if err != nil {
				return nil, err
			}
			out[fmt.Sprint(k)] = n
		}
		return out, nil
	case []any:
		out := make([]any, len(v))
		for i, e := range v {
			n, err := normalizePolicyValue(e)
			if err != nil {
				return nil, err
			}
			out[i] = n
		}
		return out, nil
	case json.Number:
		if i, err := v.Int64(); err == nil {
			return i, nil
		}
		f, err := v.Float64()
		if err != nil {
			return nil, fmt.Errorf("the number %s is out of range", v)
		}
		return normalizeFloat(f)
	case int:
		return int64(v), nil
	case uint64:
		if v <= math.MaxInt64 {
			return int64(v), nil
		}
		return normalizeFloat(float64(v))
	case float64:
		return normalizeFloat(v)
	}
	return v, nil
}

func normalizeFloat(f float64) (any, error) {
	switch {
	case math.IsNaN(f) || math.IsInf(f, 0):
		return nil, errors.New("it holds an infinite or not-a-number value, which JSON cannot")
	case f == math.Trunc(f) && math.Abs(f) < 1<<53:
		return int64(f), nil
	}
	return f, nil
}
