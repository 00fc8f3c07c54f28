package main

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/satdoku/satdoku"
	"github.com/satdoku/satdoku/checked"
	"github.com/satdoku/satdoku/cluereport"
	"github.com/satdoku/satdoku/logic"
	"github.com/satdoku/satdoku/satsolve"
)

// apiServer answers the commands of the HTTP JSON API (serve, listen's
// /api/) and of the page's WebAssembly with package answer, through the
// CLI's answer functions and their defaults: no command line, no flag
// parsing and no signal handler per request. The request's context
// reaches the search, so a client that goes away stops it; each answer
// is written as the record of --format json or the picture of --format
// svg.
type apiServer struct {
	gini solverPool // every command
	// external answers solve and unique with serve's --solver; nil
	// without one.
	external *solverPool
	// timeout bounds each request's answer (status "timeout"); 0: none.
	timeout time.Duration
}

// solverPool makes the back end of a request. A new one each time keeps
// the answers of the same puzzle the same from one request to the next
// (the page asks for a record, then for its picture), and costs nothing
// that matters: a back end makes its gini instances per puzzle anyway.
type solverPool struct {
	make func() (*checked.Solver, error)
}

func (p *solverPool) get() (*checked.Solver, error) { return p.make() }

// apiCommands are the commands answered, as /api/COMMAND.
var apiCommands = []string{"solve", "unique", "count", "candidates", "hint", "rate", "check", "explain", "clues"}

// newAPIServer answers with gini in this process (stopped when a request
// is canceled), and solve and unique with the external solver named, if
// any; each request is bounded by timeout (0: no bound).
func newAPIServer(solver string, timeout time.Duration) (*apiServer, error) {
	s := &apiServer{timeout: timeout}
	s.gini.make = func() (*checked.Solver, error) {
		return checked.New(satsolve.New(satsolve.Options{Stoppable: true}), checked.Options{}), nil
	}
	if solver != "" {
		so := solverFlags{solver: solver, encoding: "extended", budget: defaultCertifyBudget}
		newSolver, err := so.backend()
		if err != nil {
			return nil, err
		}
		s.external = &solverPool{make: newSolver}
	}
	return s, nil
}

// apiCommand is a command of the API: the CLI's answer function with its
// defaults, and its text (for the CSV columns of the record).
type apiCommand struct {
	answer   answerFunc
	text     textFunc
	external bool // answered by the external solver, when there is one
}

// apiCommandFor returns the command named cmd.
func apiCommandFor(cmd string) (apiCommand, bool) {
	lo := &logic.Options{ChainSteps: logic.DefaultChainSteps}
	so := &solverFlags{}
	switch cmd {
	case "solve":
		return apiCommand{withExpected(solveOne), solveText, true}, true
	case "unique":
		return apiCommand{func(ctx context.Context, s *checked.Solver, g *satdoku.Grid, a *record) {
			uniqueOne(ctx, s, g, a, false)
		}, uniqueText, true}, true
	case "count":
		return apiCommand{func(ctx context.Context, s *checked.Solver, g *satdoku.Grid, a *record) {
			countOne(ctx, s, g, 2, a)
		}, countText, false}, true
	case "candidates":
		return apiCommand{func(ctx context.Context, s *checked.Solver, g *satdoku.Grid, a *record) {
			candidatesOne(ctx, s, g, defaultCandidatesLimit, 0, a)
		}, candidatesText, false}, true
	case "hint":
		return apiCommand{logicAnswer(hintOne(lo, so)), linesText, false}, true
	case "rate":
		return apiCommand{logicAnswer(rateOne(lo, so)), linesText, false}, true
	case "explain":
		return apiCommand{logicAnswer(func(ctx context.Context, s *checked.Solver, g *satdoku.Grid, a *record) error {
			return explainOne(ctx, s, g, 0, lo, so, a)
		}), linesText, false}, true
	case "check":
		return apiCommand{checkAnswer, checkText, false}, true
	case "clues":
		return apiCommand{logicAnswer(cluesOne(cluereport.DefaultLimit, cluereport.DefaultQueryBudget, so)), cluesText, false}, true
	}
	return apiCommand{}, false
}

// answer answers the command cmd on the puzzles of body, read as the CLI
// reads standard input: in format "json" one record a line for each
// puzzle, in "svg" the picture of the first. An error is a request that
// cannot be answered: an unknown command, no puzzle, one that cannot be
// drawn, or ctx canceled (the client went away).
func (s *apiServer) answer(ctx context.Context, cmd, format string, body []byte) ([]byte, error) {
	c, ok := apiCommandFor(cmd)
	if !ok {
		return nil, fmt.Errorf("no command %s", cmd)
	}
	in := newInputs(nil, bytes.NewReader(body))
	defer in.close()
	var out []byte
	for n := 0; ; n++ {
		it, ok := in.next()
		if !ok {
			if n == 0 {
				return nil, errors.New("no puzzle in the request")
			}
			return out, nil
		}
		a, err := s.answerOne(ctx, c, it)
		if err != nil {
			return nil, err
		}
		if format != "json" {
			return s.picture(cmd, format, c, a)
		}
		out = append(appendRecord(out, a), '\n')
	}
}

// answerOne answers one puzzle with a back end of the pool, within the
// server's timeout.
func (s *apiServer) answerOne(ctx context.Context, c apiCommand, it item) (*record, error) {
	start := time.Now()
	a := newAnswer(it)
	if it.err != nil {
		return a, nil
	}
	pool := &s.gini
	if c.external && s.external != nil {
		pool = s.external
	}
	sv, err := pool.get()
	if err != nil {
		return nil, err
	}
	actx, cancel := ctx, context.CancelFunc(func() {})
	if s.timeout > 0 {
		actx, cancel = context.WithTimeout(ctx, s.timeout)
	}
	c.answer(actx, sv, it.grid, a)
	cancel()
	if a.canceled {
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		a.canceled = false
		a.Status, a.exit, a.diag = statusTimeout, exitNegative, "timed out"
	}
	a.elapsed(start)
	return a, nil
}

// picture writes the answer a in format (svg) as --format svg does.
func (s *apiServer) picture(cmd, format string, c apiCommand, a *record) ([]byte, error) {
	var out, errOut bytes.Buffer
	p, err := newPrinter(&env{stdout: &out, stderr: &errOut}, &outFlags{format: format, color: "never"}, c.text)
	if err != nil {
		return nil, err
	}
	p.emit(a)
	p.finish(false)
	if out.Len() == 0 {
		msg := strings.TrimSpace(errOut.String())
		msg = strings.TrimPrefix(strings.TrimPrefix(msg, "satdoku: "), "<stdin>:")
		if msg == "" {
			msg = fmt.Sprintf("%s: no answer to draw", cmd)
		}
		return nil, errors.New(msg)
	}
	return out.Bytes(), nil
}
