package mockserver

import (
	"net/http"
	"time"
)

// HTTPTimeouts bound how long one connection can hold a server made by
// NewHTTPServer. A zero value means no limit.
type HTTPTimeouts struct {
	// ReadHeader bounds reading the request line and headers; a client that
	// stalls there has its connection closed without an answer (net/http's
	// behaviour, before any handler runs).
	ReadHeader time.Duration
	// Read bounds reading the whole request, body included, from its first
	// byte. A body that stalls past it is answered 408.
	Read time.Duration
	// Write bounds writing the answer, counted from the answer's first byte
	// rather than from the request's arrival as net/http counts it, so that
	// an answer a latency fault holds back is not cut off.
	Write time.Duration
	// Idle bounds how long a kept-alive connection waits for its next request.
	Idle time.Duration
}

// DefaultHTTPTimeouts are the timeouts of the ngrok-mock program.
//
// NOTE: the values: 10 s for the headers and 20 s for the whole request are
// far above what a client on the same machine or network needs, and close a
// stalled request within 30 s. 30 s to write an answer covers the largest,
// GET /_mock/state of a big state, to a slow reader. Idle connections are
// kept for 2 minutes, longer than the provider's pauses between calls, so
// Terraform runs reuse them.
func DefaultHTTPTimeouts() HTTPTimeouts {
	return HTTPTimeouts{
		ReadHeader: 10 * time.Second,
		Read:       20 * time.Second,
		Write:      30 * time.Second,
		Idle:       2 * time.Minute,
	}
}

// maxHeaderBytes bounds the request line and headers; net/http answers 431
// beyond it (with a few KiB of slack), before any handler runs. The provider
// sends well under 2 KiB.
const maxHeaderBytes = 64 << 10

// NewHTTPServer returns an http.Server that serves h on addr with the
// timeouts t (see DefaultHTTPTimeouts). The caller starts it.
func NewHTTPServer(addr string, h http.Handler, t HTTPTimeouts) *http.Server {
	if t.Write > 0 {
		h = writeTimeoutFromFirstByte(h, t.Write)
	}
	return &http.Server{
		Addr:              addr,
		Handler:           h,
		ReadHeaderTimeout: t.ReadHeader,
		ReadTimeout:       t.Read,
		// NOTE: net/http sets the write deadline when a request arrives; the
		// handler then moves it to its answer's first byte (see
		// writeTimeoutFromFirstByte). Setting it here as well keeps net/http's
		// own early answers (a 100 Continue) bounded.
		WriteTimeout:   t.Write,
		IdleTimeout:    t.Idle,
		MaxHeaderBytes: maxHeaderBytes,
	}
}

// writeTimeoutFromFirstByte moves each answer's write deadline to d after
// its first byte. Fault rules hold answers back for as long as they say;
// counted from the request's arrival, a write timeout would drop any answer
// held longer than it, which is not the fault the rule describes.
func writeTimeoutFromFirstByte(h http.Handler, d time.Duration) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		h.ServeHTTP(&deadlineWriter{ResponseWriter: w, d: d}, r)
	})
}

type deadlineWriter struct {
	http.ResponseWriter
	d     time.Duration
	armed bool
}

func (w *deadlineWriter) arm() {
	if w.armed {
		return
	}
	w.armed = true
	// NOTE: an error means the writer cannot take deadlines (a recorder);
	// net/http's own deadline then stands.
	_ = http.NewResponseController(w.ResponseWriter).SetWriteDeadline(time.Now().Add(w.d))
}

func (w *deadlineWriter) WriteHeader(code int) {
	w.arm()
	w.ResponseWriter.WriteHeader(code)
}

func (w *deadlineWriter) Write(b []byte) (int, error) {
	w.arm()
	return w.ResponseWriter.Write(b)
}

// Unwrap lets http.ResponseController reach the connection (for hijacking).
func (w *deadlineWriter) Unwrap() http.ResponseWriter { return w.ResponseWriter }
