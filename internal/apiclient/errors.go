package apiclient

import (
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"strings"
	"unicode/utf8"
)

// maxBodyExcerpt bounds APIError.Body.
const maxBodyExcerpt = 512

// APIError is an HTTP error answered by the API.
type APIError struct {
	StatusCode  int
	ErrorCode   string // e.g. "ERR_NGROK_1936"; empty when the API gave none
	Msg         string
	OperationID string // from details.operation_id, else the Ngrok-Operation-Id header
	Details     map[string]string
	Method      string // what was requested
	Path        string // relative to the base URL
	Body        string // excerpt (at most 512 bytes) of a body that is not an API error
}

// Error returns e.g. "ngrok API: POST /ssh_certificate_authorities: 400
// ERR_NGROK_1936: <msg> (operation op_...)".
func (e *APIError) Error() string {
	var b strings.Builder
	fmt.Fprintf(&b, "ngrok API: %s %s: %d", e.Method, e.Path, e.StatusCode)
	switch {
	case e.ErrorCode != "" || e.Msg != "":
		if e.ErrorCode != "" {
			b.WriteString(" " + e.ErrorCode)
		}
		if e.Msg != "" {
			b.WriteString(": " + strings.TrimSpace(e.Msg))
		}
	default:
		if t := http.StatusText(e.StatusCode); t != "" {
			b.WriteString(" " + t)
		}
		if ex := strings.Join(strings.Fields(e.Body), " "); ex != "" {
			b.WriteString(": unexpected response body: " + ex)
		} else {
			b.WriteString(": empty response body")
		}
	}
	if e.OperationID != "" {
		b.WriteString(" (operation " + e.OperationID + ")")
	}
	return b.String()
}

// IsNotFound reports whether err is the API's 404 for an object it does not
// hold: an *APIError with status 404 that is not IsRouteNotFound's. A
// resource whose read gets it is gone; one whose read gets a route's 404 is
// not (the base URL is wrong).
func IsNotFound(err error) bool {
	var e *APIError
	return errors.As(err, &e) && e.StatusCode == http.StatusNotFound && !e.routeNotFound()
}

// IsRouteNotFound reports whether err is a 404 for a path rather than an
// object: the API's answer to a path it does not serve ("Not Found", the
// path in details, no error code), or a 404 whose body is not the API's
// error shape (another server at the base URL). It says nothing of the
// object: the request never reached it.
func IsRouteNotFound(err error) bool {
	var e *APIError
	return errors.As(err, &e) && e.StatusCode == http.StatusNotFound && e.routeNotFound()
}

// routeNotFound: NOTE: the API answers an unknown object with "Resource not
// found" and no path in details, an unknown path with "Not Found" and
// details.path, before the key is checked (internal/mockserver README,
// Routing).
func (e *APIError) routeNotFound() bool {
	if e.ErrorCode != "" {
		return false
	}
	_, hasPath := e.Details["path"]
	return hasPath || e.Msg == ""
}

// IsConflict reports whether err is an *APIError with status 409.
func IsConflict(err error) bool { return hasStatus(err, http.StatusConflict) }

func hasStatus(err error, code int) bool {
	var e *APIError
	return errors.As(err, &e) && e.StatusCode == code
}

// CreateInterruptedError is the error of a create whose context ended
// (cancelled, or its deadline passed) after the request may have reached the
// API. The client then sends the same create once more, with the same
// Idempotency-Key and body, on a context of its own bounded to a few seconds:
// the API answers it with the object if the first request made it.
//
// When ID is set the API made the object, and the Create method returns it
// together with this error: save it, or it is left behind untracked. When ID
// is empty, ReplayErr says why the replay could not tell; the object may
// exist. A create refused on replay, or interrupted before any request was
// sent, returns the context's error instead, with no object.
type CreateInterruptedError struct {
	Method, Path string
	Err          error  // why the caller's context ended
	ID           string // the object the API made; empty when unknown
	ReplayErr    error  // why the replay failed, when ID is empty
}

func (e *CreateInterruptedError) Error() string {
	if e.ID != "" {
		return fmt.Sprintf("ngrok API: %s %s: interrupted (%v) after the API had created %s", e.Method, e.Path, e.Err, e.ID)
	}
	return fmt.Sprintf("ngrok API: %s %s: interrupted (%v); the API may have created the object, and asking it again failed: %v",
		e.Method, e.Path, e.Err, e.ReplayErr)
}

// Unwrap returns the context's error, so that errors.Is(err,
// context.Canceled) holds.
func (e *CreateInterruptedError) Unwrap() error { return e.Err }

// UnreachableError is the error of a request that could not connect to the
// API (the connection refused, the host name not resolved, no route to it)
// while the client had never reached the API: the base URL is likely wrong,
// or nothing runs there, and waiting would not help, so the request is not
// retried. Nothing reached the API: a create made nothing.
type UnreachableError struct {
	Method, Path string
	BaseURL      string // the client's base URL, through RedactURL
	Err          error  // the connection's error, without the request URL
}

func (e *UnreachableError) Error() string {
	return fmt.Sprintf("ngrok API: %s %s: could not connect to %s (%v); the API has not answered this client yet, "+
		"so the request was not retried", e.Method, e.Path, e.BaseURL, e.Err)
}

// Unwrap returns the connection's error, so that errors.Is(err,
// syscall.ECONNREFUSED) holds.
func (e *UnreachableError) Unwrap() error { return e.Err }

// errorBody is the API's error shape.
type errorBody struct {
	ErrorCode  string                     `json:"error_code"`
	StatusCode int                        `json:"status_code"`
	Msg        string                     `json:"msg"`
	Details    map[string]json.RawMessage `json:"details"`
}

// parseAPIError turns a non-success response into an *APIError. A body that is
// not an API error is kept as an excerpt. The API key is redacted wherever the
// server might echo it.
func (c *Client) parseAPIError(method, path string, res *attemptResult) *APIError {
	e := &APIError{
		StatusCode:  res.status,
		Method:      method,
		Path:        path,
		OperationID: c.text(res.header.Get("Ngrok-Operation-Id")),
	}
	var eb errorBody
	if err := json.Unmarshal(res.body, &eb); err == nil && (eb.ErrorCode != "" || eb.Msg != "") {
		e.ErrorCode = c.redact(eb.ErrorCode)
		e.Msg = c.redact(eb.Msg)
		if len(eb.Details) > 0 {
			e.Details = make(map[string]string, len(eb.Details))
			for k, raw := range eb.Details {
				var s string
				if err := json.Unmarshal(raw, &s); err != nil {
					// NOTE: details are strings on the wire; keep anything else as JSON text.
					s = string(raw)
				}
				e.Details[k] = c.text(s)
			}
			if op := e.Details["operation_id"]; op != "" {
				e.OperationID = op
			}
		}
		return e
	}
	e.Body = excerpt(c.text(string(res.body)), maxBodyExcerpt)
	return e
}

// text is what the server sent, as text for an error: redacted, and UTF-8.
//
// NOTE: a body that is not UTF-8 (a proxy's Latin-1 error page), quoted as
// it is, would make an error that a provider cannot report: Terraform's
// diagnostics travel as protobuf strings, which must be UTF-8. Such bytes
// read as U+FFFD.
func (c *Client) text(s string) string {
	return strings.ToValidUTF8(c.redact(s), "\uFFFD")
}

func (c *Client) redact(s string) string {
	if c.key == nil || c.key.value == "" {
		return s
	}
	return strings.ReplaceAll(s, c.key.value, "REDACTED")
}

// excerpt cuts s to at most n bytes without splitting a UTF-8 sequence.
func excerpt(s string, n int) string {
	if len(s) <= n {
		return s
	}
	cut := n
	for cut > 0 && !utf8.RuneStart(s[cut]) {
		cut--
	}
	return s[:cut]
}
