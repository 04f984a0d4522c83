package corpus

import (
	"bytes"
	"strings"
	"testing"
	"unicode/utf8"

	"golang.org/x/text/unicode/norm"
)

// addSeeds adds the embedded files and a few odd layouts to a fuzz corpus.
func addSeeds(f *testing.F, add func([]byte)) {
	for _, n := range Names() {
		raw, err := embedded.ReadFile("data/" + n + ".txt")
		if err != nil {
			f.Fatal(err)
		}
		add(raw)
		add(raw[:len(raw)/3])
	}
	for _, s := range []string{
		"", "\n\n", "ЧЕТЫРЕ УГЛА.\r\nI. Правило\r\nпродолжается.\r\n6\r\nПримечание.[6]",
		"Наполеоновский пасьянс. Для пасьянса", "3\n\n[3]\n", "\xff\xfeI\x00.\x00", "II.\nМасти.\nIII. x",
	} {
		add([]byte(s))
	}
}

// FuzzRead: Read never panics, and what it accepts is well-formed.
func FuzzRead(f *testing.F) {
	addSeeds(f, func(b []byte) { f.Add(b) })
	f.Fuzz(func(t *testing.T, data []byte) {
		d, err := Read(bg, "fuzz", bytes.NewReader(data), testOptions(t))
		if err != nil {
			if strings.Contains(err.Error(), "\n") || !strings.HasPrefix(err.Error(), "fuzz: ") {
				t.Fatalf("bad error %q", err)
			}
			return
		}
		if !utf8.ValidString(d.Text) || !norm.NFC.IsNormalString(d.Text) || strings.ContainsRune(d.Text, '\r') {
			t.Fatal("decoded text is not valid NFC UTF-8 with LF line ends")
		}
		checkSpans(t, d)
	})
}

// FuzzSegment: segmentation of any NFC LF text keeps the block invariants
// (spans in bounds and increasing, texts equal to their source slices,
// consistent lines and columns, markers linked within range).
func FuzzSegment(f *testing.F) {
	addSeeds(f, func(b []byte) { f.Add(string(b)) })
	f.Fuzz(func(t *testing.T, s string) {
		s = norm.NFC.String(strings.ToValidUTF8(strings.NewReplacer("\r\n", "\n", "\r", "\n").Replace(s), "\uFFFD"))
		d := &Document{Text: s, Blocks: mustSegment(t, s)}
		checkSpans(t, d)
		for _, b := range d.Blocks {
			if len(b.MarkerBlocks) != len(b.Markers) {
				t.Fatalf("block %d: %d markers, %d links", b.Index, len(b.Markers), len(b.MarkerBlocks))
			}
			for _, m := range b.MarkerBlocks {
				if m < -1 || m >= len(d.Blocks) || (m >= 0 && d.Blocks[m].Kind != KindFootnote) {
					t.Fatalf("block %d: bad marker link %d", b.Index, m)
				}
			}
			if b.Kind == "" || strings.TrimSpace(b.Text) != b.Text {
				t.Fatalf("block %d: kind %q text %q", b.Index, b.Kind, b.Text)
			}
		}
		if len(d.Blocks) <= 100 { // LinkDuplicates is quadratic in blocks
			mustLinkDuplicates(t, []*Document{d, {Name: "copy", Text: s, Blocks: mustSegment(t, s)}})
			for _, b := range d.Blocks {
				if b.Duplicate != nil && (b.Duplicate.Doc != "copy" || b.Duplicate.Block >= len(d.Blocks)) {
					t.Fatalf("block %d: bad duplicate %+v", b.Index, *b.Duplicate)
				}
			}
		}
	})
}
