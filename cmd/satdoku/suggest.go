package main

import (
	"strings"

	"github.com/spf13/pflag"
)

// commandNames lists the subcommands, help included.
func commandNames() []string {
	names := make([]string, 0, len(commands)+1)
	for _, c := range commands {
		names = append(names, c.name)
	}
	return append(names, "help")
}

// didYouMean returns "; did you mean X?" for the candidate closest to s,
// when one is close enough to be a typo (an edit distance of at most a
// third of its length, and at most 2), else "".
func didYouMean(s string, candidates []string) string {
	best, dist := "", 3
	for _, c := range candidates {
		d := editDistance(strings.ToLower(s), c)
		if d < dist && d*3 <= len(c) {
			best, dist = c, d
		}
	}
	if best == "" {
		return ""
	}
	return "; did you mean " + best + "?"
}

// flagSuggestion returns a did-you-mean for pflag's "unknown flag: --X"
// error, naming the closest flag of fs, or "".
func flagSuggestion(err error, fs *pflag.FlagSet) string {
	const prefix = "unknown flag: --"
	msg := err.Error()
	if !strings.HasPrefix(msg, prefix) {
		return ""
	}
	var names []string
	fs.VisitAll(func(f *pflag.Flag) { names = append(names, f.Name) })
	s := didYouMean(strings.TrimPrefix(msg, prefix), names)
	if s == "" {
		return ""
	}
	return strings.Replace(s, "mean ", "mean --", 1)
}

// editDistance is the Damerau–Levenshtein distance (optimal string
// alignment: insertions, deletions, substitutions and transpositions of
// neighbours) between a and b, over bytes.
func editDistance(a, b string) int {
	prev2 := make([]int, len(b)+1)
	prev := make([]int, len(b)+1)
	cur := make([]int, len(b)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(a); i++ {
		cur[0] = i
		for j := 1; j <= len(b); j++ {
			cost := 1
			if a[i-1] == b[j-1] {
				cost = 0
			}
			cur[j] = min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
			if i > 1 && j > 1 && a[i-1] == b[j-2] && a[i-2] == b[j-1] {
				cur[j] = min(cur[j], prev2[j-2]+1)
			}
		}
		prev2, prev, cur = prev, cur, prev2
	}
	return prev[len(b)]
}
