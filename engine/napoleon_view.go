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

