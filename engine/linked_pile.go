package engine

// Linked piles, used by the two-deck games british-constitution, zodiac,
// sympathy and sultan. Their piles are stacks kept as linked lists over the
// 104 cards: each card is in exactly one pile, so one array "below" (the card
// under each card, NoCard at a pile's bottom) plus each pile's top and size
// describe the whole layout in a few hundred bytes of value-typed state.

// lsCards is the number of cards in a two-deck pack.
const lsCards = MaxDecks * CardsPerDeck

// lsBelow maps every card to the card under it in its pile.
type lsBelow [lsCards]Card

// lstack is a pile in a lsBelow: its top card and its size.
type lstack struct {
	top Card
	n   uint8
}

// lsNew returns an empty pile.
func lsNew() lstack { return lstack{top: NoCard} }

// push puts c on top of s.
func (s *lstack) push(b *lsBelow, c Card) {
	b[c] = s.top
	s.top = c
	s.n++
}

// pop removes and returns the top card of s, which must not be empty.
func (s *lstack) pop(b *lsBelow) Card {
	c := s.top
	s.top = b[c]
	b[c] = NoCard
	s.n--
	return c
}

// lsAppend appends the cards of s, bottom first, to dst; with hide every
// card is appended as NoCard.
func lsAppend(dst []Card, b *lsBelow, s lstack, hide bool) []Card {
	start := len(dst)
	for i := 0; i < int(s.n); i++ {
		dst = append(dst, NoCard)
	}
	if hide {
		return dst
	}
	c := s.top
	for i := start + int(s.n) - 1; i >= start; i-- {
		dst[i] = c
		c = b[c]
	}
	return dst
}

// lsDrain pops every card of s into buf, top first, and returns the count.
func lsDrain(buf *[lsCards]Card, b *lsBelow, s *lstack) int {
	n := 0
	for s.n > 0 {
		buf[n] = s.pop(b)
		n++
	}
	return n
}

// lsDeterminize replaces the order of the cards of s by a random order
// drawn from r that depends only on which cards s holds.
func lsDeterminize(b *lsBelow, s *lstack, r *Rand) {
	var buf [lsCards]Card
	n := lsDrain(&buf, b, s)
	cs := buf[:n]
	determinize(cs, r)
	for _, c := range cs {
		s.push(b, c)
	}
}

// lsHashWord mixes one 64-bit word into a running hash.
func lsHashWord(h, x uint64) uint64 { return SplitMix64(h ^ x) }

// lsHashTable mixes a lsBelow into h, eight cards per word.
func lsHashTable(h uint64, b *lsBelow) uint64 {
	for i := 0; i < lsCards; i += 8 {
		var w uint64
		for j := 0; j < 8; j++ {
			w = w<<8 | uint64(b[i+j])
		}
		h = lsHashWord(h, w)
	}
	return h
}

// lsHashStacks mixes the tops and sizes of piles into h.
func lsHashStacks(h uint64, piles []lstack) uint64 {
	for _, s := range piles {
		h = lsHashWord(h, uint64(s.top)<<8|uint64(s.n))
	}
	return h
}

// lsMask returns a copy of b in which every card of s points to a
// constant, so that a hash of the copy does not depend on the hidden order
// of s. The cards of s stay identifiable only as a set (which is visible:
// the complement of the visible cards).
func lsMask(b *lsBelow, s lstack) lsBelow {
	m := *b
	for c := s.top; c != NoCard; c = b[c] {
		m[c] = NoCard - 1
	}
	return m
}

// lsHash hashes a whole layout: flags (a game's own state words), the
// below table and the piles.
func lsHash(flags uint64, b *lsBelow, piles []lstack) uint64 {
	return lsHashStacks(lsHashTable(flags, b), piles)
}

// lsViewHash hashes the player's view of a layout whose pile hidden lies
// face down: only its size shows, not its order nor its top card. flags
// should differ from the ones given to lsHash.
func lsViewHash(flags uint64, b *lsBelow, piles []lstack, hidden int) uint64 {
	m := lsMask(b, piles[hidden])
	h := lsHashTable(flags, &m)
	for i, s := range piles {
		if i == hidden {
			s.top = NoCard
		}
		h = lsHashWord(h, uint64(s.top)<<8|uint64(s.n))
	}
	return h
}
