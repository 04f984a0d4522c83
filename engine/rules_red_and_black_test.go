package engine

import (
	"slices"
	"testing"
)

// rbPosition builds a Red and Black position by hand: tableau piles, talon
// and stock (top last) as ASCII cards, foundation heights per F0–F7. A pile
// given as "" holds a king of spades from deck 1 (gaps would be refilled
// at once).
func rbPosition(t *testing.T, opts Options, tab [8]string, talon, stock string, heights [8]int) *redAndBlack {
	t.Helper()
	gg, err := newRedAndBlack(NewDeck(2), opts)
	if err != nil {
		t.Fatal(err)
	}
	g := gg.(*redAndBlack)
	g.tn, g.sn, g.wn = [8]uint8{}, 0, 0
	for i, s := range tab {
		if s == "" {
			s = "KS'"
		}
		for _, c := range acs(s) {
			g.tab[i][g.tn[i]] = c
			g.tn[i]++
		}
	}
	for _, c := range acs(talon) {
		g.talon[g.wn] = c
		g.wn++
	}
	for _, c := range acs(stock) {
		g.stock[g.sn] = c
		g.sn++
	}
	for f, h := range heights {
		g.fn[f] = uint8(h)
		for r := 0; r < h; r++ {
			g.found[f][r] = NewCard(Rank(r+1), Suit(f/2), f%2)
		}
	}
	return g
}

func rbMove(k MoveKind, from, to int, c string, rule RuleID) Move {
	m := Move{Kind: k, From: uint8(from), To: uint8(to), Card: NoCard, Card2: NoCard, Rule: rule}
	if c != "" {
		m.Card = ac(c)
	}
	return m
}

var rbAces = [8]int{1, 1, 1, 1, 1, 1, 1, 1}

// Setup: "выбираются все 8 тузов и кладутся в один ряд … под тузами
// кладется в ряд 8 карт".
func TestRedAndBlackSetup(t *testing.T) {
	pack := crafted(2, "9H AC 2S' KD AS' 5C 6C 7C 8C 9C TC JC QC")
	g, err := newRedAndBlack(pack, nil)
	if err != nil {
		t.Fatal(err)
	}
	rb := g.(*redAndBlack)
	for f := 0; f < 8; f++ {
		if rb.fn[f] != 1 || rb.found[f][0].Rank() != Ace || int(rb.found[f][0].Suit()) != f/2 {
			t.Errorf("F%d = %v, want its ace", f, rb.found[f][:rb.fn[f]])
		}
	}
	want := acs("9H 2S' KD 5C 6C 7C 8C 9C")
	for i, c := range want {
		if rb.tn[i] != 1 || rb.tab[i][0] != c {
			t.Errorf("T%d = %v, want %s", i, rb.tab[i][:rb.tn[i]], c)
		}
	}
	if rb.sn != 96-8 || rb.stock[rb.sn-1] != ac("TC") {
		t.Errorf("stock has %d cards, top %s; want 88, TC", rb.sn, rb.stock[rb.sn-1])
	}
	if _, err := newRedAndBlack(pack[:50], nil); err == nil {
		t.Error("short pack accepted")
	}
}

// Foundations: "На каждого туза кладутся карты его же масти", up in order.
func TestRedAndBlackFoundation(t *testing.T) {
	g := rbPosition(t, nil, [8]string{"KD 2C", "3C", "2D", "QS"}, "2H", "5S", rbAces)
	wantLegal(t, g, rbMove(MoveFoundation, rbTab+0, 0, "2C", rbRuleFoundation))
	wantLegal(t, g, rbMove(MoveFoundation, rbTab+0, 1, "2C", rbRuleFoundation)) // either clubs ace
	wantLegal(t, g, rbMove(MoveFoundation, rbTalon, 4, "2H", rbRuleFoundation))
	wantIllegal(t, g, rbMove(MoveFoundation, rbTab+2, 0, "2D", rbRuleFoundation)) // wrong suit
	wantIllegal(t, g, rbMove(MoveFoundation, rbTab+1, 0, "3C", rbRuleFoundation)) // out of order
	wantIllegal(t, g, rbMove(MoveFoundation, rbTab+0, 2, "KD", rbRuleFoundation)) // not the top
	wantIllegal(t, g, rbMove(MoveFoundation, rbTab+0, 0, "2C", rbRuleBuild))      // wrong rule ID
	wantIllegal(t, g, rbMove(MoveFoundation, rbStock, 6, "5S", rbRuleFoundation)) // stock is hidden
	mustApply(t, g, rbMove(MoveFoundation, rbTab+0, 0, "2C", rbRuleFoundation))
	wantLegal(t, g, rbMove(MoveFoundation, rbTab+1, 0, "3C", rbRuleFoundation))
	wantIllegal(t, g, rbMove(MoveFoundation, rbTab+1, 1, "3C", rbRuleFoundation))
}

// Gaps: "пробел этот тотчас же заполняется из колоды"; from the talon when
// the pack is out (GAMES.md §14.11).
func TestRedAndBlackFill(t *testing.T) {
	g := rbPosition(t, nil, [8]string{"2C", "9S"}, "4H", "6D 7D", rbAces)
	mustApply(t, g, rbMove(MoveFoundation, rbTab+0, 0, "2C", rbRuleFoundation))
	if g.tn[0] != 1 || g.tab[0][0] != ac("7D") || g.sn != 1 {
		t.Fatalf("T0 = %v, stock %d; want the pack's top 7D", g.tab[0][:g.tn[0]], g.sn)
	}
	g = rbPosition(t, nil, [8]string{"2C", "9S"}, "8H 4H", "", rbAces)
	mustApply(t, g, rbMove(MoveFoundation, rbTab+0, 0, "2C", rbRuleFoundation))
	if g.tn[0] != 1 || g.tab[0][0] != ac("4H") || g.wn != 1 {
		t.Fatalf("T0 = %v; want the talon's top 4H", g.tab[0][:g.tn[0]])
	}
	// A gap made by a shift is filled as well.
	g = rbPosition(t, nil, [8]string{"8H", "9S"}, "", "6D", rbAces)
	mustApply(t, g, rbMove(MoveBuild, rbTab+0, rbTab+1, "8H", rbRuleShift))
	if g.tn[0] != 1 || g.tab[0][0] != ac("6D") {
		t.Fatalf("T0 = %v; want 6D", g.tab[0][:g.tn[0]])
	}
}

// The pack is turned to the side one card at a time (a hidden draw).
func TestRedAndBlackDraw(t *testing.T) {
	g := rbPosition(t, nil, [8]string{"KC"}, "", "5S 6H", rbAces)
	m := rbMove(MoveDraw, rbStock, rbTalon, "", rbRuleDraw)
	wantLegal(t, g, m)
	wantIllegal(t, g, rbMove(MoveDraw, rbStock, rbTalon, "6H", rbRuleDraw)) // would leak the card
	wantIllegal(t, g, rbMove(MoveDraw, rbStock, rbTab, "", rbRuleDraw))
	mustApply(t, g, m)
	if g.talonTop() != ac("6H") {
		t.Fatalf("talon top %s, want 6H", g.talonTop())
	}
	mustApply(t, g, m)
	wantIllegal(t, g, m)
}

// Building: "по нисходящему порядку … красная на черную, черная на красную".
func TestRedAndBlackBuild(t *testing.T) {
	g := rbPosition(t, nil, [8]string{"8S", "8D", "9C", "KH"}, "7H", "", rbAces)
	wantLegal(t, g, rbMove(MoveBuild, rbTalon, rbTab+0, "7H", rbRuleBuild))
	wantIllegal(t, g, rbMove(MoveBuild, rbTalon, rbTab+1, "7H", rbRuleBuild)) // same colour
	wantIllegal(t, g, rbMove(MoveBuild, rbTalon, rbTab+2, "7H", rbRuleBuild)) // not next rank
	wantIllegal(t, g, rbMove(MoveBuild, rbTalon, rbTab+0, "7H", rbRuleShift)) // wrong rule
	g.tn[4] = 0
	wantIllegal(t, g, rbMove(MoveBuild, rbTalon, rbTab+4, "7H", rbRuleBuild)) // empty place
	g2 := rbPosition(t, nil, [8]string{"KH"}, "QS", "", rbAces)
	wantLegal(t, g2, rbMove(MoveBuild, rbTalon, rbTab+0, "QS", rbRuleBuild)) // "на красного короля черную даму"
}

// Shifting between the eight piles: single cards by default, sequences as
// a variant.
func TestRedAndBlackShift(t *testing.T) {
	tab := [8]string{"9S 8H 7C", "8D", "9D", "KC"}
	g := rbPosition(t, nil, tab, "", "", rbAces)
	wantLegal(t, g, rbMove(MoveBuild, rbTab+0, rbTab+1, "7C", rbRuleShift))
	wantIllegal(t, g, rbMove(MoveBuild, rbTab+0, rbTab+2, "8H", rbRuleShift)) // under the top
	wantIllegal(t, g, rbMove(MoveBuild, rbTab+0, rbTab+0, "7C", rbRuleShift))
	seq := rbPosition(t, Options{"moves": "sequence"}, tab, "", "", rbAces)
	wantIllegal(t, seq, rbMove(MoveBuild, rbTab+0, rbTab+2, "8H", rbRuleShift)) // 8H on 9D: same colour
	seq = rbPosition(t, Options{"moves": "sequence"}, [8]string{"9S 8H 7C", "8D", "9C"}, "", "", rbAces)
	wantLegal(t, seq, rbMove(MoveBuild, rbTab+0, rbTab+2, "8H", rbRuleShift))
	mustApply(t, seq, rbMove(MoveBuild, rbTab+0, rbTab+2, "8H", rbRuleShift))
	if got := seq.tab[2][:seq.tn[2]]; !slices.Equal(got, acs("9C 8H 7C")) {
		t.Fatalf("T2 = %v", got)
	}
	// A broken run does not move as a sequence.
	seq = rbPosition(t, Options{"moves": "sequence"}, [8]string{"9S 8H 7H", "9C"}, "", "", rbAces)
	wantIllegal(t, seq, rbMove(MoveBuild, rbTab+0, rbTab+1, "8H", rbRuleShift))
}

// Cycle rule: at most rbIdleLimit shifts in a row.
func TestRedAndBlackCycle(t *testing.T) {
	g := rbPosition(t, nil, [8]string{"9S 8H", "9C", "KC"}, "", "2D", rbAces)
	a := rbMove(MoveBuild, rbTab+0, rbTab+1, "8H", rbRuleShift)
	b := rbMove(MoveBuild, rbTab+1, rbTab+0, "8H", rbRuleShift)
	for i := 0; i < rbIdleLimit; i++ {
		if i%2 == 0 {
			mustApply(t, g, a)
		} else {
			mustApply(t, g, b)
		}
	}
	wantIllegal(t, g, a)
	wantIllegal(t, g, b)
	mustApply(t, g, rbMove(MoveDraw, rbStock, rbTalon, "", rbRuleDraw))
	wantLegal(t, g, a)
}

// Redeal: "остатки колоды … допускается прометать еще раз в том же
// порядке" — once, unshuffled by default.
func TestRedAndBlackRedeal(t *testing.T) {
	g := rbPosition(t, nil, [8]string{"KC"}, "5S 6H 7D", "", rbAces)
	m := rbMove(MoveRedeal, rbTalon, rbStock, "", rbRuleRedeal)
	wantLegal(t, g, m)
	mustApply(t, g, m)
	if g.sn != 3 || g.wn != 0 || g.stock[2] != ac("5S") || g.Redeals() != 1 {
		t.Fatalf("after redeal: stock %v (top last), want 5S on top", g.stock[:g.sn])
	}
	draw := rbMove(MoveDraw, rbStock, rbTalon, "", rbRuleDraw)
	for i := 0; i < 3; i++ {
		mustApply(t, g, draw)
	}
	if g.talonTop() != ac("7D") {
		t.Fatalf("second pass order differs: talon %v", g.talon[:g.wn])
	}
	wantIllegal(t, g, m) // only one redeal
	if g.Ending() == Playing {
		t.Error("no move left, but not over")
	}
	g = rbPosition(t, nil, [8]string{"KC"}, "5S", "6H", rbAces)
	wantIllegal(t, g, m) // pack not out
	g = rbPosition(t, Options{"redeal": "shuffled"}, [8]string{"KC"}, "2S 3S 4S 5S 6S 7S 8S 9S", "", rbAces)
	mustApply(t, g, m)
	got := append([]Card(nil), g.stock[:g.sn]...)
	slices.Sort(got)
	if !slices.Equal(got, acs("2S 3S 4S 5S 6S 7S 8S 9S")) {
		t.Fatalf("shuffled redeal lost cards: %v", got)
	}
}

// Win: all eight foundations reach the king.
func TestRedAndBlackWin(t *testing.T) {
	h := [8]int{13, 13, 13, 13, 13, 13, 13, 12}
	g := rbPosition(t, nil, [8]string{"KS'"}, "", "", h)
	if g.Won() {
		t.Fatal("won too early")
	}
	mustApply(t, g, rbMove(MoveFoundation, rbTab+0, 7, "KS'", rbRuleFoundation))
	if !g.Won() || g.Ending() == Playing || g.Score() != 104 {
		t.Fatalf("won %v over %v score %d", g.Won(), (g.Ending() != Playing), g.Score())
	}
}
