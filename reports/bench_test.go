package reports

import (
	"runtime"
	"syscall"
	"testing"
	"time"

	"github.com/pasyans/pasyans/sim"
)

// cpuTime returns the CPU time (user + system) of the process so far. On a
// shared machine rows per CPU-second is the per-core figure; wall-clock
// rows/s also counts time the benchmark spent waiting for a core.
func cpuTime() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

// BenchmarkResultsWriter measures writing result rows through the
// ResultsWriter (zstd, dictionary strings, real files), one partition, one
// goroutine. It reports rows/s and the peak heap in use above the heap
// before writing (the input rows), sampled every 64 batches; it must stay
// flat whatever b.N is.
func BenchmarkResultsWriter(b *testing.B) {
	benchWriter(b, []string{"greedy"})
}

// BenchmarkResultsWriterPartitions writes 11 games × 5 strategies at once,
// as a full tournament does, to show the memory of many open partitions.
func BenchmarkResultsWriterPartitions(b *testing.B) {
	benchWriter(b, []string{"random", "greedy", "book", "lookahead", "solver"})
}

func benchWriter(b *testing.B, strategies []string) {
	games := []string{"salic-law", "four-corners", "windmill", "shah", "duchess-de-luynes", "british-constitution", "zodiac", "sympathy", "sultan", "napoleon", "red-and-black"}
	if len(strategies) == 1 {
		games = games[:1]
	}
	const batch = 4096
	parts := len(games) * len(strategies)
	perPart := max(batch/parts, 1)
	// One batch holds perPart consecutive deals of every partition, as a
	// runner sends them.
	// Row values come from a pool of 64 distinct batches, so that the data
	// does not repeat one batch (which would compress unrealistically well).
	const pool = 64
	var src [pool][]sim.Result
	for p := range src {
		for _, g := range games {
			for _, s := range strategies {
				for d := 0; d < perPart; d++ {
					src[p] = append(src[p], synthResult(g, s, int64(p*perPart+d)))
				}
			}
		}
	}
	rows := make([]sim.Result, len(src[0]))
	dir := b.TempDir()
	w, err := NewResultsWriter(dir, ResultsOptions{ShardEnd: int64(b.N)})
	if err != nil {
		b.Fatal(err)
	}
	var ms runtime.MemStats
	var peak uint64
	runtime.GC()
	runtime.ReadMemStats(&ms)
	base := ms.HeapInuse
	b.ReportAllocs()
	cpu0 := cpuTime()
	b.ResetTimer()
	var deal int64
	for done, k := 0, 0; done < b.N; k++ {
		copy(rows, src[k%pool])
		for i := range rows {
			rows[i].DealIndex = deal + int64(i%perPart)
		}
		deal += int64(perPart)
		if err := w.WriteResults(rows); err != nil {
			b.Fatal(err)
		}
		done += len(rows)
		if k%64 == 0 {
			runtime.ReadMemStats(&ms)
			peak = max(peak, ms.HeapInuse)
		}
	}
	if err := w.Close(); err != nil {
		b.Fatal(err)
	}
	b.StopTimer()
	b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "rows/s")
	b.ReportMetric(float64(b.N)/(cpuTime()-cpu0).Seconds(), "rows/cpu-s")
	b.ReportMetric(float64(peak-min(peak, base))/(1<<20), "peak-heap-MB")
}
