// Package rulestext finds the global rules that a puzzle's rules text
// names and that its data does not carry.
//
// SudokuPad and SudokuMaker draw a puzzle; a global rule (nonconsecutive,
// anti-knight, negative Kropki dots, disjoint groups …) often lives in the
// setter's text alone. A reader that gave a verdict without it would call
// a unique puzzle "multiple". Unread matches the text against the names
// and the usual phrasings of those rules, and returns each one that the
// rules read (the named global rules and the clues) do not hold, so that
// the reader warns about it. The match is a heuristic that errs towards a
// warning: a rule is never added because the text names it.
package rulestext

import (
	"fmt"
	"regexp"
	"slices"
	"strings"

	"github.com/satdoku/satdoku/clue"
)

// Rule is a global rule that a rules text names.
type Rule struct {
	// Name names the rule in the user's terms: "nonconsecutive",
	// "anti-knight", "negative Kropki dots".
	Name string
	// Flag is the --rules value that adds it, "" when satdoku has none;
	// values that each add a part of it (as "negative-difference" and
	// "negative-ratio" for the dots of each colour) are separated by
	// commas.
	Flag string
	// Drawn: the rule is a kind of clue drawn on the board (renban lines,
	// killer cages), which no flag can add.
	Drawn bool
}

// Warning returns the reader's warning for a rule that the text names and
// the data does not carry.
func (r Rule) Warning() string {
	how := "satdoku has no such rule"
	switch {
	case r.Flag != "":
		how = "--rules " + strings.ReplaceAll(r.Flag, ",", " or ") + " adds it"
	case r.Drawn:
		how = "none is drawn in a style satdoku reads"
	}
	return fmt.Sprintf("the rules text names %s, which the puzzle's data does not carry: not applied, a verdict is for the rules as drawn (%s)", r.Name, how)
}

// rule is a rule to look for: its patterns, and what carries it.
type rule struct {
	Rule
	// re matches a sentence that names the rule; not, when set, rejects
	// such a sentence (a little killer's "indicated diagonal").
	re, not *regexp.Regexp
	// carried reports whether the rules read hold the rule.
	carried func(named []string, kinds map[clue.Kind]int) bool
}

func hasNamed(names ...string) func([]string, map[clue.Kind]int) bool {
	return func(named []string, _ map[clue.Kind]int) bool {
		return slices.ContainsFunc(named, func(s string) bool { return slices.Contains(names, strings.ToLower(s)) })
	}
}

func hasKind(ks ...clue.Kind) func([]string, map[clue.Kind]int) bool {
	return func(_ []string, kinds map[clue.Kind]int) bool {
		return slices.ContainsFunc(ks, func(k clue.Kind) bool { return kinds[k] > 0 })
	}
}

// notAll rejects "not all the dots are given".
var notAll = regexp.MustCompile(`\bnot (all|every|necessarily)\b|\bnot\b[^.;]{0,30}\b(given|shown)`)

var rules = []rule{
	{Rule: Rule{Name: "nonconsecutive", Flag: "nonconsecutive"},
		re: regexp.MustCompile(`non-?\s?consecutive|anti-?\s?consecutive|(cannot|can't|can not|may not|must not|do not|don't|never|no two)\b[^.;]{0,40}\bconsecutive`),
		carried: func(named []string, kinds map[clue.Kind]int) bool {
			return hasNamed("nonconsecutive")(named, kinds) || hasKind(clue.Nonconsecutive, clue.NegativeDifference)(named, kinds)
		}},
	{Rule: Rule{Name: "negative Kropki dots (all the dots are given)", Flag: "negative-difference,negative-ratio"},
		re:      regexp.MustCompile(`(all|every)\b[^.;]{0,30}\b(dots|kropki)\b[^.;]{0,30}\b(given|shown|drawn|marked)|(negative|anti)[- ]?(constraint|kropki)[^.;]{0,40}\b(dots?|kropki)|(dots?|kropki)\b[^.;]{0,60}\bnegative constraint`),
		not:     notAll,
		carried: hasKind(clue.NegativeDifference, clue.NegativeRatio, clue.Nonconsecutive)},
	{Rule: Rule{Name: "negative XV (all the X and V marks are given)", Flag: "negative-xv"},
		re:      regexp.MustCompile(`(all|every)\b[^.;]{0,30}\b(xvs?|x's|xs|vs|x ?(and|or|/) ?v|x-?v)\b[^.;]{0,30}\b(given|shown|drawn|marked)|(negative|anti)[- ]?(constraint|xv)[^.;]{0,40}\b(xv|x|v)\b|\b(xv|x ?(and|or|/) ?v)\b[^.;]{0,60}\bnegative constraint|(no|without an?)\s+(x or v|xv|x/v)\b[^.;]{0,60}\b(sum|add)`),
		not:     notAll,
		carried: hasKind(clue.NegativeXV)},
	{Rule: Rule{Name: "anti-knight", Flag: "anti-knight"},
		re:      regexp.MustCompile(`anti-?\s?knight|knight'?s?'? move|chess knight`),
		carried: hasNamed("anti-knight")},
	{Rule: Rule{Name: "anti-king", Flag: "anti-king"},
		re:      regexp.MustCompile(`anti-?\s?king|king'?s?'? move|chess king`),
		carried: hasNamed("anti-king")},
	{Rule: Rule{Name: "anti-queen", Flag: ""},
		re:      regexp.MustCompile(`anti-?\s?queen|queen'?s?'? move`),
		carried: func([]string, map[clue.Kind]int) bool { return false }},
	{Rule: Rule{Name: "disjoint groups", Flag: "disjoint"},
		re:      regexp.MustCompile(`disjoint|same (relative|respective) (position|cell|place)|same position in (each|every|their|its|two|different)`),
		carried: hasNamed("disjoint")},
	{Rule: Rule{Name: "the diagonals", Flag: "x"},
		re:      regexp.MustCompile(`\bdiagonals?\b|x-sudoku|sudoku[- ]x\b`),
		not:     regexp.MustCompile(`indicated|little killer|outside the grid|arrow|along (an?|the) (indicated )?diagonal|in the direction`),
		carried: hasNamed("diagonal+", "diagonal-", "x")},
	{Rule: Rule{Name: "windoku regions", Flag: "windoku"},
		re: regexp.MustCompile(`windoku|hyper[- ]?sudoku|(four|4) (extra|additional|shaded|grey|gray|windoku)\b[^.;]{0,20}\b(regions|boxes|windows)`),
		carried: func(named []string, kinds map[clue.Kind]int) bool {
			return hasNamed("windoku")(named, kinds) || kinds[clue.ExtraRegion] >= 4
		}},
}

// drawn are the clues drawn on the board that a rules text names, by the
// words that name them and the kinds that carry them.
var drawn = []struct {
	name, re string
	kinds    []clue.Kind
}{
	{"killer cages", `\bcages?\b`, []clue.Kind{clue.KillerCage, clue.ExtraRegion}},
	{"little killer clues", `little[- ]killer`, []clue.Kind{clue.LittleKiller}},
	{"sandwich clues", `sandwich`, []clue.Kind{clue.Sandwich}},
	{"thermometers", `thermo`, []clue.Kind{clue.Thermometer, clue.SlowThermometer}},
	{"slow thermometers", `slow thermo`, []clue.Kind{clue.SlowThermometer}},
	{"arrows", `\barrows?\b`, []clue.Kind{clue.Arrow, clue.LittleKiller, clue.DoubleArrow}},
	{"palindromes", `palindrom`, []clue.Kind{clue.Palindrome}},
	{"renban lines", `renban`, []clue.Kind{clue.Renban}},
	{"whispers lines", `whisper`, []clue.Kind{clue.Whispers}},
	{"between lines", `between line`, []clue.Kind{clue.Between}},
	{"lockout lines", `lockout`, []clue.Kind{clue.LockoutLine}},
	{"region sum lines", `region[- ]sum`, []clue.Kind{clue.RegionSumLine}},
	{"zipper lines", `zipper`, []clue.Kind{clue.ZipperLine}},
	{"entropic lines", `entropic`, []clue.Kind{clue.EntropicLine}},
	{"modular lines", `modular`, []clue.Kind{clue.ModularLine}},
	{"parity lines", `parity line`, []clue.Kind{clue.ParityLine}},
	{"nabner lines", `nabner`, []clue.Kind{clue.Nabner}},
	{"10 lines", `\b(10|ten)[- ]lines?\b`, []clue.Kind{clue.TenLine}},
	{"clones", `\bclones?\b`, []clue.Kind{clue.Clone}},
	{"quadruples", `quadruple`, []clue.Kind{clue.Quadruple}},
	{"Kropki dots", `kropki|(white|black) (dot|circle)s?\b`, []clue.Kind{clue.WhiteDot, clue.BlackDot}},
	{"XV marks", `\bxv\b|\bx(s|'s)? (and|or) v(s|'s)?\b`, []clue.Kind{clue.XV}},
	{"X-sums", `x-sums?\b`, []clue.Kind{clue.XSum}},
	{"skyscrapers", `skyscraper`, []clue.Kind{clue.Skyscraper}},
	{"minimum or maximum cells", `\b(minimum|maximum|minima|maxima)\b`, []clue.Kind{clue.Minimum, clue.Maximum}},
	{"indexer cells", `index(er|ing)`, []clue.Kind{clue.RowIndexer, clue.ColumnIndexer, clue.BoxIndexer}},
	{"numbered rooms", `numbered room`, []clue.Kind{clue.NumberedRoom}},
}

// unknown are rules satdoku has no kind for that rules texts name: a
// puzzle that states one is warned about, whatever its data.
var unknown = []struct{ name, re string }{
	{"Japanese sums", `japanese sum`},
	{"global entropy", `global entropy`},
	{"star battle", `star battle`},
	{"yin yang", `yin[- ]?yang`},
	{"fillomino", `fillomino`},
	{"nurikabe", `nurikabe`},
	{"doublers", `\bdoublers?\b`},
	{"chaos construction", `chaos construction`},
	{"look-and-say cages", `look[- ]and[- ]say`},
	{"sequence lines", `sequence lines?|arithmetic sequence`},
	{"wheels", `\bwheels?\b`},
	{"a loop", `\bloop\b`},
	{"Schrödinger cells", `schr(ö|o|oe)dinger`},
	{"counting circles", `counting circle`},
	{"battlefield clues", `battlefield`},
	{"Rossini clues", `rossini`},
}

// lineKinds are the kinds of clue drawn as lines.
var lineKinds = []clue.Kind{clue.Thermometer, clue.Arrow, clue.Palindrome, clue.Renban, clue.Whispers, clue.Between,
	clue.Clone, clue.RegionSumLine, clue.ZipperLine, clue.DoubleArrow, clue.Nabner, clue.EntropicLine,
	clue.ModularLine, clue.ParityLine, clue.SlowThermometer, clue.TenLine, clue.SameDifference, clue.LockoutLine}

func init() {
	for _, d := range drawn {
		rules = append(rules, rule{Rule: Rule{Name: d.name, Drawn: true}, re: regexp.MustCompile(d.re), carried: hasKind(d.kinds...)})
	}
	for _, u := range unknown {
		rules = append(rules, rule{Rule: Rule{Name: u.name}, re: regexp.MustCompile(u.re), carried: func([]string, map[clue.Kind]int) bool { return false }})
	}
	rules = append(rules,
		rule{Rule: Rule{Name: "lines", Drawn: true}, re: regexp.MustCompile(`\b(along|on) (each|a|the|every|any)( [a-z]+)? lines?\b`),
			carried: hasKind(lineKinds...)},
		// SudokuPad's f-puzzles import writes this text when the puzzle
		// has none.
		rule{Rule: Rule{Name: "no rules (SudokuPad: \"no rules provided for this puzzle\")"},
			re: regexp.MustCompile(`no rules provided`), carried: func([]string, map[clue.Kind]int) bool { return false }})
}

// sentences splits text, lower case, into sentences and lines.
func sentences(text string) []string {
	text = strings.ToLower(strings.NewReplacer("’", "'", "‘", "'", "–", "-", "—", "-", "\u00a0", " ").Replace(text))
	return strings.FieldsFunc(text, func(r rune) bool { return r == '.' || r == '\n' || r == '!' || r == '?' })
}

// Unread returns the rules that text names and the rules read do not
// hold: named are the global rules read (satdoku's rule names, as
// "anti-knight", "diagonal+"), clues the clues read. A sumless killer
// cage counts as an extra region. Each rule comes once, in a fixed order.
func Unread(text string, named []string, clues []clue.Clue) []Rule {
	if strings.TrimSpace(text) == "" {
		return nil
	}
	kinds := map[clue.Kind]int{}
	for _, c := range clues {
		kinds[c.Kind]++
		if c.Kind == clue.KillerCage && c.Value == 0 {
			kinds[clue.ExtraRegion]++
		}
	}
	ss := sentences(text)
	var out []Rule
	for _, r := range rules {
		if r.carried(named, kinds) {
			continue
		}
		if slices.ContainsFunc(ss, func(s string) bool { return r.re.MatchString(s) && (r.not == nil || !r.not.MatchString(s)) }) {
			out = append(out, r.Rule)
		}
	}
	return out
}

// Names returns the names of rules, in order (for textfmt.Puzzle.Unread).
func Names(rules []Rule) []string {
	var out []string
	for _, r := range rules {
		out = append(out, r.Name)
	}
	return out
}

// Lookup returns the rule of Unread's lists named name.
func Lookup(name string) (Rule, bool) {
	for _, r := range rules {
		if r.Name == name {
			return r.Rule, true
		}
	}
	return Rule{}, false
}
