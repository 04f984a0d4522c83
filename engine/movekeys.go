package engine

// Integer keys that turn the card predicates of move generation into one
// comparison or one bit test, so that a generator computes the keys of the
// pile tops once and then matches every candidate card against them.

// altKey is 2*rank + colour (2 … 27) of a real card and -1 for NoCard.
// altWant(c) is the key of the cards c goes on in a descending sequence
// of alternating colours (one rank higher, the other colour), so for
// any top card t
//
//	t != NoCard && c.Rank()+1 == t.Rank() && c.Color() != t.Color()
//
// is exactly altKey(t) == altWant(c).
func altKey(t Card) int {
	if t == NoCard {
		return -1
	}
	return 2*int(t.Rank()) + int(t.Color())
}

// altWant returns the key of the cards c builds on (see altKey), 4 … 29.
func altWant(c Card) int { return 2*(int(c.Rank())+1) + 1 - int(c.Color()) }

// suitKey is suit*16 + rank (1 … 61) of a real card and -64 for NoCard:
// two cards are the same suit and one rank apart exactly when their keys
// differ by 1 (a rank step never crosses a suit, and NoCard is far from
// every key).
func suitKey(c Card) int {
	if c == NoCard {
		return -64
	}
	return int(c.Suit())*16 + int(c.Rank())
}
