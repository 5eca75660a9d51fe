package apiclient

import (
	"context"
	"errors"
	"io"
	"net/http"
	"sync"
	"testing"
	"testing/synctest"
	"time"
)

// createServer answers creates of SSH certificate authorities the way the API
// does with an Idempotency-Key: the first request with a key runs, later
// requests with the same key and body get the first answer again. onFirst
// decides what the first request does after the object is made: answer
// (return true) or hold the answer (return false) until the client gives up.
type createServer struct {
	onFirst func(r *http.Request) (answer bool)
	status  int // when set, every request after the first is answered with it

	mu    sync.Mutex
	keys  []string
	bodys []string
	made  map[string]string // key -> body of the object made
}

func (s *createServer) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	b, _ := io.ReadAll(r.Body)
	key := r.Header.Get("Idempotency-Key")
	s.mu.Lock()
	s.keys = append(s.keys, key)
	s.bodys = append(s.bodys, string(b))
	n := len(s.keys)
	if s.made == nil {
		s.made = map[string]string{}
	}
	s.mu.Unlock()
	if n > 1 && s.status != 0 {
		writeAPIError(w, s.status, "", "no")
		return
	}
	s.mu.Lock()
	body, replay := s.made[key]
	if !replay && n == 1 && s.onFirst != nil {
		s.made[key] = string(b)
	}
	s.mu.Unlock()
	switch {
	case replay && body != string(b):
		writeAPIError(w, http.StatusConflict, "ERR_NGROK_1", "key reused with another body")
	case replay:
		writeJSON(w, http.StatusCreated, testCA)
	case n == 1 && s.onFirst != nil && !s.onFirst(r):
		<-r.Context().Done()
	default:
		s.mu.Lock()
		s.made[key] = string(b)
		s.mu.Unlock()
		writeJSON(w, http.StatusCreated, testCA)
	}
}

func (s *createServer) seen() (keys, bodies []string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([]string(nil), s.keys...), append([]string(nil), s.bodys...)
}

// createWhileCancelling starts a create and cancels its context when cancelAt
// is closed.
func createWhileCancelling(c *Client, cancelAt <-chan struct{}) (*SSHCertificateAuthority, error) {
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	go func() {
		<-cancelAt
		cancel()
	}()
	return c.CreateSSHCertificateAuthority(ctx, &SSHCertificateAuthorityCreate{Description: "d", PrivateKeyType: "ed25519"})
}

// The server commits the create, then holds the answer; the caller cancels.
// The client replays the create with the same key and body, and returns the
// object the API made together with the error.
func TestInterruptedCreateReturnsTheCommittedObject(t *testing.T) {
	t.Parallel()
	committed := make(chan struct{})
	srv := &createServer{onFirst: func(*http.Request) bool { close(committed); return false }}
	var logs []RequestLog
	var logMu sync.Mutex
	c, _ := newTestClient(t, newServer(t, srv.ServeHTTP).URL, WithRequestLogger(func(_ context.Context, e RequestLog) {
		logMu.Lock()
		logs = append(logs, e)
		logMu.Unlock()
	}))
	ca, err := createWhileCancelling(c, committed)

	ie, ok := errors.AsType[*CreateInterruptedError](err)
	if !ok || ie.ID != "sshca_1" || !errors.Is(err, context.Canceled) {
		t.Fatalf("err = %v; want a *CreateInterruptedError for sshca_1 that is context.Canceled", err)
	}
	if ca == nil || ca.ID != "sshca_1" || ca.PublicKey != "ssh-ed25519 AAAA" {
		t.Errorf("object = %+v, want the authority the API made", ca)
	}
	keys, bodies := srv.seen()
	if len(keys) != 2 || keys[0] == "" || keys[0] != keys[1] || bodies[0] != bodies[1] {
		t.Errorf("requests: keys %q, bodies %q; want the create and its replay with the same key and body", keys, bodies)
	}
	logMu.Lock()
	defer logMu.Unlock()
	if len(logs) != 2 || logs[0].Replay || !logs[1].Replay || logs[1].Status != http.StatusCreated || logs[1].Attempt != 2 {
		t.Errorf("request logs = %+v; want the attempt, then the replay answered 201", logs)
	}
}

// Cancelled while waiting to retry a failed attempt: the attempt may have
// been made, so the create is replayed as well.
func TestCreateCancelledBetweenRetriesIsReplayed(t *testing.T) {
	t.Parallel()
	srv := &createServer{onFirst: func(r *http.Request) bool { return true }}
	var first sync.Once
	h := func(w http.ResponseWriter, r *http.Request) {
		failed := false
		first.Do(func() {
			failed = true
			_, _ = io.ReadAll(r.Body)
			writeAPIError(w, http.StatusServiceUnavailable, "", "down")
		})
		if !failed {
			srv.ServeHTTP(w, r)
		}
	}
	c, _ := newTestClient(t, newServer(t, h).URL)
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	c.sleep = func(ctx context.Context, d time.Duration) error {
		cancel() // the user presses Ctrl-C during the backoff
		return ctx.Err()
	}
	ca, err := c.CreateSSHCertificateAuthority(ctx, &SSHCertificateAuthorityCreate{PrivateKeyType: "ed25519"})
	if ie, ok := errors.AsType[*CreateInterruptedError](err); !ok || ie.ID != "sshca_1" || ca == nil {
		t.Fatalf("object %v, err %v; want the object made by the replay", ca, err)
	}
	if keys, _ := srv.seen(); len(keys) != 1 {
		t.Errorf("%d requests after the failed attempt, want the replay only", len(keys))
	}
}

// A create that never left the client (cancelled while it waited for its
// turn) is not replayed and returns no object.
func TestCreateCancelledBeforeSendingReturnsNoObject(t *testing.T) {
	t.Parallel()
	synctest.Test(t, func(t *testing.T) {
		srv := &createServer{}
		// Two a minute: the first create takes the only turn for a minute.
		c := newBubbleClient(t, srv, WithRequestsPerMinute(2))
		if _, err := c.CreateSSHCertificateAuthority(context.Background(), &SSHCertificateAuthorityCreate{}); err != nil {
			t.Fatal(err)
		}
		cancelAt := make(chan struct{})
		done := make(chan struct{})
		var (
			ca  *SSHCertificateAuthority
			err error
		)
		go func() {
			ca, err = createWhileCancelling(c, cancelAt)
			close(done)
		}()
		synctest.Wait()
		close(cancelAt)
		<-done
		if _, ok := errors.AsType[*CreateInterruptedError](err); ok || !errors.Is(err, context.Canceled) || ca != nil {
			t.Errorf("object %v, err %v; want no object and context.Canceled", ca, err)
		}
		if keys, _ := srv.seen(); len(keys) != 1 {
			t.Errorf("%d requests, want only the first create's", len(keys))
		}
	})
}

// A replay the API refuses (here 409: the first request never ran, and the
// replay, running afresh, conflicts) proves that nothing was made.
func TestInterruptedCreateRefusedOnReplayReturnsNoObject(t *testing.T) {
	t.Parallel()
	reached := make(chan struct{})
	srv := &createServer{status: http.StatusConflict, onFirst: func(*http.Request) bool { close(reached); return false }}
	c, _ := newTestClient(t, newServer(t, srv.ServeHTTP).URL)
	ca, err := createWhileCancelling(c, reached)
	if _, ok := errors.AsType[*CreateInterruptedError](err); ok || !errors.Is(err, context.Canceled) || ca != nil {
		t.Errorf("object %v, err %v; want no object and context.Canceled", ca, err)
	}
}

// A replay that fails, or that the server holds past its own budget, cannot
// tell: the error says the object may exist, and no object is returned.
func TestInterruptedCreateReplayFailure(t *testing.T) {
	t.Parallel()
	for name, status := range map[string]int{"503": http.StatusServiceUnavailable, "held": 0} {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			reached := make(chan struct{})
			var once sync.Once
			srv := &createServer{status: status, onFirst: func(*http.Request) bool {
				once.Do(func() { close(reached) })
				return false
			}}
			c, _ := newTestClient(t, newServer(t, func(w http.ResponseWriter, r *http.Request) {
				if status == 0 {
					// NOTE: hold every request, the replay too. The body is
					// read first: until then net/http cannot notice that the
					// client went away.
					_, _ = io.ReadAll(r.Body)
					srv.onFirst(r)
					<-r.Context().Done()
					return
				}
				srv.ServeHTTP(w, r)
			}).URL)
			c.replayTimeout = 100 * time.Millisecond
			ca, err := createWhileCancelling(c, reached)
			ie, ok := errors.AsType[*CreateInterruptedError](err)
			if !ok || ie.ID != "" || ie.ReplayErr == nil || ca != nil || !errors.Is(err, context.Canceled) {
				t.Fatalf("object %v, err %v; want no object and a *CreateInterruptedError without ID", ca, err)
			}
			if status != 0 {
				if apiErr, ok := errors.AsType[*APIError](ie.ReplayErr); !ok || apiErr.StatusCode != status {
					t.Errorf("replay error = %v, want the API's %d", ie.ReplayErr, status)
				}
			} else if !errors.Is(ie.ReplayErr, context.DeadlineExceeded) {
				t.Errorf("replay error = %v, want its own deadline", ie.ReplayErr)
			}
		})
	}
}
