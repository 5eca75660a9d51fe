package trafficpolicy

import (
	"slices"
	"testing"
)

// TestLanguageTables checks the description for the mistakes an edit can
// make: an action twice or out of order, a phase that does not exist, a
// field twice.
func TestLanguageTables(t *testing.T) {
	t.Parallel()
	types := ActionTypes()
	if !slices.IsSorted(types) {
		t.Errorf("actions are not in alphabetical order: %v", types)
	}
	if len(slices.Compact(slices.Clone(types))) != len(types) {
		t.Errorf("an action type is listed twice: %v", types)
	}
	var walk func(at string, fields []field)
	walk = func(at string, fields []field) {
		seen := map[string]bool{}
		for _, f := range fields {
			if seen[f.name] {
				t.Errorf("%s: the field %s is listed twice", at, f.name)
			}
			seen[f.name] = true
			for vt := f.typ; vt != nil; vt = vt.elem {
				walk(at+"."+f.name, vt.fields)
				for _, alt := range vt.alternatives {
					walk(at+"."+f.name, alt.fields)
				}
			}
		}
	}
	for _, a := range actions {
		if len(a.phases) == 0 {
			t.Errorf("%s runs in no phase", a.typ)
		}
		for _, p := range a.phases {
			if !slices.Contains(Phases, p) {
				t.Errorf("%s runs in %s, which is not a phase", a.typ, p)
			}
		}
		walk(a.typ, a.config)
	}
	if _, err := celEnv(); err != nil {
		t.Fatalf("the CEL environment: %v", err)
	}
}
