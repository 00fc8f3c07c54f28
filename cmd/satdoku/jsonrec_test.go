package main

import (
	"encoding/json"
	"math"
	"testing"

	"github.com/satdoku/satdoku"
)

// oddStrings need escaping in JSON, or look as if they did.
var oddStrings = []string{
	"", "plain", `"quoted"`, `back\slash`, "\x00nul", "\x1f\t\n\r", "<a href=x>&amp;</a>",
	"é", "日本語", "\u2028\u2029", "bad \xff utf-8", "\x7f", "r1c1 and r1c2 both hold 5 (row 1)",
}

// testGrids are full grids of several sizes, in the one-line forms of
// digits, letters and (above 25×25) numbers.
func testGrids(t testing.TB) []*satdoku.Grid {
	var gs []*satdoku.Grid
	for _, b := range []int{2, 3, 4, 5, 6} {
		n := b * b
		g, err := satdoku.New(n)
		if err != nil {
			t.Fatal(err)
		}
		for r := range n {
			for c := range n {
				g.Set(r, c, (r%b*b+r/b+c)%n+1)
			}
		}
		gs = append(gs, g)
	}
	return gs
}

// TestAppendRecord checks that the hand-written encoder writes what
// encoding/json writes for the same answer, byte for byte: every status,
// with every subset of the optional fields set (certified with each of its
// values), odd strings in every string field, grids of every size, and ms
// values in both of encoding/json's float forms.
func TestAppendRecord(t *testing.T) {
	statuses := []string{statusSolved, statusUnique, statusMultiple, statusNone, statusValid, statusInvalid, statusError, statusTimeout}
	grids := testGrids(t)
	from0, err := grids[0].Rules().WithValueOffset(-1)
	if err != nil {
		t.Fatal(err)
	}
	ms := []float64{0, 0.001, 0.031, 4.21, 1e-7, 1234567.5, 1e20, 1e21, 1e22, math.SmallestNonzeroFloat64}
	k := 0
	odd := func() string { k++; return oddStrings[k%len(oddStrings)] }
	cases := 0
	for _, status := range statuses {
		for mask := range 1 << 12 {
			if testing.Short() && mask%5 != 0 {
				continue // a fifth of the field subsets
			}
			k++
			set := func(bit int) bool { return mask&(1<<bit) != 0 }
			a := &record{Line: k - 5, Status: status, MS: ms[k%len(ms)]}
			if set(0) {
				a.File = odd()
			}
			if set(1) {
				a.Puzzle = odd()
			}
			if set(2) {
				a.Solution = shown{grids[k%len(grids)]}
			}
			if set(3) {
				a.Second = shown{grids[(k+1)%len(grids)]}
			}
			if set(4) {
				a.Differ = []string{odd(), "r1c1"}
			} else if k%3 == 0 {
				a.Differ = []string{} // empty: left out, as nil
			}
			if set(5) {
				c := k % 4
				a.Count = &c
			}
			if set(6) {
				a.Conflicts = []string{odd(), odd(), ""}
			}
			if set(7) {
				a.Error = odd()
			}
			if set(8) {
				a.Certified = certMark(1 + k%3) // false, "drat", "count"
			}
			if set(9) {
				a.Rules = []string{odd(), "x"}
			}
			if set(10) {
				a.Candidates = marks{masks: []uint64{1 << 4, 0b10000011, 0, 1<<63 | 1}[:1+k%4]}
				if k%2 == 0 {
					a.Candidates.rules = from0 // values from 0
				}
			} else if k%5 == 0 {
				a.Candidates = marks{masks: []uint64{}}
			}
			if set(11) {
				a.More = true
			}
			if set(7) != set(9) {
				a.Warnings = []string{odd()}
			}
			want, err := json.Marshal(a)
			if err != nil {
				t.Fatal(err)
			}
			if got := appendRecord([]byte("prefix"), a); string(got) != "prefix"+string(want) {
				t.Fatalf("%s, fields %08b:\n got %s\nwant prefix%s", status, mask, got, want)
			}
			cases++
		}
	}
	want := len(statuses) << 12
	if testing.Short() {
		want = len(statuses) * ((1<<12 + 4) / 5)
	}
	if cases != want {
		t.Errorf("%d cases, want %d", cases, want)
	}
}

// FuzzAppendRecord: for any strings and numbers, the hand-written encoder
// writes what encoding/json writes.
func FuzzAppendRecord(f *testing.F) {
	f.Add(1, "file.txt", "53..7", "error", "1:2: bad", "r1c1 and r1c2 both hold 5 (row 1)", 3, 0.031, uint8(0))
	f.Add(-7, "<&>", "\xff\x00", "", "\u2028", "", -1, 1e-9, uint8(2))
	f.Fuzz(func(t *testing.T, line int, file, puzzle, status, errText, conflict string, count int, ms float64, cert uint8) {
		if math.IsInf(ms, 0) || math.IsNaN(ms) {
			return // not a time; json.Marshal fails
		}
		a := &record{Line: line, File: file, Puzzle: puzzle, Status: status, Error: errText, MS: ms, Count: &count,
			Certified: certMark(cert % 4)}
		if conflict != "" {
			a.Conflicts = []string{conflict, status}
			a.Differ = []string{file}
		}
		want, err := json.Marshal(a)
		if err != nil {
			t.Fatal(err)
		}
		if got := appendRecord(nil, a); string(got) != string(want) {
			t.Fatalf("\n got %s\nwant %s", got, want)
		}
	})
}

func BenchmarkAppendRecord(b *testing.B) {
	g := testGrids(b)[1]
	a := &record{Line: 12345, File: "kaggle_9999.txt", Puzzle: "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79",
		Status: statusUnique, Solution: shown{g}, MS: 0.031}
	b.Run("append", func(b *testing.B) {
		b.ReportAllocs()
		var buf []byte
		for b.Loop() {
			buf = appendRecord(buf[:0], a)
		}
	})
	b.Run("encoding-json", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			json.Marshal(a)
		}
	})
}

// TestAppendRecordExtra: the fields of the commands beyond solving come out
// as encoding/json writes them, in their place.
func TestAppendRecordExtra(t *testing.T) {
	clues, steps, seed, score, five, zero := 24, 51, uint64(7), 4.2, 5, 0
	step := stepRecord{Technique: "hidden single", Rating: 1.2, Text: odd(3), Placements: []cellDigit{{"r1c6", 8}}, Eliminations: []cellDigit{}}
	for i, x := range []*extra{
		{},
		{Rating: &score, Level: "hard", Technique: "xy-wing", Steps: &steps},
		{Step: &step},
		{Path: []stepRecord{step, step}},
		{Minimal: odd(5), Clues: &clues},
		{Clues: &clues, Rating: &score, Level: "easy", Seed: &seed, Tries: 3},
		{Cell: "r5c5", Digit: &five, Givens: []string{"r1c5=7", odd(7)}},
		{Cell: "VS2", Digit: &zero, Givens: []string{"r1c5=0"}},
	} {
		a := &record{Line: i, Puzzle: odd(i), Status: "rated", Conflicts: []string{"x"}, Error: odd(i + 1), MS: 0.5, extra: x}
		want, err := json.Marshal(a)
		if err != nil {
			t.Fatal(err)
		}
		if got := appendRecord(nil, a); string(got) != string(want) {
			t.Fatalf("\n got %s\nwant %s", got, want)
		}
	}
}

func odd(k int) string { return oddStrings[k%len(oddStrings)] }
