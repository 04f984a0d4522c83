package engine

import (
	"slices"
	"testing"
)

// cadoganSpecs are the games of four_corners.go, windmill.go, shah.go and
// duchess_de_luynes.go.
func cadoganSpecs() []*Spec {
	return []*Spec{fourCornersSpec(), windmillSpec(), shahSpec(), duchessSpec()}
}

// Random playouts of the four games, with every variant value: no card is
// lost or duplicated after any move, every game ends within MaxMoves, the
// score never falls, and a won game has every card on the foundations.
func TestCadoganRandomPlayouts(t *testing.T) {
	for _, spec := range cadoganSpecs() {
		for _, opts := range variantOptions(spec) {
			var buf [256]Move
			for seed := uint64(1); seed <= 40; seed++ {
				g, err := spec.New(seed, opts)
				if err != nil {
					t.Fatal(err)
				}
				rng := fastRand(seed * 7)
				score := g.Score()
				n := 0
				for ; g.Ending() == Playing; n++ {
					if n >= spec.MaxMoves {
						t.Fatalf("%s %v seed %d: not over after MaxMoves=%d", spec.ID, opts, seed, spec.MaxMoves)
					}
					legal := g.LegalMoves(buf[:0])
					mustApply(t, g, legal[rng.intn(len(legal))])
					if err := checkConservation(g, spec.Decks); err != nil {
						t.Fatalf("%s %v seed %d move %d: %v", spec.ID, opts, seed, n, err)
					}
					if g.Score() < score {
						t.Fatalf("%s seed %d: score fell from %d to %d", spec.ID, seed, score, g.Score())
					}
					score = g.Score()
				}
				if g.Won() != (g.Score() == g.Total()) {
					t.Fatalf("%s seed %d: Won %v with score %d/%d", spec.ID, seed, g.Won(), g.Score(), g.Total())
				}
			}
		}
	}
}

// Determinize of the Duchess while the reserve is face down reshuffles pack
// and reserve together, keeping their sizes and the visible layout.
func TestDuchessDeterminizeHiddenReserve(t *testing.T) {
	g := newDLT(t, "", nil)
	mustApply(t, g, dlDealMove)
	d := g.Clone().(*duchess)
	d.Determinize(NewRand(3))
	if d.pack.n != g.pack.n || d.reserve.n != g.reserve.n || d.View() != g.View() || d.ViewHash() != g.ViewHash() {
		t.Fatal("Determinize changed what the player sees")
	}
	if d.Hash() == g.Hash() {
		t.Fatal("Determinize left the hidden cards in place (improbable)")
	}
	if err := checkConservation(d, 2); err != nil {
		t.Fatal(err)
	}
}

// TestDeterminizeOrderFree checks that determinize depends only on which
// cards are hidden and on r, never on their order.
func TestDeterminizeOrderFree(t *testing.T) {
	a := acs("KS 2C AH 2C' 9D")
	b := acs("9D 2C' AH KS 2C")
	determinize(a, NewRand(7))
	determinize(b, NewRand(7))
	if !slices.Equal(a, b) {
		t.Fatalf("determinize depends on the hidden order: %v vs %v", a, b)
	}
	got, want := slices.Clone(a), acs("KS 2C AH 2C' 9D")
	slices.Sort(got)
	slices.Sort(want)
	if !slices.Equal(got, want) {
		t.Fatalf("determinize changed the cards: %v", a)
	}
}

func TestCadoganBadPack(t *testing.T) {
	for _, spec := range cadoganSpecs() {
		if _, err := spec.NewDeal(NewDeck(1), nil); err == nil {
			t.Errorf("%s: a one-deck pack accepted", spec.ID)
		}
		if _, err := spec.NewDeal(NewDeck(2), Options{"nope": "x"}); err == nil {
			t.Errorf("%s: an unknown option accepted", spec.ID)
		}
	}
}

// setHeights fills foundation f to height heights[f] with the cards of deck
// 0 of its suit from its base: ace up for an ace pile, king down for a king
// pile.
func (p *pairFoundations) setHeights(heights [8]int) {
	for f, h := range heights {
		p.fn[f] = uint8(h)
		for i := 0; i < h; i++ {
			r := Rank(i + 1)
			if f%2 == 1 {
				r = King - Rank(i)
			}
			p.found[f][i] = NewCard(r, Suit(f/2), 0)
		}
	}
}
