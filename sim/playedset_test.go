package sim

import (
	"testing"

	"github.com/pasyans/pasyans/engine"
)

// TestPlayedSet checks the cycle memory against a map of (view, move
// code) pairs through growth and resets: views colliding in the low bits,
// several moves per view, a move added twice.
func TestPlayedSet(t *testing.T) {
	var s playedSet
	type pair struct{ view, code uint64 }
	for round := 0; round < 4; round++ {
		want := map[pair]bool{}
		views := map[uint64]bool{}
		n := 100 << (3 * round) // up to 51,200 moves: several doublings
		for i := 0; i < n; i++ {
			view := engine.SplitMix64(uint64(round*1_000_000 + i%(n/3+1)))
			if i%7 == 0 {
				view = uint64(i % 97) // small views collide in the low bits
			}
			code := uint64(i % 5)
			s.add(view, code)
			want[pair{view, code}] = true
			views[view] = true
		}
		if s.n != len(views) {
			t.Fatalf("round %d: %d views, want %d", round, s.n, len(views))
		}
		if len(s.moves) != len(want) {
			t.Fatalf("round %d: %d moves kept, want %d (a move added twice is kept once)", round, len(s.moves), len(want))
		}
		for p := range want {
			if !s.has(s.lookup(p.view), p.code) {
				t.Fatalf("round %d: move %d of view %d missing", round, p.code, p.view)
			}
		}
		for view := range views {
			for code := uint64(0); code < 7; code++ {
				if got := s.has(s.lookup(view), code); got != want[pair{view, code}] {
					t.Fatalf("round %d: has(%d, %d) = %v", round, view, code, got)
				}
			}
		}
		for i := 0; i < 1000; i++ {
			if v := engine.SplitMix64(uint64(1<<40 + i)); s.lookup(v) >= 0 != views[v] {
				t.Fatalf("round %d: lookup(%d) wrong", round, v)
			}
		}
		s.reset()
		for view := range views {
			if s.lookup(view) >= 0 {
				t.Fatalf("round %d: view %d survived reset", round, view)
			}
		}
	}
	s.gen = ^uint32(0) // the next reset wraps the stamps
	s.add(42, 1)
	s.reset()
	if s.lookup(42) >= 0 || s.gen != 1 {
		t.Fatal("reset across the stamp wrap-around kept a view")
	}
	if n := testing.AllocsPerRun(100, func() { s.reset(); s.add(7, 1); s.has(s.lookup(7), 1) }); n != 0 {
		t.Errorf("a small deal allocates %.0f times", n)
	}
}

// TestMoveCode checks that moveCode tells apart moves that differ in any
// field but the rule.
func TestMoveCode(t *testing.T) {
	base := engine.Move{Kind: engine.MoveBuild, From: 3, To: 9, Card: 17, Card2: engine.NoCard}
	variants := []engine.Move{base, base, base, base, base}
	variants[0].Kind = engine.MoveFoundation
	variants[1].From = 4
	variants[2].To = 10
	variants[3].Card = 18
	variants[4].Card2 = 17
	seen := map[uint64]bool{moveCode(&base): true}
	for _, m := range variants {
		c := moveCode(&m)
		if seen[c] {
			t.Fatalf("moveCode(%v) = %x, the code of another move", m, c)
		}
		seen[c] = true
	}
}
