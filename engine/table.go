package engine

// The shared skeleton of every game's state: a table is the game's core
// (its Spec and resolved options, which give ID, Options and the pile
// table) and its layout (the one pile store), together with one statement
// of which piles are face down: every pile of kind PileStock (the pack),
// read from the game's pile spec. From them the table provides the reading
// of piles that every game shares (PileReader); a game whose cards are
// face down elsewhere too (the Duchess's reserve before it is opened, the
// Sympathy's packets) states so in its own PileTop and VisibleCards, which
// take the place of the table's.

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

// table is embedded by every game's state (see the comment above): Clone
// and CopyFrom of a game stay one struct copy.
type table struct {
	core
	lay layout
}

// faceDown returns the set of the piles of spec that are face down (bit p
// for pile p): its stock piles.
func faceDown(spec *Spec) uint64 {
	var m uint64
	for i, p := range spec.Piles {
		if p.Kind == PileStock {
			m |= 1 << i
		}
	}
	return m
}

// PileLen returns the number of cards of pile i (see PileReader).
func (t *table) PileLen(i int) int {
	if i < 0 || i >= len(t.spec.Piles) {
		return 0
	}
	return t.lay.size(i)
}

// PileTop returns the visible top card of pile i: NoCard for a face-down
// pile (see PileReader).
func (t *table) PileTop(i int) Card {
	if i < 0 || i >= len(t.spec.Piles) || t.down>>i&1 != 0 {
		return NoCard
	}
	return t.lay.top(i)
}

// VisibleCards adds the cards of every pile but the face-down ones to set
// (see PileReader).
func (t *table) VisibleCards(set *[4]uint64) { t.lay.markPiles(set, len(t.spec.Piles), t.down) }

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
