package engine

// Helpers shared by the Cadogan games whose foundations come in suit
// pairs (four-corners, duchess-de-luynes: an ace pile and a king pile per
// suit) and whose redeals gather piles into a new stock, and the search
// key of a pile whose two copies of a card the rules never tell apart.

// pairWant returns the rank that foundation f of a suit-paired layout
// takes next, 0 when it is complete: f = 2*suit + k, k = 0 an ace pile
// built up from the ace to the king, k = 1 a king pile built down from the
// king to the ace, n its height. Such a pile of height n always holds the
// n ranks from its base, so the height alone says what it takes.
func pairWant(f, n int) Rank {
	if n >= NumRanks {
		return 0
	}
	if f%2 == 0 {
		return Rank(n + 1)
	}
	return Rank(NumRanks - n)
}

// pairWants maps the suitKey of a card to the suit-paired foundations that
// take it next (bit f): fits(f, c) is exactly bit f of w[suitKey(c)] for a
// real card.
type pairWants [64]uint8

// pairWantsOf returns what the eight foundations from pile f0 on (of
// layout l) take next.
func pairWantsOf(l *layout, f0 int) (w pairWants) {
	for f := 0; f < 8; f++ {
		if r := pairWant(f, l.size(f0+f)); r != 0 {
			w[(f/2)*16+int(r)] |= 1 << f
		}
	}
	return w
}

// takeUp appends the cards of pile p of l to dst, in the order they were
// dealt (bottom first) or, with reversed, top first, and empties p.
// Redeals take up piles in turn into a buffer and load it as the new stock.
func takeUp(l *layout, dst []Card, p int, reversed bool) []Card {
	if !reversed {
		dst = l.appendPile(dst, p)
		for !l.empty(p) {
			l.pop(p)
		}
		return dst
	}
	for !l.empty(p) {
		dst = append(dst, l.pop(p))
	}
	return dst
}

// homePair returns, for the eight suit-paired foundations from pile f0 on
// (f0+2s the ace pile of suit s, f0+2s+1 its king pile), how many copies
// of the card of suit s and rank r are home: one on the ace pile when it
// has reached r, one on the king pile when it has come down to r.
func homePair(l *layout, f0 int, s Suit, r Rank) int {
	n := 0
	if int(r) <= l.size(f0+2*int(s)) {
		n++
	}
	if int(r) >= NumRanks+1-l.size(f0+2*int(s)+1) {
		n++
	}
	return n
}

// pairBlocked reports whether neither suit-paired foundation (from pile
// f0 on) of card c's suit can ever take c while the cards counted in below
// (by face: the cards beneath c in its pile) stay where they are: the ace
// pile (holding A … a) needs first every rank from a+1 up to c's, the king
// pile (holding K … 14-k) every rank from 13-k down to c's, and a rank
// whose remaining copies all lie beneath c can never come first.
func pairBlocked(l *layout, f0 int, c Card, below *[CardsPerDeck]uint8) bool {
	s, r := c.Suit(), c.Rank()
	a := l.size(f0 + 2*int(s))
	k := l.size(f0 + 2*int(s) + 1)
	stuck := func(q Rank) bool { // every remaining copy of rank q lies below c
		return int(below[NewCard(q, s, 0)]) >= 2-homePair(l, f0, s, q)
	}
	aceOK := int(r) > a
	for q := Rank(a + 1); aceOK && q < r; q++ {
		aceOK = !stuck(q)
	}
	kingOK := int(r) <= NumRanks-k
	for q := Rank(NumRanks - k); kingOK && q > r; q-- {
		kingOK = !stuck(q)
	}
	return !aceOK && !kingOK
}

// pairSettled reports whether suit s of the suit-paired foundations from
// pile f0 on has no rank left that both piles still need: with the ace
// pile at a and the king pile at k, a+k ≥ 13. Then every card of the suit
// not yet home is the only one that can ever fill its place (the ace pile
// takes a+1 … K, one copy each, the king pile 13-k … A), and the other
// copy of each is already home.
func pairSettled(l *layout, f0 int, s Suit) bool {
	return l.size(f0+2*int(s))+l.size(f0+2*int(s)+1) >= NumRanks
}
