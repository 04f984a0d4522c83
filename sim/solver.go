package sim

import (
	"context"
	"fmt"
	"strconv"

	"github.com/pasyans/pasyans/engine"
	"github.com/pasyans/pasyans/sim/solve"
)

// solverStrategy is the full-information ("thoughtful") player of the
// solitaire literature: it sees every card, hidden or not. At the start of
// a deal it decides the deal with package solve (a probe for a quick win,
// then an exhaustive depth-first search over canonical states with the
// game's safe moves and dead ends), within a node budget and an optional
// time limit.
//
// When it finds a win it plays that line move by move; otherwise it plays
// greedy. A deal it neither won nor proved lost is recorded as unknown;
// bounds on the winnable fraction then follow Solvitaire: unknowns count as
// losses for the lower bound and as wins for the upper (SolvabilityBounds).
// The node budget makes results the same on every machine and for any
// number of workers; a time limit (default none) makes them depend on the
// machine.
type solverStrategy struct {
	params
	lim solve.Limits
}

func init() {
	register(StrategyInfo{
		Name:            "solver",
		Summary:         "a full-information search that sees the hidden cards (the \"thoughtful\" setting)",
		FullInformation: true,
		Order:           50,
		Params: []ParamInfo{
			{Name: "nodes", Summary: "search nodes per deal", Kind: ParamInt, Default: strconv.FormatInt(solve.DefaultNodes, 10), Min: 1, Max: 1 << 40},
			{Name: "time", Summary: "time limit per deal, 0 = none (a limit makes results machine-dependent)", Kind: ParamDuration, Default: "0s"},
		},
		build: func(v ParamValues) Strategy {
			return &solverStrategy{lim: solve.Limits{Nodes: v.Int("nodes"), Time: v.Duration("time")}}
		},
	})
}

func (*solverStrategy) Name() string { return "solver" }

func (s *solverStrategy) NewPlayer() Player {
	return &solverPlayer{solver: solve.New(s.lim), fallback: newGreedyPlayer()}
}

// solverPlayer plays one goroutine's deals for the solver strategy.
type solverPlayer struct {
	solver   *solve.Solver
	res      solve.Result
	pos      int // next move of res.Line to play
	onLine   bool
	fallback *greedyPlayer
}

// SearchStats reports the nodes expanded and whether the search decided
// the deal (a win found, or a loss proved).
func (p *solverPlayer) SearchStats() (int64, bool) {
	return p.res.Nodes, p.res.Outcome != solve.Undecided
}

// SolveResult returns the result of the last deal's search.
func (p *solverPlayer) SolveResult() solve.Result { return p.res }

func (p *solverPlayer) Reset(g engine.Game, seed uint64) {
	p.ResetContext(context.Background(), g, seed)
}

// ResetContext is Reset with a search that stops, undecided, when ctx is
// cancelled.
func (p *solverPlayer) ResetContext(ctx context.Context, g engine.Game, seed uint64) {
	p.fallback.Reset(g, seed)
	p.res = p.solver.Solve(ctx, g)
	p.pos = 0
	p.onLine = p.res.Outcome == solve.Won
}

func (p *solverPlayer) Choose(g engine.Game, legal []engine.Move) (int, engine.RuleID) {
	if p.onLine && p.pos < len(p.res.Line) {
		want := p.res.Line[p.pos]
		for i, m := range legal {
			if m == want {
				p.pos++
				return i, ""
			}
		}
		p.onLine = false // the line no longer applies (cannot happen with a deterministic engine)
	}
	return p.fallback.Choose(g, legal)
}

// ContextPlayer is implemented by players whose Reset may search for long
// (the solver): ResetContext is Reset with a search that stops early when
// ctx is cancelled. ResetPlayer uses it when it is there.
type ContextPlayer interface {
	ResetContext(ctx context.Context, g engine.Game, seed uint64)
}

// ResetPlayer resets p for a deal of g, passing ctx to a ContextPlayer.
func ResetPlayer(ctx context.Context, p Player, g engine.Game, seed uint64) {
	if cp, ok := p.(ContextPlayer); ok && ctx != nil {
		cp.ResetContext(ctx, g, seed)
		return
	}
	p.Reset(g, seed)
}

// SolveReporter is implemented by the solver's players: the full result of
// the last deal's search (why it was undecided, how far it got).
type SolveReporter interface {
	SolveResult() solve.Result
}

// Verdict returns the outcome of a deal p has played to g's current state,
// as the results rows record it: won; unknown when play stopped at the
// move cap (capHit) or a search player did not decide the deal; lost
// otherwise. The note says why an outcome is unknown ("" otherwise), e.g.
// "the solver's node limit after 2000000 nodes".
func Verdict(g engine.Game, p Player, capHit bool) (Outcome, string) {
	if g.Won() {
		return Won, ""
	}
	if capHit {
		return Unknown, "stopped at the move cap"
	}
	if sr, ok := p.(SearchReporter); ok {
		if nodes, decided := sr.SearchStats(); !decided {
			if so, ok := p.(SolveReporter); ok {
				r := so.SolveResult()
				return Unknown, fmt.Sprintf("undecided: the solver stopped at its %s after %d nodes (deepest line %d moves)", r.Reason, r.Nodes, r.Depth)
			}
			return Unknown, fmt.Sprintf("undecided: the search stopped at its limit after %d nodes", nodes)
		}
	}
	return Lost, ""
}
