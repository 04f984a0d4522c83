package solve

import (
	"context"
	"crypto/sha256"
	"encoding/binary"

	"github.com/pasyans/pasyans/engine"
)

// CheckVerdict is what an independent check of a loss found.
type CheckVerdict uint8

// Check verdicts.
const (
	// CheckOutOfBudget: the check reached its state budget (or was
	// cancelled) before it had searched every reachable state.
	CheckOutOfBudget CheckVerdict = iota
	// CheckAgreed: every reachable state was searched and none is won.
	CheckAgreed
	// CheckDisagreed: the check reached a won state (CheckResult.Line).
	CheckDisagreed
)

var checkNames = [...]string{"out of budget", "agreed", "disagreed"}

// String returns "out of budget", "agreed" or "disagreed".
func (v CheckVerdict) String() string {
	if int(v) < len(checkNames) {
		return checkNames[v]
	}
	return "check(?)"
}

// DefaultCheckStates is the default state budget of CheckLoss: 2,000,000
// distinct states (about 100 MB of keys and stack at most).
const DefaultCheckStates int64 = 2_000_000

// CheckResult is the outcome of CheckLoss.
type CheckResult struct {
	Verdict CheckVerdict
	// States is the number of distinct states expanded.
	States int64
	// Line is the winning line found (CheckDisagreed only).
	Line []engine.Move
}

// CheckLoss re-proves a loss independently of the solver: a plain
// depth-first search over every legal move (LegalMoves and Apply only: no
// safe moves, no dead ends, no move order, no search key, none of the
// game's search hooks) with a set of visited states keyed by a full state
// key, a 128-bit SHA-256 digest of every card of every pile (hidden ones
// included, in order) and of the game's Hash, which covers what the piles
// do not (counters, phase flags, redeals). It expands at most states
// distinct states (DefaultCheckStates when states ≤ 0) and has no depth
// limit: a win of any length disagrees with a loss. It reports
// CheckAgreed when every reachable state was searched and none is won,
// CheckDisagreed with the line when a won state is reachable, and
// CheckOutOfBudget otherwise (also when ctx is cancelled). g is not
// modified.
func CheckLoss(ctx context.Context, g engine.Game, states int64) CheckResult {
	if states <= 0 {
		states = DefaultCheckStates
	}
	c := checker{seen: map[[16]byte]struct{}{}}
	return c.run(ctx, g, states)
}

// checker holds the buffers of one check.
type checker struct {
	seen  map[[16]byte]struct{}
	buf   []byte
	cards []engine.Card
}

// checkFrame is a state on the check's path and the moves left to try.
type checkFrame struct {
	g     engine.Game
	moves []engine.Move
	next  int
}

// key returns the full state key of g.
func (c *checker) key(g engine.Game) [16]byte {
	b := c.buf[:0]
	for i := 0; i < g.NumPiles(); i++ {
		c.cards = g.FullPile(c.cards[:0], i)
		b = binary.AppendUvarint(b, uint64(len(c.cards)))
		for _, card := range c.cards {
			b = append(b, byte(card))
		}
	}
	b = binary.LittleEndian.AppendUint64(b, g.Hash())
	b = binary.AppendUvarint(b, uint64(g.Redeals()))
	c.buf = b
	sum := sha256.Sum256(b)
	var k [16]byte
	copy(k[:], sum[:16])
	return k
}

// visit records g and reports whether it is new.
func (c *checker) visit(g engine.Game) bool {
	k := c.key(g)
	if _, ok := c.seen[k]; ok {
		return false
	}
	c.seen[k] = struct{}{}
	return true
}

func (c *checker) run(ctx context.Context, g engine.Game, budget int64) CheckResult {
	var r CheckResult
	if g.Won() {
		r.Verdict = CheckDisagreed
		return r
	}
	// stack[:d] is the path; the frames beyond it keep their games, which
	// the next child reuses (CopyFrom) instead of allocating a clone.
	stack := []checkFrame{{g: g.Clone()}}
	stack[0].moves = stack[0].g.LegalMoves(nil)
	c.visit(stack[0].g)
	r.States = 1
	for d := 1; d > 0; {
		f := &stack[d-1]
		if f.next >= len(f.moves) {
			d--
			continue
		}
		f.next++
		if d == len(stack) {
			stack = append(stack, checkFrame{})
			f = &stack[d-1]
		}
		n := &stack[d]
		if n.g == nil || !n.g.CopyFrom(f.g) {
			n.g = f.g.Clone()
		}
		if err := n.g.Apply(f.moves[f.next-1]); err != nil {
			continue // cannot happen: the engine listed the move as legal
		}
		if n.g.Won() {
			r.Verdict = CheckDisagreed
			for i := 0; i < d; i++ {
				r.Line = append(r.Line, stack[i].moves[stack[i].next-1])
			}
			return r
		}
		if !c.visit(n.g) {
			continue
		}
		if r.States >= budget {
			return r
		}
		if r.States&1023 == 0 && ctx != nil && ctx.Err() != nil {
			return r
		}
		r.States++
		n.moves, n.next = n.g.LegalMoves(n.moves[:0]), 0
		d++
	}
	r.Verdict = CheckAgreed
	return r
}
