package sim

import (
	"context"
	"runtime"
	"syscall"
	"testing"
	"time"

	"github.com/pasyans/pasyans/engine"
)

// benchGames returns the implemented catalog games.
func benchGames(b *testing.B) []*engine.Spec {
	var out []*engine.Spec
	for _, s := range engine.Catalog() {
		if _, err := s.New(1, nil); err == nil {
			out = append(out, s)
		}
	}
	if len(out) == 0 {
		b.Skip("no game implemented")
	}
	return out
}

// BenchmarkPlay measures single-goroutine throughput (deals per second per
// core, including dealing) of each fast strategy on each game: the
// deals/s metric. Run:
//
//	go test -run '^$' -bench 'BenchmarkPlay' -benchtime 2000x ./sim
func BenchmarkPlay(b *testing.B) {
	for _, name := range []string{"random", "greedy", "book"} {
		for _, spec := range benchGames(b) {
			b.Run(name+"/"+spec.ID, func(b *testing.B) {
				st, err := NewStrategy(name, nil)
				if err != nil {
					b.Fatal(err)
				}
				p := st.NewPlayer()
				var pl Playout
				mm := spec.MaxMoves
				b.ReportAllocs()
				b.ResetTimer()
				cpu0 := cpuTime()
				for i := 0; i < b.N; i++ {
					seed := DealSeed(1, spec.ID, int64(i))
					g, err := spec.New(seed, nil)
					if err != nil {
						b.Fatal(err)
					}
					if _, err := pl.PlayDeal(g, p, StrategySeed(seed, name), mm, nil); err != nil {
						b.Fatal(err)
					}
				}
				b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "deals/s")
				if cpu := cpuTime() - cpu0; cpu > 0 {
					b.ReportMetric(float64(b.N)/cpu.Seconds(), "deals/cpu-s")
				}
			})
		}
	}
}

// cpuTime returns the process's user+system CPU time. Throughput per
// CPU-second does not depend on how busy the machine is, unlike wall time.
func cpuTime() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

// BenchmarkRunWorkers measures the runner's throughput with 1 and 2
// workers (greedy on every implemented game, no sink cost): on an idle
// machine compare the deals/s of workers=2 with workers=1 for the parallel
// speed-up; on a busy one compare deals/cpu-s (the parallel efficiency).
func BenchmarkRunWorkers(b *testing.B) {
	var games []GameConfig
	for _, s := range benchGames(b) {
		games = append(games, GameConfig{Spec: s})
	}
	for _, w := range []int{1, 2} {
		b.Run("workers="+string(rune('0'+w)), func(b *testing.B) {
			if w > runtime.NumCPU() {
				b.Skipf("only %d CPUs", runtime.NumCPU())
			}
			cfg := Config{Games: games, Strategies: mustStrategies(b, "greedy"), Deals: int64(b.N), MasterSeed: 1, Workers: w}
			b.ResetTimer()
			cpu0 := cpuTime()
			if _, err := Run(context.Background(), cfg, discardSink{}); err != nil {
				b.Fatal(err)
			}
			b.ReportMetric(float64(b.N*len(games))/b.Elapsed().Seconds(), "deals/s")
			if cpu := cpuTime() - cpu0; cpu > 0 {
				// Equal deals/cpu-s for 1 and 2 workers means perfect
				// scaling: the runner adds no contention of its own.
				b.ReportMetric(float64(b.N*len(games))/cpu.Seconds(), "deals/cpu-s")
			}
		})
	}
}

type discardSink struct{}

func (discardSink) WriteResults([]Result) error   { return nil }
func (discardSink) WriteMoves([]MoveRecord) error { return nil }
func (discardSink) Close() error                  { return nil }
