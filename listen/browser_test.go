package listen_test

import (
	"context"
	"fmt"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	lzstring "github.com/daku10/go-lz-string"

	"github.com/satdoku/satdoku/listen"
)

// page is the test's web page: it connects to the server from the
// browser as the f-puzzles userscript does (a WebSocket, a truecandidates
// request with the lz-string data, the response's solutionsPerCandidate
// read as the userscript's importCandidates reads it: a candidate is shown
// where its count is not 0) and writes each cell's candidates in the
// cells of a table, then marks the page done.
const page = `<!DOCTYPE html>
<html><head><meta charset="utf-8"><title>satdoku listen</title></head>
<body><table id="grid"></table><p id="status">connecting</p>
<script>
const size = %d;
const socket = new WebSocket(%q);
socket.onopen = () => {
	document.getElementById("status").textContent = "sent";
	socket.send(JSON.stringify({nonce: 1, command: "truecandidates", dataType: "fpuzzles", data: %q}));
};
socket.onerror = () => { document.getElementById("status").textContent = "error"; };
socket.onmessage = (msg) => {
	const response = JSON.parse(msg.data);
	if (response.nonce !== 1 || response.type !== "truecandidates") {
		document.getElementById("status").textContent = "unexpected " + msg.data;
		return;
	}
	const table = document.getElementById("grid");
	for (let i = 0; i < size; i++) {
		const row = table.insertRow();
		for (let j = 0; j < size; j++) {
			const candidates = [];
			for (let v = 0; v < size; v++) {
				if (response.solutionsPerCandidate[(i * size + j) * size + v] !== 0) {
					candidates.push(v + 1);
				}
			}
			row.insertCell().textContent = candidates.join("");
		}
	}
	const done = document.createElement("p");
	done.id = "done";
	done.textContent = "done";
	document.body.appendChild(done);
};
</script></body></html>`

// TestBrowser: a headless Chromium opens a page served by the test that
// connects to satdoku listen from the browser and shows the true
// candidates; they are the validator's.
func TestBrowser(t *testing.T) {
	if testing.Short() {
		t.Skip("starts a browser")
	}
	browser, err := exec.LookPath("chromium")
	if err != nil {
		if os.Getenv("CI") == "true" {
			t.Fatalf("chromium is not installed, and CI=true requires it (.ci/run installs it): %v", err)
		}
		t.Skipf("chromium is not installed (apt-get install chromium): %v", err)
	}
	addr, _ := startServer(t, listen.Options{Jobs: 1})
	data, err := lzstring.CompressToBase64(fpz(nine, nil))
	if err != nil {
		t.Fatal(err)
	}
	web := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		fmt.Fprintf(w, page, 9, addr, data)
	}))
	defer web.Close()

	opts := append(chromedp.DefaultExecAllocatorOptions[:], chromedp.ExecPath(browser),
		chromedp.Flag("no-sandbox", true), chromedp.Flag("disable-gpu", true))
	actx, cancel := chromedp.NewExecAllocator(context.Background(), opts...)
	defer cancel()
	ctx, cancel := chromedp.NewContext(actx)
	defer cancel()
	ctx, cancel = context.WithTimeout(ctx, 2*time.Minute)
	defer cancel()
	var cells []string
	var status string
	err = chromedp.Run(ctx,
		chromedp.Navigate(web.URL),
		chromedp.WaitVisible("#done", chromedp.ByID),
		chromedp.Evaluate(`Array.from(document.querySelectorAll("#grid td")).map(td => td.textContent)`, &cells),
		chromedp.Text("#status", &status, chromedp.ByID),
	)
	if err != nil {
		t.Fatalf("browser: %v (status %q)", err, status)
	}
	want := bruteCounts(gridOf(t, nine), 1)
	if len(cells) != 81 {
		t.Fatalf("%d cells shown", len(cells))
	}
	for i, got := range cells {
		var b strings.Builder
		for d := 1; d <= 9; d++ {
			if want[i*9+d-1] > 0 {
				b.WriteByte(byte('0' + d))
			}
		}
		if got != b.String() {
			t.Errorf("r%dc%d: the browser shows %q, want %q", i/9+1, i%9+1, got, b.String())
		}
	}
}
