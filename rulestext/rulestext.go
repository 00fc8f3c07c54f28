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
	// Flag is the --rules value that adds it, "" when satdoku has none.
	Flag string
}

// Warning returns the reader's warning for a rule that the text names and
// the data does not carry.
func (r Rule) Warning() string {
	how := "satdoku has no such rule"
	if r.Flag != "" {
		how = "--rules " + r.Flag + " adds it"
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
	{Rule: Rule{"nonconsecutive", "nonconsecutive"},
		re: regexp.MustCompile(`non-?\s?consecutive|anti-?\s?consecutive|(cannot|can't|can not|may not|must not|do not|don't|never|no two)\b[^.;]{0,40}\bconsecutive`),
		carried: func(named []string, kinds map[clue.Kind]int) bool {
			return hasNamed("nonconsecutive")(named, kinds) || hasKind(clue.Nonconsecutive, clue.NegativeDifference)(named, kinds)
		}},
	{Rule: Rule{"negative Kropki dots (all the dots are given)", "negative-difference,negative-ratio"},
		re:      regexp.MustCompile(`(all|every)\b[^.;]{0,30}\b(dots|kropki)\b[^.;]{0,30}\b(given|shown|drawn|marked)|(negative|anti)[- ]?(constraint|kropki)[^.;]{0,40}\b(dots?|kropki)|(dots?|kropki)\b[^.;]{0,60}\bnegative constraint`),
		not:     notAll,
		carried: hasKind(clue.NegativeDifference, clue.NegativeRatio, clue.Nonconsecutive)},
	{Rule: Rule{"negative XV (all the X and V marks are given)", "negative-xv"},
		re:      regexp.MustCompile(`(all|every)\b[^.;]{0,30}\b(xvs?|x's|xs|vs|x ?(and|or|/) ?v|x-?v)\b[^.;]{0,30}\b(given|shown|drawn|marked)|(negative|anti)[- ]?(constraint|xv)[^.;]{0,40}\b(xv|x|v)\b|\b(xv|x ?(and|or|/) ?v)\b[^.;]{0,60}\bnegative constraint|(no|without an?)\s+(x or v|xv|x/v)\b[^.;]{0,60}\b(sum|add)`),
		not:     notAll,
		carried: hasKind(clue.NegativeXV)},
	{Rule: Rule{"anti-knight", "anti-knight"},
		re:      regexp.MustCompile(`anti-?\s?knight|knight'?s?'? move|chess knight`),
		carried: hasNamed("anti-knight")},
	{Rule: Rule{"anti-king", "anti-king"},
		re:      regexp.MustCompile(`anti-?\s?king|king'?s?'? move|chess king`),
		carried: hasNamed("anti-king")},
	{Rule: Rule{"anti-queen", ""},
		re:      regexp.MustCompile(`anti-?\s?queen|queen'?s?'? move`),
		carried: func([]string, map[clue.Kind]int) bool { return false }},
	{Rule: Rule{"disjoint groups", "disjoint"},
		re:      regexp.MustCompile(`disjoint|same (relative )?position in (each|every|their|its|different) (box|boxes|region|regions)`),
		carried: hasNamed("disjoint")},
	{Rule: Rule{"the diagonals", "x"},
		re:      regexp.MustCompile(`\bdiagonals?\b|x-sudoku|sudoku[- ]x\b`),
		not:     regexp.MustCompile(`indicated|little killer|outside the grid|arrow|along (an?|the) (indicated )?diagonal|in the direction`),
		carried: hasNamed("diagonal+", "diagonal-", "x")},
	{Rule: Rule{"windoku regions", "windoku"},
		re: regexp.MustCompile(`windoku|hyper[- ]?sudoku|(four|4) (extra|additional|shaded|grey|gray|windoku)\b[^.;]{0,20}\b(regions|boxes|windows)`),
		carried: func(named []string, kinds map[clue.Kind]int) bool {
			return hasNamed("windoku")(named, kinds) || kinds[clue.ExtraRegion] >= 4
		}},
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
