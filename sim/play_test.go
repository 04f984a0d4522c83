package sim

import (
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/pasyans/pasyans/engine"
)

// plainPlayer hides every optional interface of the player it wraps (here:
// nextLegaler), so PlayDeal generates every move list itself.
type plainPlayer struct{ p Player }

func (w plainPlayer) Reset(g engine.Game, seed uint64) { w.p.Reset(g, seed) }
func (w plainPlayer) Choose(g engine.Game, legal []engine.Move) (int, engine.RuleID) {
	return w.p.Choose(g, legal)
}

// TestNextLegalSameResults checks that handing the look-ahead's legal moves
// to the play loop changes nothing: greedy and book play every game alike
// with and without it, and the hand-over does happen.
func TestNextLegalSameResults(t *testing.T) {
	for _, name := range []string{"greedy", "book"} {
		st, err := NewStrategy(name, nil)
		if err != nil {
			t.Fatal(err)
		}
		handed := 0
		for _, spec := range engine.Catalog() {
			setup, err := spec.Setup(nil)
			if err != nil {
				t.Fatal(err)
			}
			p1, p2 := st.NewPlayer(), st.NewPlayer()
			if _, ok := p1.(nextLegaler); !ok {
				t.Fatalf("%s does not hand over its look-ahead's moves", name)
			}
			var pl1, pl2 Playout
			for d := int64(0); d < shortDeals(12, 4); d++ {
				seed := DealSeed(23, spec.ID, d)
				g1, err := setup.New(seed)
				if err != nil {
					t.Fatal(err)
				}
				g2 := g1.Clone()
				counting := nextCounter{p1.(nextPlayer), &handed}
				r1, err1 := pl1.PlayDeal(g1, counting, seed, spec.MaxMoves, nil)
				r2, err2 := pl2.PlayDeal(g2, plainPlayer{p2}, seed, spec.MaxMoves, nil)
				if err1 != nil || err2 != nil {
					t.Fatal(err1, err2)
				}
				if r1 != r2 || !reflect.DeepEqual(pl1.AdviceCounts(), pl2.AdviceCounts()) || g1.Hash() != g2.Hash() {
					t.Fatalf("%s/%s deal %d: %+v with the hand-over, %+v without", name, spec.ID, d, r1, r2)
				}
			}
		}
		// Greedy's tie-break asks the games with tableau moves for their
		// progress moves only (engine.ProgressMover), so it has whole move
		// lists to hand over only in the other games, where it rarely ties.
		if handed == 0 && name == "book" {
			t.Errorf("%s: the play loop never took the look-ahead's moves", name)
		}
	}
}

// nextPlayer is a Player that hands over its look-ahead's moves.
type nextPlayer interface {
	Player
	nextLegaler
}

// nextCounter counts the hand-overs of the player it wraps.
type nextCounter struct {
	nextPlayer
	n *int
}

func (c nextCounter) nextLegal(m *engine.Move, dst []engine.Move) ([]engine.Move, bool) {
	out, ok := c.nextPlayer.nextLegal(m, dst)
	if ok {
		*c.n++
	}
	return out, ok
}

// TestPlayDealAllocs checks that greedy and book play allocation-free once
// their buffers are warm: replaying deals they have played before allocates
// nothing (the deal itself is made outside the measurement).
func TestPlayDealAllocs(t *testing.T) {
	for _, name := range []string{"greedy", "book"} {
		st, err := NewStrategy(name, nil)
		if err != nil {
			t.Fatal(err)
		}
		for _, spec := range engine.Catalog() {
			setup, err := spec.Setup(nil)
			if err != nil {
				t.Fatal(err)
			}
			const deals = 4
			var games [deals]engine.Game
			for d := range games {
				if games[d], err = setup.New(DealSeed(31, spec.ID, int64(d))); err != nil {
					t.Fatal(err)
				}
			}
			p := st.NewPlayer()
			var pl Playout
			copies := make([]engine.Game, 0, 4*deals)
			for r := 0; r < 4; r++ {
				for _, g := range games {
					copies = append(copies, g.Clone())
				}
			}
			for _, g := range copies[:deals] { // warm up
				if _, err := pl.PlayDeal(g, p, 1, spec.MaxMoves, nil); err != nil {
					t.Fatal(err)
				}
			}
			next := deals
			allocs := testing.AllocsPerRun(3*deals-1, func() {
				if _, err := pl.PlayDeal(copies[next], p, 1, spec.MaxMoves, nil); err != nil {
					t.Fatal(err)
				}
				next++
			})
			if allocs != 0 {
				t.Errorf("%s/%s: %.1f allocations per deal once warm", name, spec.ID, allocs)
			}
		}
	}
}

// TestAdviceCounts checks the advice counts of book deals of every game
// with advice against the advice its tracer saw (counted afresh and
// sorted by ID), and that the slices AdviceCounts hands out of its shared
// block stay apart: appending to one, or writing one, changes no other.
func TestAdviceCounts(t *testing.T) {
	st, err := NewStrategy("book", nil)
	if err != nil {
		t.Fatal(err)
	}
	var pl Playout
	var all, want [][]AdviceCount
	for _, spec := range engine.Catalog() {
		if GameAdvice(spec.ID) == nil {
			continue
		}
		setup, err := spec.Setup(nil)
		if err != nil {
			continue // not implemented
		}
		p := st.NewPlayer()
		for d := int64(0); d < 150; d++ {
			g, err := setup.New(DealSeed(7, spec.ID, d))
			if err != nil {
				t.Fatal(err)
			}
			counts := map[string]int32{}
			trace := func(_ int32, _ engine.Game, _ engine.Move, adv engine.RuleID) {
				if adv != "" {
					counts[string(adv)]++
				}
			}
			if _, err := pl.PlayDeal(g, p, 1, spec.MaxMoves, trace); err != nil {
				t.Fatal(err)
			}
			var w []AdviceCount
			for id, n := range counts {
				w = append(w, AdviceCount{ID: id, Count: n})
			}
			slices.SortFunc(w, func(a, b AdviceCount) int { return strings.Compare(a.ID, b.ID) })
			got := pl.AdviceCounts()
			if !slices.Equal(got, w) || (got == nil) != (len(w) == 0) {
				t.Fatalf("%s deal %d: advice counts %v, the tracer's %v", spec.ID, d, got, w)
			}
			all, want = append(all, got), append(want, slices.Clone(w))
		}
	}
	if len(all) < adviceBlock {
		t.Fatalf("%d results: the block was not used up", len(all))
	}
	for i := range all { // each written with a mark of its own, and appended to
		if len(all[i]) > 0 {
			all[i][0].Count = int32(1_000_000 + i)
			all[i] = append(all[i], AdviceCount{ID: "x"})
		}
	}
	for i := range all {
		if len(all[i]) == 0 {
			continue
		}
		if all[i][0].Count != int32(1_000_000+i) || all[i][len(all[i])-1].ID != "x" {
			t.Fatalf("result %d: %v after the others were written", i, all[i])
		}
		all[i][0].Count = want[i][0].Count
		all[i] = all[i][:len(all[i])-1]
		if !slices.Equal(all[i], want[i]) {
			t.Fatalf("result %d: %v after the others were written, want %v", i, all[i], want[i])
		}
	}
}
