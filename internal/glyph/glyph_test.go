package glyph

import (
	"strings"
	"testing"
	"unicode"

	"golang.org/x/text/runes"
	"golang.org/x/text/transform"
)

func TestLookalike(t *testing.T) {
	for in, want := range map[rune]rune{
		'A': 'А', 'B': 'В', 'b': 'ь', 'I': 'І', 'i': 'і', 'l': 'і', 'm': 'т', 'M': 'М',
		'n': 'п', 'u': 'и', 'r': 'г', 'k': 'к', 'K': 'К', 'y': 'у', 'Y': 'У', 'H': 'Н',
	} {
		if got, ok := Lookalike(in); !ok || got != want {
			t.Errorf("Lookalike(%q) = %q, %v; want %q", in, got, ok, want)
		}
	}
	for _, r := range "dfghjqstvwzDFGJLNQRSUVWZ0123456789.,-абвЖ ЁѣІ" {
		if got, ok := Lookalike(r); ok || got != r {
			t.Errorf("Lookalike(%q) = %q, %v; want no look-alike", r, got, ok)
		}
	}
	// Every look-alike is a Cyrillic letter of the Latin letter's case.
	for r := rune('A'); r <= 'z'; r++ {
		if c, ok := Lookalike(r); ok && (!unicode.Is(unicode.Cyrillic, c) || unicode.IsUpper(c) != unicode.IsUpper(r)) {
			t.Errorf("Lookalike(%q) = %q: not a Cyrillic letter of the same case", r, c)
		}
	}
}

func TestFold(t *testing.T) {
	cases := map[string]string{
		"ДВђ ПОЛНЫХЪ КОЛОДЫ":     "две полныхъ колоды",
		"АНГЛІЙСКАЯ КОНСТИТУЦIЯ": "английская конституция",
		"Зодіакъ":                "зодиакъ",
		"МEЛЬHИЦA":               "мельница",
		"Ѳеодоръ ѵпостась":       "феодоръ ипостась",
		"ёлка Ёж":                "елка еж",
		"кaрты внuмательно":      "карты внимательно",
		"Latin d, t and h stay":  "Latin d, t and h stay",
	}
	// Fold lower-cases and maps look-alikes: compare with the expectation
	// folded by hand for the last, Latin case.
	cases["Latin d, t and h stay"] = "иаtип d, t апd h stау"
	for in, want := range cases {
		want = strings.ReplaceAll(want, "й", "и")
		if got := strings.Map(Fold, in); got != want {
			t.Errorf("Fold(%q) = %q, want %q", in, got, want)
		}
		// runes.Map gives the same.
		got, _, err := transform.String(runes.Map(Fold), in)
		if err != nil || got != want {
			t.Errorf("runes.Map(Fold)(%q) = %q, %v; want %q", in, got, err, want)
		}
	}
	// Folding is idempotent.
	for r := rune(0); r < 0x500; r++ {
		if f := Fold(r); Fold(f) != f {
			t.Errorf("Fold(Fold(%q)) = %q, not %q", r, Fold(f), f)
		}
	}
}

func TestDigitLetter(t *testing.T) {
	for _, c := range []struct {
		in    rune
		upper bool
		want  rune
		ok    bool
	}{{'3', true, 'З', true}, {'3', false, 'з', true}, {'0', true, 'О', true}, {'0', false, 'о', true},
		{'6', false, 'б', true}, {'6', true, '6', false}, {'1', false, '1', false}, {'a', false, 'a', false}} {
		if got, ok := DigitLetter(c.in, c.upper); got != c.want || ok != c.ok {
			t.Errorf("DigitLetter(%q, %v) = %q, %v; want %q, %v", c.in, c.upper, got, ok, c.want, c.ok)
		}
	}
}

func TestRoman(t *testing.T) {
	for in, want := range map[string]int{
		"I": 1, "II": 2, "IV": 4, "IX": 9, "XIV": 14, "XXXIX": 39, "XL": 40, "MCMXVIII": 1918,
		"ІІ": 2, "ІV": 4, "ХІІ": 12, "Ѵ": 5, "ӀӀ": 2, "lI": 2, "MMMCMXCIX": 3999,
	} {
		if got, ok := Roman(in); !ok || got != want {
			t.Errorf("Roman(%q) = %d, %v; want %d", in, got, ok, want)
		}
	}
	for _, in := range []string{"", "IIII", "VV", "IL", "IC", "XXXX", "MMMM", "ii", "П", "1", "Il.", "CIVIL", "I I", "x"} {
		if got, ok := Roman(in); ok {
			t.Errorf("Roman(%q) = %d, want no numeral", in, got)
		}
	}
	for n := 1; n <= 3999; n++ {
		s := ToRoman(n)
		if v, ok := Roman(s); !ok || v != n {
			t.Fatalf("Roman(ToRoman(%d) = %q) = %d, %v", n, s, v, ok)
		}
	}
	if ToRoman(0) != "" || ToRoman(4000) != "" {
		t.Error("ToRoman out of range")
	}
}

func TestRomanDamaged(t *testing.T) {
	for in, want := range map[string]int{
		"II": 2, "ІІ.": 2, "IV": 4, "У": 5, "3": 3, "Х": 10, "П": 2, "Ш": 3, "Н": 2, "ПІ": 3,
		"l": 1, "1": 1, "|": 1, "!": 1, "IУ": 4, "Vl": 6, "lII": 3, "Il": 2, "xii": 12, " IV. ": 4,
		"XXXIX": 39, "39": 39, "XL": 11,
	} {
		if got, ok := RomanDamaged(in); !ok || got != want {
			t.Errorf("RomanDamaged(%q) = %d, %v; want %d", in, got, ok, want)
		}
	}
	for _, in := range []string{"", "ab", "IIII", "IXI", "40", "0", "Т", "I I", "ШШ", "-3"} {
		if got, ok := RomanDamaged(in); ok {
			t.Errorf("RomanDamaged(%q) = %d, want no number", in, got)
		}
	}
	for _, r := range "IVXlі1|!ПШНУVХXІпшнухivx" {
		if !IsDamagedRomanGlyph(r) {
			t.Errorf("IsDamagedRomanGlyph(%q) = false", r)
		}
	}
	for _, r := range "ТтАаCDM2. " {
		if IsDamagedRomanGlyph(r) {
			t.Errorf("IsDamagedRomanGlyph(%q) = true", r)
		}
	}
	// Every numeral Roman reads up to MaxRuleNumber RomanDamaged reads the same.
	for n := 1; n <= MaxRuleNumber; n++ {
		if v, ok := RomanDamaged(ToRoman(n)); !ok || v != n {
			t.Errorf("RomanDamaged(%q) = %d, %v", ToRoman(n), v, ok)
		}
	}
}

func BenchmarkFold(b *testing.B) {
	s := strings.Repeat("Всђ карты въ крыльяхъ годны. КОНСТИТУЦIЯ. ", 100)
	b.SetBytes(int64(len(s)))
	for b.Loop() {
		_ = strings.Map(Fold, s)
	}
}
