// Package fpuzzles reads puzzles made with f-puzzles
// (https://www.f-puzzles.com) into satdoku's rules-as-data.
//
// An f-puzzles puzzle is a JSON object, usually shared as a link that
// carries it compressed with lz-string: https://www.f-puzzles.com/?load=…
// Read takes the JSON text, such a link (or a SudokuPad link carrying an
// f-puzzles load string, as https://sudokupad.app/fpuzzlesN4Ig…), or the
// bare compressed string, and returns the givens as a satdoku.Grid under
// the puzzle's rules.
//
// Importing the package registers two input formats of textfmt (see
// textfmt.Register): "f-puzzles", an input that is one JSON object, and
// "f-puzzles links", an input of links or load strings, one a line (blank
// lines and # comments skipped), whose errors are placed at their line;
// an argument that is a link or a load string is a puzzle too. So
// textfmt.Open and textfmt.ReadArg read them.
//
// # What is read
//
// The board: "size" (4 to 16, and on to satdoku.MaxN), the given digits
// of "grid" (a value is a given only when "given" is true: other values
// are a player's entries and are skipped), the regions, the cells' given
// pencil marks (the digits allowed there; none in a given cell) and
// "parity", an older form of odd and even cells ("odd" or "even").
//
// Regions follow f-puzzles, which writes a cell's "region" (0-based) only
// where it differs from the default: the box of the standard shape
// (satdoku.BoxShape: h rows by w columns, h·w = N, h ≤ w and h as large
// as possible; 2×3 on 6×6, 3×4 on 12×12), or the cell's row on a board of
// prime size (5×5, 7×7), where there are no boxes. Regions other than the
// standard ones are tagged "jigsaw". A "region" of null puts the cell in
// no region: every other region must still have N cells (all null is a
// Latin square).
//
// The global rules "diagonal+", "diagonal-", "antiknight", "antiking",
// "disjointgroups" and "nonconsecutive", as satdoku's WithNamed has them,
// with two conventions of f-puzzles: on a board without rectangular boxes,
// disjoint groups are the k-th cells, in reading order, of every region;
// and nonconsecutive says that all white Kropki dots are given, so that a
// pair of cells with a dot, white or black, is exempt from it.
//
// The lists of clues: "extraregion", "killercage" (a sum of 0 is no sum),
// "littlekillersum", "sandwichsum", "xsum" and "skyscraper" (read from the
// clue; without a value, no clue), "thermometer", "arrow" (a circle of
// several cells reads as a number in reading order, on boards up to 9×9),
// "palindrome", "renban", "whispers" (a difference of at least "value",
// by default (N+1)/2: 5 on 9×9), "betweenline", "difference" (white dots,
// by default 1), "ratio" (black dots, by default 2), "xv" (one without a
// value is no mark), "negative" (see below), "clone", "quadruple", "odd",
// "even", "minimum" and "maximum" (a minimum cell is smaller than each
// orthogonal neighbour that is not a minimum cell itself, so that a block
// of minimum cells is smaller than the cells around it; likewise maximum),
// "regionsumline" (the segments of the line in each region it passes
// through, box or jigsaw piece, have equal sums), "zipperline" (cells
// equally far from the ends add up to the same sum, the middle cell's on a
// line of odd length), "doublearrow" (the two ends add up to the cells
// between), "nabner" (no two digits on the line equal or consecutive),
// "entropicline" (every three cells in a row hold a low, a middle and a
// high digit: 1–3, 4–6, 7–9 on 9×9) and "modularline" (every three cells
// in a row hold different remainders divided by 3) and "slowthermometer"
// (digits increase or stay the same from the bulb), "rowindexer",
// "columnindexer" and "boxindexer" (a digit d in an indexer cell of row r
// puts r in row d of its column; likewise for columns, and for the cells
// of a box in reading order) and "lockout" (the ends of the line differ by
// ⌊N/2⌋ or more, 4 on 9×9, and the cells between lie outside their range,
// ends included).
// A value may be a number or a string; an empty value is no clue (a killer
// cage without a sum is only a cage of distinct digits).
//
// "negative" lists the marks whose absence is a clue. For "ratio", every
// pair of orthogonal neighbours without a Kropki dot (white or black) has
// none of the ratios of the black dots (2 when there are none); for
// "difference", it differs by none of the differences of the white dots (1
// when there are none); for "xv", a pair without an X or a V adds up to
// neither 5 nor 10.
//
// The cosmetic "cage" of f-puzzles enforces nothing, whatever its value (a
// label to f-puzzles, to its checker and to dclamage's solver): it is
// ignored with a warning, which says so when the value is a number (a
// killer cage is "killercage"). The other cosmetic marks, "line", "rectangle", "circle", "text" and fog of
// war ("fogofwar", "foglight"), are ignored with a warning; "title",
// "author", "ruleset", "solution", "successMessage", the player's marks
// (centre and corner pencil marks, "candidates"), colours and the
// f-puzzles solver's settings ("truecandidatesoptions", "disabledlogic")
// are not rules and are skipped without one.
//
// # What is refused
//
// A rule that constrains the solution and that satdoku cannot express is
// an error wrapping ErrUnsupported, naming it: any key this
// package does not know, unless its value is empty. No rule is ignored
// silently. Malformed clues (a cell off the board, a sum that is not a
// number, a little killer that misses the board, an unknown direction) are
// errors wrapping ErrInvalid. A well-formed clue that no digits satisfy (a
// killer cage of 2 cells adding up to 18) is no error: the puzzle is read,
// and has no solution (see clue.Apply).
//
// What a clue means is the clue package's to say: this package maps the
// JSON onto the board's regions, the global rules and clue.Clue values
// (Puzzle.Clues), and clue.Apply makes the rules of the clues, with the
// conventions above.
//
// Read only reads: it does not solve the puzzle nor check that the givens
// obey the rules.
//
// # Writing
//
// Write, Load and Link go the other way: a puzzle (a grid under its rules,
// and the clues it was read with) as f-puzzles JSON, its load string, or
// an f-puzzles link. Each clue is written as the key this package reads
// as that clue; a rule f-puzzles cannot hold (an automaton, values from 0,
// a board over 16×16 …) is an error wrapping link.ErrUnsupported that
// names it, and every puzzle written is read back by Read and compared
// with the puzzle's rules (see package link).
package fpuzzles

import (
	"bytes"
	"errors"
	"fmt"
	"net/url"
	"strings"
	"unicode/utf8"

	lzstring "github.com/daku10/go-lz-string"

	"github.com/satdoku/satdoku"
	"github.com/satdoku/satdoku/clue"
	"github.com/satdoku/satdoku/rulestext"
)

// Puzzle is an f-puzzles puzzle in satdoku's terms.
type Puzzle struct {
	// Grid holds the givens, under the puzzle's rules;
	// Grid.Rules().Tags() name the rule families.
	Grid *satdoku.Grid
	// Title and Author are the puzzle's "title" and "author", if any.
	Title, Author string
	// Ruleset is the setter's statement of the rules ("ruleset"), if any.
	Ruleset string
	// Solution is the "solution" array when it is present and complete
	// (every cell a digit 1..N), under the same rules; nil otherwise.
	Solution *satdoku.Grid
	// Warnings tell what was ignored or interpreted, as
	// `ignored "text": cosmetic, no rule`.
	Warnings []string
	// Clues are the puzzle's clues as the clue package has them, in the
	// order read (the cells' parity and given pencil marks, the
	// nonconsecutive rule, the lists of clues, the negative rules); the
	// rules of Grid come from them, with the regions and the other global
	// rules.
	Clues []clue.Clue
	// Cosmetics are the marks drawn for looks alone (see Cosmetic), in
	// the order f-puzzles draws them: no rule comes from them.
	Cosmetics []Cosmetic
	// Unread are what a verdict of none or multiple may lack: the global
	// rules that Ruleset names and the puzzle's data does not carry
	// (rulestext.Unread; Warnings name each), then, when the puzzle draws
	// cosmetic lines, cages, circles or rectangles, what those may stand
	// for (setters draw rules that f-puzzles has no key for as cosmetic
	// marks). None is applied: a verdict is for the rules as read.
	Unread []rulestext.Rule
}

// cosmeticRules names what the cosmetic marks of p other than texts may
// stand for, as a rule of Puzzle.Unread ("what 2 cosmetic lines and a
// cosmetic circle may stand for"); ok is false when there are none.
func cosmeticRules(cs []Cosmetic) (r rulestext.Rule, ok bool) {
	kinds := map[string]int{}
	for _, c := range cs {
		kinds[c.Kind]++
	}
	var marks []string
	for _, k := range []string{"line", "cage", "circle", "rectangle"} {
		switch n := kinds[k]; n {
		case 0:
		case 1:
			marks = append(marks, "a cosmetic "+k)
		default:
			marks = append(marks, fmt.Sprintf("%d cosmetic %ss", n, k))
		}
	}
	if len(marks) == 0 {
		return rulestext.Rule{}, false
	}
	return rulestext.Rule{Name: "what " + joinAnd(marks) + " may stand for"}, true
}

// joinAnd joins words as a list in English: "a", "a and b", "a, b and c".
func joinAnd(words []string) string {
	if len(words) <= 1 {
		return strings.Join(words, "")
	}
	return strings.Join(words[:len(words)-1], ", ") + " and " + words[len(words)-1]
}

// MaxLoad is the longest compressed load string Read accepts, in bytes;
// a longer one is an error wrapping ErrUnsupported (the puzzle's JSON, as
// f-puzzles exports it, has no limit). Published puzzles take a few
// kilobytes. lz-string can expand its input quadratically and the library
// has no limit on its output: measured, the worst strings of 1, 2.3 and 5
// KB decompress to 0.26, 1 and 4.2 million characters with 10, 42 and 185
// MiB allocated (about 0.16·L² characters for L bytes), so at the limit a
// hostile string costs about 40 million characters and 1.8 GiB allocated
// in all, most of it garbage as it goes.
const MaxLoad = 16 << 10

func init() {
	// The lz-string library fills a package-level table on its first use
	// of each alphabet, without a lock: fill it here, before any caller
	// can decompress from several goroutines.
	_, _ = lzstring.DecompressFromBase64("N4Ig")
	_, _ = lzstring.DecompressFromEncodedURIComponent("N4Ig")
}

// Read reads an f-puzzles puzzle: the JSON text, a link carrying a load
// string (https://www.f-puzzles.com/?load=…, or a SudokuPad link with
// "fpuzzles" before the string), or the bare compressed string. Errors
// are *satdoku.ParseError values whose position is in data: for a link or
// a compressed string, an error in the JSON it holds is placed at the
// start of the load string, with the path of the JSON value at fault.
func Read(data []byte) (*Puzzle, error) {
	text, load, err := jsonText(data)
	if err != nil {
		return nil, err
	}
	p, err := readJSON(text)
	var pe *satdoku.ParseError
	if load >= 0 && errors.As(err, &pe) {
		path := pe.Pos.Path
		pe.Pos = satdoku.PositionAt(data, load)
		pe.Pos.Path = path
	}
	return p, err
}

// readJSON reads the puzzle of an f-puzzles JSON text.
func readJSON(text []byte) (*Puzzle, error) {
	root, err := parseTree(text)
	if err != nil {
		return nil, err
	}
	if root.kind != '{' {
		return nil, errAt(text, root.off, "", ErrSyntax, "want a JSON object, found %s", root.kindName())
	}
	return (&reader{text: text}).read(root)
}

// Detect reports whether data looks like an f-puzzles puzzle: a JSON
// object with a "size" or "grid" key, a link holding "?load=" or
// "fpuzzlesN4Ig" (SudokuPad), or a bare lz-string Base64 string starting
// with "N4Ig", as compressed f-puzzles JSON does. It does not decompress
// or parse anything.
func Detect(data []byte) bool {
	t := bytes.TrimSpace(bytes.TrimPrefix(data, []byte("\xef\xbb\xbf")))
	if len(t) == 0 {
		return false
	}
	if t[0] == '{' {
		return bytes.Contains(t, []byte(`"size"`)) || bytes.Contains(t, []byte(`"grid"`))
	}
	if bytes.Contains(t, []byte("?load=")) || bytes.Contains(t, []byte("&load=")) || bytes.Contains(t, []byte("fpuzzlesN4Ig")) {
		return true
	}
	if !bytes.HasPrefix(t, []byte("N4Ig")) {
		return false
	}
	for _, b := range t {
		if !isLZ(b) {
			return false
		}
	}
	return true
}

// isLZ reports whether b is in the alphabet of lz-string's Base64 or
// URI-safe encodings.
func isLZ(b byte) bool {
	return 'A' <= b && b <= 'Z' || 'a' <= b && b <= 'z' || '0' <= b && b <= '9' ||
		b == '+' || b == '/' || b == '=' || b == '-' || b == '$'
}

// jsonText returns the JSON text of data: data itself when it is JSON
// (load is -1), else the decompressed load string of a link or of a bare
// string, which starts at byte load of data.
func jsonText(data []byte) (text []byte, load int, err error) {
	start := 0
	if bytes.HasPrefix(data, []byte("\xef\xbb\xbf")) {
		start = 3
	}
	for start < len(data) && isSpace(data[start]) {
		start++
	}
	if start == len(data) {
		return nil, 0, errAt(data, start, "", ErrSyntax, "no puzzle")
	}
	if data[start] == '{' || data[start] == '[' {
		if bytes.HasPrefix(data, []byte("\xef\xbb\xbf")) {
			// JSON refuses the byte order mark: make it one space, which
			// keeps the columns (the mark is one rune).
			data = append([]byte(" "), data[3:]...)
		}
		return data, -1, nil
	}
	end := len(data)
	for end > start && isSpace(data[end-1]) {
		end--
	}
	s := string(data[start:end])
	off := start // where the load string starts in data
	switch {
	case indexLoad(s) >= 0:
		i := indexLoad(s)
		s, off = s[i:], off+i
	case strings.Contains(s, "fpuzzles") && strings.ContainsAny(s, "/?="):
		i := strings.Index(s, "fpuzzles") + len("fpuzzles")
		s, off = s[i:], off+i
	case strings.Contains(s, "://") || strings.HasPrefix(s, "www.") || strings.ContainsAny(s, "?&#"):
		return nil, 0, errAt(data, start, "", ErrSyntax, "a link without an f-puzzles load string")
	}
	if i := strings.IndexAny(s, "&#"); i >= 0 {
		s = s[:i]
	}
	if s == "" {
		return nil, 0, errAt(data, off, "", ErrSyntax, "empty load string")
	}
	if len(s) > MaxLoad {
		return nil, 0, errAt(data, off, "", ErrUnsupported, "a load string of %d bytes (the limit is %d)", len(s), MaxLoad)
	}
	if strings.Contains(s, "%") {
		u, err := url.PathUnescape(s)
		if err != nil {
			return nil, 0, errAt(data, off+strings.Index(s, "%"), "", ErrSyntax, "bad escape in the load string")
		}
		s = u
	}
	s = strings.ReplaceAll(s, " ", "+")
	for i := 0; i < len(s); i++ {
		if !isLZ(s[i]) {
			r, _ := utf8.DecodeRuneInString(s[i:])
			return nil, 0, errAt(data, off, "", ErrSyntax, "%q is not a character of a load string", r)
		}
	}
	js, ok := decompress(s)
	if !ok {
		return nil, 0, errAt(data, off, "", ErrSyntax, "not an f-puzzles load string: it does not decompress to JSON")
	}
	return []byte(js), off, nil
}

// indexLoad returns the index just after "load=" in a query, or -1.
func indexLoad(s string) int {
	for _, p := range []string{"?load=", "&load="} {
		if i := strings.Index(s, p); i >= 0 {
			return i + len(p)
		}
	}
	return -1
}

func isSpace(b byte) bool { return b == ' ' || b == '\t' || b == '\r' || b == '\n' }

// decompress decompresses an lz-string in the Base64 or, when it holds
// '-' or '$', the URI-safe alphabet. ok is false unless the text is a JSON
// object. The library is guarded: a panic in it is a failure.
func decompress(s string) (text string, ok bool) {
	defer func() {
		if recover() != nil {
			text, ok = "", false
		}
	}()
	var err error
	if strings.ContainsAny(s, "-$") {
		text, err = lzstring.DecompressFromEncodedURIComponent(s)
	} else {
		text, err = lzstring.DecompressFromBase64(s)
	}
	if err != nil || !strings.HasPrefix(strings.TrimLeft(text, " \t\r\n"), "{") {
		return "", false
	}
	return text, true
}
