package mockserver

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/url"
	"slices"
	"strconv"
	"strings"
	"time"

	"go.yaml.in/yaml/v3"

	"github.com/tfedge/terraform-provider-ngrok/internal/trafficpolicy"
)

// Endpoints (README.md, section Endpoints). Cloud endpoints are created,
// changed and deleted through the API; ephemeral (agent) and edge endpoints
// exist only by seeding (seed_endpoints.go) and are read-only, as on the
// real API.
//
// Rules the real API leaves open, decided here (and mirrored by the
// provider's plan-time validation):
//
//   - url: scheme http, https, tcp or tls; a host that is a DNS name (a
//     leading "*." label is allowed for a wildcard endpoint); no user
//     information, path (a lone "/" is dropped), query or fragment. tcp needs
//     an explicit port. The scheme and host are lower-cased and the default
//     port (80 for http, 443 for https and tls) is dropped from url and
//     public_url and kept in hostport.
//   - a public tcp URL must be a reserved TCP address of the account, host
//     and port (ERR_NGROK_18006 [real]; reserved_addrs.go). A tcp endpoint
//     on a reserved address names it in tcp_addr [real: ngrok-api-go
//     datatypes.go, "the address reserved for this endpoint"]; deleting the
//     address leaves tcp_addr out [ours].
//   - bindings: exactly one of public, internal, kubernetes; default
//     ["internal"] for a host ending in .internal, else ["public"]. internal
//     is allowed only on a .internal host, and a .internal host allows only
//     internal.
//   - the reserved-domain rule (ERR_NGROK_18006) applies to http, https and
//     tls URLs with the public binding; kubernetes-bound endpoints name a
//     Kubernetes service, not a public domain, and are exempt. Whenever the
//     host is a reserved domain of the account (exactly, or one label under a
//     wildcard reservation *.example.com), domain is its Ref.
//   - traffic_policy is required on create and cannot be emptied. It must be
//     JSON or YAML (ERR_NGROK_18002 otherwise) holding a policy of ngrok's
//     language as package trafficpolicy describes it: phases, rules, each
//     action's type, phases and config, CEL expressions and ${...}
//     interpolations; anything else is ERR_NGROK_18002 too, whose message is
//     the checker's, as the provider's plan-time diagnostics are.
//   - one cloud endpoint per url (409 ERR_NGROK_18009); agent and edge
//     endpoints do not take part in this rule.
//   - updated_at moves on every PATCH that changes something, by at least a
//     second even when the clock has not (timestamps have whole seconds); a
//     PATCH that changes nothing leaves it alone.
//   - PATCH and DELETE of an ephemeral or edge endpoint are refused with
//     400 ERR_NGROK_215 (notCloudError).
//   - region is omitted on cloud endpoints (they are global); description and
//     metadata are omitted when empty, as on reserved domains.

// Endpoint types.
const (
	endpointCloud     = "cloud"
	endpointEphemeral = "ephemeral"
	endpointEdge      = "edge"
)

// Endpoint bindings.
const (
	bindingPublic     = "public"
	bindingInternal   = "internal"
	bindingKubernetes = "kubernetes"
)

var endpointBindings = []string{bindingPublic, bindingInternal, bindingKubernetes}

// internalTLD marks hosts that are reachable only from other endpoints.
const internalTLD = ".internal"

// endpoint is a stored endpoint of any type.
type endpoint struct {
	ID        string      `json:"id"`
	Type      string      `json:"type"`
	CreatedAt time.Time   `json:"created_at"`
	UpdatedAt time.Time   `json:"updated_at"`
	URL       endpointURL `json:"url"` // the normalised URL in JSON (endpointURL.MarshalText)

	Description    string   `json:"description,omitempty"`
	Metadata       string   `json:"metadata,omitempty"`
	TrafficPolicy  string   `json:"traffic_policy,omitempty"` // byte for byte as sent; may be empty on agent and edge endpoints
	Bindings       []string `json:"bindings"`
	PoolingEnabled bool     `json:"pooling_enabled,omitempty"`
	DomainID       string   `json:"domain_id,omitempty"`   // reserved domain of the host; "" when none
	TCPAddrID      string   `json:"tcp_addr_id,omitempty"` // reserved address of a tcp URL; "" when none

	// Agent and edge endpoints only.
	Region           string `json:"region,omitempty"`
	Name             string `json:"name,omitempty"`
	UpstreamURL      string `json:"upstream_url,omitempty"`
	UpstreamProtocol string `json:"upstream_protocol,omitempty"`
	TunnelID         string `json:"tunnel_id,omitempty"`
	TunnelSessionID  string `json:"tunnel_session_id,omitempty"`
	PrincipalID      string `json:"principal_id,omitempty"`
	EdgeID           string `json:"edge_id,omitempty"`
}

// endpointURL is a parsed, normalised endpoint URL.
type endpointURL struct {
	scheme string // http, https, tcp or tls
	host   string // lower case
	port   int    // explicit or default
}

func (u endpointURL) defaultPort() bool {
	switch u.scheme {
	case "http":
		return u.port == 80
	case "https", "tls":
		return u.port == 443
	}
	return false
}

// String is the normalised URL: the default port is dropped.
func (u endpointURL) String() string {
	if u.defaultPort() {
		return u.scheme + "://" + u.host
	}
	return u.scheme + "://" + u.hostport()
}

// MarshalText and UnmarshalText store an endpointURL as its normalised
// string, parsed back with the rules of a create.
func (u endpointURL) MarshalText() ([]byte, error) { return []byte(u.String()), nil }

func (u *endpointURL) UnmarshalText(b []byte) error {
	parsed, err := parseEndpointURL(string(b))
	if err != nil {
		return errors.New(err.msg)
	}
	*u = parsed
	return nil
}

func (u endpointURL) hostport() string { return net.JoinHostPort(u.host, strconv.Itoa(u.port)) }

func (u endpointURL) internal() bool { return strings.HasSuffix(u.host, internalTLD) }

// endpointWire is the response shape of an endpoint, in the real API's
// property order. Properties that do not apply are omitted, never null.
//
// NOTE: no scheme, host, port, region or upstream_protocol, although the
// spec and ngrok's Go client name them: no recorded answer has them, of any
// type of endpoint (exchange _endpoints_list_response.md@3196b15). The
// mock keeps an agent endpoint's region and upstream protocol (seeded), and
// answers neither.
type endpointWire struct {
	ID             string   `json:"id"`
	CreatedAt      apiTime  `json:"created_at"`
	UpdatedAt      apiTime  `json:"updated_at"`
	PublicURL      string   `json:"public_url"`
	Proto          string   `json:"proto"`
	Hostport       string   `json:"hostport"`
	Type           string   `json:"type"`
	Metadata       string   `json:"metadata,omitempty"`
	Description    string   `json:"description,omitempty"`
	Domain         *refWire `json:"domain,omitempty"`
	TCPAddr        *refWire `json:"tcp_addr,omitempty"`
	Tunnel         *refWire `json:"tunnel,omitempty"`
	Edge           *refWire `json:"edge,omitempty"`
	UpstreamURL    string   `json:"upstream_url,omitempty"`
	URL            string   `json:"url,omitempty"` // none on an edge endpoint
	Principal      *refWire `json:"principal,omitempty"`
	TrafficPolicy  string   `json:"traffic_policy,omitempty"`
	Bindings       []string `json:"bindings"`
	TunnelSession  *refWire `json:"tunnel_session,omitempty"`
	URI            string   `json:"uri,omitempty"` // a cloud endpoint's only
	Name           string   `json:"name,omitempty"`
	PoolingEnabled bool     `json:"pooling_enabled"`
}

// endpointCreate is the create body.
type endpointCreate struct {
	URL            string   `json:"url"`
	Type           string   `json:"type"`
	TrafficPolicy  string   `json:"traffic_policy"`
	Description    string   `json:"description"`
	Metadata       string   `json:"metadata"`
	Bindings       []string `json:"bindings"` // nil when omitted or null
	PoolingEnabled bool     `json:"pooling_enabled"`
}

// endpointUpdate is the PATCH body: an absent (or null) field is left alone.
type endpointUpdate struct {
	URL            *string  `json:"url"`
	TrafficPolicy  *string  `json:"traffic_policy"`
	Description    *string  `json:"description"`
	Metadata       *string  `json:"metadata"`
	Bindings       []string `json:"bindings"` // nil when omitted or null
	PoolingEnabled *bool    `json:"pooling_enabled"`
}

func (e *endpoint) wire(origin string) endpointWire {
	w := endpointWire{
		ID:             e.ID,
		CreatedAt:      wireTime(e.CreatedAt),
		UpdatedAt:      wireTime(e.UpdatedAt),
		PublicURL:      e.URL.String(),
		Proto:          e.URL.scheme,
		Hostport:       e.URL.hostport(),
		Type:           e.Type,
		Metadata:       e.Metadata,
		Description:    e.Description,
		Domain:         optionalRef(origin, collReservedDomains, e.DomainID),
		TCPAddr:        optionalRef(origin, collReservedAddrs, e.TCPAddrID),
		Tunnel:         optionalRef(origin, collTunnels, e.TunnelID),
		UpstreamURL:    e.UpstreamURL,
		Principal:      userRef(e.PrincipalID),
		TrafficPolicy:  e.TrafficPolicy,
		Bindings:       slices.Clone(e.Bindings),
		TunnelSession:  optionalRef(origin, collTunnelSessions, e.TunnelSessionID),
		Name:           e.Name,
		PoolingEnabled: e.PoolingEnabled,
	}
	// NOTE: only a cloud endpoint is an object of the API with a uri; an
	// edge endpoint has no url either, only its public_url
	// (_endpoints_list_response.md@3196b15).
	switch e.Type {
	case endpointCloud:
		w.URI = objectURI(origin, collEndpoints, e.ID)
	case endpointEdge:
		w.Edge = optionalRef(origin, edgeCollection(e.EdgeID), e.EdgeID)
	}
	if e.Type != endpointEdge {
		w.URL = e.URL.String()
	}
	return w
}

// userRef is a reference to a user of the account, or nil for none: the
// API serves no user objects, and answers an empty uri [real: an agent
// endpoint's principal in _endpoints_list_response.md@3196b15].
func userRef(id string) *refWire {
	if id == "" {
		return nil
	}
	return &refWire{ID: id}
}

// edgeCollection is where an edge of the ID's kind lives on the real API.
func edgeCollection(id string) string {
	switch {
	case strings.HasPrefix(id, prefixEdgeTLS):
		return collEdgesTLS
	case strings.HasPrefix(id, prefixEdgeTCP):
		return collEdgesTCP
	}
	return collEdgesHTTPS
}

func (s *Server) endpointRoutes() []route {
	const list, one = "/" + collEndpoints, "/" + collEndpoints + "/{id}"
	id := map[string]idKind{"id": s.endpoints.kind()}
	return []route{
		{method: http.MethodPost, path: list, body: bodyOf[endpointCreate], handle: s.createEndpoint},
		{method: http.MethodGet, path: list, query: endpointListQuery, handle: s.listEndpoints},
		{method: http.MethodGet, path: one, ids: id, handle: s.getEndpoint},
		{method: http.MethodPatch, path: one, ids: id, body: bodyOf[endpointUpdate], handle: s.updateEndpoint},
		{method: http.MethodDelete, path: one, ids: id, handle: s.deleteEndpoint},
	}
}

func (s *Server) createEndpoint(rq *request) (any, int, *apiError) {
	in, err := bodyAs[endpointCreate](rq)
	if err != nil {
		return nil, 0, err
	}
	switch in.Type {
	case "", endpointCloud:
	default:
		return nil, 0, errEndpointNotCloud.with(in.Type)
	}
	if in.URL == "" {
		return nil, 0, errEndpointFieldMissing.with("url")
	}
	u, err := parseEndpointURL(in.URL)
	if err != nil {
		return nil, 0, err
	}
	if in.TrafficPolicy == "" {
		return nil, 0, errTrafficPolicyMissing.with("a cloud endpoint does nothing but apply its traffic policy")
	}
	if err := checkTrafficPolicy(in.TrafficPolicy, ""); err != nil {
		return nil, 0, err
	}
	bindings := in.Bindings
	if bindings == nil {
		bindings = defaultBindings(u)
	}
	if err := checkBindings(u, bindings); err != nil {
		return nil, 0, err
	}
	if err := checkFreeText(in.Description, in.Metadata, endpointText); err != nil {
		return nil, 0, err
	}

	now := s.timestamp()
	s.store.mu.Lock()
	defer s.store.mu.Unlock()
	domainID, err := s.checkEndpointURLLocked(u, bindings, "")
	if err != nil {
		return nil, 0, err
	}
	// NOTE: the phases of the endpoint's protocol, once the url is known to
	// be one the account may use [ours: the order of the API's checks].
	if err := checkTrafficPolicy(in.TrafficPolicy, u.scheme); err != nil {
		return nil, 0, err
	}
	e, err := s.endpoints.insertLocked(func(id string) endpoint {
		return endpoint{
			ID:             id,
			Type:           endpointCloud,
			CreatedAt:      now,
			UpdatedAt:      now,
			URL:            u,
			Description:    in.Description,
			Metadata:       in.Metadata,
			TrafficPolicy:  in.TrafficPolicy,
			Bindings:       slices.Clone(bindings),
			PoolingEnabled: in.PoolingEnabled,
			DomainID:       domainID,
			TCPAddrID:      s.reservedAddrOfLocked(u),
		}
	})
	if err != nil {
		return nil, 0, err
	}
	return e.wire(rq.origin()), http.StatusCreated, nil
}

// endpointListQuery adds to a filtered list's parameters the endpoint
// list's own, id and url, each repeatable (arrays) [real: the spec, which
// marks them deprecated for filter].
var endpointListQuery = append(slices.Clone(filteredListQuery), "id", "url")

// listEndpoints narrows the list to the endpoints whose ID is one of the id
// parameters, when there are any, and whose url is one of the url
// parameters, when there are any [ours: the spec says only "filter results
// by endpoint IDs" and "by endpoint URLs"]. A url is compared with the
// answer's, normalised as a create normalises it, so that the url a create
// was sent finds the endpoint [ours].
func (s *Server) listEndpoints(rq *request) (any, int, *apiError) {
	query := rq.r.URL.Query()
	ids, urls := query["id"], query["url"]
	for i, u := range urls {
		if n, err := parseEndpointURL(u); err == nil {
			urls[i] = n.String()
		}
	}
	scope := listScope[endpoint]{path: "/" + collEndpoints}
	if len(ids) > 0 || len(urls) > 0 {
		scope.keep = func(e *endpoint) bool {
			return (len(ids) == 0 || slices.Contains(ids, e.ID)) && (len(urls) == 0 || slices.Contains(urls, e.URL.String()))
		}
		scope.carry = url.Values{}
		if len(ids) > 0 {
			scope.carry["id"] = ids
		}
		if len(urls) > 0 {
			scope.carry["url"] = urls
		}
	}
	return listObjectsIn(s, rq, s.endpoints, (*endpoint).wire, scope)
}

func (s *Server) getEndpoint(rq *request) (any, int, *apiError) {
	e, err := s.endpoints.get(rq.r.PathValue("id"))
	if err != nil {
		return nil, 0, err
	}
	return e.wire(rq.origin()), http.StatusOK, nil
}

func (s *Server) updateEndpoint(rq *request) (any, int, *apiError) {
	in, err := bodyAs[endpointUpdate](rq)
	if err != nil {
		return nil, 0, err
	}
	var newURL *endpointURL
	if in.URL != nil {
		u, err := parseEndpointURL(*in.URL)
		if err != nil {
			return nil, 0, err
		}
		newURL = &u
	}
	if in.TrafficPolicy != nil {
		if *in.TrafficPolicy == "" {
			return nil, 0, errTrafficPolicyMissing.with("a cloud endpoint does nothing but apply its traffic policy")
		}
		if err := checkTrafficPolicy(*in.TrafficPolicy, ""); err != nil {
			return nil, 0, err
		}
	}
	if err := checkFreeText(deref(in.Description), deref(in.Metadata), endpointText); err != nil {
		return nil, 0, err
	}

	now := s.timestamp()
	e, err := s.endpoints.update(rq.r.PathValue("id"), func(e *endpoint) *apiError {
		if e.Type != endpointCloud {
			return notCloudError()
		}
		if givesNoField(in) {
			return errEndpointEmptyUpdate.with()
		}
		before := *e
		if newURL != nil {
			if newURL.scheme != e.URL.scheme {
				return errEndpointSchemeChange.with()
			}
			e.URL = *newURL
		}
		if in.TrafficPolicy != nil {
			// NOTE: the phases of the endpoint's protocol, which the policy
			// is checked for once the endpoint is known.
			if err := checkTrafficPolicy(*in.TrafficPolicy, e.URL.scheme); err != nil {
				return err
			}
		}
		if in.Bindings != nil {
			e.Bindings = slices.Clone(in.Bindings)
		}
		if err := checkBindings(e.URL, e.Bindings); err != nil {
			return err
		}
		// NOTE: the table's update already holds the store lock.
		domainID, err := s.checkEndpointURLLocked(e.URL, e.Bindings, e.ID)
		if err != nil {
			return err
		}
		e.DomainID = domainID
		e.TCPAddrID = s.reservedAddrOfLocked(e.URL)
		assign(&e.TrafficPolicy, in.TrafficPolicy)
		assign(&e.Description, in.Description)
		assign(&e.Metadata, in.Metadata)
		assign(&e.PoolingEnabled, in.PoolingEnabled)
		if !e.sameAs(&before) {
			e.UpdatedAt = now
			if !now.After(before.UpdatedAt) {
				e.UpdatedAt = before.UpdatedAt.Add(time.Second)
			}
		}
		return nil
	})
	if err != nil {
		return nil, 0, err
	}
	return e.wire(rq.origin()), http.StatusOK, nil
}

// sameAs reports whether a PATCH left every field of a cloud endpoint as it was.
func (e *endpoint) sameAs(o *endpoint) bool {
	return e.URL == o.URL && e.TrafficPolicy == o.TrafficPolicy && e.Description == o.Description &&
		e.Metadata == o.Metadata && slices.Equal(e.Bindings, o.Bindings) &&
		e.PoolingEnabled == o.PoolingEnabled && e.DomainID == o.DomainID
}

func (s *Server) deleteEndpoint(rq *request) (any, int, *apiError) {
	id := rq.r.PathValue("id")
	s.store.mu.Lock()
	defer s.store.mu.Unlock()
	r, err := s.endpoints.rowLocked(id)
	if err != nil {
		return nil, 0, err
	}
	if r.val.Type != endpointCloud {
		return nil, 0, notCloudError()
	}
	s.endpoints.removeLocked(id)
	return nil, http.StatusNoContent, nil
}

// notCloudError refuses a PATCH or DELETE of an agent or edge endpoint,
// which come and go with their agent or edge [ours: ngrok's reference has no
// code for it; ERR_NGROK_248 is about a create's type].
func notCloudError() *apiError { return errInvalidValue.with("id") }

// endpointText are the description and metadata codes of cloud endpoints.
var endpointText = textCodes{errEndpointDescription, errEndpointMetadata}

// checkEndpointURLLocked applies the rules that involve other objects: the
// reserved-domain rule and one cloud endpoint per url (self, the endpoint
// being changed, does not count). It returns the ID of the reserved domain
// of the host, if any. The store lock must be held.
func (s *Server) checkEndpointURLLocked(u endpointURL, bindings []string, self string) (string, *apiError) {
	domainID, reserved := s.matchReservedDomainLocked(u.host)
	if u.scheme == "tcp" && slices.Contains(bindings, bindingPublic) && !s.reservedAddrExistsLocked(u.hostport()) {
		return "", errEndpointDomainMissing.with()
	}
	if !reserved && u.scheme != "tcp" && !u.internal() && slices.Contains(bindings, bindingPublic) {
		return "", errEndpointDomainMissing.with()
	}
	for _, r := range s.endpoints.rows {
		if r.id != self && r.val.Type == endpointCloud && r.val.URL == u {
			return "", errEndpointURLTaken.with()
		}
	}
	return domainID, nil
}

// defaultBindings is the API's default for an endpoint that names none.
func defaultBindings(u endpointURL) []string {
	if u.internal() {
		return []string{bindingInternal}
	}
	return []string{bindingPublic}
}

func checkBindings(u endpointURL, bindings []string) *apiError {
	if len(bindings) != 1 {
		return errEndpointBinding.with()
	}
	b := bindings[0]
	switch {
	case !slices.Contains(endpointBindings, b),
		b == bindingInternal && !u.internal(),
		b != bindingInternal && u.internal():
		return errEndpointBinding.with()
	}
	return nil
}

// NormalizeEndpointURL is the server's reading of an endpoint url: the url
// it stores and answers (scheme and host in lower case, no default port), or
// why a create refuses it. The provider's tests check that the provider
// reads every url the same.
func NormalizeEndpointURL(raw string) (string, error) {
	u, err := parseEndpointURL(raw)
	if err != nil {
		return "", errors.New(err.msg)
	}
	return u.String(), nil
}

// parseEndpointURL validates and normalises an endpoint url.
func parseEndpointURL(raw string) (endpointURL, *apiError) {
	// NOTE: ngrok's message names the url, not what is wrong with it; the
	// reasons stay here for the reader.
	invalid := func(string, ...any) (endpointURL, *apiError) {
		return endpointURL{}, errEndpointURLInvalid.with(raw)
	}
	p, perr := url.Parse(raw)
	switch {
	case perr != nil:
		return invalid("%v", perr)
	case p.Scheme == "" || p.Opaque != "":
		return invalid("it must be an absolute URL such as https://app.example.com")
	case p.User != nil:
		return invalid("it must not carry user information")
	case p.Path != "" && p.Path != "/":
		return invalid("it must not have a path")
	case p.RawQuery != "" || p.ForceQuery:
		return invalid("it must not have a query")
	case p.Fragment != "":
		return invalid("it must not have a fragment")
	}
	u := endpointURL{scheme: p.Scheme, host: strings.ToLower(p.Hostname())}
	switch u.scheme {
	case "http":
		u.port = 80
	case "https", "tls":
		u.port = 443
	case "tcp":
	default:
		return invalid("the scheme must be http, https, tcp or tls, not %q", p.Scheme)
	}
	if !isEndpointHost(u.host) {
		return invalid("%q is not a host name", p.Hostname())
	}
	switch port := p.Port(); {
	case port != "":
		n, err := strconv.Atoi(port)
		if err != nil || n < 1 || n > 65535 {
			return invalid("the port must be from 1 to 65535")
		}
		u.port = n
	case strings.HasSuffix(p.Host, ":"):
		return invalid("the port is empty")
	case u.scheme == "tcp":
		return invalid("a tcp url needs a port, such as tcp://1.tcp.ngrok.io:12345")
	}
	return u, nil
}

// isEndpointHost accepts DNS names of letters, digits and hyphens, with an
// optional leading "*" label for wildcard endpoints.
func isEndpointHost(host string) bool {
	if host == "" || len(host) > 253 {
		return false
	}
	labels := strings.Split(host, ".")
	for i, l := range labels {
		if i == 0 && l == "*" && len(labels) > 2 {
			continue
		}
		if l == "" || len(l) > 63 || l[0] == '-' || l[len(l)-1] == '-' {
			return false
		}
		for _, c := range []byte(l) {
			if (c < 'a' || c > 'z') && (c < '0' || c > '9') && c != '-' {
				return false
			}
		}
	}
	return true
}

// checkTrafficPolicy parses a traffic policy as JSON, else as YAML (which
// the stored text keeps), and checks it against ngrok's policy language with
// the checker the provider's plan-time validation uses (package
// trafficpolicy), so that both refuse the same policies in the same words.
// scheme is the endpoint's URL scheme, whose protocol's phases the policy
// may use; "" where it is not known. A problem for which ngrok's error
// reference has a code of its own is answered with it (policyErrors).
func checkTrafficPolicy(text, scheme string) *apiError {
	doc, perr := parsePolicyText(text)
	if perr != nil {
		return errTrafficPolicyInvalid.with(fmt.Sprintf("the traffic_policy could not be parsed as JSON or YAML: %v.", perr))
	}
	if problems := trafficpolicy.CheckFor(doc, trafficpolicy.Options{Scheme: scheme}); len(problems) > 0 {
		for _, p := range problems {
			if k, ok := policyErrors[p.Code]; ok {
				return k.with(p.Args...)
			}
		}
		return errTrafficPolicyInvalid.with(trafficpolicy.Message(problems))
	}
	return nil
}

// policyErrors are the codes of package trafficpolicy's problems that the
// mock answers with.
var policyErrors = map[string]*errorKind{
	errBasicAuthPassword.code:   errBasicAuthPassword,
	errPolicyCIDR.code:          errPolicyCIDR,
	errPolicyPhaseProtocol.code: errPolicyPhaseProtocol,
	errPolicySetVars.code:       errPolicySetVars,
}

// parsePolicyText decodes JSON, or else one YAML document, into plain Go
// values. Empty YAML is null.
func parsePolicyText(text string) (any, error) {
	var doc any
	jd := json.NewDecoder(strings.NewReader(text))
	jd.UseNumber()
	if err := jd.Decode(&doc); err == nil {
		if _, err := jd.Token(); errors.Is(err, io.EOF) {
			return doc, nil
		}
	}
	doc = nil
	yd := yaml.NewDecoder(strings.NewReader(text))
	if err := yd.Decode(&doc); err != nil {
		if errors.Is(err, io.EOF) {
			return nil, nil
		}
		return nil, err
	}
	var next any
	if err := yd.Decode(&next); !errors.Is(err, io.EOF) {
		return nil, errors.New("it holds more than one YAML document")
	}
	return yamlToJSONShape(doc)
}

// yamlToJSONShape turns the mappings yaml.v3 decodes with non-string keys
// into string-keyed objects, so that both decoders yield the same shapes.
// A key becomes the text fmt prints of it, null "null".
//
// NOTE: two keys that YAML holds apart can be one string (1 and 1.0, true
// and True, ~ and null): such a mapping is refused, since keeping either
// value would drop the other, and which one a Go map's walk kept would vary
// from one parse of the same text to the next.
func yamlToJSONShape(v any) (any, error) {
	switch v := v.(type) {
	case map[string]any:
		for k, e := range v {
			n, err := yamlToJSONShape(e)
			if err != nil {
				return nil, err
			}
			v[k] = n
		}
		return v, nil
	case map[any]any:
		out := make(map[string]any, len(v))
		for k, e := range v {
			ks := "null"
			if k != nil {
				ks = fmt.Sprint(k)
			}
			if _, dup := out[ks]; dup {
				return nil, fmt.Errorf("a mapping has two keys that are both %q once written as JSON", ks)
			}
			n, err := yamlToJSONShape(e)
			if err != nil {
				return nil, err
			}
			out[ks] = n
		}
		return out, nil
	case []any:
		for i, e := range v {
			n, err := yamlToJSONShape(e)
			if err != nil {
				return nil, err
			}
			v[i] = n
		}
		return v, nil
	}
	return v, nil
}
