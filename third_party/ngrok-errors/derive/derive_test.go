package main

import (
	"bytes"
	"fmt"
	"regexp"
	"strings"
	"testing"
	"testing/fstest"

	ngrokerrors "github.com/tfedge/terraform-provider-ngrok/third_party/ngrok-errors"
)

const commit = "3196b15"

func page(text string) *fstest.MapFile { return &fstest.MapFile{Data: []byte(text)} }

func TestDeriveKeepsCodesAndMessagesOnly(t *testing.T) {
	t.Parallel()
	pages := fstest.MapFS{
		// The layout of most pages: front matter, the code as the heading.
		"err_ngrok_1937.mdx": page("---\nmode: wide\ntitle: Error 1937\n---\n\n\n## ERR_NGROK_1937\n" +
			"The description is limited to `MAX` characters, but the provided value had `VAL` characters.\n\n\n\n\n" +
			"## Further help\nIf you're having trouble resolving this error, please reach out to support.\n"),
		// A message of two paragraphs, trailing spaces on a line.
		"err_ngrok_601.mdx": page("---\ntitle: Error 601\n---\n## ERR_NGROK_601\nThis credential is your tunnel token.  \n\n" +
			"Credential ID: `ID`\nDescription: `DESCRIPTION`\n\n## Further help\nWrite to us.\n"),
		// The older layout, and explanations under headings of their own.
		"err_ngrok_3200.mdx": page("---\ntitle: ERR_NGROK_3200\n---\n\n## Message\n\n The endpoint is offline.\n\n" +
			"### Why am I seeing ERR_NGROK_3200?\nBecause the agent stopped.\n"),
		// A backquote beyond a placeholder's is the message's own; two
		// placeholders may touch; a page may end without further help.
		"err_ngrok_18014.mdx": page("## ERR_NGROK_18014\nThe field ``FIELD``. Reason: `ERROR`.\n"),
		"err_ngrok_6.mdx":     page("### Message\nYou are about to visit `HOSTPORT``SERVEDBYSTR`. Run `ngrok update`."),
		// Not pages of a code.
		"index.mdx":     page("## Common Errors\n| code | message |\n"),
		"reference.mdx": page("import AllErrors from \"/snippets/errors/_err_ngrok_list.mdx\";\n"),
	}
	got, err := derive(pages, commit)
	if err != nil {
		t.Fatal(err)
	}
	want := fmt.Sprintf(headerFormat, commit) +
		"ERR_NGROK_6\tYou are about to visit {HOSTPORT}{SERVEDBYSTR}. Run `ngrok update`.\n" +
		"ERR_NGROK_601\tThis credential is your tunnel token.\\n\\nCredential ID: {ID}\\nDescription: {DESCRIPTION}\n" +
		"ERR_NGROK_1937\tThe description is limited to {MAX} characters, but the provided value had {VAL} characters.\n" +
		"ERR_NGROK_3200\tThe endpoint is offline.\n" +
		"ERR_NGROK_18014\tThe field `{FIELD}`. Reason: {ERROR}.\n"
	if string(got) != want {
		t.Errorf("derive =\n%s\nwant\n%s", got, want)
	}
}

func TestDeriveRefusesWhatItCannotReadAsAMessage(t *testing.T) {
	t.Parallel()
	for name, tc := range map[string]struct {
		pages  fstest.MapFS
		commit string
		want   string
	}{
		"no heading": {
			pages: fstest.MapFS{"err_ngrok_1.mdx": page("---\ntitle: x\n---\nSome text.\n")},
			want:  "no heading",
		},
		"another code's heading": {
			pages: fstest.MapFS{"err_ngrok_1.mdx": page("## ERR_NGROK_2\nText.\n")},
			want:  "heading is ERR_NGROK_2",
		},
		"an empty message": {
			pages: fstest.MapFS{"err_ngrok_1.mdx": page("## ERR_NGROK_1\n\n## Further help\nText.\n")},
			want:  "empty",
		},
		"a component in the message": {
			pages: fstest.MapFS{"err_ngrok_1.mdx": page("## ERR_NGROK_1\nText.\n<ErrorDetails />\n")},
			want:  "markup",
		},
		"a brace in the message": {
			pages: fstest.MapFS{"err_ngrok_1.mdx": page("## ERR_NGROK_1\nThe object {x} is invalid.\n")},
			want:  "brace",
		},
		"one code on two pages": {
			pages: fstest.MapFS{
				"err_ngrok_1.mdx":  page("## ERR_NGROK_1\nOne.\n"),
				"err_ngrok_01.mdx": page("## Message\nTwo.\n"),
			},
			want: "two pages",
		},
		"no page": {
			pages: fstest.MapFS{"index.mdx": page("## Errors\n")},
			want:  "no err_ngrok",
		},
		"not a commit": {
			pages:  fstest.MapFS{"err_ngrok_1.mdx": page("## ERR_NGROK_1\nOne.\n")},
			commit: "HEAD",
			want:   "not a hexadecimal git commit",
		},
	} {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			c := tc.commit
			if c == "" {
				c = commit
			}
			out, err := derive(tc.pages, c)
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Errorf("derive = %q, %v; want an error saying %q", out, err, tc.want)
			}
		})
	}
}

var headerCommit = regexp.MustCompile(`(?m)^# errors/err_ngrok_<n>\.mdx of github\.com/ngrok/ngrok-docs at commit ([0-9a-f]+)\.$`)

// The committed table is a fixed point of the derivation: written back as
// pages, one per row, it derives to itself byte for byte. So nobody edits
// it by hand into something the program would not write.
func TestDeriveIsIdempotentOnTheCommittedTable(t *testing.T) {
	t.Parallel()
	m := headerCommit.FindSubmatch(ngrokerrors.Facts)
	if m == nil {
		t.Fatal("errors.tsv's header names no commit")
	}
	rows, err := ngrokerrors.Parse(ngrokerrors.Facts)
	if err != nil {
		t.Fatal(err)
	}
	pages := fstest.MapFS{}
	for code, msg := range rows {
		n := strings.TrimPrefix(code, "ERR_NGROK_")
		text := ngrokerrors.Placeholder.ReplaceAllString(msg, "`$1`")
		pages["err_ngrok_"+n+".mdx"] = page("---\ntitle: Error " + n + "\n---\n## " + code + "\n" + text + "\n\n## Further help\nWrite to us.\n")
	}
	again, err := derive(pages, string(m[1]))
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(again, ngrokerrors.Facts) {
		t.Error("deriving the committed table again changes it: run make errors and commit the result, never edit errors.tsv by hand")
	}
}
