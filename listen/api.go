package listen

import (
	"context"
	"io"
	"net/http"
	"strings"
)

// APICommands are the commands of the HTTP JSON API: POST /api/COMMAND.
var APICommands = []string{"solve", "unique", "count", "candidates", "hint", "rate"}

// APIFunc answers a request of the HTTP JSON API: command is one of
// APICommands, body the puzzles in any format satdoku reads. It returns
// the HTTP status and the records of --format json, one per line.
type APIFunc func(ctx context.Context, command string, body []byte) (status int, records []byte)

// serveAPI serves POST /api/COMMAND with Options.API, on a worker's turn
// (the API's requests share the pool with the WebSocket's).
func (s *Server) serveAPI(w http.ResponseWriter, r *http.Request) {
	cmd := strings.TrimPrefix(r.URL.Path, "/api/")
	known := false
	for _, c := range APICommands {
		known = known || c == cmd
	}
	if !known || s.opt.API == nil {
		http.Error(w, "satdoku listen: no such API: POST to /api/ followed by one of "+strings.Join(APICommands, ", "), http.StatusNotFound)
		return
	}
	if r.Method != http.MethodPost {
		w.Header().Set("Allow", http.MethodPost)
		http.Error(w, "satdoku listen: POST the puzzles", http.StatusMethodNotAllowed)
		return
	}
	// A page of another origin may POST a "simple" request without
	// asking first: the same origins as the WebSocket's.
	if !s.originAllowed(r.Header.Get("Origin")) {
		http.Error(w, "satdoku listen: origin not allowed (see --allow-origin)", http.StatusForbidden)
		return
	}
	body, err := io.ReadAll(io.LimitReader(r.Body, MaxMessage+1))
	if err != nil {
		http.Error(w, "satdoku listen: reading the request: "+err.Error(), http.StatusBadRequest)
		return
	}
	if len(body) > MaxMessage {
		http.Error(w, "satdoku listen: request too long: more than 1 MiB", http.StatusRequestEntityTooLarge)
		return
	}
	wk, err := s.acquire(r.Context())
	if err != nil {
		return // the client went away
	}
	status, out := s.opt.API(r.Context(), cmd, body)
	s.release(wk)
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	w.Write(out) // a failed write is the client's loss
}
