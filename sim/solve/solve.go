// Package solve decides deals with full information: it searches the
// states a game can reach for a win, and proves a loss when none is
// reachable. It uses only the engine's public API and the search hooks the
// games offer (engine.SearchHooks): canonical 128-bit state keys for the
// cache of visited states, safe (dominance) moves made without branching,
// and dead-end detection; a game's engine.MoveOrderer, when it has one,
// orders the moves, and a game that can make a move it listed without
// checking it again (engine.ListedApplier) is let do so.
//
// # Search
//
// The exhaustive search is a depth-first search over the game's state
// graph with a cache of visited states (the transposition table): every
// state, up to the symmetries its key identifies, is expanded at most
// once. A game with a cycle-rule counter (engine.CounterKeyer) is keyed
// without it, and the cache keeps each state's lowest counter: a state
// met again with a counter no lower is dominated and not searched again. A state with a single move to make (a safe move, or the only legal
// one) is advanced in place without a branch point. Moves are tried in the
// game's order (engine.MoveOrderer) or by kind: cards home and pairs out
// first, then moves within the layout, then turning the pack, then
// redeals. A game whose hooks make searches of their own (an endgame
// evaluation, engine.MemoUser) is lent a memo for them, emptied at the
// start of each Solve, so that a result depends only on the deal and the
// limits.
//
// A search runs in up to three phases (Result.Phase). The first look is
// the exhaustive search with 1 % of the node budget: it decides the small
// deals outright. The probe then looks for a win with its share of the
// budget (Limits.Probe, or the share the game asks for, engine.ProbeSharer:
// the Mill, the Sultan, the Shah, Four Corners and the Zodiac give their
// probe the whole budget after the first look): limited discrepancy search, greedy
// dives along the move order widened one deviation at a time, which finds
// the wins of most winnable deals far sooner than chronological
// backtracking, whose early mistakes are only undone after everything
// below them is spent. For a game with a rollout heuristic (engine.Roller)
// the probe is a nested rollout search instead, with a larger share by
// default (DefaultRolloutProbe): each move of its line is the first of the best
// line found by playing every legal move out with the heuristic, and it
// starts again, with a few random moves in its playouts, whenever its line
// runs into a state with no move. Last, the exhaustive search runs again
// from scratch with the rest of the budget, to find the remaining wins and
// to prove losses. A line found is
// shortened before it is returned: a move that reaches a later state of
// the line directly replaces each detour the search made.
//
// # Soundness
//
// A deal is won when a won state is reachable: every line the solver
// returns wins when replayed. It is lost when every reachable state was
// visited and none is won. Caching is sound because a win reachable from a
// state seen before is reachable from where it was first seen (with a
// counter no higher, the game's CounterKeyer guarantees, every line of the
// later visit is open to the first); safe moves
// shrink the graph without removing every path to a win, and dead ends are
// only pruned when no win lies beyond them (each game argues its hooks,
// and engine tests check them against exhaustive search). The cache may
// evict (its memory is bounded): a forgotten state is only searched again,
// and the states of the current search path are never forgotten, so a
// cycle always ends. Lost is therefore a proof, given the game's hooks;
// whenever a limit cut the search (nodes, time, cancellation, the depth
// limit), the result is Undecided. A game without search hooks is searched
// with its Hash as the key, which is not guaranteed canonical or complete:
// its exhausted searches are Undecided too.
//
// Every verdict says how it was reached (Result.Proof): a win its line
// (ProofLine); a loss the exhaustive search (ProofExhaustive), a single
// line with no choice open (ProofConfluence), or the game's dead end that
// holds at the deal's first branch point, by name (engine.DeadEndNamer).
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

// Reasons a search is Undecided (Result.Reason).
const (
	ReasonNodes     = "node limit"
	ReasonTime      = "time limit"
	ReasonCancelled = "cancelled"
	ReasonDepth     = "depth limit"
	ReasonNoHooks   = "no search hooks"
)

// Phases of a search (Result.Phase).
const (
	PhaseFirst      = "first look"
	PhaseProbe      = "probe"
	PhaseExhaustive = "exhaustive"
)

// Proof kinds: how a verdict was reached (Result.Proof).
const (
	// ProofLine: a winning line was found (it wins when replayed).
	ProofLine = "line found"
	// ProofExhaustive: a loss proved by searching every reachable state
	// (up to the game's key symmetry, safe moves and the dead ends it
	// pruned).
	ProofExhaustive = "exhaustive search"
	// ProofConfluence: a loss proved along a single line: from the deal
	// every state had one move to make (a safe move or the only legal
	// one) up to a state with none, so no choice was ever open.
	ProofConfluence = "confluence"
)

// Limits bound one search. Zero values take the defaults.
type Limits struct {
	// Nodes is the maximum number of states expanded (default
	// DefaultNodes). Node budgets are deterministic: the same deal and
	// budget give the same result on every machine.
	Nodes int64
	// Time is an optional wall-clock limit (0: none). A time limit makes
	// results depend on the machine.
	Time time.Duration
	// Memory bounds the bytes of the cache of visited states (default
	// DefaultMemory). A full cache forgets its older half and the search
	// goes on: memory bounds the work a search can save, never its
	// soundness.
	Memory int64
	// Depth is the longest line searched, in moves (default: the game's
	// Spec.MaxMoves, the move cap under which a line can be played and
	// replayed).
	Depth int
	// Probe is the share of the node budget, in percent, given to the
	// probe for a quick win before the exhaustive search (default
	// DefaultProbe, or DefaultRolloutProbe for a game with a rollout
	// heuristic, engine.Roller, whose nested rollouts find the wins the
	// exhaustive search would find far later, or the share the game asks
	// for, engine.ProbeSharer; negative: no probe).
	Probe int
	// NoRollouts makes the probe the limited discrepancy search even for a
	// game with a rollout heuristic (engine.Roller), with DefaultProbe's
	// share unless Probe says otherwise. At small budgets the depth-first
	// search can find a game's first wins sooner than the rollouts (the
	// planner's Zodiac layout plans, solved at 20,000 nodes).
	NoRollouts bool
}

// Defaults of Limits.
const (
	DefaultNodes  int64 = 2_000_000
	DefaultMemory int64 = 256 << 20
	DefaultProbe        = 20
	// DefaultRolloutProbe is the default share of a game with a rollout
	// heuristic (engine.Roller): on the first 1,000 British Constitution
	// deals of seed 2026 the exhaustive search after a 20 % probe won 2
	// deals of the 991 won and proved nothing, while the rollouts given
	// more of the budget won more.
	DefaultRolloutProbe = 80
)

// Result is the outcome of one search.
type Result struct {
	Outcome Outcome
	// Line is the winning line from the searched state (Won only).
	Line []engine.Move
	// Nodes is the number of states expanded, by the probe and the
	// exhaustive search together.
	Nodes int64
	// ProbeNodes is the part of Nodes the probe expanded.
	ProbeNodes int64
	// Phase names the phase of the search that decided the deal (or ran
	// out): PhaseFirst, PhaseProbe or PhaseExhaustive.
	Phase string
	// Proof says how a decided deal was decided ("" when Undecided):
	// ProofLine for a win; for a loss ProofExhaustive, ProofConfluence, or
	// the name of the game's dead end that holds at the deal's first
	// branch point (engine.DeadEndNamer: "layout search", "endgame
	// evaluation", a numbered dead end; engine.DeadEndGeneric for a game
	// with one kind).
	Proof string
	// Reason says why a search was Undecided (one of the Reason…
	// constants).
	Reason string
	// Depth is the longest line the search explored, in moves.
	Depth int
	// DeadEnds counts the states the game's DeadEnd hook pruned.
	DeadEnds int64
	// Cached is the largest number of state keys the cache held;
	// Evictions counts the times a full cache forgot its older half.
	Cached    int
	Evictions int64
}

// Solver searches deals. It keeps its cache and buffers between searches,
// so reuse one Solver per goroutine; it is not safe for concurrent use.
type Solver struct {
	lim   Limits
	tab   *table
	memo  *engine.Memo // lent to the games' hooks (engine.MemoUser)
	stack []frame
	line  []engine.Move

	// per search
	depthLimit int
	nodes      int64 // states expanded
	budget     int64 // node limit of the current phase
	dead       int64
	maxPlies   int
	pinned     int64 // table evictions the path was last pinned after
	cut        bool  // the depth limit cut a line
	probing    bool  // the probe is running (settle uses its cache)
	stop       string
	rootDead   string // the root's dead end in the current exhaustive search
	branched   bool   // the current exhaustive search met a branch point
	deadline   time.Time
	ctx        context.Context

	probe prober
	nest  nester
}

// New returns a Solver with the given limits.
func New(lim Limits) *Solver {
	if lim.Nodes <= 0 {
		lim.Nodes = DefaultNodes
	}
	if lim.Memory <= 0 {
		lim.Memory = DefaultMemory
	}
	lim.Probe = min(lim.Probe, 100) // 0: the game's default, at Solve
	return &Solver{lim: lim, tab: newTable(lim.Memory), memo: engine.NewMemo(int(lim.Memory / 16 / memoShare))}
}

// Limits returns the solver's limits, defaults filled in (Depth stays 0
// when it is the game's move cap, Probe when it is the game's default
// share).
func (s *Solver) Limits() Limits { return s.lim }

// Solve searches g (which it does not modify) for a win. It returns
// Undecided with the reason when a limit is reached or ctx is cancelled.
func (s *Solver) Solve(ctx context.Context, g engine.Game) Result {
	s.ctx = ctx
	s.nodes, s.dead, s.maxPlies, s.pinned, s.cut, s.stop = 0, 0, 0, 0, false, ""
	s.line = s.line[:0]
	s.tab.begin()
	s.memo.Reset()
	s.depthLimit = s.lim.Depth
	if s.depthLimit <= 0 {
		s.depthLimit = g.Spec().MaxMoves
		if s.depthLimit <= 0 {
			s.depthLimit = 10000
		}
	}
	if s.lim.Time > 0 {
		s.deadline = time.Now().Add(s.lim.Time)
	}
	var r Result
	// A first look: the exhaustive search with a small share of the
	// budget decides the small deals, and most of the easy wins, at once.
	s.budget = max(s.lim.Nodes/firstLook, min(s.lim.Nodes, 1000))
	outcome := s.exhaustive(g)
	r.Phase = PhaseFirst
	if outcome == halted && s.stop == ReasonNodes && s.budget < s.lim.Nodes {
		_, rolls := g.(engine.Roller)
		roller := rolls && !s.lim.NoRollouts
		share := s.lim.Probe
		if share == 0 {
			share = DefaultProbe
			if roller {
				share = DefaultRolloutProbe
			}
			if ps, ok := g.(engine.ProbeSharer); ok && roller == rolls {
				share = ps.ProbeShare() // the game's own probe
			}
		}
		if share > 0 {
			s.tab.reset() // the probe keeps its own table
			n0 := s.nodes
			s.stop = ""
			s.budget = min(s.lim.Nodes, n0+s.lim.Nodes*int64(share)/100)
			if roller {
				outcome = s.rollouts(g)
			} else {
				outcome = s.probe.run(s, g)
			}
			r.ProbeNodes = s.nodes - n0
			r.Phase = PhaseProbe
		}
		if outcome != won && (s.stop == "" || s.stop == ReasonNodes) && s.nodes < s.lim.Nodes {
			s.stop = ""
			s.budget = s.lim.Nodes
			outcome = s.exhaustive(g)
			r.Phase = PhaseExhaustive
		}
	}
	r.Nodes, r.Depth, r.DeadEnds = s.nodes, s.maxPlies, s.dead
	r.Cached, r.Evictions = s.tab.peak, s.tab.evictions
	_, hooked := g.(engine.SearchHooks)
	switch {
	case outcome == won:
		r.Outcome = Won
		r.Proof = ProofLine
		line := append([]engine.Move(nil), s.line...)
		_, graded := g.(engine.Graded) // no detours to cut
		for n := len(line) + 1; !graded && len(line) < n; {
			n = len(line)
			line = s.shorten(g, line)
		}
		r.Line = line
	case s.stop != "":
		r.Reason = s.stop
	case s.cut:
		r.Reason = ReasonDepth
	case !hooked:
		r.Reason = ReasonNoHooks
	default:
		r.Outcome = Lost
		switch {
		case s.rootDead != "":
			r.Proof = s.rootDead
		case !s.branched:
			r.Proof = ProofConfluence
		default:
			r.Proof = ProofExhaustive
		}
	}
	s.tab.reset()
	return r
}

// memoShare is the inverse share of Limits.Memory the memo lent to the
// games' hooks may take (16 bytes a slot).
const memoShare = 8

// firstLook is the inverse share of the node budget given to the first
// exhaustive search, before the probe.
const firstLook = 100

// exhaustive runs the exhaustive search on g from scratch with the
// current budget.
func (s *Solver) exhaustive(g engine.Game) settled {
	s.stop, s.cut, s.rootDead, s.branched = "", false, "", false
	s.tab.reset()
	s.use(0, g).plies = 0
	return s.dfs()
}

// limited reports (and records) whether a limit has been reached.
func (s *Solver) limited() bool {
	if s.nodes >= s.budget {
		s.stop = ReasonNodes
		return true
	}
	if s.nodes&1023 == 0 {
		if s.ctx != nil && s.ctx.Err() != nil {
			s.stop = ReasonCancelled
			return true
		}
		if s.lim.Time > 0 && time.Now().After(s.deadline) {
			s.stop = ReasonTime
			return true
		}
	}
	return false
}
