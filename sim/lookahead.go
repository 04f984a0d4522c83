package sim

import (
	"math"

	"github.com/pasyans/pasyans/engine"
)

// lookaheadStrategy searches depth moves ahead over what the player sees.
// For each of samples determinizations of the current position (a clone
// whose hidden cards are rearranged by Game.Determinize with the player's
// own generator — the real order is never used), it tries every legal move
// and searches the following depth-1 moves exhaustively, valuing a leaf by
//
//	1e6 if won, else Score (cards on foundations)
//
// and a node by its best child. A move that turns up a hidden card (its
// Move.Card is NoCard: drawing, dealing, redealing) is a chance move: the
// search does not look past it, and values it as the position it is made
// from, so that the luck of one sampled card does not make turning the pack
// look better than it is. Values are summed over the samples; the move with
// the highest total is played, ties broken by greedy's priority list (see
// greedyStrategy). Moves that lead back to a position the player has
// already seen are scored below every other move (cycle avoidance).
type lookaheadStrategy struct {
	params
	depth, samples int
}

func init() {
	register(StrategyInfo{
		Name:    "lookahead",
		Summary: "a depth-limited search over determinized copies of what the player sees",
		Order:   40,
		Params: []ParamInfo{
			{Name: "depth", Summary: "moves searched ahead", Kind: ParamInt, Default: "2", Min: 1, Max: 6},
			{Name: "samples", Summary: "determinizations per decision", Kind: ParamInt, Default: "1", Min: 1, Max: 64},
		},
		build: func(v ParamValues) Strategy {
			return &lookaheadStrategy{depth: int(v.Int("depth")), samples: int(v.Int("samples"))}
		},
	})
}

func (*lookaheadStrategy) Name() string { return "lookahead" }

func (s *lookaheadStrategy) NewPlayer() Player {
	return &lookaheadPlayer{depth: s.depth, samples: s.samples, seen: make(map[uint64]struct{}, 256), greedy: newGreedyPlayer()}
}

type lookaheadPlayer struct {
	depth, samples int
	rng            engine.Rand
	seen           map[uint64]struct{}
	values         []float64
	notTop         []bool          // moves whose value is below the best (ties to break)
	bufs           [][]engine.Move // one move buffer per search depth
	copies         []scratch       // clone buffers: [0] the determinized position, [d] the state d moves deep
	nodes          int64
	greedy         *greedyPlayer // breaks ties
}

func (p *lookaheadPlayer) Reset(g engine.Game, seed uint64) {
	p.rng.Seed(seed)
	p.greedy.Reset(g, engine.SplitMix64(seed))
	clear(p.seen)
	p.nodes = 0
}

// SearchStats reports the nodes searched; lookahead always decides (it
// does not prove anything, its outcome is the game's).
func (p *lookaheadPlayer) SearchStats() (int64, bool) { return p.nodes, true }

const wonValue = 1e6

func leafValue(g engine.Game) float64 {
	if g.Won() {
		return wonValue
	}
	return float64(g.Score())
}

func (p *lookaheadPlayer) Choose(g engine.Game, legal []engine.Move) (int, engine.RuleID) {
	p.seen[g.ViewHash()] = struct{}{}
	if len(legal) == 1 {
		return 0, ""
	}
	if cap(p.values) < len(legal) {
		p.values = make([]float64, len(legal))
	}
	p.values = p.values[:len(legal)]
	clear(p.values)
	for s := 0; s < p.samples; s++ {
		base := p.copyAt(0, g)
		base.Determinize(&p.rng)
		for i, m := range legal {
			if isChance(m) {
				p.values[i] += leafValue(g)
				continue
			}
			c := p.copyAt(1, base)
			if err := c.Apply(m); err != nil {
				p.values[i] = math.Inf(-1)
				continue
			}
			p.nodes++
			if _, cyc := p.seen[c.ViewHash()]; cyc && isTableau(m.Kind) {
				p.values[i] += -wonValue
				continue
			}
			p.values[i] += p.search(c, p.depth-1, 0)
		}
	}
	best, ties := 0, 0
	for i, v := range p.values {
		switch {
		case v > p.values[best]:
			best, ties = i, 1
		case v == p.values[best]:
			ties++
		}
	}
	if ties > 1 {
		top := p.values[best]
		p.notTop = p.notTop[:0]
		for _, v := range p.values {
			p.notTop = append(p.notTop, v != top)
		}
		best = p.greedy.choose(g, legal, p.notTop)
	}
	return best, ""
}

// search returns the value of g searched d more moves deep.
func (p *lookaheadPlayer) search(g engine.Game, d, level int) float64 {
	if g.Won() {
		return wonValue
	}
	for len(p.bufs) <= level {
		p.bufs = append(p.bufs, nil)
	}
	moves := g.LegalMoves(p.bufs[level][:0])
	p.bufs[level] = moves
	if d == 0 || len(moves) == 0 {
		return leafValue(g)
	}
	best := math.Inf(-1)
	for i := range moves {
		if isChance(p.bufs[level][i]) {
			best = max(best, leafValue(g))
			continue
		}
		c := p.copyAt(level+2, g) // g itself is held at level+1
		if err := c.Apply(p.bufs[level][i]); err != nil {
			continue
		}
		p.nodes++
		if v := p.search(c, d-1, level+1); v > best {
			best = v
		}
	}
	if math.IsInf(best, -1) {
		return leafValue(g)
	}
	return best
}

// copyAt returns a copy of g in clone buffer i (see lookaheadPlayer.copies),
// valid until buffer i is used again.
func (p *lookaheadPlayer) copyAt(i int, g engine.Game) engine.Game {
	for len(p.copies) <= i {
		p.copies = append(p.copies, scratch{})
	}
	return p.copies[i].copyOf(g)
}

// isChance reports whether m turns up a hidden card (the engine reports
// such moves with Card NoCard); passes are not chance moves.
func isChance(m engine.Move) bool {
	return m.Card == engine.NoCard && m.Kind != engine.MovePass
}
