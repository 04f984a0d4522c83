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

// ApplyListed implements engine.Rules: Apply without the check.
func (g *toyGame) ApplyListed(m *engine.Move) {
	if err := g.Apply(*m); err != nil {
		panic(err)
	}
}

// Redeal implements engine.Redealer.
func (g *toyGame) Redeal(pack []engine.Card) error {
	*g = *newToy(pack, g.maxRank)
	return nil
}

// PileLen implements engine.PileReader.
func (g *toyGame) PileLen(i int) int {
	if i < 0 || i >= len(g.piles) {
		return 0
	}
	return len(g.piles[i])
}

// PileTop implements engine.PileReader.
func (g *toyGame) PileTop(i int) engine.Card {
	if i < 0 || i >= len(g.piles) || i == toyStock || len(g.piles[i]) == 0 {
		return engine.NoCard
	}
	return g.top(i)
}

// VisibleCards implements engine.PileReader.
func (g *toyGame) VisibleCards(set *[4]uint64) {
	for i, p := range g.piles {
		if i == toyStock {
			continue
		}
		for _, c := range p {
			set[c>>6] |= 1 << (c & 63)
		}
	}
}
