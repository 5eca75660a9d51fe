package trafficpolicy

import (
	"encoding/json"
	"fmt"
	"testing"
)

// benchPolicy is a policy as the demo and the reference write them: two
// rules with expressions, interpolations, four actions.
const benchPolicy = `{"on_http_request": [
  {"name": "private", "expressions": ["req.url.path.startsWith('/admin')", "!(conn.client_ip in ['192.0.2.1'])"],
   "actions": [{"type": "deny", "config": {"status_code": 404}}]},
  {"actions": [
    {"type": "add-headers", "config": {"headers": {"x-client": "${conn.client_ip}", "x-path": "${req.url.path}"}}},
    {"type": "rate-limit", "config": {"name": "r", "algorithm": "sliding_window", "capacity": 30, "rate": "60s", "bucket_key": ["conn.client_ip"]}},
    {"type": "forward-internal", "config": {"url": "https://shop.internal"}}]}]}`

func decodeBenchPolicy(b *testing.B) any {
	var doc any
	if err := json.Unmarshal([]byte(benchPolicy), &doc); err != nil {
		b.Fatal(err)
	}
	return doc
}

// BenchmarkCheck: the floor is decoding the policy's JSON, which both
// callers do before checking; "check" is the check of a policy seen before
// (its expressions remembered: every validation after the first in a plan),
// "check new" one whose expressions are new (the first validation).
func BenchmarkCheck(b *testing.B) {
	b.Run("floor", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			decodeBenchPolicy(b)
		}
	})
	b.Run("check", func(b *testing.B) {
		doc := decodeBenchPolicy(b)
		b.ReportAllocs()
		for b.Loop() {
			if p := Check(doc); len(p) != 0 {
				b.Fatal(p)
			}
		}
	})
	b.Run("check new", func(b *testing.B) {
		b.ReportAllocs()
		for i := 0; b.Loop(); i++ {
			doc := map[string]any{"on_http_request": []any{map[string]any{
				"expressions": []any{fmt.Sprintf("req.url.path.startsWith('/admin%d')", i)},
				"actions":     []any{map[string]any{"type": "deny"}},
			}}}
			if p := Check(doc); len(p) != 0 {
				b.Fatal(p)
			}
		}
	})
}
