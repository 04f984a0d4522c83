// Package glyph holds what the text packages (corpus, normalize, link) know
// about the letters of old Russian print and how OCR reads them: the Latin
// letters OCR puts for Cyrillic ones, the fold that makes pre-reform,
// modern and OCR-damaged spellings of a word compare equal, and the reader
// of Roman numerals. It is the one table of each of these facts; the
// packages must not keep copies.
//
// # Latin look-alikes
//
// An OCR engine with a Latin model reads a Cyrillic letter as the Latin
// letter of the same shape. Lookalike maps them back, keeping the case:
//
//	upper case, same shape upright:   A B C E H I K M O P T X Y → А В С Е Н І К М О Р Т Х У
//	lower case, same shape upright:   a c e i o p x y           → а с е і о р х у
//	lower case, l for the capital І:  l                         → і
//	lower case, shapes of the italic
//	and small letters:                b k m n r u               → ь к т п г и
//
// I and i stand for the pre-reform І і (the corpus prints "КОНСТИТУЦIЯ"
// with a Latin I), which the spelling reform then writes и. The
// lower-case b is the soft sign ь, whose shape it has; the capital B is В.
// The italic т, п, и, г look like m, n, u, r. Latin letters with no
// Cyrillic twin of their case (d, f, g, h, j, q, s, t, v, w, z and their
// capitals except those above) are not look-alikes.
//
// # Fold
//
// Fold reduces a rune to a spelling-neutral lower-case letter: a Latin
// look-alike becomes its Cyrillic letter (another Latin capital is read as
// its lower-case letter first), then the letter is lower-cased and
// the letters the 1917–18 reform removed become the modern letters that
// replaced them (ѣ → е, і → и, ѳ → ф, ѵ → и), together with the OCR's
// stand-in ђ for ѣ; ё and є are е and й is и, so that a word compares equal
// however it was printed and damaged. Fold works rune by rune
// (strings.Map, golang.org/x/text/runes.Map); what depends on context —
// digits read as letters inside a word, a final ъ — is left to the callers.
//
// # Roman numerals
//
// Roman reads a numeral printed with Latin capitals or their twins in
// Cyrillic print (І, the palochka Ӏ and l for I, Ѵ for V, Х for X);
// RomanDamaged also reads the OCR's misreadings of rule numbers.
package glyph

import (
	"strings"
	"unicode"
	"unicode/utf8"
)

// Lookalike returns the Cyrillic letter the Latin letter r stands for in
// OCR of Cyrillic print (see the package doc), with true; r and false for
// any other rune.
func Lookalike(r rune) (rune, bool) {
	if r >= 'A' && r <= 'z' {
		if c := lookalikes[r-'A']; c != 0 {
			return c, true
		}
	}
	return r, false
}

// lookalikes is the table of Lookalike, indexed by r-'A' for 'A'…'z'.
var lookalikes = func() (t ['z' - 'A' + 1]rune) {
	for latin, cyr := range map[rune]rune{
		'A': 'А', 'B': 'В', 'C': 'С', 'E': 'Е', 'H': 'Н', 'I': 'І', 'K': 'К', 'M': 'М', 'O': 'О', 'P': 'Р',
		'T': 'Т', 'X': 'Х', 'Y': 'У',
		'a': 'а', 'c': 'с', 'e': 'е', 'i': 'і', 'o': 'о', 'p': 'р', 'x': 'х', 'y': 'у',
		'l': 'і',
		'b': 'ь', 'k': 'к', 'm': 'т', 'n': 'п', 'r': 'г', 'u': 'и',
	} {
		t[latin-'A'] = cyr
	}
	return t
}()

// Fold maps r to its spelling-neutral lower-case form (see the package
// doc). It suits strings.Map and runes.Map.
func Fold(r rune) rune {
	if c, ok := Lookalike(r); ok {
		r = c
	} else if r = unicode.ToLower(r); r < utf8.RuneSelf {
		// A capital with no twin of its own folds as its lower-case
		// letter, which may be one (L as l).
		if c, ok := Lookalike(r); ok {
			r = c
		} else {
			return r
		}
	}
	r = unicode.ToLower(r)
	switch r {
	case 'ѣ', 'ђ', 'ё', 'є':
		return 'е'
	case 'і', 'ї', 'ѵ', 'й':
		return 'и'
	case 'ѳ':
		return 'ф'
	}
	return r
}

// DigitLetter returns the letter a digit printed inside a Cyrillic word
// stands for — 3 for З, 0 for О, 6 for б — in the case asked for (б has
// no capital look-alike), with true; r and false for other runes. Whether a
// digit is in a word is for the caller to decide.
func DigitLetter(r rune, upper bool) (rune, bool) {
	switch r {
	case '3':
		if upper {
			return 'З', true
		}
		return 'з', true
	case '0':
		if upper {
			return 'О', true
		}
		return 'о', true
	case '6':
		if upper {
			return r, false
		}
		return 'б', true
	}
	return r, false
}

// MaxRuleNumber is the largest number RomanDamaged reads: rule numbers of
// the books stay far below it, and L (50) cannot be a misread I below it.
const MaxRuleNumber = 39

// romanDigit is the value of a canonical Roman digit, or 0.
func romanDigit(r rune) int {
	switch r {
	case 'I':
		return 1
	case 'V':
		return 5
	case 'X':
		return 10
	case 'L':
		return 50
	case 'C':
		return 100
	case 'D':
		return 500
	case 'M':
		return 1000
	}
	return 0
}

// twin returns the Latin capital a Cyrillic print twin of a Roman digit
// stands for (І, Ӏ and l for I; Ѵ for V; Х for X), the digit itself for a
// Latin capital digit, or 0.
func twin(r rune) rune {
	switch r {
	case 'І', 'Ӏ', 'l':
		return 'I'
	case 'Ѵ':
		return 'V'
	case 'Х':
		return 'X'
	}
	if romanDigit(r) != 0 {
		return r
	}
	return 0
}

// IsRomanGlyph reports whether Roman reads r as a digit: a Latin capital
// I V X L C D M or a twin (І Ӏ l Ѵ Х).
func IsRomanGlyph(r rune) bool { return twin(r) != 0 }

// Roman reads s as a Roman numeral of Latin capitals or their twins in
// Cyrillic print (see IsRomanGlyph) and returns its value, 1–3999. The
// numeral must be written the canonical way: "IIII", "VV" and "IL" are not
// numerals.
func Roman(s string) (int, bool) {
	if s == "" || len(s) > 4*15 {
		return 0, false
	}
	var buf [16]byte
	latin := buf[:0]
	for _, r := range s {
		c := twin(r)
		if c == 0 || len(latin) == len(buf) {
			return 0, false
		}
		latin = append(latin, byte(c))
	}
	return canonical(string(latin))
}

// canonical returns the value of a numeral of Latin capitals when it is
// written the canonical way.
func canonical(s string) (int, bool) {
	total := 0
	for i := 0; i < len(s); i++ {
		v := romanDigit(rune(s[i]))
		if i+1 < len(s) && romanDigit(rune(s[i+1])) > v {
			total -= v
		} else {
			total += v
		}
	}
	if total < 1 || total > 3999 || ToRoman(total) != s {
		return 0, false
	}
	return total, true
}

// RomanDamaged reads a rule number as OCR may have damaged it: besides what
// Roman reads, in either case, the misreadings і 1 | ! of I, П and Н of II,
// Ш of III and У of V (L and l count as I here: rule numbers stay below
// MaxRuleNumber), or a plain Arabic number. Dots and spaces around the
// number are ignored. It returns the value, 1–MaxRuleNumber.
func RomanDamaged(s string) (int, bool) {
	s = strings.TrimSpace(strings.TrimRight(strings.TrimSpace(s), "."))
	if s == "" {
		return 0, false
	}
	if isDigits(s) {
		v := 0
		for i := 0; i < len(s) && v <= MaxRuleNumber; i++ {
			v = 10*v + int(s[i]-'0')
		}
		return v, v >= 1 && v <= MaxRuleNumber
	}
	var b strings.Builder
	for _, r := range s {
		d := damagedDigits(r)
		if d == "" || b.Len()+len(d) > 8 {
			return 0, false
		}
		b.WriteString(d)
	}
	v, ok := canonical(b.String())
	return v, ok && v <= MaxRuleNumber
}

// damagedDigits returns the Roman digits RomanDamaged reads r as, or "".
func damagedDigits(r rune) string {
	switch unicode.ToUpper(r) {
	case 'I', 'І', 'Ӏ', 'L', '1', '|', '!':
		return "I"
	case 'П', 'Н':
		return "II"
	case 'Ш':
		return "III"
	case 'V', 'У', 'Ѵ':
		return "V"
	case 'X', 'Х':
		return "X"
	}
	return ""
}

// IsDamagedRomanGlyph reports whether RomanDamaged reads r as (part of) a
// rule number.
func IsDamagedRomanGlyph(r rune) bool { return damagedDigits(r) != "" }

// isDigits reports whether s is a non-empty run of ASCII digits.
func isDigits(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
	}
	return s != ""
}

// ToRoman writes n, 1–3999, as a canonical Roman numeral in Latin
// capitals; "" for numbers out of range.
func ToRoman(n int) string {
	if n < 1 || n > 3999 {
		return ""
	}
	var b strings.Builder
	for _, d := range [...]struct {
		v int
		s string
	}{{1000, "M"}, {900, "CM"}, {500, "D"}, {400, "CD"}, {100, "C"}, {90, "XC"},
		{50, "L"}, {40, "XL"}, {10, "X"}, {9, "IX"}, {5, "V"}, {4, "IV"}, {1, "I"}} {
		for ; n >= d.v; n -= d.v {
			b.WriteString(d.s)
		}
	}
	return b.String()
}
