// Package httpapi is satdoku's HTTP JSON API: POST /api/solve,
// /api/unique, /api/candidates, /api/hint, /api/rate … with a puzzle in
// any format satdoku reads as the body, answered with the record that
// "satdoku COMMAND --format json" writes (or the picture of --format svg
// with ?format=svg). What a command computes is not this package's
// business: New takes it as a function, so that the CLI's pipeline answers
// (satdoku serve) and any other server can share the handler.
//
// The handler guards a server meant for one person's machine: it answers
// only requests whose Host is a loopback name (unless Options.AnyHost),
// which defeats DNS rebinding; a request from a page (an Origin header)
// must come from the same host; bodies are limited (Options.MaxBody); and
// at most Options.Concurrency answers are computed at once.
package httpapi

import (
	"context"
	"encoding/json"
	"errors"
	"io"
	"net"
	"net/http"
	"net/url"
	"runtime"
	"slices"
	"strconv"
	"strings"
)

// Answer computes the answer of the command cmd (one of
// Options.Commands) to the puzzle, in format "json" or "svg". An error is
// a request that cannot be answered (a puzzle that cannot be read): the
// client gets it as {"error": "…"} with status 422.
type Answer func(ctx context.Context, cmd, format string, puzzle []byte) ([]byte, error)

// Options configure the handler.
type Options struct {
	// Commands are the commands served, as /api/COMMAND.
	Commands []string
	// MaxBody is the largest body accepted, in bytes (default 1 MiB);
	// a larger one gets status 413.
	MaxBody int64
	// Concurrency is how many answers are computed at once (default
	// runtime.NumCPU()); further requests wait their turn, or go away when
	// their client does.
	Concurrency int
	// AnyHost accepts any Host header: for a server that listens on other
	// interfaces than loopback on purpose.
	AnyHost bool
	// Formats are the formats of ?format= besides json: svg (an image)
	// and any others the Answer writes, answered as plain text (the link
	// formats, fpuzzles-link …). Nil is svg alone.
	Formats []string
}

// DefaultCommands are the commands of the API.
var DefaultCommands = []string{"solve", "unique", "count", "candidates", "hint", "rate", "check", "explain"}

// handler is the API.
type handler struct {
	answer Answer
	opt    Options
	slots  chan struct{}
}

// New returns the handler of the API: POST /api/COMMAND[?format=svg] for
// each command of opt, and GET /api/info, {"server":true,"commands":[…]},
// which tells a page that a server answers.
func New(answer Answer, opt Options) http.Handler {
	if opt.Commands == nil {
		opt.Commands = DefaultCommands
	}
	if opt.MaxBody <= 0 {
		opt.MaxBody = 1 << 20
	}
	if opt.Concurrency <= 0 {
		opt.Concurrency = runtime.NumCPU()
	}
	if opt.Formats == nil {
		opt.Formats = []string{"svg"}
	}
	return &handler{answer: answer, opt: opt, slots: make(chan struct{}, opt.Concurrency)}
}

// fail writes an error as {"error": msg}.
func fail(w http.ResponseWriter, status int, msg string) {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	b, _ := json.Marshal(map[string]string{"error": msg}) // a map of strings marshals
	w.Write(append(b, '\n'))
}

// loopbackHost reports whether host (a Host header, with or without a
// port) names this machine: localhost or a loopback address.
func loopbackHost(host string) bool {
	if h, _, err := net.SplitHostPort(host); err == nil {
		host = h
	}
	host = strings.TrimSuffix(strings.TrimPrefix(host, "["), "]")
	if strings.EqualFold(host, "localhost") || strings.HasSuffix(strings.ToLower(host), ".localhost") {
		return true
	}
	ip := net.ParseIP(host)
	return ip != nil && ip.IsLoopback()
}

// allowed checks the Host and Origin of r.
func (h *handler) allowed(r *http.Request) (int, string) {
	if !h.opt.AnyHost && !loopbackHost(r.Host) {
		return http.StatusForbidden, "host " + r.Host + " is not this machine"
	}
	if o := r.Header.Get("Origin"); o != "" {
		u, err := url.Parse(o)
		if err != nil || !strings.EqualFold(u.Host, r.Host) {
			return http.StatusForbidden, "cross-origin request from " + o
		}
	}
	return 0, ""
}

func (h *handler) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	if status, msg := h.allowed(r); status != 0 {
		fail(w, status, msg)
		return
	}
	cmd, ok := strings.CutPrefix(r.URL.Path, "/api/")
	if !ok {
		fail(w, http.StatusNotFound, "not found")
		return
	}
	if cmd == "info" {
		w.Header().Set("Content-Type", "application/json")
		b, _ := json.Marshal(map[string]any{"server": true, "commands": h.opt.Commands}) // marshals
		w.Write(append(b, '\n'))
		return
	}
	if !slices.Contains(h.opt.Commands, cmd) {
		fail(w, http.StatusNotFound, "no command "+cmd)
		return
	}
	if r.Method != http.MethodPost {
		w.Header().Set("Allow", http.MethodPost)
		fail(w, http.StatusMethodNotAllowed, "use POST with the puzzle as the body")
		return
	}
	format := r.URL.Query().Get("format")
	switch {
	case format == "":
		format = "json"
	case format == "json", slices.Contains(h.opt.Formats, format):
	default:
		fail(w, http.StatusBadRequest, "format "+format+" (want json or "+strings.Join(h.opt.Formats, ", ")+")")
		return
	}
	body, err := readBody(w, r, h.opt.MaxBody)
	if err != nil {
		var tooBig *http.MaxBytesError
		if errors.As(err, &tooBig) {
			fail(w, http.StatusRequestEntityTooLarge, "the puzzle is over "+strconv.FormatInt(h.opt.MaxBody, 10)+" bytes")
			return
		}
		fail(w, http.StatusBadRequest, "read the body: "+err.Error())
		return
	}
	select {
	case h.slots <- struct{}{}:
	case <-r.Context().Done():
		return // the client went away
	}
	out, err := h.answer(r.Context(), cmd, format, body)
	<-h.slots
	if err != nil {
		fail(w, http.StatusUnprocessableEntity, err.Error())
		return
	}
	switch format {
	case "svg":
		w.Header().Set("Content-Type", "image/svg+xml")
	case "json":
		w.Header().Set("Content-Type", "application/json")
	default:
		w.Header().Set("Content-Type", "text/plain; charset=utf-8")
	}
	w.Header().Set("Cache-Control", "no-store")
	w.Write(out)
}

func readBody(w http.ResponseWriter, r *http.Request, limit int64) ([]byte, error) {
	return io.ReadAll(http.MaxBytesReader(w, r.Body, limit))
}
