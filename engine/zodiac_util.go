package engine


// Shared helpers of the two-deck games british-constitution, zodiac,
// sympathy and sultan. Their piles are stacks kept as linked lists over the
// 104 cards: each card is in exactly one pile, so one array "below" (the card
// under each card, NoCard at a pile's bottom) plus each pile's top and size
// describe the whole layout in a few hundred bytes of value-typed state.

// numCards2 is the number of cards in a two-deck pack.
const numCards2 = MaxDecks * CardsPerDeck

// belowTable maps every card to the card under it in its pile.
type belowTable [numCards2]Card

// lstack is a pile in a belowTable: its top card and its size.
type lstack struct {
	top Card
	n   uint8
}

// newStack returns an empty pile.
func newStack() lstack { return lstack{top: NoCard} }

// push puts c on top of s.
func (s *lstack) push(b *belowTable, c Card) {
	b[c] = s.top
	s.top = c
	s.n++
}

// pop removes and returns the top card of s, which must not be empty.
func (s *lstack) pop(b *belowTable) Card {
	c := s.top
	s.top = b[c]
	b[c] = NoCard
	s.n--
	return c
}

// appendStack appends the cards of s, bottom first, to dst; with hide every
// card is appended as NoCard.
func appendStack(dst []Card, b *belowTable, s lstack, hide bool) []Card {
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

// drainStack pops every card of s into buf, top first, and returns the count.
func drainStack(buf *[numCards2]Card, b *belowTable, s *lstack) int {
	n := 0
	for s.n > 0 {
		buf[n] = s.pop(b)
		n++
	}
	return n
}

// determinizeStack replaces the order of the cards of s by a random order
// drawn from r that depends only on which cards s holds.
func determinizeStack(b *belowTable, s *lstack, r *Rand) {
	var buf [numCards2]Card
	n := drainStack(&buf, b, s)
	cs := buf[:n]
	determinize(cs, r)
	for _, c := range cs {
		s.push(b, c)
	}
}

// hashWord mixes one 64-bit word into a running hash.
func hashWord(h, x uint64) uint64 { return SplitMix64(h ^ x) }

// hashTable mixes a belowTable into h, eight cards per word.
func hashTable(h uint64, b *belowTable) uint64 {
	for i := 0; i < numCards2; i += 8 {
		var w uint64
		for j := 0; j < 8; j++ {
			w = w<<8 | uint64(b[i+j])
		}
		h = hashWord(h, w)
	}
	return h
}

// hashStacks mixes the tops and sizes of piles into h.
func hashStacks(h uint64, piles []lstack) uint64 {
	for _, s := range piles {
		h = hashWord(h, uint64(s.top)<<8|uint64(s.n))
	}
	return h
}

// maskStack returns a copy of b in which every card of s points to a
// constant, so that a hash of the copy does not depend on the hidden order
// of s. The cards of s stay identifiable only as a set (which is visible:
// the complement of the visible cards).
func maskStack(b *belowTable, s lstack) belowTable {
	m := *b
	for c := s.top; c != NoCard; c = b[c] {
		m[c] = NoCard - 1
	}
	return m
}

// ruleError is an illegal-move error naming the rule a move breaks (or no
// rule, for a malformed move). The games keep one immutable value per reason,
// so Check allocates nothing even when it rejects a move.
type ruleError struct {
	rule RuleID
	why  string
}

func ruleErr(rule RuleID, why string) error { return &ruleError{rule: rule, why: why} }

// Error returns "rule: why: illegal move".
func (e *ruleError) Error() string {
	if e.rule == "" {
		return e.why + ": " + ErrIllegal.Error()
	}
	return string(e.rule) + ": " + e.why + ": " + ErrIllegal.Error()
}

// Unwrap returns ErrIllegal.
func (e *ruleError) Unwrap() error { return ErrIllegal }

// copyOptions returns a copy of resolved options, so callers cannot change
// a game's options through the returned map.
func copyOptions(o Options) Options {
	out := make(Options, len(o))
	for k, v := range o {
		out[k] = v
	}
	return out
}
