package engine

// Word-at-a-time hashing of a layout, for the Hash and ViewHash of the
// games with many cards on the table (two-deck games): the cards of each
// pile are packed eight to a 64-bit word and mixed a word at a time, which
// costs a fraction of hashing them byte by byte.

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

// wideHash accumulates a 128-bit search key (see SearchHooks.SearchKey)
// of many words more cheaply than keyHash: two running mixes, each step a
// bijection of its half for a fixed word, finalised with SplitMix64.
type wideHash struct{ a, b uint64 }

// newWideHash returns a wide hash seeded with the game's identity word.
func newWideHash(seed uint64) wideHash {
	return wideHash{a: SplitMix64(seed ^ 0x243F6A8885A308D3), b: SplitMix64(seed ^ 0x13198A2E03707344)}
}

// word mixes one word into both halves.
func (h *wideHash) word(x uint64) {
	a := (h.a ^ x) * 0x9E3779B97F4A7C15
	h.a = a ^ a>>32
	b := (h.b + x) * 0xC2B2AE3D27D4EB4F
	h.b = b ^ b>>29
}

// sum returns the key.
func (h wideHash) sum() Key {
	return Key{Hi: SplitMix64(h.a), Lo: SplitMix64(h.b ^ 0x452821E638D01377)}
}

// pileFaces mixes pile p of l: its size, then its cards from the top as
// 6-bit classes (face), ten to a word. A game whose key treats the two
// copies of a card alike passes a face that maps both to one class.
func (h *wideHash) pileFaces(l *layout, p int, face func(Card) uint64) {
	h.word(uint64(l.size(p)))
	var x uint64
	n := 0
	for c := l.top(p); c != NoCard; c = l.below[c] {
		x = x<<6 | face(c)
		if n++; n == 10 {
			h.word(x)
			x, n = 0, 0
		}
	}
	if n > 0 {
		h.word(x)
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
