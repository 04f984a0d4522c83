package engine

// The rollout heuristic of the Zodiac (engine.Roller; see zodiacSearch).

// Weights of RolloutValue: a card home outweighs every other term.
const (
	zoRollHome   = 1000 // a card home
	zoRollSuit   = 150  // a suit whose relaxation is still winnable
	zoRollPlaced = 3    // a card placed in the Zodiac or on the Equator
)

// zoRollLevels are the ranks of RolloutMove's phase-one moves, best
// first: the marriages that continue a walk or grow a dealt card towards
// the middle ranks (marriageScore −5, −4, −3), the Equator fills (−10),
// the marriages towards an end (8), the draw or re-deal (20), and the
// marriages that turn a walk back (45).
var zoRollLevels = [...]int{-5, -4, -3, -10, 8, 20, 45}

// RolloutMove returns the move of the rollout heuristic described in
// zodiacSearch: in phase two the first foundation play after which its
// suit's relaxation stays winnable (else the first); in phase one by
// zoRollLevels, the first listed among equals, passing over the
// marriages after which the relaxation of their suit is lost.
func (g *zodiac) RolloutMove(legal []Move) int {
	var z zoSuit
	if g.phase2() {
		first := -1
		for i := range legal {
			m := &legal[i]
			if m.Kind != MoveFoundation {
				continue
			}
			if first < 0 {
				first = i
			}
			su := m.Card.Suit()
			a, k := g.wants(su)
			if int(m.To) < zoFK {
				a++
			} else {
				k--
			}
			if z.feasibleAt(g, su, -1, NoCard, int(m.From), a, k) {
				return i
			}
		}
		return max(first, 0)
	}
	for _, lv := range zoRollLevels {
		for i := range legal {
			m := &legal[i]
			switch m.Kind {
			case MoveFill:
				if lv == -10 {
					return i
				}
			case MoveDraw, MoveRedeal:
				if lv == 20 {
					return i
				}
			case MoveBuild:
				if g.marriageScore(*m) == lv && z.feasibleWith(g, m.Card.Suit(), int(m.To), m.Card) {
					return i
				}
			}
		}
	}
	return 0
}

// RolloutValue rates a state for the rollouts (see zodiacSearch): a
// thousand for each card home, then 150 for each suit whose relaxation
// (zoSuit) is still winnable and 3 for each card placed (at most
// 600 + 312 < 1000), so a won state rates highest.
func (g *zodiac) RolloutValue() int {
	v := zoRollHome * int(g.score)
	var z zoSuit
	for su := Suit(0); su < NumSuits; su++ {
		if g.feasible&(1<<su) != 0 || z.feasible(g, su) {
			v += zoRollSuit
		}
	}
	placed := packCards - int(g.score) - g.lay.size(zoStock) - g.lay.size(zoTalon)
	return v + zoRollPlaced*placed
}

// ProbeShare gives the rollouts the whole node budget after the solver's
// first look (engine.ProbeSharer; see zodiacSearch): the exhaustive search
// after them decided none of the deals they left.
func (g *zodiac) ProbeShare() int { return 100 }
