package engine

import (
	"slices"
	"testing"
)

var slDealMove = Move{Kind: MoveDeal, From: slStock, To: slKings, Card: NoCard, Card2: NoCard, Rule: slRuleDeal}

func slDeal(g *salicLaw) Move {
	m := slDealMove
	m.To = uint8(slKings + int(g.nk) - 1)
	return m
}

// slPosition builds a Salic Law position: king packets (king first),
// foundation heights (a foundation per entry), the stock (top last).
func slPosition(t *testing.T, opts Options, packets []string, heights []int, stock string) *salicLaw {
	t.Helper()
	gg, err := newSalicLaw(NewDeck(2), opts)
	if err != nil {
		t.Fatal(err)
	}
	g := gg.(*salicLaw)
	g.nk, g.kn, g.nf, g.fn, g.sn = 0, [8]uint8{}, 0, [8]uint8{}, 0
	for i, s := range packets {
		for _, c := range acs(s) {
			g.pk[i][g.kn[i]] = c
			g.kn[i]++
		}
		g.nk++
	}
	for f, h := range heights {
		for r := 0; r < h; r++ {
			g.found[f][r] = NewCard(Rank(r+1), Suit(f%4), 0)
		}
		g.fn[f] = uint8(h)
		g.nf++
	}
	for _, c := range acs(stock) {
		g.stock[g.sn] = c
		g.sn++
	}
	return g
}

func slMove(k MoveKind, from, to int, c string, rule RuleID) Move {
	return Move{Kind: k, From: uint8(from), To: uint8(to), Card: ac(c), Card2: NoCard, Rule: rule}
}

// "Берут из пачки в две колоды короля … пока не появится следующий король,
// который кладется рядом с первым"; aces go at once to the row above
// ("правило II": not taken out beforehand), queens to their own row.
func TestSalicLawDeal(t *testing.T) {
	pack := crafted(2, "5C 9D KH 7H KD AH QS 3D 2S AS' KS")
	gg, err := newSalicLaw(pack, nil)
	if err != nil {
		t.Fatal(err)
	}
	g := gg.(*salicLaw)
	if g.nk != 1 || g.pk[0][0] != ac("KH") || g.sn != 103 {
		t.Fatalf("setup: %d packets, K0 %v, stock %d", g.nk, g.pk[0][:g.kn[0]], g.sn)
	}
	if c := g.Pile(nil, slStock); len(c) != 103 || c[102] != NoCard {
		t.Fatal("the stock must be hidden")
	}
	for i := 0; i < 10; i++ {
		m := slDeal(g)
		wantLegal(t, g, m)
		mustApply(t, g, m)
	}
	// 5C 9D on KH; 7H on KH; KD opens K1; AH → F0; QS → queens; 3D 2S on
	// KD; AS' → F1; KS opens K2.
	if got := g.pk[0][:g.kn[0]]; !slices.Equal(got, acs("KH 5C 9D 7H")) {
		t.Errorf("K0 = %v", got)
	}
	if got := g.pk[1][:g.kn[1]]; !slices.Equal(got, acs("KD 3D 2S")) {
		t.Errorf("K1 = %v", got)
	}
	if g.nk != 3 || g.pk[2][0] != ac("KS") || g.kn[2] != 1 {
		t.Errorf("K2 = %v", g.pk[2][:g.kn[2]])
	}
	if g.nf != 2 || g.found[0][0] != ac("AH") || g.found[1][0] != ac("AS'") {
		t.Errorf("foundations %v %v", g.found[0][:g.fn[0]], g.found[1][:g.fn[1]])
	}
	if g.qn != 1 || g.queens[0] != ac("QS") {
		t.Errorf("queens %v", g.queens[:g.qn])
	}
	// Cards are dealt on the last king only.
	wantIllegal(t, g, Move{Kind: MoveDeal, From: slStock, To: slKings, Card: NoCard, Card2: NoCard, Rule: slRuleDeal})
	if err := checkConservation(g, 2); err != nil {
		t.Fatal(err)
	}
	// After the eighth king every card goes on it.
	g = slPosition(t, nil, []string{"KC", "KC'", "KD", "KD'", "KH", "KH'", "KS", "KS'"}, nil, "4C 6D")
	mustApply(t, g, slDeal(g))
	mustApply(t, g, slDeal(g))
	if got := g.pk[7][:g.kn[7]]; !slices.Equal(got, acs("KS' 6D 4C")) {
		t.Errorf("K7 = %v", got)
	}
}

// Rule I (surface only) and rule II (up to the jack, suits ignored).
func TestSalicLawFoundation(t *testing.T) {
	g := slPosition(t, nil, []string{"KC 2D 3H", "KD 2S", "KH 4C"}, []int{1, 2}, "5C")
	wantLegal(t, g, slMove(MoveFoundation, slKings+1, 0, "2S", slRuleII))   // suits not followed
	wantLegal(t, g, slMove(MoveFoundation, slKings+0, 1, "3H", slRuleII))   // on the 2 of F1
	wantIllegal(t, g, slMove(MoveFoundation, slKings+0, 0, "2D", slRuleII)) // not on the surface
	wantIllegal(t, g, slMove(MoveFoundation, slKings+2, 0, "4C", slRuleII)) // out of order
	wantIllegal(t, g, slMove(MoveFoundation, slKings+1, 2, "2S", slRuleII)) // no ace there yet
	wantIllegal(t, g, slMove(MoveFoundation, slKings+1, 0, "2S", slRuleKingFill))
	wantIllegal(t, g, slMove(MoveFoundation, slKings+2, 0, "KH", slRuleII)) // the king stays
	// Foundations end at the jack: the jack goes, nothing after it.
	g = slPosition(t, nil, []string{"KC JD", "KD QS"}, []int{10, 11}, "")
	wantLegal(t, g, slMove(MoveFoundation, slKings+0, 0, "JD", slRuleII))
	wantIllegal(t, g, slMove(MoveFoundation, slKings+1, 1, "QS", slRuleII))
}

// "когда пасьянс окончен, то дозволяется одну карту из какой бы то ни было
// пачки … класть на свободного короля".
func TestSalicLawKingFill(t *testing.T) {
	packets := []string{"KC 5D 9H", "KD", "KH 7S"}
	fill := slMove(MoveFill, slKings+0, slKings+1, "9H", slRuleKingFill)
	during := slPosition(t, nil, packets, []int{1}, "2C")
	wantIllegal(t, during, fill) // the deal is not ended
	any := slPosition(t, Options{"king-fill": "any-time"}, packets, []int{1}, "2C")
	wantLegal(t, any, fill)
	g := slPosition(t, nil, packets, []int{1}, "")
	wantLegal(t, g, fill)
	wantIllegal(t, g, slMove(MoveFill, slKings+0, slKings+2, "9H", slRuleKingFill)) // K2 is not bare
	wantIllegal(t, g, slMove(MoveFill, slKings+2, slKings+1, "7S", slRuleKingFill)) // cycle rule
	wantIllegal(t, g, slMove(MoveFill, slKings+0, slKings+1, "9H", slRuleII))
	wantIllegal(t, g, slMove(MoveBuild, slKings+0, slKings+1, "9H", slRuleKingFill))
	mustApply(t, g, fill)
	wantIllegal(t, g, slMove(MoveFill, slKings+0, slKings+1, "5D", slRuleKingFill)) // one card per king
	// A freed king may be filled again (default) but not with king-refill=once.
	for _, refill := range []string{"again", "once"} {
		g := slPosition(t, Options{"king-refill": refill}, []string{"KC 5D 9H 2S", "KD"}, []int{1}, "")
		mustApply(t, g, slMove(MoveFill, slKings+0, slKings+1, "2S", slRuleKingFill))
		mustApply(t, g, slMove(MoveFoundation, slKings+1, 0, "2S", slRuleII))
		again := slMove(MoveFill, slKings+0, slKings+1, "9H", slRuleKingFill)
		if refill == "again" {
			wantLegal(t, g, again)
		} else {
			wantIllegal(t, g, again)
		}
	}
}

// "Вторично пасьянс не раскладывается": when the deal is over and nothing
// can move, the game is over.
func TestSalicLawNoRedealAndWin(t *testing.T) {
	g := slPosition(t, nil, []string{"KC 5D", "KD 9S"}, []int{1}, "")
	if g.Ending() == Playing || g.Won() {
		t.Fatal("a blocked game must be over and lost")
	}
	g = slPosition(t, nil, []string{"KC JD"}, []int{11, 11, 11, 11, 11, 11, 11, 10}, "")
	mustApply(t, g, slMove(MoveFoundation, slKings, 7, "JD", slRuleII))
	if !g.Won() || g.Ending() == Playing || g.Score() != 88 {
		t.Fatalf("won %v score %d", g.Won(), g.Score())
	}
}
