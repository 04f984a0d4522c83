package engine

import "math/bits"

// ProgressCounter is implemented by games that can count the progress
// moves a legal move opens without listing them: greedy's tie-break (and
// the book's, which falls back to it) in package sim asks it before its
// one-move look-ahead, which lists the progress moves after each tied
// candidate (ProgressPeeker, or a copy of the game) and then tests each
// for fairness through calls into the game.
//
// ProgressCountAfter returns, for the legal move m, the number of moves
// that ProgressMoves would list in the state after m whose card, second
// card (if any) and, for a move onto a pile, the top card of that pile
// were all visible (shown by Pile) in g before m — the count of sim's
// probe — and true; it returns false for a move it does not handle, and
// the caller counts by the look-ahead instead. g is not changed.
// TestProgressCountAfter (package sim) checks it against the look-ahead
// at every legal move of the positions of random playouts of every
// variant that has it.
type ProgressCounter interface {
	ProgressCountAfter(m *Move) (int, bool)
}

// OpeningTeller is implemented by games that count the progress moves a
// legal move opens (ProgressCounter) and can tell, without counting move
// by move, that no legal move opens any: greedy's tie-break in package
// sim then takes the first tied candidate at once, which is what its
// count would pick when every candidate counts 0, and the book's
// red-and-black/S1 (a shift that opens a play) knows that it has none.
//
// NoOpenings reports true only when ProgressCountAfter(&m) returns
// (0, true) for every legal move m of a tableau kind (MoveBuild,
// MoveFill, MoveReserve, MoveTransfer); false says nothing (the caller
// counts). g is not changed. TestNoOpenings checks it against
// ProgressCountAfter at every position of random playouts of every
// variant.
type OpeningTeller interface {
	ProgressCounter
	NoOpenings() bool
}

// ProgressCountAfter handles the builds from the talon and the shifts
// between tableau piles (see ProgressCounter). A build changes no
// foundation and no want, only the tops of two piles: after a shift the
// source shows the card beneath the run, or, when it empties, the refill
// (the pack's top, or the talon's, whose top then is the card beneath);
// after a build from the talon, the talon shows the card beneath. Every
// card of the tableau and the talon is visible, and so are the
// foundations, which a build leaves alone; only a refill from the pack
// is hidden, and its plays do not count.
func (g *redAndBlack) ProgressCountAfter(m *Move) (int, bool) {
	from, to := int(m.From), int(m.To)
	if m.Kind != MoveBuild || to < rbTab || to >= rbTab+8 || g.score == rbTotal {
		return 0, false
	}
	j := (to - rbTab) & 7
	talon := g.lay.top(rbTalon)
	tops := g.wantTops &^ (1 << j)
	var newTo, newFrom Card
	i := j
	switch {
	case from == rbTalon:
		newTo, newFrom = talon, NoCard
		talon = g.lay.below[talon]
	case from >= rbTab && from < rbTab+8 && from != to:
		i = (from - rbTab) & 7
		tops &^= 1 << i
		newTo = g.lay.top(from) // the run's top card
		newFrom = g.lay.below[m.Card]
		if newFrom == NoCard && g.lay.empty(rbStock) && talon != NoCard {
			// Refilled from the talon; from the pack the refill is
			// hidden (newFrom stays NoCard), and an empty pack and
			// talon leave a gap.
			newFrom = talon
			talon = g.lay.below[talon]
		}
	default:
		return 0, false
	}
	// (cardFaces[NoCard] is 63, which no foundation wants; the masks
	// spare the compiler's shift-width checks.)
	want := g.want
	n := g.playsOf(talon, want) + g.playsOf(newTo, want)
	if i != j {
		n += g.playsOf(newFrom, want)
	}
	for t := tops; t != 0; t &= t - 1 {
		n += g.playsOf(g.lay.piles[rbTab+bits.TrailingZeros8(t)].top, want)
	}
	return n, true
}

// playsOf returns how many foundations take card c (appendFoundation's
// count), given want (see wanted); none for NoCard.
func (g *redAndBlack) playsOf(c Card, want uint64) int {
	if want>>(cardFaces[c]&63)&1 == 0 {
		return 0
	}
	f := rbFound + 2*int(c.Suit())
	need := uint8(c.Rank()) - 1
	n := 0
	if g.lay.piles[f&15].n == need {
		n++
	}
	if g.lay.piles[(f+1)&15].n == need {
		n++
	}
	return n
}
