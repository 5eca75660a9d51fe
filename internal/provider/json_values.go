package provider

import (
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"strconv"
	"strings"
)

// normalizePolicyValue maps what the JSON decoder produces (with UseNumber)
// onto the values both notations share: string-keyed maps, lists, strings,
// booleans, nil, and numbers as json.Number in canonicalNumber's spelling,
// so that 200, 200.0 and 2e2 compare equal and no two different numbers do.
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
		return policyNumber(string(v))
	}
	return v, nil
}

// policyNumber is the number written as text, in canonical spelling; an
// error when it is out of the range of a float64, which the API cannot read.
func policyNumber(text string) (json.Number, error) {
	if f, err := strconv.ParseFloat(text, 64); err != nil || math.IsInf(f, 0) {
		return "", fmt.Errorf("the number %s is out of range", text)
	}
	c, ok := canonicalNumber(text)
	if !ok {
		return "", fmt.Errorf("%q is not a number", text)
	}
	return json.Number(c), nil
}

// canonicalNumber spells a decimal number ([-+]digits[.digits][e[-+]digits],
// either digits part possibly empty) as its digits without leading or
// trailing zeros and a power of ten ("2e2" for 200.0, "15e-1" for 1.5, "0"
// for -0.0), which is exact: two spellings of one number give one text and
// two numbers two texts, even where a float64 would round them to one
// (9007199254740993 and 9007199254740992.0).
func canonicalNumber(text string) (string, bool) {
	s := text
	neg := false
	if s != "" && (s[0] == '-' || s[0] == '+') {
		neg = s[0] == '-'
		s = s[1:]
	}
	mant, expText, hasExp := strings.Cut(strings.ToLower(s), "e")
	intPart, frac, _ := strings.Cut(mant, ".")
	digits := intPart + frac
	if digits == "" || strings.Trim(digits, "0123456789") != "" {
		return "", false
	}
	exp := int64(0)
	if hasExp {
		e, err := strconv.ParseInt(expText, 10, 64)
		switch {
		case err == nil:
			exp = e
		case errors.Is(err, strconv.ErrRange) && strings.Trim(digits, "0") == "":
			return "0", true // zero times any power of ten
		default:
			return "", false
		}
	}
	// NOTE: bounded so that the sums below cannot overflow; a number that
	// far out is out of any float's range, which callers refuse anyway.
	if exp > 1<<62 || exp < -(1<<62) {
		return "", false
	}
	digits = strings.TrimLeft(digits, "0")
	if digits == "" {
		return "0", true
	}
	trimmed := strings.TrimRight(digits, "0")
	exp += int64(len(digits)-len(trimmed)) - int64(len(frac))
	out := trimmed
	if neg {
		out = "-" + out
	}
	if exp != 0 {
		out += "e" + strconv.FormatInt(exp, 10)
	}
	return out, true
}
