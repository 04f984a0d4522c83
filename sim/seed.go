package sim

import "github.com/pasyans/pasyans/engine"

// FNV-1a (64-bit) parameters.
const (
	fnvOffset64 = 14695981039346656037
	fnvPrime64  = 1099511628211
)

// fnv1a returns the 64-bit FNV-1a hash of s.
func fnv1a(s string) uint64 {
	h := uint64(fnvOffset64)
	for i := 0; i < len(s); i++ {
		h ^= uint64(s[i])
		h *= fnvPrime64
	}
	return h
}

// DealSeed returns the seed of deal index of game in a run with master seed
// master. It is a pure function of its three arguments — never of the
// worker count, the order of work or the shard layout — so every strategy,
// every worker and every shard plays the same deal for the same index:
//
//	s = SplitMix64(master)
//	s = SplitMix64(s ^ FNV-1a-64(game))
//	seed = SplitMix64(s ^ uint64(index))
//
// The deal itself is engine.Deal(spec.Decks, seed). Variant options do not
// enter the seed, so variants of one game are paired on the same deals too.
func DealSeed(master uint64, game string, index int64) uint64 {
	s := engine.SplitMix64(master)
	s = engine.SplitMix64(s ^ fnv1a(game))
	return engine.SplitMix64(s ^ uint64(index))
}

// StrategySeed returns the seed of a strategy's own random generator for one
// deal: SplitMix64(dealSeed ^ FNV-1a-64(strategy)). It differs between
// strategies and deals and, like DealSeed, does not depend on the run's
// layout.
func StrategySeed(dealSeed uint64, strategy string) uint64 {
	return engine.SplitMix64(dealSeed ^ fnv1a(strategy))
}
