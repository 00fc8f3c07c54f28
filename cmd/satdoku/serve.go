//go:build !(js && wasm)

package main

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"net"
	"net/http"
	"os/signal"
	"strings"
	"syscall"
	"time"

	"github.com/spf13/pflag"

	"github.com/satdoku/satdoku/httpapi"
	"github.com/satdoku/satdoku/web"
)

var cmdServe = &command{
	name:  "serve",
	short: "serve the page, with the answers computed here",
	usage: "serve [--addr 127.0.0.1:8080] [--solver NAME] [--timeout 1m]",
	long: `Serve serves satdoku's page (the one "make web" builds as static files)
from the binary, with the answers computed by this process through the
HTTP JSON API: POST /api/solve, /api/unique, /api/candidates, /api/hint,
/api/rate, /api/check, /api/explain, with a puzzle in any format satdoku
reads as the body, answered with the record of --format json (or the
picture of --format svg, with ?format=svg).

The server listens on loopback by default and then answers only requests
addressed to this machine (localhost or a loopback address), from the page
itself (a request from another origin is refused); a body is at most 1 MiB.
An address on another interface, as --addr :8080, accepts any host name.
A puzzle of solve, unique or candidates that runs past --timeout is answered
with status "timeout".`,
	setup: func(fs *pflag.FlagSet, e *env) func([]string) int {
		addr := fs.String("addr", "127.0.0.1:8080", "listen on this `address`")
		solver := fs.String("solver", "", "answer solve and unique with this external SAT `solver` (see solve --help)")
		timeout := fs.Duration("timeout", time.Minute, "give up on a puzzle of solve, unique or candidates after this `duration` (status \"timeout\"; 0 means never)")
		return func(args []string) int {
			if len(args) > 0 {
				return usageError(e, fmt.Errorf("unexpected argument %q", args[0]))
			}
			ln, err := net.Listen("tcp", *addr)
			if err != nil {
				return usageError(e, err)
			}
			if *timeout < 0 {
				return usageError(e, fmt.Errorf("invalid --timeout %v: must not be negative", *timeout))
			}
			h := serveHandler(searchFlags{solver: *solver, timeout: *timeout}, !loopbackAddr(ln.Addr()))
			srv := &http.Server{Handler: h, ReadHeaderTimeout: 10 * time.Second}
			fmt.Fprintf(e.stderr, "satdoku: serving http://%s/\n", ln.Addr())
			ctx, stop := signal.NotifyContext(context.Background(), syscall.SIGINT, syscall.SIGTERM)
			defer stop()
			go func() {
				<-ctx.Done()
				shut, cancel := context.WithTimeout(context.Background(), 5*time.Second)
				defer cancel()
				srv.Shutdown(shut)
			}()
			if err := srv.Serve(ln); err != nil && !errors.Is(err, http.ErrServerClosed) {
				fmt.Fprintf(e.stderr, "satdoku serve: %v\n", err)
				return exitInternal
			}
			return exitOK
		}
	},
}

// loopbackAddr reports whether the server listens on loopback alone.
func loopbackAddr(a net.Addr) bool {
	ta, ok := a.(*net.TCPAddr)
	return ok && ta.IP.IsLoopback()
}

// searchFlags are the flags of serve passed on to the commands that
// search with a SAT solver.
type searchFlags struct {
	solver  string        // --solver, for solve and unique
	timeout time.Duration // --timeout, for solve, unique, count and candidates
}

// serveHandler is the page and the API: the commands run in this process
// as on the command line, one puzzle as standard input.
func serveHandler(sf searchFlags, anyHost bool) http.Handler {
	mux := http.NewServeMux()
	mux.Handle("/api/", apiHandler(sf, anyHost))
	mux.Handle("/", http.FileServerFS(web.Files()))
	return mux
}

// apiTimeout bounds each puzzle of an API request of satdoku listen, for
// the commands that take --timeout, when its --timeout does not.
const apiTimeout = 30 * time.Second

// apiHandler is the HTTP JSON API of satdoku serve and satdoku listen:
// package httpapi's checks (loopback Host unless anyHost, same origin,
// size) over the CLI's own pipeline (runCommand).
func apiHandler(sf searchFlags, anyHost bool) http.Handler {
	return httpapi.New(func(_ context.Context, cmd, format string, puzzle []byte) ([]byte, error) {
		return runCommand(cmd, format, sf, puzzle)
	}, httpapi.Options{AnyHost: anyHost})
}

// runCommand runs "satdoku CMD --format FORMAT -" on the puzzle and
// returns its standard output; a failure that wrote nothing there (a
// puzzle that cannot be drawn) is an error with its standard error.
func runCommand(cmd, format string, sf searchFlags, puzzle []byte) ([]byte, error) {
	args := []string{cmd, "--format", format}
	if sf.solver != "" && (cmd == "solve" || cmd == "unique") {
		args = append(args, "--solver", sf.solver)
	}
	if sf.timeout > 0 && (cmd == "solve" || cmd == "unique" || cmd == "count" || cmd == "candidates") {
		args = append(args, "--timeout", sf.timeout.String())
	}
	args = append(args, "-")
	var out, errOut bytes.Buffer
	code := run(args, bytes.NewReader(puzzle), &out, &errOut)
	if code >= exitUsage && out.Len() == 0 {
		msg := strings.TrimSpace(errOut.String())
		msg = strings.TrimPrefix(msg, "<stdin>:")
		if msg == "" {
			msg = fmt.Sprintf("%s failed (exit status %d)", cmd, code)
		}
		return nil, errors.New(msg)
	}
	return out.Bytes(), nil
}
