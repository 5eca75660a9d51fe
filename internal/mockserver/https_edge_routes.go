package mockserver

import (
	"encoding/json"
	"net/http"
	"slices"
	"strings"
)

// Writes of HTTPS edge routes (README.md, section HTTPS edges and backends):
// POST /edges/https/{edge_id}/routes, PATCH and DELETE
// /edges/https/{edge_id}/routes/{id}, refused first as every edge write is
// (writeRefusal).
//
//   - match_type is exact_path or path_prefix [real: ERR_NGROK_7130]; match
//     is required [real: ERR_NGROK_7123], a path starting with / [real:
//     ERR_NGROK_7131] of at most 255 bytes [real code ERR_NGROK_7135; the
//     limit is ours], and unique among the edge's routes whatever their
//     match types [real: ERR_NGROK_7126, "must be unique across all routes
//     for HTTPS edge"].
//   - The body's edge_id, when set, is the path's [real: ERR_NGROK_7110].
//   - A create's or PATCH's modules, all thirteen of the spec's, are
//     checked as the module PUTs check them (routeModules); a module present
//     replaces the route's, one absent or null is left as it is: a PATCH
//     cannot remove a module, only the module's DELETE can [real: ngrok's
//     API reference, "Update HTTPS Edge Route"]. NOTE: ngrok-api-go's
//     HTTPSEdgeRouteCreate and HTTPSEdgeRouteUpdate carry every module.
//   - A PATCH changes match_type, match, description and metadata when its
//     body holds them; "" clears a description or metadata [ours: ngrok's Go
//     client cannot send "" for them].

// maxRouteMatchBytes is the longest match [ours: the real limit is not
// documented].
const maxRouteMatchBytes = 255

// NOTE: the modules are flattened into the bodies rather than embedded:
// decodeStrict's field-name check reads a struct's own fields only.
type httpsEdgeRouteCreateBody struct {
	EdgeID                string          `json:"edge_id"`
	MatchType             string          `json:"match_type"`
	Match                 string          `json:"match"`
	Description           string          `json:"description"`
	Metadata              string          `json:"metadata"`
	Backend               json.RawMessage `json:"backend"`
	IPRestriction         json.RawMessage `json:"ip_restriction"`
	RequestHeaders        json.RawMessage `json:"request_headers"`
	OIDC                  json.RawMessage `json:"oidc"`
	CircuitBreaker        json.RawMessage `json:"circuit_breaker"`
	Compression           json.RawMessage `json:"compression"`
	ResponseHeaders       json.RawMessage `json:"response_headers"`
	WebhookVerification   json.RawMessage `json:"webhook_verification"`
	OAuth                 json.RawMessage `json:"oauth"`
	SAML                  json.RawMessage `json:"saml"`
	WebsocketTCPConverter json.RawMessage `json:"websocket_tcp_converter"`
	UserAgentFilter       json.RawMessage `json:"user_agent_filter"`
	TrafficPolicy         json.RawMessage `json:"traffic_policy"`
}

// modules maps the name of each module to its JSON.
func (b *httpsEdgeRouteCreateBody) modules() map[string]json.RawMessage {
	return map[string]json.RawMessage{
		ModuleBackend: b.Backend, ModuleIPRestriction: b.IPRestriction, ModuleRequestHeaders: b.RequestHeaders,
		ModuleOIDC: b.OIDC, ModuleCircuitBreaker: b.CircuitBreaker, ModuleCompression: b.Compression,
		ModuleResponseHeaders: b.ResponseHeaders, ModuleWebhookVerification: b.WebhookVerification,
		ModuleOAuth: b.OAuth, ModuleSAML: b.SAML, ModuleWebsocketTCPConverter: b.WebsocketTCPConverter,
		ModuleUserAgentFilter: b.UserAgentFilter, ModuleTrafficPolicy: b.TrafficPolicy,
	}
}

type httpsEdgeRouteUpdateBody struct {
	EdgeID                string          `json:"edge_id"`
	ID                    string          `json:"id"`
	MatchType             *string         `json:"match_type"`
	Match                 *string         `json:"match"`
	Description           *string         `json:"description"`
	Metadata              *string         `json:"metadata"`
	Backend               json.RawMessage `json:"backend"`
	IPRestriction         json.RawMessage `json:"ip_restriction"`
	RequestHeaders        json.RawMessage `json:"request_headers"`
	OIDC                  json.RawMessage `json:"oidc"`
	CircuitBreaker        json.RawMessage `json:"circuit_breaker"`
	Compression           json.RawMessage `json:"compression"`
	ResponseHeaders       json.RawMessage `json:"response_headers"`
	WebhookVerification   json.RawMessage `json:"webhook_verification"`
	OAuth                 json.RawMessage `json:"oauth"`
	SAML                  json.RawMessage `json:"saml"`
	WebsocketTCPConverter json.RawMessage `json:"websocket_tcp_converter"`
	UserAgentFilter       json.RawMessage `json:"user_agent_filter"`
	TrafficPolicy         json.RawMessage `json:"traffic_policy"`
}

// modules maps the name of each module to its JSON.
func (b *httpsEdgeRouteUpdateBody) modules() map[string]json.RawMessage {
	return map[string]json.RawMessage{
		ModuleBackend: b.Backend, ModuleIPRestriction: b.IPRestriction, ModuleRequestHeaders: b.RequestHeaders,
		ModuleOIDC: b.OIDC, ModuleCircuitBreaker: b.CircuitBreaker, ModuleCompression: b.Compression,
		ModuleResponseHeaders: b.ResponseHeaders, ModuleWebhookVerification: b.WebhookVerification,
		ModuleOAuth: b.OAuth, ModuleSAML: b.SAML, ModuleWebsocketTCPConverter: b.WebsocketTCPConverter,
		ModuleUserAgentFilter: b.UserAgentFilter, ModuleTrafficPolicy: b.TrafficPolicy,
	}
}

// checkRouteMatchLocked checks a route's match type and match, unique among
// the routes of its edge but itself (routeID; "" on a create). The store
// lock must be held.
func (es *edgeState) checkRouteMatchLocked(edgeID, routeID, matchType, match string) *apiError {
	if !slices.Contains(routeMatchTypes, matchType) {
		return errRouteMatchType.with()
	}
	switch {
	case match == "":
		return errRouteMatchMissing.with()
	case len(match) > maxRouteMatchBytes:
		return errRouteMatchTooLong.with(maxRouteMatchBytes, len(match))
	case !strings.HasPrefix(match, "/") || strings.ContainsAny(match, " \t\r\n\x00?#"):
		return errRouteMatchInvalid.with(match)
	}
	for _, r := range es.routes.rows {
		if r.val.EdgeID == edgeID && r.id != routeID && r.val.Match == match {
			return errRouteMatchTaken.with(match)
		}
	}
	return nil
}

// applyRouteModulesLocked builds the modules present in a body onto r, as
// their PUTs would, and records each as the module's last PUT. The store
// lock must be held.
func (es *edgeState) applyRouteModulesLocked(r *httpsEdgeRoute, raw map[string]json.RawMessage) *apiError {
	for _, m := range routeModules {
		if err := m.applyLocked(es, r, raw[m.moduleName()]); err != nil {
			return err
		}
	}
	return nil
}

func (s *Server) createHTTPSEdgeRoute(rq *request) (any, int, *apiError) {
	es := s.edges
	if err := es.writeRefusal(); err != nil {
		return nil, 0, err
	}
	var in httpsEdgeRouteCreateBody
	if err := decodeRawBody(rq.raw, &in); err != nil {
		return nil, 0, err
	}
	edgeID := rq.r.PathValue("edge_id")
	if in.EdgeID != "" && in.EdgeID != edgeID {
		return nil, 0, errRouteEdgeMismatch.with(edgeID, in.EdgeID)
	}
	if err := checkFreeText(in.Description, in.Metadata, edgeText); err != nil {
		return nil, 0, err
	}
	v := httpsEdgeRoute{EdgeID: edgeID, CreatedAt: s.timestamp(), Description: in.Description, Metadata: in.Metadata,
		MatchType: in.MatchType, Match: in.Match}
	v, err := es.routes.insertChecked(func() *apiError {
		if err := es.writeRefusalLocked(); err != nil {
			return err
		}
		if _, ok := es.edges.rows[edgeID]; !ok {
			return notFound()
		}
		if err := es.checkRouteMatchLocked(edgeID, "", v.MatchType, v.Match); err != nil {
			return err
		}
		return es.applyRouteModulesLocked(&v, in.modules())
	}, func(id string) httpsEdgeRoute {
		v.ID = id
		return v
	})
	if err != nil {
		return nil, 0, err
	}
	return routeWire(&v, rq.origin()), http.StatusCreated, nil
}

func (s *Server) updateHTTPSEdgeRoute(rq *request) (any, int, *apiError) {
	es := s.edges
	if err := es.writeRefusal(); err != nil {
		return nil, 0, err
	}
	var in httpsEdgeRouteUpdateBody
	if err := decodeRawBody(rq.raw, &in); err != nil {
		return nil, 0, err
	}
	edgeID, id := rq.r.PathValue("edge_id"), rq.r.PathValue("id")
	if in.EdgeID != "" && in.EdgeID != edgeID {
		return nil, 0, errRouteEdgeMismatch.with(edgeID, in.EdgeID)
	}
	if in.ID != "" && in.ID != id {
		return nil, 0, errInvalidValue.with("id")
	}
	es.st.mu.Lock()
	defer es.st.mu.Unlock()
	if err := es.writeRefusalLocked(); err != nil {
		return nil, 0, err
	}
	r, err := es.routeLocked(edgeID, id)
	if err != nil {
		return nil, 0, err
	}
	v := r.val
	assign(&v.MatchType, in.MatchType)
	assign(&v.Match, in.Match)
	assign(&v.Description, in.Description)
	assign(&v.Metadata, in.Metadata)
	if err := checkFreeText(v.Description, v.Metadata, edgeText); err != nil {
		return nil, 0, err
	}
	if err := es.checkRouteMatchLocked(edgeID, id, v.MatchType, v.Match); err != nil {
		return nil, 0, err
	}
	if err := es.applyRouteModulesLocked(&v, in.modules()); err != nil {
		return nil, 0, err
	}
	es.routes.putLocked(id, v)
	return routeWire(&v, rq.origin()), http.StatusOK, nil
}

func (s *Server) deleteHTTPSEdgeRoute(rq *request) (any, int, *apiError) {
	es := s.edges
	es.st.mu.Lock()
	defer es.st.mu.Unlock()
	if err := es.writeRefusalLocked(); err != nil {
		return nil, 0, err
	}
	r, err := es.routeLocked(rq.r.PathValue("edge_id"), rq.r.PathValue("id"))
	if err != nil {
		return nil, 0, err
	}
	es.routes.removeLocked(r.id)
	return nil, http.StatusNoContent, nil
}
