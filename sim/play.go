package sim

import (
	"context"
	"fmt"

	"github.com/pasyans/pasyans/engine"
	"github.com/pasyans/pasyans/sim/solve"
)

// DefaultMaxMoves is the move cap used when a game's Spec.MaxMoves is 0.
const DefaultMaxMoves = 10000

// SearchReporter is implemented by players that search (lookahead, solver).
// After a deal, SearchStats returns the number of nodes expanded and whether
// the search decided the deal: a solver that hit its node or time limit
// before proving a win or a loss reports decided = false, and a deal it
// then did not win is recorded as unknown.
type SearchReporter interface {
	SearchStats() (nodes int64, decided bool)
}

// StageFallback is the stage (Result.Stage) of a deal the solver left
// undecided and its fallback play (greedy) won.
const StageFallback = "fallback play"

// DealResult is the outcome of one deal played by one player, as PlayDeal
// returns it.
type DealResult struct {
	Outcome         Outcome
	Moves           int32
	FoundationCards int32
	Redeals         int32
	MoveCapHit      bool
	SolverNodes     int64
	// Proof and Stage say how a solver decided the deal and which stage
	// of its search did (Result.Proof, Result.Stage; "" for the others).
	Proof, Stage string
}

// nextLegaler is implemented by players that may have generated the legal
// moves of the state after the move they chose, on an exact copy of the
// game (greedy's tie-break, the book's look-ahead). nextLegal is called
// right after that move was applied to the state of the last Choose: it
// appends the legal moves of the new state to dst and reports true, or
// reports false when it does not have them. PlayDeal then skips its own
// LegalMoves; the moves are the same, so results are too.
type nextLegaler interface {
	nextLegal(m *engine.Move, dst []engine.Move) ([]engine.Move, bool)
}

// Tracer receives every move PlayDeal makes, with the advice ID that drove
// it; g is the state before the move.
type Tracer func(ply int32, g engine.Game, m engine.Move, advice engine.RuleID)

// Playout holds the reusable buffers of one goroutine's play, so that the
// hot loop does not allocate. The zero value is ready to use.
type Playout struct {
	// Ctx, when set, is passed to players that search at Reset
	// (ContextPlayer), so that a long search stops when it is cancelled.
	Ctx context.Context
	// Checked makes every move go through Game.Apply, which checks it
	// again before making it. By default a move the game listed is made
	// with engine.ListedApplier's ApplyListed, without that second check:
	// the engine's property tests check at every position of random games
	// that every listed move passes Check and that ApplyListed leaves the
	// state Apply does, so the rows are the same either way. A play whose
	// moves are logged for others to replay sets it.
	Checked bool
	legal   []engine.Move
	// last is the move just played, handed to nextLegal by address (a
	// field, so that the address does not move a local to the heap).
	last engine.Move
	// advice counts the advice IDs named in the deal, in the order first
	// named (a deal names a few at most: a slice beats a map).
	advice []AdviceCount
	// counts is the block AdviceCounts hands its results out of, each the
	// next few entries of it (capacity limited to them): one allocation
	// for many deals.
	counts []AdviceCount
}

// adviceBlock is the number of advice counts AdviceCounts allocates at a
// time.
const adviceBlock = 256

// PlayDeal plays g to the end with p (Reset with seed first), stopping at
// maxMoves (DefaultMaxMoves if ≤ 0) with outcome unknown and MoveCapHit.
// The advice IDs the player names are counted and returned in
// AdviceCounts. An error means the player chose an index out of range or
// the engine rejected a move it listed as legal — both are bugs.
func (pl *Playout) PlayDeal(g engine.Game, p Player, seed uint64, maxMoves int, trace Tracer) (DealResult, error) {
	if maxMoves <= 0 {
		maxMoves = DefaultMaxMoves
	}
	pl.advice = pl.advice[:0]
	ResetPlayer(pl.Ctx, p, g, seed)
	next, _ := p.(nextLegaler)
	var listed engine.ListedApplier
	if !pl.Checked {
		listed = g
	}
	have := false // pl.legal already holds the legal moves of g
	var d DealResult
	if listed != nil && next == nil && trace == nil {
		// The loop below without its hooks (a player that looks ahead,
		// a tracer, a checked Apply): the random player's, whose moves
		// are few instructions each, so that the loop's own are a good
		// part of them.
		if err := pl.playListed(g, p, listed, maxMoves, &d); err != nil {
			return d, err
		}
	} else {
		// The game is over when it is won or no move is legal (the contract of
		// Game.Ending); testing that directly saves a second move generation.
		for !g.Won() {
			if !have {
				pl.legal = g.LegalMoves(pl.legal[:0])
			}
			have = false
			if len(pl.legal) == 0 {
				break
			}
			if int(d.Moves) >= maxMoves {
				d.MoveCapHit = true
				break
			}
			i, adv := p.Choose(g, pl.legal)
			if i < 0 || i >= len(pl.legal) {
				return d, fmt.Errorf("%s: move %d: player chose index %d of %d legal moves", g.ID(), d.Moves, i, len(pl.legal))
			}
			// The move is read in place (passed field by field): a copy of it
			// would read the list's fresh byte stores with wide loads, which
			// wait for the stores to land.
			m := &pl.legal[i]
			if trace != nil {
				trace(d.Moves, g, *m, adv)
			}
			if listed != nil {
				listed.ApplyListed(m)
			} else if err := g.Apply(*m); err != nil {
				return d, fmt.Errorf("%s: move %d (%v) listed as legal but rejected: %w", g.ID(), d.Moves, *m, err)
			}
			if next != nil {
				pl.last = *m
				pl.legal, have = next.nextLegal(&pl.last, pl.legal[:0])
			}
			if adv != "" {
				pl.countAdvice(adv)
			}
			d.Moves++
		}
	}
	d.FoundationCards = int32(g.Score())
	d.Redeals = int32(g.Redeals())
	if sr, ok := p.(SearchReporter); ok {
		d.SolverNodes, _ = sr.SearchStats()
	}
	d.Outcome, _ = Verdict(g, p, d.MoveCapHit)
	if so, ok := p.(SolveReporter); ok {
		r := so.SolveResult()
		d.Stage = r.Phase
		switch {
		case d.Outcome == Unknown:
		case r.Proof == "": // undecided, yet the fallback play won
			d.Proof, d.Stage = solve.ProofLine, StageFallback
		default:
			d.Proof = r.Proof
		}
	}
	return d, nil
}

// playListed is PlayDeal's loop for a player without nextLegal and
// without a tracer, with a game that makes listed moves: the same moves
// in the same order, the list and the move count in locals.
func (pl *Playout) playListed(g engine.Game, p Player, listed engine.ListedApplier, maxMoves int, d *DealResult) error {
	legal, moves := pl.legal, int32(0)
	for !g.Won() {
		legal = g.LegalMoves(legal[:0])
		if len(legal) == 0 {
			break
		}
		if int(moves) >= maxMoves {
			d.MoveCapHit = true
			break
		}
		i, adv := p.Choose(g, legal)
		if i < 0 || i >= len(legal) {
			pl.legal, d.Moves = legal, moves
			return fmt.Errorf("%s: move %d: player chose index %d of %d legal moves", g.ID(), moves, i, len(legal))
		}
		listed.ApplyListed(&legal[i])
		if adv != "" {
			pl.countAdvice(adv)
		}
		moves++
	}
	pl.legal, d.Moves = legal, moves
	return nil
}

// countAdvice adds one to the count of advice ID adv.
func (pl *Playout) countAdvice(adv engine.RuleID) {
	for i := range pl.advice {
		// IDs of one game share their length and differ at the end
		// (napoleon/S1, napoleon/S2): the last byte tells most apart
		// before the strings are compared.
		if id := pl.advice[i].ID; len(id) == len(adv) && id[len(id)-1] == adv[len(adv)-1] && id == string(adv) {
			pl.advice[i].Count++
			return
		}
	}
	pl.advice = append(pl.advice, AdviceCount{ID: string(adv), Count: 1})
}

// AdviceCounts returns the advice counts of the last deal, sorted by ID
// (nil if the player named none). The slice is the caller's: it is the
// next few entries of a block shared with earlier and later results,
// with its capacity limited to them (an append copies it), so that a deal
// allocates nothing most of the time.
func (pl *Playout) AdviceCounts() []AdviceCount {
	n := len(pl.advice)
	if n == 0 {
		return nil
	}
	if cap(pl.counts)-len(pl.counts) < n {
		pl.counts = make([]AdviceCount, 0, max(adviceBlock, n))
	}
	start := len(pl.counts)
	pl.counts = append(pl.counts, pl.advice...)
	out := pl.counts[start:len(pl.counts):len(pl.counts)]
	// Insertion sort: a deal names a few IDs at most.
	for i := 1; i < n; i++ {
		for j := i; j > 0 && out[j].ID < out[j-1].ID; j-- {
			out[j], out[j-1] = out[j-1], out[j]
		}
	}
	return out
}
