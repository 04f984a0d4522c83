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
