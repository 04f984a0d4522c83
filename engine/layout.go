package engine

import "math/bits"

// The one skeleton every game is written in: a core (the game's Spec and
// resolved options, which give ID, Options and the pile table) and a
// layout (the one pile store). A game's state is a value-typed struct that
// embeds both, plus its own counters and a pointer to its immutable typed
// rules; Clone and CopyFrom are one struct copy.

// maxPiles bounds the number of piles of a layout.
const maxPiles = 64

// packCards is the number of cards of the largest pack (two decks).
const packCards = MaxDecks * CardsPerDeck

// core is embedded by every game's state: the Spec the game was set up
// from and its resolved options (both shared and read-only).
type core struct {
	spec *Spec
	opts Options
}

// newCore returns the core of a game set up by v.
func newCore(v *VariantReader) core { return core{spec: v.spec, opts: v.opts} }

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

// linkWord is the hash word of card c lying on card under (NoCard: at the
// bottom of pile p). The set of the links of a pile's cards describes the
// pile exactly, and moving a card changes its link only, so the exclusive
// or of the links is a hash of piles that every move updates in O(1) (a
// Zobrist hash).
func linkWord(c, under Card, p int) uint64 {
	u := uint64(under)
	if under == NoCard {
		u = 0x100 + uint64(p)
	}
	return SplitMix64(uint64(c)<<16 | u | 0x4C494E4B<<32)
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

// viewHash combines the links of a game's visible piles (linkHash) with a
// word of its visible counters (hidden piles' sizes, deal position,
// redeals) into a ViewHash.
func viewHash(links, counters uint64) uint64 {
	return SplitMix64(links ^ SplitMix64(counters^0x56494557))
}

// mixPile mixes pile p into the running hash h and returns the result:
// its size and its cards, top first, eight to a 64-bit word, each word
// mixed by SplitMix64. Given the size the words are an exact encoding of
// the pile, so two piles mix alike only by a 64-bit collision.
func (l *layout) mixPile(h uint64, p int) uint64 {
	w, k := uint64(l.piles[p].n), 1
	for c := l.piles[p].top; c != NoCard; c = l.below[c] {
		if k == 8 {
			h = SplitMix64(h ^ w)
			w, k = 0, 0
		}
		w = w<<8 | uint64(c)
		k++
	}
	return SplitMix64(h ^ w)
}

// hashPiles mixes the first n piles, in order, into h: each pile's cards
// bottom first and a separator. hidden, when ≥ 0, is a pile mixed by its
// size only (the player's view of a face-down pile).
func (l *layout) hashPiles(h *hasher, n, hidden int) {
	var buf [packCards]Card
	for p := 0; p < n; p++ {
		if p == hidden {
			h.hidden(l.size(p))
			continue
		}
		h.cards(l.appendPile(buf[:0], p))
	}
}

// hiddenMark stands for a hidden card in hashWords: it is neither a card
// nor NoCard.
const hiddenMark Card = 0xFE

// hiddenTops[m] sets the top bytes of the pile heads whose bit is set in
// m (four heads to a word, see hashWords) to NoCard.
var hiddenTops = func() (t [16]uint64) {
	for m := range t {
		for j := 0; j < 4; j++ {
			if m>>j&1 != 0 {
				t[m] |= 0xFF << (16 * j)
			}
		}
	}
	return t
}()

// hashWords returns a 64-bit hash of the layout's first cards cards and
// first piles piles, read as machine words from the layout's own arrays
// (the links below each card and each pile's top and size), with seed
// mixed in first. The layout of a set of piles is unique, so equal pile
// contents give equal hashes; no list is walked except the hidden piles:
// the piles whose bit is set in hidden are reduced to their sizes and the
// set of cards they hold (their order and which of them holds which card
// are not mixed). Hash and ViewHash of a game are one call each.
func (l *layout) hashWords(seed uint64, cards, piles int, hidden uint64) uint64 {
	var b [packCards + 8]Card
	copy(b[:], l.below[:cards])
	for m := hidden; m != 0; m &= m - 1 {
		for c := l.piles[bits.TrailingZeros64(m)].top; c != NoCard; c = l.below[c] {
			b[c] = hiddenMark
		}
	}
	h := seed ^ 0x9E3779B97F4A7C15
	for i := 0; i < cards; i += 8 {
		s := b[i : i+8 : i+8]
		w := uint64(s[0]) | uint64(s[1])<<8 | uint64(s[2])<<16 | uint64(s[3])<<24 |
			uint64(s[4])<<32 | uint64(s[5])<<40 | uint64(s[6])<<48 | uint64(s[7])<<56
		h = bits.RotateLeft64(h^w*0x87C37B91114253D5, 31) * 0x4CF5AD432745937F
	}
	// The pile heads, four to a word; a hidden pile's top reads as NoCard
	// (its size tells it apart from an empty pile).
	for p := 0; p < piles && p+4 <= maxPiles; p += 4 {
		ps := l.piles[p : p+4 : p+4]
		w := uint64(ps[0].top) | uint64(ps[0].n)<<8 | uint64(ps[1].top)<<16 | uint64(ps[1].n)<<24 |
			uint64(ps[2].top)<<32 | uint64(ps[2].n)<<40 | uint64(ps[3].top)<<48 | uint64(ps[3].n)<<56
		w |= hiddenTops[hidden>>p&15]
		h = bits.RotateLeft64(h^w*0x87C37B91114253D5, 31) * 0x4CF5AD432745937F
	}
	return SplitMix64(h ^ uint64(cards)<<8 ^ uint64(piles))
}

// keyHash accumulates a 128-bit search key (see SearchHooks.SearchKey) as
// two independently seeded 64-bit mixes of the same words.
type keyHash struct{ a, b uint64 }

// newKeyHash returns a key hash seeded with the game's identity word.
func newKeyHash(seed uint64) keyHash {
	return keyHash{a: SplitMix64(seed ^ 0x243F6A8885A308D3), b: SplitMix64(seed ^ 0x13198A2E03707344)}
}

// word mixes one 64-bit word.
func (k *keyHash) word(x uint64) {
	k.a = SplitMix64(k.a ^ x)
	k.b = SplitMix64(k.b + x*0x9E3779B97F4A7C15)
}

// sum returns the key.
func (k keyHash) sum() Key { return Key{Hi: k.a, Lo: k.b} }

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

// faceHash is a 128-bit hash of the faces of a pile (Card.Face: the two
// copies of a card alike), kept up to date as cards are pushed on and
// popped off its top: for faces f0 (bottom) … f(n-1) each half is
// Σ (fi+1)·B^i mod 2^64 for its own odd base B, so a change at the top
// costs two multiplications. Search keys of two-deck games use it for long
// piles (stock, talon) that change only at the top.
type faceHash [2]uint64

// facePow holds the powers of the two bases of faceHash.
var facePow = func() (t [2][packCards + 1]uint64) {
	t[0][0], t[1][0] = 1, 1
	for i := 1; i <= packCards; i++ {
		t[0][i] = t[0][i-1] * 0x9E3779B97F4A7C15
		t[1][i] = t[1][i-1] * 0xD6E8FEB86659FD93
	}
	return t
}()

// add mixes card c in at position i from the bottom (a push), sub mixes it
// out (a pop).
func (h *faceHash) add(i int, c Card) { h.addValue(i, uint64(c.Face())+1) }

func (h *faceHash) sub(i int, c Card) { h.addValue(i, -(uint64(c.Face()) + 1)) }

// addValue adds value v (non-zero; a card's face+1, or a game's own
// reading of the card, such as its rank) at position i.
func (h *faceHash) addValue(i int, v uint64) {
	h[0] += v * facePow[0][i]
	h[1] += v * facePow[1][i]
}

// faceHashOf computes the faceHash of pile p from scratch.
func (l *layout) faceHashOf(p int) faceHash {
	var h faceHash
	i := l.size(p)
	for c := l.piles[p].top; c != NoCard; c = l.below[c] {
		i--
		h.add(i, c)
	}
	return h
}
