package engine

import "math/bits"

// The pile store of every game's skeleton (table.go): a game's state is a
// value-typed struct that embeds a table (its core and this layout), plus
// its own counters and a pointer to its immutable typed rules; Clone and
// CopyFrom are one struct copy.

// maxPiles bounds the number of piles of a layout.
const maxPiles = 64

// packCards is the number of cards of the largest pack (two decks).
const packCards = MaxDecks * CardsPerDeck

// core is embedded by every game's state: the Spec the game was set up
// from and its resolved options (both shared and read-only).
type core struct {
	spec *Spec
	opts Options
	down uint64 // the face-down piles (faceDown)
}

// newCore returns the core of a game set up by v.
func newCore(v *VariantReader) core {
	return core{spec: v.spec, opts: v.opts, down: faceDown(v.spec)}
}

// Spec returns the game's catalog entry.
func (c *core) Spec() *Spec { return c.spec }

// ID returns the game's catalog ID.
func (c *core) ID() string { return c.spec.ID }

// Options returns a copy of the resolved variant options.
func (c *core) Options() Options { return copyOptions(c.opts) }

// NumPiles returns the number of piles of the game's layout.
func (c *core) NumPiles() int { return len(c.spec.Piles) }

// PileName returns the name of pile i.
func (c *core) PileName(i int) string { return c.spec.PileName(i) }

// PileKind returns the kind of pile i.
func (c *core) PileKind(i int) PileKind { return c.spec.PileKind(i) }

// pileHead is one pile of a layout: its top card (NoCard when empty) and
// its size.
type pileHead struct {
	top Card
	n   uint8
}

// layout is the pile store of every game: each pile is a linked list over
// the cards of the pack, below[c] being the card under card c in its pile
// (NoCard at a pile's bottom). Every card is in at most one pile, so the
// whole layout is a few hundred bytes of value-typed state: a copy is one
// memmove, and moving a card is O(1). A layout must be initialised with
// reset before use.
type layout struct {
	below [packCards]Card
	piles [maxPiles]pileHead
	// links is the exclusive or of linkWord of every card of the piles in
	// linked (bit p for pile p), valid while linked is not 0 (see
	// linkHash): the games whose ViewHash reads it change their piles
	// during play only with moveLinked, or call relinkAll after other
	// changes.
	links  uint64
	linked uint64
}

// reset empties every pile (one copy of emptyLayout: the loops that fill
// it were a visible part of a deal's setup).
func (l *layout) reset() { *l = emptyLayout }

// emptyLayout is a layout with every pile empty.
var emptyLayout = func() (l layout) {
	for i := range l.below {
		l.below[i] = NoCard
	}
	for i := range l.piles {
		l.piles[i] = pileHead{top: NoCard}
	}
	return l
}()

// top returns the top card of pile p, NoCard when it is empty.
func (l *layout) top(p int) Card { return l.piles[p].top }

// size returns the number of cards of pile p.
func (l *layout) size(p int) int { return int(l.piles[p].n) }

// empty reports whether pile p holds no card.
func (l *layout) empty(p int) bool { return l.piles[p].n == 0 }

// push puts c on top of pile p.
func (l *layout) push(p int, c Card) {
	h := &l.piles[p]
	l.below[c] = h.top
	h.top = c
	h.n++
}

// pop removes and returns the top card of pile p, which must not be empty.
func (l *layout) pop(p int) Card {
	h := &l.piles[p]
	c := h.top
	h.top = l.below[c]
	l.below[c] = NoCard
	h.n--
	return c
}

// move moves the top card of pile from onto pile to and returns it.
func (l *layout) move(from, to int) Card {
	c := l.pop(from)
	l.push(to, c)
	return c
}

// moveRun moves the top k cards of pile from onto pile to as a unit,
// keeping their order (a sequence move). 1 ≤ k ≤ size(from).
func (l *layout) moveRun(from, to, k int) {
	f, t := &l.piles[from], &l.piles[to]
	first := f.top // the run's top card
	last := first  // the run's bottom card
	for i := 1; i < k; i++ {
		last = l.below[last]
	}
	f.top = l.below[last]
	f.n -= uint8(k)
	l.below[last] = t.top
	t.top = first
	t.n += uint8(k)
}

// at returns the card k places below the top of pile p (k = 0 is the top),
// NoCard when the pile is shallower.
func (l *layout) at(p, k int) Card {
	if k >= int(l.piles[p].n) {
		return NoCard
	}
	c := l.piles[p].top
	for ; k > 0; k-- {
		c = l.below[c]
	}
	return c
}

// appendPile appends the cards of pile p, bottom first, to dst.
func (l *layout) appendPile(dst []Card, p int) []Card {
	n := int(l.piles[p].n)
	start := len(dst)
	for i := 0; i < n; i++ {
		dst = append(dst, NoCard)
	}
	c := l.piles[p].top
	for i := start + n - 1; i >= start; i-- {
		dst[i] = c
		c = l.below[c]
	}
	return dst
}

// loadPack pushes pack onto pile p so that pack[0] ends on top (the pack
// as dealt: index 0 is turned first): each card linked to the next in one
// pass, as pushing them from the last did.
func (l *layout) loadPack(p int, pack []Card) {
	if len(pack) == 0 {
		return
	}
	h := &l.piles[p]
	for i := 0; i < len(pack)-1; i++ {
		l.below[pack[i]] = pack[i+1]
	}
	l.below[pack[len(pack)-1]] = h.top
	h.top = pack[0]
	h.n += uint8(len(pack))
}

// drain pops every card of pile p into buf, top first, and returns them.
func (l *layout) drain(buf *[packCards]Card, p int) []Card {
	n := 0
	for l.piles[p].n > 0 {
		buf[n] = l.pop(p)
		n++
	}
	return buf[:n]
}

// determinize replaces the order of the cards of pile p by a random order
// drawn from r that depends only on which cards the pile holds: the
// cards in increasing order (as determinize sorts them; a pile holds each
// card once, so a bit set sorts them) shuffled by r, relinked with the
// first at the bottom.
func (l *layout) determinize(p int, r *Rand) {
	var set [4]uint64
	for c := l.piles[p].top; c != NoCard; c = l.below[c] {
		set[c>>6] |= 1 << (c & 63)
	}
	var buf [packCards]Card
	cs := buf[:0]
	for w, x := range set {
		for ; x != 0; x &= x - 1 {
			cs = append(cs, Card(w<<6+bits.TrailingZeros64(x)))
		}
	}
	r.Shuffle(cs)
	under := NoCard
	for _, c := range cs {
		l.below[c] = under
		under = c
	}
	l.piles[p].top = under
	if l.linked>>p&1 != 0 {
		l.relinkAll()
	}
}

// moveLinked is move keeping the links of linkHash up to date: a move
// changes the link of the moved card only. It is not inlined, unlike
// move, so a game that never asks for linkHash pays one call per move.
func (l *layout) moveLinked(from, to int) Card {
	if l.linked != 0 {
		c := l.piles[from].top
		if l.linked>>from&1 != 0 {
			l.links ^= linkWord(c, l.below[c], from)
		}
		if l.linked>>to&1 != 0 {
			l.links ^= linkWord(c, l.piles[to].top, to)
		}
	}
	return l.move(from, to)
}

// relinkAll recomputes the links of the linked piles from scratch (after
// changes other than moveLinked: a gather, a redeal).
func (l *layout) relinkAll() {
	l.links = 0
	for m := l.linked; m != 0; m &= m - 1 {
		p := bits.TrailingZeros64(m)
		for c := l.piles[p].top; c != NoCard; c = l.below[c] {
			l.links ^= linkWord(c, l.below[c], p)
		}
	}
}

// linkHash returns the exclusive or of the links (see linkWord) of every
// card of the piles in mask: a hash of exactly their contents. The first
// call with a mask computes it; from then on moveLinked keeps it up to
// date (in copies of the layout too), so a ViewHash that reads it costs
// O(1) per move instead of reading the whole layout.
func (l *layout) linkHash(mask uint64) uint64 {
	if l.linked != mask {
		l.linked = mask
		l.relinkAll()
	}
	return l.links
}

// ending returns the Ending of a game: won, ended by its cycle rule, stuck
// when no move is legal, playing otherwise.
func ending(won, cycle, anyMove bool) Ending {
	switch {
	case won:
		return EndWon
	case cycle:
		return EndCycle
	case !anyMove:
		return EndStuck
	}
	return Playing
}
