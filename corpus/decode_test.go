package corpus

import (
	"bytes"
	"errors"
	"io"
	"math/rand/v2"
	"runtime"
	"slices"
	"strings"
	"testing"

	"golang.org/x/text/encoding"
	"golang.org/x/text/encoding/charmap"
	xunicode "golang.org/x/text/encoding/unicode"
)

// representable replaces the runes of s that cm cannot encode with close
// substitutes (ђ → е, і → и, «» → ", — → -) or '?', as a user saving the
// text in that encoding would see it.
func representable(s string, cm *charmap.Charmap) string {
	subst := map[rune]rune{'ђ': 'е', 'Ђ': 'Е', 'ѣ': 'е', 'і': 'и', 'І': 'И', 'ѵ': 'и', '«': '"', '»': '"', '—': '-', '–': '-'}
	return strings.Map(func(r rune) rune {
		if _, ok := cm.EncodeRune(r); ok {
			return r
		}
		if s, ok := subst[r]; ok {
			if _, ok := cm.EncodeRune(s); ok {
				return s
			}
		}
		return '?'
	}, s)
}

// sameSegmentation fails unless a and b have identical blocks.
func sameSegmentation(t *testing.T, label string, a, b *Document) {
	t.Helper()
	if a.Text != b.Text {
		t.Fatalf("%s: decoded text differs", label)
	}
	if len(a.Blocks) != len(b.Blocks) {
		t.Fatalf("%s: %d blocks, want %d", label, len(b.Blocks), len(a.Blocks))
	}
	for i := range a.Blocks {
		x, y := a.Blocks[i], b.Blocks[i]
		if x.Kind != y.Kind || x.Game != y.Game || x.RuleNumber != y.RuleNumber || x.FootnoteNumber != y.FootnoteNumber ||
			x.Span != y.Span || x.Text != y.Text || !slices.Equal(x.Markers, y.Markers) || !slices.Equal(x.MarkerBlocks, y.MarkerBlocks) {
			t.Fatalf("%s: block %d differs:\n%+v\n%+v", label, i, x, y)
		}
	}
}

func mustRead(t *testing.T, name string, data []byte) *Document {
	t.Helper()
	d, err := Read(bg, name, bytes.NewReader(data), testOptions(t))
	if err != nil {
		t.Fatalf("Read(%s): %v", name, err)
	}
	return d
}

// TestEncodings: every embedded file saved as Windows-1251, KOI8-R, UTF-16
// LE/BE with BOM, UTF-8 with BOM, CRLF and CR segments exactly like the
// UTF-8 original (for the 8-bit encodings: like the UTF-8 text of what the
// encoding can represent).
func TestEncodings(t *testing.T) {
	for _, name := range Names() {
		raw, err := embedded.ReadFile("data/" + name + ".txt")
		if err != nil {
			t.Fatal(err)
		}
		orig := mustRead(t, name, raw)
		for _, c := range []struct {
			enc  string
			code encoding.Encoding
		}{
			{EncUTF16LE, xunicode.UTF16(xunicode.LittleEndian, xunicode.UseBOM)},
			{EncUTF16BE, xunicode.UTF16(xunicode.BigEndian, xunicode.UseBOM)},
			{EncUTF16LENoBOM, xunicode.UTF16(xunicode.LittleEndian, xunicode.IgnoreBOM)},
			{EncUTF16BENoBOM, xunicode.UTF16(xunicode.BigEndian, xunicode.IgnoreBOM)},
			{EncUTF8BOM, xunicode.UTF8BOM},
		} {
			data, err := c.code.NewEncoder().Bytes(raw)
			if err != nil {
				t.Fatal(err)
			}
			d := mustRead(t, name, data)
			if d.Encoding != c.enc {
				t.Errorf("%s as %s detected as %s", name, c.enc, d.Encoding)
			}
			sameSegmentation(t, name+" "+c.enc, orig, d)
		}
		for _, eol := range []string{"\r\n", "\r"} {
			d := mustRead(t, name, []byte(strings.ReplaceAll(string(raw), "\n", eol)))
			sameSegmentation(t, name+" "+strings.ReplaceAll(eol, "\r", "CR"), orig, d)
		}
		for _, c := range []struct {
			enc string
			cm  *charmap.Charmap
		}{{EncWindows1251, charmap.Windows1251}, {EncKOI8R, charmap.KOI8R}} {
			text := representable(string(raw), c.cm)
			data, err := c.cm.NewEncoder().Bytes([]byte(text))
			if err != nil {
				t.Fatalf("%s: encode %s: %v", name, c.enc, err)
			}
			want := mustRead(t, name, []byte(text))
			d := mustRead(t, name, data)
			if d.Encoding != c.enc {
				t.Errorf("%s as %s detected as %s", name, c.enc, d.Encoding)
			}
			sameSegmentation(t, name+" "+c.enc, want, d)
			// The substitutes must not change the structure either.
			for i, b := range orig.Blocks {
				if i >= len(d.Blocks) || d.Blocks[i].Kind != b.Kind || d.Blocks[i].Game != b.Game || d.Blocks[i].RuleNumber != b.RuleNumber {
					t.Fatalf("%s %s: block %d differs in structure from the original", name, c.enc, i)
				}
			}
			if text == string(raw) {
				sameSegmentation(t, name+" "+c.enc+" exact", orig, d)
			}
		}
	}
}

// TestDetectShortLegacy: short texts in 8-bit encodings are told apart too.
func TestDetectShortLegacy(t *testing.T) {
	texts := []string{
		"Кладут шесть рядов по восьми карт, наблюдая, чтобы две парные карты не приходились одна под другой.",
		"ДВЕ ПОЛНЫЕ КОЛОДЫ КАРТ. Правила игры просты: тузы кладутся в ряд.",
		"Съ остальными картами поступаютъ обыкновеннымъ порядкомъ.",
	}
	for _, s := range texts {
		for _, c := range []struct {
			enc string
			cm  *charmap.Charmap
		}{{EncWindows1251, charmap.Windows1251}, {EncKOI8R, charmap.KOI8R}} {
			data, err := c.cm.NewEncoder().Bytes([]byte(s))
			if err != nil {
				t.Fatal(err)
			}
			d := mustRead(t, "short", data)
			if d.Encoding != c.enc || d.Text != s {
				t.Errorf("%q as %s: detected %s, text %q", s, c.enc, d.Encoding, d.Text)
			}
		}
	}
}

func TestBadInput(t *testing.T) {
	prose := "Берутъ изъ колоды туза и кладутъ его посрединђ, передъ собою.\n"
	rng := rand.New(rand.NewPCG(1, 2))
	random := make([]byte, 4096)
	for i := range random {
		random[i] = byte(rng.UintN(256))
	}
	bigASCII := strings.Repeat(prose, 2000) // > 64 KiB of valid UTF-8 …
	cases := []struct {
		name string
		data []byte
		want error
	}{
		{"empty", nil, ErrEmpty},
		{"whitespace", []byte(" \n\r\n\t "), ErrEmpty},
		{"bom only", []byte{0xEF, 0xBB, 0xBF}, ErrEmpty},
		{"nul", []byte("Берутъ изъ колоды\x00туза и кладутъ его посрединђ"), ErrBinary},
		{"control", []byte(prose + "\x01\x02" + prose), ErrBinary},
		{"utf16 nul", append([]byte{0xFF, 0xFE}, []byte("a\x00\x00\x00b\x00")...), ErrBinary},
		{"random", random, ErrBinary},
		{"latin1", []byte("Le caf\xe9 est ferm\xe9 aujourd'hui, il faut attendre demain matin."), ErrEncoding},
		{"english", []byte("This is plain English text, not Cyrillic prose at all, sorry."), ErrNotProse},
		{"numbers", []byte("1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 аб 17 18 19 20 21 22 23 24 25 вг"), ErrNotProse},
		{"gibberish", []byte("ъыъь щщъ ыъьъ ьъыщ ъъъы ьььщ щъыь ъыщщ ьъъы ыыщъ"), ErrNotProse},
		{"late invalid utf8", append([]byte(bigASCII), 0xFF, 0xFE, 'x'), ErrEncoding},
		{"mojibake", []byte("Кладут шесть рядов \xff по восьми карт, наблюдая, чтобы две парные карты не приходились одна под другой."), ErrEncoding},
	}
	for _, c := range cases {
		_, err := Read(bg, "in.txt", bytes.NewReader(c.data), testOptions(t))
		if !errors.Is(err, c.want) {
			t.Errorf("%s: err = %v, want %v", c.name, err, c.want)
			continue
		}
		if msg := err.Error(); !strings.HasPrefix(msg, "in.txt: ") || strings.Contains(msg, "\n") {
			t.Errorf("%s: message %q is not one line naming the file", c.name, msg)
		}
	}
}

// TestLineTooLong: a line longer than Options.MaxLine is a one-line error
// naming the file and the line, not a run-away read.
func TestLineTooLong(t *testing.T) {
	opts := testOptions(t)
	opts.MaxLine = 100
	text := "Берутъ изъ колоды туза.\n" + strings.Repeat("слово ", 30) + "\n"
	_, err := Read(bg, "long.txt", strings.NewReader(text), opts)
	if !errors.Is(err, ErrLineTooLong) || err.Error() != "long.txt: line too long (line 2 is longer than 100 bytes)" {
		t.Errorf("err = %v", err)
	}
	opts.MaxLine = 400
	if _, err := Read(bg, "long.txt", strings.NewReader(text), opts); err != nil {
		t.Errorf("within the limit: %v", err)
	}
}

// errReader fails after its data.
type errReader struct{ r io.Reader }

func (e errReader) Read(p []byte) (int, error) {
	n, err := e.r.Read(p)
	if err == io.EOF {
		return n, errors.New("device on fire")
	}
	return n, err
}

func TestReadError(t *testing.T) {
	_, err := Read(bg, "x", errReader{strings.NewReader(strings.Repeat("Слово за словом. ", 10))}, testOptions(t))
	if err == nil || !strings.Contains(err.Error(), "x: device on fire") {
		t.Errorf("err = %v", err)
	}
}

// TestSegmentShapes covers layouts the corpus does not have: page numbers,
// hard-wrapped paragraphs, CR line ends, a document with no game.
func TestSegmentShapes(t *testing.T) {
	text := "ЧЕТЫРЕ УГЛА.\n\nПравила.\n\nI. Первое правило\nпродолжается здѣсь.\n\n— 12 —\n\nКладутъ двѣнадцать картъ и играютъ\nдалѣе по порядку[3].\n\n3\nПримѣчаніе къ игрѣ о картахъ.\n\n4\nВторое примѣчаніе.\n\n7\n\nМЕЛЬНИЦА.\n"
	d := mustRead(t, "shapes", []byte(text))
	checkSpans(t, d)
	want := []struct {
		kind Kind
		game string
		fn   int
	}{
		{KindGameHeading, "four-corners", 0}, {KindSection, "four-corners", 0}, {KindRule, "four-corners", 0},
		{KindPageNumber, "", 0}, {KindParagraph, "four-corners", 0}, {KindFootnote, "four-corners", 3},
		{KindFootnote, "four-corners", 4}, {KindPageNumber, "", 0}, {KindGameHeading, "windmill", 0},
	}
	if len(d.Blocks) != len(want) {
		for _, b := range d.Blocks {
			t.Logf("%s %q", b.Kind, b.Text)
		}
		t.Fatalf("%d blocks, want %d", len(d.Blocks), len(want))
	}
	for i, w := range want {
		b := d.Blocks[i]
		if b.Kind != w.kind || b.Game != w.game || b.FootnoteNumber != w.fn {
			t.Errorf("block %d = %s %s %d %q, want %s %s %d", i, b.Kind, b.Game, b.FootnoteNumber, b.Text, w.kind, w.game, w.fn)
		}
	}
	if b := d.Blocks[2]; b.Text != "I. Первое правило\nпродолжается здѣсь." || b.Span.EndLine != 6 {
		t.Errorf("wrapped rule = %q %+v", b.Text, b.Span)
	}
	if b := d.Blocks[4]; len(b.MarkerBlocks) != 1 || b.MarkerBlocks[0] != 5 {
		t.Errorf("marker links = %v", b.MarkerBlocks)
	}

	// No heading at all: the game comes from the vocabulary.
	d = mustRead(t, "tail", []byte("Если в кону не останется ни одной карты, а 8 дам, изображающих гарем султана, разложатся кругом, то пасьянс сошелся."))
	if d.Blocks[0].Game != "sultan" {
		t.Errorf("vocabulary game = %q, want sultan", d.Blocks[0].Game)
	}
	// A modern heading on its own line, with text of another game before it.
	d = mustRead(t, "pujol", []byte("Если в кону не останется ни одной карты, то пасьянс сошелся, и султан доволен.\nНаполеоновский пасьянс.\nКладут шесть рядов по восьми карт.\n"))
	if got := []string{d.Blocks[0].Game, string(d.Blocks[1].Kind), d.Blocks[2].Game}; strings.Join(got, " ") != "sultan game-heading napoleon" {
		t.Errorf("got %v", got)
	}
}

// largeInput repeats the 004 text (saved as Windows-1251) to at least n bytes.
func largeInput(tb testing.TB, n int) []byte {
	tb.Helper()
	raw, err := embedded.ReadFile("data/004_c05a91b701b2f7eb.txt")
	if err != nil {
		tb.Fatal(err)
	}
	page, err := charmap.Windows1251.NewEncoder().Bytes(append(raw, "\n\n"...))
	if err != nil {
		tb.Fatal(err)
	}
	return bytes.Repeat(page, n/len(page)+1)
}

// TestMemoryLarge reads a 4 MB Windows-1251 input, with and without a size
// hint, and checks the bytes allocated in total — an upper bound of the peak
// — stay well under 10× the input. The decoded text alone is about 1.8× the
// input (Cyrillic takes two bytes in UTF-8); the rest is the blocks (each
// block's Text shares the document's string) and short-lived buffers.
func TestMemoryLarge(t *testing.T) {
	if testing.Short() {
		t.Skip("large input")
	}
	data := largeInput(t, 4<<20)
	for _, c := range []struct {
		name  string
		r     func() io.Reader
		limit float64 // total allocation / input size
	}{
		{"sized", func() io.Reader { return bytes.NewReader(data) }, 5},
		{"stream", func() io.Reader { return io.MultiReader(bytes.NewReader(data)) }, 7},
	} {
		r := c.r()
		runtime.GC()
		var before, after runtime.MemStats
		runtime.ReadMemStats(&before)
		d, err := Read(bg, "large", r, testOptions(t))
		runtime.ReadMemStats(&after)
		if err != nil {
			t.Fatal(err)
		}
		alloc := float64(after.TotalAlloc - before.TotalAlloc)
		ratio := alloc / float64(len(data))
		t.Logf("%s: input %d B, text %d B, %d blocks, allocated %.0f B = %.2f× input",
			c.name, len(data), len(d.Text), len(d.Blocks), alloc, ratio)
		if ratio > c.limit {
			t.Errorf("%s: allocated %.2f× the input, limit %.0f×", c.name, ratio, c.limit)
		}
		if d.Encoding != EncWindows1251 {
			t.Errorf("encoding %s", d.Encoding)
		}
	}
}

func BenchmarkRead(b *testing.B) {
	data := largeInput(b, 1<<20)
	b.SetBytes(int64(len(data)))
	b.ReportAllocs()
	for b.Loop() {
		if _, err := Read(bg, "bench", bytes.NewReader(data), testOptions(b)); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkEmbedded(b *testing.B) {
	b.ReportAllocs()
	for b.Loop() {
		if _, err := Embedded(bg, testOptions(b)); err != nil {
			b.Fatal(err)
		}
	}
}
