package textfmt

import (
	"bufio"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
	"testing/iotest"

	"github.com/satdoku/satdoku"
)

// readAll reads every puzzle of r, failing the test on any error.
func readAll(t *testing.T, r *Reader) (puzzles []string, lines []int) {
	t.Helper()
	for {
		g, err := r.Read()
		if err == io.EOF {
			return puzzles, lines
		}
		if err != nil {
			t.Fatalf("Read after line %d: %v", r.Line(), err)
		}
		puzzles = append(puzzles, g.String())
		lines = append(lines, r.Line())
	}
}

// fileLines returns the lines of a test file.
func fileLines(t *testing.T, path string) []string {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return strings.Split(strings.TrimSuffix(string(b), "\n"), "\n")
}

func TestReaderFixtures(t *testing.T) {
	dir := filepath.Join("testdata", "formats")
	want36 := fileLines(t, filepath.Join(dir, "36x36.want"))
	tests := []struct {
		file  string
		want  []string
		lines []int
	}{
		{"qqwing.txt", []string{easy1, easy2}, []int{1, 13}},
		{"norvig.txt", []string{top1, hardest1}, []int{1, 13}},
		{"sadman.sdk", []string{top2}, []int{9}},
		{"simple.ss", []string{hardest2}, []int{1}},
		{"leetcode.json", []string{leet37}, []int{1}},
		{"stream.txt", []string{tdoku1, tdoku2, royle1, kaggle1, easy3}, []int{4, 5, 7, 9, 10}},
		{"16x16.txt", fileLines(t, filepath.Join(dir, "16x16.txt")), []int{1, 2, 3}},
		{"25x25.txt", fileLines(t, filepath.Join(dir, "25x25.txt")), []int{1, 2}},
		{"36x36.txt", want36[:1], []int{4}},
	}
	for _, tt := range tests {
		t.Run(tt.file, func(t *testing.T) {
			f, err := os.Open(filepath.Join(dir, tt.file))
			if err != nil {
				t.Fatal(err)
			}
			defer f.Close()
			got, lines := readAll(t, NewReader(f))
			if len(got) != len(tt.want) {
				t.Fatalf("read %d puzzles, want %d", len(got), len(tt.want))
			}
			for i := range got {
				if got[i] != tt.want[i] {
					t.Errorf("puzzle %d = %s\nwant       %s", i+1, got[i], tt.want[i])
				}
				if lines[i] != tt.lines[i] {
					t.Errorf("puzzle %d at line %d, want %d", i+1, lines[i], tt.lines[i])
				}
			}
			// Each fixture parses on its own too, except the streams.
			if len(tt.want) == 1 && tt.file != "stream.txt" {
				b, _ := os.ReadFile(filepath.Join(dir, tt.file))
				g, err := Parse(string(b))
				if err != nil || g.String() != tt.want[0] {
					t.Errorf("Parse(%s) = %v, %v", tt.file, g, err)
				}
			}
		})
	}
}

// TestReader36Solution checks the 36×36 fixture's solution, written as one
// line of numbers, against its puzzle.
func TestReader36Solution(t *testing.T) {
	want := fileLines(t, filepath.Join("testdata", "formats", "36x36.want"))
	puzzle, sol := MustParse(want[0]), MustParse(want[1])
	if puzzle.N() != 36 || !sol.Full() {
		t.Fatalf("puzzle %d×%d, solution full %v", puzzle.N(), puzzle.N(), sol.Full())
	}
	for i := range puzzle.Len() {
		if d := puzzle.Cell(i); d != 0 && d != sol.Cell(i) {
			t.Fatalf("cell %d: puzzle %d, solution %d", i, d, sol.Cell(i))
		}
	}
}

// result is what one call to Read should give.
type result struct {
	start     int    // Line()
	want      string // the puzzle, or "" for an error
	line, col int    // the error's position
	kind      error  // the error's sentinel
}

func checkResults(t *testing.T, r *Reader, results []result) {
	t.Helper()
	for i, w := range results {
		g, err := r.Read()
		if w.want != "" {
			if err != nil {
				t.Fatalf("Read #%d: %v, want a puzzle", i+1, err)
			}
			if g.String() != w.want {
				t.Errorf("Read #%d = %s, want %s", i+1, g, w.want)
			}
		} else {
			var pe *satdoku.ParseError
			if !errors.As(err, &pe) {
				t.Fatalf("Read #%d = %v, %v; want a *ParseError", i+1, g, err)
			}
			if pe.Pos != (satdoku.Position{Line: w.line, Column: w.col}) || !errors.Is(err, w.kind) {
				t.Errorf("Read #%d error %v, want line %d, column %d, %v", i+1, err, w.line, w.col, w.kind)
			}
		}
		if r.Line() != w.start {
			t.Errorf("Read #%d: Line() = %d, want %d", i+1, r.Line(), w.start)
		}
	}
	for range 2 {
		if g, err := r.Read(); err != io.EOF {
			t.Fatalf("Read at the end = %v, %v; want io.EOF", g, err)
		}
	}
}

// TestReaderResync checks that Read reports one error per bad puzzle and
// goes on with the next.
func TestReaderResync(t *testing.T) {
	lines := []string{
		"# mixed stream", // 1
		leet37,           // 2
		"53..7....",      // 3: a grid with a short row
		"6..195...",
		".98....6.",
		"8...6...3",
		"4..8.3..", // 7
		"7...2...6",
		".6....28.",
		"...419..5",
		"....8..79",
		easy1,         // 12
		"[[1,0,0,4],", // 13: JSON with a syntax error
		" [0,0,3,0],",
		" [0,4 0,0],", // 15
		" [2,0,0,1]]",
		four,        // 17
		"1 . | . 4", // 18: a 4×4 grid cut short by a one-line puzzle
		". . | 3 .",
		leet37,      // 20
		"53..7....", // 21: a grid cut short by a JSON board
		"[[1,0,0,4],[0,0,3,0],[0,4,0,0],[2,0,0,1]]",
		"junk!",    // 23
		"Puzzle 1", // 24
		"[Puzzle]", // 25: a header, skipped
		"+-----+-----+",
		"| 1 2 | 3 4 |", // 27
		"| 3 4 | 1 2 |",
		"+-----+-----+",
		"| 2 1 | 4 3 |",
		"| 4 3 | 2 1 |",
		"+-----+-----+",
		"  End  ", // 33
		leet37,
	}
	r := NewReader(strings.NewReader(strings.Join(lines, "\n")))
	checkResults(t, r, []result{
		{start: 2, want: leet37},
		{start: 3, line: 7, col: 9, kind: ErrLength},
		{start: 12, want: easy1},
		{start: 13, line: 15, col: 7, kind: ErrSyntax},
		{start: 17, want: four},
		{start: 18, line: 18, col: 1, kind: ErrIncomplete},
		{start: 20, want: leet37},
		{start: 21, line: 21, col: 1, kind: ErrIncomplete},
		{start: 22, want: four},
		{start: 23, line: 23, col: 5, kind: ErrBadCell},
		{start: 24, line: 24, col: 9, kind: ErrLength},
		{start: 27, want: "1234341221434321"},
	})
}

func TestReaderText(t *testing.T) {
	long := strings.Repeat("é", 150) // 300 bytes
	r := NewReader(strings.NewReader("  \t" + leet37 + "  \r\n\n" + long + "\n" + strings.Repeat("x", 300)))
	if _, err := r.Read(); err != nil {
		t.Fatal(err)
	}
	if r.Text() != leet37 || r.Line() != 1 {
		t.Errorf("Text() = %q, Line() = %d", r.Text(), r.Line())
	}
	if _, err := r.Read(); err == nil {
		t.Fatal("Read of a line of é: no error")
	}
	if want := strings.Repeat("é", 100); r.Text() != want || r.Line() != 3 {
		t.Errorf("Text() = %q (%d bytes), Line() = %d", r.Text(), len(r.Text()), r.Line())
	}
	if _, err := r.Read(); err == nil {
		t.Fatal("Read of a line of x: no error")
	}
	if want := strings.Repeat("x", 200); r.Text() != want || r.Line() != 4 {
		t.Errorf("Text() = %q (%d bytes), Line() = %d", r.Text(), len(r.Text()), r.Line())
	}
}

func TestReaderCutRune(t *testing.T) {
	// 199 bytes then a 3-byte rune: Text must not end in half of it.
	line := strings.Repeat("1", 199) + "５" + "1"
	r := NewReader(strings.NewReader(line))
	r.Read()
	if got := r.Text(); got != strings.Repeat("1", 199) {
		t.Errorf("Text() = %q", got)
	}
}

func TestReaderEnd(t *testing.T) {
	for _, end := range []string{"end", "END", " End \t", "end\r"} {
		r := NewReader(strings.NewReader(four + "\n" + end + "\n" + four + "\n"))
		if g, err := r.Read(); err != nil || g.String() != four {
			t.Fatalf("%q: first Read = %v, %v", end, g, err)
		}
		if g, err := r.Read(); err != io.EOF {
			t.Errorf("%q: second Read = %v, %v; want io.EOF", end, g, err)
		}
	}
	// "end" inside a word, or a longer line, is not the end.
	r := NewReader(strings.NewReader("ending\n" + four))
	if _, err := r.Read(); err == nil || err == io.EOF {
		t.Errorf("Read of \"ending\" = %v, want a parse error", err)
	}
	if g, err := r.Read(); err != nil || g.String() != four {
		t.Errorf("Read after \"ending\" = %v, %v", g, err)
	}
}

func TestReaderBOMCRLF(t *testing.T) {
	in := "\uFEFF# saved on Windows\r\n" + strings.Join(rowsOf(leet37), "\r\n") + "\r\n\r\n" + leet37JSON + "\r\n" + leet37 + "\r\n"
	got, lines := readAll(t, NewReader(strings.NewReader(in)))
	if strings.Join(got, ",") != leet37+","+leet37+","+leet37 {
		t.Errorf("read %q", got)
	}
	if want := []int{2, 12, 13}; !equalInts(lines, want) {
		t.Errorf("lines %v, want %v", lines, want)
	}
	// A BOM later in the input is not stripped.
	r := NewReader(strings.NewReader(four + "\n\uFEFF" + four))
	r.Read()
	if _, err := r.Read(); !errors.Is(err, ErrBadCell) {
		t.Errorf("BOM on line 2: %v, want ErrBadCell", err)
	}
}

func equalInts(a, b []int) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

func TestReaderSize(t *testing.T) {
	grid16 := String(MustParse(sixteen), FormatGrid)
	t.Run("16 fixed", func(t *testing.T) {
		r := NewReader(strings.NewReader(grid16 + "\n" + sixteen + "\n" + strings.Join(splitN(sixteen, 16), "\n")))
		r.Size = 16
		got, _ := readAll(t, r)
		if len(got) != 3 || got[0] != sixteen || got[1] != sixteen || got[2] != sixteen {
			t.Errorf("read %q", got)
		}
	})
	t.Run("16 unset", func(t *testing.T) {
		// Without Size, a 16-cell line is a whole 4×4 puzzle.
		r := NewReader(strings.NewReader(strings.Join(splitN(sixteen, 16)[:2], "\n")))
		for range 2 {
			if _, err := r.Read(); !errors.Is(err, ErrRange) {
				t.Errorf("Read = %v, want ErrRange", err)
			}
		}
	})
	t.Run("wrong size", func(t *testing.T) {
		r := NewReader(strings.NewReader(four + "\n" + leet37))
		r.Size = 9
		checkResults(t, r, []result{
			{start: 1, line: 1, col: 10, kind: ErrLength},
			{start: 2, want: leet37},
		})
	})
	t.Run("invalid size", func(t *testing.T) {
		for _, size := range []int{-1, 1, 3, 5, 7, 11, 15, 65, 81} {
			r := NewReader(strings.NewReader(leet37))
			r.Size = size
			if _, err := r.Read(); !errors.Is(err, satdoku.ErrSize) {
				t.Errorf("Read with Size %d = %v, want ErrSize", size, err)
			}
		}
	})
}

func TestReaderMaxLine(t *testing.T) {
	in := strings.Join([]string{
		leet37,
		strings.Repeat("é", 60) + strings.Repeat("1", 60), // 180 bytes
		"# " + strings.Repeat("long comment ", 20),
		four,
		"1 . | . 4", // a grid with a long row
		strings.Repeat(".", 120),
		". 4 | . .",
		"2 . | . 1",
		leet37,
	}, "\n")
	r := NewReader(strings.NewReader(in))
	r.MaxLine = 100
	checkResults(t, r, []result{
		{start: 1, want: leet37},
		{start: 2, line: 2, col: 51, kind: ErrTooLong},
		{start: 4, want: four},
		{start: 5, line: 6, col: 101, kind: ErrTooLong},
		{start: 9, want: leet37},
	})
}

// lazyReader yields n bytes of b, then tail, without holding them.
type lazyReader struct {
	b    byte
	n    int64
	tail string
}

func (l *lazyReader) Read(p []byte) (int, error) {
	if l.n > 0 {
		k := min(int64(len(p)), l.n)
		for i := range k {
			p[i] = l.b
		}
		l.n -= k
		return int(k), nil
	}
	if l.tail == "" {
		return 0, io.EOF
	}
	k := copy(p, l.tail)
	l.tail = l.tail[k:]
	return k, nil
}

// TestReaderHugeLine reads a 10 MB line without a newline, and checks that
// memory stays bounded.
func TestReaderHugeLine(t *testing.T) {
	for _, tail := range []string{"", "\n" + leet37 + "\n"} {
		var before, after runtime.MemStats
		runtime.GC()
		runtime.ReadMemStats(&before)
		r := NewReader(&lazyReader{b: '1', n: 10 << 20, tail: tail})
		_, err := r.Read()
		runtime.ReadMemStats(&after)
		if !errors.Is(err, ErrTooLong) {
			t.Fatalf("Read = %v, want ErrTooLong", err)
		}
		if got := after.TotalAlloc - before.TotalAlloc; got > 1<<20 {
			t.Errorf("reading a 10 MB line allocated %d bytes", got)
		}
		if r.Text() != strings.Repeat("1", 200) {
			t.Errorf("Text() = %.20q…", r.Text())
		}
		if tail != "" {
			if g, err := r.Read(); err != nil || g.String() != leet37 {
				t.Errorf("Read after the long line = %v, %v", g, err)
			}
		}
		if _, err := r.Read(); err != io.EOF {
			t.Errorf("Read at the end = %v", err)
		}
	}
}

func TestReaderHugeJSON(t *testing.T) {
	// A JSON board that never closes, one cell a line, must not be held
	// in memory past 16 × MaxLine.
	lines := 2000
	in := "[[" + strings.Repeat("1,\n", lines) + "]]\n" + leet37
	r := NewReader(strings.NewReader(in))
	r.MaxLine = 100
	checkResults(t, r, []result{
		{start: 1, line: 1, col: 1, kind: ErrTooLong},
		{start: lines + 2, want: leet37},
	})
	if c := cap(r.doc.buf); c > 4*16*100 {
		t.Errorf("JSON buffer grew to %d bytes", c)
	}
}

// TestReaderAllocs checks that the one-line 9×9 path allocates only the
// returned Grid.
func TestReaderAllocs(t *testing.T) {
	in := strings.Repeat(leet37+"\n", 200)
	r := NewReader(strings.NewReader(in))
	r.Read() // warm up the buffers
	allocs := testing.AllocsPerRun(100, func() {
		if _, err := r.Read(); err != nil {
			t.Fatal(err)
		}
	})
	if allocs > 1 {
		t.Errorf("Read allocates %v times per puzzle, want 1", allocs)
	}
}

func TestReaderIOError(t *testing.T) {
	boom := errors.New("boom")
	r := NewReader(io.MultiReader(strings.NewReader(leet37+"\n"+leet37[:40]), iotest.ErrReader(boom)))
	if _, err := r.Read(); err != nil {
		t.Fatal(err)
	}
	for range 2 {
		if _, err := r.Read(); err != boom {
			t.Errorf("Read = %v, want %v", err, boom)
		}
	}
	// One byte at a time changes nothing.
	r = NewReader(iotest.OneByteReader(strings.NewReader(leet37JSON + "\n" + strings.Join(rowsOf(leet37), "\n"))))
	got, _ := readAll(t, r)
	if len(got) != 2 || got[0] != leet37 || got[1] != leet37 {
		t.Errorf("read %q", got)
	}
}

func TestReaderZero(t *testing.T) {
	var r Reader
	if _, err := r.Read(); err == nil {
		t.Error("Read on a zero Reader: no error")
	}
}

func TestReaderBufio(t *testing.T) {
	// A *bufio.Reader is used as is; lines longer than its buffer work.
	long := strings.Repeat(".", 4096)
	r := NewReader(bufio.NewReaderSize(strings.NewReader(long+"\n"+long), 16))
	got, _ := readAll(t, r)
	if len(got) != 2 || MustParse(got[0]).N() != 64 {
		t.Errorf("read %d puzzles", len(got))
	}
}

func BenchmarkReader(b *testing.B) {
	for _, bc := range []struct {
		name string
		in   string
	}{
		{"line81", leet37 + "\n"},
		{"grid9", String(MustParse(leet37), FormatGrid) + "\n\n"},
		{"leetcode", leet37JSON + "\n"},
		{"line256", sixteen + "\n"},
	} {
		b.Run(bc.name, func(b *testing.B) {
			in := strings.Repeat(bc.in, 1000)
			b.ReportAllocs()
			b.SetBytes(int64(len(bc.in)))
			var r *Reader
			for b.Loop() {
				if r == nil {
					r = NewReader(strings.NewReader(in))
				}
				if _, err := r.Read(); err != nil {
					r = nil
				}
			}
		})
	}
}

// TestReaderGigabyteLine reads a 1 GiB line without a newline in constant
// memory.
func TestReaderGigabyteLine(t *testing.T) {
	if testing.Short() {
		t.Skip("reads 1 GiB")
	}
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	r := NewReader(&lazyReader{b: '.', n: 1 << 30})
	if _, err := r.Read(); !errors.Is(err, ErrTooLong) {
		t.Fatalf("Read = %v, want ErrTooLong", err)
	}
	runtime.ReadMemStats(&after)
	if got := after.TotalAlloc - before.TotalAlloc; got > 1<<20 {
		t.Errorf("reading a 1 GiB line allocated %d bytes", got)
	}
	if _, err := r.Read(); err != io.EOF {
		t.Errorf("Read at the end = %v", err)
	}
}

// TestReaderLimitCRLF reads lines of exactly MaxLine bytes, with CRLF line
// ends split across the buffer in every way.
func TestReaderLimitCRLF(t *testing.T) {
	for limit := 26; limit < 36; limit++ { // not a board side
		line := strings.Repeat(".", limit)
		in := line + "\r\n" + line + "x\r\n" + line
		r := NewReader(bufio.NewReaderSize(strings.NewReader(in), 16))
		r.MaxLine = limit
		for i, want := range []error{ErrLength, ErrTooLong, ErrLength, io.EOF} {
			if _, err := r.Read(); !errors.Is(err, want) {
				t.Errorf("MaxLine %d, Read #%d = %v, want %v", limit, i+1, err, want)
			}
		}
	}
}

var updateRecords = flag.Bool("update-records", false, "rewrite testdata/formats/*.golden with what the Reader read")

// TestReaderRecords reads the inputs people bring (issue 13): Kaggle's and
// QQWing's CSV, QQWing's --stats --timer report, a puzzle with its solution
// on one line, a name or a rating after a puzzle, other blanks, commas, CR
// line ends. Each puzzle, its solution and each error are compared with the
// file's .golden.
func TestReaderRecords(t *testing.T) {
	for _, name := range []string{"kaggle.csv", "qqwing.csv", "qqwing-stats.txt", "records.txt", "cr-only.txt"} {
		t.Run(name, func(t *testing.T) {
			path := filepath.Join("testdata", "formats", name)
			f, err := os.Open(path)
			if err != nil {
				t.Fatal(err)
			}
			defer f.Close()
			var out strings.Builder
			r := NewReader(f)
			for {
				g, err := r.Read()
				if err == io.EOF {
					break
				}
				if err != nil {
					fmt.Fprintf(&out, "%s:%v\n", name, err)
					continue
				}
				fmt.Fprintf(&out, "%s:%d: %s", name, r.Line(), g)
				if s := r.Solution(); s != nil {
					fmt.Fprintf(&out, " solution %s", s)
				}
				out.WriteByte('\n')
			}
			golden := path + ".golden"
			if *updateRecords {
				if err := os.WriteFile(golden, []byte(out.String()), 0o644); err != nil {
					t.Fatal(err)
				}
			}
			want, err := os.ReadFile(golden)
			if err != nil {
				t.Fatal(err)
			}
			if out.String() != string(want) {
				t.Errorf("got:\n%swant:\n%s", out.String(), want)
			}
		})
	}
}

// TestCRReader: lone '\r' line ends become '\n', "\r\n" stays, whichever
// way the reads cut the input.
func TestCRReader(t *testing.T) {
	for _, in := range []string{"a\rb\r\nc\r", "\r\r\n\n", "a\r\nb", "abc"} {
		want := strings.ReplaceAll(in, "\r\n", "\x00")
		want = strings.ReplaceAll(strings.ReplaceAll(want, "\r", "\n"), "\x00", "\r\n")
		got, err := io.ReadAll(&crReader{r: iotest.OneByteReader(strings.NewReader(in))})
		if err != nil || string(got) != strings.ReplaceAll(want, "\r\n", "\n") && string(got) != want {
			t.Errorf("%q: got %q, %v; want %q", in, got, err, want)
		}
	}
}

// TestReaderNumbers: Numbers tells a JSON board written in numbers from
// one in symbols, puzzle by puzzle.
func TestReaderNumbers(t *testing.T) {
	in := `[[1,0,0,0],[0,0,0,0],[0,0,0,0],[2,0,0,0]]
[["1",".",".","."],[".",".",".","."],[".",".",".","."],["2",".",".","."]]
1...........2...
[1,0,0,0,0,0,0,0,0,0,0,0,2,0,0,0]
`
	want := []bool{true, false, false, true}
	r := NewReader(strings.NewReader(in))
	for i, w := range want {
		if _, err := r.Read(); err != nil {
			t.Fatalf("puzzle %d: %v", i+1, err)
		}
		if r.Numbers() != w {
			t.Errorf("puzzle %d: Numbers() = %v, want %v", i+1, r.Numbers(), w)
		}
	}
}
