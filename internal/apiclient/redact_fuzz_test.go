package apiclient

import (
	"strings"
	"testing"
)

// Whatever it is given, RedactURL keeps no byte of the user information or
// the query, and is idempotent.
func FuzzRedactURL(f *testing.F) {
	for _, s := range []string{"ftp://user:s3cretpw@127.0.0.1/", "https://h/?q=1", "a@b?c#d", "//@", "?@#"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		got := RedactURL(s)
		if again := RedactURL(got); again != got {
			t.Fatalf("RedactURL(%q) = %q, then %q", s, got, again)
		}
		if i := strings.IndexAny(got, "?#"); i >= 0 && got[i+1:] != Redacted {
			t.Fatalf("RedactURL(%q) = %q keeps a query or fragment", s, got)
		}
		end := len(got)
		if i := strings.IndexAny(got, "?#"); i >= 0 {
			end = i
		}
		if at := strings.LastIndexByte(got[:end], '@'); at >= 0 && !strings.HasSuffix(got[:at], Redacted) {
			t.Fatalf("RedactURL(%q) = %q keeps what precedes an @", s, got)
		}
	})
}
