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
	if d.lay.size(dlStock) != g.lay.size(dlStock) || d.lay.size(dlReserve) != g.lay.size(dlReserve) || d.View() != g.View() || d.ViewHash() != g.ViewHash() {
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

// placer builds a position by hand on a layout: it refuses a card placed
// twice, so the hand-built piles stay valid linked lists.
type placer struct {
	t    testing.TB
	lay  *layout
	used [packCards]bool
}

// newPlacer empties l and returns a placer for it.
func newPlacer(t testing.TB, l *layout) *placer {
	l.reset()
	return &placer{t: t, lay: l}
}

// put pushes c on pile p.
func (pl *placer) put(p int, c Card) {
	pl.t.Helper()
	if pl.used[c] {
		pl.t.Fatalf("card %s (deck %d) placed twice", c, c.Deck())
	}
	pl.used[c] = true
	pl.lay.push(p, c)
}

// putAll pushes the cards of s (ASCII, bottom first) on pile p.
func (pl *placer) putAll(p int, s string) {
	pl.t.Helper()
	for _, c := range acs(s) {
		pl.put(p, c)
	}
}

// stock pushes the cards of s (ASCII, top first) on pile p, as a pack
// whose first card is turned first.
func (pl *placer) stock(p int, s string) {
	pl.t.Helper()
	cs := acs(s)
	for i := len(cs) - 1; i >= 0; i-- {
		pl.put(p, cs[i])
	}
}

// home pushes a copy of the card of rank r and suit s not placed yet (deck
// 0 first) on pile p.
func (pl *placer) home(p int, r Rank, s Suit) {
	pl.t.Helper()
	for d := 0; d < MaxDecks; d++ {
		if c := NewCard(r, s, d); !pl.used[c] {
			pl.put(p, c)
			return
		}
	}
	pl.t.Fatalf("both copies of %s already placed", NewCard(r, s, 0))
}

// homeAnySuit pushes an unplaced card of rank r on pile p: of suit s if a
// copy is left, else of the next suit that has one (for foundations that
// ignore suits).
func (pl *placer) homeAnySuit(p int, r Rank, s Suit) {
	pl.t.Helper()
	for i := Suit(0); i < NumSuits; i++ {
		for d := 0; d < MaxDecks; d++ {
			if c := NewCard(r, (s+i)%NumSuits, d); !pl.used[c] {
				pl.put(p, c)
				return
			}
		}
	}
	pl.t.Fatalf("every card of rank %s already placed", r)
}

// pairHeights fills the suit-paired foundations from pile f0 on (f0+2s the
// ace pile of suit s, f0+2s+1 its king pile) to heights[f] with unplaced
// copies of the suit's cards from the base: ace up, or king down.
func (pl *placer) pairHeights(f0 int, heights [8]int) {
	pl.t.Helper()
	for f, h := range heights {
		for i := 0; i < h; i++ {
			r := Rank(i + 1)
			if f%2 == 1 {
				r = King - Rank(i)
			}
			pl.home(f0+f, r, Suit(f/2))
		}
	}
}
