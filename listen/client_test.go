package listen_test

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/coder/websocket"
	lzstring "github.com/daku10/go-lz-string"

	"github.com/satdoku/satdoku"
	"github.com/satdoku/satdoku/listen"
	"github.com/satdoku/satdoku/textfmt"
)

// The protocol client of these tests is written from the protocol of
// dclamage's SudokuSolver (SudokuSolverConsole/WebsocketListener.cs and
// the userscript UserScripts/Fpuzzles-SudokuSolver.user.js): a request is
// {"nonce", "command", "dataType": "fpuzzles", "data"}, data the f-puzzles
// JSON compressed by lz-string's compressToBase64; every response carries
// the nonce of its request and a "type".

// message is a request of the protocol.
type message struct {
	Nonce    int64  `json:"nonce"`
	Command  string `json:"command"`
	DataType string `json:"dataType,omitempty"`
	Data     string `json:"data,omitempty"`
}

// reply is any response of the protocol: the fields of every type.
type reply struct {
	Nonce                 int64   `json:"nonce"`
	Type                  string  `json:"type"`
	Message               string  `json:"message"`
	SolutionsPerCandidate []int   `json:"solutionsPerCandidate"`
	Solution              []int   `json:"solution"`
	Count                 *int64  `json:"count"`
	InProgress            bool    `json:"inProgress"`
	Estimate              float64 `json:"estimate"`
	Stderr                float64 `json:"stderr"`
	Iterations            int     `json:"iterations"`
	CI95Lower             float64 `json:"ci95_lower"`
	CI95Upper             float64 `json:"ci95_upper"`
	RelErrPercent         float64 `json:"relErrPercent"`
	Cells                 []struct {
		Value      int   `json:"value"`
		Candidates []int `json:"candidates"`
	} `json:"cells"`
	IsValid *bool `json:"isValid"`
}

// client is one connection to the server.
type client struct {
	t     testing.TB
	c     *websocket.Conn
	nonce int64
}

// startServer starts a Server on 127.0.0.1 and returns its ws:// address.
func startServer(t testing.TB, o listen.Options) (string, *listen.Server) {
	t.Helper()
	srv := listen.New(o)
	hs := httptest.NewServer(srv)
	t.Cleanup(func() {
		srv.Close()
		hs.Close()
	})
	return "ws" + strings.TrimPrefix(hs.URL, "http"), srv
}

// dial connects to addr as a page of origin ("" for none).
func dial(t testing.TB, addr, origin string) (*client, error) {
	t.Helper()
	h := http.Header{}
	if origin != "" {
		h.Set("Origin", origin)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	c, _, err := websocket.Dial(ctx, addr, &websocket.DialOptions{HTTPHeader: h})
	if err != nil {
		return nil, err
	}
	c.SetReadLimit(64 << 20)
	cl := &client{t: t, c: c}
	t.Cleanup(func() { c.CloseNow() })
	return cl, nil
}

func mustDial(t testing.TB, addr string) *client {
	t.Helper()
	cl, err := dial(t, addr, "https://www.f-puzzles.com")
	if err != nil {
		t.Fatal(err)
	}
	return cl
}

// sendRaw sends a message as it is.
func (cl *client) sendRaw(b []byte) {
	cl.t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	if err := cl.c.Write(ctx, websocket.MessageText, b); err != nil {
		cl.t.Fatal(err)
	}
}

// send sends a command on an f-puzzles puzzle (its JSON, compressed here
// as the userscript does) with the next nonce, and returns the nonce.
func (cl *client) send(command, fpzJSON string) int64 {
	cl.t.Helper()
	cl.nonce++
	m := message{Nonce: cl.nonce, Command: command}
	if command != "cancel" {
		data, err := lzstring.CompressToBase64(fpzJSON)
		if err != nil {
			cl.t.Fatal(err)
		}
		m.DataType, m.Data = "fpuzzles", data
	}
	b, err := json.Marshal(m)
	if err != nil {
		cl.t.Fatal(err)
	}
	cl.sendRaw(b)
	return cl.nonce
}

// recvWithin reads the next response, waiting at most d.
func (cl *client) recvWithin(d time.Duration) (reply, error) {
	ctx, cancel := context.WithTimeout(context.Background(), d)
	defer cancel()
	_, b, err := cl.c.Read(ctx)
	if err != nil {
		return reply{}, err
	}
	var r reply
	if err := json.Unmarshal(b, &r); err != nil {
		return reply{}, fmt.Errorf("response %.200s: %w", b, err)
	}
	return r, nil
}

// recvInto reads the next response into v.
func (cl *client) recvInto(v any) {
	cl.t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	_, b, err := cl.c.Read(ctx)
	if err != nil {
		cl.t.Fatal(err)
	}
	if err := json.Unmarshal(b, v); err != nil {
		cl.t.Fatalf("response %.200s: %v", b, err)
	}
}

// recv reads the next response.
func (cl *client) recv() reply {
	cl.t.Helper()
	r, err := cl.recvWithin(2 * time.Minute)
	if err != nil {
		cl.t.Fatal(err)
	}
	return r
}

// final reads responses until the one of nonce that is not a count in
// progress, and fails on any other nonce.
func (cl *client) final(nonce int64) reply {
	cl.t.Helper()
	for {
		r := cl.recv()
		if r.Nonce != nonce {
			cl.t.Fatalf("response of nonce %d (%s) while waiting for %d", r.Nonce, r.Type, nonce)
		}
		if r.Type == "count" && r.InProgress {
			continue
		}
		return r
	}
}

// ask sends a command and returns its final response.
func (cl *client) ask(command, fpzJSON string) reply {
	cl.t.Helper()
	return cl.final(cl.send(command, fpzJSON))
}

// fpz writes the f-puzzles JSON of a classic puzzle, from its digits
// (a line of N² characters, '.' or '0' blank), with more top-level keys.
func fpz(line string, more map[string]any) string {
	n := 0
	for n*n < len(line) {
		n++
	}
	grid := make([][]map[string]any, n)
	for r := range n {
		grid[r] = make([]map[string]any, n)
		for c := range n {
			cell := map[string]any{}
			if d, err := strconv.ParseInt(line[r*n+c:r*n+c+1], 36, 0); err == nil && d > 0 {
				cell["value"], cell["given"] = d, true
			}
			grid[r][c] = cell
		}
	}
	obj := map[string]any{"size": n, "grid": grid}
	for k, v := range more {
		obj[k] = v
	}
	b, err := json.Marshal(obj)
	if err != nil {
		panic(err)
	}
	return string(b)
}

// published is a puzzle of fpuzzles/testdata/published.txt: its name, its
// f-puzzles JSON and its published solution.
type published struct {
	name, json, solution string
}

// readPublished reads the puzzles of fpuzzles/testdata/published.txt that
// satdoku reads (not "refused"), as JSON.
func readPublished(t testing.TB) []published {
	t.Helper()
	data, err := os.ReadFile(filepath.Join("..", "fpuzzles", "testdata", "published.txt"))
	if err != nil {
		t.Fatal(err)
	}
	var out []published
	var cur published
	for _, l := range strings.Split(string(data)+"\n", "\n") {
		switch {
		case l == "":
			if cur.json != "" && cur.solution != "" {
				out = append(out, cur)
			}
			cur = published{}
		case strings.HasPrefix(l, "#"):
			if cur.name == "" {
				cur.name = strings.TrimSpace(l[1:])
			}
		case strings.HasPrefix(l, "solution "):
			cur.solution = strings.TrimPrefix(l, "solution ")
		case strings.HasPrefix(l, "refused "):
		default:
			cur.json, err = jsonOf(l)
			if err != nil {
				t.Fatalf("%s: %v", cur.name, err)
			}
		}
	}
	return out
}

// jsonOf returns the f-puzzles JSON of a puzzle line: JSON, a link or a
// load string (lz-string Base64 or URI-safe).
func jsonOf(l string) (string, error) {
	l = strings.TrimSpace(l)
	if strings.HasPrefix(l, "{") {
		return l, nil
	}
	for _, cut := range []string{"?load=", "&load=", "fpuzzles"} {
		if i := strings.Index(l, cut); i >= 0 {
			l = l[i+len(cut):]
			break
		}
	}
	for _, dec := range []func(string) (string, error){lzstring.DecompressFromBase64, lzstring.DecompressFromEncodedURIComponent} {
		if s, err := dec(l); err == nil && strings.HasPrefix(s, "{") {
			return s, nil
		}
	}
	return "", errors.New("not an f-puzzles load string")
}

// digitsOf returns the cells of a published solution (digits one after
// another, in decimal) for a board of side 9 or less.
func digitsOf(s string) []int {
	out := make([]int, len(s))
	for i := range s {
		out[i] = int(s[i] - '0')
	}
	return out
}

// gridOf returns the classic grid of a line.
func gridOf(t testing.TB, line string) *satdoku.Grid {
	t.Helper()
	g, err := textfmt.Parse(line)
	if err != nil {
		t.Fatal(err)
	}
	return g
}
