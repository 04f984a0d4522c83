package engine

import "testing"

// TestZodiacCountLastCard checks ProgressCountAfter at the end of phase
// one, which the random playouts of TestProgressCountAfter (package sim)
// seldom reach with a fill from the pack: in positions made with the talon
// empty, one card left in the pack and three Equator vacancies, every
// count is compared with the plays listed after the move on a copy,
// counting those whose card and foundation top were visible before it.
// Some fill from the pack must turn a card that a foundation takes (an
// ace or a king), which the count leaves out as unseen.
func TestZodiacCountLastCard(t *testing.T) {
	unseen, counted := 0, 0
	for seed := uint64(1); seed <= 60; seed++ {
		gm, err := zodiacSpec().New(seed, nil)
		if err != nil {
			t.Fatal(err)
		}
		g := gm.(*zodiac)
		for e := zoE0; e < zoE0+3; e++ {
			g.lay.moveLinked(e, zoZ0+e)
		}
		for k := 0; g.lay.size(zoStock) > 1; k++ {
			g.lay.moveLinked(zoStock, zoZ0+k%zoZN)
		}
		g.indexTops()
		var vis [4]uint64
		g.VisibleCards(&vis)
		seen := func(c Card) bool { return c != NoCard && vis[c>>6]>>(c&63)&1 != 0 }
		for _, m := range g.LegalMoves(nil) {
			n, ok := g.ProgressCountAfter(&m)
			if !ok {
				t.Fatalf("seed %d: %v not counted", seed, m)
			}
			c := g.Clone().(*zodiac)
			if err := c.Apply(m); err != nil {
				t.Fatal(err)
			}
			want := 0
			for _, p := range c.ProgressMoves(nil) {
				switch to := int(p.To); {
				case seen(p.Card) && (c.lay.empty(to) || seen(c.lay.top(to))):
					want++
				case m.From == zoStock:
					unseen++
				}
			}
			if n != want {
				t.Fatalf("seed %d: ProgressCountAfter(%v) = %d, want %d\n%s", seed, m, n, want, g)
			}
			counted += n
		}
	}
	if unseen == 0 || counted == 0 {
		t.Errorf("%d plays of cards turned from the pack, %d plays counted: the positions test nothing", unseen, counted)
	}
}
