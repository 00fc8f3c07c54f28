package listen_test

import (
	"testing"

	"github.com/satdoku/satdoku/listen"
)

// userscriptOptions are the truecandidatesoptions the userscripts send
// (dclamage/SudokuSolver, UserScripts/Fpuzzles-SudokuSolver.user.js),
// with the cap of the counts each asks for as dclamage's solver reads
// them: 0.4.2 sends "colored" when its Colored Candidates setting is on
// and "logical" when Logical Candidates is; 1.3.3 sends
// "truecandidatesnumsolutions=N" when its Solution Cap N is above 1, and
// "logical".
var userscriptOptions = []struct {
	version string
	opts    []string
	perCand int
	logical bool
}{
	{"0.4.2", []string{}, 1, false},
	{"0.4.2", []string{"colored"}, listen.CandidateCap, false},
	{"0.4.2", []string{"colored", "logical"}, listen.CandidateCap, true},
	{"0.4.2", []string{"logical"}, 1, true},
	{"1.3.3", []string{}, 1, false},
	{"1.3.3", []string{"truecandidatesnumsolutions=2"}, 2, false},
	{"1.3.3", []string{"truecandidatesnumsolutions=8"}, 8, false},
	{"1.3.3", []string{"truecandidatesnumsolutions=20"}, 20, false},
	{"1.3.3", []string{"truecandidatesnumsolutions=20", "logical"}, 20, true},
	{"1.3.3", []string{"logical"}, 1, true},
	// What dclamage's solver also takes: names in any case; a number
	// that is not one above 0 ignored, "colored" then counting.
	{"other", []string{"TrueCandidatesNumSolutions=3"}, 3, false},
	{"other", []string{"truecandidatesnumsolutions=0", "colored"}, listen.CandidateCap, false},
	{"other", []string{"truecandidatesnumsolutions=x"}, 1, false},
	{"other", []string{"COLORED", "truecandidatesnumsolutions=5"}, 5, false},
}

// TestUserscriptOptions sends truecandidates with the options of each
// userscript version and compares the counts with the validator's
// (verify.Count of the puzzle with each candidate placed, up to the cap):
// a classic puzzle with many solutions, where caps 2, 8 and 20 are each
// reached by some candidates and not by others, and one with nine, all
// seen by the first search.
func TestUserscriptOptions(t *testing.T) {
	addr, _ := startServer(t, listen.Options{Jobs: 1})
	cl := mustDial(t, addr)
	for _, line := range []string{many, nine} {
		g := gridOf(t, line)
		want := map[int][]int{}
		for _, u := range userscriptOptions {
			if testing.Short() && u.version == "other" && line == nine {
				continue
			}
			if want[u.perCand] == nil {
				want[u.perCand] = bruteCounts(g, u.perCand)
			}
			r := cl.ask("truecandidates", withOptions(t, fpz(line, nil), u.opts...))
			if r.Type != "truecandidates" || len(r.SolutionsPerCandidate) != 729 {
				t.Errorf("%s %q: %s %q, want truecandidates", u.version, u.opts, r.Type, r.Message)
				continue
			}
			reached := false
			for k, w := range want[u.perCand] {
				got := r.SolutionsPerCandidate[k]
				if got == -1 && u.logical && w == 0 {
					continue // logic keeps what no solution holds
				}
				reached = reached || w == u.perCand && u.perCand > 1
				if got != w {
					t.Errorf("%s %q: r%dc%d digit %d: %d solutions, want %d", u.version, u.opts, k/81+1, k/9%9+1, k%9+1, got, w)
					break
				}
			}
			if line == many && u.perCand > 1 && !reached {
				t.Errorf("%s %q: no candidate reaches the cap %d: the test proves nothing of it", u.version, u.opts, u.perCand)
			}
		}
	}
}
