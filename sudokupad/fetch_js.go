//go:build js && wasm

package sudokupad

import (
	"context"
	"time"
)

// Fetcher reads SudokuPad links and payloads. In a browser (the js/wasm
// build of the page) it has no HTTP client: a short id, whose puzzle only
// SudokuPad's service holds, is an error wrapping ErrOffline, and a link
// that carries its puzzle is read as everywhere.
type Fetcher struct {
	// API and Timeout are kept for the same fields as elsewhere; unused.
	API     string
	Timeout time.Duration
	// Offline is always the case here.
	Offline bool
}

// fetch refuses a short id: the page cannot fetch it.
func (f *Fetcher) fetch(_ context.Context, id string) (string, error) {
	return "", fail("", ErrOffline, "short id %q: the puzzle is on SudokuPad's server, which this page does not ask; paste the full link (its fpuzzles… or scl… form) or the puzzle itself", id)
}
