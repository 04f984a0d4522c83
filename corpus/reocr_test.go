package corpus

import (
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"
	"unicode"
	"unicode/utf8"

	"github.com/pasyans/pasyans/internal/glyph"
)

// latinTwin maps Cyrillic letters to the Latin letters OCR confuses them with.
var latinTwin = map[rune]rune{
	'а': 'a', 'о': 'o', 'е': 'e', 'р': 'p', 'с': 'c', 'х': 'x', 'у': 'y',
	'А': 'A', 'В': 'B', 'Е': 'E', 'К': 'K', 'М': 'M', 'Н': 'H', 'О': 'O', 'Р': 'P', 'С': 'C', 'Т': 'T', 'Х': 'X',
}

// reOCR damages a heading-like line the way another OCR run or another
// printing would: ѣ/ђ/е and і/и swapped, Latin look-alikes, 3 for З,
// final ъ dropped or added, Cyrillic look-alikes in Roman numbers, and one
// wrong letter when the title is long enough for the matcher's tolerance.
func reOCR(s string, kind Kind, rng *rand.Rand) string {
	rs := []rune(s)
	numEnd := 0
	if kind == KindRule {
		for numEnd < len(rs) && glyph.IsRomanGlyph(rs[numEnd]) {
			if rs[numEnd] == 'I' && rng.IntN(2) == 0 {
				rs[numEnd] = 'І'
			}
			if rs[numEnd] == 'X' && rng.IntN(2) == 0 {
				rs[numEnd] = 'Х'
			}
			numEnd++
		}
	}
	var out []rune
	for i := 0; i < len(rs); i++ {
		r := rs[i]
		wordStart := i == 0 || !unicode.IsLetter(rs[i-1])
		wordEnd := i+1 == len(rs) || !unicode.IsLetter(rs[i+1])
		switch {
		case i < numEnd:
		case r == 'ђ' || r == 'ѣ':
			r = []rune{'е', 'ѣ', 'ђ'}[rng.IntN(3)]
		case r == 'е' && rng.IntN(3) == 0:
			r = []rune{'ѣ', 'ђ'}[rng.IntN(2)]
		case r == 'і' && rng.IntN(2) == 0:
			r = 'и'
		case r == 'и' && rng.IntN(3) == 0:
			r = 'і'
		case (r == 'З' || r == 'з') && wordStart && rng.IntN(2) == 0:
			r = '3'
		case r == 'ъ' && wordEnd && rng.IntN(2) == 0:
			continue
		case latinTwin[r] != 0 && rng.IntN(3) == 0:
			r = latinTwin[r]
		}
		out = append(out, r)
		if wordEnd && unicode.IsLetter(r) && strings.ContainsRune("бвгджзклмнпрстфхцчшщБВГДЖЗКЛМНПРСТФХЦЧШЩ", r) && rng.IntN(3) == 0 {
			if unicode.IsUpper(r) {
				out = append(out, 'Ъ')
			} else {
				out = append(out, 'ъ')
			}
		}
	}
	// One wrong letter, if the matcher's tolerance allows one.
	key := fold(s)
	if kind == KindGameHeading || kind == KindCaption {
		key = titleCore(key)
	}
	if tolerance(key) >= 1 || kind == KindRule || kind == KindDeck {
		var cand []int
		for i, r := range out {
			if i > numEnd && i > 0 && unicode.Is(unicode.Cyrillic, r) && r != 'ъ' && r != 'Ъ' {
				cand = append(cand, i)
			}
		}
		if len(cand) > 0 {
			i := cand[rng.IntN(len(cand))]
			repl := []rune("бвгджклмнпрстфхцчшщ")[rng.IntN(19)]
			if unicode.IsUpper(out[i]) {
				repl = unicode.ToUpper(repl)
			}
			out[i] = repl
		}
	}
	return string(out)
}

// TestReOCR: copies of the corpus whose headings, captions, deck lines,
// sections and rule numbers carry different OCR errors segment the same
// (kinds, games, rule and footnote numbers, duplicates).
func TestReOCR(t *testing.T) {
	orig, err := Embedded(bg, testOptions(t))
	if err != nil {
		t.Fatal(err)
	}
	for seed := uint64(1); seed <= 40; seed++ {
		rng := rand.New(rand.NewPCG(seed, 7))
		var docs []*Document
		changed := 0
		for _, d := range orig {
			text := d.Text
			for i := len(d.Blocks) - 1; i >= 0; i-- {
				b := d.Blocks[i]
				switch b.Kind {
				case KindGameHeading, KindCaption, KindDeck, KindSection, KindRule:
				default:
					continue
				}
				src := b.Text
				if b.Kind == KindRule {
					if nl := strings.IndexByte(src, '\n'); nl >= 0 {
						src = src[:nl] // damage the first line only
					}
				}
				bad := reOCR(src, b.Kind, rng)
				if bad != src {
					changed++
				}
				text = text[:b.Span.StartByte] + bad + text[b.Span.StartByte+len(src):]
			}
			nd, err := Read(bg, d.Name, strings.NewReader(text), testOptions(t))
			if err != nil {
				t.Fatalf("seed %d %s: %v", seed, d.Name, err)
			}
			checkSpans(t, nd)
			docs = append(docs, nd)
		}
		if changed == 0 {
			t.Fatalf("seed %d: nothing damaged", seed)
		}
		mustLinkDuplicates(t, docs)
		for k, d := range orig {
			nd := docs[k]
			if len(nd.Blocks) != len(d.Blocks) {
				t.Fatalf("seed %d %s: %d blocks, want %d", seed, d.Name, len(nd.Blocks), len(d.Blocks))
			}
			for i, b := range d.Blocks {
				nb := nd.Blocks[i]
				if got, want := summary(nb), summary(b); got != want {
					t.Errorf("seed %d %s#%d: got %s, want %s (text %q)", seed, d.Name[:3], i, got, want, nb.Text)
				}
			}
		}
	}
}

// summary is the structure of a block without its text and span.
func summary(b Block) string {
	dup := ""
	if b.Duplicate != nil {
		dup = fmt.Sprintf("%s#%d", b.Duplicate.Doc, b.Duplicate.Block)
	}
	return fmt.Sprintf("%s/%s/%s/%d/%v/%s", b.Kind, b.Game, b.RuleNumber, b.FootnoteNumber, b.MarkerBlocks, dup)
}

func TestReOCRDamages(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 3))
	seen := map[string]bool{}
	for range 50 {
		seen[reOCR("АНГЛІЙСКАЯ КОНСТИТУЦІЯ.", KindGameHeading, rng)] = true
	}
	if len(seen) < 10 {
		t.Errorf("reOCR produced only %d variants", len(seen))
	}
	for s := range seen {
		if !utf8.ValidString(s) {
			t.Fatalf("invalid %q", s)
		}
	}
}

// TestDuplicatesOfReScan: a second scan of a whole document, with its own
// errors in every block, is linked block for block; a cut-off reading of a
// paragraph is linked too.
func TestDuplicatesOfReScan(t *testing.T) {
	docs := embeddedDocs(t)
	for _, k := range []string{"001", "004"} {
		d := docs[k]
		rng := rand.New(rand.NewPCG(9, 9))
		text := d.Text
		lastLen := 0
		for i := len(d.Blocks) - 1; i >= 0; i-- {
			b := d.Blocks[i]
			bad := reOCR(b.Text, b.Kind, rng)
			if i == len(d.Blocks)-1 {
				lastLen = len(bad)
			}
			text = text[:b.Span.StartByte] + bad + text[b.Span.EndByte:]
		}
		// Cut the last paragraph in half, as at a page break.
		if last := d.Blocks[len(d.Blocks)-1]; last.Kind == KindParagraph {
			trailing := len(d.Text) - last.Span.EndByte
			cut := len(text) - trailing - lastLen/2
			for !utf8.RuneStart(text[cut]) {
				cut++
			}
			text = text[:cut]
		}
		copyDoc, err := Read(bg, "copy", strings.NewReader(text), testOptions(t))
		if err != nil {
			t.Fatal(err)
		}
		orig, err := Read(bg, d.Name, strings.NewReader(d.Text), testOptions(t))
		if err != nil {
			t.Fatal(err)
		}
		mustLinkDuplicates(t, []*Document{orig, copyDoc})
		for i, b := range orig.Blocks {
			want := i
			if b.Kind == KindPageHeader || b.Kind == KindTitle || b.Kind == KindPageNumber {
				want = -1
			}
			got := -1
			if b.Duplicate != nil {
				got = b.Duplicate.Block
			}
			if got != want {
				t.Errorf("%s#%d (%s): duplicate %d, want %d", k, i, b.Kind, got, want)
			}
		}
	}
}
