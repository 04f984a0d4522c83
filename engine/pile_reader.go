package engine

// PileReader is implemented by games that read the size and the visible
// top card of one pile without copying it (every game of the catalog).
// Strategies that look at a few piles per decision (greedy's source piles,
// the look-ahead's fairness test, the book's advice) call it instead of
// Pile, which appends the whole pile. TestPileReader checks both methods
// against Pile at every position of random playouts.
type PileReader interface {
	// PileLen returns len(Pile(nil, i)).
	PileLen(i int) int
	// PileTop returns the last card of Pile(nil, i): NoCard when the pile
	// is empty or its top card is hidden.
	PileTop(i int) Card
	// VisibleCards adds to set (bit c%64 of word c/64 for card c) every
	// card that Pile shows, of every pile.
	VisibleCards(set *[4]uint64)
}

// markPiles adds the cards of the first n piles, except those in hidden
// (bit p for pile p), to set.
func (l *layout) markPiles(set *[4]uint64, n int, hidden uint64) {
	for p := 0; p < n; p++ {
		if hidden>>p&1 != 0 {
			continue
		}
		for c := l.piles[p].top; c != NoCard; c = l.below[c] {
			set[c>>6] |= 1 << (c & 63)
		}
	}
}

// PileLen returns the number of cards of pile i (see PileReader).
func (g *britishConstitution) PileLen(i int) int {
	if i < 0 || i >= bcPiles {
		return 0
	}
	return g.lay.size(i)
}

// PileTop returns the visible top card of pile i (see PileReader).
func (g *britishConstitution) PileTop(i int) Card {
	if i < 0 || i >= bcPiles || i == bcStock {
		return NoCard
	}
	return g.lay.top(i)
}

// PileLen returns the number of cards of pile i (see PileReader).
func (g *duchess) PileLen(i int) int {
	if i < 0 || i >= dlPiles {
		return 0
	}
	return g.lay.size(i)
}

// PileTop returns the visible top card of pile i (see PileReader).
func (g *duchess) PileTop(i int) Card {
	if i < 0 || i >= dlPiles || i == dlStock || (i == dlReserve && g.reserveHidden()) {
		return NoCard
	}
	return g.lay.top(i)
}

// PileLen returns the number of cards of pile i (see PileReader).
func (g *fourCorners) PileLen(i int) int {
	if i < 0 || i >= fcPiles {
		return 0
	}
	return g.lay.size(i)
}

// PileTop returns the visible top card of pile i (see PileReader).
func (g *fourCorners) PileTop(i int) Card {
	if i < 0 || i >= fcPiles || i == fcStock {
		return NoCard
	}
	return g.lay.top(i)
}

// PileLen returns the number of cards of pile i (see PileReader).
func (g *napoleon) PileLen(i int) int {
	if i < 0 || i >= npPiles {
		return 0
	}
	return g.lay.size(i)
}

// PileTop returns the visible top card of pile i (see PileReader).
func (g *napoleon) PileTop(i int) Card {
	if i < 0 || i >= npPiles || i == npStock {
		return NoCard
	}
	return g.lay.top(i)
}

// PileLen returns the number of cards of pile i (see PileReader).
func (g *redAndBlack) PileLen(i int) int {
	if i < 0 || i >= rbPiles {
		return 0
	}
	return g.lay.size(i)
}

// PileTop returns the visible top card of pile i (see PileReader).
func (g *redAndBlack) PileTop(i int) Card {
	if i < 0 || i >= rbPiles || i == rbStock {
		return NoCard
	}
	return g.lay.top(i)
}

// PileLen returns the number of cards of pile i (see PileReader).
func (g *salicLaw) PileLen(i int) int {
	if i < 0 || i >= slPiles {
		return 0
	}
	return g.lay.size(i)
}

// PileTop returns the visible top card of pile i (see PileReader).
func (g *salicLaw) PileTop(i int) Card {
	if i < 0 || i >= slPiles || i == slStock {
		return NoCard
	}
	return g.lay.top(i)
}

// PileLen returns the number of cards of pile i (see PileReader).
func (g *shah) PileLen(i int) int {
	if i < 0 || i >= shPiles {
		return 0
	}
	return g.lay.size(i)
}

// PileTop returns the visible top card of pile i (see PileReader).
func (g *shah) PileTop(i int) Card {
	if i < 0 || i >= shPiles || i == shStock {
		return NoCard
	}
	return g.lay.top(i)
}

// PileLen returns the number of cards of pile i (see PileReader).
func (g *sultan) PileLen(i int) int {
	if i < 0 || i >= sulPiles {
		return 0
	}
	return g.lay.size(i)
}

// PileTop returns the visible top card of pile i (see PileReader).
func (g *sultan) PileTop(i int) Card {
	if i < 0 || i >= sulPiles || i == sulStock {
		return NoCard
	}
	return g.lay.top(i)
}

// PileLen returns the number of cards of pile i (see PileReader).
func (g *windmill) PileLen(i int) int {
	if i < 0 || i >= wmPiles {
		return 0
	}
	return g.lay.size(i)
}

// PileTop returns the visible top card of pile i (see PileReader).
func (g *windmill) PileTop(i int) Card {
	if i < 0 || i >= wmPiles || i == wmStock {
		return NoCard
	}
	return g.lay.top(i)
}

// PileLen returns the number of cards of pile i (see PileReader).
func (g *zodiac) PileLen(i int) int {
	if i < 0 || i >= zoPiles {
		return 0
	}
	return g.lay.size(i)
}

// PileTop returns the visible top card of pile i (see PileReader).
func (g *zodiac) PileTop(i int) Card {
	if i < 0 || i >= zoPiles || i == zoStock {
		return NoCard
	}
	return g.lay.top(i)
}

// PileLen returns the number of cards of pile i (see PileReader).
func (g *SympathyGame) PileLen(i int) int {
	if i < 0 || i >= syPiles {
		return 0
	}
	return g.lay.size(i)
}

// PileTop returns the visible top card of pile i: a packet shows its top
// only when it is turned up (see PileReader).
func (g *SympathyGame) PileTop(i int) Card {
	switch {
	case i < 0 || i >= syPiles:
		return NoCard
	case i >= syPairsA:
		return g.lay.top(i)
	}
	return g.faceUp(i)
}

// VisibleCards adds the cards of every pile but the stock to set (see
// PileReader).
func (g *britishConstitution) VisibleCards(set *[4]uint64) { g.lay.markPiles(set, bcPiles, 1<<bcStock) }

// VisibleCards adds the cards of every pile but the stock to set (see
// PileReader).
func (g *fourCorners) VisibleCards(set *[4]uint64) { g.lay.markPiles(set, fcPiles, 1<<fcStock) }

// VisibleCards adds the cards of every pile but the stock to set (see
// PileReader).
func (g *napoleon) VisibleCards(set *[4]uint64) { g.lay.markPiles(set, npPiles, 1<<npStock) }

// VisibleCards adds the cards of every pile but the stock to set (see
// PileReader).
func (g *redAndBlack) VisibleCards(set *[4]uint64) { g.lay.markPiles(set, rbPiles, 1<<rbStock) }

// VisibleCards adds the cards of every pile but the stock to set (see
// PileReader and salicLaw.visibleCards).
func (g *salicLaw) VisibleCards(set *[4]uint64) { g.visibleCards(set) }

// VisibleCards adds the cards of every pile but the stock to set (see
// PileReader).
func (g *shah) VisibleCards(set *[4]uint64) { g.lay.markPiles(set, shPiles, 1<<shStock) }

// VisibleCards adds the cards of every pile but the stock to set (see
// PileReader).
func (g *sultan) VisibleCards(set *[4]uint64) { g.lay.markPiles(set, sulPiles, 1<<sulStock) }

// VisibleCards adds the cards of every pile but the stock to set (see
// PileReader).
func (g *windmill) VisibleCards(set *[4]uint64) { g.lay.markPiles(set, wmPiles, 1<<wmStock) }

// VisibleCards adds the cards of every pile but the stock to set (see
// PileReader).
func (g *zodiac) VisibleCards(set *[4]uint64) { g.lay.markPiles(set, zoPiles, 1<<zoStock) }

// VisibleCards adds the cards of every pile but the stock and, while it is
// face down, the reserve to set (see PileReader).
func (g *duchess) VisibleCards(set *[4]uint64) {
	hidden := uint64(1) << dlStock
	if g.reserveHidden() {
		hidden |= 1 << dlReserve
	}
	g.lay.markPiles(set, dlPiles, hidden)
}

// VisibleCards adds the pairs set aside and the turned-up tops of the
// packets to set (see PileReader).
func (g *SympathyGame) VisibleCards(set *[4]uint64) {
	g.lay.markPiles(set, syPiles, 1<<syPairsA-1)
	for k := 0; k < syPairsA; k++ {
		if c := g.faceUp(k); c != NoCard {
			set[c>>6] |= 1 << (c & 63)
		}
	}
}
