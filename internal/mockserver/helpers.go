package mockserver

import (
	"reflect"
	"strings"
	"time"
)

// The helpers of this file are shared by the handlers of several
// collections: the limits on free text and the PATCH of it, the checks of
// IDs that name other objects, and the pieces of the wire shapes (references,
// optional values, timestamps).

// Limits on the free-text fields of every object [real: ngrok's error
// pages give 255 and 4096 for cloud endpoints, errors/err_ngrok_18012.mdx
// and 18013; the other pages name no number].
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

// textCodes are the rows a collection refuses a too long description and
// metadata with: its own codes where ngrok's reference documents them (a
// pair per kind of object), else (nil) the generic ERR_NGROK_215.
type textCodes struct{ description, metadata *errorKind }

// checkFreeText enforces the size limits of description and metadata.
func checkFreeText(description, metadata string, codes textCodes) *apiError {
	if n := len(description); n > maxDescriptionBytes {
		return textTooLong(codes.description, "description", n, maxDescriptionBytes)
	}
	if n := len(metadata); n > maxMetadataBytes {
		return textTooLong(codes.metadata, "metadata", n, maxMetadataBytes)
	}
	return nil
}

// textTooLong fills k's message. NOTE: by the placeholders ngrok's pages
// give: the limit and the length (MAX and VAL, or MAX and SIZE), none (the
// limit written out, 18012), or the field's name (the generic 215).
func textTooLong(k *errorKind, field string, n, limit int) *apiError {
	switch {
	case k == nil:
		return errInvalidValue.with(field)
	case len(k.names) == 0:
		return k.with()
	}
	return k.with(limit, n)
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
func updateFreeText[T any](rq *request, t *table[T], codes textCodes, fields func(*T) (description, metadata *string)) (T, *apiError) {
	in, err := bodyAs[freeTextUpdate](rq)
	if err != nil {
		var zero T
		return zero, err
	}
	if err := checkFreeText(deref(in.Description), deref(in.Metadata), codes); err != nil {
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

// givesNoField reports whether a decoded PATCH body, a pointer to a struct
// of optional fields, gives none: each is absent or null. The API refuses
// such a PATCH of some objects ("no values were provided" [real:
// errors/err_ngrok_{422,606,1400,1401,18004}.mdx]).
func givesNoField(in any) bool {
	v := reflect.ValueOf(in).Elem()
	for i := range v.NumField() {
		switch f := v.Field(i); f.Kind() {
		case reflect.Pointer, reflect.Slice, reflect.Map, reflect.Interface:
			if !f.IsNil() {
				return false
			}
		default:
			return false
		}
	}
	return true
}

func deref[T any](p *T) T {
	if p == nil {
		var zero T
		return zero
	}
	return *p
}

// checkIDPrefix refuses an ID with another collection's prefix: in the
// path, a body field or before_id (ngrok's message names the ID, not where
// it was).
func checkIDPrefix(id string, k idKind) *apiError {
	if strings.HasPrefix(id, k.prefix) || k.twinPrefix != "" && strings.HasPrefix(id, k.twinPrefix) {
		return nil
	}
	return errWrongIDPrefix.with(id, k.prefix)
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
