package provider

import (
	"fmt"
	"iter"
	"strings"

	"github.com/hashicorp/terraform-plugin-framework/diag"
)

// A natural key names an object the way its owner knows it: a reserved
// domain by its hostname, a cloud endpoint by its URL. An import ID that
// does not start with the object's ID prefix is read as one, and resolved
// to an ID with one filtered list request.

// naturalKey is a key to resolve, and how to talk about it.
type naturalKey struct {
	noun     string // "reserved domain"
	title    string // "Reserved Domain", for summaries
	keyName  string // "name", "url"
	keyTitle string // "Name", "URL", for summaries
	key      string // the key as the API writes it
	filter   string // the CEL filter that selects objects with the key
	// notFoundHint ends the detail of the error for a key that nothing has:
	// what the user can check, and how to find the ID instead.
	notFoundHint string
}

// resolveNaturalKey returns the ID of the one object with key k among
// objects (the answer to a list request with k.filter), or reports why it
// cannot in diags. matches checks each object again: a filter that the
// server ignored or read differently must not import another object.
func resolveNaturalKey[T any](k naturalKey, objects iter.Seq2[*T, error], idOf func(*T) string, matches func(*T) bool,
	diags *diag.Diagnostics) string {
	var ids []string
	for obj, err := range objects {
		if err != nil {
			diags.Append(apiErrorDiagnostic("Unable to Import "+k.title, err))
			return ""
		}
		if matches(obj) {
			ids = append(ids, idOf(obj))
		}
	}
	switch len(ids) {
	case 1:
		return ids[0]
	case 0:
		diags.AddError(k.title+" Not Found",
			fmt.Sprintf("No %s of this account has the %s %q: the provider listed them with the filter %s and none "+
				"matched. %s", k.noun, k.keyName, k.key, k.filter, k.notFoundHint))
	default:
		diags.AddError("Ambiguous "+k.title+" "+k.keyTitle,
			fmt.Sprintf("%d %ss of this account have the %s %q: %s. Import the one to manage by its ID instead.",
				len(ids), k.noun, k.keyName, k.key, strings.Join(ids, ", ")))
	}
	return ""
}
