// Package ngrokopenapi holds the facts of ngrok's OpenAPI spec that the
// repository keeps (openapi.yaml, derived by ./derive; see README.md). Only
// the test suite reads them: its spec validation (internal/specvalidate),
// and the mock's test that its routes take the spec's query parameters.
package ngrokopenapi

import _ "embed"

// Facts is openapi.yaml: an OpenAPI 3.0 document of the ngrok API.
//
//go:embed openapi.yaml
var Facts []byte
