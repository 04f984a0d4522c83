package engine

import (
	"slices"
	"testing"
)

// TestFourCornersKept checks the facts Four Corners keeps (score, what the
// foundations take, the packet tops by key, and the sets of keys) against
// the same facts computed from the piles, and the legal moves listed from
// them against fcGenReference, which reads nothing but the piles, at every
// position of random playouts of every variant; and Ending's quick look
// against the full list.
func TestFourCornersKept(t *testing.T) {
	deals := 100
	if testing.Short() {
		deals = 20
	}
	spec := fourCornersSpec()
	for _, opts := range variantOptions(spec) {
		var ref []Move
		randomPlayouts(t, spec, opts, deals, func(seed uint64, ply int, gg Game, legal []Move) {
			g := gg.(*fourCorners)
			want := *g
			want.sync()
			if want.score != g.score || want.want != g.want || want.wantKeys != g.wantKeys || want.tops != g.tops || want.topKeys != g.topKeys {
				t.Fatalf("%v seed %d move %d: kept score %d want %v %x tops %v %x; the piles give %d %v %x %v %x\n%s",
					opts, seed, ply, g.score, g.want, g.wantKeys, g.tops, g.topKeys, want.score, want.want, want.wantKeys, want.tops, want.topKeys, g)
			}
			ref = fcGenReference(g, ref[:0])
			if !slices.Equal(legal, ref) {
				t.Fatalf("%v seed %d move %d: LegalMoves %v, the piles give %v\n%s", opts, seed, ply, legal, ref, g)
			}
			if end := g.Ending(); (end == Playing) != (len(legal) > 0 && !g.Won()) {
				t.Fatalf("%v seed %d move %d: Ending %v with %d legal moves", opts, seed, ply, end, len(legal))
			}
		})
	}
}

// fcGenReference lists the legal moves of g in LegalMoves' order from the
// piles alone (the generator before Four Corners kept any fact).
func fcGenReference(g *fourCorners, dst []Move) []Move {
	score := 0
	for f := fcFound; f < fcFound+fcNumFound; f++ {
		score += g.lay.size(f)
	}
	fits := func(f int, c Card) bool {
		return c.Valid() && int(c.Suit()) == f/2 && c.Rank() == pairWant(f, g.lay.size(fcFound+f))
	}
	plays := func(dst []Move, from int, c Card, rule RuleID, deal bool) []Move {
		for f := 0; f < fcNumFound; f++ {
			if fits(f, c) && (!deal || fcDealMayPlay(from, f)) {
				dst = append(dst, Move{Kind: MoveFoundation, From: uint8(from), To: uint8(fcFound + f), Card: c, Card2: NoCard, Rule: rule})
			}
		}
		return dst
	}
	if hand := g.lay.top(fcCard); hand != NoCard {
		p := int(g.pos)
		rule := fcRuleSide
		if fcCorner(p) {
			rule = fcRuleCorner
		}
		for f := 0; f < fcNumFound; f++ {
			if fits(f, hand) && fcDealMayPlay(p, f) {
				dst = append(dst, Move{Kind: MoveFoundation, From: fcCard, To: uint8(fcFound + f), Card: hand, Card2: NoCard, Rule: rule})
			}
		}
		if g.r.dealTops {
			for q := 0; q < fcPackets; q++ {
				dst = plays(dst, q, g.lay.top(q), fcRuleI, true)
			}
		}
		return append(dst, Move{Kind: MoveDeal, From: fcCard, To: g.pos, Card: hand, Card2: NoCard, Rule: fcRuleDeal})
	}
	if score == fcCards {
		return dst
	}
	for q := 0; q < fcPackets; q++ {
		dst = plays(dst, q, g.lay.top(q), fcRuleI, false)
	}
	if g.idle < fcIdleMax {
		for q := 0; q < fcPackets; q++ {
			c := g.lay.top(q)
			for r := 0; r < fcPackets; r++ {
				if r != q && g.marries(c, g.lay.top(r)) {
					dst = append(dst, Move{Kind: MoveBuild, From: uint8(q), To: uint8(r), Card: c, Card2: NoCard, Rule: fcRuleMarriage})
				}
			}
		}
	}
	if g.redeals < fcRedeals {
		dst = append(dst, Move{Kind: MoveRedeal, From: fcStock, To: fcStock, Card: NoCard, Card2: NoCard, Rule: fcRuleRedeal})
	}
	return dst
}
