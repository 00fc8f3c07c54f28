//go:build !(js && wasm)

package sudokupad

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"strings"
	"time"
)

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
