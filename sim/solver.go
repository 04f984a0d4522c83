package sim

import (
	"time"

	"github.com/pasyans/pasyans/engine"
)

// solverStrategy is the full-information ("thoughtful") player of the
// solitaire literature: it sees every card, hidden or not. At the start of
// a deal it runs a depth-first search over the full state with a
// transposition table keyed by Game.Hash (every state is expanded at most
// once, which also cuts cycles), trying foundation plays and pair removals
// first. It stops when it finds a win, when the whole reachable state space
// has been searched (the deal is proved lost), or at the node limit (and
// the time limit, if set): then the deal is undecided.
//
// When it finds a win it plays that line move by move; otherwise it plays
// greedy. A deal it neither won nor proved lost is recorded as unknown;
// bounds on the winnable fraction then follow Solvitaire: unknowns count as
// losses for the lower bound and as wins for the upper (SolvabilityBounds).
// The time limit makes results depend on the machine; the default is none.
type solverStrategy struct {
	params
	nodes int64
	limit time.Duration
}

func init() {
	register(StrategyInfo{
		Name:            "solver",
		Summary:         "a full-information search that sees the hidden cards (the \"thoughtful\" setting)",
		FullInformation: true,
		Order:           50,
		Params: []ParamInfo{
			{Name: "nodes", Summary: "search nodes per deal", Kind: ParamInt, Default: "100000", Min: 1, Max: 1 << 40},
			{Name: "time", Summary: "time limit per deal, 0 = none (a limit makes results machine-dependent)", Kind: ParamDuration, Default: "0s"},
		},
		build: func(v ParamValues) Strategy { return &solverStrategy{nodes: v.Int("nodes"), limit: v.Duration("time")} },
	})
}

func (*solverStrategy) Name() string { return "solver" }

func (s *solverStrategy) NewPlayer() Player {
	return &solverPlayer{maxNodes: s.nodes, limit: s.limit, tt: make(map[uint64]struct{}, 1024), fallback: newGreedyPlayer()}
}

type solverPlayer struct {
	maxNodes int64
	limit    time.Duration
	tt       map[uint64]struct{}
	bufs     [][]engine.Move
	path     []engine.Move // winning line, in reverse while searching
	pos      int
	nodes    int64
	decided  bool
	won      bool
	aborted  bool
	deadline time.Time
	fallback *greedyPlayer
	copies   []scratch // clone buffers, one per search depth
}

// SearchStats reports the nodes expanded and whether the search decided
// the deal (a win found, or the state space exhausted).
func (p *solverPlayer) SearchStats() (int64, bool) { return p.nodes, p.decided }

func (p *solverPlayer) Reset(g engine.Game, seed uint64) {
	p.fallback.Reset(g, seed)
	clear(p.tt)
	p.path = p.path[:0]
	p.pos = 0
	p.nodes = 0
	p.aborted = false
	if p.limit > 0 {
		p.deadline = time.Now().Add(p.limit)
	}
	p.won = p.dfs(p.copyAt(0, g), 0)
	p.decided = p.won || !p.aborted
	// dfs appends the line from the leaf up; reverse it.
	for i, j := 0, len(p.path)-1; i < j; i, j = i+1, j-1 {
		p.path[i], p.path[j] = p.path[j], p.path[i]
	}
	if len(p.tt) > 1<<20 {
		p.tt = make(map[uint64]struct{}, 1024) // do not keep a huge table between deals
	}
}

// dfs reports whether g can be won, appending the winning line (reversed)
// to p.path.
func (p *solverPlayer) dfs(g engine.Game, level int) bool {
	if g.Won() {
		return true
	}
	if p.aborted {
		return false
	}
	h := g.Hash()
	if _, ok := p.tt[h]; ok {
		return false
	}
	if p.nodes >= p.maxNodes || (p.limit > 0 && p.nodes&1023 == 0 && time.Now().After(p.deadline)) {
		p.aborted = true
		return false
	}
	p.tt[h] = struct{}{}
	p.nodes++
	for len(p.bufs) <= level {
		p.bufs = append(p.bufs, nil)
	}
	moves := g.LegalMoves(p.bufs[level][:0])
	p.bufs[level] = moves
	// Two passes: progress moves first, then the rest.
	for pass := 0; pass < 2; pass++ {
		for i := range moves {
			m := p.bufs[level][i]
			if isProgress(m.Kind) != (pass == 0) {
				continue
			}
			c := p.copyAt(level+1, g) // g itself is held at level
			if err := c.Apply(m); err != nil {
				continue
			}
			if p.dfs(c, level+1) {
				p.path = append(p.path, m)
				return true
			}
			if p.aborted {
				return false
			}
		}
	}
	return false
}

// copyAt returns a copy of g in clone buffer i (the state i moves below
// the root of the search), valid until buffer i is used again.
func (p *solverPlayer) copyAt(i int, g engine.Game) engine.Game {
	for len(p.copies) <= i {
		p.copies = append(p.copies, scratch{})
	}
	return p.copies[i].copyOf(g)
}

func (p *solverPlayer) Choose(g engine.Game, legal []engine.Move) (int, engine.RuleID) {
	if p.won && p.pos < len(p.path) {
		want := p.path[p.pos]
		for i, m := range legal {
			if m == want {
				p.pos++
				return i, ""
			}
		}
		p.won = false // the line no longer applies (cannot happen with a deterministic engine)
	}
	return p.fallback.Choose(g, legal)
}
