package engine

// The rollout heuristic of Four Corners (engine.Roller; see
// fourCornersSearch).

// Scores of the rollout heuristic's marriages.
const (
	fcRollFrees   = 1000 // the card beneath goes home at once
	fcRollChain   = 100  // the card beneath marries on
	fcRollOrdered = 10   // the married card goes home before the one it covers
	fcRollDig     = 200  // divided by the depth of the next card the foundations take
)

// RolloutMove returns the move of the rollout heuristic described in
// fourCornersSearch.
func (g *fourCorners) RolloutMove(legal []Move) int {
	deal, redeal := -1, -1
	best, bi := -1, -1
	var w pairWants
	have := false
	for i := range legal {
		m := &legal[i]
		switch m.Kind {
		case MoveFoundation:
			return i
		case MoveDeal:
			deal = i
		case MoveRedeal:
			redeal = i
		case MoveBuild:
			if !have {
				w, have = pairWantsOf(&g.lay, fcFound), true
			}
			if sc := g.rollMarriage(m, &w); sc > best {
				best, bi = sc, i
			}
		}
	}
	switch {
	case deal >= 0:
		return deal
	case bi >= 0 && (best >= fcRollChain || redeal < 0):
		return bi
	case redeal >= 0:
		return redeal
	}
	return 0
}

// rollMarriage scores marriage m for the rollouts; w is what the
// foundations take next.
func (g *fourCorners) rollMarriage(m *Move, w *pairWants) int {
	sc := 0
	c := m.Card
	b := g.lay.below[c]
	if b != NoCard {
		if w[suitKey(b)] != 0 {
			sc += fcRollFrees
		} else {
			d := 2
			for x := g.lay.below[b]; x != NoCard; x = g.lay.below[x] {
				if w[suitKey(x)] != 0 {
					sc += fcRollDig / d
					break
				}
				d++
			}
			for q := 0; q < fcPackets; q++ {
				if q == int(m.From) {
					continue
				}
				t := g.lay.top(q)
				if q == int(m.To) {
					t = c
				}
				if g.marries(b, t) {
					sc += fcRollChain
					break
				}
			}
		}
	}
	// The card covered: c goes home first when the ace pile takes the
	// suit up through c then t (c below t in rank) or the king pile down.
	t := g.lay.top(int(m.To))
	if t.Suit() != c.Suit() { // variant marriage=any-suit
		return sc
	}
	s := int(c.Suit())
	a, k := g.lay.size(fcFound+2*s), g.lay.size(fcFound+2*s+1)
	switch {
	case c.Rank() < t.Rank() && int(c.Rank()) > a:
		sc += fcRollOrdered
	case c.Rank() > t.Rank() && int(c.Rank()) <= NumRanks-k:
		sc += fcRollOrdered
	}
	return sc
}

// RolloutValue rates a state for the rollouts: a thousand for each card
// home, so a won state rates highest.
func (g *fourCorners) RolloutValue() int {
	return 1000 * g.Score()
}

// ProbeShare gives the rollouts the whole node budget after the solver's
// first look (engine.ProbeSharer; see fourCornersSearch): the exhaustive
// search decides nothing the rollouts leave.
func (g *fourCorners) ProbeShare() int { return 100 }
