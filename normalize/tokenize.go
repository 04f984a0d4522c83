package normalize

import (
	"math"
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

func isDigit(r rune) bool { return r >= '0' && r <= '9' }

// tokenize appends the tokens of text to toks and returns the result; the
// tokens together cover every byte.
func tokenize(toks []rawToken, text string) []rawToken {
	if len(text) > math.MaxInt32 {
		text = text[:math.MaxInt32] // callers chunk far below this
	}
	line, col := 1, 1
	i := 0
	for i < len(text) {
		r, size := decodeRune(text[i:])
		start, startCol := i, col
		k := kPunct
		switch {
		case r == '\n':
			k = kNewline
			i += size
		case r == '\r' && i+1 < len(text) && text[i+1] == '\n':
			k = kNewline
			i += 2
		case isSpace(r):
			k = kSpace
			for i < len(text) {
				r2, s2 := decodeRune(text[i:])
				if r2 == '\n' || !isSpace(r2) || r2 == '\r' && i+1 < len(text) && text[i+1] == '\n' {
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
			var runes, letters, digits int
			i, runes, letters, digits = scanWord(text, i)
			if r == '/' {
				runes++
			}
			col += runes - 1
			k = classify(text[start:i], letters, digits)
		default:
			i += size
		}
		toks = append(toks, rawToken{kind: k, start: int32(start), end: int32(i), line: int32(line), col: int32(startCol)})
		if k == kNewline {
			line++
			col = 1
		} else {
			col++
		}
	}
	return toks
}

// softHyphen is U+00AD, an invisible hyphenation point inside a word.
const softHyphen = '\u00ad'

// scanWord returns the end of the letter/digit run starting at i, its
// length in runes and how many of them are letters and digits. A "/"
// between two letters stays inside the word (OCR "/к" for "ж"), and so does
// a soft hyphen.
func scanWord(text string, i int) (end, runes, letters, digits int) {
	prevLetter := false
	for i < len(text) {
		var r rune
		size := 1
		switch c := text[i]; {
		case c < utf8.RuneSelf:
			r = rune(c)
		case c >= 0xC2 && c <= 0xDF && i+1 < len(text) && text[i+1]&0xC0 == 0x80:
			r, size = rune(c&0x1F)<<6|rune(text[i+1]&0x3F), 2
		default:
			r, size = utf8.DecodeRuneInString(text[i:])
		}
		letter := isLetter(r)
		switch {
		case letter || isDigit(r):
			if letter {
				letters++
			} else {
				digits++
			}
			prevLetter = letter
			i += size
			runes++
			continue
		case (r == '/' || r == softHyphen) && prevLetter && i+size < len(text):
			r2, _ := decodeRune(text[i+size:])
			if isLetter(r2) {
				i += size
				runes++
				prevLetter = false
				continue
			}
		}
		break
	}
	return i, runes, letters, digits
}

// decodeRune is utf8.DecodeRuneInString with the one- and two-byte
// sequences (ASCII, Cyrillic) decoded inline.
func decodeRune(s string) (rune, int) {
	if len(s) > 0 && s[0] < utf8.RuneSelf {
		return rune(s[0]), 1
	}
	if len(s) > 1 && s[0] >= 0xC2 && s[0] <= 0xDF && s[1]&0xC0 == 0x80 {
		return rune(s[0]&0x1F)<<6 | rune(s[1]&0x3F), 2
	}
	return utf8.DecodeRuneInString(s)
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
	return isCyr(r2) && isLower(r2)
}

// classify tells a number, a Roman numeral or a word apart.
// letters and digits are the counts of its letters and digits.
func classify(s string, letters, digits int) kind {
	switch {
	case letters == 0:
		return kNumber
	case digits > 0 && !hasDigitLetterOCR(s):
		return kNumber // mixed forms such as "10a" stay untouched
	}
	if r, _ := decodeRune(s); !glyph.IsRomanGlyph(r) {
		return kWord // not even the first letter reads as a Roman digit
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
		if isCyr(r) {
			cyr++
		}
	}
	if cyr < 2 {
		return false
	}
	prev := rune(0)
	for _, r := range s {
		if (prev == '3' || prev == '0' || prev == '6') && isCyr(r) {
			return true
		}
		prev = r
	}
	return false
}
