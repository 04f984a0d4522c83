package normalize

import (
	"context"
	"io"
	"math/rand/v2"
	"os"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/pasyans/pasyans/internal/corpuslike"
)

// corpusLike returns at least size bytes of the pre-reform corpus texts
// (000–002) repeated.
func corpusLike(b *testing.B, size int) string {
	b.Helper()
	var sb strings.Builder
	files := corpusFiles(b)
	for sb.Len() < size {
		for name, text := range files {
			if !strings.HasPrefix(name, "004") {
				sb.WriteString(text)
				sb.WriteString("\n")
			}
		}
	}
	return sb.String()
}

// BenchmarkLexiconLoad measures New: parsing the embedded lexicon.
func BenchmarkLexiconLoad(b *testing.B) {
	cpu := cpuSeconds()
	for b.Loop() {
		if _, err := New(); err != nil {
			b.Fatal(err)
		}
	}
	if d := cpuSeconds() - cpu; d > 0 {
		b.ReportMetric(d*1000/float64(b.N), "cpu-ms/op")
	}
}

// BenchmarkDocument measures throughput on about 1 MB of corpus text.
func BenchmarkDocument(b *testing.B) {
	n := normalizer(b)
	text := corpusLike(b, 1<<20)
	b.SetBytes(int64(len(text)))
	cpu := cpuSeconds()
	for b.Loop() {
		mustDoc(b, n, "bench", text)
	}
	reportCPU(b, cpu, len(text))
}

// reportCPU reports throughput per CPU-second (user+system of the whole
// process, GC included), which a busy shared machine does not distort.
func reportCPU(b *testing.B, start float64, size int) {
	if d := cpuSeconds() - start; d > 0 {
		b.ReportMetric(float64(size)*float64(b.N)/(1<<20)/d, "MB/cpu-s")
	}
}

// BenchmarkStream measures streaming throughput on about 4 MB.
func BenchmarkStream(b *testing.B) {
	n := normalizer(b)
	text := corpusLike(b, 4<<20)
	b.SetBytes(int64(len(text)))
	cpu := cpuSeconds()
	for b.Loop() {
		if err := n.Stream(context.Background(), "bench", strings.NewReader(text), io.Discard, StreamOptions{}); err != nil {
			b.Fatal(err)
		}
	}
	reportCPU(b, cpu, len(text))
}

// corpusLikeText returns size bytes of varied corpus-like text (package
// corpuslike): paragraphs of the corpus with random OCR damage, so the
// caches do not see the same words over and over.
func corpusLikeText(b *testing.B, size int64) string {
	b.Helper()
	var sb strings.Builder
	if err := corpuslike.Write(context.Background(), &sb, corpuslike.Options{Size: size, Seed: 1}); err != nil {
		b.Fatal(err)
	}
	return sb.String()
}

// BenchmarkStreamCorpusLike measures streaming throughput on 8 MB of
// varied corpus-like text, the figure the normalizer's speed target is
// about (scripts/bench-normalize.sh measures the whole process).
func BenchmarkStreamCorpusLike(b *testing.B) {
	n := normalizer(b)
	text := corpusLikeText(b, 8<<20)
	b.SetBytes(int64(len(text)))
	cpu := cpuSeconds()
	for b.Loop() {
		if err := n.Stream(context.Background(), "bench", strings.NewReader(text), io.Discard, StreamOptions{}); err != nil {
			b.Fatal(err)
		}
	}
	reportCPU(b, cpu, len(text))
}

// repeatReader yields the same text over and over up to n bytes, so a large
// input need not be held in memory.
type repeatReader struct {
	text string
	off  int
	left int64
}

func (r *repeatReader) Read(p []byte) (int, error) {
	if r.left <= 0 {
		return 0, io.EOF
	}
	if int64(len(p)) > r.left {
		p = p[:r.left]
	}
	k := copy(p, r.text[r.off:])
	r.off = (r.off + k) % len(r.text)
	r.left -= int64(k)
	return k, nil
}

// BenchmarkStreamMemory streams PASYANS_STREAM_MB (default 20) megabytes of
// corpus text and reports the peak heap in use, sampled every 5 ms. For the
// 100 MB figure run:
//
//	PASYANS_STREAM_MB=100 go test -run '^$' -bench StreamMemory -benchtime 1x ./normalize
func BenchmarkStreamMemory(b *testing.B) {
	n := normalizer(b)
	mb := 20
	if v, err := strconv.Atoi(os.Getenv("PASYANS_STREAM_MB")); err == nil && v > 0 {
		mb = v
	}
	text := corpusLike(b, 1<<20)
	// Whole copies of the text, so the input never ends inside a rune.
	copies := (int64(mb)<<20 + int64(len(text)) - 1) / int64(len(text))
	size := copies * int64(len(text))
	b.SetBytes(size)
	var peak atomic.Uint64
	done := make(chan struct{})
	go func() {
		var ms runtime.MemStats
		t := time.NewTicker(5 * time.Millisecond)
		defer t.Stop()
		for {
			select {
			case <-done:
				return
			case <-t.C:
				runtime.ReadMemStats(&ms)
				if ms.HeapInuse > peak.Load() {
					peak.Store(ms.HeapInuse)
				}
			}
		}
	}()
	for b.Loop() {
		r := &repeatReader{text: text, left: size}
		if err := n.Stream(context.Background(), "big", r, io.Discard, StreamOptions{}); err != nil {
			b.Fatal(err)
		}
	}
	close(done)
	b.ReportMetric(float64(peak.Load())/(1<<20), "peak-heap-MB")
}

// BenchmarkReformKnown measures reformKnown, the OCR corrector's lexicon
// question, on candidate spellings like the corrector's: the words of the
// corpus with one letter changed, nearly none of them words.
func BenchmarkReformKnown(b *testing.B) {
	n := normalizer(b)
	rng := rand.New(rand.NewPCG(1, 2))
	letters := []rune("абвгдежзийклмнопрстуфхцчшщъыьэюяіѣ")
	var cands [][]byte
	files := corpusFiles(b)
	names := make([]string, 0, len(files))
	for name := range files {
		names = append(names, name)
	}
	slices.Sort(names)
	for _, name := range names {
		for _, f := range strings.FieldsFunc(strings.ToLower(files[name]), func(r rune) bool { return !isLetter(r) }) {
			rs := []rune(f)
			if len(rs) < 4 || len(cands) >= 20000 {
				continue
			}
			rs[rng.IntN(len(rs))] = letters[rng.IntN(len(letters))]
			cands = append(cands, []byte(string(rs)))
		}
	}
	var sc spellScratch
	known := 0
	b.ResetTimer()
	for i := 0; b.Loop(); i++ {
		if n.reformKnown(cands[i%len(cands)], true, &sc) {
			known++
		}
	}
	b.ReportMetric(float64(known)/float64(b.N), "known/op")
}
