// Command ngrok-mock serves the in-memory mock of the ngrok management API
// (internal/mockserver) on a local address, for demos, for running the
// provider by hand and for testing Terraform code without an account:
//
//	ngrok-mock -addr 127.0.0.1:8080 -api-key my-key -seed seed.yaml -state state.db
//
// Every flag can also be set with an environment variable (NGROK_MOCK_ and
// the flag's name in capitals, dashes as underscores); a flag on the command
// line wins. It prints one line, "ngrok-mock listening on http://HOST:PORT"
// (https with -tls), once it accepts connections, followed by the
// certificate's fingerprint with -tls and by "ngrok-mock pprof listening on
// http://HOST:PORT/debug/pprof/" with -pprof, and stops cleanly on SIGINT or
// SIGTERM. The control API under /_mock/ (internal/mockserver/README.md,
// section Control API) resets state, reads the request journal and injects
// faults.
package main

import (
	"context"
	"crypto/ecdsa"
	"crypto/elliptic"
	"crypto/rand"
	"crypto/sha256"
	"crypto/tls"
	"crypto/x509"
	"crypto/x509/pkix"
	"encoding/pem"
	"errors"
	"flag"
	"fmt"
	"io"
	"log/slog"
	"math/big"
	"net"
	"net/http"
	"net/http/pprof"
	"os"
	"os/signal"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"time"

	"github.com/tfedge/terraform-provider-ngrok/internal/mockserver"
)

const (
	envPrefix       = "NGROK_MOCK_"
	shutdownTimeout = 5 * time.Second
)

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	err := run(ctx, os.Args[1:], os.Stdout, os.Stderr, os.Getenv)
	stop()
	if err != nil {
		fmt.Fprintln(os.Stderr, "ngrok-mock:", err)
		os.Exit(1)
	}
}

type config struct {
	addr        string
	keys        stringList
	pageSize    int
	rateLimit   int
	logLevel    string
	tls         bool
	tlsCertFile string
	stateFile   string
	initState   bool
	seedFile    string
	certDelay   time.Duration
	journalSize int
	pprofAddr   string

	edgesReadOnly             bool
	edgesWritable             bool
	endpointConfigsDeprecated bool
}

// parseConfig reads the flags, then fills every flag not given on the
// command line from its environment variable.
func parseConfig(args []string, stderr io.Writer, getenv func(string) string) (*config, error) {
	var c config
	flags := flag.NewFlagSet("ngrok-mock", flag.ContinueOnError)
	flags.SetOutput(stderr)
	flags.StringVar(&c.addr, "addr", "127.0.0.1:8080", "address to listen on; port 0 picks a free port")
	flags.Var(&c.keys, "api-key", "accepted API key; repeat for several, or comma-separate in the environment (default "+mockserver.DefaultAPIKey+")")
	flags.IntVar(&c.pageSize, "page-size", 100, "largest number of objects on one list page (1-100); small values surface pagination bugs")
	flags.IntVar(&c.rateLimit, "rate-limit", 0, "requests per minute for the account, all API keys together, before 429 ERR_NGROK_226 (0: no limit; the real API allows 120)")
	flags.StringVar(&c.logLevel, "log-level", "info", "request log level on stderr: debug, info, warn, error or off")
	flags.BoolVar(&c.tls, "tls", false, "serve HTTPS with a generated self-signed certificate, and print its SHA-256 fingerprint")
	flags.StringVar(&c.tlsCertFile, "tls-cert-file", "", "with -tls, also write the certificate (PEM) here, for the provider's ca_file")
	flags.StringVar(&c.seedFile, "seed", "", "create the objects described in this JSON or YAML file at start (edges, routes, backends, IP policies, TLS certificates, endpoint configurations, agent and edge endpoints); with -state, only when the state file does not exist yet")
	flags.DurationVar(&c.certDelay, "certificate-issue-delay", 3*time.Second, "how long a reserved domain's managed certificate takes to be issued")
	flags.IntVar(&c.journalSize, "journal-size", mockserver.DefaultJournalSize, "how many of the last requests GET /_mock/journal shows (0: none; the counts per route go on)")
	flags.StringVar(&c.pprofAddr, "pprof", "", "serve net/http/pprof under /debug/pprof/ on this address (e.g. 127.0.0.1:6060), a listener of its own; off when empty")
	flags.StringVar(&c.stateFile, "state", "", "keep the state in this file (a bbolt database, created 0600): loaded at start, each change committed and fsynced before it is answered, so a restart, even after kill -9, loses nothing; locked, and checked whole before anything is written (a damaged, truncated or empty file is refused and left as it was); a JSON state file of earlier versions is migrated once (kept as FILE.v1.bak, without its idempotency records)")
	flags.BoolVar(&c.edgesReadOnly, "edges-read-only", false, "refuse every write to an edge, route, route module or backend with ERR_NGROK_7196, as ngrok does for accounts whose edges became read-only")
	flags.BoolVar(&c.edgesWritable, "edges-writable", false, "accept creates, updates and deletes of edges, routes and backends, as ngrok still does for accounts that kept edge write access (otherwise they answer ERR_NGROK_7008); -edges-read-only wins")
	flags.BoolVar(&c.endpointConfigsDeprecated, "endpoint-configurations-deprecated", false, "answer ERR_NGROK_1608 to every endpoint configuration ID on a reserved domain")
	flags.BoolVar(&c.initState, "init-state", false, "with -state, take a state file of 0 bytes as a new one (seeded like a missing file) instead of refusing it as a state file cut short")
	if err := flags.Parse(args); err != nil {
		return nil, err
	}
	if flags.NArg() > 0 {
		return nil, fmt.Errorf("unexpected arguments: %s", strings.Join(flags.Args(), " "))
	}
	given := map[string]bool{}
	flags.Visit(func(f *flag.Flag) { given[f.Name] = true })
	var envErr error
	flags.VisitAll(func(f *flag.Flag) {
		env := envPrefix + strings.ToUpper(strings.ReplaceAll(f.Name, "-", "_"))
		v := getenv(env)
		if given[f.Name] || v == "" || envErr != nil {
			return
		}
		for _, part := range strings.Split(v, ",") {
			if err := f.Value.Set(strings.TrimSpace(part)); err != nil {
				envErr = fmt.Errorf("%s: %w", env, err)
			}
			if f.Name != "api-key" {
				break
			}
		}
	})
	if envErr != nil {
		return nil, envErr
	}
	switch {
	case c.pageSize < 1 || c.pageSize > 100:
		return nil, fmt.Errorf("-page-size %d is out of range 1-100", c.pageSize)
	case c.rateLimit < 0:
		return nil, fmt.Errorf("-rate-limit %d must not be negative", c.rateLimit)
	case c.journalSize < 0:
		return nil, fmt.Errorf("-journal-size %d must not be negative", c.journalSize)
	case c.tlsCertFile != "" && !c.tls:
		return nil, errors.New("-tls-cert-file needs -tls")
	case c.initState && c.stateFile == "":
		return nil, errors.New("-init-state needs -state")
	}
	if len(c.keys) == 0 {
		c.keys = stringList{mockserver.DefaultAPIKey}
	}
	return &c, nil
}

func (c *config) logger(stderr io.Writer) (*slog.Logger, error) {
	var level slog.Level
	switch c.logLevel {
	case "off":
		return nil, nil
	case "debug", "info", "warn", "error":
		if err := level.UnmarshalText([]byte(c.logLevel)); err != nil {
			return nil, err
		}
	default:
		return nil, fmt.Errorf("-log-level %q: use debug, info, warn, error or off", c.logLevel)
	}
	return slog.New(slog.NewTextHandler(stderr, &slog.HandlerOptions{Level: level})), nil
}

// run serves until ctx is done. It is main without the process: tests call
// it with their own context, output and environment.
func run(ctx context.Context, args []string, stdout, stderr io.Writer, getenv func(string) string) error {
	c, err := parseConfig(args, stderr, getenv)
	if errors.Is(err, flag.ErrHelp) {
		return nil
	}
	if err != nil {
		return err
	}
	logger, err := c.logger(stderr)
	if err != nil {
		return err
	}
	opts := []mockserver.Option{
		mockserver.WithAPIKeys(c.keys...),
		mockserver.WithPageSize(c.pageSize),
		mockserver.WithRateLimit(c.rateLimit),
		mockserver.WithCertificateIssueDelay(c.certDelay),
		mockserver.WithJournalSize(c.journalSize),
	}
	if logger != nil {
		opts = append(opts, mockserver.WithLogger(logger))
	}
	server, err := mockserver.Open(mockserver.StartFiles{State: c.stateFile, Seed: c.seedFile, InitState: c.initState}, opts...)
	var startErr *mockserver.StartError
	if errors.As(err, &startErr) {
		return fmt.Errorf("-%s %s: %w", startErr.File, startErr.Path, startErr.Err)
	}
	if err != nil {
		return err
	}
	// NOTE: only a flag given turns a setting on: a seed file's settings
	// stay when the flag is left out.
	if c.edgesReadOnly {
		server.SetEdgesReadOnly(true)
	}
	if c.edgesWritable {
		server.SetEdgesWritable(true)
	}
	if c.endpointConfigsDeprecated {
		server.SetEndpointConfigurationsDeprecated(true)
	}
	// NOTE: closed last, after the HTTP server has stopped, so that no
	// change is refused for want of its state file.
	defer func() { _ = server.Close() }()

	ln, err := new(net.ListenConfig).Listen(ctx, "tcp", c.addr)
	if err != nil {
		return err
	}
	srv := mockserver.NewHTTPServer(c.addr, server, mockserver.DefaultHTTPTimeouts())
	// NOTE: requests end with the server, so that one held by a latency
	// fault does not hold up the shutdown.
	srv.BaseContext = func(net.Listener) context.Context { return ctx }
	scheme := "http"
	var fingerprint string
	if c.tls {
		cert, fp, err := selfSignedCertificate(ln.Addr(), c.tlsCertFile)
		if err != nil {
			_ = ln.Close()
			return err
		}
		ln = tls.NewListener(ln, &tls.Config{Certificates: []tls.Certificate{cert}, MinVersion: tls.VersionTLS12})
		scheme, fingerprint = "https", fp
	}
	servers, listeners := []*http.Server{srv}, []net.Listener{ln}
	msg := fmt.Sprintf("ngrok-mock listening on %s://%s\n", scheme, dialAddr(ln.Addr()))
	if fingerprint != "" {
		msg += "ngrok-mock TLS certificate SHA-256 fingerprint " + fingerprint + "\n"
	}
	if c.pprofAddr != "" {
		pln, err := new(net.ListenConfig).Listen(ctx, "tcp", c.pprofAddr)
		if err != nil {
			_ = ln.Close()
			return fmt.Errorf("-pprof: %w", err)
		}
		servers, listeners = append(servers, pprofServer(c.pprofAddr)), append(listeners, pln)
		msg += fmt.Sprintf("ngrok-mock pprof listening on http://%s/debug/pprof/\n", dialAddr(pln.Addr()))
	}

	unused := make([]*unusedConns, len(servers))
	for i, s := range servers {
		unused[i] = trackUnusedConns(s)
	}
	served := make(chan error, len(servers))
	for i, s := range servers {
		go func() { served <- s.Serve(listeners[i]) }()
	}
	// closeAll stops every server and waits for the Serve calls still running.
	closeAll := func(running int) {
		for _, s := range servers {
			_ = s.Close()
		}
		for range running {
			if err := <-served; err != nil && !errors.Is(err, http.ErrServerClosed) {
				_, _ = fmt.Fprintf(stderr, "ngrok-mock: %v\n", err)
			}
		}
	}
	if _, err := io.WriteString(stdout, msg); err != nil {
		closeAll(len(servers))
		return err
	}

	select {
	case err := <-served:
		// NOTE: one listener failed; the program stops rather than serve half.
		closeAll(len(servers) - 1)
		return err
	case <-ctx.Done():
	}
	shutdownCtx, cancel := context.WithTimeout(context.Background(), shutdownTimeout)
	defer cancel()
	var shutdownErr error
	for i, s := range servers {
		unused[i].closeAll()
		if err := s.Shutdown(shutdownCtx); err != nil && shutdownErr == nil {
			shutdownErr = fmt.Errorf("shutting down: %w", err)
		}
	}
	for range servers {
		if err := <-served; !errors.Is(err, http.ErrServerClosed) && shutdownErr == nil {
			shutdownErr = err
		}
	}
	return shutdownErr
}

// unusedConns are a server's connections that have not sent a request yet.
// net/http's Shutdown waits for such a connection until it is five seconds
// old, in case a request is on its way: as long as shutdownTimeout, so that
// one client's spare connection (an HTTP client dials ahead of need) or a
// port probe would make the shutdown fail. There is no request to finish on
// them, so they are closed when the shutdown starts, and any that opens
// after that at once.
type unusedConns struct {
	mu       sync.Mutex
	conns    map[net.Conn]struct{}
	stopping bool
}

// trackUnusedConns follows s's connections through their states.
func trackUnusedConns(s *http.Server) *unusedConns {
	u := &unusedConns{conns: map[net.Conn]struct{}{}}
	s.ConnState = func(c net.Conn, st http.ConnState) {
		u.mu.Lock()
		defer u.mu.Unlock()
		switch {
		case st == http.StateNew && u.stopping:
			_ = c.Close()
		case st == http.StateNew:
			u.conns[c] = struct{}{}
		default:
			delete(u.conns, c)
		}
	}
	return u
}

// closeAll closes the connections that have sent no request, now and from
// now on.
func (u *unusedConns) closeAll() {
	u.mu.Lock()
	defer u.mu.Unlock()
	u.stopping = true
	for c := range u.conns {
		_ = c.Close()
	}
	clear(u.conns)
}

// pprofServer serves net/http/pprof's handlers on a mux of their own, for
// the -pprof listener only: the API listener never serves them.
//
// NOTE: importing net/http/pprof also registers them on
// http.DefaultServeMux, which nothing in this program serves.
func pprofServer(addr string) *http.Server {
	mux := http.NewServeMux()
	mux.HandleFunc("/debug/pprof/", pprof.Index)
	mux.HandleFunc("/debug/pprof/cmdline", pprof.Cmdline)
	mux.HandleFunc("/debug/pprof/profile", pprof.Profile)
	mux.HandleFunc("/debug/pprof/symbol", pprof.Symbol)
	mux.HandleFunc("/debug/pprof/trace", pprof.Trace)
	t := mockserver.DefaultHTTPTimeouts()
	// NOTE: no write timeout: a CPU profile or trace answers only after the
	// seconds it was asked to record (30 by default), and pprof refuses a
	// duration longer than the server's write timeout.
	t.Write = 0
	return mockserver.NewHTTPServer(addr, mux, t)
}

// dialAddr is the address a local client dials to reach a listener: the
// listener's own, or the loopback one when it listens on every address
// ("0.0.0.0", "::"), which is no address to dial and which the self-signed
// certificate does not name.
func dialAddr(addr net.Addr) string {
	tcp, ok := addr.(*net.TCPAddr)
	if !ok || !tcp.IP.IsUnspecified() {
		return addr.String()
	}
	return net.JoinHostPort("127.0.0.1", strconv.Itoa(tcp.Port))
}

// selfSignedCertificate makes a one-day certificate for the loopback names
// and the listening address, writing its PEM to certFile when given. It
// returns the certificate and its SHA-256 fingerprint (colon-separated hex,
// as browsers and openssl print it).
func selfSignedCertificate(addr net.Addr, certFile string) (tls.Certificate, string, error) {
	key, err := ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
	if err != nil {
		return tls.Certificate{}, "", err
	}
	serial, err := rand.Int(rand.Reader, new(big.Int).Lsh(big.NewInt(1), 62))
	if err != nil {
		return tls.Certificate{}, "", err
	}
	tmpl := &x509.Certificate{
		SerialNumber:          serial,
		Subject:               pkix.Name{CommonName: "ngrok-mock"},
		NotBefore:             time.Now().Add(-time.Minute),
		NotAfter:              time.Now().Add(24 * time.Hour),
		KeyUsage:              x509.KeyUsageDigitalSignature | x509.KeyUsageCertSign,
		ExtKeyUsage:           []x509.ExtKeyUsage{x509.ExtKeyUsageServerAuth},
		BasicConstraintsValid: true,
		IsCA:                  true, // NOTE: so that ca_file can trust it directly
		DNSNames:              []string{"localhost"},
		IPAddresses:           []net.IP{net.IPv4(127, 0, 0, 1), net.IPv6loopback},
	}
	if tcp, ok := addr.(*net.TCPAddr); ok && !tcp.IP.IsUnspecified() && !tcp.IP.IsLoopback() {
		tmpl.IPAddresses = append(tmpl.IPAddresses, tcp.IP)
	}
	der, err := x509.CreateCertificate(rand.Reader, tmpl, tmpl, &key.PublicKey, key)
	if err != nil {
		return tls.Certificate{}, "", err
	}
	if certFile != "" {
		pemBytes := pem.EncodeToMemory(&pem.Block{Type: "CERTIFICATE", Bytes: der})
		if err := os.WriteFile(certFile, pemBytes, 0o644); err != nil {
			return tls.Certificate{}, "", fmt.Errorf("writing -tls-cert-file: %w", err)
		}
	}
	sum := sha256.Sum256(der)
	hex := make([]string, len(sum))
	for i, b := range sum {
		hex[i] = fmt.Sprintf("%02X", b)
	}
	return tls.Certificate{Certificate: [][]byte{der}, PrivateKey: key}, strings.Join(hex, ":"), nil
}

// stringList is a repeatable string flag.
type stringList []string

func (l *stringList) String() string { return strings.Join(*l, ",") }

func (l *stringList) Set(v string) error {
	if v == "" {
		return errors.New("must not be empty")
	}
	*l = append(*l, v)
	return nil
}
