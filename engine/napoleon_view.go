package engine

import "math/bits"

// ColumnState gives the state of the columns that Apply keeps
// (engine/napoleon_kept.go), to read without a copy: ranks[i] holds the
// ranks of column i (pile Ci), the exposed card's in the low 4 bits, the
// card under it 4 bits higher, and so on up to the first card dealt (at
// most six cards; a rank is never 0, so a 0 nibble ends the column and an
// empty column reads 0); dealt holds ranks as the game was dealt (a column
// only loses its exposed card, so each word of ranks is the bottom of its
// dealt word: the dealt word shifted right by 4 bits a card gone);
// holding[r] has bit i when column i holds a card of rank r (entries 0 and
// past the king are 0); two has bit r when exactly two cards of rank r are
// still in play (a pair of it takes its last two cards out). The arrays
// are the game's own: the caller only reads them, and they change with the
// game's next move. Every column card lies face up, so they hold nothing
// the player cannot see. The book strategy counts the crossed pairs of
// napoleon/S1 from them (sim.napoleonColumns).
func (g *napoleon) ColumnState() (ranks, dealt *[npCols]uint32, holding *[16]uint8, two uint16) {
	return &g.colRanks, &g.dealt, &g.inCol, g.two
}

// PairsAfter counts the pairs legal after the pair m without listing
// them (ProgressAfter lists them): the count of sim's probe, the progress
// moves after m whose cards were visible before it (the book strategy's
// napoleon/S2 asks it). A pair takes the available cards of its two piles
// out: a column then shows the card under it (face up before, as every
// column card), a reserve slot is empty. So every pair after it is of
// cards visible before it, and the count is that of appendPairs: for each
// rank, the pairs of its usable piles, where the usable piles are the
// columns alone when the reserve is used only in need (open reserve) and a
// column pair exists, else every column and reserve slot. It handles the
// pairs of two available cards (as ProgressAfter does) and returns false
// for any other move. (It is not an engine.ProgressCounter: greedy's
// tie-break, which asks that, never meets two tied moves here.)
func (g *napoleon) PairsAfter(m *Move) (int, bool) {
	from, to := int(m.From), int(m.To)
	if m.Kind != MovePair || from >= npStock || to >= npStock || from == to {
		return 0, false
	}
	c := g.lay.top(from)
	if c == NoCard || g.lay.top(to) == NoCard {
		return 0, false
	}
	// The piles showing each rank after m, from those counted now (4 bits
	// a rank): m's two cards go, and each column of the two shows the card
	// under (rank 0, left out of the count, for none).
	one := uint64(1) << (4 * uint(c.Rank()&15))
	var cols, slots, under uint64 // m's cards in the columns, in the reserve; the cards under
	if from < npCols {
		cols += one
		under += 1 << (4 * (g.colRanks[from&7] >> 4 & 15))
	} else {
		slots += one
	}
	if to < npCols {
		cols += one
		under += 1 << (4 * (g.colRanks[to&7] >> 4 & 15))
	} else {
		slots += one
	}
	if !g.r.ordered && g.r.need {
		if n := npPairsOf(g.shownCol - cols + under); n > 0 {
			return n, true
		}
	}
	return npPairsOf(g.shown - cols - slots + under), true
}

// npPairsOf returns the pairs of piles showing one rank, from the count of
// piles showing each rank (4 bits a rank r ≥ 1, at most four; the field of
// rank 0 is not counted): a rank shown by c piles makes c(c-1)/2 pairs, 1,
// 3 or 6 for c = 2, 3, 4, which is the number of fields of at least 2,
// twice those of at least 3 and three times those of 4.
func npPairsOf(counts uint64) int {
	const hi = 0x8888888888888880 // the top bit of every field but rank 0's
	two := bits.OnesCount64((counts + 0x6666666666666666) & hi)
	three := bits.OnesCount64((counts + 0x5555555555555555) & hi)
	four := bits.OnesCount64((counts + 0x4444444444444444) & hi)
	return two + 2*three + 3*four
}
