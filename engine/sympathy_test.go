package engine

import (
	"slices"
	"testing"
)

// syPack builds a pack from the two partners' decks in dealing order.
func syPack(d0, d1 []Card) []Card { return append(slices.Clone(d0), d1...) }

func syDeckOrder(deck int) []Card {
	d := make([]Card, CardsPerDeck)
	for i := range d {
		d[i] = Card(deck*CardsPerDeck + i)
	}
	return d
}

func newSympathyT(t *testing.T, pack []Card) *SympathyGame {
	t.Helper()
	g, err := sympathySpec().NewDeal(pack, nil)
	if err != nil {
		t.Fatal(err)
	}
	checkCards(t, g)
	return g.(*SympathyGame)
}

func syTurn(k int) Move {
	return Move{Kind: MoveDraw, From: uint8(k), To: uint8(k), Card: NoCard, Card2: NoCard, Rule: syRuleTurn}
}

func syPair(c Card, from, to int) Move {
	return Move{Kind: MovePair, From: uint8(from), To: uint8(to), Card: c, Card2: syTwin(c), Rule: syRulePair}
}

func TestSympathyCatalog(t *testing.T) {
	s := sympathySpec()
	testCatalog(t, s, syRuleDeal, syRuleGrace, syRuleDecks, syRuleTurn, syRulePair, syRuleFollow, syRuleAlternate, syRuleWin)
	if s.Players != 2 {
		t.Errorf("players = %d", s.Players)
	}
	testMovesRuleIDs(t, s, nil)
}

// sympathy/deal and /grace: seventeen packets of three face down and the
// Grace, per partner; each partner's deck is his own.
func TestSympathyDeal(t *testing.T) {
	// The partners' cards interleaved in the pack: the split goes by deck.
	var pack []Card
	for i := 0; i < CardsPerDeck; i++ {
		pack = append(pack, Card(CardsPerDeck+i), Card(i))
	}
	g := newSympathyT(t, pack)
	for k := 0; k < 2*syPackets; k++ {
		want := syPerPack
		if k%syPackets == syPackets-1 {
			want = 1 // the Grace
		}
		got := pileCards(g, k)
		if len(got) != want || slices.ContainsFunc(got, func(c Card) bool { return c != NoCard }) {
			t.Errorf("%s = %v, want %d face-down cards", g.PileName(k), got, want)
		}
		full := g.FullPile(nil, k)
		for i, c := range full {
			if c.Deck() != syPartnerOf(k) || int(c.Face()) != (k%syPackets)*syPerPack+i {
				t.Errorf("%s = %v: want deck %d in dealing order, first card at the bottom", g.PileName(k), full, syPartnerOf(k))
				break
			}
		}
	}
	if g.Turn() != 1 || (g.Ending() != Playing) {
		t.Fatalf("turn %d", g.Turn())
	}
}

// sympathy/turn, /pair, /follow, /alternate and /win on a deal where both
// partners hold their decks in the same order: every pair is made and
// Sympathy is established.
func TestSympathyPlay(t *testing.T) {
	g := newSympathyT(t, syPack(syDeckOrder(0), syDeckOrder(1)))
	c3, c3b := ac("3C"), ac("3C'")
	mustIllegal(t, g, syTurn(syB0), syRuleAlternate) // partner 1 begins
	mustIllegal(t, g, Move{Kind: MoveDraw, From: 0, To: 0, Card: c3, Card2: NoCard, Rule: syRuleTurn}, syRuleTurn)
	mustIllegal(t, g, syTurn(syPairsA), syRuleAlternate)
	mustLegal(t, g, syTurn(0))
	if got := pileCards(g, 0); !slices.Equal(got, []Card{NoCard, NoCard, c3}) {
		t.Fatalf("A0 = %v, want its top card shown", got)
	}
	mustIllegal(t, g, syTurn(0), syRuleTurn) // already turned
	for k := 1; k < syPackets; k++ {
		if g.Turn() != 1 {
			t.Fatal("turn passed too early")
		}
		mustLegal(t, g, syTurn(k))
	}
	// Partner 1 has turned every packet and nothing pairs: partner 2 plays.
	if g.Turn() != 2 {
		t.Fatalf("turn %d after partner 1 turned every packet", g.Turn())
	}
	mustIllegal(t, g, syTurn(0), syRuleAlternate)
	mustIllegal(t, g, syPair(c3b, syB0, 0), syRulePair) // 3♣' is not turned yet
	mustLegal(t, g, syTurn(syB0))
	mustIllegal(t, g, Move{Kind: MovePair, From: syB0, To: 1, Card: c3b, Card2: ac("6C"), Rule: syRulePair}, syRulePair)
	mustIllegal(t, g, syPair(c3b, syB0, syB0+1), syRulePair) // not the other partner's packet
	mustIllegal(t, g, syPair(c3, 0, syB0), syRuleAlternate)  // partner 1 is not on turn
	mustIllegal(t, g, Move{Kind: MovePair, From: syB0, To: 0, Card: c3b, Card2: c3, Rule: syRuleTurn}, "")
	mustLegal(t, g, syPair(c3b, syB0, 0))
	// The pair is set aside by partner 2; the next card of B0 is turned.
	if got := pileCards(g, syPairsB); len(got) != 2 || !slices.Contains(got, c3) || !slices.Contains(got, c3b) {
		t.Fatalf("pairs2 = %v", got)
	}
	if got := pileCards(g, syB0); !slices.Equal(got, []Card{NoCard, ac("2C'")}) {
		t.Fatalf("B0 = %v, want 2♣' turned at once", got)
	}
	if got := pileCards(g, 0); !slices.Equal(got, []Card{NoCard, NoCard}) {
		t.Fatalf("A0 = %v, want two face-down cards", got)
	}
	if g.PairedBy() != [2]int{0, 1} || g.PairedCard(c3) != 2 || g.PairedCard(c3b) != 2 || g.PairedCard(ac("4C")) != 0 {
		t.Fatalf("PairedBy %v", g.PairedBy())
	}
	if g.Score() != 2 {
		t.Fatalf("score %d", g.Score())
	}
	for g.Ending() == Playing {
		mustLegal(t, g, g.LegalMoves(nil)[0])
	}
	if !g.Won() || g.Score() != 104 {
		t.Fatalf("Sympathy not established: %d\n%s", g.Score(), g)
	}
	p := g.PairedBy()
	if p[0]+p[1] != 52 || p[0] == 0 {
		t.Fatalf("PairedBy = %v", p)
	}
}

// sympathy/win: a deal where each partner's card hides the other's syTwin
// fails.
func TestSympathyDeadlock(t *testing.T) {
	d1 := syDeckOrder(1)
	d1[1], d1[2] = d1[2], d1[1] // B0 = A♣' 3♣' 2♣': 2♣' covers 3♣'
	g := newSympathyT(t, syPack(syDeckOrder(0), d1))
	n := randomPlayout(t, g, NewRand(1), sympathySpec().MaxMoves, true)
	if g.Won() || g.Score() != 98 {
		t.Fatalf("after %d moves score %d won %v\n%s", n, g.Score(), g.Won(), g)
	}
	if got := pileCards(g, 0); !slices.Equal(got, []Card{NoCard, NoCard, ac("3C")}) {
		t.Fatalf("A0 = %v", got)
	}
}

// The outcome of Sympathy is fixed by the deal: every order of play allowed
// ends with the same cards paired, and DeadEnd computes it at the deal.
func TestSympathyConfluent(t *testing.T) {
	s := sympathySpec()
	won := 0
	for seed := uint64(1); seed <= 300; seed++ {
		var outcome [packCards]bool
		for k := uint64(0); k < 4; k++ {
			g, err := s.New(seed, nil)
			if err != nil {
				t.Fatal(err)
			}
			dead := g.DeadEnd()
			r := NewRand(seed*31 + k)
			for n := 0; g.Ending() == Playing; n++ {
				ms := g.LegalMoves(nil)
				m := ms[r.IntN(len(ms))]
				if k == 0 { // pair first, then the first turn
					m = ms[0]
					for _, x := range ms {
						if x.Kind == MovePair {
							m = x
							break
						}
					}
				}
				if err := g.Apply(m); err != nil {
					t.Fatal(err)
				}
				if n > s.MaxMoves {
					t.Fatal("too many moves")
				}
			}
			sg := g.(*SympathyGame)
			for c := Card(0); c < packCards; c++ {
				paired := sg.PairedCard(c) != 0
				if k == 0 {
					outcome[c] = paired
				} else if outcome[c] != paired {
					t.Fatalf("seed %d: %v paired in one order of play and not in another", seed, c)
				}
			}
			if k == 0 && g.Won() {
				won++
			}
			// DeadEnd computes the outcome of the deal exactly.
			if dead == g.Won() {
				t.Fatalf("seed %d: DeadEnd at the deal = %v, but the play won = %v", seed, dead, g.Won())
			}
		}
	}
	t.Logf("Sympathy established on %d of 300 deals", won)
}

func TestSympathyRandomPlayouts(t *testing.T) {
	s := sympathySpec()
	testRandomPlayouts(t, s, nil, 300)
	testGameContract(t, s, nil)
}

// Determinize keeps each partner's deck in his packets and the engine's
// index of where each card lies consistent.
func TestSympathyDeterminize(t *testing.T) {
	g := newSympathyT(t, syPack(syDeckOrder(0), syDeckOrder(1)))
	r := NewRand(3)
	for i := 0; i < 30 && g.Ending() == Playing; i++ {
		ms := g.LegalMoves(nil)
		mustLegal(t, g, ms[r.IntN(len(ms))])
	}
	d := g.Clone().(*SympathyGame)
	d.Determinize(NewRand(5))
	checkCards(t, d)
	for k := 0; k < 2*syPackets; k++ {
		for _, c := range d.FullPile(nil, k) {
			if c.Deck() != syPartnerOf(k) || int(d.packet[c]) != k {
				t.Fatalf("%v in %s: deck %d, indexed in packet %d", c, d.PileName(k), c.Deck(), d.packet[c])
			}
		}
	}
	if d.View() != g.View() {
		t.Fatal("view changed")
	}
}

func BenchmarkSympathyRandom(b *testing.B) { benchRandom(b, sympathySpec(), nil) }
