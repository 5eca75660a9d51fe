package apiclient

import (
	"errors"
	"net/url"
	"strings"
)

// Redacted stands in for what an error or a log line must not repeat.
const Redacted = "REDACTED"

// RedactURL returns raw, a URL or anything that may be one (a setting, an
// import ID, a link sent by a server), fit to quote in an error or a log:
// the user information (everything before the last "@" of the authority) and
// the query and fragment are replaced by REDACTED. It is the one place where
// the client and the provider make a URL quotable.
//
// NOTE: it works on the text, not on a parsed URL, so that it holds whatever
// the scheme (ftp://user:pw@host gets no less care than https) and for text
// that does not parse as a URL at all, which may still carry a password. When
// the text is ambiguous it redacts more: an "@" anywhere before the query
// hides everything from the start of the authority (after "//", else from
// the start of the text) up to it, path included.
// A query may hold a token, a signature or a filter, so none is repeated.
func RedactURL(raw string) string {
	s, end := raw, len(raw)
	if i := strings.IndexAny(s, "?#"); i >= 0 {
		s, end = s[:i+1]+Redacted, i
	}
	at := strings.LastIndexByte(s[:end], '@')
	if at < 0 {
		return s
	}
	start := 0
	if i := strings.Index(s[:at], "//"); i >= 0 {
		start = i + 2
	}
	return s[:start] + Redacted + s[at:]
}

// redactURLError makes a transport error quotable: net/http's *url.Error
// quotes the whole request URL, whose query (a list's filter, a next page's
// cursor) an error must not repeat.
func redactURLError(err error) error {
	if ue, ok := errors.AsType[*url.Error](err); ok {
		ue.URL = RedactURL(ue.URL)
	}
	return err
}
