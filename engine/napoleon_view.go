package engine

// ColumnRanks returns the ranks of Napoleon's eight columns, word i for
// column i (pile Ci): the exposed card's rank in the low 4 bits, the rank
// of the card under it in the next 4 bits, and so on up to the first card
// dealt (at most six cards; a rank is never 0, so a 0 nibble ends the
// column and an empty column reads 0). Apply keeps these words (colRanks)
// for the search hooks, so reading them walks no pile; every column card
// lies face up, so they hold nothing the player cannot see. The book
// strategy counts the crossed pairs of napoleon/S1 from them
// (sim.napoleonColumns).
func (g *napoleon) ColumnRanks() [npCols]uint32 { return g.colRanks }

// DealtColumns returns the ranks of the eight columns as they were dealt,
// in the words of ColumnRanks: a column only loses its exposed card, so
// each word of ColumnRanks is the bottom of its dealt word (the dealt word
// shifted right by 4 bits a card gone). The ranks under a card, and the
// ranks of a column up to a card, are read off the dealt words once a deal;
// the book strategy's napoleon/S1 keeps them so (sim.napoleonColumns).
// Every column card lies face up: the words hold nothing the player has
// not seen.
func (g *napoleon) DealtColumns() [npCols]uint32 { return g.dealt }

// RankColumns returns, for each rank r (entry r; entry 0 and those past
// the king are 0), the columns holding a card of that rank, anywhere: bit
// i for column i (pile Ci). Apply keeps them (inCol) for the dead-end
// test, so reading them walks no pile; the book strategy's napoleon/S1
// reads the columns of a pair's rank from them (sim.napoleonColumns).
func (g *napoleon) RankColumns() [16]uint8 { return g.inCol }

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
	if m.Kind != MovePair || from >= npStock || to >= npStock || from == to ||
		g.lay.top(from) == NoCard || g.lay.top(to) == NoCard {
		return 0, false
	}
	// seen[r] counts the usable piles of rank r read so far: each pile
	// pairs with every one before it.
	var seen [NumRanks + 1]uint8
	pairs := 0
	for p := 0; p < npCols; p++ {
		w := g.colRanks[p]
		if p == from || p == to {
			w >>= 4 // the card under the one that goes out
		}
		r := w & 15 // 0: an empty column
		pairs += int(seen[r])
		seen[r]++
	}
	pairs -= int(seen[0]) * (int(seen[0]) - 1) / 2 // empty columns pair with nothing
	if !g.r.ordered && g.r.need && pairs > 0 {
		return pairs, true
	}
	for p := npRes; p < npStock; p++ {
		if c := g.lay.top(p); c != NoCard && p != from && p != to {
			r := c.Rank()
			pairs += int(seen[r])
			seen[r]++
		}
	}
	return pairs, true
}

// TwoLeft returns the ranks of which exactly two cards are still in play
// (bit r for rank r), kept by Apply (two): a pair of such a rank takes its
// last two cards out.
func (g *napoleon) TwoLeft() uint16 { return g.two }
