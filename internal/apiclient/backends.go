package apiclient

// Backends: where an edge route's backend module (and a failover or
// weighted backend) sends traffic. Five kinds, each a collection of its own
// under /backends; their lists hold them under "backends". TunnelGroupBackend
// itself is in edges.go, beside the edge that reads it.
//
// NOTE: the maps and lists of the update bodies are pointers: the API
// replaces them when present, so that an empty one (clearing them) must be
// sent, and keeps them when absent.

// TunnelGroupBackendCreate is the body of a tunnel-group backend's create.
type TunnelGroupBackendCreate struct {
	Description string            `json:"description,omitempty"`
	Metadata    string            `json:"metadata,omitempty"`
	Labels      map[string]string `json:"labels,omitempty"`
}

// TunnelGroupBackendUpdate is the body of an update: nil leaves a field unchanged.
type TunnelGroupBackendUpdate struct {
	Description *string            `json:"description,omitempty"`
	Metadata    *string            `json:"metadata,omitempty"`
	Labels      *map[string]string `json:"labels,omitempty"`
}

// TunnelGroupBackends is the collection of tunnel-group backends.
var TunnelGroupBackends = newCollection[TunnelGroupBackend, TunnelGroupBackendCreate, TunnelGroupBackendUpdate](
	collTunnelGroupBackends, "tunnel group backend", func(o *TunnelGroupBackend) string { return o.ID }).listedAs("backends")

// HTTPResponseBackend answers every request with a fixed response.
type HTTPResponseBackend struct {
	ID          string            `json:"id"`
	URI         string            `json:"uri"`
	CreatedAt   string            `json:"created_at"`
	Description string            `json:"description"`
	Metadata    string            `json:"metadata"`
	Body        string            `json:"body"`
	Headers     map[string]string `json:"headers"`
	StatusCode  int64             `json:"status_code"`
}

// HTTPResponseBackendCreate is the body of an HTTP response backend's create.
type HTTPResponseBackendCreate struct {
	Description string            `json:"description,omitempty"`
	Metadata    string            `json:"metadata,omitempty"`
	Body        string            `json:"body,omitempty"`
	Headers     map[string]string `json:"headers,omitempty"`
	StatusCode  *int64            `json:"status_code,omitempty"`
}

// HTTPResponseBackendUpdate is the body of an update: nil leaves a field unchanged.
type HTTPResponseBackendUpdate struct {
	Description *string            `json:"description,omitempty"`
	Metadata    *string            `json:"metadata,omitempty"`
	Body        *string            `json:"body,omitempty"`
	Headers     *map[string]string `json:"headers,omitempty"`
	StatusCode  *int64             `json:"status_code,omitempty"`
}

// HTTPResponseBackends is the collection of HTTP response backends.
var HTTPResponseBackends = newCollection[HTTPResponseBackend, HTTPResponseBackendCreate, HTTPResponseBackendUpdate](
	"backends/http_response", "HTTP response backend", func(o *HTTPResponseBackend) string { return o.ID }).listedAs("backends")

// FailoverBackend sends traffic to the first of its backends that can take it.
type FailoverBackend struct {
	ID          string   `json:"id"`
	URI         string   `json:"uri"`
	CreatedAt   string   `json:"created_at"`
	Description string   `json:"description"`
	Metadata    string   `json:"metadata"`
	Backends    []string `json:"backends"`
}

// FailoverBackendCreate is the body of a failover backend's create.
type FailoverBackendCreate struct {
	Description string   `json:"description,omitempty"`
	Metadata    string   `json:"metadata,omitempty"`
	Backends    []string `json:"backends,omitempty"`
}

// FailoverBackendUpdate is the body of an update: nil leaves a field unchanged.
type FailoverBackendUpdate struct {
	Description *string   `json:"description,omitempty"`
	Metadata    *string   `json:"metadata,omitempty"`
	Backends    *[]string `json:"backends,omitempty"`
}

// FailoverBackends is the collection of failover backends.
var FailoverBackends = newCollection[FailoverBackend, FailoverBackendCreate, FailoverBackendUpdate](
	"backends/failover", "failover backend", func(o *FailoverBackend) string { return o.ID }).listedAs("backends")

// WeightedBackend shares traffic between its backends by weight.
type WeightedBackend struct {
	ID          string           `json:"id"`
	URI         string           `json:"uri"`
	CreatedAt   string           `json:"created_at"`
	Description string           `json:"description"`
	Metadata    string           `json:"metadata"`
	Backends    map[string]int64 `json:"backends"`
}

// WeightedBackendCreate is the body of a weighted backend's create.
type WeightedBackendCreate struct {
	Description string           `json:"description,omitempty"`
	Metadata    string           `json:"metadata,omitempty"`
	Backends    map[string]int64 `json:"backends,omitempty"`
}

// WeightedBackendUpdate is the body of an update: nil leaves a field unchanged.
type WeightedBackendUpdate struct {
	Description *string           `json:"description,omitempty"`
	Metadata    *string           `json:"metadata,omitempty"`
	Backends    *map[string]int64 `json:"backends,omitempty"`
}

// WeightedBackends is the collection of weighted backends.
var WeightedBackends = newCollection[WeightedBackend, WeightedBackendCreate, WeightedBackendUpdate](
	"backends/weighted", "weighted backend", func(o *WeightedBackend) string { return o.ID }).listedAs("backends")

// StaticBackend forwards traffic to a fixed host:port.
type StaticBackend struct {
	ID          string           `json:"id"`
	URI         string           `json:"uri"`
	CreatedAt   string           `json:"created_at"`
	Description string           `json:"description"`
	Metadata    string           `json:"metadata"`
	Address     string           `json:"address"`
	TLS         StaticBackendTLS `json:"tls"`
}

// StaticBackendTLS says whether the static backend speaks TLS to its address.
type StaticBackendTLS struct {
	Enabled bool `json:"enabled"`
}

// StaticBackendCreate is the body of a static backend's create.
type StaticBackendCreate struct {
	Description string            `json:"description,omitempty"`
	Metadata    string            `json:"metadata,omitempty"`
	Address     string            `json:"address"`
	TLS         *StaticBackendTLS `json:"tls,omitempty"`
}

// StaticBackendUpdate is the body of an update: nil leaves a field unchanged.
type StaticBackendUpdate struct {
	Description *string           `json:"description,omitempty"`
	Metadata    *string           `json:"metadata,omitempty"`
	Address     *string           `json:"address,omitempty"`
	TLS         *StaticBackendTLS `json:"tls,omitempty"`
}

// StaticBackends is the collection of static backends.
var StaticBackends = newCollection[StaticBackend, StaticBackendCreate, StaticBackendUpdate](
	"backends/static", "static backend", func(o *StaticBackend) string { return o.ID }).listedAs("backends")
