package engine

import "math/bits"

// What the book strategy of package sim reads of the British Constitution
// at a decision (british-constitution/S1 and S2, and greedy's rules among
// the moves S2 leaves), from the state the game keeps (empty, single,
// bcKept) instead of pile by pile or by peeking at each move's result.

// PlaysAfter returns, for the legal move m, the number of foundation
// plays legal after it and true when m is a build or a fill within the
// Constitution — what ProgressAfter lists after m, every one of visible
// cards (the Council's tops and the foundations' tops are face up), so
// the count of sim's probe; it returns false for every other move (the
// caller probes it). g is not changed. A build or fill changes the tops
// of its two piles only (and a People pile it empties is refilled, which
// is not the Council), so the plays after it are the kept plays of the
// Council's tops (nPlays), those of the target's new top in place of its
// old one's, none if a vacancy then waits to be
// filled. TestPlaysAfter checks it against ProgressAfter at every legal
// move of random playouts of every variant.
func (g *britishConstitution) PlaysAfter(m *Move) (int, bool) {
	from, to := int(m.From), int(m.To)
	if from >= bcCouncil*bcCols || to >= bcCons || from == to {
		return 0, false
	}
	c := g.lay.top(from)
	if c == NoCard {
		return 0, false
	}
	switch m.Kind {
	case MoveBuild:
		// A build is legal only while no vacancy waits, and its target
		// holds a card; a vacancy waits after it only when it empties
		// a pile above the People whose division below has a card to
		// fill it (a vacancy it leaves among the People, which nothing
		// refills, or one that empties a division, makes none wait).
		if !g.r.freeFill && from >= bcCols && g.single>>from&1 != 0 {
			if below := bcRow(from/bcCols - 1); g.empty&below != below {
				return 0, true
			}
		}
	case MoveFill:
		empty := g.empty &^ (1 << to)
		if g.lay.below[c] == NoCard && (from >= bcCols || g.lay.empty(bcTalon) && g.lay.empty(bcStock)) {
			empty |= 1 << from // a vacancy (a People pile stays empty only when nothing refills it)
		}
		if !g.r.freeFill && bcVacancyToFill(empty) {
			return 0, true // only fills are legal
		}
	default:
		return 0, false
	}
	n := int(g.k.nPlays)
	if to >= bcCouncil*bcCols { // c becomes the top of Council pile to
		n += g.playsOf(c) - g.playsOf(g.lay.top(to))
	}
	return n, true
}

// playsOf returns the number of foundations that take c next (0, 1 or
// both of its suit's two; 0 for NoCard), from the kept accept.
func (g *britishConstitution) playsOf(c Card) int {
	if c == NoCard {
		return 0
	}
	f, r, n := 2*int(c.Suit())&7, c.Rank(), 0
	if g.k.accept[f] == r {
		n++
	}
	if g.k.accept[f+1] == r {
		n++
	}
	return n
}

// Vacancies returns the set of the Constitution's piles (pile row*8 +
// column, as for Singles) that are empty, kept by every move.
func (g *britishConstitution) Vacancies() uint32 { return g.empty }

// TalonFitsCommons reports whether the talon's top card goes, in a
// descending sequence of alternate colours, on a top card of the House of
// Commons (false when the talon is empty): the book's
// british-constitution/S2 then postpones no vacancy. It is one read of the
// kept keys of the Commons' tops instead of a read of each pile.
func (g *britishConstitution) TalonFitsCommons() bool {
	return g.k.keys[1][bcWant[g.lay.top(bcTalon)]] != 0
}

// MoveKinds returns what LegalMoves lists, from the state the game keeps
// without listing it: the set of the kinds of its moves (bit k for a move
// of kind k), the piles of the Constitution its builds of Rule II start
// from (bit p for pile p), and whether it lists a talon build (variant
// talon-build=on). The book reads it at every decision instead of a pass
// over the moves. TestMoveKinds checks it against LegalMoves at every
// position of random playouts of every variant.
func (g *britishConstitution) MoveKinds() (kinds uint64, sources uint32, talonBuilds bool) {
	if g.pending() {
		return 1 << MoveFill, 0, false // a vacancy waits with a card to fill it
	}
	if g.k.plays != 0 {
		kinds |= 1 << MoveFoundation
	}
	if sources = g.k.builds; sources != 0 {
		kinds |= 1 << MoveBuild
	}
	if g.r.freeFill {
		for holes := g.empty &^ bcRow(0); holes != 0; holes &= holes - 1 {
			if row := bits.TrailingZeros32(holes) / bcCols; ^g.empty&bcRow(row-1) != 0 {
				kinds |= 1 << MoveFill
				break
			}
		}
	}
	if g.r.talonBuild && g.k.keys[0][bcWant[g.lay.top(bcTalon)]] != 0 {
		kinds |= 1 << MoveBuild
		talonBuilds = true
	}
	if !g.lay.empty(bcStock) {
		kinds |= 1 << MoveDraw
	}
	return kinds, sources, talonBuilds
}
