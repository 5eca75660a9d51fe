package mockserver

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"time"
)

// adminPrefix is where the mock's own control API lives, beside the real
// API's paths, which never start with an underscore. It takes the same API
// keys but no Ngrok-Version header, so that curl stays short.
const adminPrefix = "/_mock/"

// controlRoutes are the control API's routes, in the server's one route
// table (server.go) and served by the same adapter as the API's:
//
//	POST   /_mock/reset                      forget every object, fault, journal entry and rate-limit count
//	GET    /_mock/journal                    {"requests": [...], "counts": {"GET /x/{id}": n, "unrouted": n}}:
//	                                         the last requests (journal size), oldest first; counts per
//	                                         route pattern, control API routes included, with every
//	                                         request that matched no route under "unrouted"
//	DELETE /_mock/journal                    forget the journal
//	GET    /_mock/faults                     pending fault rules
//	POST   /_mock/faults                     add a fault rule (body: faultRuleWire)
//	DELETE /_mock/faults                     remove every fault rule
//	DELETE /_mock/objects/{collection}/{id}  delete an object as if in the dashboard
//	PATCH  /_mock/objects/{collection}/{id}  change an object as if in the dashboard (the API's PATCH body)
//	GET    /_mock/state                      everything the server holds, as JSON, without credentials (state.go)
//	POST   /_mock/seed                       create the objects of a seed file (JSON or YAML; see SeedFile)
//	GET    /_mock/settings                   the account's settings (Settings)
//	PUT    /_mock/settings                   change the settings given in the body (Settings; omitted ones stay)
func (s *Server) controlRoutes() []route {
	const (
		journal = adminPrefix + "journal"
		faults  = adminPrefix + "faults"
		objects = adminPrefix + "objects/{collection}/{id}"
	)
	return []route{
		{method: http.MethodPost, path: adminPrefix + "reset", control: true, handle: s.controlReset},
		{method: http.MethodGet, path: journal, control: true, handle: s.controlJournal},
		{method: http.MethodDelete, path: journal, control: true, handle: s.controlClearJournal},
		{method: http.MethodGet, path: faults, control: true, handle: s.controlFaults},
		{method: http.MethodPost, path: faults, control: true, rawBody: true, handle: s.controlAddFault},
		{method: http.MethodDelete, path: faults, control: true, handle: s.controlClearFaults},
		{method: http.MethodDelete, path: objects, control: true, handle: s.controlDeleteObject},
		{method: http.MethodPatch, path: objects, control: true, rawBody: true, handle: s.controlEditObject},
		{method: http.MethodGet, path: adminPrefix + "state", control: true, handle: s.controlState},
		{method: http.MethodPost, path: adminPrefix + "seed", control: true, rawBody: true, handle: s.controlSeed},
		{method: http.MethodGet, path: adminPrefix + "settings", control: true, handle: s.controlSettings},
		{method: http.MethodPut, path: adminPrefix + "settings", control: true, rawBody: true, handle: s.controlSetSettings},
	}
}

func (s *Server) controlReset(*request) (any, int, *apiError) {
	s.Reset()
	return nil, http.StatusNoContent, nil
}

func (s *Server) controlJournal(*request) (any, int, *apiError) {
	entries, counts := s.Journal()
	return map[string]any{"requests": entries, "counts": counts}, http.StatusOK, nil
}

func (s *Server) controlClearJournal(*request) (any, int, *apiError) {
	s.ClearJournal()
	return nil, http.StatusNoContent, nil
}

func (s *Server) controlFaults(*request) (any, int, *apiError) {
	out := map[string]faultRuleWire{}
	for id, r := range s.PendingFaults() {
		out[id] = faultRuleToWire(r)
	}
	return map[string]any{"faults": out}, http.StatusOK, nil
}

func (s *Server) controlAddFault(rq *request) (any, int, *apiError) {
	var in faultRuleWire
	dec := json.NewDecoder(bytes.NewReader(rq.raw))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&in); err != nil {
		return nil, 0, errControlRequest.errorf("invalid fault rule: %v", err)
	}
	rule, err := in.rule()
	if err != nil {
		return nil, 0, errControlRequest.errorf("%v", err)
	}
	id, err := s.AddFault(rule)
	if err != nil {
		return nil, 0, errControlRequest.errorf("%v", err)
	}
	return map[string]any{"id": id}, http.StatusCreated, nil
}

func (s *Server) controlClearFaults(*request) (any, int, *apiError) {
	s.ClearFaults()
	return nil, http.StatusNoContent, nil
}

func (s *Server) controlDeleteObject(rq *request) (any, int, *apiError) {
	if err := s.DeleteObject(rq.r.PathValue("collection"), rq.r.PathValue("id")); err != nil {
		return nil, 0, errNotFound.errorf("%v", err)
	}
	return nil, http.StatusNoContent, nil
}

// controlEditObject answers with the API's own answer to the PATCH.
func (s *Server) controlEditObject(rq *request) (any, int, *apiError) {
	rec := s.EditObject(rq.r, rq.r.PathValue("collection"), rq.r.PathValue("id"), rq.raw)
	return verbatim{header: rec.Header(), body: rec.Body.Bytes()}, rec.Code, nil
}

func (s *Server) controlState(*request) (any, int, *apiError) {
	data, err := s.MarshalState()
	if err != nil {
		return nil, 0, internalError("%v", err)
	}
	return verbatim{body: data}, http.StatusOK, nil
}

func (s *Server) controlSeed(rq *request) (any, int, *apiError) {
	f, err := ParseSeedFile(rq.raw)
	if err != nil {
		return nil, 0, errControlRequest.errorf("%v", err)
	}
	counts, err := s.Seed(f)
	if err != nil {
		return nil, 0, errControlRequest.errorf("%v", err)
	}
	return map[string]any{"seeded": counts}, http.StatusCreated, nil
}

// Settings are the account's settings that change how the API answers,
// each false when the server starts; in a seed file, a PUT
// /_mock/settings body and ngrok-mock's flags. An omitted setting is left
// as it is.
type Settings struct {
	// EdgesReadOnly: every write to an edge, route, route module or backend
	// answers ERR_NGROK_7196 (SetEdgesReadOnly).
	EdgesReadOnly *bool `json:"edges_read_only,omitempty"`
	// EdgesWritable: edges, routes and backends can be created, changed
	// and deleted, as for an account that kept edge write access
	// (SetEdgesWritable); off, those writes answer ERR_NGROK_7008.
	EdgesWritable *bool `json:"edges_writable,omitempty"`
	// EndpointConfigurationsDeprecated: endpoint configuration IDs answer
	// ERR_NGROK_1608 (SetEndpointConfigurationsDeprecated).
	EndpointConfigurationsDeprecated *bool `json:"endpoint_configurations_deprecated,omitempty"`
}

// Apply sets the settings that s gives.
func (st Settings) Apply(s *Server) {
	if st.EdgesReadOnly != nil {
		s.SetEdgesReadOnly(*st.EdgesReadOnly)
	}
	if st.EdgesWritable != nil {
		s.SetEdgesWritable(*st.EdgesWritable)
	}
	if st.EndpointConfigurationsDeprecated != nil {
		s.SetEndpointConfigurationsDeprecated(*st.EndpointConfigurationsDeprecated)
	}
}

// CurrentSettings returns every setting.
func (s *Server) CurrentSettings() Settings {
	s.store.mu.Lock()
	defer s.store.mu.Unlock()
	ro, w, ec := s.edges.readOnly, s.edges.writable, s.edges.endpointConfigsDeprecated
	return Settings{EdgesReadOnly: &ro, EdgesWritable: &w, EndpointConfigurationsDeprecated: &ec}
}

func (s *Server) controlSettings(*request) (any, int, *apiError) {
	return s.CurrentSettings(), http.StatusOK, nil
}

func (s *Server) controlSetSettings(rq *request) (any, int, *apiError) {
	var in Settings
	dec := json.NewDecoder(bytes.NewReader(rq.raw))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&in); err != nil {
		return nil, 0, errControlRequest.errorf("settings: %v", err)
	}
	in.Apply(s)
	return s.CurrentSettings(), http.StatusOK, nil
}

// Reset forgets every object, idempotency key, fault rule, journal entry and
// rate-limit count, as if the server had just started.
func (s *Server) Reset() {
	s.inChange(func() {
		s.store.reset()
		s.idem.clear()
	})
	s.SetEdgesReadOnly(false)
	s.SetEdgesWritable(false)
	s.SetEndpointConfigurationsDeprecated(false)
	s.ClearFaults()
	s.ClearJournal()
	s.limiter.reset()
	s.saveOrLog()
}

// DeleteObject deletes an object behind the API's back, as a colleague in the
// dashboard would, even one that the API refuses to delete (an agent
// endpoint, say). It fails when the collection or the object is unknown.
func (s *Server) DeleteObject(collection, id string) error {
	t, ok := s.store.table(collection)
	if !ok {
		return errors.New("unknown collection " + collection)
	}
	if err := t.adminRemove(id); err != nil {
		return errors.New(collection + "/" + id + ": " + err.msg)
	}
	return s.SaveState()
}

// EditObject sends body as the API's own PATCH of the object, bypassing fault
// rules and the rate limit, and returns the API's answer. r supplies the API
// key and context; nil uses the first configured key.
func (s *Server) EditObject(r *http.Request, collection, id string, body []byte) *httptest.ResponseRecorder {
	ctx, key := contextAndKey(r, s.keys[0])
	rec := httptest.NewRecorder()
	// NOTE: escaped, so that an ID holding a space, "?" or "/" names no
	// other route and cannot make the request unparsable.
	target := "/" + url.PathEscape(collection) + "/" + url.PathEscape(id)
	// NOTE: a table named apart from its collection (a backend's, whose
	// collection is two path segments) is edited at its collection's path.
	for coll, table := range declaredTables {
		if table == collection {
			target = "/" + coll + "/" + url.PathEscape(id)
		}
	}
	req, err := http.NewRequestWithContext(ctx, http.MethodPatch, target, bytes.NewReader(body))
	if err != nil {
		writeResult(rec, &request{control: true}, result{err: errControlRequest.errorf("%v", err)})
		return rec
	}
	if r != nil {
		req.Host = r.Host
		req.TLS = r.TLS
	}
	req.Header.Set(headerVersion, apiVersion)
	req.Header.Set("Authorization", "Bearer "+key)
	req.Header.Set("Content-Type", "application/json")
	rq := &request{r: req}
	s.serveAPI(rec, req, rq, false)
	return rec
}

// faultRuleWire is the control API's JSON form of a FaultRule.
type faultRuleWire struct {
	Method              string `json:"method,omitempty"`
	Path                string `json:"path,omitempty"`
	Times               int    `json:"times,omitempty"`
	Status              int    `json:"status,omitempty"`
	ErrorCode           string `json:"error_code,omitempty"`
	RetryAfter          int    `json:"retry_after,omitempty"`
	Latency             string `json:"latency,omitempty"`               // a Go duration such as "250ms"
	CommitBeforeLatency bool   `json:"commit_before_latency,omitempty"` // with latency: commit, then hold the answer
	DropResponse        bool   `json:"drop_response,omitempty"`
}

func (w faultRuleWire) rule() (FaultRule, error) {
	r := FaultRule{Method: w.Method, Path: w.Path, Times: w.Times, Status: w.Status, ErrorCode: w.ErrorCode,
		RetryAfter: w.RetryAfter, CommitBeforeLatency: w.CommitBeforeLatency, DropResponse: w.DropResponse}
	if w.Latency != "" {
		d, err := time.ParseDuration(w.Latency)
		if err != nil {
			return FaultRule{}, errors.New("latency: " + err.Error())
		}
		r.Latency = d
	}
	return r, nil
}

func faultRuleToWire(r FaultRule) faultRuleWire {
	w := faultRuleWire{Method: r.Method, Path: r.Path, Times: r.Times, Status: r.Status, ErrorCode: r.ErrorCode,
		RetryAfter: r.RetryAfter, CommitBeforeLatency: r.CommitBeforeLatency, DropResponse: r.DropResponse}
	if r.Latency > 0 {
		w.Latency = r.Latency.String()
	}
	return w
}

// adminTable is what the control API needs of every table, whatever it holds.
type adminTable interface {
	adminRemove(id string) *apiError
	clear()
	persistedTable // state.go
}

func (st *store) register(name string, t adminTable) {
	st.mu.Lock()
	defer st.mu.Unlock()
	if st.tables == nil {
		st.tables = map[string]adminTable{}
	}
	st.tables[name] = t
}

func (st *store) table(name string) (adminTable, bool) {
	st.mu.Lock()
	defer st.mu.Unlock()
	t, ok := st.tables[name]
	return t, ok
}

func (st *store) reset() {
	st.mu.Lock()
	tables := make([]adminTable, 0, len(st.tables))
	for _, t := range st.tables {
		tables = append(tables, t)
	}
	st.mu.Unlock()
	for _, t := range tables {
		t.clear()
	}
}

// adminRemove deletes an object whatever the API's own rules say about it.
func (t *table[T]) adminRemove(id string) *apiError { return t.remove(id) }

func (t *table[T]) clear() {
	t.st.mu.Lock()
	defer t.st.mu.Unlock()
	t.reset()
	if t.st.dirty != nil {
		t.st.full = true
	}
}

func (c *idempotencyCache) clear() {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.entries = map[idempotencyKey]*idempotencyEntry{}
	c.dirty = nil
	c.cleared = c.track
}

func contextAndKey(r *http.Request, fallbackKey string) (context.Context, string) {
	if r == nil {
		return context.Background(), fallbackKey
	}
	if _, token, ok := strings.Cut(r.Header.Get("Authorization"), " "); ok && token != "" {
		return r.Context(), token
	}
	return r.Context(), fallbackKey
}

// saveOrLog saves the state where no caller can be told of a failure.
func (s *Server) saveOrLog() {
	if err := s.SaveState(); err != nil && s.journal.log != nil {
		s.journal.log.Error("saving the state file", "error", err.Error())
	}
}
