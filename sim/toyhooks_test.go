package sim

import "github.com/pasyans/pasyans/engine"

// The toy game's search hooks: the full state as a 128-bit key (the hash
// of the full state and a second, independently mixed one), no safe moves,
// no dead ends. They let the solver prove losses of toy deals.

// SearchKey implements engine.SearchHooks.
func (g *toyGame) SearchKey() engine.Key {
	b := uint64(0x9E3779B97F4A7C15)
	for i, p := range g.piles {
		for _, c := range p {
			b = engine.SplitMix64(b ^ uint64(c))
		}
		b = engine.SplitMix64(b ^ uint64(0x100+i))
	}
	return engine.Key{Hi: g.Hash(), Lo: engine.SplitMix64(b ^ uint64(g.redeals))}
}

// SafeMove implements engine.SearchHooks: none.
func (g *toyGame) SafeMove([]engine.Move) int { return -1 }

// DeadEnd implements engine.SearchHooks: never.
func (g *toyGame) DeadEnd() bool { return false }
