package mockserver

import (
	"bufio"
	"errors"
	"io"
	"net"
	"net/http"
	"strings"
	"testing"
	"time"
)

// guard bounds every wait of these tests, so that a server that never
// answers fails the test instead of hanging it. It is no timing assertion:
// the timeouts under test are a small fraction of it.
const guard = 20 * time.Second

// serveReal serves h with NewHTTPServer on a loopback port and returns the
// address.
func serveReal(t *testing.T, h http.Handler, timeouts HTTPTimeouts) string {
	t.Helper()
	ln, err := (&net.ListenConfig{}).Listen(t.Context(), "tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	srv := NewHTTPServer(ln.Addr().String(), h, timeouts)
	done := make(chan error, 1)
	go func() { done <- srv.Serve(ln) }()
	t.Cleanup(func() {
		_ = srv.Close()
		if err := <-done; !errors.Is(err, http.ErrServerClosed) {
			t.Errorf("Serve: %v", err)
		}
	})
	return ln.Addr().String()
}

// rawRequest writes head (and body) on a new connection and returns the
// connection, with the guard as its deadline.
func rawRequest(t *testing.T, addr, head string) net.Conn {
	t.Helper()
	conn, err := (&net.Dialer{Timeout: guard}).DialContext(t.Context(), "tcp", addr)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = conn.Close() })
	if err := conn.SetDeadline(time.Now().Add(guard)); err != nil {
		t.Fatal(err)
	}
	if _, err := io.WriteString(conn, head); err != nil {
		t.Fatal(err)
	}
	return conn
}

// apiHead is the head of a request for the authority list.
func apiHead(method string, extra ...string) string {
	return method + " /ssh_certificate_authorities HTTP/1.1\r\nHost: mock\r\nNgrok-Version: 2\r\nAuthorization: Bearer " + DefaultAPIKey + "\r\n" +
		strings.Join(extra, "") + "\r\n"
}

var short = HTTPTimeouts{ReadHeader: 200 * time.Millisecond, Read: 200 * time.Millisecond, Write: 200 * time.Millisecond, Idle: time.Second}

func TestDefaultHTTPTimeouts(t *testing.T) {
	t.Parallel()
	d := DefaultHTTPTimeouts()
	if d.Read <= 0 || d.Read > 30*time.Second {
		t.Errorf("Read = %v, want a limit of at most 30s, so that a stalled body is answered within 30s", d.Read)
	}
	if d.ReadHeader <= 0 || d.ReadHeader > d.Read {
		t.Errorf("ReadHeader = %v, want a limit no longer than Read (%v)", d.ReadHeader, d.Read)
	}
	if d.Write <= 0 || d.Idle <= 0 {
		t.Errorf("Write = %v, Idle = %v; want limits", d.Write, d.Idle)
	}
	srv := NewHTTPServer("127.0.0.1:0", New(), d)
	if srv.ReadHeaderTimeout != d.ReadHeader || srv.ReadTimeout != d.Read || srv.WriteTimeout != d.Write || srv.IdleTimeout != d.Idle {
		t.Errorf("server timeouts = %v %v %v %v, want %+v", srv.ReadHeaderTimeout, srv.ReadTimeout, srv.WriteTimeout, srv.IdleTimeout, d)
	}
	if srv.MaxHeaderBytes != maxHeaderBytes {
		t.Errorf("MaxHeaderBytes = %d, want %d", srv.MaxHeaderBytes, maxHeaderBytes)
	}
}

// A body that stops after 7 of its declared 200 bytes is answered 408 once
// the read timeout passes, not held open.
func TestStalledBodyIsAnswered(t *testing.T) {
	t.Parallel()
	addr := serveReal(t, New(), short)
	conn := rawRequest(t, addr, apiHead(http.MethodPost,
		"Content-Type: application/json\r\n", "Content-Length: 200\r\n")+`{"desc"`)
	resp, err := http.ReadResponse(bufio.NewReader(conn), nil)
	if err != nil {
		t.Fatalf("no answer to a stalled body: %v", err)
	}
	defer func() { _ = resp.Body.Close() }()
	if resp.StatusCode != http.StatusRequestTimeout {
		body, _ := io.ReadAll(resp.Body)
		t.Errorf("status %d %s, want 408", resp.StatusCode, body)
	}
}

// Headers that stall are net/http's to handle: the connection is closed.
func TestStalledHeadersCloseTheConnection(t *testing.T) {
	t.Parallel()
	addr := serveReal(t, New(), short)
	conn := rawRequest(t, addr, "GET /ssh_certificate_authorities HTTP/1.1\r\nHost: mock\r\n")
	n, err := conn.Read(make([]byte, 1))
	var ne net.Error
	if n != 0 || err == nil || (errors.As(err, &ne) && ne.Timeout()) {
		t.Errorf("read %d bytes, %v; want the server to close the connection", n, err)
	}
}

// An answer held back by a latency fault for longer than every timeout is
// still sent: the write timeout counts from the answer's first byte.
func TestLatencyFaultOutlastsTheWriteTimeout(t *testing.T) {
	t.Parallel()
	s := New()
	if _, err := s.AddFault(FaultRule{Latency: 3 * short.Write}); err != nil {
		t.Fatal(err)
	}
	addr := serveReal(t, s, short)
	conn := rawRequest(t, addr, apiHead(http.MethodGet))
	resp, err := http.ReadResponse(bufio.NewReader(conn), nil)
	if err != nil {
		t.Fatalf("the held answer was lost: %v", err)
	}
	defer func() { _ = resp.Body.Close() }()
	if resp.StatusCode != http.StatusOK {
		t.Errorf("status %d, want 200", resp.StatusCode)
	}
	if entries, _ := s.Journal(); len(entries) != 1 || entries[0].Fault == "" {
		t.Errorf("journal = %+v, want the one request, delayed by the fault", entries)
	}
}

// A client that stops reading an answer does not hold the handler: its
// writes fail once the write timeout passes.
func TestSlowReaderHitsTheWriteTimeout(t *testing.T) {
	t.Parallel()
	result := make(chan error, 1)
	chunk := make([]byte, 64<<10)
	h := http.HandlerFunc(func(w http.ResponseWriter, _ *http.Request) {
		for {
			if _, err := w.Write(chunk); err != nil {
				result <- err
				return
			}
		}
	})
	addr := serveReal(t, h, short)
	rawRequest(t, addr, "GET / HTTP/1.1\r\nHost: mock\r\n\r\n")
	select {
	case err := <-result:
		var ne net.Error
		if !errors.As(err, &ne) || !ne.Timeout() {
			t.Errorf("write error %v, want a timeout", err)
		}
	case <-time.After(guard):
		t.Fatal("the handler is still writing to a client that does not read")
	}
}

// Headers beyond the limit are refused by net/http with 431, before any
// handler runs.
func TestOversizedHeadersAre431(t *testing.T) {
	t.Parallel()
	addr := serveReal(t, New(), short)
	conn := rawRequest(t, addr, apiHead(http.MethodGet, "X-Padding: "+strings.Repeat("a", 2*maxHeaderBytes)+"\r\n"))
	resp, err := http.ReadResponse(bufio.NewReader(conn), nil)
	if err != nil {
		t.Fatal(err)
	}
	_ = resp.Body.Close()
	if resp.StatusCode != http.StatusRequestHeaderFieldsTooLarge {
		t.Errorf("status %d, want 431", resp.StatusCode)
	}
}

// What the testing guide says net/http answers before the mock's handler
// runs, with its plain-text bodies.
func TestNetHTTPAnswersBeforeTheHandler(t *testing.T) {
	t.Parallel()
	s := New()
	addr := serveReal(t, s, short)
	// NOTE: in a cleanup, which runs once the parallel subtests are done.
	t.Cleanup(func() {
		if entries, _ := s.Journal(); len(entries) != 0 {
			t.Errorf("the mock's handler saw %d of these requests, want none: %+v", len(entries), entries)
		}
	})
	for name, tc := range map[string]struct {
		head   string
		status int
	}{
		"malformed request line":  {"GET\r\n\r\n", http.StatusBadRequest},
		"no Host on HTTP/1.1":     {"GET /ssh_certificate_authorities HTTP/1.1\r\n\r\n", http.StatusBadRequest},
		"malformed Host":          {"GET /ssh_certificate_authorities HTTP/1.1\r\nHost: a b\r\n\r\n", http.StatusBadRequest},
		"malformed header":        {"GET /ssh_certificate_authorities HTTP/1.1\r\nHost: mock\r\nNo colon\r\n\r\n", http.StatusBadRequest},
		"unknown transfer coding": {"POST /ssh_certificate_authorities HTTP/1.1\r\nHost: mock\r\nTransfer-Encoding: gzip\r\n\r\n", http.StatusNotImplemented},
		"unknown expectation":     {apiHead(http.MethodGet, "Expect: something\r\n"), http.StatusExpectationFailed},
		"OPTIONS *":               {"OPTIONS * HTTP/1.1\r\nHost: mock\r\n\r\n", http.StatusOK},
	} {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			conn := rawRequest(t, addr, tc.head)
			resp, err := http.ReadResponse(bufio.NewReader(conn), nil)
			if err != nil {
				t.Fatal(err)
			}
			_ = resp.Body.Close()
			if resp.StatusCode != tc.status {
				t.Errorf("status %d, want %d", resp.StatusCode, tc.status)
			}
		})
	}
}
