package engine

import "math/bits"

// The one home of the engine's hashing. Every hash and key of a game is
// built from the pieces of this file:
//
//   - SplitMix64, the mixer every hash finalises with (and the seed
//     derivation of the deals);
//   - the 64-bit state hashes of Game.Hash and Game.ViewHash: hashWords
//     (a layout read as machine words, no pile walked), hashTable (the
//     same into a running wordHash, for games that mix more words),
//     linkHash and viewHash (an O(1)-per-move Zobrist hash of the visible
//     piles, layout.go keeps it), mixPile, and the byte-wise hasher
//     (FNV-1a, also the seed of an in-game shuffle, deriveSeed);
//   - keyHash, the one builder of 128-bit search keys
//     (SearchHooks.SearchKey), with pileKey, the one pile encoder of a key:
//     a pile's size, then a value of each of its cards (face, rank, or a
//     game's own class) at a given number of bits per card;
//   - faceHash, a 128-bit hash of a pile's faces kept up to date as cards
//     are pushed and popped (the long stock and talon of two-deck games).
//
// A key decides which states a search treats as one and where its cache
// keeps them, so every change here must leave every game's keys bit for
// bit as they are: TestKeyDigests pins them.

// SplitMix64 is the SplitMix64 finaliser (Steele, Lea & Flood 2014). It is
// used to derive independent seeds from a master seed, e.g. one per deal.
func SplitMix64(x uint64) uint64 {
	x += 0x9E3779B97F4A7C15
	x = (x ^ (x >> 30)) * 0xBF58476D1CE4E5B9
	x = (x ^ (x >> 27)) * 0x94D049BB133111EB
	return x ^ (x >> 31)
}

// hasher is FNV-1a over bytes with a SplitMix64 finaliser; it is a value
// type so hashing a state allocates nothing.
type hasher uint64

const (
	fnvOffset = 14695981039346656037
	fnvPrime  = 1099511628211
)

func newHasher() hasher { return fnvOffset }

// b mixes one byte.
func (h *hasher) b(x byte) { *h = (*h ^ hasher(x)) * fnvPrime }

// cards mixes a pile and a separator, so that [a][b] and [a b][] differ.
func (h *hasher) cards(cs []Card) {
	for _, c := range cs {
		h.b(byte(c))
	}
	h.b(0xFE)
}

// hidden mixes n hidden cards (only their count is visible) and a separator.
func (h *hasher) hidden(n int) {
	h.b(byte(n))
	h.b(byte(n >> 8))
	h.b(0xFD)
}

// sum finalises the hash.
func (h hasher) sum() uint64 { return SplitMix64(uint64(h)) }

// deriveSeed derives a 64-bit seed from a pack's card order, for games whose
// rules shuffle during play (a shuffled redeal): the same deal always plays
// the same way.
func deriveSeed(pack []Card) uint64 {
	h := newHasher()
	h.cards(pack)
	return h.sum()
}

// wordHash is a running 64-bit hash of words: each step is a bijection of
// the state for a fixed word, and sum finalises with SplitMix64.
type wordHash uint64

// newWordHash returns a hash seeded with seed (a game's identity and the
// kind of hash: full state or view).
func newWordHash(seed uint64) wordHash { return wordHash(SplitMix64(seed)) }

// word mixes one word.
func (h *wordHash) word(x uint64) {
	v := (uint64(*h) ^ x) * 0x9E3779B97F4A7C15
	*h = wordHash(v ^ v>>29)
}

// sum returns the hash.
func (h wordHash) sum() uint64 { return SplitMix64(uint64(h)) }

// keyHash accumulates a 128-bit search key (see SearchHooks.SearchKey) as
// two independently seeded 64-bit halves mixing the same words. Its words
// are mixed in one of two strengths, chosen by the game for the whole key:
// word (each step a SplitMix64 of each half; sum) or, for keys of many
// words, the cheaper fastWord (each step a multiply-xorshift bijection of
// its half; fastSum finalises with SplitMix64).
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

// sum returns the key of the words mixed by word.
func (k keyHash) sum() Key { return Key{Hi: k.a, Lo: k.b} }

// fastWord mixes one word into both halves, more cheaply than word.
func (k *keyHash) fastWord(x uint64) {
	a := (k.a ^ x) * 0x9E3779B97F4A7C15
	k.a = a ^ a>>32
	b := (k.b + x) * 0xC2B2AE3D27D4EB4F
	k.b = b ^ b>>29
}

// mix mixes x with fastWord when fast, else with word.
func (k *keyHash) mix(x uint64, fast bool) {
	if fast {
		k.fastWord(x)
	} else {
		k.word(x)
	}
}

// fastSum returns the key of the words mixed by fastWord.
func (k keyHash) fastSum() Key {
	return Key{Hi: SplitMix64(k.a), Lo: SplitMix64(k.b ^ 0x452821E638D01377)}
}

// cardValue is what a key reads of a card (its face, its rank, a game's
// own class of it); it must fit the bits per card its pileKey is given.
type cardValue interface{ value(c Card) uint64 }

// faceValue reads a card's face (suit and rank, 0 … 51: the two copies
// of a card alike).
type faceValue struct{}

func (faceValue) value(c Card) uint64 { return uint64(c.Face()) }

// rankValue reads a card's rank (1 … 13).
type rankValue struct{}

func (rankValue) value(c Card) uint64 { return uint64(c.Rank()) }

// cardFunc reads a card through a game's own function.
type cardFunc func(Card) uint64

func (f cardFunc) value(c Card) uint64 { return f(c) }

// pileKey mixes pile p of l into k: its size, then the values v of its
// cards from the top, width bits each, as many to a word as fit (64/width;
// the last word holds the rest). The size fixes how many words follow, so
// the words of consecutive piles never run together. fast mixes the words
// with fastWord instead of word.
func pileKey[V cardValue](k *keyHash, l *layout, p int, width uint, v V, fast bool) {
	per := 64 / int(width)
	k.mix(uint64(l.size(p)), fast)
	w, n := uint64(0), 0
	for c := l.top(p); c != NoCard; c = l.below[c] {
		w = w<<width | v.value(c)
		if n++; n == per {
			k.mix(w, fast)
			w, n = 0, 0
		}
	}
	if n > 0 {
		k.mix(w, fast)
	}
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

// hashPilesWords mixes the first n piles, in order, into h: each pile's
// size, then its cards top first, eight to a word (the size says how many
// words follow, so the encoding of the piles is injective). hidden, when
// ≥ 0, is a pile mixed by its size only (the player's view of a face-down
// pile).
func (l *layout) hashPilesWords(h *wordHash, n, hidden int) {
	for p := 0; p < n; p++ {
		h.word(uint64(l.piles[p].n))
		if p == hidden {
			continue
		}
		var w uint64
		k := 0
		for c := l.piles[p].top; c != NoCard; c = l.below[c] {
			w = w<<8 | uint64(c)
			if k++; k == 8 {
				h.word(w)
				w, k = 0, 0
			}
		}
		if k > 0 {
			h.word(w)
		}
	}
}

// byteMask[b] has byte i set to 0xFF when bit i of b is set.
var byteMask = func() (t [256]uint64) {
	for b := range t {
		for i := 0; i < 8; i++ {
			if b&(1<<i) != 0 {
				t[b] |= 0xFF << (8 * i)
			}
		}
	}
	return t
}()

// hashTable mixes the layout into h without walking the piles: the
// below table, eight cards to a word, then the top and size of the first
// n piles, four to a word. The below table and the tops determine every
// pile, so this hashes the whole layout. When hidden ≥ 0, pile hidden is
// face down: the below entries of the cards in the set hiddenSet (bit c for
// card c, which must be exactly the cards of that pile) are replaced by a
// constant and its top is not mixed, so only its size and which cards it
// holds (the complement of the others) count.
func (l *layout) hashTable(h *wordHash, n, hidden int, hiddenSet *[2]uint64) {
	for i := 0; i < packCards; i += 8 {
		b := l.below[i : i+8 : i+8]
		w := uint64(b[0]) | uint64(b[1])<<8 | uint64(b[2])<<16 | uint64(b[3])<<24 |
			uint64(b[4])<<32 | uint64(b[5])<<40 | uint64(b[6])<<48 | uint64(b[7])<<56
		if hidden >= 0 {
			m := byteMask[byte(hiddenSet[i/64]>>(i%64))]
			w = w&^m | 0xFDFDFDFDFDFDFDFD&m
		}
		h.word(w)
	}
	var w uint64
	for p := 0; p < n; p++ {
		top := l.piles[p].top
		if p == hidden {
			top = NoCard - 2
		}
		w = w<<16 | uint64(top)<<8 | uint64(l.piles[p].n)
		if p%4 == 3 {
			h.word(w)
			w = 0
		}
	}
	h.word(w)
}
