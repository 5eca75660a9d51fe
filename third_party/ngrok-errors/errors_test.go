package ngrokerrors

import (
	"strings"
	"testing"
)

func TestCommittedTableParses(t *testing.T) {
	t.Parallel()
	rows, err := Parse(Facts)
	if err != nil {
		t.Fatal(err)
	}
	if len(rows) < 1000 || len(Codes()) != len(rows) {
		t.Errorf("the table has %d codes, Codes %d; want ngrok's whole reference", len(rows), len(Codes()))
	}
	msg, ok := Message("ERR_NGROK_1937")
	if want := "The description is limited to {MAX} characters, but the provided value had {VAL} characters."; !ok || msg != want {
		t.Errorf("Message(ERR_NGROK_1937) = %q, %v; want %q", msg, ok, want)
	}
	if _, ok := Message("ERR_NGROK_0"); ok {
		t.Error("Message(ERR_NGROK_0) is documented")
	}
}

func TestParseRefusesMalformedLines(t *testing.T) {
	t.Parallel()
	for _, data := range []string{
		"ERR_NGROK_1 no tab\n",
		"E_1\tnot a code\n",
		"ERR_NGROK_1\tone\nERR_NGROK_1\ttwice\n",
		"ERR_NGROK_1\ta lone backslash \\\n",
		"ERR_NGROK_1\tan unknown \\x escape\n",
	} {
		if rows, err := Parse([]byte(data)); err == nil {
			t.Errorf("Parse(%q) = %v, want an error", data, rows)
		}
	}
}

func TestEscapeRoundTrips(t *testing.T) {
	t.Parallel()
	for _, s := range []string{"", "plain", "two\nlines\n\nand a\ttab", `a \n that is text, \\ two`} {
		e := Escape(s)
		if strings.ContainsAny(e, "\n\t") {
			t.Errorf("Escape(%q) = %q holds a newline or a tab", s, e)
		}
		if got, err := Unescape(e); err != nil || got != s {
			t.Errorf("Unescape(Escape(%q)) = %q, %v", s, got, err)
		}
	}
}

func TestPatternFillsPlaceholdersWithAnyText(t *testing.T) {
	t.Parallel()
	const template = "The ID {VAL} is invalid (a.b). Expected {PREFIX}."
	p := Pattern(template)
	for msg, want := range map[string]bool{
		"The ID x_1 is invalid (a.b). Expected rd_.":         true,
		"The ID  is invalid (a.b). Expected .":               true,
		"The ID a\nb is invalid (a.b). Expected {PREFIX}.":   true,
		"The ID x is invalid (aXb). Expected rd_.":           false,
		"The ID x is invalid (a.b). Expected rd_":            false,
		"Before. The ID x is invalid (a.b). Expected rd_.":   false,
		"The ID x is invalid (a.b). Expected rd_.\n":         false,
		"The description is limited to 255 characters, but.": false,
	} {
		if got := p.MatchString(msg); got != want {
			t.Errorf("Pattern(%q).MatchString(%q) = %v, want %v", template, msg, got, want)
		}
	}
}
