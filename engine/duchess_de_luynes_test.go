package engine

import (
	"math/bits"
	"slices"
	"testing"
)

// Positions and crafted packs for duchess-de-luynes. Piles: P0–P3 (0–3),
// reserve 4, F0–F7 (5–12; F(2s) ace pile of suit s, F(2s+1) king pile),
// stock 13.

func newDLT(t *testing.T, top string, opts Options) *duchess {
	t.Helper()
	g, err := duchessSpec().NewDeal(crafted(2, top), opts)
	if err != nil {
		t.Fatal(err)
	}
	return g.(*duchess)
}

// dlPos builds a position: packets and reserve (bottom first), foundation
// heights, stock (top first); the cards placed nowhere take no part.
func dlPos(t *testing.T, opts Options, packets [4]string, reserve string, heights [8]int, stock string) *duchess {
	t.Helper()
	g := newDLT(t, "", opts)
	pl := newPlacer(t, &g.lay)
	for p, s := range packets {
		pl.putAll(p, s)
	}
	pl.putAll(dlReserve, reserve)
	pl.stock(dlStock, stock)
	pl.pairHeights(dlFound, heights)
	g.sync()
	return g
}

func dlPlay(from, f int, c string, rule RuleID) Move {
	return Move{Kind: MoveFoundation, From: uint8(from), To: uint8(dlFound + f), Card: ac(c), Card2: NoCard, Rule: rule}
}

var (
	dlDealMove   = Move{Kind: MoveDeal, From: dlStock, To: dlStock, Card: NoCard, Card2: NoCard, Rule: dlRuleDeal}
	dlRedealMove = Move{Kind: MoveRedeal, From: dlStock, To: dlStock, Card: NoCard, Card2: NoCard, Rule: dlRuleRedeal}
	dlOnes       = [8]int{1, 1, 1, 1, 1, 1, 1, 1}
)

// The deal: each round a card face up on each packet, covering the last
// round, and two face down to the reserve.
func TestDuchessDeal(t *testing.T) {
	g := newDLT(t, "5C 6C 7C 8C 2D 3D 9C TC JC QC 4D 5D", nil)
	for p, c := range acs("5C 6C 7C 8C") {
		if g.lay.top(p) != c {
			t.Fatalf("P%d top %s, want %s", p, g.lay.top(p), c)
		}
	}
	if got := g.FullPile(nil, dlReserve); len(got) != 2 || got[0] != ac("2D") || got[1] != ac("3D") {
		t.Fatalf("reserve %v, want 2♦ 3♦", got)
	}
	if vis := g.Pile(nil, dlReserve); len(vis) != 2 || vis[0] != NoCard || vis[1] != NoCard {
		t.Fatalf("the reserve must be face down: %v", vis)
	}
	mustApply(t, g, dlDealMove)
	if g.lay.size(0) != 2 || g.lay.top(0) != ac("9C") || g.lay.top(3) != ac("QC") || g.lay.size(dlReserve) != 4 {
		t.Fatalf("second round wrong: %v", g)
	}
	if err := checkConservation(g, 2); err != nil {
		t.Fatal(err)
	}
}

// The foundations: the first ace and king of a suit go to their fixed
// places (aces above, kings below); the piles follow suit (Rule II), aces
// up and kings down; only packet tops are available (Rule I).
func TestDuchessFoundationsAndRuleI(t *testing.T) {
	g := dlPos(t, nil, [4]string{"2H AH", "KS", "5C QS", "AD"}, "", [8]int{}, "9C 9C' 9D 9D' 9H 9H'")
	wantLegal(t, g, dlPlay(0, 4, "AH", dlRuleFoundation))
	wantIllegal(t, g, dlPlay(0, 4, "AH", dlRuleI))
	wantIllegal(t, g, dlPlay(0, 5, "AH", dlRuleFoundation)) // an ace goes above
	wantLegal(t, g, dlPlay(1, 7, "KS", dlRuleFoundation))
	wantIllegal(t, g, dlPlay(1, 6, "KS", dlRuleFoundation))
	wantIllegal(t, g, dlPlay(0, 4, "2H", dlRuleI)) // not the top
	mustApply(t, g, dlPlay(0, 4, "AH", dlRuleFoundation))
	wantLegal(t, g, dlPlay(0, 4, "2H", dlRuleI))
	wantIllegal(t, g, dlPlay(0, 4, "2H", dlRuleFoundation))
	mustApply(t, g, dlPlay(1, 7, "KS", dlRuleFoundation))
	wantLegal(t, g, dlPlay(2, 7, "QS", dlRuleI))   // kings go down in suit
	wantIllegal(t, g, dlPlay(2, 5, "QS", dlRuleI)) // not on another suit's king
	wantIllegal(t, g, dlPlay(3, 5, "AD", dlRuleI))
}

// Vacancies: an emptied packet waits for the next round.
func TestDuchessVacancy(t *testing.T) {
	g := dlPos(t, nil, [4]string{"2H", "9S", "9S'", "9D"}, "", dlOnes, "5C 6C 7C 8C 4D 4D'")
	mustApply(t, g, dlPlay(0, 4, "2H", dlRuleI))
	for _, m := range g.LegalMoves(nil) {
		if m.To == 0 {
			t.Fatalf("a move fills the vacancy: %v", m)
		}
	}
	wantLegal(t, g, dlDealMove)
	mustApply(t, g, dlDealMove)
	if g.lay.size(0) != 1 || g.lay.top(0) != ac("5C") {
		t.Fatalf("the next round must fill P0: %v", g.FullPile(nil, 0))
	}
}

// The reserve: face down and closed while the pack lasts, then every card of
// it available; variant reserve=top keeps it face up with its top available.
func TestDuchessReserve(t *testing.T) {
	g := dlPos(t, nil, [4]string{"9S", "9S'", "9D", "9D'"}, "2H 5C 2C", dlOnes, "8C")
	wantIllegal(t, g, dlPlay(dlReserve, 4, "2H", dlRuleReserve))
	wantIllegal(t, g, dlPlay(dlReserve, 0, "2C", dlRuleReserve))
	mustApply(t, g, dlDealMove)
	if !g.lay.empty(dlStock) {
		t.Fatal("stock not out")
	}
	wantLegal(t, g, dlPlay(dlReserve, 4, "2H", dlRuleReserve)) // bottom card too
	wantLegal(t, g, dlPlay(dlReserve, 0, "2C", dlRuleReserve))
	wantIllegal(t, g, dlPlay(dlReserve, 0, "5C", dlRuleReserve))
	wantIllegal(t, g, dlPlay(dlReserve, 4, "2H", dlRuleI))
	mustApply(t, g, dlPlay(dlReserve, 4, "2H", dlRuleReserve))
	if got := g.FullPile(nil, dlReserve); len(got) != 2 || got[0] != ac("5C") || got[1] != ac("2C") {
		t.Fatalf("reserve %v after removing 2♥", got)
	}
	top := dlPos(t, Options{"reserve": "top"}, [4]string{"9S", "9S'", "9D", "9D'"}, "2H 5C 2C", dlOnes, "8C")
	wantLegal(t, top, dlPlay(dlReserve, 0, "2C", dlRuleReserve))
	wantIllegal(t, top, dlPlay(dlReserve, 4, "2H", dlRuleReserve))
	if vis := top.Pile(nil, dlReserve); vis[0] != ac("2H") {
		t.Fatalf("variant top: the reserve is face up: %v", vis)
	}
}

// Redeals: three, when the pack is out; P0…P3 gathered in turn with the
// reserve beneath; no reserve on the fourth deal.
func TestDuchessRedeal(t *testing.T) {
	for _, reversed := range []bool{false, true} {
		opts := Options{}
		if reversed {
			opts["gather"] = "reversed"
		}
		g := dlPos(t, opts, [4]string{"5C 6C", "7C", "", "8C 9C"}, "TC JC", dlOnes, "")
		wantLegal(t, g, dlRedealMove)
		mustApply(t, g, dlRedealMove)
		// New pack: 5♣ 6♣ 7♣ 8♣ 9♣ 10♣ J♣; the first round is dealt at once.
		want := [4]Card{ac("5C"), ac("6C"), ac("7C"), ac("8C")}
		res := acs("9C TC")
		if reversed {
			want = [4]Card{ac("6C"), ac("5C"), ac("7C"), ac("9C")}
			res = acs("8C JC")
		}
		for p := range want {
			if g.lay.top(p) != want[p] {
				t.Fatalf("reversed=%v: P%d = %v, want %s", reversed, p, g.FullPile(nil, p), want[p])
			}
		}
		if got := g.FullPile(nil, dlReserve); len(got) != 2 || got[0] != res[0] || got[1] != res[1] || g.redeals != 1 {
			t.Fatalf("reversed=%v: reserve %v, want %v", reversed, got, res)
		}
	}
	g := dlPos(t, nil, [4]string{"5C 6C", "7C", "", "8C 9C"}, "TC JC", dlOnes, "")
	wantIllegal(t, g, dlPlay(dlReserve, 0, "TC", dlRuleReserve))
	g.redeals = 2
	mustApply(t, g, dlRedealMove)
	if g.redeals != 3 || !g.lay.empty(dlReserve) || g.lay.size(0) != 1 || g.lay.size(dlStock) != 3 {
		t.Fatalf("the fourth deal puts nothing in the reserve: %v", g)
	}
	mustApply(t, g, dlDealMove)
	if !g.lay.empty(dlStock) || !g.lay.empty(dlReserve) || g.lay.top(2) != ac("JC") {
		t.Fatalf("the fourth deal puts nothing in the reserve: %v", g)
	}
	wantIllegal(t, g, dlRedealMove)
	if g.Ending() == Playing || g.Won() {
		t.Fatal("no redeal left and no play: over")
	}
	// Not while the pack lasts.
	h := dlPos(t, nil, [4]string{"5C", "7C", "", ""}, "", dlOnes, "8C")
	wantIllegal(t, h, dlRedealMove)
}

func TestDuchessWin(t *testing.T) {
	g := dlPos(t, nil, [4]string{"", "", "", ""}, "AS'", [8]int{13, 13, 13, 13, 13, 13, 13, 12}, "")
	mustApply(t, g, dlPlay(dlReserve, 7, "AS'", dlRuleReserve))
	if !g.Won() || g.Ending() == Playing || g.Score() != 104 {
		t.Fatalf("want won: %v", g)
	}
}

// TestDuchessFacts checks that the facts the Duchess keeps move by move
// (score, the foundations that take each card, the reserve's cards, their
// places and which of them a foundation takes) equal those computed from
// the layout, and LegalMoves the moves derived from the layout alone
// (dlMovesRef, order included), at every position of random playouts of
// every variant, with the hidden cards now and then determinized.
func TestDuchessFacts(t *testing.T) {
	deals := 150
	if testing.Short() {
		deals = 30
	}
	for _, o := range variantOptions(duchessSpec()) {
		var legal []Move
		for seed := uint64(1); seed <= uint64(deals); seed++ {
			g0, err := duchessSpec().New(seed, o)
			if err != nil {
				t.Fatal(err)
			}
			g := g0.(*duchess)
			r := NewRand(seed)
			for n := 0; ; n++ {
				c := *g
				c.sync()
				if c.score != g.score || c.fit != g.fit || c.res != g.res {
					t.Fatalf("%v seed %d move %d: kept score %d fit %v reserve %x, from the layout %d %v %x", o, seed, n, g.score, g.fit, g.res, c.score, c.fit, c.res)
				}
				if kept, want := dlFitting(g), dlFitting(&c); !slices.Equal(kept, want) {
					t.Fatalf("%v seed %d move %d: the reserve's cards a foundation takes %v, from the layout %v", o, seed, n, kept, want)
				}
				if placed, want := dlPlaced(g), g.lay.appendPile(nil, dlReserve); !slices.Equal(placed, want) {
					t.Fatalf("%v seed %d move %d: the reserve's places hold %v, the reserve %v", o, seed, n, placed, want)
				}
				prev := -1 // the reserve's places, bottom first, rise
				for _, x := range g.lay.appendPile(nil, dlReserve) {
					if int(g.seq[x]) <= prev || g.slot[g.seq[x]] != x {
						t.Fatalf("%v seed %d move %d: the reserve's places %v do not rise, or do not hold their cards", o, seed, n, g.lay.appendPile(nil, dlReserve))
					}
					prev = int(g.seq[x])
				}
				legal = g.LegalMoves(legal[:0])
				if want := dlMovesRef(g); !slices.Equal(legal, want) {
					t.Fatalf("%v seed %d move %d: LegalMoves\n%v\nwant (from the layout)\n%v", o, seed, n, legal, want)
				}
				if (len(legal) > 0) != g.anyMove() {
					t.Fatalf("%v seed %d move %d: anyMove %v with %d legal moves", o, seed, n, g.anyMove(), len(legal))
				}
				if len(legal) == 0 {
					break
				}
				if r.IntN(10) == 0 {
					g.Determinize(r)
				}
				if err := g.Apply(legal[r.IntN(len(legal))]); err != nil {
					t.Fatal(err)
				}
			}
		}
	}
}

// dlPlaced returns the cards of the reserve's places that resAt marks,
// bottom first.
func dlPlaced(g *duchess) []Card {
	var out []Card
	for m := g.resAt; m != 0; m &= m - 1 {
		out = append(out, g.slot[bits.TrailingZeros64(m)])
	}
	return out
}

// dlFitting returns the reserve's cards that resFit marks, bottom first.
func dlFitting(g *duchess) []Card {
	var out []Card
	for m := g.resFit; m != 0; m &= m - 1 {
		out = append(out, g.slot[bits.TrailingZeros64(m)])
	}
	return out
}

// dlMovesRef derives the Duchess's legal moves from the layout: the packet
// tops P0 … P3 to the foundations that take them (F0 first), then the
// available reserve cards bottom first (every one once the stock is out,
// the top alone with reserve=top), then the deal or, once the stock is
// out, the redeal while one is left.
func dlMovesRef(g *duchess) []Move {
	var out []Move
	if g.Won() {
		return out
	}
	plays := func(from int, c Card, rule func(f int) RuleID) {
		for f := 0; f < 8; f++ {
			if g.fits(f, c) {
				out = append(out, Move{Kind: MoveFoundation, From: uint8(from), To: uint8(dlFound + f), Card: c, Card2: NoCard, Rule: rule(f)})
			}
		}
	}
	for p := 0; p < dlPackets; p++ {
		plays(p, g.lay.top(p), func(f int) RuleID {
			if g.lay.empty(dlFound + f) {
				return dlRuleFoundation
			}
			return dlRuleI
		})
	}
	reserve := func(int) RuleID { return dlRuleReserve }
	switch {
	case g.r.reserveTop:
		plays(dlReserve, g.lay.top(dlReserve), reserve)
	case g.lay.empty(dlStock):
		for _, c := range g.lay.appendPile(nil, dlReserve) {
			plays(dlReserve, c, reserve)
		}
	}
	switch {
	case !g.lay.empty(dlStock):
		out = append(out, Move{Kind: MoveDeal, From: dlStock, To: dlStock, Card: NoCard, Card2: NoCard, Rule: dlRuleDeal})
	case g.redeals < dlRedeals:
		out = append(out, Move{Kind: MoveRedeal, From: dlStock, To: dlStock, Card: NoCard, Card2: NoCard, Rule: dlRuleRedeal})
	}
	return out
}
