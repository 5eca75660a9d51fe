package ngrokexchanges

import (
	"fmt"
	"slices"
	"strings"
)

// Absent stands for a key an object does not have.
const Absent = "absent"

// Difference is one place where a shape differs from the recorded one.
type Difference struct {
	// Path names the place: "" for the whole value, "token", "domain.id",
	// "endpoints[2]" (the recorded array's third distinct element shape).
	Path      string
	Want, Got string
}

func (d Difference) String() string {
	return fmt.Sprintf("%s: recorded %s, got %s", cmpOr(d.Path, "(answer)"), d.Want, d.Got)
}

func cmpOr(s, or string) string {
	if s == "" {
		return or
	}
	return s
}

// Equal reports whether two shapes are the same.
func Equal(a, b any) bool {
	return len(Compare(a, b)) == 0
}

// Compare lists the differences of the shape got from the recorded shape
// want, in path order.
//
// Arrays are compared as the sets of their distinct element shapes: each
// element shape of got is compared with the recorded one it differs least
// from (path "key[i]", i the recorded one's index), and a recorded one that
// no element of got has is a difference of its own. A list answer thus
// matches when every element the mock answers has a shape ngrok recorded,
// and every shape ngrok recorded is answered.
func Compare(want, got any) []Difference {
	var out []Difference
	compareAt("", want, got, &out)
	slices.SortStableFunc(out, func(a, b Difference) int { return strings.Compare(a.Path, b.Path) })
	return out
}

func compareAt(path string, want, got any, out *[]Difference) {
	switch w := want.(type) {
	case map[string]any:
		g, ok := got.(map[string]any)
		if !ok {
			break
		}
		keys := make([]string, 0, len(w)+len(g))
		for k := range w {
			keys = append(keys, k)
		}
		for k := range g {
			if _, ok := w[k]; !ok {
				keys = append(keys, k)
			}
		}
		slices.Sort(keys)
		for _, k := range keys {
			wv, inW := w[k]
			gv, inG := g[k]
			p := join(path, k)
			switch {
			case !inG:
				*out = append(*out, Difference{p, Describe(wv), Absent})
			case !inW:
				*out = append(*out, Difference{p, Absent, Describe(gv)})
			default:
				compareAt(p, wv, gv, out)
			}
		}
		return
	case []any:
		g, ok := got.([]any)
		if !ok {
			break
		}
		compareArrays(path, w, g, out)
		return
	case nil:
		if got == nil {
			return
		}
	default:
		if s, ok := got.(string); ok && s == want {
			return
		}
	}
	*out = append(*out, Difference{path, Describe(want), Describe(got)})
}

func compareArrays(path string, want, got []any, out *[]Difference) {
	if len(want) == 0 || len(got) == 0 {
		if len(want) != len(got) {
			*out = append(*out, Difference{path, Describe(want), Describe(got)})
		}
		return
	}
	matched := make([]bool, len(want))
	var unmatched []any
	for _, g := range got {
		if i := slices.IndexFunc(want, func(w any) bool { return Equal(w, g) }); i >= 0 {
			matched[i] = true
			continue
		}
		unmatched = append(unmatched, g)
	}
	for _, g := range unmatched {
		best, bestDiffs := -1, []Difference(nil)
		for i, w := range want {
			var d []Difference
			compareAt(fmt.Sprintf("%s[%d]", path, i), w, g, &d)
			if best < 0 || len(d) < len(bestDiffs) || (len(d) == len(bestDiffs) && !matched[i] && matched[best]) {
				best, bestDiffs = i, d
			}
		}
		matched[best] = true
		*out = append(*out, bestDiffs...)
	}
	for i, m := range matched {
		if !m {
			*out = append(*out, Difference{fmt.Sprintf("%s[%d]", path, i), Describe(want[i]), Absent})
		}
	}
}

func join(path, key string) string {
	if path == "" {
		return key
	}
	return path + "." + key
}

// Describe is a shape in one line: scalars as they are, an object as its
// keys, an array as [n shapes].
func Describe(shape any) string {
	switch s := shape.(type) {
	case map[string]any:
		keys := make([]string, 0, len(s))
		for k := range s {
			keys = append(keys, k)
		}
		slices.Sort(keys)
		return "{" + strings.Join(keys, ",") + "}"
	case []any:
		if len(s) == 0 {
			return "[]"
		}
		parts := make([]string, len(s))
		for i, e := range s {
			parts[i] = Describe(e)
		}
		return "[" + strings.Join(parts, " ") + "]"
	case nil:
		return "no body"
	}
	return fmt.Sprint(shape)
}
