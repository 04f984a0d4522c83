package normalize

import (
	"math"
	"unicode"
	"unicode/utf8"

	"github.com/pasyans/pasyans/internal/glyph"
)

// Token kinds.
const (
	KindWord     = "word"     // letters (any script), possibly with OCR digits or "/" inside
	KindNumber   = "number"   // Arabic digits
	KindRoman    = "roman"    // a Roman numeral written with Latin or Cyrillic look-alike capitals
	KindFootnote = "footnote" // a footnote marker such as [6]
	KindPunct    = "punct"    // one punctuation or symbol character
	KindSpace    = "space"    // a run of horizontal white space
	KindNewline  = "newline"  // "\n" (a preceding "\r" belongs to it)
)

// kind is the compact token kind used inside the pipeline.
type kind uint8

const (
	kWord kind = iota
	kNumber
	kRoman
	kFootnote
	kPunct
	kSpace
	kNewline
)

// kindNames maps kinds to the exported Kind constants.
var kindNames = [...]string{KindWord, KindNumber, KindRoman, KindFootnote, KindPunct, KindSpace, KindNewline}

func (k kind) String() string { return kindNames[k] }

// rawToken is a token of the input with its byte span (24 bytes, so a
// 10 MB line stays cheap).
type rawToken struct {
	start, end int32 // byte offsets into the text
	line, col  int32 // 1-based line and rune column of start
	kind       kind
}

// isLetter reports letters including the pre-reform and OCR letters.
func isLetter(r rune) bool {
	return unicode.IsLetter(r) || unicode.Is(unicode.Mn, r)
}

func isDigit(r rune) bool { return r >= '0' && r <= '9' }

// tokenize splits text into tokens that together cover every byte. It is
// allocation-light: fn is called once per token in order.
func tokenize(text string, fn func(rawToken)) {
	if len(text) > math.MaxInt32 {
		text = text[:math.MaxInt32] // callers chunk far below this
	}
	line, col := 1, 1
	i := 0
	for i < len(text) {
		r, size := utf8.DecodeRuneInString(text[i:])
		start, startCol := i, col
		k := kPunct
		switch {
		case r == '\n':
			k = kNewline
			i += size
		case r == '\r' && i+1 < len(text) && text[i+1] == '\n':
			k = kNewline
			i += 2
		case unicode.IsSpace(r):
			k = kSpace
			for i < len(text) {
				r2, s2 := utf8.DecodeRuneInString(text[i:])
				if r2 == '\n' || !unicode.IsSpace(r2) || r2 == '\r' && i+1 < len(text) && text[i+1] == '\n' {
					break
				}
				i += s2
				col++
			}
			col-- // counted once below
		case r == '[':
			j := i + 1
			for j < len(text) && isDigit(rune(text[j])) {
				j++
			}
			if j > i+1 && j-i <= 6 && j < len(text) && text[j] == ']' {
				k = kFootnote
				col += j - i // ASCII bytes are runes
				i = j + 1
			} else {
				i += size
			}
		case isLetter(r) || isDigit(r) || r == '/' && slashK(text[i+size:]):
			if r == '/' {
				i += size // the "/" of a word-initial "/к" belongs to the word
			}
			i = scanWord(text, i)
			col += utf8.RuneCountInString(text[start:i]) - 1
			k = classify(text[start:i])
		default:
			i += size
		}
		fn(rawToken{kind: k, start: int32(start), end: int32(i), line: int32(line), col: int32(startCol)})
		if k == kNewline {
			line++
			col = 1
		} else {
			col++
		}
	}
}

// softHyphen is U+00AD, an invisible hyphenation point inside a word.
const softHyphen = '\u00ad'

// scanWord returns the end of the letter/digit run starting at i. A "/"
// between two letters stays inside the word (OCR "/к" for "ж"), and so does
// a soft hyphen.
func scanWord(text string, i int) int {
	prevLetter := false
	for i < len(text) {
		r, size := utf8.DecodeRuneInString(text[i:])
		switch {
		case isLetter(r) || isDigit(r):
			prevLetter = isLetter(r)
			i += size
			continue
		case (r == '/' || r == softHyphen) && prevLetter && i+size < len(text):
			r2, _ := utf8.DecodeRuneInString(text[i+size:])
			if isLetter(r2) {
				i += size
				prevLetter = false
				continue
			}
		}
		break
	}
	return i
}

// slashK reports whether the text after a "/" that starts a word is "к"
// followed by a lower-case Cyrillic letter: the OCR "/к" for a word-initial
// "ж" ("/келаніе"), which stays one word token with its "/".
func slashK(rest string) bool {
	r, size := utf8.DecodeRuneInString(rest)
	if r != 'к' {
		return false
	}
	r2, _ := utf8.DecodeRuneInString(rest[size:])
	return unicode.Is(unicode.Cyrillic, r2) && unicode.IsLower(r2)
}

// classify tells a number, a Roman numeral or a word apart.
func classify(s string) kind {
	letters, digits := 0, 0
	for _, r := range s {
		switch {
		case isDigit(r):
			digits++
		case isLetter(r):
			letters++
		}
	}
	switch {
	case letters == 0:
		return kNumber
	case digits > 0 && !hasDigitLetterOCR(s):
		return kNumber // mixed forms such as "10a" stay untouched
	}
	if _, ok := glyph.Roman(s); ok && digits == 0 {
		return kRoman
	}
	return kWord
}

// hasDigitLetterOCR reports a 3, 0 or 6 directly followed by a Cyrillic
// letter in a run of at least two Cyrillic letters: the OCR reading of З, О
// or б.
func hasDigitLetterOCR(s string) bool {
	cyr := 0
	for _, r := range s {
		if unicode.Is(unicode.Cyrillic, r) {
			cyr++
		}
	}
	if cyr < 2 {
		return false
	}
	prev := rune(0)
	for _, r := range s {
		if (prev == '3' || prev == '0' || prev == '6') && unicode.Is(unicode.Cyrillic, r) {
			return true
		}
		prev = r
	}
	return false
}
