package link

import (
	"context"
	"fmt"
	"strings"
	"testing"

	"github.com/pasyans/pasyans/corpus"
	"github.com/pasyans/pasyans/internal/corpuslike"
	"github.com/pasyans/pasyans/normalize"
)

// corpusLikeDoc segments size bytes of corpus-like text, as paragraphs or
// as one paragraph on one line.
func corpusLikeDoc(tb testing.TB, size int64, one bool) *corpus.Document {
	tb.Helper()
	var b strings.Builder
	if err := corpuslike.Write(context.Background(), &b, corpuslike.Options{Size: size, Seed: 5, OneParagraph: one}); err != nil {
		tb.Fatal(err)
	}
	d, err := corpus.Read(context.Background(), "corpuslike", strings.NewReader(b.String()), corpus.Options{Games: Games(nil), MaxLine: 1 << 30})
	if err != nil {
		tb.Fatal(err)
	}
	return d
}

// TestLinearWork: the scoring work grows with the text, not with the square
// of a paragraph's length — one paragraph four times as long costs four
// times the word visits (within 10 %), and so do four times as many
// paragraphs.
func TestLinearWork(t *testing.T) {
	for _, one := range []bool{true, false} {
		var visits [2]int
		for k, size := range []int64{100 << 10, 400 << 10} {
			_, ix, err := documents(context.Background(), []*corpus.Document{corpusLikeDoc(t, size, one)}, Options{Play: true})
			if err != nil {
				t.Fatal(err)
			}
			visits[k] = ix.wholeSc.visits + ix.winSc.visits
		}
		ratio := float64(visits[1]) / float64(visits[0])
		if ratio < 3.6 || ratio > 4.4 {
			t.Errorf("one paragraph %v: 4× the text costs %.2f× the word visits (%d, %d)", one, ratio, visits[0], visits[1])
		}
	}
}

// BenchmarkDocuments links 0.1 to 20 MB of corpus-like text, as paragraphs
// and as one paragraph, with the normalizer (whose document-wide pass is
// part of the work), and reports MB per CPU-second. For the figures of the
// README:
//
//	go test -run '^$' -bench Documents -benchtime 1x ./link
func BenchmarkDocuments(b *testing.B) {
	n, err := normalize.New()
	if err != nil {
		b.Fatal(err)
	}
	for _, one := range []bool{false, true} {
		for _, mb := range []float64{0.1, 1, 5, 20} {
			name := fmt.Sprintf("paragraphs/%gMB", mb)
			if one {
				name = fmt.Sprintf("one-paragraph/%gMB", mb)
			}
			b.Run(name, func(b *testing.B) {
				d := corpusLikeDoc(b, int64(mb*(1<<20)), one)
				b.SetBytes(int64(len(d.Text)))
				cpu := cpuSeconds()
				for b.Loop() {
					if _, err := Documents(context.Background(), []*corpus.Document{d}, Options{Normalizer: n, Play: true}); err != nil {
						b.Fatal(err)
					}
				}
				if s := cpuSeconds() - cpu; s > 0 {
					b.ReportMetric(float64(len(d.Text))*float64(b.N)/(1<<20)/s, "MB/cpu-s")
				}
			})
		}
	}
}
