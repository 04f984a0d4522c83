package engine

import "math/bits"

// NoOpenings (see OpeningTeller) holds in Red and Black, variant
// moves=single, when no foundation play is legal and no card that a
// legal move can uncover is wanted by a foundation. A move of this game
// changes no foundation, so after it the foundations want what they want
// now; it changes the tops of two piles at most (ProgressCountAfter): the
// target gets a card that was a top before (not wanted, since nothing is
// playable now), and the source shows the card beneath the one that
// moved — for a shift the card under its source's top, for a build from
// the talon the card under the talon's top — or, when a shift empties its
// pile, the refill: hidden from the pack (not counted), or the talon's
// top (not wanted) with the card under it then showing on the talon. So
// when no card under the top of a pile that a shift leaves (a row of the
// shift matrix) is wanted, nor, when a build from the talon or a refill
// from it is possible, the card under the talon's top, every count is 0.
// (Variant moves=sequence uncovers cards deeper in a pile; it answers
// false and is counted.)
func (g *redAndBlack) NoOpenings() bool {
	if g.r.sequence || g.score == rbTotal || g.wantTops != 0 {
		return false
	}
	want := g.want
	talon := g.lay.piles[rbTalon].top
	// (cardFaces[NoCard] is 63, which no foundation wants; the masks
	// spare the compiler's shift-width checks.)
	if want>>(cardFaces[talon]&63)&1 != 0 {
		return false
	}
	// The card under the talon's top shows after a build from the
	// talon, or after a shift that empties its pile once the pack is out
	// (the talon's top refills it).
	talonShows := talon != NoCard && g.byKey[rbWants[talon]&31] != 0
	refill := talon != NoCard && g.lay.empty(rbStock)
	for rows := rbRows(g.shifts); rows != 0; rows &= rows - 1 {
		under := g.lay.below[g.lay.piles[rbTab+bits.TrailingZeros8(rows)].top]
		if under == NoCard {
			talonShows = talonShows || refill
		} else if want>>(cardFaces[under]&63)&1 != 0 {
			return false
		}
	}
	return !talonShows || want>>(cardFaces[g.lay.below[talon]]&63)&1 == 0
}

// rbRows returns the set of rows of the shift matrix m (see redAndBlack)
// that have a bit set: the piles whose top can shift.
func rbRows(m uint64) uint8 {
	m |= m >> 4
	m |= m >> 2
	m |= m >> 1
	m &= 0x0101010101010101
	// Gather bit 8i to bit i (each byte now holds 0 or 1).
	return uint8(m * 0x0102040810204080 >> 56)
}
