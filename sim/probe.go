package sim

import "github.com/pasyans/pasyans/engine"

// probe tries candidate moves of one decision on a copy of the state and
// reports what they open, counting only what the player could see before
// the move. It is the one-move look-ahead of greedy's tie-break and of the
// book's advice.
//
// Fairness: the copy is a plain copy of the state, hidden cards included,
// so a move that turns up a hidden card (a draw, a compulsory refill from
// the pack) shows the real card there. Every count therefore ignores the
// moves that involve a card the player could not see before the candidate:
// a move counts only when its card, its second card and (for a foundation
// play) the top card of its target were all visible in the state of the
// decision. What is left depends only on the view, which
// TestHiddenInformation checks for every game. Unlike a determinized copy
// this draws no random numbers, and it does not count the luck of a sampled
// hidden card as an opening.
type probe struct {
	g       engine.Game           // the state of the decision
	peek    engine.ProgressPeeker // g's, nil if it has none
	copyBuf scratch               // the state after the last candidate tried
	move    engine.Move           // the candidate after makes (see after)
	moves   []engine.Move
	visible [4]uint64 // bit c: card c is visible in g (valid when haveVis)
	haveVis bool
	// topSeen[i], for the state after the last candidate: 1 if pile i is
	// empty or its top card was visible before the candidate, -1 if not,
	// 0 not yet known.
	topSeen [64]int8
	// kept: the legal moves after candidate keptMove (see keep), valid
	// while haveKept.
	kept     []engine.Move
	keptMove engine.Move
	haveKept bool
	// partial: moves holds only the progress moves of the state after the
	// last candidate (engine.ProgressMover), so keep cannot keep them.
	partial bool
	// counts[i] is 2 + progressAfter(legal[i]) of the decision in
	// progress, 0 when not yet known; used only while memo (see
	// memoize): a decision that probes a candidate twice (the book's
	// advice, then greedy's tie-break) pays once.
	counts []int16
	memo   bool
}

// reset starts a decision in state g.
func (pr *probe) reset(g engine.Game) {
	pr.g = g
	pr.peek, _ = g.(engine.ProgressPeeker)
	pr.haveVis = false
	pr.haveKept = false
}

// keep remembers the legal moves the probe generated last (by
// progressAfter or legalAfter) as those after candidate m, for nextLegal.
func (pr *probe) keep(m engine.Move) {
	if pr.partial {
		pr.haveKept = false
		return
	}
	pr.kept, pr.moves = pr.moves, pr.kept
	pr.keptMove, pr.haveKept = m, true
}

// forget drops the kept moves (a new decision begins).
func (pr *probe) forget() { pr.haveKept = false }

// memoize starts remembering the counts of progressAt for a decision
// with n legal moves, until unmemoize. The caller guarantees that every
// progressAt call in between is about the same state and the same legal
// moves.
func (pr *probe) memoize(n int) {
	if cap(pr.counts) < n {
		pr.counts = make([]int16, n)
	}
	pr.counts = pr.counts[:n]
	clear(pr.counts)
	pr.memo = true
}

// unmemoize ends the decision begun by memoize.
func (pr *probe) unmemoize() { pr.memo = false }

// progressAt is progressAfter(m) for m, the move i of the decision's legal
// moves. While memoizing, a count found before for i is returned again
// without probing; only counts after which keep keeps nothing (pr.partial,
// or a move that cannot be applied) are remembered, so keep and nextLegal
// behave as after a fresh probe.
func (pr *probe) progressAt(i int, m engine.Move) int {
	if !pr.memo || i >= len(pr.counts) {
		return pr.progressAfter(m)
	}
	if k := pr.counts[i]; k != 0 {
		pr.partial = true
		return int(k) - 2
	}
	n := pr.progressAfter(m)
	if n < 0 || pr.partial {
		pr.counts[i] = int16(n + 2)
	}
	return n
}

// nextLegal appends to dst the legal moves after m if the probe kept them
// for m in the last decision, and forgets them (they are used once).
func (pr *probe) nextLegal(m engine.Move, dst []engine.Move) ([]engine.Move, bool) {
	if !pr.haveKept || pr.keptMove != m {
		pr.haveKept = false
		return dst, false
	}
	pr.haveKept = false
	return append(dst, pr.kept...), true
}

// after returns the state after m on a copy of the decision's state, or nil
// if m cannot be applied. The copy lives in a reused buffer: it is valid
// until the next call of after. Callers read it only through the visible
// counts of probe, or through its view when the game hides nothing.
func (pr *probe) after(m engine.Move) engine.Game {
	c := pr.copyBuf.copyOf(pr.g)
	pr.move = m // applied from a field: the address of m would move it to the heap
	if !applyListed(c, &pr.move) {
		return nil
	}
	pr.topSeen = [64]int8{}
	return c
}

// seen reports whether card c was visible in the decision's state.
func (pr *probe) seen(c engine.Card) bool {
	if !pr.haveVis {
		pr.visible = [4]uint64{}
		pr.g.VisibleCards(&pr.visible)
		pr.haveVis = true
	}
	return c != engine.NoCard && pr.visible[c>>6]&(1<<(c&63)) != 0
}

// fair reports whether move n, legal in state c after a candidate, involves
// only cards the player saw before the candidate: its card, its second
// card and, for a move onto a pile, the top card of its target.
func (pr *probe) fair(c engine.Game, n engine.Move) bool {
	if n.Card == engine.NoCard || !pr.seen(n.Card) {
		return false
	}
	if n.Card2 != engine.NoCard && !pr.seen(n.Card2) {
		return false
	}
	switch n.Kind {
	case engine.MoveFoundation, engine.MoveBuild, engine.MoveTransfer, engine.MoveReserve, engine.MoveFill:
		return pr.targetSeen(c, int(n.To))
	}
	return true
}

// targetSeen reports whether pile i of c (the state after the last
// candidate) is empty or has a top card that was visible before it.
func (pr *probe) targetSeen(c engine.Game, i int) bool {
	if i < len(pr.topSeen) && pr.topSeen[i] != 0 {
		return pr.topSeen[i] > 0
	}
	ok := c.PileLen(i) == 0 || pr.seen(c.PileTop(i))
	if i < len(pr.topSeen) {
		pr.topSeen[i] = -1
		if ok {
			pr.topSeen[i] = 1
		}
	}
	return ok
}

// legalAfter returns the legal moves of c (a state returned by after) in
// the probe's move buffer.
func (pr *probe) legalAfter(c engine.Game) []engine.Move {
	pr.moves = c.LegalMoves(pr.moves[:0])
	pr.partial = false
	return pr.moves
}

// progressMovesAfter returns the foundation plays and pair removals of c
// (a state returned by after) in the probe's move buffer: from
// engine.ProgressMover when the game has it, which spares generating the
// other moves, else filtered from the legal moves.
func (pr *probe) progressMovesAfter(c engine.Game) []engine.Move {
	if pm, ok := c.(engine.ProgressMover); ok {
		pr.moves = pm.ProgressMoves(pr.moves[:0])
		pr.partial = true
		return pr.moves
	}
	return pr.legalAfter(c)
}

// progressAfter counts the foundation plays and pair removals open after m
// that involve only cards visible before it (-1 if m cannot be applied).
func (pr *probe) progressAfter(m engine.Move) int {
	if pr.peek != nil {
		var peeked bool
		if pr.moves, peeked = pr.peek.ProgressAfter(m, pr.moves[:0]); peeked {
			// The targets are unchanged by m: read them in the state of
			// the decision (see engine.ProgressPeeker), and nothing is
			// kept for nextLegal.
			pr.partial = true
			if len(pr.moves) == 0 {
				return 0
			}
			pr.topSeen = [64]int8{}
			n := 0
			for _, x := range pr.moves {
				if isProgress(x.Kind) && pr.fair(pr.g, x) {
					n++
				}
			}
			return n
		}
	}
	c := pr.after(m)
	if c == nil {
		return -1
	}
	n := 0
	for _, x := range pr.progressMovesAfter(c) {
		if isProgress(x.Kind) && pr.fair(c, x) {
			n++
		}
	}
	return n
}

// applyListed makes m, which LegalMoves listed for g's state (or the state
// g is a copy of), without checking it again (engine.Rules.ApplyListed),
// and reports that g took it.
func applyListed(g engine.Game, m *engine.Move) bool {
	g.ApplyListed(m)
	return true
}
