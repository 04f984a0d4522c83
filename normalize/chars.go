package normalize

import "unicode"

// Character classes of the runes below charTableSize — ASCII, Latin-1,
// Latin Extended, Greek and the Cyrillic block, which is nearly everything
// the books contain — looked up in a table built from the unicode package
// at start-up, so the hot loops need not search the Unicode range tables.
// Each function answers exactly as its unicode counterpart does.
const charTableSize = 0x500

// Bits of charTable.
const (
	cLetter = 1 << iota // unicode.IsLetter or a non-spacing mark (isLetter)
	cUpper              // unicode.IsUpper
	cLower              // unicode.IsLower
	cSpace              // unicode.IsSpace
	cCyr                // unicode.Is(unicode.Cyrillic, r)
)

// charTable holds the classes of each rune below charTableSize.
var charTable = func() (t [charTableSize]uint8) {
	for r := rune(0); r < charTableSize; r++ {
		var c uint8
		if unicode.IsLetter(r) || unicode.Is(unicode.Mn, r) {
			c |= cLetter
		}
		if unicode.IsUpper(r) {
			c |= cUpper
		}
		if unicode.IsLower(r) {
			c |= cLower
		}
		if unicode.IsSpace(r) {
			c |= cSpace
		}
		if unicode.Is(unicode.Cyrillic, r) {
			c |= cCyr
		}
		t[r] = c
	}
	return t
}()

// isUpper is unicode.IsUpper.
func isUpper(r rune) bool {
	if r >= 0 && r < charTableSize {
		return charTable[r]&cUpper != 0
	}
	return unicode.IsUpper(r)
}

// isLower is unicode.IsLower.
func isLower(r rune) bool {
	if r >= 0 && r < charTableSize {
		return charTable[r]&cLower != 0
	}
	return unicode.IsLower(r)
}

// isSpace is unicode.IsSpace.
func isSpace(r rune) bool {
	if r >= 0 && r < charTableSize {
		return charTable[r]&cSpace != 0
	}
	return unicode.IsSpace(r)
}

// isCyr reports whether r is a Cyrillic letter or sign (unicode.Cyrillic).
func isCyr(r rune) bool {
	if r >= 0 && r < charTableSize {
		return charTable[r]&cCyr != 0
	}
	return unicode.Is(unicode.Cyrillic, r)
}

// isLetter reports letters including the pre-reform and OCR letters, and
// non-spacing marks.
func isLetter(r rune) bool {
	if r >= 0 && r < charTableSize {
		return charTable[r]&cLetter != 0
	}
	return unicode.IsLetter(r) || unicode.Is(unicode.Mn, r)
}
