package sim

import (
	"github.com/pasyans/pasyans/engine"
	"github.com/pasyans/pasyans/sim/solve"
)

// layoutPlan is the planner's plan for a game whose first phase only
// places cards — from the pack, the talon or the reserves onto the tableau
// piles or into the reserves — and whose pack may be passed through as
// often as a pass places a card (the Zodiac: zodiac/I, zodiac/fill,
// zodiac/redeal, zodiac/stall in docs/games.md). In such a game the order
// of the pack decides little: what wins is the layout built by the end of
// the first phase. The plan is that layout, taken from the solver's
// winning line on a determinization of the opening view:
//
//   - for each tableau pile, the cards it holds when the pack and the
//     talon are out, bottom first (the dealt card, then the cards placed
//     on it);
//   - for the reserves (the Equator), how many cards of each face they
//     then hold.
//
// Real play builds that layout whatever order the cards come in: a card
// goes onto a tableau pile when it is the pile's next planned card (from
// the talon, else from a reserve), a card goes into a vacant reserve when
// the reserves hold fewer cards of its face than planned, and otherwise
// the pack is turned (drawn, then redealt). Every pass places a card while
// the layout is unfinished — each unfinished pile's next card is either in
// a reserve, where it can be placed at once, or comes up in the pass — so
// no pass stalls, and the layout is reached with the same cards as in the
// sample. The second phase then starts from the sample's layout, which the
// solver has shown to be won; it hides nothing, and the planner follows the
// solver there (plannerPlayer.followLine). Cards are matched by face (suit
// and rank): the two copies of a card in a two-deck game are
// interchangeable.
type layoutPlan struct {
	active  bool
	made    bool      // a plan was made in this deal
	reached bool      // its layout was built (the first phase ended on the plan)
	piles   [][]uint8 // per pile index: planned faces of a tableau pile, nil otherwise
	reserve [engine.CardsPerDeck]int8
	counts  [engine.CardsPerDeck]int8 // scratch: faces in the reserves now
}

// face is a card's suit and rank, without its deck.
func face(c engine.Card) uint8 { return uint8(c) % engine.CardsPerDeck }

// makeLayoutPlan solves up to p.samples determinizations of g (the
// opening) and records the first won one's layout. It reports whether a
// plan was made.
func (p *plannerPlayer) makeLayoutPlan(g engine.Game) bool {
	lp := &p.layout
	lp.active = false
	if p.solver == nil {
		return false
	}
	if p.layoutSolver == nil {
		lim := p.solver.Limits()
		lim.NoRollouts = true
		p.layoutSolver = solve.New(lim)
	}
	for a := 0; a < max(p.samples, 1); a++ {
		det := p.det.copyOf(g)
		det.Determinize(&p.rng)
		r := p.layoutSolver.Solve(p.ctx, det)
		p.nodes += r.Nodes
		if r.Outcome != solve.Won {
			continue
		}
		c := p.work.copyOf(det)
		for _, m := range r.Line {
			if p.packOut(c) || c.Apply(m) != nil {
				break
			}
		}
		if !p.packOut(c) {
			continue
		}
		for len(lp.piles) < c.NumPiles() {
			lp.piles = append(lp.piles, nil)
		}
		lp.piles = lp.piles[:c.NumPiles()]
		clear(lp.reserve[:])
		for i := range lp.piles {
			lp.piles[i] = lp.piles[i][:0]
			switch c.PileKind(i) {
			case engine.PileTableau:
				p.cards = c.Pile(p.cards[:0], i)
				for _, x := range p.cards {
					lp.piles[i] = append(lp.piles[i], face(x))
				}
			case engine.PileReserve:
				p.cards = c.Pile(p.cards[:0], i)
				for _, x := range p.cards {
					lp.reserve[face(x)]++
				}
			}
		}
		lp.active, lp.made = true, true
		return true
	}
	return false
}

// packOut reports whether g's pack and talon are empty (the first phase of
// a layout game is over).
func (p *plannerPlayer) packOut(g engine.Game) bool {
	for i := 0; i < g.NumPiles(); i++ {
		if k := g.PileKind(i); k == engine.PileStock || k == engine.PileTalon {
			p.cards = g.Pile(p.cards[:0], i)
			if len(p.cards) > 0 {
				return false
			}
		}
	}
	return true
}

// followLayout returns the move that builds the planned layout (see
// layoutPlan), or -1 when there is no plan, the first phase is over, or
// the layout has left the plan (then the plan is dropped).
func (p *plannerPlayer) followLayout(g engine.Game, legal []engine.Move) int {
	lp := &p.layout
	if !lp.active || len(lp.piles) != g.NumPiles() {
		return -1
	}
	if p.packOut(g) {
		lp.active, lp.reached = false, true
		return -1
	}
	clear(lp.counts[:])
	for i := range lp.piles {
		switch g.PileKind(i) {
		case engine.PileTableau:
			p.cards = g.Pile(p.cards[:0], i)
			plan := lp.piles[i]
			if len(p.cards) > len(plan) {
				lp.active = false
				return -1
			}
			for j, x := range p.cards {
				if x == engine.NoCard || face(x) != plan[j] {
					lp.active = false
					return -1
				}
			}
		case engine.PileReserve:
			p.cards = g.Pile(p.cards[:0], i)
			for _, x := range p.cards {
				if x != engine.NoCard {
					lp.counts[face(x)]++
				}
			}
		}
	}
	build, fill, draw, redeal := -1, -1, -1, -1
	for i, m := range legal {
		switch m.Kind {
		case engine.MoveBuild:
			if m.Card == engine.NoCard || int(m.To) >= len(lp.piles) {
				continue
			}
			plan := lp.piles[m.To]
			p.cards = g.Pile(p.cards[:0], int(m.To))
			if n := len(p.cards); n < len(plan) && plan[n] == face(m.Card) {
				// From the talon first: it keeps the reserves free.
				if build < 0 || (g.PileKind(int(m.From)) == engine.PileTalon && g.PileKind(int(legal[build].From)) != engine.PileTalon) {
					build = i
				}
			}
		case engine.MoveFill:
			if fill < 0 && m.Card != engine.NoCard && lp.counts[face(m.Card)] < lp.reserve[face(m.Card)] {
				fill = i
			}
		case engine.MoveDraw:
			if draw < 0 {
				draw = i
			}
		case engine.MoveRedeal:
			if redeal < 0 {
				redeal = i
			}
		}
	}
	for _, i := range [...]int{build, fill, draw, redeal} {
		if i >= 0 {
			return i
		}
	}
	lp.active = false
	return -1
}
