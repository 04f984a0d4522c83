package engine

import (
	"errors"
	"testing"
)

// Positions and crafted packs for four-corners. Foundations:
// F0/F1 clubs ace/king piles, F2/F3 diamonds, F4/F5 hearts, F6/F7 spades;
// pile index of F(k) is 12+k. L1 adjoins F0, L2 F2, L3 F4, L4 F6; R1 F1,
// R2 F3, R3 F5, R4 F7.

func newFCT(t *testing.T, top string, opts Options) *fourCorners {
	t.Helper()
	g, err := fourCornersSpec().NewDeal(crafted(2, top), opts)
	if err != nil {
		t.Fatal(err)
	}
	return g.(*fourCorners)
}

// fcPlayPos builds an after-the-deal position: packets (bottom first) and
// foundation heights filled with the suit's cards from the base; the cards
// placed nowhere take no part.
func fcPlayPos(t *testing.T, opts Options, packets map[int]string, heights [8]int) *fourCorners {
	t.Helper()
	g := newFCT(t, "", opts)
	g.pos = 0
	pl := newPlacer(t, &g.lay)
	for q := 0; q < fcPackets; q++ {
		pl.putAll(q, packets[q])
	}
	pl.pairHeights(fcFound, heights)
	g.sync() // the facts the game keeps, from the piles placed
	return g
}

// fcPacket returns the cards of packet q, bottom first.
func fcPacket(g *fourCorners, q int) []Card { return g.FullPile(nil, q) }

func fcDealMove(g *fourCorners) Move {
	return Move{Kind: MoveDeal, From: fcCard, To: g.pos, Card: g.hand(), Card2: NoCard, Rule: fcRuleDeal}
}

func fcPlay(from, f int, c Card, rule RuleID) Move {
	return Move{Kind: MoveFoundation, From: uint8(from), To: uint8(fcFound + f), Card: c, Card2: NoCard, Rule: rule}
}

func fcMarry(from, to int, c string) Move {
	return Move{Kind: MoveBuild, From: uint8(from), To: uint8(to), Card: ac(c), Card2: NoCard, Rule: fcRuleMarriage}
}

var fcRedealMove = Move{Kind: MoveRedeal, From: fcStock, To: fcStock, Card: NoCard, Card2: NoCard, Rule: fcRuleRedeal}

// The deal: card by card, L0 top corner, four sides, bottom corner, then
// the right column; the next round covers the first.
func TestFourCornersDealOrder(t *testing.T) {
	g := newFCT(t, "2C 3C 4C 5C 6C 7C 8C 9C TC JC QC 2D 3D 4D", nil)
	want := acs("2C 3C 4C 5C 6C 7C 8C 9C TC JC QC 2D 3D 4D")
	for i, c := range want {
		if g.hand() != c || int(g.pos) != i%fcPackets {
			t.Fatalf("card %d: about to land %s at %s, want %s at %s", i, g.hand(), fcPileNames[g.pos], c, fcPileNames[i%fcPackets])
		}
		if got := g.LegalMoves(nil); len(got) != 1 || got[0] != fcDealMove(g) {
			t.Fatalf("card %d: legal moves %v, want only the deal", i, got)
		}
		mustApply(t, g, fcDealMove(g))
	}
	for q, s := range []string{"2C 3D", "3C 4D", "4C", "5C", "6C", "7C", "8C", "9C", "TC", "JC", "QC", "2D"} {
		if got, w := fcPacket(g, q), acs(s); len(got) != len(w) || got[0] != w[0] || got[len(got)-1] != w[len(w)-1] {
			t.Errorf("%s = %v, want %v", fcPileNames[q], got, w)
		}
	}
	if err := checkConservation(g, 2); err != nil {
		t.Fatal(err)
	}
}

// Rule II: the first ace and the first king of each suit go to their fixed
// places at once, wherever they turn up; the next card takes the same
// position; second copies are ordinary cards.
func TestFourCornersRuleIIFoundationsAtOnce(t *testing.T) {
	g := newFCT(t, "AH 5C KS 6C AH' KS' 9D", nil)
	if f := g.FullPile(nil, fcFound+4); len(f) != 1 || f[0] != ac("AH") {
		t.Fatalf("A♥ not on F4 (hearts ace pile): %v", g)
	}
	if g.hand() != ac("5C") || g.pos != 0 {
		t.Fatalf("about to land %s at %d, want 5♣ at L0", g.hand(), g.pos)
	}
	mustApply(t, g, fcDealMove(g))
	if f := g.FullPile(nil, fcFound+7); len(f) != 1 || f[0] != ac("KS") || g.hand() != ac("6C") || g.pos != 1 {
		t.Fatalf("K♠ not on F7 with 6♣ about to land at L1: %v", g)
	}
	mustApply(t, g, fcDealMove(g))
	// The second A♥ is not a foundation card: it must be dealt (it suits
	// no pile: F4 wants 2♥, F5 has no king yet).
	if g.hand() != ac("AH'") {
		t.Fatalf("about to land %s, want the second A♥", g.hand())
	}
	if got := g.LegalMoves(nil); len(got) != 1 || got[0].Rule != fcRuleDeal {
		t.Fatalf("legal %v, want only the deal", got)
	}
	wantIllegal(t, g, fcPlay(fcCard, 4, g.hand(), fcRuleSide))
	mustApply(t, g, fcDealMove(g))
	if g.hand() != ac("KS'") || g.lay.size(fcFound+7) != 1 {
		t.Fatalf("the second K♠ must come to hand, F7 = %v", g.FullPile(nil, fcFound+7))
	}
}

// Deal plays from a corner: the card about to land on a corner may go to any
// foundation it suits; the next card then goes to the same corner.
func TestFourCornersCornerPlay(t *testing.T) {
	g := newFCT(t, "AC KC AH KH 2H QC 9D", nil)
	// L0 is a corner; 2♥ goes to the hearts ace pile F4.
	m := fcPlay(fcCard, 4, ac("2H"), fcRuleCorner)
	wantLegal(t, g, m)
	wantIllegal(t, g, fcPlay(fcCard, 4, ac("2H"), fcRuleSide))
	wantIllegal(t, g, fcPlay(fcCard, 5, ac("2H"), fcRuleCorner)) // K♥ pile wants Q♥
	mustApply(t, g, m)
	if g.pos != 0 || g.hand() != ac("QC") {
		t.Fatalf("after the play the next card %s must land at L0, got %s at %s", ac("QC"), g.hand(), fcPileNames[g.pos])
	}
	// Q♣ at the corner goes to the clubs king pile F1 though no side packet of
	// row 0 is involved.
	wantLegal(t, g, fcPlay(fcCard, 1, ac("QC"), fcRuleCorner))
	// The bottom corners L5, R0, R5 are corners too.
	for _, pos := range []uint8{5, 6, 11} {
		h := newFCT(t, "AC KC AH KH 2H QC 9D", nil)
		h.pos = pos
		wantLegal(t, h, fcPlay(fcCard, 4, ac("2H"), fcRuleCorner))
	}
}

// Deal plays from a side packet: only to the foundation immediately
// adjoining that packet (L1 → F0 clubs ace pile, R1 → F1 clubs king pile).
func TestFourCornersSidePlay(t *testing.T) {
	g := newFCT(t, "AC KC AH KH 9D 2C 2H", nil)
	mustApply(t, g, fcDealMove(g)) // 9♦ on L0
	if g.pos != 1 || g.hand() != ac("2C") {
		t.Fatalf("want 2♣ about to land on L1, got %s at %s", g.hand(), fcPileNames[g.pos])
	}
	wantLegal(t, g, fcPlay(fcCard, 0, ac("2C"), fcRuleSide))
	wantIllegal(t, g, fcPlay(fcCard, 0, ac("2C"), fcRuleCorner))
	mustApply(t, g, fcPlay(fcCard, 0, ac("2C"), fcRuleSide))
	// 2♥ now about to land on L1: it suits F4, which does not adjoin L1.
	if g.pos != 1 || g.hand() != ac("2H") {
		t.Fatalf("want 2♥ about to land on L1, got %s at %s", g.hand(), fcPileNames[g.pos])
	}
	wantIllegal(t, g, fcPlay(fcCard, 4, ac("2H"), fcRuleSide))
	wantIllegal(t, g, fcPlay(fcCard, 4, ac("2H"), fcRuleCorner))
	// On L3, which adjoins F4, it may go.
	g.pos = 3
	wantLegal(t, g, fcPlay(fcCard, 4, ac("2H"), fcRuleSide))
	// R3 adjoins the hearts king pile F5, not F4.
	g.pos = 9
	wantIllegal(t, g, fcPlay(fcCard, 4, ac("2H"), fcRuleSide))
	q := newFCT(t, "AC KC AH KH QH", nil) // Q♥ about to land
	q.pos = 9
	wantLegal(t, q, fcPlay(fcCard, 5, ac("QH"), fcRuleSide))
}

// Rule I: during the deal the packet tops are not available (EN reading);
// variant deal-play=tops makes them available under the corner/side rule.
func TestFourCornersRuleIDuringDeal(t *testing.T) {
	for _, tops := range []bool{false, true} {
		opts := Options{}
		if tops {
			opts["deal-play"] = "tops"
		}
		g := newFCT(t, "AD 2D 9S 2C", opts)
		mustApply(t, g, fcDealMove(g)) // 2♦ declined, laid on L0
		mustApply(t, g, fcDealMove(g)) // 9♠ on L1
		m := fcPlay(0, 2, ac("2D"), fcRuleI)
		if tops {
			wantLegal(t, g, m)
		} else {
			wantIllegal(t, g, m)
		}
		// A side packet top may only go to its adjoining foundation.
		h := newFCT(t, "AD 9S 2D 2C", opts)
		mustApply(t, h, fcDealMove(h)) // 9♠ on L0
		mustApply(t, h, fcDealMove(h)) // 2♦ on L1 (adjoins F0, not F2)
		wantIllegal(t, h, fcPlay(1, 2, ac("2D"), fcRuleI))
	}
}

// Rule I after the deal: any packet top to any foundation of its suit.
func TestFourCornersRuleIAfterDeal(t *testing.T) {
	g := fcPlayPos(t, nil, map[int]string{1: "5D 2H", 8: "JS", 2: "2H' 9C"}, [8]int{1, 1, 1, 1, 1, 1, 1, 2})
	wantLegal(t, g, fcPlay(1, 4, ac("2H"), fcRuleI)) // side L1 to a far foundation
	wantLegal(t, g, fcPlay(8, 7, ac("JS"), fcRuleI)) // K♠ pile at Q♠
	wantIllegal(t, g, fcPlay(2, 4, ac("2H'"), fcRuleI))
	wantIllegal(t, g, fcPlay(1, 2, ac("2H"), fcRuleI)) // wrong suit
	wantIllegal(t, g, fcPlay(1, 4, ac("2H"), fcRuleCorner))
	mustApply(t, g, fcPlay(1, 4, ac("2H"), fcRuleI))
	wantIllegal(t, g, fcPlay(1, 2, ac("5D"), fcRuleI))
}

// Marriages after the deal: packet tops, same suit, ascending and
// descending; never onto an empty packet; not during the deal.
func TestFourCornersMarriage(t *testing.T) {
	g := fcPlayPos(t, nil, map[int]string{0: "7H", 1: "8H", 2: "8S", 3: "9H", 4: "3C 6H"}, [8]int{1, 1, 1, 1, 1, 1, 1, 1})
	wantLegal(t, g, fcMarry(0, 1, "7H")) // descending: 7♥ on 8♥
	wantLegal(t, g, fcMarry(1, 0, "8H")) // ascending: 8♥ on 7♥
	wantLegal(t, g, fcMarry(1, 3, "8H"))
	wantLegal(t, g, fcMarry(4, 0, "6H"))
	wantIllegal(t, g, fcMarry(0, 2, "7H")) // other suit
	wantIllegal(t, g, fcMarry(0, 3, "7H")) // two ranks apart
	wantIllegal(t, g, fcMarry(0, 5, "7H")) // empty packet stays empty
	wantIllegal(t, g, fcMarry(4, 1, "3C")) // not the top card
	wantIllegal(t, g, Move{Kind: MoveBuild, From: 0, To: 1, Card: ac("7H"), Card2: NoCard, Rule: fcRuleI})
	// Variant any-suit: 7♥ on 8♠.
	a := fcPlayPos(t, Options{"marriage": "any-suit"}, map[int]string{0: "7H", 2: "8S"}, [8]int{1, 1, 1, 1, 1, 1, 1, 1})
	wantLegal(t, a, fcMarry(0, 2, "7H"))
	// No marriages during the deal.
	d := newFCT(t, "7H 8H 9S", nil)
	mustApply(t, d, fcDealMove(d))
	mustApply(t, d, fcDealMove(d))
	wantIllegal(t, d, fcMarry(0, 1, "7H"))
}

// The cycle rule: after fcIdleMax marriages in a row only foundation plays
// and the redeal remain.
func TestFourCornersCycleRule(t *testing.T) {
	g := fcPlayPos(t, nil, map[int]string{0: "7H", 1: "8H", 2: "8H'"}, [8]int{1, 1, 1, 1, 1, 1, 1, 1})
	// 7♥ shuttles between the two 8♥ for ever without the rule.
	for i := 0; i < fcIdleMax; i++ {
		from, to := 0, 1
		if i > 0 {
			from, to = 1+(i+1)%2, 1+i%2
		}
		mustApply(t, g, fcMarry(from, to, "7H"))
	}
	wantIllegal(t, g, fcMarry(1+(fcIdleMax+1)%2, 1+fcIdleMax%2, "7H"))
	wantLegal(t, g, fcRedealMove)
	h := fcPlayPos(t, nil, map[int]string{0: "7H", 1: "8H"}, [8]int{1, 1, 1, 1, 1, 1, 1, 1})
	h.idle = fcIdleMax
	wantIllegal(t, h, fcMarry(0, 1, "7H"))
	wantLegal(t, h, fcRedealMove)
}

// Redeals: two, after the deal only; the packets are gathered L0 … R5 in
// dealt order without shuffling, and the deal restrictions apply again.
func TestFourCornersRedeal(t *testing.T) {
	for _, reversed := range []bool{false, true} {
		opts := Options{}
		if reversed {
			opts["gather"] = "reversed"
		}
		g := fcPlayPos(t, opts, map[int]string{0: "2C 3C", 1: "4C", 7: "5H 6H 7H"}, [8]int{1, 1, 1, 1, 1, 1, 1, 1})
		wantLegal(t, g, fcRedealMove)
		mustApply(t, g, fcRedealMove)
		want := acs("2C 3C 4C 5H 6H 7H")
		if reversed {
			want = acs("3C 2C 4C 7H 6H 5H")
		}
		for i, c := range want {
			if g.hand() != c || int(g.pos) != i {
				t.Fatalf("reversed=%v: card %d about to land %s at %s, want %s", reversed, i, g.hand(), fcPileNames[g.pos], c)
			}
			if i == 1 && !reversed {
				// 3♣ about to land on side L1; it suits nothing, and the
				// deal restrictions are back (no marriages, no redeal).
				wantIllegal(t, g, fcRedealMove)
			}
			mustApply(t, g, fcDealMove(g))
		}
		if g.dealing() || g.redeals != 1 {
			t.Fatalf("deal not over after the gathered cards, redeals = %d", g.redeals)
		}
	}
	g := fcPlayPos(t, nil, map[int]string{0: "3C"}, [8]int{1, 1, 1, 1, 1, 1, 1, 1})
	g.redeals = fcRedeals
	wantIllegal(t, g, fcRedealMove)
	if g.Ending() == Playing || g.Won() {
		t.Fatal("no moves and no redeal left: the game must be over and lost")
	}
	// During the deal: no redeal.
	d := newFCT(t, "2C", nil)
	wantIllegal(t, d, fcRedealMove)
	// After the redeal a side packet may again play only to its neighbour.
	s := fcPlayPos(t, nil, map[int]string{0: "9D", 1: "2H"}, [8]int{1, 1, 1, 1, 1, 1, 1, 1})
	mustApply(t, s, fcRedealMove)
	mustApply(t, s, fcDealMove(s))
	if s.hand() != ac("2H") || s.pos != 1 {
		t.Fatalf("want 2♥ at L1, got %s at %d", s.hand(), s.pos)
	}
	wantIllegal(t, s, fcPlay(fcCard, 4, ac("2H"), fcRuleSide))
}

// The win: all eight foundations complete.
func TestFourCornersWin(t *testing.T) {
	g := fcPlayPos(t, nil, map[int]string{3: "KC'"}, [8]int{12, 13, 13, 13, 13, 13, 13, 13})
	m := fcPlay(3, 0, ac("KC'"), fcRuleI)
	wantLegal(t, g, m)
	mustApply(t, g, m)
	if !g.Won() || g.Ending() == Playing || len(g.LegalMoves(nil)) != 0 || g.Score() != 104 {
		t.Fatalf("want a won, finished game: %v", g)
	}
}

func TestFourCornersCheckErrors(t *testing.T) {
	g := newFCT(t, "2C", nil)
	err := g.Check(Move{Kind: MovePass, Card: NoCard, Card2: NoCard, Rule: "four-corners/win"})
	if !errors.Is(err, ErrIllegal) {
		t.Fatalf("Check of a move no rule permits: %v, want ErrIllegal", err)
	}
	if err := g.Apply(fcPlay(fcCard, 0, ac("2C"), fcRuleCorner)); !errors.Is(err, ErrIllegal) || g.hand() != ac("2C") {
		t.Fatalf("Apply of an illegal move: %v; state must be unchanged", err)
	}
}

// fcRolloutChecks checks the rollout hooks on one position: RolloutMove
// names a legal move without changing the state, the same on a clone, and
// allocates nothing; a card goes home when one can; during the deal the
// card is laid only when it cannot go home; the packets are redealt only
// when no marriage frees a card the foundations take; and RolloutValue
// counts the cards home, rating the position below a won one unless it is
// won.
func fcRolloutChecks(t *testing.T, g *fourCorners) {
	t.Helper()
	legal := g.LegalMoves(nil)
	if len(legal) == 0 {
		return
	}
	i := checkedRolloutMove(t, g, legal)
	m := legal[i]
	w := pairWantsOf(&g.lay, fcFound)
	for _, o := range legal {
		switch {
		case o.Kind == MoveFoundation && m.Kind != MoveFoundation:
			t.Fatalf("%v chosen over the play %v\n%s", m, o, g)
		case o.Kind == MoveBuild && m.Kind == MoveRedeal:
			if b := g.lay.below[o.Card]; b != NoCard && w[suitKey(b)] != 0 {
				t.Fatalf("the redeal chosen while %v frees %s for a foundation\n%s", o, b, g)
			}
		}
	}
	if g.dealing() && m.Kind != MoveFoundation && m.Kind != MoveDeal {
		t.Fatalf("%v chosen during the deal", m)
	}
	if v := g.RolloutValue(); v != 1000*g.Score() || (v >= 1000*fcCards) != g.Won() {
		t.Fatalf("RolloutValue %d, score %d, won %v", v, g.Score(), g.Won())
	}
}

// The rollout hooks (engine.Roller) on the positions of random playouts,
// through all three deals (some with variant marriage=any-suit), and on
// endgames after the last deal; the
// heuristic's own playouts (safe moves first, as the solver's) win some of
// the endgames exhaustive search says are won, and none it says are lost.
func TestFourCornersRollouts(t *testing.T) {
	rng := fastRand(7)
	redealt := 0
	for seed := uint64(1); seed <= 20; seed++ {
		var opts Options
		if seed%4 == 0 {
			opts = Options{"marriage": "any-suit"}
		}
		g, err := fourCornersSpec().New(seed, opts)
		if err != nil {
			t.Fatal(err)
		}
		fc := g.(*fourCorners)
		for n := 0; n < 1500; n++ {
			fcRolloutChecks(t, fc)
			legal := fc.LegalMoves(nil)
			if len(legal) == 0 {
				break
			}
			// Mostly the heuristic's own moves, so that play reaches the
			// later deals with cards home; now and then a random one.
			i := fc.RolloutMove(legal)
			if rng.intn(4) == 0 {
				i = rng.intn(len(legal))
			}
			mustApply(t, fc, legal[i])
		}
		redealt += fc.Redeals()
	}
	if redealt < 20 {
		t.Fatalf("the playouts redealt only %d times in 20 deals", redealt)
	}
	g, _ := fourCornersSpec().New(3, nil)
	fc := g.(*fourCorners)
	legal := fc.LegalMoves(nil)
	if n := testing.AllocsPerRun(100, func() { fc.RolloutMove(legal); fc.RolloutValue() }); n != 0 {
		t.Fatalf("the rollout hooks allocate (%v a call)", n)
	}
	won, wins, decided := 0, 0, 0
	for i := 0; i < 200; i++ {
		g, err := fourCornersSpec().NewDeal(Deal(2, uint64(i)), nil)
		if err != nil {
			t.Fatal(err)
		}
		fcEndgame(t, g, &rng)
		if i%2 == 1 {
			scramble(g, &rng)
		}
		fc := g.(*fourCorners)
		fcRolloutChecks(t, fc)
		want, ok := decide(fc, 20000)
		if !ok {
			continue
		}
		decided++
		if want {
			wins++
		}
		for n := 0; !fc.Won() && n < 500; n++ {
			legal := fc.LegalMoves(nil)
			if len(legal) == 0 {
				break
			}
			fcRolloutChecks(t, fc)
			j := fc.SafeMove(legal)
			if j < 0 {
				j = fc.RolloutMove(legal)
			}
			mustApply(t, fc, legal[j])
		}
		if fc.Won() {
			if !want {
				t.Fatal("a playout won a position exhaustive search says is lost")
			}
			won++
		}
	}
	t.Logf("%d endgames decided (%d winnable), the heuristic alone won %d", decided, wins, won)
	if decided < 100 || won == 0 || won == wins && wins == decided {
		t.Fatalf("the check says too little: %d decided (%d winnable), %d won by the heuristic", decided, wins, won)
	}
}
