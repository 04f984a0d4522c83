package engine

import "math/bits"

// ProgressCountAfter counts the foundation plays open after the legal move
// m that involve only cards visible before it (see ProgressCounter),
// without a copy of the game, for the moves after the deal that leave the
// foundations alone: marriages, fills, the draw and the redeal.
//
// After the deal ProgressMoves lists the plays of every ray's top card
// and of the talon top, once per foundation that takes the card; such a
// move changes none of what the foundations take, and the top cards of at
// most two rays and the talon. So the count is the count before m (from
// the kept ray tops by key, shah.rays) with those tops replaced.
//
// Visibility: every card but the pack's is shown, and a foundation's top
// always (the aces are dealt to them before play), so a play is unfair only
// when its card is the one m turns from the pack: the fill from the stock
// puts it on its place, the draw on the talon; a redeal turns the whole
// talon face down. TestProgressCountAfter (package sim) checks each count
// against the look-ahead.
func (g *shah) ProgressCountAfter(m *Move) (int, bool) {
	if g.phase < 2 || g.Won() {
		return 0, false
	}
	t := g.lay.top(shTalon) // the talon's top after m
	n := 0                  // the change in the rays' plays
	switch m.Kind {
	case MoveBuild: // a marriage onto outer pile k
		k := (int(m.To) - shOuter) & 7
		n -= g.plays(g.lay.top(shOuter + k))
		if m.From == shTalon {
			t = g.lay.below[t] // the talon top is now ray k's top
			n += g.plays(m.Card)
			break
		}
		// From outer pile j: its card is now ray k's top (and not ray
		// j's: no change in the count), and ray j shows the card beneath
		// it, or the top of the place below when the outer pile empties.
		j := (int(m.From) - shOuter) & 7
		under := g.lay.below[m.Card]
		if under == NoCard {
			if !g.lay.empty(shMiddle + j) {
				under = g.lay.top(shMiddle + j)
			} else {
				under = g.lay.top(shInner + j)
			}
		}
		n += g.plays(under)
	case MoveFill: // place v takes the talon top or the pack's top
		v := int(m.To)
		k := v & 7
		if top := g.rayTop(k); top < v { // v is above the ray's top (or the ray is empty)
			if top >= 0 {
				n -= g.plays(g.lay.top(top))
			}
			if m.From == shTalon {
				n += g.plays(t) // the pack's top is unseen: its plays do not count
			}
		}
		if m.From == shTalon {
			t = g.lay.below[t]
		}
	case MoveDraw: // the pack's top, unseen, covers the talon
		t = NoCard
	case MoveRedeal: // the talon goes face down
		t = NoCard
	default:
		return 0, false
	}
	n += g.plays(t)
	for ks := g.rayKeys & g.wantKeys; ks != 0; ks &= ks - 1 {
		k := bits.TrailingZeros64(ks)
		n += bits.OnesCount8(g.rays[k]) * bits.OnesCount8(g.want[k])
	}
	return n, true
}

// plays returns how many foundations take card c now (none for NoCard,
// whose key reads entry 0, which no card has).
func (g *shah) plays(c Card) int { return bits.OnesCount8(g.want[suitKey(c)&63]) }
