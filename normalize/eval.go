package normalize

import (
	"strings"
	"unicode"

	"golang.org/x/text/unicode/norm"
)

// Score is an error count against a reference.
type Score struct {
	CharErrors int // character edits (substitutions + deletions + insertions)
	Chars      int // reference characters
	WordErrors int // word edits
	Words      int // reference words
}

// CER is the character error rate.
func (s Score) CER() float64 { return rate(s.CharErrors, s.Chars) }

// WER is the word error rate.
func (s Score) WER() float64 { return rate(s.WordErrors, s.Words) }

// Add returns the sum of two scores (for totals over files).
func (s Score) Add(o Score) Score {
	return Score{s.CharErrors + o.CharErrors, s.Chars + o.Chars, s.WordErrors + o.WordErrors, s.Words + o.Words}
}

func rate(e, n int) float64 {
	if n == 0 {
		if e == 0 {
			return 0
		}
		return 1
	}
	return float64(e) / float64(n)
}

// Reduction is the error-reduction rate (before − after) / before; 0 when
// there was nothing to reduce.
func Reduction(before, after float64) float64 {
	if before == 0 {
		return 0
	}
	return (before - after) / before
}

// Evaluate scores hyp against the reference ref with the pasyans protocol:
//
//   - both texts are put in Unicode NFC, lower-cased, and ё/Ё counted as е;
//   - CER: Levenshtein distance over characters divided by the number of
//     reference characters, where every run of white space (including line
//     breaks) counts as one space and leading/trailing space is ignored;
//     when both texts have the same number of lines (the normalizer is
//     line-preserving) lines are aligned one to one and their distances
//     summed, otherwise the whole texts are aligned;
//   - WER: Levenshtein distance over word tokens divided by the number of
//     reference words, a word being a maximal run of letters, digits and
//     combining marks; punctuation (hyphens included) is ignored.
func Evaluate(ref, hyp string) Score {
	ref, hyp = canon(ref), canon(hyp)
	var s Score
	rl, hl := strings.Split(ref, "\n"), strings.Split(hyp, "\n")
	if len(rl) != len(hl) {
		rl, hl = []string{strings.Join(rl, " ")}, []string{strings.Join(hl, " ")}
	}
	for i := range rl {
		r, h := []rune(spaces(rl[i])), []rune(spaces(hl[i]))
		s.CharErrors += levenshtein(r, h)
		s.Chars += len(r)
		rw, hw := words(rl[i]), words(hl[i])
		s.WordErrors += levenshtein(rw, hw)
		s.Words += len(rw)
	}
	// Line breaks between lines count as reference characters too.
	s.Chars += len(rl) - 1
	return s
}

// canon applies NFC, lower case and ё→е, and LF line ends.
func canon(s string) string {
	s = norm.NFC.String(strings.ReplaceAll(s, "\r\n", "\n"))
	return strings.Map(func(r rune) rune {
		r = unicode.ToLower(r)
		if r == 'ё' {
			return 'е'
		}
		return r
	}, s)
}

func spaces(s string) string { return strings.Join(strings.Fields(s), " ") }

func words(s string) []string {
	return strings.FieldsFunc(s, func(r rune) bool {
		return !(unicode.IsLetter(r) || unicode.IsDigit(r) || unicode.Is(unicode.Mn, r))
	})
}

// levenshtein is the edit distance of two sequences.
func levenshtein[T comparable](a, b []T) int {
	if len(a) < len(b) {
		a, b = b, a
	}
	prev := make([]int, len(b)+1)
	cur := make([]int, len(b)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(a); i++ {
		cur[0] = i
		for j := 1; j <= len(b); j++ {
			c := prev[j-1]
			if a[i-1] != b[j-1] {
				c++
			}
			if d := prev[j] + 1; d < c {
				c = d
			}
			if d := cur[j-1] + 1; d < c {
				c = d
			}
			cur[j] = c
		}
		prev, cur = cur, prev
	}
	return prev[len(b)]
}
