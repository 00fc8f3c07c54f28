// Package web holds satdoku's page: plain HTML, CSS and JavaScript, no
// framework and no build step. The same files serve two ways: from the
// binary ("satdoku serve", the answers computed by the server through the
// API of package httpapi), or as a folder of static files with the
// js/wasm build of satdoku and Go's wasm_exec.js beside them ("make
// web"), the answers computed in the browser, in a Web Worker. The page
// asks GET api/info: a server answers it, a static host does not.
//
// Hooks for scripts and tests: the verdict is in the element with
// id="verdict", whose text starts with unique, multiple, none or invalid;
// each cell of the board has data-cell="r1c1" and, when a digit is shown,
// data-digit (and data-highlight="1" when highlighted); the solution, when
// shown, is in id="solution" as one line.
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
