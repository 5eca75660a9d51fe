package provider

import (
	"fmt"
	"strings"
	"testing"
	"unicode/utf8"
)

// FuzzEdgeRouteModuleImportID checks the import ID of a route module,
// "edge_id/route_id": what it accepts is an HTTPS edge ID and a route ID
// that write back as exactly the text given, and the IDs it writes always
// read back; a refusal quotes the ID given. Seeds: the examples' import IDs.
func FuzzEdgeRouteModuleImportID(f *testing.F) {
	for _, id := range exampleImportIDs(f) {
		f.Add(id)
	}
	f.Add("edghts_/edghtsrt_x")
	f.Add("edghts_a/edghtsrt_b/c")
	f.Add("edghtsrt_b/edghts_a")
	f.Fuzz(func(t *testing.T, id string) {
		edgeID, routeID, err := parseEdgeRouteModuleID(id)
		if err != nil {
			if edgeID != "" || routeID != "" {
				t.Fatalf("%q refused (%v) with IDs %q and %q", id, err, edgeID, routeID)
			}
			if utf8.ValidString(id) && (!utf8.ValidString(err.Error()) || !strings.Contains(err.Error(), fmt.Sprintf("%q", id))) {
				t.Fatalf("%q: the error %q does not quote the ID", id, err)
			}
			return
		}
		if edgeRouteModuleID(edgeID, routeID) != id {
			t.Fatalf("%q reads as %q and %q, which write %q", id, edgeID, routeID, edgeRouteModuleID(edgeID, routeID))
		}
		if !strings.HasPrefix(edgeID, httpsEdgeIDPrefix) || !strings.HasPrefix(routeID, httpsEdgeRouteIDPrefix) ||
			strings.Contains(edgeID, "/") || strings.Contains(routeID, "/") {
			t.Fatalf("%q reads as the edge %q and the route %q", id, edgeID, routeID)
		}
		e2, r2, err := parseEdgeRouteModuleID(edgeRouteModuleID(edgeID, routeID))
		if err != nil || e2 != edgeID || r2 != routeID {
			t.Fatalf("%q: the written ID does not read back (%q, %q, %v)", id, e2, r2, err)
		}
	})
}
