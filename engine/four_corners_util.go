package engine

// Helpers shared by the Cadogan games four-corners, windmill, shah and
// duchess-de-luynes. Every name starts with "cg" so as not to collide with
// the other games of the package.

// cgSortCards sorts cs in ascending card order (insertion sort: the slices
// are short, and it allocates nothing).
func cgSortCards(cs []Card) {
	for i := 1; i < len(cs); i++ {
		c := cs[i]
		j := i
		for j > 0 && cs[j-1] > c {
			cs[j] = cs[j-1]
			j--
		}
		cs[j] = c
	}
}

// cgShuffleHidden rearranges hidden cards at random for Determinize: it
// sorts them first, so the result depends only on which cards are hidden
// and on r, never on their actual order.
func cgShuffleHidden(cs []Card, r *Rand) {
	cgSortCards(cs)
	r.Shuffle(cs)
}

// cgPairFits reports whether card c goes on foundation f of a game whose
// foundations come in suit pairs: f = 2*suit + k, k = 0 an ace pile built
// up to the king, k = 1 a king pile built down to the ace. n is the pile's
// height and top its top card (ignored when n == 0). An empty pile takes
// its base card (ace or king) of the suit.
func cgPairFits(f int, n int, top Card, c Card) bool {
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

// cgCopyOptions returns a copy of o, so callers cannot change a game's
// resolved options.
func cgCopyOptions(o Options) Options {
	out := make(Options, len(o))
	for k, v := range o {
		out[k] = v
	}
	return out
}

// cgFoundNames are the pile names of the foundations of a suit-paired
// layout: "F0" … "F7" (F(2s) the ace pile of suit s, F(2s+1) its king pile).
var cgFoundNames = [8]string{"F0", "F1", "F2", "F3", "F4", "F5", "F6", "F7"}

// cgStack is a pile of up to two decks of cards; c[n-1] is the top.
type cgStack struct {
	n uint8
	c [2 * CardsPerDeck]Card
}

func (s *cgStack) top() Card {
	if s.n == 0 {
		return NoCard
	}
	return s.c[s.n-1]
}

func (s *cgStack) push(c Card) { s.c[s.n] = c; s.n++ }

func (s *cgStack) pop() Card { s.n--; return s.c[s.n] }

func (s *cgStack) cards() []Card { return s.c[:s.n] }

// cgLoadPack fills s with pack, whose index 0 is the top (dealt first).
func cgLoadPack(s *cgStack, pack []Card) {
	for i, c := range pack {
		s.c[len(pack)-1-i] = c
	}
	s.n = uint8(len(pack))
}

// cgIllegal is an illegal-move error with a fixed message. Converting a
// constant to it allocates nothing, so Check can reject the many moves that
// break a rule's shape (wrong kind, pile or rule ID) cheaply; errors.Is
// finds ErrIllegal through Unwrap.
type cgIllegal string

func (e cgIllegal) Error() string { return string(e) + ": " + ErrIllegal.Error() }

// Unwrap returns ErrIllegal.
func (e cgIllegal) Unwrap() error { return ErrIllegal }
