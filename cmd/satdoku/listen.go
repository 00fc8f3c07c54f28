//go:build !(js && wasm)

package main

import (
	"context"
	"errors"
	"fmt"
	"log"
	"net"
	"net/http"
	"time"

	"github.com/spf13/pflag"

	"github.com/satdoku/satdoku/listen"
)

var cmdListen = &command{
	name:  "listen",
	short: "serve f-puzzles' solver userscript (WebSocket) and an HTTP JSON API",
	usage: "listen [--addr 127.0.0.1:4545] [--jobs N] [--allow-origin ORIGIN]...",
	long: `
Listen answers the f-puzzles userscript of dclamage's SudokuSolver
(UserScripts/Fpuzzles-SudokuSolver.user.js) in place of that solver: install
the userscript in the browser (Tampermonkey or Violentmonkey), run
"satdoku listen", open https://www.f-puzzles.com and press Connect. While a
setter sets, the true candidates (and, with the userscript's Solution Cap
above 1, how many solutions use each, up to the cap, coloured) follow every
digit and clue; Check, Solution Count, Estimate Count, Solve, Step and
Solution Path are answered by satdoku. Every answer is checked by the
validator. Versions 0.4.2 and 1.3.3 of the userscript are tested (the
tests send what each sends).

Current Chrome (and Edge) ask, the first time f-puzzles connects, whether
the site may access devices on your local network (local network access:
this machine's port counts as one): answer Allow. If it was blocked, allow
"Local network access" for the site in its settings (the icon left of the
address) and reload; until then the connection fails.

The protocol is the userscript's, over a WebSocket on --addr (any path):
requests {"nonce", "command", "dataType": "fpuzzles", "data"} with data the
f-puzzles JSON compressed by lz-string, answered with the request's nonce:

  truecandidates  solutionsPerCandidate: N·N·N counts, cell-major, each the
                  solutions with that digit there, exact up to the cap:
                  "truecandidatesnumsolutions=N" in truecandidatesoptions
                  (userscript 1.2.0+) caps at N (at most 256), "colored"
                  (earlier userscripts) at 8, neither at 1; -1 with
                  "logical" for a candidate satdoku's logic keeps and no
                  solution has
  solve           solved{solution}
  check           count{count} up to 2
  count           count{count, inProgress}: the count so far every second,
                  then the count
  estimate        estimate{estimate, stderr, iterations, ci95_lower,
                  ci95_upper, relErrPercent} every second and at the end,
                  then invalid{message} saying what ended it (exact count,
                  relative error, time limit), which finishes the
                  userscript's estimate
  step, solvepath logical{cells, message, isValid}: the next step, or every
                  step, of satdoku's logic from the player's digits and marks
  cancel          canceled

A puzzle with no solution is answered invalid "No solutions found."; bad
JSON, an unknown command, a puzzle that does not parse or a message over 1
MiB are answered invalid, naming the problem, and the connection stays open.
A new message on a connection cancels the job in progress there (its answer
never comes after the new one's); a closed connection cancels its job. At
most --jobs requests are solved at once, each by a worker with its own
solver, and each stops after --timeout (default 10m; an API request after
30s unless --timeout is given). "disabledlogic" (the userscript's Enable
Logic settings) switches off tuples, pointing, fishes, wings, aic
(chains) or contradictions for Step, Solution Path and logical candidates.
A nonce is answered as it came, a number or a string.

The HTTP JSON API on the same port takes a puzzle in any format satdoku
reads as the body of a POST to /api/solve, /api/unique, /api/count,
/api/candidates, /api/hint or /api/rate and answers the record of
--format json.

Safe to leave running: it listens on the loopback address unless --addr
says otherwise (then with a warning), and refuses WebSocket connections from
pages of other origins than https://f-puzzles.com and its subdomains
(www., beta. …), sudokupad.app and its subdomains,
app.crackingthecryptic.com, and pages on localhost, 127.0.0.1 or [::1].
Origin "null" (files opened in the browser, but also sandboxed frames of
any website) is refused. --allow-origin adds one: "https://example.com",
"https://*.example.com" (its subdomains), a host name alone (any scheme
and port) or "null". SIGINT or SIGTERM
closes the connections and ends it, with exit status 0.`,
	setup: func(fs *pflag.FlagSet, e *env) func([]string) int {
		addr := fs.String("addr", "127.0.0.1:4545", "listen on `host:port`")
		jobs := fs.IntP("jobs", "j", 0, "solve at most `N` requests at once, each with its own solver (0: one per CPU)")
		origins := fs.StringArray("allow-origin", nil, "also accept WebSocket connections from pages of `ORIGIN` (repeatable)")
		timeout := fs.Duration("timeout", defaultListenTimeout, "stop a request (a WebSocket job, or an API request) after `duration` (0: no limit)")
		quiet := fs.BoolP("quiet", "q", false, "no line on standard error for each connection")
		return func(args []string) int {
			if len(args) > 0 {
				return usageError(e, fmt.Errorf("unexpected argument %q", args[0]))
			}
			if *jobs < 0 {
				return usageError(e, fmt.Errorf("invalid --jobs %d: must be at least 0", *jobs))
			}
			ctx, stop := interruptContext(context.Background())
			defer stop()
			o := listen.Options{Jobs: *jobs, AllowOrigins: *origins, Timeout: *timeout}
			return serveListen(ctx, e, *addr, o, *quiet, fs.Changed("timeout"))
		}
	},
}

// defaultListenTimeout bounds each request of listen by default: a count
// of millions of solutions (with its counts in progress) fits, a search
// that a closed tab left behind does not run on for ever.
const defaultListenTimeout = 10 * time.Minute

// serveListen serves until ctx is canceled (SIGINT or SIGTERM), then
// closes every connection and returns exitOK.
// The API's requests are bounded by apiTimeout unless timeoutSet (the
// user's --timeout bounds them too).
func serveListen(ctx context.Context, e *env, addr string, o listen.Options, quiet, timeoutSet bool) int {
	ln, err := net.Listen("tcp", addr)
	if err != nil {
		return usageError(e, err)
	}
	logger := log.New(e.stderr, "satdoku listen: ", log.LstdFlags)
	if !quiet {
		o.Log = logger
	}
	if w := listen.CheckAddr(ln.Addr().String()); w != "" {
		fmt.Fprintf(e.stderr, "satdoku listen: %s\n", w)
	}
	api := o.Timeout
	if !timeoutSet {
		api = apiTimeout
	}
	as, err := newAPIServer("", api)
	if err != nil {
		return usageError(e, err)
	}
	o.API = apiHandler(as, !loopbackAddr(ln.Addr()))
	srv := listen.New(o)
	hs := &http.Server{Handler: srv, ReadHeaderTimeout: 10 * time.Second}
	fmt.Fprintf(e.stderr, "satdoku listen: listening on ws://%s\n", ln.Addr())
	done := make(chan error, 1)
	go func() { done <- hs.Serve(ln) }()
	select {
	case err := <-done:
		srv.Close()
		fmt.Fprintf(e.stderr, "satdoku listen: %v\n", err)
		return exitInternal
	case <-ctx.Done():
	}
	sctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	err = hs.Shutdown(sctx)
	srv.Close()
	if err != nil && !errors.Is(err, context.DeadlineExceeded) {
		fmt.Fprintf(e.stderr, "satdoku listen: %v\n", err)
	}
	fmt.Fprintln(e.stderr, "satdoku listen: stopped")
	return exitOK
}
