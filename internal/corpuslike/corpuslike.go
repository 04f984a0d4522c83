// Package corpuslike writes text like the corpus, of any size, for
// benchmarks and memory measurements: the paragraphs of the pre-reform
// documents of the embedded corpus (000–002), drawn at random, with OCR
// damage of the corpus's kinds added at random to one word in 25 of four
// letters or more, so that a large input is not the same few pages over and
// over (the normalizer caches what it has seen; repeated text flatters it).
// Options.Repeat writes the corpus repeated instead, for comparison.
package corpuslike

import (
	"bufio"
	"context"
	"fmt"
	"io"
	"math/rand/v2"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/pasyans/pasyans/corpus"
)

// Options shape the text.
type Options struct {
	// Size is the number of bytes to write, at least (the last paragraph
	// is written whole).
	Size int64
	// Seed selects the paragraphs and the damage.
	Seed uint64
	// OneParagraph writes everything as one paragraph on one line, the
	// worst case for a linker that compares within a paragraph.
	OneParagraph bool
	// DamageRate is the share of words of four letters or more that get
	// one OCR confusion on top of the corpus's own damage; 0 means 0.04,
	// about the corpus's own rate, so the text is about twice as damaged
	// as the corpus.
	DamageRate float64
	// Repeat writes the four embedded documents whole, in order, over and
	// over instead (with a line break after each): the corpus as it is,
	// which the normalizer's caches see again and again.
	Repeat bool
}

// confusions are OCR misreadings of the corpus: what the book has → what
// the OCR printed.
var confusions = [][2]string{
	{"и", "н"}, {"н", "и"}, {"е", "с"}, {"с", "е"}, {"п", "н"}, {"н", "п"}, {"й", "іі"}, {"ж", "/к"},
	{"а", "a"}, {"о", "o"}, {"ѣ", "ђ"}, {"ъ", "ь"}, {"т", "г"}, {"о", "с"}, {"в", "из"}, {"у", "ѵ"},
}

// Paragraphs returns the paragraphs of the pre-reform documents of the
// embedded corpus, each on one line.
func Paragraphs(ctx context.Context) ([]string, error) {
	var paras []string
	for _, name := range corpus.Names() {
		if strings.HasPrefix(name, "004") {
			continue // modern spelling
		}
		d, err := corpus.Open(ctx, name, corpus.Options{})
		if err != nil {
			return nil, err
		}
		for _, p := range strings.Split(d.Text, "\n\n") {
			if p = strings.TrimSpace(p); p != "" {
				paras = append(paras, p)
			}
		}
	}
	if len(paras) == 0 {
		return nil, fmt.Errorf("corpuslike: no paragraphs in the embedded corpus")
	}
	return paras, nil
}

// Write writes corpus-like text to w (see the package doc).
func Write(ctx context.Context, w io.Writer, opts Options) error {
	paras, err := Paragraphs(ctx)
	if err != nil {
		return err
	}
	if opts.Repeat {
		return writeRepeated(ctx, w, opts.Size)
	}
	rate := opts.DamageRate
	if rate == 0 {
		rate = 0.04
	}
	rng := rand.New(rand.NewPCG(opts.Seed, 0x70617379616e73))
	bw := bufio.NewWriterSize(w, 1<<20)
	var n int64
	var b strings.Builder
	for n < opts.Size {
		if err := ctx.Err(); err != nil {
			return err
		}
		b.Reset()
		damage(&b, paras[rng.IntN(len(paras))], rng, rate)
		s := b.String()
		if opts.OneParagraph {
			s = strings.ReplaceAll(s, "\n", " ") + " "
		} else {
			s += "\n\n"
		}
		k, err := bw.WriteString(s)
		if err != nil {
			return err
		}
		n += int64(k)
	}
	if opts.OneParagraph {
		if err := bw.WriteByte('\n'); err != nil {
			return err
		}
	}
	return bw.Flush()
}

// writeRepeated writes the embedded documents over and over.
func writeRepeated(ctx context.Context, w io.Writer, size int64) error {
	var texts []string
	for _, name := range corpus.Names() {
		d, err := corpus.Open(ctx, name, corpus.Options{})
		if err != nil {
			return err
		}
		texts = append(texts, d.Text+"\n")
	}
	bw := bufio.NewWriterSize(w, 1<<20)
	for n := int64(0); n < size; {
		for _, t := range texts {
			k, err := bw.WriteString(t)
			if err != nil {
				return err
			}
			n += int64(k)
		}
	}
	return bw.Flush()
}

// damage writes p to b with one confusion in about rate of its words of
// four letters or more (never in the first two letters).
func damage(b *strings.Builder, p string, rng *rand.Rand, rate float64) {
	for i := 0; i < len(p); {
		r, size := utf8.DecodeRuneInString(p[i:])
		if !unicode.Is(unicode.Cyrillic, r) {
			b.WriteRune(r)
			i += size
			continue
		}
		j := i
		runes := 0
		for j < len(p) {
			r, size := utf8.DecodeRuneInString(p[j:])
			if !unicode.Is(unicode.Cyrillic, r) {
				break
			}
			j += size
			runes++
		}
		word := p[i:j]
		if runes >= 4 && rng.Float64() < rate {
			c := confusions[rng.IntN(len(confusions))]
			head := len(string([]rune(word)[:2]))
			if k := strings.Index(word[head:], c[0]); k >= 0 {
				k += head
				word = word[:k] + c[1] + word[k+len(c[0]):]
			}
		}
		b.WriteString(word)
		i = j
	}
}
