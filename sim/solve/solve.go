// Package solve decides deals with full information: it searches the
// states a game can reach for a win, and proves a loss when none is
// reachable. It uses only the engine's public API and the search hooks
// every game offers (engine.SearchHooks): canonical 128-bit state keys for
// the cache of visited states, safe (dominance) moves made without
// branching, and dead-end detection.
//
// Soundness. The search is reachability over the game's state graph: a
// deal is won when a won state is reachable from the deal, lost when every
// reachable state has been visited and none is won. The cache of visited
// keys makes each state (up to the game's symmetries, see SearchKey) be
// expanded once; that is sound because a win reachable from a state seen
// before is reachable from where it was first seen. Safe moves shrink the
// graph without removing every path to a win (each game argues its own,
// and its tests check them against exhaustive search); dead ends are only
// pruned when no win lies beyond them. A budget (nodes, time or cache
// size) that runs out gives Undecided, never a wrong Lost.
package solve

import (
	"context"
	"time"

	"github.com/pasyans/pasyans/engine"
)

// Outcome is what a search found.
type Outcome uint8

// Outcomes.
const (
	// Undecided: a limit was reached before a win was found or every
	// reachable state was visited.
	Undecided Outcome = iota
	// Won: a winning line was found.
	Won
	// Lost: every reachable state was visited and none is won.
	Lost
)

var outcomeNames = [...]string{"undecided", "won", "lost"}

// String returns "undecided", "won" or "lost".
func (o Outcome) String() string {
	if int(o) < len(outcomeNames) {
		return outcomeNames[o]
	}
	return "outcome(?)"
}

// Limits bound one search. Zero values take the defaults.
type Limits struct {
	// Nodes is the maximum number of states expanded (default
	// DefaultNodes). Node budgets are deterministic: the same deal and
	// budget give the same result on every machine.
	Nodes int64
	// Time is an optional wall-clock limit (0: none). A time limit makes
	// results depend on the machine.
	Time time.Duration
	// Cache is the maximum number of states kept in the cache of visited
	// states (default DefaultCache); when it is full the search stops as
	// Undecided, so memory stays bounded.
	Cache int
}

// Defaults of Limits.
const (
	DefaultNodes int64 = 1_000_000
	DefaultCache       = 8 << 20
)

// Result is the outcome of one search.
type Result struct {
	Outcome Outcome
	// Line is the winning line from the searched state (Won only).
	Line []engine.Move
	// Nodes is the number of states expanded.
	Nodes int64
	// Reason says why a search was undecided: "node limit", "time limit",
	// "cache full" or "cancelled".
	Reason string
	// Depth is the deepest line the search explored, in moves.
	Depth int
}

// Solver searches deals. It keeps its cache and buffers between searches,
// so reuse one Solver per goroutine; it is not safe for concurrent use.
type Solver struct {
	lim      Limits
	cache    map[engine.Key]struct{}
	moves    [][]engine.Move
	states   []engine.Game
	line     []engine.Move
	nodes    int64
	depth    int
	stop     string
	deadline time.Time
	ctx      context.Context
}

// New returns a Solver with the given limits.
func New(lim Limits) *Solver {
	if lim.Nodes <= 0 {
		lim.Nodes = DefaultNodes
	}
	if lim.Cache <= 0 {
		lim.Cache = DefaultCache
	}
	return &Solver{lim: lim, cache: make(map[engine.Key]struct{}, 1<<12)}
}

// Limits returns the solver's limits, defaults filled in.
func (s *Solver) Limits() Limits { return s.lim }

// Solve searches g (which it does not modify) for a win. It returns
// Undecided with the reason when a limit is reached or ctx is cancelled.
// g must implement engine.SearchHooks, as every game of the catalog does;
// a game that does not is searched without hooks (plain Hash as the key).
func (s *Solver) Solve(ctx context.Context, g engine.Game) Result {
	clear(s.cache)
	s.line = s.line[:0]
	s.nodes, s.depth, s.stop = 0, 0, ""
	s.ctx = ctx
	if s.lim.Time > 0 {
		s.deadline = time.Now().Add(s.lim.Time)
	}
	won := s.dfs(s.stateAt(0, g), 0)
	r := Result{Nodes: s.nodes, Depth: s.depth}
	switch {
	case won:
		r.Outcome = Won
		r.Line = make([]engine.Move, len(s.line))
		for i, m := range s.line { // s.line holds the line leaf first
			r.Line[len(s.line)-1-i] = m
		}
	case s.stop != "":
		r.Outcome, r.Reason = Undecided, s.stop
	default:
		r.Outcome = Lost
	}
	if len(s.cache) > 1<<22 {
		s.cache = make(map[engine.Key]struct{}, 1<<12) // do not keep a huge table between deals
	}
	return r
}

// key returns the cache key of g.
func key(g engine.Game) engine.Key {
	if h, ok := g.(engine.SearchHooks); ok {
		return h.SearchKey()
	}
	return engine.Key{Hi: g.Hash(), Lo: g.ViewHash()}
}

// dfs reports whether a win is reachable from g, appending the winning
// line (leaf first) to s.line.
func (s *Solver) dfs(g engine.Game, level int) bool {
	if g.Won() {
		return true
	}
	if s.stop != "" {
		return false
	}
	hooks, _ := g.(engine.SearchHooks)
	if hooks != nil && hooks.DeadEnd() {
		return false
	}
	k := key(g)
	if _, seen := s.cache[k]; seen {
		return false
	}
	if s.limited() {
		return false
	}
	s.cache[k] = struct{}{}
	s.nodes++
	if level > s.depth {
		s.depth = level
	}
	for len(s.moves) <= level {
		s.moves = append(s.moves, nil)
	}
	moves := g.LegalMoves(s.moves[level][:0])
	s.moves[level] = moves
	if hooks != nil {
		if i := hooks.SafeMove(moves); i >= 0 {
			moves = moves[i : i+1]
		}
	}
	if len(moves) > 1 {
		order(g, moves)
	}
	for _, m := range moves {
		c := s.stateAt(level+1, g)
		if err := c.Apply(m); err != nil {
			continue // cannot happen: the engine listed m as legal
		}
		if s.dfs(c, level+1) {
			s.line = append(s.line, m)
			return true
		}
		if s.stop != "" {
			return false
		}
	}
	return false
}

// limited reports (and records) whether a limit has been reached.
func (s *Solver) limited() bool {
	switch {
	case s.nodes >= s.lim.Nodes:
		s.stop = "node limit"
	case len(s.cache) >= s.lim.Cache:
		s.stop = "cache full"
	case s.nodes&1023 == 0 && s.ctx != nil && s.ctx.Err() != nil:
		s.stop = "cancelled"
	case s.lim.Time > 0 && s.nodes&1023 == 0 && time.Now().After(s.deadline):
		s.stop = "time limit"
	}
	return s.stop != ""
}

// order sorts moves for the search: the game's own order when it has one,
// else progress moves (to a foundation, pairs out) first, each group in the
// order the engine listed them.
func order(g engine.Game, moves []engine.Move) {
	if o, ok := g.(engine.MoveOrderer); ok {
		o.OrderMoves(moves)
		return
	}
	j := 0
	for i, m := range moves {
		if m.Kind == engine.MoveFoundation || m.Kind == engine.MovePair {
			// rotate moves[j:i+1] right by one, keeping the order
			copy(moves[j+1:i+1], moves[j:i])
			moves[j] = m
			j++
		}
	}
}

// stateAt returns a copy of g held in the buffer of search level i, valid
// until that level is used again.
func (s *Solver) stateAt(i int, g engine.Game) engine.Game {
	for len(s.states) <= i {
		s.states = append(s.states, nil)
	}
	if s.states[i] == nil || !s.states[i].CopyFrom(g) {
		s.states[i] = g.Clone()
	}
	return s.states[i]
}
