// Package web holds satdoku's page: plain HTML, CSS and JavaScript, no
// framework and no build step. The same files serve two ways: from the
// binary ("satdoku serve", the answers computed by the server: POST
// /api/page/QUESTION, package pageapi), or as a folder of static files with
// the page's js/wasm build (./web/wasm) and Go's wasm_exec.js beside them
// ("make web"), the answers computed in the browser, in Web Workers, by the
// same package pageapi. The page asks GET api/info: a server answers it, a
// static host does not.
//
// The board is the puzzle as given: no digit it does not give, and no
// mark, is shown until the user asks (Candidates, Show solution, Hint,
// Clue report).
//
// Hooks for scripts and tests: the verdict is in the element with
// id="verdict", whose text starts with unique, multiple, none or invalid
// (data-ms: the verdict's round trip, in milliseconds); the number of
// solutions in id="count" ("872", "1000+", or "≈ …" for an estimate); each
// cell of the board has data-cell="r1c1" and data-digit when it shows a
// digit (a given, or after Show solution or a hint applied, a digit
// placed), data-candidates when marks are shown (the digits in order),
// data-counts with the candidates' solution counts ("1:12,4:3"),
// data-eliminate and data-place after a hint (the digits it strikes, the
// digit it places), data-clue after the clue report (needed, redundant or
// undecided, on givens) and data-highlight="1" when highlighted; the
// buttons are id="candidates-btn", "solution-btn", "hint-btn" and
// "clues-btn"; the solution, when shown, is in id="solution" as one line.
package web

import (
	"embed"
	"io/fs"
)

//go:embed static
var static embed.FS

// Files returns the page's files: index.html, app.js, worker.js,
// style.css. The static folder adds satdoku.wasm and wasm_exec.js.
func Files() fs.FS {
	sub, err := fs.Sub(static, "static")
	if err != nil {
		panic(err) // the embedded folder exists: a build error otherwise
	}
	return sub
}
