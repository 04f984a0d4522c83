package engine

// Array-backed piles and suit-paired foundations, used by four-corners,
// windmill, shah and duchess-de-luynes. The linked piles of the other
// two-deck games are in linked_pile.go.

// stack is a pile of up to two decks of cards held in a fixed array, so a
// game state built of stacks is copied by value; c[n-1] is the top.
type stack struct {
	n uint8
	c [2 * CardsPerDeck]Card
}

// top returns the top card of s, NoCard when s is empty.
func (s *stack) top() Card {
	if s.n == 0 {
		return NoCard
	}
	return s.c[s.n-1]
}

// push puts c on top of s.
func (s *stack) push(c Card) { s.c[s.n] = c; s.n++ }

// pop removes and returns the top card of s, which must not be empty.
func (s *stack) pop() Card { s.n--; return s.c[s.n] }

// cards returns the cards of s, bottom first (aliasing s).
func (s *stack) cards() []Card { return s.c[:s.n] }

// load replaces the cards of s by pack, whose index 0 is the top (dealt
// first).
func (s *stack) load(pack []Card) {
	for i, c := range pack {
		s.c[len(pack)-1-i] = c
	}
	s.n = uint8(len(pack))
}

// takeUp appends the cards of s to dst, in the order they were dealt
// (bottom first) or, with reversed, top first, and empties s. Redeals take
// up piles in turn into a buffer and load it as the new pack.
func (s *stack) takeUp(dst []Card, reversed bool) []Card {
	cs := s.c[:s.n]
	s.n = 0
	if !reversed {
		return append(dst, cs...)
	}
	for k := len(cs) - 1; k >= 0; k-- {
		dst = append(dst, cs[k])
	}
	return dst
}

// pairFits reports whether card c goes on foundation f of a game whose
// foundations come in suit pairs: f = 2*suit + k, k = 0 an ace pile built
// up to the king, k = 1 a king pile built down to the ace. n is the pile's
// height and top its top card (ignored when n == 0). An empty pile takes
// its base card (ace or king) of the suit.
func pairFits(f int, n int, top Card, c Card) bool {
	if !c.Valid() || int(c.Suit()) != f/2 || n >= NumRanks {
		return false
	}
	if f%2 == 0 {
		if n == 0 {
			return c.Rank() == Ace
		}
		return c.Rank() == top.Rank()+1
	}
	if n == 0 {
		return c.Rank() == King
	}
	return c.Rank()+1 == top.Rank()
}

// pairFoundations are the eight foundations of a suit-paired layout (see
// pairFits): F(2s) the ace pile of suit s, F(2s+1) its king pile. Games
// embed it, so fn and found are their foundation heights and cards.
type pairFoundations struct {
	fn    [8]uint8
	found [8][NumRanks]Card
}

// fits reports whether c goes on foundation f.
func (p *pairFoundations) fits(f int, c Card) bool {
	n := int(p.fn[f])
	top := NoCard
	if n > 0 {
		top = p.found[f][n-1]
	}
	return pairFits(f, n, top, c)
}

// push puts c on foundation f.
func (p *pairFoundations) push(f int, c Card) {
	p.found[f][p.fn[f]] = c
	p.fn[f]++
}

// foundation returns the cards of foundation f, bottom first (aliasing p).
func (p *pairFoundations) foundation(f int) []Card { return p.found[f][:p.fn[f]] }

// Score returns the number of cards on the foundations.
func (p *pairFoundations) Score() int {
	s := 0
	for _, n := range p.fn {
		s += int(n)
	}
	return s
}

// hash mixes the eight foundations into h.
func (p *pairFoundations) hash(h *hasher) {
	for f := range p.found {
		h.cards(p.found[f][:p.fn[f]])
	}
}
