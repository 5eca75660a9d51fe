package mockserver

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"os"
	"reflect"
	"testing"
	"time"

	"go.yaml.in/yaml/v3"
)

// FuzzSeedFile checks seed files, JSON or YAML: parsing is deterministic;
// a parsed file written again as JSON and as YAML parses the same; an
// accepted seed loads the same into two servers that start alike; a
// refused one leaves nothing of itself, whether it is refused on an empty
// account, on one with objects, or because it is loaded a second time.
// Seeds: the demo's and the tests' seed files, and their mistakes.
func FuzzSeedFile(f *testing.F) {
	demo, err := os.ReadFile("../../examples/demo/seed.yaml")
	if err != nil {
		f.Fatal(err)
	}
	for _, s := range []string{string(demo), testSeedYAML,
		`{"ip_policies":[{"description":"office"}],"https_edges":[{"hostports":["a.example.com:443"],"routes":[{}]}]}`,
		"agent_endpoints:\n  - url: https://a.ngrok.app\n", "ip_policies: [{}, {id: rd_wrongprefix}]",
		"https_edges: [{routes: [{}, {match_type: nope}]}]", "tunnel_group_backends: [{labels: {1: a, 1.0: b}}]",
		"ip_policies: [{description: 2025-01-01}]", "widgets: []", "- a\n- b", "ip_policies: [", `{"ip_policies": [`,
		"edge_endpoints: [{url: 'tls://x.example.com:443', edge_id: edgtls_2hHH9vYJ0qGQ4mQoTl5ZbLSK7pE}]",
		"agent_endpoints: [{url: 'tcp://1.tcp.ngrok.io:1', traffic_policy: 'on_tcp_connect: []', bindings: [public]}]",
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		file, err := ParseSeedFile(data)
		again, err2 := ParseSeedFile(data)
		if fmt.Sprint(err) != fmt.Sprint(err2) || !reflect.DeepEqual(file, again) {
			t.Fatalf("%q parses as %+v (%v), then as %+v (%v)", data, file, err, again, err2)
		}
		if err != nil {
			return
		}
		asJSON := must(json.Marshal(file))
		var generic any
		if err := json.Unmarshal(asJSON, &generic); err != nil {
			t.Fatal(err)
		}
		asYAML := must(yaml.Marshal(generic))
		for name, text := range map[string][]byte{"JSON": asJSON, "YAML": asYAML} {
			// NOTE: compared as JSON: an empty list and none are one seed.
			if back, err := ParseSeedFile(text); err != nil || !bytes.Equal(must(json.Marshal(back)), asJSON) {
				t.Fatalf("%q parses as %+v; written as %s (%q) it parses as %+v (%v)", data, file, name, text, back, err)
			}
		}

		a, b := fuzzSeedServer(), fuzzSeedServer()
		empty := must(a.MarshalState())
		countsA, errA := a.Seed(file)
		countsB, errB := b.Seed(file)
		stateA, stateB := must(a.MarshalState()), must(b.MarshalState())
		if fmt.Sprint(errA) != fmt.Sprint(errB) || !reflect.DeepEqual(countsA, countsB) || !bytes.Equal(stateA, stateB) {
			t.Fatalf("%q loads differently into two like servers: %v %v, then %v %v\n%s\n%s", data, countsA, errA, countsB, errB, stateA, stateB)
		}
		if errA != nil {
			if !bytes.Equal(stateA, empty) {
				t.Fatalf("%q was refused (%v) but left objects:\n%s", data, errA, stateA)
			}
		} else if _, err := a.Seed(file); err != nil && !bytes.Equal(must(a.MarshalState()), stateA) {
			t.Fatalf("%q loaded a second time was refused (%v) but changed the state", data, err)
		}

		s, _ := fuzzServer(t)
		before := must(s.MarshalState())
		if _, err := s.Seed(file); err != nil && !bytes.Equal(must(s.MarshalState()), before) {
			t.Fatalf("%q was refused on an account with objects (%v) but changed it", data, err)
		}
	})
}

// fuzzSeedServer is an empty server that mints the same IDs at the same
// time as every other it returns.
func fuzzSeedServer() *Server {
	now := time.Date(2026, 3, 1, 12, 0, 0, 0, time.UTC)
	return New(WithClock(func() time.Time { return now }), WithIDSource(rand.NewChaCha8([32]byte{2})))
}
