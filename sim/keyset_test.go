package sim

import (
	"testing"

	"github.com/pasyans/pasyans/engine"
)

// TestKeySet checks the set against a map through growth and resets.
func TestKeySet(t *testing.T) {
	var s keySet
	for round := 0; round < 4; round++ {
		want := map[uint64]bool{}
		n := 100 << (3 * round) // up to 51,200 keys: several doublings
		for i := 0; i < n; i++ {
			k := engine.SplitMix64(uint64(round*1_000_000 + i%(n/2+1)))
			if i%7 == 0 {
				k = uint64(i) // small keys collide in the low bits
			}
			s.add(k)
			want[k] = true
		}
		if s.n != len(want) {
			t.Fatalf("round %d: %d keys, want %d", round, s.n, len(want))
		}
		for k := range want {
			if !s.has(k) {
				t.Fatalf("round %d: key %d missing", round, k)
			}
		}
		for i := 0; i < 1000; i++ {
			if k := engine.SplitMix64(uint64(1<<40 + i)); s.has(k) != want[k] {
				t.Fatalf("round %d: has(%d) = %v", round, k, !want[k])
			}
		}
		s.reset()
		for k := range want {
			if s.has(k) {
				t.Fatalf("round %d: key %d survived reset", round, k)
			}
		}
	}
	s.gen = ^uint32(0) // the next reset wraps the stamps
	s.add(42)
	s.reset()
	if s.has(42) || s.gen != 1 {
		t.Fatal("reset across the stamp wrap-around kept a key")
	}
	if n := testing.AllocsPerRun(100, func() { s.reset(); s.add(7); s.has(7) }); n != 0 {
		t.Errorf("a small deal allocates %.0f times", n)
	}
}
