package sim

import (
	"slices"
	"testing"

	"github.com/pasyans/pasyans/engine"
)

// TestBookShahReaders checks that the Shah's advice decides alike when it
// reads the game through DrawDistance and Emptying
// (engine.ShahFacts, banVacancies, shahDecide) and when it reads it as
// before, through the legal moves and the piles (shah, and bookPlayer's
// generic decision): the same banned moves, advice and move at every
// decision of the book's play of every variant, with the advice deciding
// at some of them.
func TestBookShahReaders(t *testing.T) {
	spec, err := engine.Lookup("shah")
	if err != nil {
		t.Fatal(err)
	}
	deals := 300
	if testing.Short() {
		deals = 60
	}
	for _, opts := range []engine.Options{nil, {"redeals": "1"}, {"redeals": "2"}, {"marriage-sources": "talon"}} {
		setup, err := spec.Setup(opts)
		if err != nil {
			t.Fatal(err)
		}
		fast, slow := newBookPlayer(""), newBookPlayer("")
		var legal []engine.Move
		counts := map[engine.RuleID]int{}
		trace := func(ply int32, g engine.Game, _ engine.Move, _ engine.RuleID) {
			r, ok := g.(engine.ShahFacts)
			if !ok {
				t.Fatal("the Shah has no DrawDistance or Emptying")
			}
			legal = g.LegalMoves(legal[:0])
			plain := plainGame{g}
			fast.Reset(g, 0)
			n := 0
			if r.DrawDistance() > 2 {
				n = fast.banVacancies(r, legal)
			}
			got := make([]bool, len(legal))
			if n > 0 {
				copy(got, fast.banned)
			}
			slow.Reset(plain, 0)
			slow.probe.reset(plain)
			slow.banned = make([]bool, len(legal))
			_, adv := slow.shah(plain, legal)
			banned := 0
			for _, b := range slow.banned {
				if b {
					banned++
				}
			}
			if (n > 0) != (adv != "") || n != banned || !slices.Equal(got, slow.banned) {
				t.Fatalf("%v ply %d: %d banned %v, want %q %v\n%v", opts, ply, n, got, adv, slow.banned, g)
			}
			fast.Reset(g, 0)
			slow.Reset(plain, 0)
			pick, adv := fast.Choose(g, legal)
			wantPick, wantAdv := slow.Choose(plain, legal)
			if pick != wantPick || adv != wantAdv {
				t.Fatalf("%v ply %d: %d %q, want %d %q\n%v", opts, ply, pick, adv, wantPick, wantAdv, g)
			}
			counts[adv]++
		}
		var pl Playout
		p := newBookPlayer("")
		for i := 0; i < deals; i++ {
			seed := DealSeed(1, spec.ID, int64(i))
			g, err := setup.New(seed)
			if err != nil {
				t.Fatal(err)
			}
			if _, err := pl.PlayDeal(g, p, StrategySeed(seed, "book"), spec.MaxMoves, trace); err != nil {
				t.Fatal(err)
			}
		}
		if counts[shahS2] < deals {
			t.Errorf("%v: advice named %v times", opts, counts)
		}
		t.Logf("%v: %v", opts, counts)
	}
}
