package mockserver

import (
	"flag"
	"fmt"
	"net/http"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	ngrokerrors "github.com/tfedge/terraform-provider-ngrok/third_party/ngrok-errors"
)

// NOTE: invalid_cel_expression is the filter's code [real: docs
// api/api-filtering.mdx].
var errorCodePattern = regexp.MustCompile(`^(ERR_NGROK_[0-9]+|invalid_cel_expression)$`)

// Every row of the error table is complete and answered once: no two rows
// share a code and status, so a code's status is never a matter of which
// row a handler picked.
func TestErrorTableRows(t *testing.T) {
	t.Parallel()
	if len(errorTable) == 0 {
		t.Fatal("errorTable is empty")
	}
	seen := map[[2]string]bool{}
	for _, k := range errorTable {
		key := [2]string{k.code, strconv.Itoa(k.status)}
		if seen[key] {
			t.Errorf("%d %q is in errorTable twice", k.status, k.code)
		}
		seen[key] = true
		if k.code != "" && !errorCodePattern.MatchString(k.code) {
			t.Errorf("code %q is not of the form ERR_NGROK_<n> or a lower-case code", k.code)
		}
		if k.status < 400 || k.status > 599 || http.StatusText(k.status) == "" {
			t.Errorf("%q: status %d is not an error status", k.code, k.status)
		}
		if k.origin != realAPI && k.origin != realCode && k.origin != ours {
			t.Errorf("%d %q: no origin", k.status, k.code)
		}
		if strings.TrimSpace(k.when) == "" {
			t.Errorf("%d %q: no situation", k.status, k.code)
		}
	}
}

// Every error the server can send comes from the table: no source file but
// errors.go spells an error code in a string or builds an apiError itself,
// and every row of the table is used by some handler (a row nothing sends
// is a row that has drifted from the code).
//
// NOTE: a scan of the source text, line by line, comment lines skipped:
// the lint configuration keeps go/ast and its kin out of the module.
func TestEveryErrorIsInTheTable(t *testing.T) {
	t.Parallel()
	files, err := filepath.Glob("*.go")
	if err != nil {
		t.Fatal(err)
	}
	var (
		rowDecl   = regexp.MustCompile(`^\t(\w+) += define(?:Own)?Error\(`)
		codeInStr = regexp.MustCompile("[\"`][^\"`]*ERR_NGROK_")
		built     = regexp.MustCompile(`\bapiError\{|\bdefine(?:Own)?Error\(`)
		ident     = regexp.MustCompile(`\b\w+\b`)
	)
	uses := map[string]int{} // row variable → uses outside its declaration
	type line struct {
		file string
		n    int
		text string
	}
	var lines []line
	for _, name := range files {
		if strings.HasSuffix(name, "_test.go") {
			continue
		}
		data, err := os.ReadFile(name)
		if err != nil {
			t.Fatal(err)
		}
		for n, text := range strings.Split(string(data), "\n") {
			if strings.HasPrefix(strings.TrimSpace(text), "//") {
				continue
			}
			if m := rowDecl.FindStringSubmatch(text); m != nil && name == "errors.go" {
				uses[m[1]] = 0
				continue
			}
			lines = append(lines, line{name, n + 1, text})
		}
	}
	if len(uses) != len(errorTable) {
		t.Fatalf("errors.go declares %d rows with defineError and defineOwnError, errorTable holds %d", len(uses), len(errorTable))
	}
	for _, l := range lines {
		if l.file != "errors.go" && codeInStr.MatchString(l.text) {
			t.Errorf("%s:%d: an error code is spelled outside errors.go's table: %s", l.file, l.n, strings.TrimSpace(l.text))
		}
		if l.file != "errors.go" && built.MatchString(l.text) {
			t.Errorf("%s:%d: an error is built outside errors.go, not from a row of the table: %s", l.file, l.n, strings.TrimSpace(l.text))
		}
		for _, id := range ident.FindAllString(l.text, -1) {
			if _, ok := uses[id]; ok {
				uses[id]++
			}
		}
	}
	for row, n := range uses {
		if n == 0 {
			t.Errorf("the row %s of errorTable is never sent", row)
		}
	}
}

var updateREADME = flag.Bool("update-readme", false, "rewrite the error table of README.md from errorTable")

// README.md shows errorTable as it is: its table between the errors:begin
// and errors:end markers is the rendering of the rows, in their order.
func TestREADMEErrorTable(t *testing.T) {
	t.Parallel()
	const begin, end = "<!-- errors:begin -->\n", "<!-- errors:end -->"
	data, err := os.ReadFile("README.md")
	if err != nil {
		t.Fatal(err)
	}
	readme := string(data)
	i, j := strings.Index(readme, begin), strings.Index(readme, end)
	if i < 0 || j < i {
		t.Fatalf("README.md lacks the markers %q and %q", begin, end)
	}
	var b strings.Builder
	b.WriteString("| Code | Status | Origin | When |\n|---|---|---|---|\n")
	for _, k := range errorTable {
		code := k.code
		if code == "" {
			code = "(none)"
		}
		fmt.Fprintf(&b, "| %s | %d | %s | %s |\n", code, k.status, k.origin, k.when)
	}
	want := b.String()
	if got := readme[i+len(begin) : j]; got != want {
		if !*updateREADME {
			t.Fatalf("README.md's error table differs from errorTable; run go test -run TestREADMEErrorTable -update-readme.\nwant:\n%s", want)
		}
		readme = readme[:i+len(begin)] + want + readme[j:]
		if err := os.WriteFile("README.md", []byte(readme), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

// realTag is a tag of README.md that says what the real API does: `[real]`,
// `[real code …]`, `[real: …]`, possibly wrapped over lines.
var realTag = regexp.MustCompile(`\[real\b[^\]]*\]`)

// realTagSources are the kinds of evidence a real tag may name (the legend
// at the top of README.md): an exchange must name its commit.
var realTagSources = []*regexp.Regexp{
	regexp.MustCompile(`\bexchanges? [^\]]*@[0-9a-f]{7,40}\b`),
	regexp.MustCompile(`\berrors/(err_ngrok_\S+\.mdx|( has| holds))`),
	regexp.MustCompile(`\bdocs [a-z0-9-]+(/[a-z0-9._-]+)*\.mdx\b`),
	regexp.MustCompile(`\bspec openapi\.yaml\b`),
	regexp.MustCompile(`\bngrok-api-go \S+\.go\b`),
	regexp.MustCompile(`\bngrok/terraform-provider-ngrok v\d`),
	regexp.MustCompile(`\b(management-api|wire-details)\.md\b`),
}

// realTagProblem says what is wrong with a real tag, or "" when it names its
// evidence: a qualifier ("real", "real code", ...), a colon, then a source.
func realTagProblem(tag string) string {
	tag = strings.Join(strings.Fields(tag), " ")
	qualifier, source, ok := strings.Cut(strings.TrimSuffix(strings.TrimPrefix(tag, "["), "]"), ":")
	if !ok || strings.ContainsAny(qualifier, ";,") {
		return "no source: write it as [real: <source>], or [real code: <source>; … ours]"
	}
	for _, kind := range realTagSources {
		if kind.MatchString(source) {
			return ""
		}
	}
	return "names no source of a known kind (exchange <file>@<commit>, errors/err_ngrok_N.mdx, docs <page>.mdx, " +
		"spec openapi.yaml, ngrok-api-go <file>.go, ngrok/terraform-provider-ngrok v<version>, management-api.md, wire-details.md)"
}

func TestRealTagProblem(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		tag  string
		want bool // a problem is reported
	}{
		{"[real]", true},
		{"[real code]", true},
		{"[real codes]", true},
		{"[real code, status ours]", true},
		{"[real codes; 401 and the refusal of a second header ours]", true},
		{"[real: the spec]", true},
		{"[real: ngrok's documented answers]", true},
		{"[real: exchange _reserved_domains_create_response.md]", true},
		{"[real shape; never-empty ours: docs api/index.mdx]", true},
		{"[real: errors/err_ngrok_1964.mdx]", false},
		{"[real: errors/err_ngrok_{217,218}.mdx; docs api/index.mdx]", false},
		{"[real code: errors/err_ngrok_413.mdx; status ours]", false},
		{"[real: exchange _reserved_domains_create_response.md@3196b15]", false},
		{"[real:\n  exchanges _edges_tcp_*, _edges_tls_*@3196b15]", false},
		{"[real: docs domains/tls-certificates.mdx]", false},
		{"[real: spec openapi.yaml's SecretList]", false},
		{"[real: ngrok-api-go datatypes.go]", false},
		{"[real: ngrok/terraform-provider-ngrok v0.8.0 internal/provider/resource_domain.go]", false},
		{"[real: wire-details.md §2 (seed)]", false},
	} {
		if got := realTagProblem(tc.tag); (got != "") != tc.want {
			t.Errorf("realTagProblem(%q) = %q, want a problem: %v", tc.tag, got, tc.want)
		}
	}
}

// Every real tag of README.md names its evidence, so that a reader can
// check it and a guess never passes for the real API's behaviour.
func TestREADMERealTagsNameTheirSource(t *testing.T) {
	t.Parallel()
	data, err := os.ReadFile("README.md")
	if err != nil {
		t.Fatal(err)
	}
	readme := string(data)
	tags := realTag.FindAllStringIndex(readme, -1)
	if len(tags) == 0 {
		t.Fatal("README.md has no real tag: the file or the pattern changed")
	}
	for _, at := range tags {
		tag := readme[at[0]:at[1]]
		if problem := realTagProblem(tag); problem != "" {
			line := strings.Count(readme[:at[0]], "\n") + 1
			t.Errorf("README.md:%d: %s: %s", line, strings.Join(strings.Fields(tag), " "), problem)
		}
	}
}

// undocumentedCodes are the codes the mock answers that ngrok's error
// reference does not document, each with the evidence that the real API
// answers it.
var undocumentedCodes = map[string]string{
	"ERR_NGROK_27617": "an Idempotency-Key reused with another request: the seed's wire-details.md §1 names the code " +
		"[real code]; no page of errors/ of ngrok-docs has it, nor any commit of its history",
	"invalid_cel_expression": "an invalid list filter: docs api/api-filtering.mdx (Error handling) shows the API's answer " +
		"with this code and ERR_NGROK_250's message, 'Invalid CEL query: …'",
}

// Every code the mock answers is ngrok's, used for the meaning of its page
// of ngrok's error reference, whose message it sends: a row's message is
// the reference's template (third_party/ngrok-errors), and what the
// handlers make of it (with) is that template with its placeholders filled.
// A row without a code, or with one of undocumentedCodes, writes its own.
func TestErrorTableFollowsNgroksReference(t *testing.T) {
	t.Parallel()
	used := map[string]bool{}
	for _, k := range errorTable {
		documented, ok := ngrokerrors.Message(k.code)
		switch {
		case k.code == "" || !ok:
			if _, known := undocumentedCodes[k.code]; k.code != "" && !known {
				t.Errorf("%s (%d) is not in ngrok's error reference, nor in undocumentedCodes with its evidence", k.code, k.status)
			}
			used[k.code] = true
			if k.template != "" {
				t.Errorf("%q (%d) has a template, yet ngrok documents no message for it", k.code, k.status)
			}
			continue
		case k.template != documented:
			t.Errorf("%s (%d): the row's message %q is not ngrok's %q", k.code, k.status, k.template, documented)
			continue
		}
		values := make([]any, len(k.names))
		for i := range values {
			values[i] = fmt.Sprintf("<value %d>", i)
		}
		err := k.with(values...)
		if err.code != k.code || err.status != k.status {
			t.Errorf("%s (%d): with answers %d %s", k.code, k.status, err.status, err.code)
		}
		if !ngrokerrors.Pattern(documented).MatchString(err.msg) || ngrokerrors.Placeholder.MatchString(err.msg) {
			t.Errorf("%s (%d): with makes %q of ngrok's %q", k.code, k.status, err.msg, documented)
		}
	}
	for code := range undocumentedCodes {
		if !used[code] {
			t.Errorf("undocumentedCodes names %s, which no row answers", code)
		}
	}
}

// with fills the placeholders in their order, a placeholder met twice with
// one value; a handler that gives another number of values, or asks a row
// of ours for ngrok's message (or the other way round), gets a 500 that its
// tests see, never a message ngrok would not send.
func TestWithFillsNgroksTemplate(t *testing.T) {
	t.Parallel()
	k := &errorKind{code: "ERR_NGROK_516", status: http.StatusBadRequest, template: "The {DOMAIN} is {WHAT}; again {DOMAIN}.",
		names: []string{"DOMAIN", "WHAT"}}
	if got := k.with("a.example.com", 7); got.msg != "The a.example.com is 7; again a.example.com." || got.status != 400 || got.code != k.code {
		t.Errorf("with = %+v", got)
	}
	ours := &errorKind{status: http.StatusBadRequest}
	for name, err := range map[string]*apiError{
		"too few values":        k.with("a.example.com"),
		"too many values":       k.with("a", "b", "c"),
		"with on a row of ours": ours.with(),
		"errorf on ngrok's":     k.errorf("free text"),
	} {
		if err.status != http.StatusInternalServerError || err.code != "" {
			t.Errorf("%s: %+v, want a 500", name, err)
		}
	}
	if got := ours.errorf("free %s", "text"); got.msg != "free text" || got.status != 400 {
		t.Errorf("errorf = %+v", got)
	}
}

// Every call of with on a row of the table passes as many values as the
// row's message has placeholders, and errorf is called on rows of ours
// only, so that no handler answers the 500 of a misuse (with, errorf).
// Calls through a variable (a helper's parameter) are checked when their
// tests run.
//
// NOTE: a scan of the source text, as in TestEveryErrorIsInTheTable.
func TestWithIsGivenEveryPlaceholder(t *testing.T) {
	t.Parallel()
	rowDecl := regexp.MustCompile(`(?m)^\t(\w+) += define(?:Own)?Error\(`)
	decls, err := os.ReadFile("errors.go")
	if err != nil {
		t.Fatal(err)
	}
	names := rowDecl.FindAllStringSubmatch(string(decls), -1)
	if len(names) != len(errorTable) {
		t.Fatalf("errors.go declares %d rows, errorTable holds %d", len(names), len(errorTable))
	}
	rows := map[string]*errorKind{}
	for i, m := range names {
		rows[m[1]] = errorTable[i]
	}
	files, err := filepath.Glob("*.go")
	if err != nil {
		t.Fatal(err)
	}
	call := regexp.MustCompile(`\b(\w+)\.with\(`)
	ours := regexp.MustCompile(`\b(\w+)\.errorf\(`)
	checked := 0
	for _, name := range files {
		if strings.HasSuffix(name, "_test.go") {
			continue
		}
		data, err := os.ReadFile(name)
		if err != nil {
			t.Fatal(err)
		}
		src := string(data)
		for _, m := range ours.FindAllStringSubmatch(src, -1) {
			if k, ok := rows[m[1]]; ok && k.template != "" {
				t.Errorf("%s: %s.errorf writes a message of its own; %s has ngrok's: use with", name, m[1], k.code)
			}
		}
		for _, m := range call.FindAllStringSubmatchIndex(src, -1) {
			k, ok := rows[src[m[2]:m[3]]]
			if !ok {
				continue
			}
			n, spread := countArgs(src[m[1]:])
			if spread {
				continue
			}
			checked++
			if n != len(k.names) {
				line := strings.Count(src[:m[0]], "\n") + 1
				t.Errorf("%s:%d: %s.with gets %d values; %s's message takes %d (%s)",
					name, line, src[m[2]:m[3]], n, k.code, len(k.names), strings.Join(k.names, ", "))
			}
		}
	}
	if checked < 100 {
		t.Errorf("only %d calls of with found: the scan has drifted from the code", checked)
	}
}

// countArgs counts the arguments of a call whose text starts after its
// opening parenthesis, and says whether the last is spread (args...).
func countArgs(s string) (n int, spread bool) {
	depth, commas, empty := 0, 0, true
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch c {
		case '"', '\'', '`':
			j := i + 1
			for j < len(s) && s[j] != c {
				if s[j] == '\\' && c != '`' {
					j++
				}
				j++
			}
			i = j
			empty = false
			continue
		case '(', '[', '{':
			depth++
		case ')', ']', '}':
			if depth == 0 {
				// NOTE: a comma before the closing parenthesis ends the last
				// argument of a call written over several lines.
				if strings.TrimSpace(s[strings.LastIndexAny(s[:i], ",(")+1:i]) == "" && commas > 0 {
					commas--
				}
				if empty {
					return 0, false
				}
				return commas + 1, strings.HasSuffix(strings.TrimSpace(s[:i]), "...")
			}
			depth--
		case ',':
			if depth == 0 {
				commas++
			}
		}
		if c != ' ' && c != '\t' && c != '\n' {
			empty = false
		}
	}
	return -1, false
}
