package normalize

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"
	"unicode"
	"unicode/utf8"
)

// TestFastPathsAgree: the allocation-free forms of the hot loops answer as
// the plain ones do — hasOldSpellingRunes as hasOldSpelling, decodeRune as
// utf8.DecodeRuneInString, the character table as the unicode package,
// polyRune as polyHash, foldChanges as fold — on random words over the letters of the books
// (with and without the prefixes and endings of the old spelling) and on
// every rune of the table.
func TestFastPathsAgree(t *testing.T) {
	letters := []rune("абвгдежзийклмнопрстуфхцчшщъыьэюяіѣѳѵёaeo3-ЂђІѢѲѴЪЁAZЯАѐЏ")
	words := []string{"онѣ", "ея", "добраго", "синяго", "добрыя", "разсказъ", "безпокойный", "чрезъ", "изсохнуть", "съиграть", "большагося"}
	prefixes := []string{"", "", "через", "чрез", "без", "из", "раз", "роз", "воз", "низ", "че", "ч", "б", "бе", "ра", "ни"}
	endings := []string{"", "", "аго", "яго", "ыя", "агося", "ягося", "ъи", "го", "ося", "я", "о"}
	rng := rand.New(rand.NewPCG(3, 5))
	for range 40000 {
		rs := make([]rune, rng.IntN(5))
		for i := range rs {
			rs[i] = letters[rng.IntN(len(letters))]
		}
		words = append(words, prefixes[rng.IntN(len(prefixes))]+string(rs)+endings[rng.IntN(len(endings))])
	}
	for k := range pronouns {
		words = append(words, k)
		if n := utf8.RuneCountInString(k); n > maxPronounRunes {
			t.Errorf("pronoun %q has %d runes, maxPronounRunes is %d", k, n, maxPronounRunes)
		}
	}
	for _, w := range words {
		if got, want := hasMarker(w), hasMarkerRunes(w); got != want {
			t.Errorf("hasMarker(%q) = %v, by runes %v", w, got, want)
		}
		if got, want := foldChanges([]byte(w)), foldSlow(w) != w; got != want {
			t.Errorf("foldChanges(%q) = %v, fold changes it: %v", w, got, want)
		}
		if got, want := hasOldSpellingRunes([]rune(w)), hasOldSpelling(w); got != want {
			t.Errorf("hasOldSpellingRunes(%q) = %v, hasOldSpelling %v", w, got, want)
		}
		var h uint64
		for _, r := range w {
			h = polyRune(h, r)
		}
		if h != polyHash(w) {
			t.Errorf("polyRune over %q differs from polyHash", w)
		}
	}
	for _, w := range []string{"\xd1", "\xe0\xd1\xa3", "ѣ\xd1", "\xd0\x86", "\xd1\xa3", "Ђ", "aъ", "ъ\xd1"} {
		if got, want := hasMarker(w), hasMarkerRunes(w); got != want {
			t.Errorf("hasMarker(%q) = %v, by runes %v", w, got, want)
		}
	}
	for _, r := range []rune{0x10FFFF + 1, -1, 0xD800, '€', 0x1F600} {
		if polyRune(0, r) != polyHash(string(r)) {
			t.Errorf("polyRune(%U) differs from polyHash of its encoding", r)
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

// hasMarkerRunes is hasMarker decoding runes, as it was written first.
func hasMarkerRunes(w string) bool {
	for _, r := range w {
		if isPreReformRune(r) {
			return true
		}
	}
	r, _ := utf8.DecodeLastRuneInString(w)
	return r == 'ъ' || r == 'Ъ'
}

// TestPlainHashesAgree: the constant-time hash of an edited word's plain
// reading is the polyHash of that reading built letter by letter, for
// substitutions, deletions and insertions anywhere, words ending in ъ
// and edits that write or remove one.
func TestPlainHashesAgree(t *testing.T) {
	letters := []rune("абвъьѣіѳѵёе-")
	rng := rand.New(rand.NewPCG(9, 4))
	plain := func(v []rune) uint64 {
		end := len(v)
		if end > 0 && v[end-1] == 'ъ' {
			end--
		}
		var h uint64
		for _, r := range v[:end] {
			h = polyRune(h, plainLetter(r))
		}
		return h
	}
	var ph plainHashes
	for range 3000 {
		rs := make([]rune, 1+rng.IntN(maxEvidenceRunes))
		for i := range rs {
			rs[i] = letters[rng.IntN(len(letters))]
		}
		ph.of(rs)
		a := letters[rng.IntN(len(letters))]
		for i := 0; i <= len(rs); i++ {
			check := func(v []rune, got uint64) {
				if want := plain(v); got != want {
					t.Fatalf("hash of the reading of %q (edit of %q at %d) = %x, want %x", string(v), string(rs), i, got, want)
				}
			}
			if i < len(rs) {
				check(slices.Concat(rs[:i], []rune{a}, rs[i+1:]), ph.variant(i, i+1, a, true))
				check(slices.Concat(rs[:i], rs[i+1:]), ph.variant(i, i+1, 0, false))
			}
			check(slices.Concat(rs[:i], []rune{a}, rs[i:]), ph.variant(i, i, a, true))
		}
	}
}

// TestSeenSetAgrees: the OCR search's set of considered variants answers
// as a map from spelling to cheapest cost does, through growth and from
// one word (generation) to the next.
func TestSeenSetAgrees(t *testing.T) {
	rng := rand.New(rand.NewPCG(2, 8))
	var s seenSet
	for word := range 50 {
		s.reset()
		ref := map[string]float64{}
		for range rng.IntN(3000) {
			k := []byte(fmt.Sprintf("в%dx", rng.IntN(1+word*40)))
			cost := float64(rng.IntN(10)) / 10
			c, dup := ref[string(k)]
			want := !dup || c > cost
			if want {
				ref[string(k)] = cost
			}
			if got := s.improve(k, cost); got != want {
				t.Fatalf("word %d: improve(%q, %v) = %v, the map says %v", word, k, cost, got, want)
			}
		}
	}
}
