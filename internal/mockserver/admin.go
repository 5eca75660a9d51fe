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

// adminRoutes is the control API:
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
func (s *Server) adminRoutes() *http.ServeMux {
	mux := http.NewServeMux()
	mux.HandleFunc("POST /_mock/reset", func(w http.ResponseWriter, _ *http.Request) {
		s.Reset()
		w.WriteHeader(http.StatusNoContent)
	})
	mux.HandleFunc("GET /_mock/journal", func(w http.ResponseWriter, _ *http.Request) {
		entries, counts := s.Journal()
		writeAdminJSON(w, http.StatusOK, map[string]any{"requests": entries, "counts": counts})
	})
	mux.HandleFunc("DELETE /_mock/journal", func(w http.ResponseWriter, _ *http.Request) {
		s.ClearJournal()
		w.WriteHeader(http.StatusNoContent)
	})
	mux.HandleFunc("GET /_mock/faults", func(w http.ResponseWriter, _ *http.Request) {
		out := map[string]faultRuleWire{}
		for id, r := range s.PendingFaults() {
			out[id] = faultRuleToWire(r)
		}
		writeAdminJSON(w, http.StatusOK, map[string]any{"faults": out})
	})
	mux.HandleFunc("POST /_mock/faults", func(w http.ResponseWriter, r *http.Request) {
		var in faultRuleWire
		dec := json.NewDecoder(http.MaxBytesReader(w, r.Body, maxBodyBytes))
		dec.DisallowUnknownFields()
		if err := dec.Decode(&in); err != nil {
			writeAdminError(w, http.StatusBadRequest, "invalid fault rule: "+err.Error())
			return
		}
		rule, err := in.rule()
		if err == nil {
			var id string
			if id, err = s.AddFault(rule); err == nil {
				writeAdminJSON(w, http.StatusCreated, map[string]any{"id": id})
				return
			}
		}
		writeAdminError(w, http.StatusBadRequest, err.Error())
	})
	mux.HandleFunc("DELETE /_mock/faults", func(w http.ResponseWriter, _ *http.Request) {
		s.ClearFaults()
		w.WriteHeader(http.StatusNoContent)
	})
	mux.HandleFunc("DELETE /_mock/objects/{collection}/{id}", func(w http.ResponseWriter, r *http.Request) {
		if err := s.DeleteObject(r.PathValue("collection"), r.PathValue("id")); err != nil {
			writeAdminError(w, http.StatusNotFound, err.Error())
			return
		}
		w.WriteHeader(http.StatusNoContent)
	})
	mux.HandleFunc("PATCH /_mock/objects/{collection}/{id}", func(w http.ResponseWriter, r *http.Request) {
		body, err := readAll(w, r)
		if err != nil {
			writeAdminError(w, http.StatusBadRequest, err.Error())
			return
		}
		rec := s.EditObject(r, r.PathValue("collection"), r.PathValue("id"), body)
		for k, v := range rec.Header() {
			w.Header()[k] = v
		}
		w.WriteHeader(rec.Code)
		_, _ = w.Write(rec.Body.Bytes())
	})
	mux.HandleFunc("POST /_mock/seed", func(w http.ResponseWriter, r *http.Request) {
		body, err := readAll(w, r)
		if err != nil {
			writeAdminError(w, http.StatusBadRequest, err.Error())
			return
		}
		f, err := ParseSeedFile(body)
		if err != nil {
			writeAdminError(w, http.StatusBadRequest, err.Error())
			return
		}
		counts, err := s.Seed(f)
		if err != nil {
			writeAdminError(w, http.StatusBadRequest, err.Error())
			return
		}
		writeAdminJSON(w, http.StatusCreated, map[string]any{"seeded": counts})
	})
	mux.HandleFunc("GET /_mock/state", func(w http.ResponseWriter, _ *http.Request) {
		data, err := s.MarshalState()
		if err != nil {
			writeAdminError(w, http.StatusInternalServerError, err.Error())
			return
		}
		w.Header().Set("Content-Type", "application/json")
		_, _ = w.Write(data)
	})
	mux.HandleFunc("/", func(w http.ResponseWriter, r *http.Request) {
		writeAdminError(w, http.StatusNotFound, "no mock control route "+r.Method+" "+r.URL.Path)
	})
	return mux
}

// Reset forgets every object, idempotency key, fault rule, journal entry and
// rate-limit count, as if the server had just started.
func (s *Server) Reset() {
	s.inChange(func() {
		s.store.reset()
		s.idem.clear()
	})
	s.SetEdgesReadOnly(false)
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
	ctx, key := contextAndKey(r, s.apiKeys[0])
	rec := httptest.NewRecorder()
	// NOTE: escaped, so that an ID holding a space, "?" or "/" names no
	// other route and cannot make the request unparsable.
	target := "/" + url.PathEscape(collection) + "/" + url.PathEscape(id)
	req, err := http.NewRequestWithContext(ctx, http.MethodPatch, target, bytes.NewReader(body))
	if err != nil {
		writeAdminError(rec, http.StatusBadRequest, err.Error())
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

func writeAdminJSON(w http.ResponseWriter, status int, v any) {
	body, err := encodeJSON(v)
	if err != nil {
		writeAdminError(w, http.StatusInternalServerError, err.Error())
		return
	}
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	_, _ = w.Write(body)
}

func writeAdminError(w http.ResponseWriter, status int, msg string) {
	body, _ := encodeJSON(map[string]any{"status_code": status, "msg": msg})
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	_, _ = w.Write(body)
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

func readAll(w http.ResponseWriter, r *http.Request) ([]byte, error) {
	var buf bytes.Buffer
	_, err := buf.ReadFrom(http.MaxBytesReader(w, r.Body, maxBodyBytes))
	return buf.Bytes(), err
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
