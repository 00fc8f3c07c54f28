package sudokupad

import (
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

// Default is the Fetcher of the registered input format (textfmt) and of
// Read. A program keeps it off the network with SetOffline.
var Default = &Fetcher{}

// offline is SetOffline's setting.
var offline atomic.Bool

// SetOffline forbids (or allows again) the network to every Fetcher: a
// short id is then an error wrapping ErrOffline. The command line's
// --offline sets it; it is safe to call at any time from any goroutine.
func SetOffline(off bool) { offline.Store(off) }
