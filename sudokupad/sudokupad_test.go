package sudokupad

import (
	"bufio"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"net/http/httptest"
	"os"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	lzstring "github.com/daku10/go-lz-string"

	"github.com/satdoku/satdoku"
	"github.com/satdoku/satdoku/clue"
	"github.com/satdoku/satdoku/fpuzzles"
	"github.com/satdoku/satdoku/internal/ruleset"
	"github.com/satdoku/satdoku/rulestext"
	"github.com/satdoku/satdoku/textfmt"
	"github.com/satdoku/satdoku/verify"
)

// published is one puzzle of fpuzzles/testdata/published.txt: published
// f-puzzles puzzles with their published solutions.
type published struct {
	name, solution, puzzle string
}

func readPublished(t *testing.T) []published {
	t.Helper()
	f, err := os.Open("../fpuzzles/testdata/published.txt")
	if err != nil {
		t.Skip(err)
	}
	defer f.Close()
	var out []published
	var cur published
	sc := bufio.NewScanner(f)
	sc.Buffer(nil, 1<<22)
	for sc.Scan() {
		line := strings.TrimSpace(sc.Text())
		switch {
		case line == "":
			cur = published{}
		case strings.HasPrefix(line, "# ") && cur.name == "":
			cur.name = line[2:]
		case strings.HasPrefix(line, "#"):
		case strings.HasPrefix(line, "solution "):
			cur.solution = strings.TrimPrefix(line, "solution ")
		case strings.HasPrefix(line, "refused "):
			cur.solution = ""
		default:
			if cur.solution != "" {
				cur.puzzle = line
				out = append(out, cur)
			}
		}
	}
	return out
}

// fpuzzlesJSON returns the JSON object of an f-puzzles record.
func fpuzzlesJSON(t *testing.T, s string) fp {
	t.Helper()
	text := s
	if !strings.HasPrefix(s, "{") {
		var err error
		if text, err = lzstring.DecompressFromBase64(s); err != nil {
			t.Fatal(err)
		}
	}
	var f fp
	if err := json.Unmarshal([]byte(text), &f); err != nil {
		t.Fatal(err)
	}
	return f
}

// TestPublishedAsSudokuPad draws published f-puzzles puzzles as
// SudokuPad's f-puzzles import does, in SudokuPad's JSON, plain and
// shortened, as scl and ctc payloads, and checks that each reads the same
// puzzle as the f-puzzles link it came from — the same givens, the same
// rules — and that the published solution is the solution it carries and
// the validator passes it.
func TestPublishedAsSudokuPad(t *testing.T) {
	recs := readPublished(t)
	drawn := 0
	for _, rec := range recs {
		f := fpuzzlesJSON(t, rec.puzzle)
		want, err := fpuzzles.Read([]byte(rec.puzzle))
		if err != nil || want.Grid.N() > 9 {
			continue
		}
		f["solution"] = digitsOf(rec.solution)
		p, lost, err := draw(f)
		var skip errSkip
		if errors.As(err, &skip) || len(lost) > 0 {
			continue // TestLostRules reads those
		}
		if err != nil {
			t.Fatal(err)
		}
		plain, _ := json.Marshal(p)
		for _, text := range []string{string(plain), zip(p)} {
			for _, prefix := range []string{"scl", "ctc"} {
				link := "https://sudokupad.app/" + prefix + compress(t, text)
				got, err := Read(link)
				if err != nil {
					t.Errorf("%s (%s): %v", rec.name, prefix, err)
					continue
				}
				if !got.Grid.Equal(want.Grid) {
					t.Errorf("%s: givens\n%v\nwant\n%v", rec.name, got.Grid, want.Grid)
				}
				if a, b := ruleset.Lines(got.Grid.Rules()), ruleset.Lines(want.Grid.Rules()); !slices.Equal(a, b) {
					t.Errorf("%s: rules differ\n%s", rec.name, ruleset.Diff(a, b))
				}
				if got.Solution == nil || got.Solution.String() != rec.solution {
					t.Errorf("%s: solution %v, want %s", rec.name, got.Solution, rec.solution)
				} else if err := verify.Solution(got.Grid, got.Solution); err != nil {
					t.Errorf("%s: the published solution breaks the rules read: %v", rec.name, err)
				}
			}
		}
		drawn++
	}
	t.Logf("%d of %d published puzzles drawn as SudokuPad draws them and read alike", drawn, len(recs))
	if drawn < 20 {
		t.Errorf("only %d puzzles drawn", drawn)
	}
}

func digitsOf(s string) []any {
	var out []any
	for _, r := range s {
		out = append(out, float64(r-'0'))
	}
	return out
}

// compress compresses text with lz-string, as SudokuPad does.
func compress(t *testing.T, text string) string {
	t.Helper()
	s, err := lzstring.CompressToBase64(text)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// killer is a small 4×4 killer puzzle as f-puzzles JSON, with its
// solution (worked by hand: the cages are summed from it).
const killerFP = `{"size":4,"grid":[[{"value":1,"given":true},{},{},{}],[{},{"value":4,"given":true},{},{"value":2,"given":true}],[{},{},{},{}],[{},{},{},{"value":1,"given":true}]],` +
	`"killercage":[{"cells":["R1C2","R1C3"],"value":"5"},{"cells":["R2C1","R3C1"],"value":"5"},{"cells":["R4C2","R4C3"],"value":"5"}],` +
	`"solution":[1,2,3,4,3,4,1,2,2,1,4,3,4,3,2,1]}`

// sclPayload is the SudokuPad payload of killerFP, as SudokuPad's import
// draws it, zipped.
func sclPayload(t *testing.T) string {
	t.Helper()
	var f fp
	if err := json.Unmarshal([]byte(killerFP), &f); err != nil {
		t.Fatal(err)
	}
	p, _, err := draw(f)
	if err != nil {
		t.Fatal(err)
	}
	return "scl" + compress(t, zip(p))
}

// TestLinkForms checks that every form of SudokuPad link, and the bare
// payloads, read the same puzzle as the f-puzzles link it came from.
func TestLinkForms(t *testing.T) {
	load := compress(t, killerFP)
	want, err := fpuzzles.Read([]byte("https://www.f-puzzles.com/?load=" + load))
	if err != nil {
		t.Fatal(err)
	}
	scl := sclPayload(t)
	ctc := "ctc" + strings.TrimPrefix(scl, "scl")
	for _, link := range []string{
		"https://sudokupad.app/" + scl,
		"https://sudokupad.app/sudoku/" + scl,
		"https://sudokupad.app/?puzzleid=" + strings.ReplaceAll(strings.ReplaceAll(scl, "+", "%2B"), "/", "%2F"),
		"https://app.crackingthecryptic.com/sudoku/" + scl,
		"http://app.crackingthecryptic.com/" + ctc + "?setting-nogrid=1",
		"sudokupad.app/" + scl,
		"sudokupad://puzzle/" + scl,
		"  " + scl + "\n",
		ctc,
		"https://sudokupad.app/fpuzzles" + load,
		"https://sudokupad.app/fpuz" + load,
		"fpuzzles" + load,
		"fpuz" + load,
		"https://beta.sudokupad.app/sudoku/fpuzzles" + strings.ReplaceAll(load, "+", "%2B"),
	} {
		link = strings.ReplaceAll(link, "\\n", "\n")
		got, err := Read(link)
		if err != nil {
			t.Errorf("%.60s: %v", link, err)
			continue
		}
		if !got.Grid.Equal(want.Grid) || !slices.Equal(ruleset.Lines(got.Grid.Rules()), ruleset.Lines(want.Grid.Rules())) {
			t.Errorf("%.60s: read %v %v, want %v %v", link, got.Grid, ruleset.Lines(got.Grid.Rules()), want.Grid, ruleset.Lines(want.Grid.Rules()))
		}
		if got.Solution == nil || got.Solution.String() != "1234341221434321" {
			t.Errorf("%.60s: solution %v", link, got.Solution)
		}
	}
	// The solution is the puzzle's, and unique (an outside check: the
	// validator's own count).
	if n, _ := verify.Count(want.Grid, 2); n != 1 {
		t.Errorf("the test puzzle has %d solutions", n)
	}
	for _, bad := range []string{"hello", "abc123", "https://example.com/scl" + scl[3:], "https://sudokupad.app/", "sclAAAA!"} {
		if _, err := Read(bad); err == nil {
			t.Errorf("%q: no error", bad)
		}
	}
}

// TestRegistered checks that textfmt reads SudokuPad links as arguments
// and as inputs, one a line, with the solution they carry; a bare word is
// not a SudokuPad puzzle.
func TestRegistered(t *testing.T) {
	scl := sclPayload(t)
	p, ok, err := textfmt.ReadArg("https://sudokupad.app/" + scl)
	if !ok || err != nil || p.Grid == nil || p.Solution == nil || p.Solution.String() != "1234341221434321" {
		t.Fatalf("ReadArg: %v %v %+v", ok, err, p)
	}
	if _, ok, _ := textfmt.ReadArg("abc123"); ok {
		t.Error("ReadArg claims a bare word")
	}
	in := "# links\n\nhttps://sudokupad.app/" + scl + "\n" + scl + "\nsudokupad://puzzle/sclAAAA\n"
	in = strings.ReplaceAll(in, "\\n", "\n")
	r, name := textfmt.Open(strings.NewReader(in))
	if name != "sudokupad" {
		t.Fatalf("Open: format %q", name)
	}
	for k, line := range []int{3, 4, 5} {
		p, err := r.Next()
		if p.Line != line || (k < 2) != (err == nil) {
			t.Errorf("puzzle %d: line %d, error %v", k, p.Line, err)
		}
		var pe *satdoku.ParseError
		if k == 2 && (!errors.As(err, &pe) || pe.Pos.Line != 5) {
			t.Errorf("error %v not placed at line 5", err)
		}
	}
}

// TestShortID checks the fetch of short ids against a local server: the
// URL asked, each kind of answer, an HTTP error, a timeout, no network,
// and Offline.
func TestShortID(t *testing.T) {
	scl := sclPayload(t)
	var mu sync.Mutex // guards askedList: the handler runs on the server's goroutines
	var askedList []string
	asked := func() []string {
		mu.Lock()
		defer mu.Unlock()
		return slices.Clone(askedList)
	}
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		mu.Lock()
		askedList = append(askedList, r.URL.Path)
		mu.Unlock()
		switch r.URL.Path {
		case "/api/puzzle/abc123":
			fmt.Fprint(w, scl)
		case "/api/puzzle/fp1":
			fmt.Fprint(w, "fpuzzles"+compress(t, killerFP))
		case "/api/puzzle/raw":
			var f fp
			json.Unmarshal([]byte(killerFP), &f)
			p, _, _ := draw(f)
			fmt.Fprint(w, zip(p)) // a puzzle stored as it is
		case "/api/puzzle/slow":
			time.Sleep(300 * time.Millisecond)
			fmt.Fprint(w, scl)
		default:
			http.NotFound(w, r)
		}
	}))
	defer srv.Close()
	f := &Fetcher{API: srv.URL + "/api/puzzle/", Timeout: 100 * time.Millisecond}
	for _, link := range []string{"https://sudokupad.app/abc123", "https://app.crackingthecryptic.com/sudoku/fp1", "sudokupad://puzzle/raw", "https://sudokupad.app/?puzzleid=abc123"} {
		p, err := f.Read(context.Background(), link)
		if err != nil || p.Solution == nil || p.Solution.String() != "1234341221434321" {
			t.Errorf("%s: %v %+v", link, err, p)
		}
	}
	if want := []string{"/api/puzzle/abc123", "/api/puzzle/fp1", "/api/puzzle/raw", "/api/puzzle/abc123"}; !slices.Equal(asked(), want) {
		t.Errorf("asked %q, want %q", asked(), want)
	}
	for link, want := range map[string]string{
		"https://sudokupad.app/missing": "404 Not Found",
		"https://sudokupad.app/slow":    "no answer within 100ms",
	} {
		_, err := f.Read(context.Background(), link)
		if !errors.Is(err, ErrFetch) || !strings.Contains(err.Error(), want) {
			t.Errorf("%s: error %v, want ErrFetch with %q", link, err, want)
		}
	}
	down := &Fetcher{API: "http://127.0.0.1:1/api/puzzle/", Timeout: time.Second}
	if _, err := down.Read(context.Background(), "https://sudokupad.app/abc123"); !errors.Is(err, ErrFetch) || !strings.Contains(err.Error(), `cannot fetch short id "abc123"`) {
		t.Errorf("no network: error %v", err)
	}
	off := &Fetcher{API: srv.URL + "/api/puzzle/", Offline: true}
	n := len(asked())
	if _, err := off.Read(context.Background(), "https://sudokupad.app/abc123"); !errors.Is(err, ErrOffline) {
		t.Errorf("offline: error %v", err)
	}
	SetOffline(true)
	_, err := f.Read(context.Background(), "https://sudokupad.app/abc123")
	SetOffline(false)
	if !errors.Is(err, ErrOffline) || len(asked()) != n {
		t.Errorf("SetOffline: error %v, %d requests", err, len(asked())-n)
	}
	// A payload is read without the network, offline or not.
	if _, err := off.Read(context.Background(), "https://sudokupad.app/"+scl); err != nil {
		t.Errorf("offline payload: %v", err)
	}
}

// TestRefused checks that an element drawn in no style of a rule is an
// error naming its kind, its cells and its colour, and that malformed data
// is an error.
func TestRefused(t *testing.T) {
	base := func(extra string) string {
		return `{"cells":[[{},{},{},{}],[{},{},{},{}],[{},{},{},{}],[{},{},{},{}]]` + extra + `}`
	}
	tests := []struct {
		json string
		kind error
		msg  string
	}{
		{base(`,"lines":[{"color":"#FF0000","thickness":8,"wayPoints":[[0.5,0.5],[1.5,1.5]]}]`), ErrUnsupported,
			`lines[0]: line at r1c1,r2c2 (color #ff0000): not drawn in the style of a rule satdoku reads`},
		{base(`,"overlays":[{"center":[1,1],"width":0.5,"height":0.5,"backgroundColor":"#00FF00","text":"5"}]`), ErrUnsupported,
			`overlays[0]: overlay at r1c1,r1c2,r2c1,r2c2 (background #00ff00, text "5")`},
		{base(`,"underlays":[{"center":[0.5,0.5],"width":0.8,"height":0.8,"backgroundColor":"#CFCFCF","rounded":true}]`), ErrUnsupported,
			`underlays[0]: underlay at r1c1 (background #cfcfcf)`},
		{base(`,"lines":[{"color":"#CFCFCF","thickness":21,"wayPoints":[[0.5,0.5],[0.5,1.5]]}]`), ErrUnsupported,
			`a thermometer without a bulb`},
		{base(`,"arrows":[{"color":"#a1a1a1","thickness":5,"headLength":0.3,"wayPoints":[[0.5,0.5],[0.5,1.5]]}]`), ErrUnsupported,
			`an arrow without a circle`},
		{base(`,"cages":[{"cells":[[0,0],[0,1]],"value":"x+y"}]`), ErrUnsupported, `cage r1c1,r1c2: value x+y is not a sum`},
		{base(`,"cages":[{"cells":[[0,0],[0,1]],"unique":false,"value":3}]`), ErrUnsupported, `a cage whose digits may repeat`},
		{base(`,"cages":[{"cells":[[0,0],[0,4]],"value":3}]`), ErrInvalid, `cell r1c5 is off the 4×4 board`},
		{base(`,"regions":[[[0,0],[0,1]]]`), ErrInvalid, `region 1 has 2 cells, want 4`},
		{`{"cells":[[{},{},{}],[{},{},{}]]}`, ErrUnsupported, `a row of 3 cells on a board of 2 rows`},
		{`{"cells":[[{"value":7},{},{},{}],[{},{},{},{}],[{},{},{},{}],[{},{},{},{}]]}`, ErrInvalid, `given 7 is not a digit 1 to 4`},
	}
	for _, tc := range tests {
		for _, text := range []string{tc.json} {
			_, err := Read("scl" + compress(t, text))
			if !errors.Is(err, tc.kind) || !strings.Contains(err.Error(), tc.msg) {
				t.Errorf("%s: error %v, want %v with %q", tc.json, err, tc.kind, tc.msg)
			}
		}
	}
	// The solution may come in "metadata" too.
	p, err := Read("scl" + compress(t, base(`,"metadata":{"solution":"1234341221434321","title":"T"}`)))
	if err != nil || p.Solution == nil || p.Solution.String() != "1234341221434321" || p.Title != "T" {
		t.Errorf("metadata: %v %+v", err, p)
	}
	// An impossible clue is no error: a puzzle with no solution.
	p, err = Read("scl" + compress(t, base(`,"cages":[{"cells":[[0,0],[0,1]],"value":9}]`)))
	if err != nil {
		t.Fatal(err)
	}
	if cs := verify.Check(p.Grid); len(cs) != 1 || cs[0].String() != "killer cage r1c1,r1c2: 9 is impossible in 2 cells (want 3 to 7)" {
		t.Errorf("impossible cage: %v", cs)
	}
}

// parityFish is a real SudokuPad link: Marty Sears' "Parity Fish" (made
// with Sudoku Maker), as published in SakanaAI/Sudoku-Bench's README for
// the short id wsj7iunsg6, with its solution in its metadata.
const parityFish = "https://sudokupad.app/sclN4SwJgXA5AzgHjAtgfQLIEMBOAXAngZQFMsZkBWADgAYBjANgDMwAjV9ATmYeasIHYAjOkID2VACziGVAExhxNKABpEhbOjDp1EYDAD2AV0w1C0fAbB6A1gYAEGK4Uy2AbjNlkAdLM8zxAWhoaBjJ0CjpldANsAAs9TGgMHFxbIhJlTAMAG0IYaAA5eMR0LNsYC2s7TJyYW3QAB3qs3ABuWwYQLNLYwlsAc0xwWwB3EFjbHtswED6x2oF/djK9CZitKZm5qb0AOwAdKGxbTEJ64iOQHbqdlMw9YaVbGj0sg0Qdx/QdsFtizEcfgBmOCA2zMPRwTx7HYAFWGKxMXVqGgAVugTDsjiVdn06sdCD8spdeogDDAjs9MehLrZdr1CC5CFdprMsd9aTtenowD8WWMobD4U9CEinrtOTRsASwSl0CMYmNepYKbt1DTKTBCDRoiBGRtWTABXCESKsrVKRKpT9mLKwVl0VZtiqqTS+dhasMYk4uZzbCBapYDMwcqsuT1MJ5lPpXtgQLtoBQyOJAXR2AI+DJ2Hw6DIyAIKIDxAIZIW+BR2GQ6EWKxQS3Q+JXy4C+OIZMXmwJxHQyOwKGXK+xWwIU2na83xGRCzJBI32MpmLNin1TFAYthsPU8gB6LcgTwgRB9IyeZ6ILc7QEgADy2HE+U8KLOfXni/Qy709XRY1wEAESmw0AAApYN+tgAGL+jEUAAL5KCYEAANoIUoKGoShAC6SjIWhqGYdhOFKHhBEYVhxGEaRxFEZRFEEVRtGYSciFIVQShUHhLECOxSgyHhf5sVhf6cQJ3F4TIrGiUoQkIWJPF4QhLGAlx4hcWQvFKIpwnKcJqlYWJGnSUoWkGapcksXQXF8FxFBqeZwmWcJ1m6UotkGfZBnWXJgLiVhXlSV5PFYeI3kIUFUlBQFCFkMFUVSVFslYQhXn6V5RleTpIXqXhQVGUF6VRfpUVGVFJkJV5LleW5XmORlLlBW5QXVVFLlRW5UUeQldDBZ1UmdRFfDBf1Un9RFFDBaNUmjfFSGdfpnVGZ16X9fp/VGf16Wjfpo1GaNJXTc5eGdW5nXVf1Ln9W5/XVaNLmjW5o0eZheiIcAkqIYCnhtZhwwQFQniFkoMQ/X9QWxL+vijVK0DKDQEAAMQsQk2BwTIcNgXBAhw1QsEvQBIUfUojnfb9/2A8TIOAwI4P/iu0OY0oiPI6j6OY9jr2RfjhNAyTXPk2DMgQzTcF0wzNAo7DaM0Bj8Os7j4j40JRPAwDPP/hTVOQ1AtPw/TEBI6LTOSyzSg44hk0fV9Kuk0roOU/z1NQ0L2si2LEtS1jxts/1v06Yr3Nk6rfMCw7MNO7rjPi8z0se7jfHm0ovtBVb/02+rgshwjYf6xHhtRybCF0Pj9kJ8r/sp3bGtaxnesu5H7t5wXMUW/7Se87bQea47Vfh67Rt5xQHNN0rLcB239sd+nOvVwbbsy4hfD4z7lsq2X7eV5P3e17PCF/u9i/N8vavl2nwuZzXOd157SheHvQ8H4HY9r870+92zYkN4PfvW4fq+d+vWc97nNm3sRLxyXqXb+D9f5P2zjPaOiE/xyxvp/ZOECK5QNPs/QBuNfJx19l5JOXk0EhzRtAi+2DC4f3wVzQhx8I6kK3jJXB1CS5/RocHJm9C4EIX7nFShLDARsPHhwjBWDTZKHnkgqhxNBFaxISIrG6FoJAA"

// TestRealPayload reads a real SudokuPad payload: it decompresses and
// unzips to SudokuPad's JSON, whose metadata, board and regions are read,
// and whose dots, drawn by Sudoku Maker's export (0.34 wide white dots
// bordered black, 0.33 black ones without a border, not the 0.3 of
// SudokuPad's f-puzzles import), are read as Kropki dots. The published
// solution is the oracle: it keeps every dot as drawn (white: consecutive,
// black: one double the other) and every region, and it keeps the rules
// read. The parity lines are in the background image: the reading names
// them (the rules text's red lines) and the image.
func TestRealPayload(t *testing.T) {
	p, _, ok := payload(parityFish)
	if !ok || !strings.HasPrefix(p, "scl") {
		t.Fatalf("payload %q", p)
	}
	text, ok := decompress(p[3:])
	if !ok {
		t.Fatal("does not decompress")
	}
	v, ok := unzip(text)
	if !ok {
		t.Fatal("does not unzip")
	}
	root := v.(map[string]any)
	meta := root["metadata"].(map[string]any)
	sol, _ := meta["solution"].(string)
	if meta["title"] != "Parity Fish" || meta["author"] != "Marty Sears" || len(sol) != 81 {
		t.Fatalf("metadata %v", meta)
	}
	d := func(r, c int) int { return int(sol[r*9+c] - '0') }
	dots := 0
	for _, x := range root["overlays"].([]any) {
		o := elem{list: "overlays", m: x.(map[string]any)}
		c, _ := o.center()
		var a, b [2]int
		if c[0] == float64(int(c[0])) { // a horizontal edge: cells above and below
			a, b = [2]int{int(c[0]) - 1, int(c[1])}, [2]int{int(c[0]), int(c[1])}
		} else {
			a, b = [2]int{int(c[0]), int(c[1]) - 1}, [2]int{int(c[0]), int(c[1])}
		}
		x, y := d(a[0], a[1]), d(b[0], b[1])
		switch o.colour("backgroundColor") {
		case white:
			if x-y != 1 && y-x != 1 {
				t.Errorf("white dot at %v: %d and %d", c, x, y)
			}
		case black:
			if x != 2*y && y != 2*x {
				t.Errorf("black dot at %v: %d and %d", c, x, y)
			}
		default:
			t.Errorf("overlay %v", o.m)
		}
		dots++
	}
	if dots != 21 {
		t.Errorf("%d dots", dots)
	}
	for k, reg := range root["regions"].([]any) {
		seen := map[int]bool{}
		for _, rc := range reg.([]any) {
			x := rc.([]any)
			r, _ := integer(x[0])
			c, _ := integer(x[1])
			seen[d(r, c)] = true
		}
		if len(seen) != 9 {
			t.Errorf("region %d holds %d digits", k, len(seen))
		}
	}
	got, err := Read(parityFish)
	if err != nil {
		t.Fatal(err)
	}
	dots = 0
	for _, c := range got.Clues {
		if c.Kind == clue.WhiteDot || c.Kind == clue.BlackDot {
			dots++
		}
	}
	if dots != 21 || got.Solution == nil || got.Solution.String() != sol {
		t.Errorf("%d dots read, solution %v", dots, got.Solution)
	}
	if err := verify.Solution(got.Grid, got.Solution); err != nil {
		t.Errorf("the published solution breaks the rules read: %v", err)
	}
	if names := rulestext.Names(got.Unread); !slices.Equal(names, []string{"lines", "what its background image draws"}) {
		t.Errorf("unread %q", names)
	}
}
