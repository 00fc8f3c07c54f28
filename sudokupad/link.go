package sudokupad

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"slices"
	"strings"
	"sync/atomic"
	"time"
)

// hosts are the hosts of SudokuPad links.
var hosts = []string{"sudokupad.app", "www.sudokupad.app", "beta.sudokupad.app",
	"app.crackingthecryptic.com", "sudokupad.svencodes.com"}

// payload returns the puzzle payload of s, a link or a bare payload, and
// whether it is a link. A link's payload is its puzzleid parameter, or
// its path after an optional "sudoku/" (the first segment's rest, so that
// a Base64 payload may hold slashes); the payload is percent-decoded. ok
// is false when s is neither a SudokuPad link nor a bare payload.
func payload(s string) (p string, link, ok bool) {
	s = strings.TrimSpace(s)
	lower := strings.ToLower(s)
	switch {
	case strings.HasPrefix(lower, "sudokupad://"):
		rest := s[len("sudokupad://"):]
		rest = strings.TrimPrefix(rest, "puzzle/")
		return decodeComponent(cutQuery(rest)), true, rest != ""
	case strings.HasPrefix(lower, "http://") || strings.HasPrefix(lower, "https://") || hasHost(lower):
		u, err := url.Parse(s)
		if err != nil || u.Host == "" {
			u, err = url.Parse("https://" + s)
		}
		if err != nil || !isHost(u.Host) {
			return "", false, false
		}
		if id := queryParam(u.RawQuery, "puzzleid"); id != "" {
			return id, true, true
		}
		path := strings.TrimPrefix(u.EscapedPath(), "/")
		path = strings.TrimPrefix(path, "sudoku/")
		path = strings.TrimSuffix(path, "/")
		if path == "" {
			return "", true, false
		}
		return decodeComponent(path), true, true
	}
	if prefixOf(s) != "" {
		return decodeComponent(s), false, true
	}
	return "", false, false
}

// queryParam returns the value of the parameter key in a raw query,
// percent-decoded as a path is: a "+" stays a "+". Base64 payloads hold
// "+", which SudokuPad's links carry unescaped; the form decoding of
// url.Values would read it as a space.
func queryParam(raw, key string) string {
	for _, kv := range strings.Split(raw, "&") {
		k, v, _ := strings.Cut(kv, "=")
		if k == key {
			return decodeComponent(v)
		}
	}
	return ""
}

// hasHost reports whether s starts with a SudokuPad host and a slash.
func hasHost(s string) bool {
	for _, h := range hosts {
		if strings.HasPrefix(s, h+"/") {
			return true
		}
	}
	return false
}

func isHost(h string) bool { return slices.Contains(hosts, strings.ToLower(h)) }

// cutQuery cuts s at a query or a fragment.
func cutQuery(s string) string {
	if i := strings.IndexAny(s, "?#"); i >= 0 {
		return s[:i]
	}
	return s
}

// decodeComponent percent-decodes s, as SudokuPad does only when that
// makes it shorter (a Base64 "+" stays a "+").
func decodeComponent(s string) string {
	if !strings.Contains(s, "%") {
		return s
	}
	d, err := url.PathUnescape(s)
	if err != nil || len(d) >= len(s) {
		return s
	}
	return d
}

// The payload formats, by prefix, longest first where one starts another.
var prefixes = []string{"fpuzzles", "fpuz", "scl", "ctc", "scf"}

// prefixOf returns the format prefix of a payload, or "" for a short id.
// A payload must hold more than its prefix, in lz-string's alphabets.
func prefixOf(p string) string {
	for _, x := range prefixes {
		if rest, ok := strings.CutPrefix(p, x); ok && len(rest) >= 4 && lzText(rest) {
			return x
		}
	}
	return ""
}

// lzText reports whether s is in lz-string's Base64 or URI-safe alphabets
// (with percent escapes).
func lzText(s string) bool {
	for i := 0; i < len(s); i++ {
		b := s[i]
		if !('A' <= b && b <= 'Z' || 'a' <= b && b <= 'z' || '0' <= b && b <= '9' || strings.IndexByte("+/=-$%", b) >= 0) {
			return false
		}
	}
	return true
}

// DefaultAPI is the URL of SudokuPad's puzzle service, to which a short id
// is appended (path-escaped): the first URL SudokuPad's loader tries.
const DefaultAPI = "https://sudokupad.app/api/puzzle/"

// DefaultTimeout bounds a fetch when the Fetcher sets no Timeout.
const DefaultTimeout = 10 * time.Second

// maxFetch bounds the answer of the puzzle service, in bytes.
const maxFetch = 4 << 20

// Fetcher reads SudokuPad links and payloads, and fetches the puzzles of
// short ids from SudokuPad's puzzle service. The zero value fetches from
// DefaultAPI with http.DefaultClient within DefaultTimeout.
type Fetcher struct {
	// API is the URL to which a short id is appended; "" is DefaultAPI.
	API string
	// Client makes the requests; nil is http.DefaultClient.
	Client *http.Client
	// Timeout bounds each fetch; zero is DefaultTimeout.
	Timeout time.Duration
	// Offline forbids the network: a short id is an error wrapping
	// ErrOffline (as it is for every Fetcher after SetOffline(true)).
	Offline bool
}

// Default is the Fetcher of the registered input format (textfmt) and of
// Read. A program keeps it off the network with SetOffline.
var Default = &Fetcher{}

// offline is SetOffline's setting.
var offline atomic.Bool

// SetOffline forbids (or allows again) the network to every Fetcher: a
// short id is then an error wrapping ErrOffline. The command line's
// --offline sets it; it is safe to call at any time from any goroutine.
func SetOffline(off bool) { offline.Store(off) }

// fetch returns the payload of a short id: the service's answer, which is
// a payload with its prefix, or SudokuPad's JSON (plain or shortened),
// which fetch gives the prefix "json:".
func (f *Fetcher) fetch(ctx context.Context, id string) (string, error) {
	if f.Offline || offline.Load() {
		return "", fail("", ErrOffline, "short id %q needs the network to fetch the puzzle from SudokuPad, and the network is off (--offline)", id)
	}
	api := f.API
	if api == "" {
		api = DefaultAPI
	}
	timeout := f.Timeout
	if timeout <= 0 {
		timeout = DefaultTimeout
	}
	client := f.Client
	if client == nil {
		client = http.DefaultClient
	}
	ctx, cancel := context.WithTimeout(ctx, timeout)
	defer cancel()
	var esc []string
	for _, seg := range strings.Split(id, "/") {
		esc = append(esc, url.PathEscape(seg))
	}
	u := api + strings.Join(esc, "/")
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, u, nil)
	if err != nil {
		return "", fail("", ErrFetch, "short id %q: %v", id, err)
	}
	resp, err := client.Do(req)
	if err != nil {
		why := err.Error()
		if errors.Is(err, context.DeadlineExceeded) {
			why = fmt.Sprintf("no answer within %v", timeout)
		}
		return "", fail("", ErrFetch, "cannot fetch short id %q from %s: %s", id, u, why)
	}
	defer resp.Body.Close()
	body, err := io.ReadAll(io.LimitReader(resp.Body, maxFetch+1))
	switch {
	case err != nil:
		return "", fail("", ErrFetch, "short id %q: reading the answer of %s: %v", id, u, err)
	case resp.StatusCode != http.StatusOK:
		return "", fail("", ErrFetch, "short id %q: %s answered %s", id, u, resp.Status)
	case len(body) > maxFetch:
		return "", fail("", ErrFetch, "short id %q: the answer of %s is over %d MiB", id, u, maxFetch>>20)
	}
	text := strings.TrimSpace(string(body))
	if text == "" {
		return "", fail("", ErrFetch, "short id %q: %s answered nothing", id, u)
	}
	if prefixOf(text) != "" {
		return text, nil
	}
	return "json:" + text, nil
}
