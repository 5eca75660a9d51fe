// Command ngrok-mock serves the in-memory mock of the ngrok management API
// (internal/mockserver) on a local address, for demos and for running the
// provider by hand:
//
//	ngrok-mock -addr 127.0.0.1:8080 -api-key my-key
//
// It prints one line, "ngrok-mock listening on http://HOST:PORT", once it
// accepts connections, and stops cleanly on SIGINT or SIGTERM.
package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"os/signal"
	"strings"
	"syscall"
	"time"

	"github.com/tfedge/terraform-provider-ngrok/internal/mockserver"
)

const (
	envAPIKey       = "NGROK_MOCK_API_KEY"
	shutdownTimeout = 5 * time.Second
)

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	err := run(ctx, os.Args[1:], os.Stdout, os.Getenv)
	stop()
	if err != nil {
		fmt.Fprintln(os.Stderr, "ngrok-mock:", err)
		os.Exit(1)
	}
}

// run serves until ctx is done. It is main without the process: tests call
// it with their own context, output and environment.
func run(ctx context.Context, args []string, stdout io.Writer, getenv func(string) string) error {
	flags := flag.NewFlagSet("ngrok-mock", flag.ContinueOnError)
	addr := flags.String("addr", "127.0.0.1:8080", "address to listen on; port 0 picks a free port")
	var keys stringList
	flags.Var(&keys, "api-key", "accepted API key; repeat for several (default $"+envAPIKey+", else "+mockserver.DefaultAPIKey+")")
	pageSize := flags.Int("page-size", 100, "largest number of objects on one list page (1-100)")
	if err := flags.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return nil
		}
		return err
	}
	if flags.NArg() > 0 {
		return fmt.Errorf("unexpected arguments: %s", strings.Join(flags.Args(), " "))
	}
	if *pageSize < 1 || *pageSize > 100 {
		return fmt.Errorf("-page-size %d is out of range 1-100", *pageSize)
	}
	if len(keys) == 0 {
		if k := getenv(envAPIKey); k != "" {
			keys = stringList{k}
		} else {
			keys = stringList{mockserver.DefaultAPIKey}
		}
	}

	ln, err := new(net.ListenConfig).Listen(ctx, "tcp", *addr)
	if err != nil {
		return err
	}
	srv := &http.Server{
		Handler:           mockserver.New(mockserver.WithAPIKeys(keys...), mockserver.WithPageSize(*pageSize)),
		ReadHeaderTimeout: 10 * time.Second,
	}
	served := make(chan error, 1)
	go func() { served <- srv.Serve(ln) }()
	if _, err := fmt.Fprintf(stdout, "ngrok-mock listening on http://%s\n", ln.Addr()); err != nil {
		_ = srv.Close()
		return err
	}

	select {
	case err := <-served:
		return err
	case <-ctx.Done():
	}
	shutdownCtx, cancel := context.WithTimeout(context.Background(), shutdownTimeout)
	defer cancel()
	if err := srv.Shutdown(shutdownCtx); err != nil {
		return fmt.Errorf("shutting down: %w", err)
	}
	if err := <-served; !errors.Is(err, http.ErrServerClosed) {
		return err
	}
	return nil
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
