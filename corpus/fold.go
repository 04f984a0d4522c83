package corpus

import (
	"bytes"
	"unicode"
	"unicode/utf8"
)

// fold reduces s to a key for matching OCR'd pre-reform text against modern
// or differently damaged text: lower case; ѣ (and its OCR stand-in ђ), ё, є
// → е; і, ї, ѵ, й → и; ѳ → ф; Latin look-alike letters → their Cyrillic
// twins; in words that have letters, the digits 3 → з and 0 → о; a
// word-final ъ dropped. Words are runs of letters and digits; the result is
// the words joined by single spaces.
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
			out = utf8.AppendRune(out, foldRune(r, hasLetter))
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

// foldRune folds one rune (see fold); digits are read as letters only in
// words that have letters.
func foldRune(r rune, inWord bool) rune {
	switch r {
	case 'ѣ', 'Ѣ', 'ђ', 'Ђ', 'ё', 'Ё', 'є', 'Є':
		return 'е'
	case 'і', 'І', 'ї', 'Ї', 'ѵ', 'Ѵ', 'й', 'Й':
		return 'и'
	case 'ѳ', 'Ѳ':
		return 'ф'
	// Latin look-alikes (upper and lower case where the shapes match).
	case 'A', 'a':
		return 'а'
	case 'B':
		return 'в'
	case 'C', 'c':
		return 'с'
	case 'E', 'e':
		return 'е'
	case 'H':
		return 'н'
	case 'I', 'i', 'l':
		return 'и'
	case 'K', 'k':
		return 'к'
	case 'M':
		return 'м'
	case 'O', 'o':
		return 'о'
	case 'P', 'p':
		return 'р'
	case 'T':
		return 'т'
	case 'X', 'x':
		return 'х'
	case 'Y', 'y':
		return 'у'
	case 'n':
		return 'п'
	case 'u':
		return 'и'
	case '3':
		if inWord {
			return 'з'
		}
	case '0':
		if inWord {
			return 'о'
		}
	}
	return unicode.ToLower(r)
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
