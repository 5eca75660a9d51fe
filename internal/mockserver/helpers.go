package mockserver

import (
	"strings"
	"time"
)

// The helpers of this file are shared by the handlers of several
// collections: the limits on free text and the PATCH of it, the checks of
// IDs that name other objects, and the pieces of the wire shapes (references,
// optional values, timestamps).

// Limits on the free-text fields of every object [real for metadata; ours
// for description on reserved domains and endpoints, where the real API
// states none].
const (
	maxDescriptionBytes = 255
	maxMetadataBytes    = 4096
)

// Key types: of SSH certificate authorities, of the public keys SSH
// certificates certify, and of the keys of managed TLS certificates.
const (
	keyTypeRSA     = "rsa"
	keyTypeECDSA   = "ecdsa"
	keyTypeEd25519 = "ed25519"
)

// checkFreeText enforces the size limits of description and metadata.
func checkFreeText(description, metadata string) *apiError {
	if n := len(description); n > maxDescriptionBytes {
		return errDescriptionTooLong.errorf(
			"The description is %d bytes long; the maximum is %d bytes.", n, maxDescriptionBytes)
	}
	if n := len(metadata); n > maxMetadataBytes {
		return errMetadataTooLong.errorf(
			"The metadata is %d bytes long; the maximum is %d bytes.", n, maxMetadataBytes)
	}
	return nil
}

// freeTextUpdate is the PATCH body of the objects whose description and
// metadata are all that can change (SSH certificate authorities and
// certificates): an absent (or null) field is left alone, an empty string
// clears, and any other field is an unknown field.
type freeTextUpdate struct {
	Description *string `json:"description"`
	Metadata    *string `json:"metadata"`
}

// updateFreeText serves the PATCH of such an object of t, whose route was
// declared with bodyOf[freeTextUpdate]; fields points into the object.
func updateFreeText[T any](rq *request, t *table[T], fields func(*T) (description, metadata *string)) (T, *apiError) {
	in, err := bodyAs[freeTextUpdate](rq)
	if err != nil {
		var zero T
		return zero, err
	}
	if err := checkFreeText(deref(in.Description), deref(in.Metadata)); err != nil {
		var zero T
		return zero, err
	}
	return t.update(rq.r.PathValue("id"), func(v *T) *apiError {
		description, metadata := fields(v)
		assign(description, in.Description)
		assign(metadata, in.Metadata)
		return nil
	})
}

// assign sets *dst to the value of a PATCH field that was sent (v not nil).
func assign[T any](dst, v *T) {
	if v != nil {
		*dst = *v
	}
}

func deref[T any](p *T) T {
	if p == nil {
		var zero T
		return zero
	}
	return *p
}

// checkIDPrefix refuses an ID with another collection's prefix. The first
// argument names where the ID was found (a body field, before_id, or "" for
// the path), for the reader of the call: the API's message names only the
// ID [real: errors/err_ngrok_227.mdx].
func checkIDPrefix(_, id string, k idKind) *apiError {
	if strings.HasPrefix(id, k.prefix) || k.twinPrefix != "" && strings.HasPrefix(id, k.twinPrefix) {
		return nil
	}
	return wrongIDPrefix(id, k.prefix)
}

// wrongIDPrefix is ERR_NGROK_227 for id, which should have started with
// prefixes (one, or a list for a message).
func wrongIDPrefix(id, prefixes string) *apiError {
	return errWrongIDPrefix.errorf("The ID %s is invalid. Expected an ID with a prefix of %s.", id, prefixes)
}

// unknownReferenceError refuses an ID in a body that names no object of
// the account, with kind's code. NOTE: never a 404, which answers for the
// object at the path: a client that reads 404 as "this object is gone" must
// not be misled.
func unknownReferenceError(kind *errorKind, field, id, noun string) *apiError {
	return kind.errorf("The %s %q does not name a %s of this account.", field, id, noun)
}

// refWire is the wire shape of a reference to another object.
type refWire struct {
	ID  string `json:"id"`
	URI string `json:"uri"`
}

// optionalRef is the reference to the object id of collection, or nil (a
// null or omitted reference) when id is "".
func optionalRef(origin, collection, id string) *refWire {
	if id == "" {
		return nil
	}
	return &refWire{ID: id, URI: objectURI(origin, collection, id)}
}

func objectURI(origin, collection, id string) string {
	// NOTE: concatenated rather than formatted: every answer builds one.
	return origin + "/" + collection + "/" + id
}

// optionalString is s, or nil (null) when s is "".
func optionalString(s string) *string {
	if s == "" {
		return nil
	}
	return &s
}

// nonNil is s, or an empty slice where a nil one would encode as null.
func nonNil[T any](s []T) []T {
	if s == nil {
		return []T{}
	}
	return s
}

// nonNilMap is m, or an empty map where a nil one would encode as null.
func nonNilMap(m map[string]string) map[string]string {
	if m == nil {
		return map[string]string{}
	}
	return m
}

func formatTime(t time.Time) string { return t.UTC().Format(time.RFC3339) }

// apiTime is a timestamp field of a response. Filters see it as a CEL
// timestamp (filter.go), and encoding/json writes it as time.Time does.
//
// NOTE: a type of its own because time.Time is a json.Marshaler, whose
// output encoding/json parses again to compact it (a tenth of a GET); a
// TextMarshaler's output is only quoted.
type apiTime time.Time

// MarshalText writes t in RFC 3339 form, as time.Time does.
func (t apiTime) MarshalText() ([]byte, error) { return time.Time(t).MarshalText() }

// UnmarshalText reads what MarshalText writes.
func (t *apiTime) UnmarshalText(b []byte) error { return (*time.Time)(t).UnmarshalText(b) }

// String is the time as time.Time prints it.
func (t apiTime) String() string { return time.Time(t).String() }

// wireTime is t for a timestamp field of a response: UTC and whole seconds,
// which encoding/json writes exactly as formatTime does
// ("2025-09-04T10:11:14Z").
func wireTime(t time.Time) apiTime { return apiTime(t.UTC().Truncate(time.Second)) }

// wireTimePtr is wireTime(t) for a nullable field that has a value.
func wireTimePtr(t time.Time) *apiTime {
	w := wireTime(t)
	return &w
}
