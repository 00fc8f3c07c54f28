package listen

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"log"
	"net"
	"net/http"
	"net/url"
	"runtime"
	"strings"
	"sync"
	"time"

	"github.com/coder/websocket"

	"github.com/satdoku/satdoku/checked"
	"github.com/satdoku/satdoku/satsolve"
)

// MaxMessage is the largest message a client may send, in bytes; a longer
// one is read to its end, answered "invalid" and forgotten, and the
// connection stays open.
const MaxMessage = 1 << 20

// DefaultOrigins are the origins whose pages may connect: f-puzzles and
// its subdomains (where the userscript runs: https://*.f-puzzles.com/*),
// SudokuPad's hosts, and pages of this machine. Origin "null" (a file
// opened in the browser, but also a sandboxed frame of any website) is
// not one of them, as on the HTTP API; --allow-origin null lets it in.
var DefaultOrigins = []string{
	"https://f-puzzles.com", "https://*.f-puzzles.com",
	"https://sudokupad.app", "https://*.sudokupad.app",
	"https://app.crackingthecryptic.com",
	"localhost", "127.0.0.1", "[::1]",
}

// DefaultProgress is the default of Options.Progress.
const DefaultProgress = time.Second

// Options configure a Server.
type Options struct {
	// Jobs is the number of workers, each with its own solver: at most
	// Jobs requests are answered at once, the others wait. Zero means one
	// per CPU.
	Jobs int
	// AllowOrigins are more origins whose pages may connect, besides
	// DefaultOrigins: "https://example.com" (scheme, host and port as the
	// browser sends them), "https://*.example.com" (any subdomain, not
	// the domain itself), a host name alone (any scheme and port; "*."
	// for its subdomains) or "null".
	AllowOrigins []string
	// Timeout bounds each request; zero means none (a count runs until it
	// ends or the client sends another message).
	Timeout time.Duration
	// Log, when not nil, gets a line for every connection and refusal.
	Log *log.Logger
	// Progress is the longest time between two counts in progress sent
	// while counting; zero means DefaultProgress.
	Progress time.Duration
	// EstimateTime bounds an estimate (checked.EstimateOptions.Time); zero
	// means checked.DefaultEstimateTime.
	EstimateTime time.Duration
	// API, when not nil, serves the HTTP JSON API under /api/: the
	// handler of package httpapi, which checks the requests' Host and
	// Origin itself (a page may only ask its own server).
	API http.Handler
}

// Server answers the clients of the protocol of dclamage's SudokuSolver
// (the f-puzzles userscript) on WebSocket connections, and the HTTP JSON
// API under /api/. It is an http.Handler; Close ends every connection.
type Server struct {
	opt  Options
	free chan *worker // the idle workers

	mu     sync.Mutex
	conns  map[*conn]struct{}
	closed bool
	wg     sync.WaitGroup // the connections' goroutines
}

// worker is one solver of the pool.
type worker struct {
	s *checked.Solver
}

// New returns a Server with options o.
func New(o Options) *Server {
	if o.Jobs <= 0 {
		o.Jobs = runtime.NumCPU()
	}
	s := &Server{opt: o, free: make(chan *worker, o.Jobs), conns: map[*conn]struct{}{}}
	for range o.Jobs {
		s.free <- &worker{s: checked.New(satsolve.New(satsolve.Options{Stoppable: true}), checked.Options{})}
	}
	return s
}

// acquire waits for an idle worker, or for ctx to be done.
func (s *Server) acquire(ctx context.Context) (*worker, error) {
	select {
	case w := <-s.free:
		return w, nil
	case <-ctx.Done():
		return nil, ctx.Err()
	}
}

func (s *Server) release(w *worker) { s.free <- w }

func (s *Server) logf(format string, args ...any) {
	if s.opt.Log != nil {
		s.opt.Log.Printf(format, args...)
	}
}

// ServeHTTP serves the HTTP API under /api/ and WebSocket connections
// everywhere else.
func (s *Server) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	if strings.HasPrefix(r.URL.Path, "/api/") {
		if s.opt.API == nil {
			http.Error(w, "satdoku listen: no HTTP API", http.StatusNotFound)
			return
		}
		s.opt.API.ServeHTTP(w, r)
		return
	}
	if !s.originAllowed(r.Header.Get("Origin")) {
		s.logf("refused a connection from origin %q", r.Header.Get("Origin"))
		http.Error(w, "satdoku listen: origin not allowed (see --allow-origin)", http.StatusForbidden)
		return
	}
	s.mu.Lock()
	closed := s.closed
	s.mu.Unlock()
	if closed {
		http.Error(w, "satdoku listen: shutting down", http.StatusServiceUnavailable)
		return
	}
	// The origin was checked above, by the Server's own list.
	c, err := websocket.Accept(w, r, &websocket.AcceptOptions{InsecureSkipVerify: true})
	if err != nil {
		return // Accept has answered
	}
	// Messages are read as streams and cut at MaxMessage by serve, which
	// answers a longer one instead of closing the connection.
	c.SetReadLimit(-1)
	cn := &conn{srv: s, c: c}
	if !s.add(cn) {
		c.Close(websocket.StatusGoingAway, "shutting down")
		return
	}
	s.logf("connection from %s", r.RemoteAddr)
	cn.serve(r.Context())
	s.remove(cn)
	s.logf("%s disconnected", r.RemoteAddr)
}

func (s *Server) add(cn *conn) bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.closed {
		return false
	}
	s.conns[cn] = struct{}{}
	s.wg.Add(1)
	return true
}

func (s *Server) remove(cn *conn) {
	s.mu.Lock()
	delete(s.conns, cn)
	s.mu.Unlock()
	s.wg.Done()
}

// Close cancels every job, closes every connection and waits for their
// goroutines to end. The Server accepts no connection afterwards.
func (s *Server) Close() error {
	s.mu.Lock()
	s.closed = true
	conns := make([]*conn, 0, len(s.conns))
	for cn := range s.conns {
		conns = append(conns, cn)
	}
	s.mu.Unlock()
	// Each close waits for the client's answer (at most 5 s): all at once.
	for _, cn := range conns {
		go cn.c.Close(websocket.StatusGoingAway, "server shutting down")
	}
	s.wg.Wait()
	return nil
}

// originAllowed reports whether a page of origin may connect: no Origin
// at all (not a browser), one of DefaultOrigins or Options.AllowOrigins.
// An entry with a scheme matches the origin's scheme, host and port; one
// without, the origin's host name with any scheme and port. A host of an
// entry that starts with "*." matches its subdomains.
func (s *Server) originAllowed(origin string) bool {
	if origin == "" {
		return true
	}
	origin = strings.ToLower(origin)
	scheme, host, hostname := "", "", ""
	if u, err := url.Parse(origin); err == nil && u.Host != "" && u.Path == "" && u.User == nil {
		scheme, host, hostname = u.Scheme, u.Host, u.Hostname()
	}
	for _, lists := range [][]string{DefaultOrigins, s.opt.AllowOrigins} {
		for _, a := range lists {
			a = strings.TrimSuffix(strings.ToLower(strings.TrimSpace(a)), "/")
			switch {
			case a == "":
			case a == "null":
				if origin == "null" {
					return true
				}
			case strings.Contains(a, "://"):
				sch, h, _ := strings.Cut(a, "://")
				if host != "" && sch == scheme && hostMatches(h, host) {
					return true
				}
			case hostname != "" && hostMatches(strings.Trim(a, "[]"), hostname):
				return true
			}
		}
	}
	return false
}

// hostMatches reports whether the host (with its port, if any) of an
// origin is pattern's: the same, or with pattern "*.domain", a subdomain
// of domain.
func hostMatches(pattern, host string) bool {
	if rest, ok := strings.CutPrefix(pattern, "*."); ok {
		return strings.HasSuffix(host, "."+rest) && len(host) > len(rest)+1
	}
	return pattern == host
}

// conn is one WebSocket connection: it runs one job at a time, and a new
// message cancels the job in progress.
type conn struct {
	srv *Server
	c   *websocket.Conn

	wmu sync.Mutex // held while a response is written

	jobs   sync.WaitGroup
	cancel context.CancelFunc // the job in progress; nil when none
}

// serve reads the messages of the connection until it closes, then
// cancels its job and waits for it.
func (cn *conn) serve(ctx context.Context) {
	ctx, stop := context.WithCancel(ctx)
	defer func() {
		stop()
		cn.jobs.Wait()
		cn.c.CloseNow()
	}()
	for {
		msg, over, err := cn.read(ctx)
		if err != nil {
			if websocket.CloseStatus(err) == -1 && ctx.Err() == nil {
				cn.srv.logf("reading: %v", err)
			}
			return
		}
		// A new message supersedes the job in progress: its answer is
		// never written after this one's (see send).
		if cn.cancel != nil {
			cn.cancel()
			cn.cancel = nil
		}
		req, now := decode(msg, over)
		if now != nil {
			cn.send(ctx, now)
			continue
		}
		jctx, cancel := context.WithCancel(ctx)
		work, stopWork := jctx, context.CancelFunc(func() {})
		if t := cn.srv.opt.Timeout; t > 0 {
			work, stopWork = context.WithTimeout(jctx, t)
		}
		cn.cancel = cancel
		cn.jobs.Add(1)
		go func() {
			defer cn.jobs.Done()
			defer cancel()
			defer stopWork()
			cn.srv.answer(&job{ctx: jctx, work: work, req: req,
				out: func(r response) bool { return cn.send(jctx, r) }})
		}()
	}
}

// read reads the next message, at most MaxMessage bytes of it: over
// reports that it was longer (the rest is read and dropped).
func (cn *conn) read(ctx context.Context) (msg []byte, over bool, err error) {
	_, r, err := cn.c.Reader(ctx)
	if err != nil {
		return nil, false, err
	}
	msg, err = io.ReadAll(io.LimitReader(r, MaxMessage+1))
	if err != nil {
		return nil, false, err
	}
	if len(msg) > MaxMessage {
		if _, err := io.Copy(io.Discard, r); err != nil {
			return nil, false, err
		}
		return msg, true, nil
	}
	return msg, false, nil
}

// writeTimeout bounds the writing of one response to a client that reads
// too slowly.
const writeTimeout = 10 * time.Second

// send writes a response unless ctx is done: a superseded or canceled
// job's answer is dropped. The check and the write are one step under
// the connection's write lock, and a new message cancels the job before
// its own answers are written, so an old answer never follows a new one.
func (cn *conn) send(ctx context.Context, v response) bool {
	b, err := json.Marshal(v)
	if err != nil {
		// Only a float that is not finite can fail; say so rather than
		// send nothing.
		b, _ = json.Marshal(invalid(v.nonce(), "internal error: %v", err))
	}
	cn.wmu.Lock()
	defer cn.wmu.Unlock()
	if ctx.Err() != nil {
		return false
	}
	wctx, cancel := context.WithTimeout(context.Background(), writeTimeout)
	defer cancel()
	if err := cn.c.Write(wctx, websocket.MessageText, b); err != nil {
		cn.srv.logf("writing: %v", err)
		cn.c.CloseNow() // the reader sees it and ends the connection
		return false
	}
	return true
}

// decode reads a message (over: longer than MaxMessage, cut there). A
// message answered at once, a bad one or cancel, gets its response; a
// request for a job gets none.
func decode(msg []byte, over bool) (request, response) {
	if over {
		n := nonceOf(msg)
		return request{Nonce: n}, invalid(n, "message too long: more than %d bytes", MaxMessage)
	}
	req, err := parseRequest(msg)
	switch {
	case err != nil:
		return req, invalid(req.Nonce, "%v", err)
	case req.Command == cmdCancel:
		return req, canceled(req.Nonce)
	case !known(req.Command):
		return req, invalid(req.Nonce, "unknown command %q", req.Command)
	}
	return req, nil
}

// known reports whether cmd is a command of the protocol other than
// cancel.
func known(cmd string) bool {
	switch cmd {
	case cmdTrueCandidates, cmdSolve, cmdCheck, cmdCount, cmdEstimate, cmdSolvePath, cmdStep:
		return true
	}
	return false
}

// isLoopback reports whether addr (host:port) names a loopback address
// only: localhost, 127.0.0.0/8 or ::1.
func isLoopback(addr string) bool {
	host, _, err := net.SplitHostPort(addr)
	if err != nil {
		return false
	}
	if host == "localhost" {
		return true
	}
	ip := net.ParseIP(host)
	return ip != nil && ip.IsLoopback()
}

// CheckAddr returns a warning when addr does not bind loopback only: other
// machines can then connect; "" when it does.
func CheckAddr(addr string) string {
	if isLoopback(addr) {
		return ""
	}
	return fmt.Sprintf("warning: listening on %s, not on a loopback address: other machines can connect", addr)
}
