package normalize

import (
	"math/rand/v2"
	"testing"
	"unicode"
	"unicode/utf8"
)

// TestFastPathsAgree: the allocation-free forms of the hot loops answer as
// the plain ones do — hasOldSpellingBytes as hasOldSpelling, decodeRune as
// utf8.DecodeRuneInString, the character table as the unicode package —
// on random words over the letters of the books and on every rune of the
// table.
func TestFastPathsAgree(t *testing.T) {
	letters := []rune("абвгдежзийклмнопрстуфхцчшщъыьэюяіѣѳѵёaeo3-")
	words := []string{"онѣ", "ея", "добраго", "синяго", "добрыя", "разсказъ", "безпокойный", "чрезъ", "изсохнуть", "съиграть", "большагося"}
	rng := rand.New(rand.NewPCG(3, 5))
	for range 20000 {
		rs := make([]rune, 1+rng.IntN(12))
		for i := range rs {
			rs[i] = letters[rng.IntN(len(letters))]
		}
		words = append(words, string(rs))
	}
	for _, w := range words {
		if got, want := hasOldSpellingBytes([]byte(w)), hasOldSpelling(w); got != want {
			t.Errorf("hasOldSpellingBytes(%q) = %v, hasOldSpelling %v", w, got, want)
		}
	}
	for r := rune(0); r < 0x3000; r++ {
		if isUpper(r) != unicode.IsUpper(r) || isLower(r) != unicode.IsLower(r) || isSpace(r) != unicode.IsSpace(r) ||
			isCyr(r) != unicode.Is(unicode.Cyrillic, r) || isLetter(r) != (unicode.IsLetter(r) || unicode.Is(unicode.Mn, r)) {
			t.Errorf("character classes of %U differ from the unicode package", r)
		}
	}
	for _, s := range []string{"a", "я", "\xd0", "\xd0\x20", "\xc0\x80", "€", "\xff", ""} {
		r1, n1 := decodeRune(s)
		r2, n2 := utf8.DecodeRuneInString(s)
		if r1 != r2 || n1 != n2 {
			t.Errorf("decodeRune(%q) = %q %d, want %q %d", s, r1, n1, r2, n2)
		}
	}
}
