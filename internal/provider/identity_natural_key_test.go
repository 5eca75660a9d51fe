package provider

import (
	"errors"
	"iter"
	"strings"
	"testing"

	"github.com/hashicorp/terraform-plugin-framework/diag"
)

func TestResolveNaturalKey(t *testing.T) {
	t.Parallel()
	type obj struct{ id, key string }
	k := naturalKey{noun: "thing", title: "Thing", keyName: "name", keyTitle: "Name", key: "a", filter: `obj.name == "a"`,
		notFoundHint: "Check the name."}
	seq := func(objs []obj, err error) iter.Seq2[*obj, error] {
		return func(yield func(*obj, error) bool) {
			for i := range objs {
				if !yield(&objs[i], nil) {
					return
				}
			}
			if err != nil {
				yield(nil, err)
			}
		}
	}
	for name, tc := range map[string]struct {
		objs    []obj
		err     error
		want    string
		summary string
		detail  []string
	}{
		"one":                                    {objs: []obj{{"t_1", "a"}}, want: "t_1"},
		"one, and others the filter let through": {objs: []obj{{"t_0", "b"}, {"t_1", "a"}, {"t_2", "c"}}, want: "t_1"},
		"none": {summary: "Thing Not Found",
			detail: []string{`No thing of this account has the name "a"`, `filter obj.name == "a"`, "Check the name."}},
		"none that match": {objs: []obj{{"t_0", "b"}}, summary: "Thing Not Found"},
		"two": {objs: []obj{{"t_1", "a"}, {"t_2", "a"}}, summary: "Ambiguous Thing Name",
			detail: []string{`2 things of this account have the name "a": t_1, t_2.`, "by its ID"}},
		"list fails": {objs: []obj{{"t_1", "a"}}, err: errors.New("connection reset"), summary: "Unable to Import Thing",
			detail: []string{"connection reset"}},
	} {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			var diags diag.Diagnostics
			got := resolveNaturalKey(k, seq(tc.objs, tc.err), func(o *obj) string { return o.id },
				func(o *obj) bool { return o.key == "a" }, &diags)
			if got != tc.want {
				t.Errorf("got %q, want %q", got, tc.want)
			}
			if tc.summary == "" {
				if diags.HasError() {
					t.Errorf("unexpected diagnostics: %v", diags)
				}
				return
			}
			if len(diags) != 1 || diags[0].Summary() != tc.summary {
				t.Fatalf("diagnostics %v, want one %q", diags, tc.summary)
			}
			for _, want := range tc.detail {
				if !strings.Contains(diags[0].Detail(), want) {
					t.Errorf("detail %q does not hold %q", diags[0].Detail(), want)
				}
			}
		})
	}
}
