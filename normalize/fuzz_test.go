package normalize

import (
	"strings"
	"testing"
	"unicode/utf8"
)

func FuzzTokenize(f *testing.F) {
	for _, s := range []string{"", "II. Берутъ[6] 20 карт\r\n", "прави-\nламъ", "3одіакъ КОНСТИТУЦIЯ", "[", "[1", "/к", "\xff\n"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		end := 0
		lines := 1
		for _, r := range tokenize(nil, s) {
			if int(r.start) != end || r.end <= r.start {
				t.Fatalf("token [%d,%d) after %d in %q", r.start, r.end, end, s)
			}
			if int(r.line) != lines {
				t.Fatalf("line %d, want %d", r.line, lines)
			}
			if r.kind == kNewline {
				lines++
			}
			end = int(r.end)
		}
		if end != len(s) {
			t.Fatalf("tokens cover %d of %d bytes", end, len(s))
		}
	})
}

// modernWords is a vocabulary of modern words for the "modern text is left
// alone" property.
var modernWords = strings.Fields("карта карты пасьянс колода туз король дама валет на в из и не то что как если его их ряд место после все основные следует масть Наполеон")

func FuzzNormalize(f *testing.F) {
	for _, s := range []string{"", "Берутъ изъ пачки въ двђ колоды", "Еслн онђ нзъ\n\nКаждыіі", "ДВђ ПОЛНЫХЪ КОЛОДЫ КАРТЪ.", "прави-\nламъ -\n", "\r\n\r\n", "ъ ъъ іі ѣ"} {
		f.Add(s, uint64(12345))
	}
	n, err := New()
	if err != nil {
		f.Fatal(err)
	}
	f.Fuzz(func(t *testing.T, s string, seed uint64) {
		res := mustDoc(t, n, "fuzz", s)
		if got, want := strings.Count(res.Text, "\n"), strings.Count(s, "\n"); got != want {
			t.Fatalf("%d lines, want %d: %q → %q", got, want, s, res.Text)
		}
		for _, e := range res.Edits {
			if e.Confidence < 0 || e.Confidence > 1 || len(e.Rules) == 0 {
				t.Fatalf("bad edit %+v", e)
			}
		}
		if utf8.ValidString(s) && !utf8.ValidString(res.Text) {
			t.Fatalf("valid input, invalid output: %q", res.Text)
		}
		// Modern-only input built from the seed is unchanged.
		var b strings.Builder
		x := seed | 1
		for i := 0; i < 12; i++ {
			x ^= x << 13
			x ^= x >> 7
			x ^= x << 17
			b.WriteString(modernWords[x%uint64(len(modernWords))])
			b.WriteString([]string{" ", ", ", ".\n", " — ", "\n\n"}[(x>>8)%5])
		}
		if m := b.String(); mustDoc(t, n, "m", m).Text != m {
			t.Fatalf("modern text changed: %q", m)
		}
	})
}
