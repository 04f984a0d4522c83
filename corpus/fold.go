package corpus

import (
	"bytes"
	"unicode"
	"unicode/utf8"

	"github.com/pasyans/pasyans/internal/glyph"
)

// fold reduces s to a key for matching OCR'd pre-reform text against modern
// or differently damaged text: every rune folded by glyph.Fold (lower case;
// Latin look-alikes → Cyrillic; ѣ ђ ё є → е; і ї ѵ й → и; ѳ → ф); in words
// that have letters, the digits OCR prints for letters read as those
// letters (glyph.DigitLetter: 3 → з, 0 → о, 6 → б); a word-final ъ
// dropped. Words are runs of letters and digits; the result is the words
// joined by single spaces.
func fold(s string) string {
	out := make([]byte, 0, len(s))
	for w := range words(s) {
		hasLetter := false
		for _, r := range w {
			if unicode.IsLetter(r) {
				hasLetter = true
				break
			}
		}
		if len(out) > 0 {
			out = append(out, ' ')
		}
		start := len(out)
		for _, r := range w {
			if l, ok := glyph.DigitLetter(r, false); ok && hasLetter {
				r = l
			}
			out = utf8.AppendRune(out, glyph.Fold(r))
		}
		// Drop a final hard sign; keep a word that is nothing else.
		if len(out)-start > len("ъ") && bytes.HasSuffix(out[start:], []byte("ъ")) {
			out = out[:len(out)-len("ъ")]
		}
	}
	return string(out)
}

// words yields the runs of letters and digits of s.
func words(s string) func(func(string) bool) {
	return func(yield func(string) bool) {
		start := -1
		for i, r := range s {
			if unicode.IsLetter(r) || unicode.IsDigit(r) || unicode.Is(unicode.Mn, r) {
				if start < 0 {
					start = i
				}
				continue
			}
			if start >= 0 {
				if !yield(s[start:i]) {
					return
				}
				start = -1
			}
		}
		if start >= 0 {
			yield(s[start:])
		}
	}
}

// editDistance is the Levenshtein distance between a and b in runes, or
// max+1 as soon as it is known to exceed max.
func editDistance(a, b string, max int) int {
	if a == b {
		return 0
	}
	if d := utf8.RuneCountInString(a) - utf8.RuneCountInString(b); d > max || -d > max {
		return max + 1
	}
	ra, rb := []rune(a), []rune(b)
	prev := make([]int, len(rb)+1)
	cur := make([]int, len(rb)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(ra); i++ {
		cur[0] = i
		rowMin := cur[0]
		for j := 1; j <= len(rb); j++ {
			cost := 1
			if ra[i-1] == rb[j-1] {
				cost = 0
			}
			cur[j] = min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
			rowMin = min(rowMin, cur[j])
		}
		if rowMin > max {
			return max + 1
		}
		prev, cur = cur, prev
	}
	return prev[len(rb)]
}

// tolerance is how many edits a fuzzy match of a folded key of this many
// runes allows: none up to 4 runes, then one per 6 runes.
func tolerance(key string) int {
	n := utf8.RuneCountInString(key)
	if n <= 4 {
		return 0
	}
	return max(1, n/6)
}
