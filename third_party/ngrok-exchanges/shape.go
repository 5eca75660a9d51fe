package ngrokexchanges

import (
	"encoding/pem"
	"fmt"
	"net/url"
	"regexp"
	"slices"
	"strings"
	"time"

	"golang.org/x/crypto/ssh"
)

// Shapes. A JSON value's shape is, for an object, an object of its keys'
// shapes; for an array, an array of its elements' distinct shapes in the
// order they first appear; for a scalar, one of these strings (a form
// followed by ":" and a detail where it has one):
//
//	null, bool, number, string, empty-string
//	id:<prefix>          an ID: the prefix and 27 base-62 characters
//	uri:api              an absolute uri under the API's origin
//	uri:relative         a uri that is a path ("/credentials/cr_...")
//	url:<scheme>         another absolute URL; url:<scheme>:port when it names its port
//	hostport             host:port
//	timestamp            RFC 3339 in UTC with whole seconds
//	timestamp:other      another RFC 3339 form
//	token:id             a token that begins with its object's ID without the
//	                     prefix, then "_" (cr_334Ad4… → 334Ad4…_<secret>)
//	enum:<value>         a value of a small enumeration (enumKeys), kept whole
//	pem:<type>           PEM blocks, the first one's type
//	ssh-key:<algorithm>  an SSH public key in authorized_keys form
//	ssh-cert:<host|user>:serial=<n>:key-id=<id|other>:comment=<id|other|none>
//	                     an SSH certificate; "id" where the key ID or the
//	                     comment is the object's ID
//	map<…>               a map of names to values (mapKeys): map<> when empty,
//	                     else map<shape> of its values' shapes joined by "|"
const (
	FormNull        = "null"
	FormBool        = "bool"
	FormNumber      = "number"
	FormString      = "string"
	FormEmptyString = "empty-string"
	FormURIAPI      = "uri:api"
	FormURIRelative = "uri:relative"
	FormHostport    = "hostport"
	FormTimestamp   = "timestamp"
	FormToken       = "token:id"
)

// enumKeys are the keys whose string values are a small enumeration: their
// values are kept, since the same request must get the same one.
var enumKeys = []string{
	"action", "authority", "bindings", "format", "key_type", "match_type", "min_version",
	"nameid_format", "os", "private_key_type", "proto", "provider", "region", "scheme",
	"status", "terminate_at", "transport", "type", "upstream_protocol",
}

// mapKeys are the keys whose objects are maps of names the user chose (a
// header's name, a label, a backend's ID) rather than fields.
var mapKeys = []string{"add", "backends", "critical_options", "extensions", "headers", "labels"}

var (
	idPattern        = regexp.MustCompile(`^([a-z][a-z0-9]*_)[0-9A-Za-z]{27}$`)
	timestampPattern = regexp.MustCompile(`^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$`)
	hostportPattern  = regexp.MustCompile(`^[A-Za-z0-9.\-*]+:\d+$`)
	schemePattern    = regexp.MustCompile(`^[a-z][a-z0-9+.\-]*://`)
)

// Shape is the shape of v, a JSON value decoded into any, as an API at
// origin answered it.
func Shape(v any, origin string) any {
	return shapeOf("", v, nil, origin)
}

// shapeOf is the shape of v, the value of key in obj (nil at the top and
// in arrays of scalars' parents that are not objects).
func shapeOf(key string, v any, obj map[string]any, origin string) any {
	switch v := v.(type) {
	case nil:
		return FormNull
	case bool:
		return FormBool
	case float64, int, int64:
		return FormNumber
	case string:
		return stringShape(key, v, obj, origin)
	case []any:
		out := []any{}
		for _, e := range v {
			// NOTE: the key names the array: its scalars take the key's
			// enumeration, its objects are never maps.
			k := key
			if _, isObject := e.(map[string]any); isObject {
				k = ""
			}
			s := shapeOf(k, e, obj, origin)
			if !slices.ContainsFunc(out, func(o any) bool { return Equal(o, s) }) {
				out = append(out, s)
			}
		}
		return out
	case map[string]any:
		if slices.Contains(mapKeys, key) {
			var values []string
			for _, e := range v {
				s := fmt.Sprint(shapeOf("", e, nil, origin))
				if !slices.Contains(values, s) {
					values = append(values, s)
				}
			}
			slices.Sort(values)
			return "map<" + strings.Join(values, "|") + ">"
		}
		out := make(map[string]any, len(v))
		for k, e := range v {
			out[k] = shapeOf(k, e, v, origin)
		}
		return out
	}
	return fmt.Sprintf("unknown:%T", v)
}

func stringShape(key, v string, obj map[string]any, origin string) string {
	id, _ := obj["id"].(string)
	switch {
	case slices.Contains(enumKeys, key):
		return "enum:" + v
	case v == "":
		return FormEmptyString
	case idPattern.MatchString(v):
		return "id:" + idPattern.FindStringSubmatch(v)[1]
	case strings.HasPrefix(v, origin+"/"):
		return FormURIAPI
	case strings.HasPrefix(v, "/"):
		return FormURIRelative
	case schemePattern.MatchString(v):
		u, err := url.Parse(v)
		if err != nil {
			return FormString
		}
		if u.Port() != "" {
			return "url:" + u.Scheme + ":port"
		}
		return "url:" + u.Scheme
	case timestampPattern.MatchString(v):
		return FormTimestamp
	case isRFC3339(v):
		return "timestamp:other"
	case hostportPattern.MatchString(v):
		return FormHostport
	case id != "" && idPattern.MatchString(id) && strings.HasPrefix(v, id[strings.Index(id, "_")+1:]+"_"):
		return FormToken
	case strings.HasPrefix(v, "-----BEGIN "):
		if b, _ := pem.Decode([]byte(v)); b != nil {
			return "pem:" + b.Type
		}
		return FormString
	}
	if s := sshShape(v, id); s != "" {
		return s
	}
	return FormString
}

func isRFC3339(v string) bool {
	_, err := time.Parse(time.RFC3339Nano, v)
	return err == nil
}

// sshShape is the shape of an SSH public key or certificate in
// authorized_keys form, or "" when v is neither.
func sshShape(v, id string) string {
	key, comment, _, rest, err := ssh.ParseAuthorizedKey([]byte(v))
	if err != nil || len(strings.TrimSpace(string(rest))) != 0 {
		return ""
	}
	cert, ok := key.(*ssh.Certificate)
	if !ok {
		return "ssh-key:" + key.Type()
	}
	kind := "user"
	if cert.CertType == ssh.HostCert {
		kind = "host"
	}
	return fmt.Sprintf("ssh-cert:%s:serial=%d:key-id=%s:comment=%s", kind, cert.Serial, sameAs(cert.KeyId, id), sameAs(comment, id))
}

func sameAs(s, id string) string {
	switch s {
	case "":
		return "none"
	case id:
		return "id"
	}
	return "other"
}
