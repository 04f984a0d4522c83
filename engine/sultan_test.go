package engine

import (
	"slices"
	"testing"
)

// sultanPack crafts a Sultan deal: the setup cards first (the first K♥ is
// the Sultan), then the Divan cards, then the pack from its top.
func sultanPack(t *testing.T, divan, stock string) []Card {
	t.Helper()
	front := acs("KH KD KD' KS KS' KC KC' KH' AH")
	front = append(front, acs(divan)...)
	front = append(front, acs(stock)...)
	return craftPack(t, front)
}

func newSultanT(t *testing.T, pack []Card, opts Options) *sultan {
	t.Helper()
	g, err := sultanSpec().NewDeal(pack, opts)
	if err != nil {
		t.Fatal(err)
	}
	checkCards(t, g)
	return g.(*sultan)
}

func sulFound(c Card, from, to int) Move {
	return Move{Kind: MoveFoundation, From: uint8(from), To: uint8(to), Card: c, Card2: NoCard, Rule: sulRuleI}
}

var (
	sulDraw   = Move{Kind: MoveDraw, From: sulStock, To: sulTalon, Card: NoCard, Card2: NoCard, Rule: sulRuleDraw}
	sulRedeal = Move{Kind: MoveRedeal, From: sulTalon, To: sulStock, Card: NoCard, Card2: NoCard, Rule: sulRuleRedeal}
)

func TestSultanCatalog(t *testing.T) {
	s := sultanSpec()
	testCatalog(t, s, sulRuleI, sulRuleSetup, sulRuleSultan, sulRuleDivan, sulRuleDraw, sulRuleFill, sulRuleRedeal, sulRuleWin)
	if s.Book != "Pujol" || s.TitlesRU[0] != "Султан" {
		t.Errorf("book %q titles %v", s.Book, s.TitlesRU)
	}
	for _, r := range s.Rules {
		if r.Status == StatusBook && r.ID != sulRuleSultan && r.ID != sulRuleRedeal && r.ID != sulRuleWin {
			t.Errorf("%s: only the tail of the Sultan is in the book", r.ID)
		}
	}
	testMovesRuleIDs(t, s, nil)
	testMovesRuleIDs(t, s, Options{"shuffle": "on", "passes": "4"})
}

// The setup takes the eight kings and the first ace of hearts wherever they
// lie in the pack; the Divan is the first eight other cards.
func TestSultanDeal(t *testing.T) {
	// Setup cards scattered through the pack.
	front := acs("2C KH' 3C AH' 4C KD 5C AH KH")
	g := newSultanT(t, craftPack(t, front), nil)
	if got := pileCards(g, sulSultan); !slices.Equal(got, acs("KH'")) {
		t.Errorf("Sultan = %v, want the first K♥ of the pack", got)
	}
	if got := pileCards(g, sulF0+sulAceSlot); !slices.Equal(got, acs("AH'")) {
		t.Errorf("ace foundation = %v, want the first A♥", got)
	}
	if got := pileCards(g, sulF0+6); !slices.Equal(got, acs("KH")) {
		t.Errorf("F6 = %v, want the other K♥", got)
	}
	for f, s := range sulFoundationSuits {
		top := g.lay.top(sulF0 + f)
		want := King
		if f == sulAceSlot {
			want = Ace
		}
		if top.Suit() != s || top.Rank() != want || g.lay.size(sulF0+f) != 1 {
			t.Errorf("F%d = %v", f, pileCards(g, sulF0+f))
		}
	}
	wantDivan := acs("2C 3C 4C 5C AH AC 6C 7C") // the second A♥ is an ordinary card
	for i, c := range wantDivan {
		if got := pileCards(g, sulD0+i); !slices.Equal(got, []Card{c}) {
			t.Errorf("D%d = %v, want %v", i, got, c)
		}
	}
	stock := pileCards(g, sulStock)
	if len(stock) != 87 {
		t.Errorf("pack holds %d cards, want 87", len(stock))
	}
	for _, c := range stock {
		if c != NoCard {
			t.Fatalf("the pack shows %v", c)
		}
	}
	if g.Score() != 0 || g.Total() != 95 || g.Redeals() != 0 {
		t.Errorf("score %d/%d redeals %d", g.Score(), g.Total(), g.Redeals())
	}
}

// sultan/I: each king takes the ace of its suit, then 2 … Q; the A♥ takes
// 2 … Q of hearts; the Sultan takes nothing.
func TestSultanRuleI(t *testing.T) {
	pack := sultanPack(t, "AC 2C 2H AH' 3D QH AS 2S'", "2D 4S")
	g := newSultanT(t, pack, nil)
	aceC, c2, h2, ah2, qh := ac("AC"), ac("2C"), ac("2H"), ac("AH'"), ac("QH")
	mustIllegal(t, g, sulFound(c2, sulD0+1, sulF0+5), sulRuleI) // a king takes the ace first
	mustIllegal(t, g, sulFound(aceC, sulD0, sulF0+0), sulRuleI) // wrong suit
	mustIllegal(t, g, sulFound(ah2, sulD0+3, sulF0+sulAceSlot), sulRuleI)
	mustIllegal(t, g, sulFound(ah2, sulD0+3, sulSultan), sulRuleSultan) // nothing on the Sultan
	mustIllegal(t, g, sulFound(qh, sulD0+5, sulF0+6), sulRuleI)
	mustIllegal(t, g, sulFound(ac("3D"), sulD0+4, sulF0+0), sulRuleI) // the ace first
	// The ace of clubs may go on either king of clubs.
	mustLegal(t, g.Clone(), sulFound(aceC, sulD0, sulF0+7))
	mustLegal(t, g, sulFound(aceC, sulD0, sulF0+5))
	// D0 was refilled at once from the pack (no talon): 2D.
	if got := pileCards(g, sulD0); !slices.Equal(got, acs("2D")) {
		t.Fatalf("D0 after the play = %v, want 2♦ from the pack", got)
	}
	mustIllegal(t, g, sulFound(c2, sulD0+1, sulF0+7), sulRuleI) // the other king still wants its ace
	mustLegal(t, g, sulFound(c2, sulD0+1, sulF0+5))
	mustLegal(t, g, sulFound(h2, sulD0+2, sulF0+sulAceSlot))
	mustLegal(t, g, sulFound(ah2, sulD0+3, sulF0+6))
	// A card not on top of its pile, or claimed from the wrong pile.
	mustIllegal(t, g, sulFound(ac("AS"), sulD0+1, sulF0+3), sulRuleDivan)
	// The talon top is available, the pack is not.
	mustIllegal(t, g, sulFound(ac("4S"), sulStock, sulF0+3), sulRuleDraw)
	if g.Score() != 4 {
		t.Errorf("score %d, want 4", g.Score())
	}
}

// The Divan is refilled at once from the talon, or from the pack when there
// is no talon; a draw shows no card in the move.
func TestSultanDivanFillAndDraw(t *testing.T) {
	pack := sultanPack(t, "AC 5D 6D 7D 8D 9D TD JD", "3S 4S 5S")
	g := newSultanT(t, pack, nil)
	mustIllegal(t, g, Move{Kind: MoveDraw, From: sulStock, To: sulTalon, Card: ac("3S"), Card2: NoCard, Rule: sulRuleDraw}, sulRuleDraw)
	mustLegal(t, g, sulDraw)
	if got := pileCards(g, sulTalon); !slices.Equal(got, acs("3S")) {
		t.Fatalf("talon = %v", got)
	}
	mustLegal(t, g, sulFound(ac("AC"), sulD0, sulF0+5))
	if got := pileCards(g, sulD0); !slices.Equal(got, acs("3S")) {
		t.Fatalf("D0 = %v, want the talon top 3♠", got)
	}
	if n := len(pileCards(g, sulTalon)); n != 0 {
		t.Fatalf("talon has %d cards", n)
	}
	mustIllegal(t, g, sulRedeal, sulRuleRedeal) // the pack is not out
}

// sultan/redeal: three passes in all; unshuffled the pack comes back in the
// same order, shuffled (Cadogan) it comes back in an order fixed by the deal.
func TestSultanRedeal(t *testing.T) {
	pack := sultanPack(t, "5D 6D 7D 8D 9D TD JD QD", "")
	for _, tc := range []struct {
		opts   Options
		passes int
	}{{nil, 3}, {Options{"passes": "4"}, 4}, {Options{"shuffle": "on"}, 3}} {
		g := newSultanT(t, pack, tc.opts)
		first := g.FullPile(nil, sulStock)
		for pass := 1; pass <= tc.passes; pass++ {
			for !g.lay.empty(sulStock) {
				mustIllegal(t, g, sulRedeal, sulRuleRedeal)
				mustLegal(t, g, sulDraw)
			}
			mustIllegal(t, g, sulDraw, sulRuleDraw)
			if pass == tc.passes {
				mustIllegal(t, g, sulRedeal, sulRuleRedeal)
				break
			}
			mustLegal(t, g, sulRedeal)
			if g.Redeals() != pass {
				t.Fatalf("Redeals() = %d, want %d", g.Redeals(), pass)
			}
			again := g.FullPile(nil, sulStock)
			if tc.opts["shuffle"] == "on" {
				if slices.Equal(again, first) {
					t.Fatal("shuffled re-deal kept the order")
				}
				h := newSultanT(t, pack, tc.opts)
				for !h.lay.empty(sulStock) {
					mustLegal(t, h, sulDraw)
				}
				mustLegal(t, h, sulRedeal)
				if pass == 1 && !slices.Equal(h.FullPile(nil, sulStock), again) {
					t.Fatal("shuffled re-deal differs between two games of the same deal")
				}
			} else if !slices.Equal(again, first) {
				t.Fatalf("unshuffled re-deal changed the order:\n%v\n%v", first, again)
			}
		}
		if g.Ending() == Playing || g.Won() {
			t.Fatalf("game not lost after its passes\n%s", g)
		}
	}
}

// sultan/win: a pack in foundation order is won by playing every card.
func TestSultanWin(t *testing.T) {
	var order []Card
	for r := Ace; r <= Queen; r++ {
		for s := Clubs; s <= Spades; s++ {
			for d := 0; d < 2; d++ {
				c := NewCard(r, s, d)
				if c == ac("AH") {
					continue
				}
				order = append(order, c)
			}
		}
	}
	front := append(acs("KH KD KD' KS KS' KC KC' KH' AH"), order...)
	g := newSultanT(t, craftPack(t, front), nil)
	for g.Ending() == Playing {
		ms := g.LegalMoves(nil)
		m := ms[len(ms)-1]
		for _, x := range ms {
			if x.Kind == MoveFoundation {
				m = x
				break
			}
		}
		if err := g.Apply(m); err != nil {
			t.Fatal(err)
		}
	}
	if !g.Won() || g.Score() != 95 {
		t.Fatalf("not won: %d\n%s", g.Score(), g)
	}
	for f := sulF0; f < sulF0+8; f++ {
		if g.lay.top(f).Rank() != Queen {
			t.Errorf("%s ends on %v", g.PileName(f), g.lay.top(f))
		}
	}
	checkCards(t, g)
}

func TestSultanRandomPlayouts(t *testing.T) {
	s := sultanSpec()
	for _, o := range []Options{nil, {"shuffle": "on"}, {"passes": "4"}} {
		testRandomPlayouts(t, s, o, 200)
		testGameContract(t, s, o)
	}
}

func BenchmarkSultanRandom(b *testing.B) { benchRandom(b, sultanSpec(), nil) }

func TestSultanHooksOnWins(t *testing.T) {
	safe := checkHooksOnWins(t, sultanSpec(), 40, foundationFirst)
	t.Logf("%d safe moves checked on winnable positions", safe)
}

// The search key does not tell the two copies of a card or the places of
// the Divan apart, but does tell the passes and the talon order.
func TestSultanSearchKey(t *testing.T) {
	packA := sultanPack(t, "AC 5D 6D 7D 8D 9D TD JD", "3S 4S 5S")
	packB := slices.Clone(packA)
	for i, c := range packB { // swap the copies of A♣, 10♦ and 3♠
		if f := c.Face(); f == ac("AC").Face() || f == ac("TD").Face() || f == ac("3S").Face() {
			packB[i] = otherCopy(c)
		}
	}
	packB[9], packB[11], packB[16] = packB[11], packB[16], packB[9] // Divan places
	a, b := newSultanT(t, packA, nil), newSultanT(t, packB, nil)
	if a.String() == b.String() {
		t.Fatal("the test positions are the same")
	}
	if a.SearchKey() != b.SearchKey() {
		t.Errorf("copies and Divan places relabelled: keys differ")
	}
	c := newSultanT(t, sultanPack(t, "AC 5D 6D 7D 8D 9D TD JD", "4S 3S 5S"), nil)
	if a.SearchKey() == c.SearchKey() {
		t.Errorf("a different pack order gives the same key")
	}
	d := a.Clone().(*sultan)
	d.pass++
	if a.SearchKey() == d.SearchKey() {
		t.Errorf("the passes used are not in the key")
	}
}
