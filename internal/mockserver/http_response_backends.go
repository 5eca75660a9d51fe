package mockserver

import (
	"maps"
	"slices"
	"strings"
	"time"
)

// HTTP response backends (README.md, section Backends):
// /backends/http_response, a declared collection (collection.go) gated like
// every backend (backends.go).
//   - status_code from minHTTPStatus to maxHTTPStatus, else ERR_NGROK_6517
//     [real code, our range]; left out of a create, 200 [ours].
//   - body at most maxHTTPResponseBodyBytes (ERR_NGROK_6516) [real code, our
//     limit].
//   - headers: names are HTTP tokens (ERR_NGROK_7023), not twice ignoring
//     case (ERR_NGROK_7069), values without CR, LF or NUL (ERR_NGROK_7024)
//     [real codes of the edges' header modules]; names at most
//     maxHTTPResponseHeaderName bytes (ERR_NGROK_6522), values at most
//     maxHTTPResponseHeaderVal (ERR_NGROK_6523) [real codes, our limits].
//     Names are answered lower-cased [real: the API reference's example
//     sends Content-Type and shows content-type].
//   - A PATCH's headers, when present, replace them all; absent or null,
//     they are kept [ours].

type httpResponseBackend struct {
	ID          string            `json:"id"`
	CreatedAt   time.Time         `json:"created_at"`
	Description string            `json:"description,omitempty"`
	Metadata    string            `json:"metadata,omitempty"`
	Body        string            `json:"body,omitempty"`
	Headers     map[string]string `json:"headers,omitempty"`
	StatusCode  int               `json:"status_code"`
}

func (b *httpResponseBackend) fields() objectFields {
	return objectFields{&b.ID, &b.CreatedAt, &b.Description, &b.Metadata}
}

// nilIfEmpty is m, or nil (null) when it has no entry.
func nilIfEmpty(m map[string]string) map[string]string {
	if len(m) == 0 {
		return nil
	}
	return m
}

type httpResponseBackendWire struct {
	WireHeader
	Body       string            `json:"body"`
	Headers    map[string]string `json:"headers"`
	StatusCode int               `json:"status_code"`
}

type httpResponseBackendCreate struct {
	Description string            `json:"description"`
	Metadata    string            `json:"metadata"`
	Body        string            `json:"body"`
	Headers     map[string]string `json:"headers"`
	StatusCode  *int              `json:"status_code"`
}

type httpResponseBackendUpdate struct {
	Description *string           `json:"description"`
	Metadata    *string           `json:"metadata"`
	Body        *string           `json:"body"`
	Headers     map[string]string `json:"headers"`
	StatusCode  *int              `json:"status_code"`
}

var httpResponseBackendCollection = declare(collectionDecl[httpResponseBackend, httpResponseBackendWire, httpResponseBackendCreate, httpResponseBackendUpdate]{
	name: collHTTPResponseBackends, property: "backends", table: tableHTTPResponseBackends,
	noun: "HTTP response backend", prefix: prefixHTTPResponseBackend,
	fields: (*httpResponseBackend).fields,
	text:   textCodes{errBackendDescription, errBackendMetadata},
	wire: func(b *httpResponseBackend, origin string) httpResponseBackendWire {
		return httpResponseBackendWire{
			WireHeader: b.fields().header(origin, collHTTPResponseBackends),
			// NOTE: null without headers [real: _http_response_backends_list_response.md@3196b15].
			Body: b.Body, Headers: nilIfEmpty(b.Headers), StatusCode: b.StatusCode,
		}
	},
	create: func(s *Server, in *httpResponseBackendCreate) (httpResponseBackend, *apiError) {
		if err := s.edges.writeRefusal(); err != nil {
			return httpResponseBackend{}, err
		}
		b := httpResponseBackend{Description: in.Description, Metadata: in.Metadata, StatusCode: 200}
		err := applyHTTPResponse(&b, &in.Body, in.Headers, in.StatusCode)
		return b, err
	},
	check: func(s *Server, _ *httpResponseBackend) *apiError { return s.edges.writeRefusalLocked() },
	update: func(s *Server, in *httpResponseBackendUpdate, v *httpResponseBackend) *apiError {
		if err := s.edges.writeRefusalLocked(); err != nil {
			return err
		}
		assign(&v.Description, in.Description)
		assign(&v.Metadata, in.Metadata)
		return applyHTTPResponse(v, in.Body, in.Headers, in.StatusCode)
	},
	removable: func(s *Server, v *httpResponseBackend) *apiError {
		return s.removableBackendLocked(v.ID)
	},
})

// applyHTTPResponse checks and sets what is given (not nil) of a create or
// PATCH body on b.
func applyHTTPResponse(b *httpResponseBackend, body *string, headers map[string]string, status *int) *apiError {
	if status != nil {
		if *status < minHTTPStatus || *status > maxHTTPStatus {
			return errHTTPResponseStatus.with(b.ID, *status)
		}
		b.StatusCode = *status
	}
	if body != nil {
		if n := len(*body); n > maxHTTPResponseBodyBytes {
			return errHTTPResponseBody.with(b.ID, maxHTTPResponseBodyBytes, n)
		}
		b.Body = *body
	}
	if headers != nil {
		h, err := checkResponseHeaders(headers)
		if err != nil {
			return err
		}
		b.Headers = h
	}
	return nil
}

// checkResponseHeaders checks the headers of an HTTP response backend and
// returns them with lower-cased names.
func checkResponseHeaders(headers map[string]string) (map[string]string, *apiError) {
	out := make(map[string]string, len(headers))
	given := make(map[string]string, len(headers)) // lower-cased name → the name sent
	for _, name := range slices.Sorted(maps.Keys(headers)) {
		v := headers[name]
		if !isHeaderToken(name) {
			return nil, errHeaderNameInvalid.with(name)
		}
		if len(name) > maxHTTPResponseHeaderName {
			return nil, errHeaderNameTooLong.with(name[:16], maxHTTPResponseHeaderName)
		}
		if strings.ContainsAny(v, "\r\n\x00") {
			return nil, errHeaderValueInvalid.with(v, "it contains a line break or NUL character")
		}
		if len(v) > maxHTTPResponseHeaderVal {
			return nil, errHeaderValueTooLong.with(name, v[:16], maxHTTPResponseHeaderVal)
		}
		lower := strings.ToLower(name)
		if first, dup := given[lower]; dup {
			return nil, errHeaderTwice.with(lower, first, name)
		}
		given[lower] = name
		out[lower] = v
	}
	return out, nil
}
