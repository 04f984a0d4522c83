package engine

import (
	"fmt"
	"math/bits"
	"math/rand/v2"
)

// Rand is the project's documented pseudo-random generator. It wraps the PCG
// generator of math/rand/v2 (PCG-DXSM, 128-bit state), whose output stream
// is specified exactly by the Go standard library, and derives bounded
// integers itself (Lemire's multiply-shift with rejection) so that deals do
// not depend on how a Go release implements rand.IntN or rand.Shuffle.
//
// Seeding: NewRand(seed) seeds PCG with (seed, seed ^ 0x9E3779B97F4A7C15).
// A zero Rand must be seeded with Seed before use (it would otherwise
// produce the stream of PCG seeded (0, 0), which is not NewRand(0)'s);
// Seed lets a reused value be reseeded without allocating.
type Rand struct {
	pcg rand.PCG
}

// seedMix is the second PCG seed word's mask (the 64-bit golden ratio).
const seedMix = 0x9E3779B97F4A7C15

// NewRand returns a generator seeded with seed.
func NewRand(seed uint64) *Rand {
	r := &Rand{}
	r.Seed(seed)
	return r
}

// Seed resets the generator to the stream of seed, as NewRand(seed) would.
func (r *Rand) Seed(seed uint64) {
	r.pcg.Seed(seed, seed^seedMix)
}

// Uint64 returns the next 64 random bits.
func (r *Rand) Uint64() uint64 { return r.pcg.Uint64() }

// IntN returns a uniform integer in [0, n). It panics if n <= 0.
//
// Algorithm (fixed, part of the deal format): Lemire's nearly-divisionless
// method on 64-bit outputs — take the high word of x*n, and reject when the
// low word falls below (2^64 - n) mod n.
func (r *Rand) IntN(n int) int {
	if n <= 0 {
		panic("engine: Rand.IntN: n <= 0")
	}
	un := uint64(n)
	hi, lo := mul64(r.Uint64(), un)
	if lo < un {
		thresh := -un % un
		for lo < thresh {
			hi, lo = mul64(r.Uint64(), un)
		}
	}
	return int(hi)
}

// Shuffle permutes cards in place with the Fisher–Yates algorithm, from the
// last position down: for i = n-1 … 1, swap cards[i] with cards[IntN(i+1)].
func (r *Rand) Shuffle(cards []Card) {
	for i := len(cards) - 1; i > 0; i-- {
		j := r.IntN(i + 1)
		cards[i], cards[j] = cards[j], cards[i]
	}
}

// mul64 returns the 128-bit product of a and b as (hi, lo): bits.Mul64,
// which the compiler turns into one multiply instruction.
func mul64(a, b uint64) (hi, lo uint64) { return bits.Mul64(a, b) }

// Deal returns the pack of n decks shuffled by the stream of seed. Index 0
// is the top of the pack: the first card dealt. Deal(n, s) is a pure
// function of n and s on every platform.
func Deal(n int, seed uint64) []Card {
	return DealInto(make([]Card, 0, n*CardsPerDeck), n, seed)
}

// DealInto appends the deal of seed (see Deal) to dst and returns the
// result; with a dst of enough capacity it allocates nothing. It panics if
// n is not 1 or 2.
func DealInto(dst []Card, n int, seed uint64) []Card {
	if n < 1 || n > MaxDecks {
		panic(fmt.Sprintf("engine: DealInto(%d decks): decks must be 1 or 2", n))
	}
	start := len(dst)
	for i := 0; i < n*CardsPerDeck; i++ {
		dst = append(dst, Card(i))
	}
	var r Rand
	r.Seed(seed)
	r.Shuffle(dst[start:])
	return dst
}
