package engine

import (
	"runtime"
	"testing"
)

// BenchmarkPlayout plays random deals of every implemented game (one deal
// per op, a caller-owned move buffer, the inline fastRand). It reports
// ns/move and allocs/move over the move loop only (LegalMoves + Apply;
// the deal's own setup is excluded) and deals/s for whole games.
func BenchmarkPlayout(b *testing.B) {
	for _, spec := range implementedSpecs(b) {
		b.Run(spec.ID, func(b *testing.B) {
			var buf [256]Move
			var ms runtime.MemStats
			rng := fastRand(1)
			moves, mallocs := 0, uint64(0)
			var moveNS, dealNS int64
			for i := 0; i < b.N; i++ {
				start := b.Elapsed()
				g, err := spec.New(uint64(i), nil)
				if err != nil {
					b.Fatal(err)
				}
				mid := b.Elapsed()
				b.StopTimer()
				runtime.ReadMemStats(&ms)
				afterDeal := ms.Mallocs
				b.StartTimer()
				mid2 := b.Elapsed()
				for n := 0; n < spec.MaxMoves; n++ {
					legal := g.LegalMoves(buf[:0])
					if len(legal) == 0 {
						break
					}
					if err := g.Apply(legal[rng.intn(len(legal))]); err != nil {
						b.Fatal(err)
					}
					moves++
				}
				end := b.Elapsed()
				b.StopTimer()
				runtime.ReadMemStats(&ms)
				mallocs += ms.Mallocs - afterDeal
				moveNS += int64(end - mid2)
				dealNS += int64(end-mid2) + int64(mid-start)
				b.StartTimer()
			}
			if moves > 0 {
				b.ReportMetric(float64(moveNS)/float64(moves), "ns/move")
				b.ReportMetric(float64(mallocs)/float64(moves), "allocs/move")
				b.ReportMetric(float64(moves)/float64(b.N), "moves/deal")
			}
			if dealNS > 0 {
				b.ReportMetric(float64(b.N)/(float64(dealNS)/1e9), "deals/s")
			}
		})
	}
}

// TestMoveLoopAllocs asserts that the move loop (LegalMoves into a
// caller-owned buffer, Check, Apply, Hash, ViewHash) of every implemented
// game allocates nothing.
func TestMoveLoopAllocs(t *testing.T) {
	for _, spec := range implementedSpecs(t) {
		g0, err := spec.New(5, nil)
		if err != nil {
			t.Fatal(err)
		}
		var buf [256]Move
		rng := fastRand(5)
		var g Game
		allocs := testing.AllocsPerRun(20, func() {
			g = g0.Clone()
			for n := 0; n < spec.MaxMoves; n++ {
				legal := g.LegalMoves(buf[:0])
				if len(legal) == 0 {
					break
				}
				m := legal[rng.intn(len(legal))]
				if g.Check(m) != nil || g.Apply(m) != nil {
					panic("legal move rejected")
				}
				_ = g.Hash()
				_ = g.ViewHash() // and the links it keeps from then on (layout.linkHash)
			}
		})
		// One allocation is the Clone that starts each run.
		if allocs > 1 {
			t.Errorf("%s: %.1f allocations per playout, want only the Clone", spec.ID, allocs)
		}
	}
}
