package mockserver

import (
	"fmt"
	"net/http"
	"net/url"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"go.yaml.in/yaml/v3"

	"github.com/tfedge/terraform-provider-ngrok/internal/apifilter"
	ngrokopenapi "github.com/tfedge/terraform-provider-ngrok/third_party/ngrok-openapi"
)

func TestListEmpty(t *testing.T) {
	t.Parallel()
	w := do(t, New(), http.MethodGet, "/ssh_certificate_authorities", "")
	wantStatus(t, w, http.StatusOK)
	want := `{"ssh_certificate_authorities":[],"uri":"http://example.com/ssh_certificate_authorities","next_page_uri":null}`
	if got := w.Body.String(); got != want {
		t.Errorf("body = %s, want %s", got, want)
	}
}

// createIDs creates n authorities and returns their IDs newest first, the
// order lists use.
func createIDs(t *testing.T, s http.Handler, n int) []string {
	t.Helper()
	ids := make([]string, n)
	for i := range n {
		ids[n-1-i] = createCA(t, s, fmt.Sprintf(`{"description":"ca %d"}`, i)).ID
	}
	return ids
}

// collect follows next_page_uri from target and returns the IDs in the order
// seen and the size of each page.
func collect(t *testing.T, s http.Handler, target string) (ids []string, sizes []int) {
	t.Helper()
	for pages := 0; ; pages++ {
		if pages > 50 {
			t.Fatal("next_page_uri never ends")
		}
		page := listCAs(t, s, target)
		sizes = append(sizes, len(page.Items))
		for _, ca := range page.Items {
			ids = append(ids, ca.ID)
		}
		if page.NextPageURI == nil {
			return ids, sizes
		}
		target = *page.NextPageURI
	}
}

func TestListPagination(t *testing.T) {
	t.Parallel()
	// A fixed clock puts all objects in the same second, so the order must
	// come from the insertion sequence.
	at := time.Date(2025, 9, 4, 10, 11, 14, 0, time.UTC)
	s := New(WithPageSize(2), WithClock(func() time.Time { return at }))
	want := createIDs(t, s, 5)

	got, sizes := collect(t, s, "/ssh_certificate_authorities")
	if !slices.Equal(got, want) {
		t.Errorf("IDs across pages = %v, want newest first %v", got, want)
	}
	if !slices.Equal(sizes, []int{2, 2, 1}) {
		t.Errorf("page sizes = %v, want [2 2 1]", sizes)
	}
}

func TestListNextPageURI(t *testing.T) {
	t.Parallel()
	s := New(WithPageSize(2))
	ids := createIDs(t, s, 3)
	page := listCAs(t, s, "/ssh_certificate_authorities")
	if page.NextPageURI == nil {
		t.Fatal("next_page_uri is null with objects remaining")
	}
	u, err := url.Parse(*page.NextPageURI)
	if err != nil {
		t.Fatal(err)
	}
	if got := u.Scheme + "://" + u.Host + u.Path; got != "http://example.com/ssh_certificate_authorities" {
		t.Errorf("next page address = %q, want the list on the request origin", got)
	}
	q := u.Query()
	if q.Get("limit") != "2" || q.Get("before_id") != ids[1] {
		t.Errorf("next page query = %v, want limit=2 and before_id=%s (oldest on the page)", q, ids[1])
	}
}

func TestListNoEmptyLastPage(t *testing.T) {
	t.Parallel()
	s := New(WithPageSize(2))
	createIDs(t, s, 4)
	_, sizes := collect(t, s, "/ssh_certificate_authorities")
	if !slices.Equal(sizes, []int{2, 2}) {
		t.Errorf("page sizes = %v, want [2 2] with no empty page after", sizes)
	}
}

func TestListLimit(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name     string
		pageSize int
		query    string
		want     int
	}{
		{"default is everything up to 100", 0, "", 5},
		{"limit asked for", 0, "?limit=3", 3},
		{"page size caps the limit", 2, "?limit=50", 2},
		{"limit below the page size", 4, "?limit=1", 1},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			s := New(WithPageSize(tt.pageSize))
			createIDs(t, s, 5)
			if got := len(listCAs(t, s, "/ssh_certificate_authorities"+tt.query).Items); got != tt.want {
				t.Errorf("page has %d objects, want %d", got, tt.want)
			}
		})
	}
}

func TestListBeforeDeletedID(t *testing.T) {
	t.Parallel()
	s := New()
	ids := createIDs(t, s, 3)
	wantStatus(t, do(t, s, http.MethodDelete, "/ssh_certificate_authorities/"+ids[1], ""), http.StatusNoContent)
	page := listCAs(t, s, "/ssh_certificate_authorities?before_id="+ids[1])
	if len(page.Items) != 1 || page.Items[0].ID != ids[2] {
		t.Errorf("page before the deleted cursor = %+v, want only %s", page.Items, ids[2])
	}
}

// Any well-formed ID is a cursor, held or not: the page holds the objects
// with smaller IDs, those created before it.
func TestListBeforeNeverHeldID(t *testing.T) {
	t.Parallel()
	s := New()
	ids := createIDs(t, s, 3) // newest first
	between := []byte(ids[1])
	if !incrementBase62(between[len(prefixSSHCA):]) {
		t.Fatal("cannot increment")
	}
	tests := []struct {
		name, cursor string
		want         []string
	}{
		{"between two objects", string(between), ids[1:]},
		{"below every object", prefixSSHCA + strings.Repeat("0", idLen), nil},
		{"above every object", prefixSSHCA + strings.Repeat("z", idLen), ids},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			got, _ := collect(t, s, "/ssh_certificate_authorities?before_id="+tt.cursor)
			if !slices.Equal(got, tt.want) {
				t.Errorf("IDs before %s = %v, want %v", tt.cursor, got, tt.want)
			}
		})
	}
}

// A cursor keeps working while a client deletes what it pages through, and
// while objects are created: every object that existed when the walk began
// and was not deleted is seen once.
func TestListPagingWhileDeletingAndCreating(t *testing.T) {
	t.Parallel()
	s := New(WithPageSize(3))
	all := createIDs(t, s, 10) // newest first
	var seen []string
	target := "/ssh_certificate_authorities"
	for {
		page := listCAs(t, s, target)
		for _, ca := range page.Items {
			seen = append(seen, ca.ID)
			// Delete what was just read, and create a newer object.
			wantStatus(t, do(t, s, http.MethodDelete, "/ssh_certificate_authorities/"+ca.ID, ""), http.StatusNoContent)
			createCA(t, s, `{}`)
		}
		if page.NextPageURI == nil {
			break
		}
		target = *page.NextPageURI
	}
	if !slices.Equal(seen, all) {
		t.Errorf("walk saw %v, want %v", seen, all)
	}
}

func TestListFilter(t *testing.T) {
	t.Parallel()
	s := New()
	for _, body := range []string{
		`{"description":"prod-a","metadata":"{\"team\":\"x\"}"}`,
		`{"description":"prod-b","private_key_type":"ecdsa"}`,
		`{"description":"dev-a"}`,
		`{}`,
	} {
		createCA(t, s, body)
	}
	tests := []struct {
		filter string
		want   []string // descriptions, newest first
	}{
		{`obj.description.startsWith("prod") && obj.metadata.contains("team")`, []string{"prod-a"}},
		{`obj.description.startsWith('prod')`, []string{"prod-b", "prod-a"}},
		{`obj.description in ["prod-b", "dev-a"]`, []string{"dev-a", "prod-b"}},
		{`obj.description == null`, []string{""}},
		{`obj.metadata.contains("team")`, []string{"prod-a"}},
		// NOTE: a method called on a missing (null) description is an
		// error, so that object does not match, negated or not.
		{`!(obj.description.endsWith("-a"))`, []string{"prod-b"}},
		{`obj.description == null || !obj.description.endsWith("-a")`, []string{"", "prod-b"}},
		{`obj.description > "dev-z"`, []string{"prod-b", "prod-a"}},
		{`obj.created_at <= timestamp(time.now)`, []string{"", "dev-a", "prod-b", "prod-a"}},
	}
	for _, tt := range tests {
		t.Run(tt.filter, func(t *testing.T) {
			t.Parallel()
			page := listCAs(t, s, "/ssh_certificate_authorities?filter="+url.QueryEscape(tt.filter))
			var got []string
			for _, ca := range page.Items {
				got = append(got, ca.Description)
			}
			if !slices.Equal(got, tt.want) {
				t.Errorf("filter %s matched %q, want %q", tt.filter, got, tt.want)
			}
		})
	}
}

func TestListFilterAcrossPages(t *testing.T) {
	t.Parallel()
	s := New(WithPageSize(2))
	var want []string
	for i := range 7 {
		ca := createCA(t, s, fmt.Sprintf(`{"description":"%s %d"}`, map[bool]string{true: "keep", false: "skip"}[i%2 == 0], i))
		if i%2 == 0 {
			want = append([]string{ca.ID}, want...)
		}
	}
	filter := `obj.description.startsWith("keep")`
	got, sizes := collect(t, s, "/ssh_certificate_authorities?filter="+url.QueryEscape(filter))
	if !slices.Equal(got, want) {
		t.Errorf("filtered IDs across pages = %v, want %v", got, want)
	}
	if !slices.Equal(sizes, []int{2, 2}) {
		t.Errorf("page sizes = %v, want [2 2]", sizes)
	}
}

func TestConcurrentCreates(t *testing.T) {
	t.Parallel()
	s := New()
	const n = 50
	ids := make([]string, n)
	var wg sync.WaitGroup
	for i := range n {
		wg.Go(func() {
			w := do(t, s, http.MethodPost, "/ssh_certificate_authorities", fmt.Sprintf(`{"description":"%d"}`, i))
			if w.Code != http.StatusCreated {
				t.Errorf("create %d: status %d, body %s", i, w.Code, w.Body)
				return
			}
			ids[i] = decodeBody[sshCAWire](t, w).ID
		})
	}
	wg.Wait()
	listed := listCAs(t, s, "/ssh_certificate_authorities")
	if len(listed.Items) != n {
		t.Errorf("list has %d objects, want %d", len(listed.Items), n)
	}
	slices.Sort(ids)
	if len(slices.Compact(ids)) != n {
		t.Errorf("IDs are not distinct: %v", ids)
	}
}

// Every route of the API takes the query parameters the spec gives its
// operation, and no other: a filter on every list the spec gives one
// (ngrok-api-go sends one on each of them through FilteredPaging), the
// endpoints list's id and url.
func TestRouteQueriesFollowTheSpec(t *testing.T) {
	t.Parallel()
	var doc struct {
		Paths map[string]map[string]struct {
			Parameters []struct {
				Name string `yaml:"name"`
				In   string `yaml:"in"`
			} `yaml:"parameters"`
		} `yaml:"paths"`
	}
	if err := yaml.Unmarshal(ngrokopenapi.Facts, &doc); err != nil {
		t.Fatal(err)
	}
	for _, rt := range New().routes() {
		if rt.control {
			continue
		}
		op, ok := doc.Paths[rt.path][strings.ToLower(rt.method)]
		if !ok {
			t.Errorf("%s %s is not an operation of the spec", rt.method, rt.path)
			continue
		}
		var want []string
		for _, p := range op.Parameters {
			if p.In == "query" {
				want = append(want, p.Name)
			}
		}
		slices.Sort(want)
		if got := slices.Sorted(slices.Values(rt.query)); !slices.Equal(got, want) {
			t.Errorf("%s %s takes the query parameters %v, the spec %v", rt.method, rt.path, got, want)
		}
	}
}

// Every list that takes a filter has its fields in apifilter.Fields (docs
// api/api-filtering.mdx's table), and every list of that table takes one:
// a filter is never checked against every field for want of a row.
func TestFilteredListsHaveDocumentedFields(t *testing.T) {
	t.Parallel()
	filtered := map[string]bool{}
	for _, rt := range New().routes() {
		if !rt.control && rt.method == http.MethodGet && slices.Contains(rt.query, "filter") {
			filtered[rt.path] = true
			if _, ok := apifilter.Fields[rt.path]; !ok {
				t.Errorf("GET %s takes a filter; apifilter.Fields has no row for it", rt.path)
			}
		}
	}
	for p := range apifilter.Fields {
		if !filtered[p] {
			t.Errorf("apifilter.Fields has %s, whose list takes no filter", p)
		}
	}
}
