package iss

import (
	"net/url"
	"reflect"
	"strings"
	"testing"
)

// thermoExample is ISS's Thermometer example (the README's).
const thermoExample = ".~R1C2_4~R1C8_1~R2C1_2~R2C9_6~R8C1_9~R8C9_2~R9C2_1~R9C8_9" +
	".Thermo~R9C4~R8C3~R7C2~R6C1~R5C2~R4C3.Thermo~R4C1~R3C2~R2C3~R1C4~R2C5~R3C6" +
	".Thermo~R1C6~R2C7~R3C8~R4C9~R5C8~R6C7.Thermo~R6C9~R7C8~R8C7~R9C6~R8C5~R7C4"

// TestLink: a link to ISS's page reads as the puzzle string in its q,
// encoded as ISS's page encodes it (URLSearchParams) or not at all, with
// the page's other parameters and white space around it.
func TestLink(t *testing.T) {
	want, err := Read(thermoExample)
	if err != nil {
		t.Fatal(err)
	}
	// URLSearchParams escapes all but letters, digits and *-._ (and
	// writes a space as '+'); Go's QueryEscape leaves '~' as it is.
	form := "q=" + strings.ReplaceAll(url.QueryEscape(thermoExample), "~", "%7E")
	for _, link := range []string{
		"https://sigh.github.io/Interactive-Sudoku-Solver/?" + form,
		"https://sigh.github.io/Interactive-Sudoku-Solver/?mode=all-possibilities&" + form + "&valueCountLimit=2",
		"  https://sigh.github.io/Interactive-Sudoku-Solver/?q=" + thermoExample + "\n",
		"http://localhost:8080/interactive-sudoku-solver/index.html?q=" + strings.ReplaceAll(thermoExample, ".Thermo", "+.Thermo"),
	} {
		if !Detect(link) {
			t.Errorf("Detect(%q) = false", link)
		}
		got, err := Read(link)
		if err != nil {
			t.Errorf("%q: %v", link, err)
			continue
		}
		if got.Grid.String() != want.Grid.String() || !reflect.DeepEqual(got.Clues, want.Clues) {
			t.Errorf("%q: read %v %v, want %v %v", link, got.Grid, got.Clues, want.Grid, want.Clues)
		}
	}
	for _, other := range []string{
		"https://example.com/?q=" + thermoExample, // not ISS's page
		"https://sudokupad.app/abc123",
	} {
		if Detect(other) {
			t.Errorf("Detect(%q) = true", other)
		}
	}
}

// TestLinkErrors: an error in a link's puzzle is placed in the link, at
// the byte it comes from; a link to the page without a puzzle, or with a
// bad escape, is an error too.
func TestLinkErrors(t *testing.T) {
	page := "https://sigh.github.io/Interactive-Sudoku-Solver/"
	checkErrors(t, []errorCase{
		{page + "?q=.~R1C2_4.Thermo~R9C4~R10C3", "R10C3", ErrInvalid, "R10C3"},
		{page + "?mode=x&q=.%7ER1C2_4.Thermo%7ER9C4%7ER10C3", "R10C3", ErrInvalid, "R10C3"},
		{page + "?q=.%7ER1C1_5.Or.Doppelganger.End", ".Doppelganger", ErrUnsupported, "Doppelganger inside an Or"},
		{page + "?q=.%7GR1C1_5", "%7G", ErrSyntax, "escape"},
		{page + "?q=.~R1C1_5%7", "%7", ErrSyntax, "escape"},
		{page + "?mode=x", "", ErrSyntax, "no parameter q"},
		{page, "", ErrSyntax, "no parameter q"},
	})
}
