package normalize

import (
	"bytes"
	"unicode/utf8"
)

// The OCR corrector asks of hundreds of candidate spellings per word
// whether their reform reading is a word of the lexicon, and nearly all of
// them are not. reformKnown answers that question as reform does, on bytes
// in reusable buffers, without building the modern form, its rules or any
// string; reform itself runs only for the few candidates that are known.

// spellScratch holds the buffers of reformKnown, reused from one candidate
// to the next (one per state: a Normalizer is shared and read-only).
type spellScratch struct {
	word, pre, cand []byte
}

// ending is one reading of a pre-reform ending: the mapped old ending
// (mapLetters of it) and the modern one written instead.
type ending struct{ from, to string }

// The readings of each pre-reform ending, in any order (reformKnown asks
// whether any of them is known; reformCore's order decides which one it
// returns). from is already mapped: і read as и.
var (
	endingsIyasya = []ending{{"ияся", "иеся"}}
	endingsIya    = []ending{{"ия", "ия"}, {"ия", "ие"}}
	endingsYya    = []ending{{"ыя", "ыя"}, {"ыя", "ые"}}
	endingsAgosya = []ending{{"агося", "агося"}, {"агося", "огося"}, {"агося", "егося"}}
	endingsAgo    = []ending{{"аго", "аго"}, {"аго", "ого"}, {"аго", "его"}}
	endingsYagosy = []ending{{"ягося", "ягося"}, {"ягося", "егося"}}
	endingsYago   = []ending{{"яго", "яго"}, {"яго", "его"}}
)

// reformKnown reports whether reform(string(s), lowerOnly) finds the
// modern form in the lexicon (its third result), without allocating in
// the common case. s must be valid UTF-8, as the corrector's spellings,
// made of runes, are.
func (n *Normalizer) reformKnown(s []byte, lowerOnly bool, sc *spellScratch) bool {
	if isPronoun(s) {
		return true
	}
	if containsBytes(s, "ѵ") {
		// Rare: the two readings of the izhitsa, by the allocating path.
		_, _, known := n.reform(string(s), lowerOnly)
		return known
	}
	return n.readings(s, lowerOnly, nil, sc)
}

// mayBeCounted reports whether the modern form reform(string(s), ...)
// returns may be a word counted in the document-frequency prior, whose
// filter counted is: false when none of its possible readings (those
// reformKnown tries) passes the filter. The evidence search asks it before
// the lexicon, since it accepts only frequent words. s must be valid UTF-8.
func (n *Normalizer) mayBeCounted(s []byte, counted bloom, sc *spellScratch) bool {
	if isPronoun(s) || containsBytes(s, "ѵ") {
		return true // rare: left to reform
	}
	return n.readings(s, false, counted, sc)
}

// readings tries the reform readings of s, as reformCore makes them: with
// counted nil, whether one is known to the lexicon; otherwise whether one
// may be a counted word (counted's filter knows its folded spelling).
func (n *Normalizer) readings(s []byte, lowerOnly bool, counted bloom, sc *spellScratch) bool {
	// reformCore's steps, in its order: ъи read as ы, a final ъ after a
	// consonant dropped, the ending recognized on the old letters, the
	// letters mapped, then the з/с prefix readings.
	w := sc.word[:0]
	for {
		i := bytes.Index(s, []byte("ъи"))
		if i < 0 {
			w = append(w, s...)
			break
		}
		w = append(append(w, s[:i]...), "ы"...)
		s = s[i+len("ъи"):]
	}
	sc.word = w
	if r, size := utf8.DecodeLastRune(w); r == 'ъ' && len(w) > size {
		if p, _ := utf8.DecodeLastRune(w[:len(w)-size]); isConsonant(p) {
			w = w[:len(w)-size]
		}
	}
	var ends []ending
	switch {
	case hasSuffixBytes(w, "іяся"):
		ends = endingsIyasya
	case hasSuffixBytes(w, "ія"):
		ends = endingsIya
	case hasSuffixBytes(w, "ыя"):
		ends = endingsYya
	case hasSuffixBytes(w, "агося"):
		ends = endingsAgosya
	case hasSuffixBytes(w, "аго"):
		ends = endingsAgo
	case hasSuffixBytes(w, "ягося"):
		ends = endingsYagosy
	case hasSuffixBytes(w, "яго"):
		ends = endingsYago
	}
	mapLettersInPlace(w)
	if n.candidateFits(w, ends, lowerOnly, counted, sc) {
		return true
	}
	if p, ok := prefixVariantBytes(w, sc.pre[:0]); ok {
		sc.pre = p
		if n.candidateFits(p, ends, lowerOnly, counted, sc) {
			return true
		}
	}
	if p, ok := prefixVariantSingleBytes(w, sc.pre[:0]); ok {
		sc.pre = p
		if n.candidateFits(p, ends, lowerOnly, counted, sc) {
			return true
		}
	}
	return false
}

// candidateFits reports whether the mapped spelling pv, read with one of
// the ending readings ends (as it is when there are none), is known (with
// counted nil) or may be counted.
func (n *Normalizer) candidateFits(pv []byte, ends []ending, lowerOnly bool, counted bloom, sc *spellScratch) bool {
	fits := func(c []byte) bool {
		if counted != nil {
			return mayBeCountedSpelling(c, counted)
		}
		return n.knownWordBytes(c, lowerOnly)
	}
	if len(ends) == 0 {
		return fits(pv)
	}
	for _, e := range ends {
		if !hasSuffixBytes(pv, e.from) {
			continue
		}
		c := append(append(sc.cand[:0], pv[:len(pv)-len(e.from)]...), e.to...)
		sc.cand = c
		if fits(c) {
			return true
		}
	}
	return false
}

// mayBeCountedSpelling reports whether the folded spelling of c (lower
// case, ё as е) may be a key of the frequency prior, whose filter counted
// is.
func mayBeCountedSpelling(c []byte, counted bloom) bool {
	var h uint64
	for i := 0; i < len(c); {
		r, size := utf8.DecodeRune(c[i:])
		if isUpper(r) {
			return true // fold lower-cases it: rare, left to reform
		}
		if r == 'ё' {
			r = 'е'
		}
		h = polyRune(h, r)
		i += size
	}
	return counted.has(h)
}

// knownWordBytes is knownWord of a spelling held in bytes.
func (n *Normalizer) knownWordBytes(w []byte, lowerOnly bool) bool {
	if len(w) == 0 {
		return false
	}
	if foldChanges(w) {
		return n.knownWord(string(w), lowerOnly) // rare
	}
	return knownForm(n.lex, w, lowerOnly)
}

// foldChanges reports whether fold would change w: whether it holds ё,
// Ё or a capital. The common letters are told apart by their bytes: а–п
// (0xD0 0xB0–0xBF) and р–я, ѐ–џ (0xD1 0x80–0x9F except ё, 0xD1 0x91) are
// lower case, 0xD0 0x80–0xAF (Ѐ–Я) capitals.
func foldChanges[W spelling](w W) bool {
	for i := 0; i < len(w); {
		c := w[i]
		switch {
		case c < utf8.RuneSelf:
			if c >= 'A' && c <= 'Z' {
				return true
			}
			i++
			continue
		case c == 0xD0 && i+1 < len(w) && w[i+1] >= 0xB0 && w[i+1] <= 0xBF:
			i += 2
			continue
		case c == 0xD0 && i+1 < len(w) && w[i+1] >= 0x80 && w[i+1] <= 0xAF:
			return true
		case c == 0xD1 && i+1 < len(w) && w[i+1] >= 0x80 && w[i+1] <= 0x9F:
			if w[i+1] == 0x91 {
				return true // ё
			}
			i += 2
			continue
		}
		r, size := decodeRuneW(w[i:])
		if r == 'ё' || r == 'Ё' || isUpper(r) {
			return true
		}
		i += size
	}
	return false
}

// decodeRuneW is utf8.DecodeRune of a string or bytes.
func decodeRuneW[W spelling](s W) (rune, int) {
	var b [utf8.UTFMax]byte
	return utf8.DecodeRune(b[:copy(b[:], s)])
}

// isPronoun reports whether s is a key of pronouns.
func isPronoun(s []byte) bool {
	if len(s) < len("ея") || len(s) > len("однѣхъ") {
		return false
	}
	_, ok := pronouns[string(s)]
	return ok
}

// knownForm is knownWord of a folded spelling: a form of the lexicon, or
// one of the two documented derivations, or a compound of known parts.
func knownForm[W spelling](lx *lexicon, f W, lowerOnly bool) bool {
	if lexKnown(lx, f, lowerOnly) {
		return true
	}
	if hasSuffixW(f, "вши") && len(f) > len("вши")+4 {
		if lexKnown(lx, f[:len(f)-len("ши")], lowerOnly) {
			return true
		}
	}
	for _, s := range [...]string{"им", "има", "имо", "имы", "ем", "ема", "емо", "емы"} {
		if hasSuffixW(f, s) && len(f) > len(s)+6 {
			// The long form: the stem, им or ем, and ый.
			var buf [64]byte
			long := append(buf[:0], f[:len(f)-len(s)]...)
			long = append(append(long, s[:len("им")]...), "ый"...)
			if lexKnown(lx, long, lowerOnly) {
				return true
			}
		}
	}
	if i := indexByteW(f, '-'); i > 0 && i < len(f)-1 {
		// A hyphenated compound: every part known, or the compound listed.
		for rest := f; ; {
			j := indexByteW(rest, '-')
			if j < 0 {
				return lexKnown(lx, rest, lowerOnly)
			}
			if !lexKnown(lx, rest[:j], lowerOnly) {
				return false
			}
			rest = rest[j+1:]
		}
	}
	return false
}

// mapLettersInPlace is mapLetters on bytes: each of the letters it maps
// and its replacement take two bytes, so the spelling keeps its length.
func mapLettersInPlace(w []byte) {
	for i := 0; i+1 < len(w); i++ {
		var r rune
		switch w[i] {
		case 0xD0, 0xD1:
			r = rune(w[i]&0x1F)<<6 | rune(w[i+1]&0x3F)
		default:
			continue
		}
		var m rune
		switch r {
		case 'ѣ':
			m = 'е'
		case 'Ѣ':
			m = 'Е'
		case 'і', 'ѵ':
			m = 'и'
		case 'І', 'Ѵ':
			m = 'И'
		case 'ѳ':
			m = 'ф'
		case 'Ѳ':
			m = 'Ф'
		default:
			i++
			continue
		}
		utf8.EncodeRune(w[i:i+2], m)
		i++
	}
}

// prefixVariantBytes is prefixVariant of a spelling in bytes, appended to
// dst.
func prefixVariantBytes(s, dst []byte) ([]byte, bool) {
	if len(s) < len("изс") || !mayStartPrefix(s) {
		return dst, false
	}
	for _, p := range [...]string{"через", "чрез", "без"} {
		if hasPrefixBytes(s, p) {
			r, _ := utf8.DecodeRune(s[len(p):])
			if isVoicelessAfterPrefix(r) {
				return append(append(append(dst, p[:len(p)-len("з")]...), "с"...), s[len(p):]...), true
			}
		}
	}
	for _, p := range [...]string{"из", "раз", "роз", "воз", "низ"} {
		if hasPrefixBytes(s, p) && hasPrefixBytes(s[len(p):], "с") {
			return append(append(append(dst, p[:len(p)-len("з")]...), "с"...), s[len(p):]...), true
		}
	}
	return dst, false
}

// prefixVariantSingleBytes is prefixVariantSingle of a spelling in bytes,
// appended to dst.
func prefixVariantSingleBytes(s, dst []byte) ([]byte, bool) {
	if len(s) < len("разсч") || s[0] != 0xD1 || s[1] != 0x80 { // р
		return dst, false
	}
	for _, p := range [...]string{"раз", "роз"} {
		if hasPrefixBytes(s, p) && hasPrefixBytes(s[len(p):], "сч") {
			return append(append(dst, p[:len(p)-len("з")]...), s[len(p):]...), true
		}
	}
	return dst, false
}

// mayStartPrefix reports whether s starts with the first letter of one of
// the prefixes of prefixVariant: ч б и р в н.
func mayStartPrefix(s []byte) bool {
	switch {
	case s[0] == 0xD1:
		return s[1] == 0x87 || s[1] == 0x80 // ч р
	case s[0] == 0xD0:
		return s[1] == 0xB1 || s[1] == 0xB8 || s[1] == 0xB2 || s[1] == 0xBD // б и в н
	}
	return false
}

func hasPrefixBytes(s []byte, p string) bool {
	return len(s) >= len(p) && string(s[:len(p)]) == p
}

func hasSuffixBytes(s []byte, p string) bool {
	return len(s) >= len(p) && string(s[len(s)-len(p):]) == p
}

func containsBytes(s []byte, p string) bool {
	for i := 0; i+len(p) <= len(s); i++ {
		if string(s[i:i+len(p)]) == p {
			return true
		}
	}
	return false
}

// hasSuffixW is strings.HasSuffix of a string or bytes.
func hasSuffixW[W spelling](s W, p string) bool {
	if len(s) < len(p) {
		return false
	}
	for i := 0; i < len(p); i++ {
		if s[len(s)-len(p)+i] != p[i] {
			return false
		}
	}
	return true
}

// indexByteW is strings.IndexByte of a string or bytes.
func indexByteW[W spelling](s W, c byte) int {
	for i := 0; i < len(s); i++ {
		if s[i] == c {
			return i
		}
	}
	return -1
}

// seenSet is the OCR search's set of the variants of one word it has
// considered, with the cheapest cost of each: an open-addressing table
// keyed by polyHash, the spellings kept in one buffer, emptied for the
// next word by a new generation instead of clearing.
type seenSet struct {
	slots []seenSlot // a power of two in length
	keys  []byte     // the spellings of this generation
	gen   uint32     // slots of another generation are empty
	n     int        // variants of this generation
}

// seenSlot is one variant of the set.
type seenSlot struct {
	hash     uint64
	off, len int32 // the spelling in keys
	gen      uint32
	cost     float64
}

// reset empties the set.
func (s *seenSet) reset() {
	s.gen++
	s.keys = s.keys[:0]
	s.n = 0
	if s.slots == nil || s.gen == 0 {
		s.slots = make([]seenSlot, 256)
		s.gen = 1
	}
}

// improve records the variant k at cost and reports whether it is new or
// cheaper than before (as the map lookup "absent, or a higher cost" did).
func (s *seenSet) improve(k []byte, cost float64) bool {
	if 2*(s.n+1) > len(s.slots) {
		s.grow()
	}
	h := mix64(polyHash(k))
	mask := uint64(len(s.slots) - 1)
	for i := h & mask; ; i = (i + 1) & mask {
		sl := &s.slots[i]
		if sl.gen != s.gen {
			*sl = seenSlot{hash: h, off: int32(len(s.keys)), len: int32(len(k)), gen: s.gen, cost: cost}
			s.keys = append(s.keys, k...)
			s.n++
			return true
		}
		if sl.hash == h && string(s.keys[sl.off:sl.off+sl.len]) == string(k) {
			if sl.cost <= cost {
				return false
			}
			sl.cost = cost
			return true
		}
	}
}

// grow doubles the table, keeping this generation's variants.
func (s *seenSet) grow() {
	old := s.slots
	s.slots = make([]seenSlot, 2*len(old))
	mask := uint64(len(s.slots) - 1)
	for _, sl := range old {
		if sl.gen != s.gen {
			continue
		}
		i := sl.hash & mask
		for s.slots[i].gen == s.gen {
			i = (i + 1) & mask
		}
		s.slots[i] = sl
	}
}
