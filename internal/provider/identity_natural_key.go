package provider

import (
	"context"
	"fmt"
	"iter"
	"strings"

	"github.com/hashicorp/terraform-plugin-framework/diag"

	"github.com/tfedge/terraform-provider-ngrok/internal/apiclient"
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

// reservedDomainIDByName resolves a reserved domain's name, in any spelling
// that checkDomainName accepts, to its ID.
func reservedDomainIDByName(ctx context.Context, client *apiclient.Client, name string, diags *diag.Diagnostics) string {
	norm := normalizeDomainName(name)
	k := naturalKey{
		noun: "reserved domain", title: "Reserved Domain", keyName: "name", keyTitle: "Name", key: norm,
		filter: "obj.domain == " + celString(norm),
		notFoundHint: "Check the name (a wildcard reservation is named with its \"*.\" label, such as *.example.com), " +
			"or import by ID (" + reservedDomainIDPrefix + "...), which the ngrok dashboard and the " +
			"ngrok_reserved_domains data source show.",
	}
	return resolveNaturalKey(k, client.ListReservedDomains(ctx, &apiclient.ListOptions{Filter: k.filter}),
		func(d *apiclient.ReservedDomain) string { return d.ID },
		func(d *apiclient.ReservedDomain) bool { return normalizeDomainName(d.Domain) == norm },
		diags)
}

// cloudEndpointIDByURL resolves a cloud endpoint's URL, in any spelling of
// it that the resource treats as the same URL, to its ID.
func cloudEndpointIDByURL(ctx context.Context, client *apiclient.Client, u endpointURL, diags *diag.Diagnostics) string {
	key := u.String()
	k := naturalKey{
		noun: "cloud endpoint", title: "Cloud Endpoint", keyName: "url", keyTitle: "URL", key: key,
		filter: "obj.type == " + celString(apiclient.EndpointTypeCloud) + " && obj.url == " + celString(key),
		notFoundHint: "Check the scheme, host and port. Only cloud endpoints are looked up: an agent endpoint with " +
			"this url is not one, and ngrok_cloud_endpoint cannot manage it. Or import by ID (" + endpointIDPrefix +
			"...), which the ngrok dashboard and the ngrok_endpoints data source (type = \"cloud\") show.",
	}
	return resolveNaturalKey(k, client.ListEndpoints(ctx, &apiclient.ListOptions{Filter: k.filter}),
		func(ep *apiclient.Endpoint) string { return ep.ID },
		func(ep *apiclient.Endpoint) bool {
			got, err := parseEndpointURL(ep.URL)
			return ep.Type == apiclient.EndpointTypeCloud && err == nil && got == u
		},
		diags)
}
