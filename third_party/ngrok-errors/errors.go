// Package ngrokerrors holds the error codes of ngrok's error reference and
// their message templates (errors.tsv, derived by ./derive; see README.md).
// A template writes each placeholder of ngrok's page as {NAME}; the API
// sends the template with every placeholder filled in.
package ngrokerrors

import (
	_ "embed"
	"fmt"
	"regexp"
	"strings"
	"sync"
)

// Facts is errors.tsv: comment lines, then one line per code, the code and
// its message template separated by a tab, the template escaped (Escape).
//
//go:embed errors.tsv
var Facts []byte

// Placeholder matches one placeholder of a template; its group is the name.
var Placeholder = regexp.MustCompile(`\{([A-Z][A-Z0-9_]*)\}`)

var (
	tableOnce sync.Once
	table     map[string]string
	tableErr  error
)

// Message is the template of code (ERR_NGROK_<n>), and whether ngrok's
// reference documents the code.
func Message(code string) (string, bool) {
	m, ok := load()[code]
	return m, ok
}

// Codes is every code of the committed table, in no particular order.
func Codes() []string {
	t := load()
	codes := make([]string, 0, len(t))
	for c := range t {
		codes = append(codes, c)
	}
	return codes
}

// load parses Facts once. NOTE: a panic, as for a regexp.MustCompile: the
// committed table is the program's own data, checked by its tests.
func load() map[string]string {
	tableOnce.Do(func() { table, tableErr = Parse(Facts) })
	if tableErr != nil {
		panic("third_party/ngrok-errors/errors.tsv: " + tableErr.Error())
	}
	return table
}

// Parse reads a table in the form of errors.tsv.
func Parse(data []byte) (map[string]string, error) {
	rows := map[string]string{}
	for n, line := range strings.Split(strings.TrimSuffix(string(data), "\n"), "\n") {
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		code, msg, ok := strings.Cut(line, "\t")
		if !ok || !strings.HasPrefix(code, "ERR_NGROK_") {
			return nil, fmt.Errorf("line %d: not a code, a tab and a message", n+1)
		}
		if _, dup := rows[code]; dup {
			return nil, fmt.Errorf("line %d: %s twice", n+1, code)
		}
		m, err := Unescape(msg)
		if err != nil {
			return nil, fmt.Errorf("line %d: %w", n+1, err)
		}
		rows[code] = m
	}
	return rows, nil
}

// Escape writes a template on one line: backslash, newline and tab as \\,
// \n and \t.
func Escape(s string) string {
	return strings.NewReplacer(`\`, `\\`, "\n", `\n`, "\t", `\t`).Replace(s)
}

// Unescape undoes Escape.
func Unescape(s string) (string, error) {
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		if s[i] != '\\' {
			b.WriteByte(s[i])
			continue
		}
		if i++; i == len(s) {
			return "", fmt.Errorf("a lone backslash at the end")
		}
		switch s[i] {
		case '\\':
			b.WriteByte('\\')
		case 'n':
			b.WriteByte('\n')
		case 't':
			b.WriteByte('\t')
		default:
			return "", fmt.Errorf("an unknown escape \\%c", s[i])
		}
	}
	return b.String(), nil
}

// Pattern is a regular expression that matches exactly the messages that
// follow template: its text verbatim, each placeholder any text.
func Pattern(template string) *regexp.Regexp {
	var b strings.Builder
	b.WriteString(`\A`)
	last := 0
	for _, m := range Placeholder.FindAllStringIndex(template, -1) {
		b.WriteString(regexp.QuoteMeta(template[last:m[0]]))
		b.WriteString(`(?s:.*)`)
		last = m[1]
	}
	b.WriteString(regexp.QuoteMeta(template[last:]))
	b.WriteString(`\z`)
	return regexp.MustCompile(b.String())
}
