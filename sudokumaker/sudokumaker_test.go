package sudokumaker

import (
	"encoding/json"
	"errors"
	"fmt"
	"net/url"
	"os"
	"reflect"
	"slices"
	"strings"
	"testing"

	lzstring "github.com/daku10/go-lz-string"

	"github.com/satdoku/satdoku/clue"
	"github.com/satdoku/satdoku/fpuzzles"
	"github.com/satdoku/satdoku/internal/published"
	"github.com/satdoku/satdoku/internal/ruleset"
	"github.com/satdoku/satdoku/textfmt"
	"github.com/satdoku/satdoku/verify"
)

// link returns the SudokuMaker link of puzzle JSON, with the payload raw
// (its "+" unescaped, as SudokuMaker writes it) or query-escaped.
func link(t *testing.T, v any, escape bool) string {
	t.Helper()
	b, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	p, err := lzstring.CompressToEncodedURIComponent(string(b))
	if err != nil {
		t.Fatal(err)
	}
	if escape {
		p = url.QueryEscape(p)
	}
	return "https://sudokumaker.app/?puzzle=" + p
}

// TestPublished writes the published f-puzzles puzzles
// (fpuzzles/testdata/published.txt) in SudokuMaker's format, reads each
// link, raw and escaped, and checks that it reads the puzzle the f-puzzles
// reader reads — the same givens and the same rules — and that the
// published solution keeps them.
func TestPublished(t *testing.T) {
	recs, err := published.Read("../fpuzzles/testdata/published.txt")
	if err != nil {
		t.Skip(err)
	}
	done := 0
	skipped := map[string]int{}
	for _, rec := range recs {
		if rec.Refused != "" {
			continue
		}
		want, err := fpuzzles.Read([]byte(rec.Puzzle))
		if err != nil {
			continue
		}
		text := rec.Puzzle
		if !strings.HasPrefix(text, "{") {
			if text, err = lzstring.DecompressFromBase64(rec.Puzzle); err != nil {
				t.Fatal(err)
			}
		}
		var f fp
		if err := json.Unmarshal([]byte(text), &f); err != nil {
			t.Fatal(err)
		}
		m, err := toMaker(f)
		var skip errSkip
		if errors.As(err, &skip) {
			skipped[string(skip)]++
			continue
		}
		escapes := []bool{false, true}
		if testing.Short() {
			escapes = escapes[done%2 : done%2+1] // raw and escaped in turn
		}
		for _, escape := range escapes {
			got, err := Read(link(t, m, escape))
			if err != nil {
				t.Errorf("%s: %v", rec.Name, err)
				break
			}
			if !got.Grid.Equal(want.Grid) {
				t.Errorf("%s: givens\n%v\nwant\n%v", rec.Name, got.Grid, want.Grid)
			}
			if a, b := ruleset.Lines(got.Grid.Rules()), ruleset.Lines(want.Grid.Rules()); !slices.Equal(a, b) {
				t.Errorf("%s: rules differ\n%s", rec.Name, ruleset.Diff(a, b))
				break
			}
			sol := published.Grid(got.Grid.Rules(), rec.Solution)
			if err := verify.Solution(got.Grid, sol); err != nil {
				t.Errorf("%s: the published solution breaks the rules read: %v", rec.Name, err)
			}
		}
		done++
	}
	t.Logf("%d of %d published puzzles written as SudokuMaker links and read alike; not written: %v", done, len(recs), skipped)
	if done < 80 {
		t.Errorf("only %d puzzles", done)
	}
}

// TestRegistered checks that textfmt reads a SudokuMaker link as an
// argument and as the lines of an input.
func TestRegistered(t *testing.T) {
	l := link(t, map[string]any{"puzzle": map[string]any{"size": 4, "cells": []any{
		map[string]any{"given": true, "value": 1}, map[string]any{"value": 2}, map[string]any{"value": 3}, map[string]any{"value": 4},
		map[string]any{"value": 3}, map[string]any{"value": 4}, map[string]any{"value": 1}, map[string]any{"value": 2},
		map[string]any{"value": 2}, map[string]any{"value": 1}, map[string]any{"value": 4}, map[string]any{"value": 3},
		map[string]any{"value": 4}, map[string]any{"value": 3}, map[string]any{"value": 2}, map[string]any{"given": true, "value": 1}},
		"constraints": []any{map[string]any{"type": tAntiking}}}}, false)
	p, ok, err := textfmt.ReadArg(l)
	if !ok || err != nil || p.Solution == nil || p.Solution.String() != "1234341221434321" {
		t.Fatalf("ReadArg: %v %v %+v", ok, err, p)
	}
	r, name := textfmt.Open(strings.NewReader("# links\n" + l + "\n" + l + "\n"))
	if name != "sudokumaker" {
		t.Fatalf("Open: %q", name)
	}
	for range 2 {
		if _, err := r.Next(); err != nil {
			t.Fatal(err)
		}
	}
}

// infinityLoop is a real SudokuMaker link: the template of "Infinity
// Loop" in yusitnikov/puzzletv (src/data/puzzles/InfinityLoop.ts, commit
// 2490ea3, MIT), a puzzle of custom type (its rules are the rings'): it is
// refused by name.
const infinityLoop = "https://sudokumaker.app/?puzzle=N4IgZg9gTgtghgFwGoFMoGcCWEB2IBcIAjAHQBMJADCADQgAOArgF7MA2KBoOcMnhASRxhMOTAhQACNhAj1JEmPTaJOdOIwQALaARC0QAYwgw%2BOBHoBy0eG0miRYidNnyojDuklx6ygJ74ADo4ALSSACpaUkysHJLGOFjoCF4QYN6S6GiYKKnpUKIA5ug0kspwhigAJvY4mYyGWhkA7nB%2BClqIkigVTQU4hZKdqThScFUAVhUo5pKjmIVaAEbQkv2DuB1SolhVYzg1m9pSEJq7KCTBYQCap-FwdTwAbguqHVCni1vSbWh5a0UvEt2sxZDAirVJAAKADUAEpJKtTghoSE4ZdQpIAAoqSrfKoLcReIghABskPQDSacEkrXa2i6OAgkgJhXE9i8UBQ9B6EhqogyH2apWMbEYMBwpVWAEdGOMoA8UWlvDh6c1meMppVZut0BiwpEpCooIU0PEUGw2CNvsjzt4uWU4FAlekVto1hBmugAPSi8WJRHpY61UZQAEDexBqLtJ1jSbTWYIDXmy2B76iUPhwr6yQAQUksvliviuCSKTT2i5Ukqlq8DJRkFgGWMUEzyuDyLN61p4iawc1CZRNatFaiIa7EKhWAAHimRwKkwg4Gx0QYEH4eXpDIxkiYDM1MFVtAQiJQ6FEFloLPhT3R4NOACKE6%2BkujD9AEADawAAvjRQKK0AfvgAAslAAJykn%2BAEQDIGAEGBkHQUYsFAQhEFQf%2B0HIYB8GgRhOGoXhiGYTBcHASR2H-ih5HoUhWHUbhFEEYxRHMfRv4MWRaH4RxNE8ZRXH8cRLHcSJfFMXRpGEbRvHSUJklyVRYnsaRwmqTJAmiepUmaeJ8mcYZekaaxsmCSpulccpxmWRZSlWQ5RmOTp9l2eZ1kKWxtkueZPmiR5hl%2BRJXmuUFamKb5EX%2BaZWkccpYXxVFwVmdpSUGQlMX6QFGVudFuVxZlJn5eFIXuZ5KXJbFJUVdJAC6b6lggCqiCkX6gOum74JQyEdfwp6UGeIB7I44jYHg%2BDcLw-AgEII3ODIcgGKITDXp%2B9UgEsFQANYzFUXAgL1W4QHsBjGCdhAJMkmSYMwUgALxlCw7AXOgPKGCQWC3SQB5Hk03qSGQkhhEQwSXSipoIAAwrIUA1A9ULrCKMNVAid0AHySMAwSSFmkgAKQPZ9KDY2sKAIIwraSJ%2BiPXbdpRE5IMKSEQ9M3VIABUAOM8zQNZrVn7GNAVS1cEP6g41kgQ5DFp2PDNPTqUfioxjMTPSQUsy7mCBQlLyMI0UpTTnCpS60L%2BsDIrcJwuLiQouMVQABKnFkkjw%2B%2ByuPbEFz29DtvNeY0NKLgMza6MzTQu%2BJAcAM7p3XHkjkgA-JITs7iggf0MHsz4JIT5gGAaAh0%2BbIpBnWcIHCUIkwA5FybKbF01fc1EbA8hgJA8OCAzq2T0u1g%2BuSGAU9AIGNULuzQJPvsEVs21d9up1kXjwwt9B91aHtY3U3hVI7zsoFCq-r3q8D0FCULAPLis-h7GuWubhSG5bs-bwv%2B%2BH64x8kKf5%2BXwbkgK0kH4G%2BrsMZ3zYA-UoABmXmfhDZW2tq-Xei8D5HxlifHwv8r5AJAejSWvcZaQMkDAsIgCSFAIQSTN%2BacP5yC-j-C%2B2DgG3wIffGmcDiG8yNi-MWOBgiNmhBwFE3YHqUAANy4wADy0xQBI9YMJ4SYyocg-e6AoSfhJjjP%2BFsAE5zPEAvRf5NGY3ljnFmBjJDdUntvLRpjLGKzMUYmxJiig527Ezcx049EOMsU4nGtjXG4w8YbMxPirHGO0YUNxEJgm6PsRYogfjJC1UQTjahS91ERLsfogIzMkkBIGNEiMsSvHxNyeE5xkSimDBKaEixFT-EuMKUE5mISAZhPyU0qJLTPE5ygR06xjTIltP6QkpJKTlF7zTmojRlTsk%2BMSYM-xVSekjIWeM1JO8pkZNmUM9Y1Tua9LKY4pZBTH5xNGbkxZJMJk4F4cEVWHASA%2B0av7KGJhM6jHMFCMO2IuTDVENUSGDwCRVFUOgMuXztY107GGd81clkAGVGBVAgFtRgxdxCIrJiQMAHwYDqKICkpZn4SBkpbm3PUw4BBVD1BDXMlp140rUXCWquLMBsAkFAc%2Bw5N7GKEQA12ns1YQwABrjxlpsnGs4HoAFlEBaG-qIKEgCGac0Bh4rhUrpBkyAUKx5FwIbXAlZabV7Q5UKqVTgKEHC1Vc01WEJWxiuTk0piq128cGYADIvV6rjoTNmCIAA%2BQboSzgAISerZpIH1erI0BtujG31Eb45Ou3jfGecIQB-hQkHKFwE1o5uWpoLgObkh%2BA4KWn8tUfw-iAA"

// TestRefused checks that each constraint satdoku has no kind for is an
// error naming it at its JSON path, that cosmetic ones are warnings, and
// that a rule the comment names and no constraint carries is warned about.
func TestRefused(t *testing.T) {
	if _, err := Read(infinityLoop); !errors.Is(err, ErrUnsupported) || !strings.Contains(err.Error(), "puzzle.type: a puzzle of type custom") {
		t.Errorf("Infinity Loop: %v", err)
	}
	cells := make([]any, 16)
	for i := range cells {
		cells[i] = map[string]any{}
	}
	with := func(comment string, cons ...any) string {
		return link(t, map[string]any{"puzzle": map[string]any{"size": 4, "cells": cells, "constraints": cons, "comment": comment}}, false)
	}
	for _, tc := range []struct {
		con  map[string]any
		want string
	}{
		{map[string]any{"type": tGlobalEntropy, "groups": []int{14, 112}}, "puzzle.constraints[0]: global entropy"},
		{map[string]any{"type": tLookAndSayCages, "cages": []any{}}, "look-and-say cages"},
		{map[string]any{"type": tSequence, "lines": [][]int{{0, 1, 2}}}, "sequence lines"},
		{map[string]any{"type": tCustom, "name": "rings"}, `a custom constraint ("rings")`},
		{map[string]any{"type": tXV, "clues": []any{}, "negative": []int{10}}, "negative xv of [10]"},
		{map[string]any{"type": tDifference, "clues": []any{map[string]any{"edge": 1, "value": 2}}, "negative": []int{1}}, "negative difference of [1]"},
		{map[string]any{"type": tEntropyLines, "lines": [][]int{{0, 1, 2}}, "groups": []int{6, 24}}, "entropic lines of groups"},
		{map[string]any{"type": 4242}, "constraint type 4242"},
		{map[string]any{"type": tLittleKillers, "clues": []any{map[string]any{"outerCell": 1, "diagonal": 1, "value": "?"}}}, `little killer sum "?" that is not a number`},
		{map[string]any{"type": tDifference, "clues": []any{map[string]any{"edge": 0, "value": 1}}}, "edge 0 is not between two cells"},
		{map[string]any{"type": tRatio, "clues": []any{map[string]any{"edge": 28, "value": 2}}}, "edge 28 is not between two cells"},
	} {
		_, err := Read(with("", tc.con))
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%v: error %v, want %q", tc.con, err, tc.want)
		}
	}
	p, err := Read(with("Normal sudoku rules apply. Cells a knight's move apart cannot hold the same digit.",
		map[string]any{"type": tCosmeticLine, "name": "deco", "lines": []any{}}, map[string]any{"type": tAntiking, "disabled": true}))
	if err != nil {
		t.Fatal(err)
	}
	if len(p.Warnings) != 2 || !strings.Contains(p.Warnings[0], `cosmetic lines ("deco")`) || !strings.Contains(p.Warnings[1], "anti-knight") ||
		len(p.Unread) != 2 || p.Unread[0].Flag != "anti-knight" || p.Unread[1].Name != `cosmetic lines ("deco")` {
		t.Errorf("warnings %q, unread %v", p.Warnings, p.Unread)
	}
	if slices.Contains(p.Grid.Rules().Tags(), "anti-king") {
		t.Error("a disabled constraint was read")
	}
}

// TestEdges checks the ids of edges, corners and cells outside the board
// against their meaning in SudokuMaker's format on a 4×4 board: a white
// dot between r1c1 and r1c2 (edge 1), one between r1c1 and r2c1 (edge 4),
// a quadruple at the corner between r1c1, r1c2, r2c1 and r2c2 (corner 6),
// a sandwich above column 2 (outer cell 2) and a little killer left of
// row 2 going down and right (outer cell 12, negative diagonal).
func TestEdges(t *testing.T) {
	cells := make([]any, 16)
	for i := range cells {
		cells[i] = map[string]any{}
	}
	l := link(t, map[string]any{"puzzle": map[string]any{"size": 4, "cells": cells, "constraints": []any{
		map[string]any{"type": tDifference, "clues": []any{map[string]any{"edge": 1, "value": 1}, map[string]any{"edge": 4, "value": 1}}},
		map[string]any{"type": tQuadruple, "clues": []any{map[string]any{"corner": 6, "digits": []int{1, 2}}}},
		map[string]any{"type": tSandwichSums, "clues": []any{map[string]any{"outerCell": 2, "value": 3}}},
		map[string]any{"type": tLittleKillers, "clues": []any{map[string]any{"outerCell": 12, "value": 5, "diagonal": -1}}},
	}}}, false)
	p, err := Read(l)
	if err != nil {
		t.Fatal(err)
	}
	want := []clue.Clue{
		{Kind: clue.WhiteDot, Cells: []int{0, 1}, Value: 1},
		{Kind: clue.WhiteDot, Cells: []int{0, 4}, Value: 1},
		{Kind: clue.Quadruple, Cells: []int{0, 1, 4, 5}, Values: []int{1, 2}},
		{Kind: clue.Sandwich, Row: -1, Col: 1, Value: 3},
		{Kind: clue.LittleKiller, Row: 1, Col: -1, Direction: clue.DownRight, Value: 5},
	}
	if got := p.Clues; !reflect.DeepEqual(got, want) {
		got, want := fmt.Sprintf("%+v", got), fmt.Sprintf("%+v", want)
		t.Errorf("clues %s\nwant  %s", got, want)
	}
}

// TestPuzzleTV reads the real SudokuMaker payloads of puzzletv
// (testdata/puzzletv.txt): each is read or refused as recorded, a refusal
// names its reason, and the solution a puzzle read carries (its setter's)
// keeps the rules read: no rule is read that the puzzle does not have.
func TestPuzzleTV(t *testing.T) {
	data, err := os.ReadFile("testdata/puzzletv.txt")
	if err != nil {
		t.Fatal(err)
	}
	read, sols := 0, 0
	for _, block := range strings.Split(string(data), "\n\n") {
		lines := strings.Split(strings.TrimSpace(block), "\n")
		if len(lines) != 3 || !strings.HasPrefix(lines[0], "# ") {
			continue
		}
		name, want, payload := lines[0][2:], lines[1], lines[2]
		p, err := Read("https://sudokumaker.app/?puzzle=" + payload)
		if reason, ok := strings.CutPrefix(want, "refused "); ok {
			if !errors.Is(err, ErrUnsupported) || !strings.Contains(err.Error(), reason) {
				t.Errorf("%s: error %v, want %q", name, err, reason)
			}
			continue
		}
		if err != nil {
			t.Errorf("%s: %v", name, err)
			continue
		}
		read++
		if p.Solution != nil {
			sols++
			if err := verify.Solution(p.Grid, p.Solution); err != nil {
				t.Errorf("%s: the setter's solution breaks the rules read: %v", name, err)
			}
		}
	}
	t.Logf("%d real payloads read, %d with their setter's solution, which keeps the rules read", read, sols)
	if read < 10 || sols < 5 {
		t.Errorf("only %d read, %d with a solution", read, sols)
	}
}
