// Package textin reads the text inputs of pasyans — files, standard input,
// any io.Reader — the same way everywhere: one streaming reader that
// detects the encoding, decodes to UTF-8 in Unicode NFC with LF line ends,
// refuses binary data, and bounds the length of a line, so that memory
// stays flat whatever the input's size and a broken input gives a one-line
// error instead of running out of memory.
//
// # Encodings
//
// The encoding is detected from the first SampleSize bytes:
//
//   - a byte-order mark selects UTF-8, UTF-16LE or UTF-16BE;
//   - otherwise, a sample with NUL bytes is tried as UTF-16 without a BOM,
//     little- and big-endian: it is taken as UTF-16 when one of the two
//     readings is Cyrillic prose (see below) with no control characters, the
//     better-scoring one if both are; else it is refused as binary data
//     (ErrBinary, naming the offset of the first NUL);
//   - otherwise valid UTF-8 is UTF-8 (an invalid sequence later in the
//     stream is then an error, ErrEncoding, naming its byte offset);
//   - otherwise the sample is decoded as Windows-1251 and as KOI8-R and each
//     result is scored as Russian prose — mean log-probability of its
//     letters under Russian letter frequencies, plus the share of words with
//     a sane case pattern (a wrong 8-bit table swaps cases, giving
//     "пРИВЕТ"), plus the share of lower-case letters — and the better one
//     wins if it reads as prose at all; if neither does, ErrEncoding.
//
// Text is "Cyrillic prose" when at least ten letters and half of all
// letters are Cyrillic (pre-reform letters included), half of the
// non-space characters are letters, at most a quarter of the words mix
// cases like a wrong encoding, and the letters' mean log2-probability
// under Russian frequencies is above −5.3 bits. CheckProse applies the
// same test to a whole text.
//
// # Limits
//
// Reader.Read fails with ErrBinary at the first control character other
// than tab, line feed, carriage return, vertical tab and form feed, and
// with ErrLineTooLong when a line exceeds the maximum length (DefaultMaxLine
// unless the caller sets another), naming the line. It checks its context
// before every read of the underlying reader.
package textin

import (
	"bufio"
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"math"
	"unicode"
	"unicode/utf8"

	"golang.org/x/text/encoding/charmap"
	xunicode "golang.org/x/text/encoding/unicode"
	"golang.org/x/text/transform"
	"golang.org/x/text/unicode/norm"
)

// Encodings reported by Reader.Encoding.
const (
	EncUTF8         = "UTF-8"
	EncUTF8BOM      = "UTF-8 (BOM)"
	EncUTF16LE      = "UTF-16LE"
	EncUTF16BE      = "UTF-16BE"
	EncUTF16LENoBOM = "UTF-16LE (no BOM)"
	EncUTF16BENoBOM = "UTF-16BE (no BOM)"
	EncWindows1251  = "windows-1251"
	EncKOI8R        = "KOI8-R"
)

// Errors for refused input. They are wrapped with detail: test with
// errors.Is.
var (
	// ErrEmpty: the input has no bytes, or only white space.
	ErrEmpty = errors.New("empty file")
	// ErrBinary: the input holds NUL bytes or control characters.
	ErrBinary = errors.New("binary data")
	// ErrEncoding: the bytes are not UTF-8 and no known encoding decodes
	// them to Cyrillic text.
	ErrEncoding = errors.New("unknown encoding")
	// ErrNotProse: the text decodes but is not Cyrillic prose.
	ErrNotProse = errors.New("not Cyrillic prose")
	// ErrLineTooLong: a line is longer than the maximum line length.
	ErrLineTooLong = errors.New("line too long")
)

// SampleSize is how many leading bytes are examined to detect the
// encoding.
const SampleSize = 64 << 10

// DefaultMaxLine is the longest line (in bytes of decoded text) a Reader
// accepts unless told otherwise: far longer than any paragraph of a book,
// short enough that a run-away input (a file with no line breaks) stops
// with an error long before memory runs out.
const DefaultMaxLine = 32 << 20

// Reader decodes a text input to UTF-8 in NFC with LF line ends. Create it
// with NewReader.
type Reader struct {
	ctx     context.Context
	enc     string
	tr      io.Reader // the decoding chain
	maxLine int
	lineLen int   // bytes of the current line so far
	line    int   // 1-based line of the next byte
	off     int64 // decoded bytes so far
	c2      bool  // the last byte read was 0xC2, the lead byte of U+0080–U+00BF
	err     error // sticky error
}

// NewReader detects the encoding of r from its first SampleSize bytes (see
// the package doc) and returns a reader of its decoded text. maxLine is the
// longest line accepted, in bytes of decoded text; 0 means DefaultMaxLine.
// An empty input is no error here: the reader returns io.EOF at once.
// Errors are ErrBinary, ErrEncoding, the underlying reader's error, or
// ctx's error.
func NewReader(ctx context.Context, r io.Reader, maxLine int) (*Reader, error) {
	if maxLine <= 0 {
		maxLine = DefaultMaxLine
	}
	br := bufio.NewReaderSize(ctxReader{ctx, r}, SampleSize)
	sample, err := br.Peek(SampleSize)
	atEOF := false
	switch {
	case err == nil:
	case errors.Is(err, io.EOF):
		atEOF = true
	default:
		return nil, unwrapPath(err)
	}
	var (
		dec transform.Transformer
		enc string
	)
	switch {
	case bytes.HasPrefix(sample, []byte{0xEF, 0xBB, 0xBF}):
		enc = EncUTF8BOM
		if _, err := br.Discard(3); err != nil {
			return nil, err
		}
		dec = &utf8Validator{off: 3}
	case bytes.HasPrefix(sample, []byte{0xFF, 0xFE}):
		enc = EncUTF16LE
		dec = xunicode.UTF16(xunicode.LittleEndian, xunicode.ExpectBOM).NewDecoder()
	case bytes.HasPrefix(sample, []byte{0xFE, 0xFF}):
		enc = EncUTF16BE
		dec = xunicode.UTF16(xunicode.BigEndian, xunicode.ExpectBOM).NewDecoder()
	case bytes.IndexByte(sample, 0) >= 0:
		if enc, dec = detectUTF16(sample); dec == nil {
			return nil, fmt.Errorf("%w (NUL byte at offset %d; not UTF-16 text either)", ErrBinary, bytes.IndexByte(sample, 0))
		}
	default:
		bad := invalidUTF8(sample, atEOF)
		if bad < 0 {
			enc = EncUTF8
			dec = &utf8Validator{}
			break
		}
		var cm *charmap.Charmap
		cm, enc = detectLegacy(sample)
		if cm == nil {
			return nil, fmt.Errorf("%w (invalid UTF-8 at byte %d, and not Windows-1251 or KOI8-R Cyrillic text either)", ErrEncoding, bad)
		}
		dec = cm.NewDecoder()
	}
	return &Reader{
		ctx: ctx, enc: enc, maxLine: maxLine, line: 1,
		tr: transform.NewReader(br, transform.Chain(dec, lineEnds{}, fastNFC{})),
	}, nil
}

// Encoding returns the detected encoding, one of the Enc* constants.
func (r *Reader) Encoding() string { return r.enc }

// Read implements io.Reader: it returns decoded text, and fails at the
// first control character, at a line longer than the maximum, at an
// invalid sequence, or when the context is done.
func (r *Reader) Read(p []byte) (int, error) {
	if r.err != nil {
		return 0, r.err
	}
	n, err := r.tr.Read(p)
	for i := 0; i < n; i++ {
		if !r.c2 {
			// Fast path: the run of bytes that are no line end, control
			// character or 0xC2 (which may start a C1 control) only
			// lengthens the line.
			j := i
			for j < n {
				if c := p[j]; c < 0x20 || c == 0x7F || c == 0xC2 {
					break
				}
				j++
			}
			if r.lineLen+(j-i) > r.maxLine {
				k := i + r.maxLine - r.lineLen // the first byte past the limit
				r.err = fmt.Errorf("%w (line %d is longer than %d bytes)", ErrLineTooLong, r.line, r.maxLine)
				return k, r.err
			}
			r.lineLen += j - i
			if i = j; i == n {
				break
			}
		}
		c := p[i]
		if r.c2 && c >= 0x80 && c < 0xA0 {
			// A C1 control character (U+0080–U+009F), split or not.
			r.err = fmt.Errorf("%w (control character %U at line %d, byte %d)", ErrBinary, rune(c), r.line, r.off+int64(i)-1)
			return i, r.err
		}
		r.c2 = c == 0xC2
		switch {
		case c == '\n':
			r.line++
			r.lineLen = 0
			continue
		case c < 0x20 && c != '\t' && c != '\v' && c != '\f', c == 0x7F:
			r.err = fmt.Errorf("%w (control character %U at line %d, byte %d)", ErrBinary, rune(c), r.line, r.off+int64(i))
			return i, r.err
		}
		if r.lineLen++; r.lineLen > r.maxLine {
			r.err = fmt.Errorf("%w (line %d is longer than %d bytes)", ErrLineTooLong, r.line, r.maxLine)
			return i, r.err
		}
	}
	r.off += int64(n)
	if err != nil && !errors.Is(err, io.EOF) {
		var iu *invalidUTF8Error
		if errors.As(err, &iu) {
			err = fmt.Errorf("%w (invalid UTF-8 at byte %d)", ErrEncoding, iu.offset)
		} else {
			err = unwrapPath(err)
		}
		r.err = err
	}
	return n, err
}

// ContextReader returns a reader of r that stops with the context's error
// once ctx is done (checked before every read).
func ContextReader(ctx context.Context, r io.Reader) io.Reader { return ctxReader{ctx, r} }

// ctxReader is a reader that stops with the context's error once the
// context is done.
type ctxReader struct {
	ctx context.Context
	r   io.Reader
}

// Read implements io.Reader.
func (c ctxReader) Read(p []byte) (int, error) {
	if err := c.ctx.Err(); err != nil {
		return 0, err
	}
	return c.r.Read(p)
}

// unwrapPath drops an *fs.PathError's repetition of the path.
func unwrapPath(err error) error {
	var pe *fs.PathError
	if errors.As(err, &pe) {
		return pe.Err
	}
	return err
}

// invalidUTF8 returns the offset of the first invalid UTF-8 sequence in
// sample, or -1. Unless atEOF, an incomplete sequence cut off at the end of
// the sample is not an error.
func invalidUTF8(sample []byte, atEOF bool) int {
	for i := 0; i < len(sample); {
		c := sample[i]
		if c < utf8.RuneSelf {
			i++
			continue
		}
		r, n := utf8.DecodeRune(sample[i:])
		if r == utf8.RuneError && n <= 1 {
			if !atEOF && !utf8.FullRune(sample[i:]) {
				return -1
			}
			return i
		}
		i += n
	}
	return -1
}

// detectLegacy decides between Windows-1251 and KOI8-R by decoding the
// sample with both and scoring the results as Russian prose (see
// proseStats.score). It returns nil when neither reads as Cyrillic prose.
func detectLegacy(sample []byte) (*charmap.Charmap, string) {
	type cand struct {
		cm   *charmap.Charmap
		name string
	}
	var (
		best      *charmap.Charmap
		bestName  string
		bestScore = math.Inf(-1)
	)
	for _, c := range []cand{{charmap.Windows1251, EncWindows1251}, {charmap.KOI8R, EncKOI8R}} {
		out, err := c.cm.NewDecoder().Bytes(sample)
		if err != nil {
			continue
		}
		var st proseStats
		st.addString(string(out))
		if st.isProse() != nil {
			continue
		}
		if s := st.score(); s > bestScore {
			best, bestName, bestScore = c.cm, c.name, s
		}
	}
	return best, bestName
}

// detectUTF16 tries a sample with NUL bytes as UTF-16 without a BOM, both
// byte orders, and returns the decoder of the one that reads as Cyrillic
// prose without control characters (the better-scoring if both do), or
// nil.
func detectUTF16(sample []byte) (string, transform.Transformer) {
	var (
		bestEnc   string
		bestDec   transform.Transformer
		bestScore = math.Inf(-1)
	)
	even := sample[:len(sample)&^1]
	for _, c := range []struct {
		name   string
		endian xunicode.Endianness
	}{{EncUTF16LENoBOM, xunicode.LittleEndian}, {EncUTF16BENoBOM, xunicode.BigEndian}} {
		code := xunicode.UTF16(c.endian, xunicode.IgnoreBOM)
		out, err := code.NewDecoder().Bytes(even)
		if err != nil || hasControl(out) {
			continue
		}
		var st proseStats
		st.addString(string(out))
		if st.isProse() != nil {
			continue
		}
		if s := st.score(); s > bestScore {
			bestEnc, bestDec, bestScore = c.name, code.NewDecoder(), s
		}
	}
	return bestEnc, bestDec
}

// hasControl reports a control character other than white space in text.
func hasControl(text []byte) bool {
	for _, r := range string(text) {
		switch {
		case r == '\n' || r == '\r' || r == '\t' || r == '\v' || r == '\f':
		case r < 0x20 || r == 0x7F || (r >= 0x80 && r < 0xA0), r == utf8.RuneError:
			return true
		}
	}
	return false
}

// CheckProse refuses a decoded text that has no text at all (ErrEmpty) or
// is not Cyrillic prose (ErrNotProse, see the package doc). It does not
// allocate.
func CheckProse(text string) error {
	var st proseStats
	for _, r := range text {
		st.add(r)
	}
	if st.nonSpace == 0 {
		if len(text) == 0 {
			return ErrEmpty
		}
		return fmt.Errorf("%w (only whitespace)", ErrEmpty)
	}
	return st.isProse()
}

// russianFreq is the relative frequency (per 10 000 letters) of the Russian
// letters а…я in running text, from common published tables. ъ is raised to
// allow for pre-reform spelling, which ends most masculine nouns in it.
var russianFreq = [32]float64{
	801, 159, 454, 170, 298, 845, 94, 165, 735, 121, // а б в г д е ж з и й
	349, 440, 321, 670, 1097, 281, 473, 547, 626, 262, // к л м н о п р с т у
	26, 97, 48, 144, 73, 36, 100, 190, 174, 32, 64, 201, // ф х ц ч ш щ ъ ы ь э ю я
}

// letterLogProb is log2 of the frequency of each letter а…я.
var letterLogProb = func() [32]float64 {
	var sum float64
	for _, f := range russianFreq {
		sum += f
	}
	var lp [32]float64
	for i, f := range russianFreq {
		lp[i] = math.Log2(f / sum)
	}
	return lp
}()

// cyrIndex maps a Cyrillic letter to its index in а…я after folding case
// and the pre-reform letters (ѣ ђ→е, і ї ѵ→и, ѳ→ф, ё→е); -1 for others.
func cyrIndex(r rune) int {
	switch {
	case r >= 'а' && r <= 'я':
		return int(r - 'а')
	case r >= 'А' && r <= 'Я':
		return int(r - 'А')
	}
	switch r {
	case 'ё', 'Ё', 'ѣ', 'Ѣ', 'ђ', 'Ђ', 'є', 'Є':
		return int('е' - 'а')
	case 'і', 'І', 'ї', 'Ї', 'ѵ', 'Ѵ':
		return int('и' - 'а')
	case 'ѳ', 'Ѳ':
		return int('ф' - 'а')
	}
	return -1
}

// proseStats accumulates what tells Cyrillic prose from other text: how many
// letters are Cyrillic, how likely they are under Russian letter frequencies,
// and how many words have a sane case pattern (lower, Capitalised or UPPER;
// a wrong 8-bit decoding produces "пРИВЕТ"-like words).
type proseStats struct {
	nonSpace, letters, cyr, lower int
	logProb                       float64
	words, badWords               int
	// current word
	wordLen   int
	wordBad   bool
	prevLower bool
}

// add counts one rune.
func (s *proseStats) add(r rune) {
	if !unicode.IsSpace(r) {
		s.nonSpace++
	}
	if !unicode.IsLetter(r) {
		s.endWord()
		return
	}
	s.letters++
	lower := unicode.IsLower(r)
	if lower {
		s.lower++
	}
	if i := cyrIndex(r); i >= 0 {
		s.cyr++
		s.logProb += letterLogProb[i]
	}
	if s.wordLen > 0 && s.prevLower && !lower {
		s.wordBad = true
	}
	s.prevLower = lower
	s.wordLen++
}

// addString counts every rune of t.
func (s *proseStats) addString(t string) {
	for _, r := range t {
		s.add(r)
	}
	s.endWord()
}

// endWord closes the current word.
func (s *proseStats) endWord() {
	if s.wordLen >= 2 {
		s.words++
		if s.wordBad {
			s.badWords++
		}
	}
	s.wordLen, s.wordBad, s.prevLower = 0, false, false
}

// Thresholds of isProse.
const (
	minCyrLetters   = 10   // fewer Cyrillic letters than this is not prose
	minCyrShare     = 0.5  // of all letters
	minLetterShare  = 0.5  // of all non-space characters
	maxBadWordShare = 0.25 // words with a lower→UPPER case change
	minAvgLogProb   = -5.3 // bits per letter; uniform over 32 letters is -5
)

// isProse reports why the counted text is not Cyrillic prose, or nil.
func (s *proseStats) isProse() error {
	s.endWord()
	switch {
	case s.cyr < minCyrLetters || float64(s.cyr) < minCyrShare*float64(s.letters):
		return fmt.Errorf("%w (%d of %d letters are Cyrillic)", ErrNotProse, s.cyr, s.letters)
	case float64(s.letters) < minLetterShare*float64(s.nonSpace):
		return fmt.Errorf("%w (only %d of %d characters are letters)", ErrNotProse, s.letters, s.nonSpace)
	case float64(s.badWords) > maxBadWordShare*float64(s.words):
		return fmt.Errorf("%w (%d of %d words mix cases like a wrong encoding)", ErrNotProse, s.badWords, s.words)
	case s.logProb/float64(s.cyr) < minAvgLogProb:
		return fmt.Errorf("%w (letter frequencies are not Russian)", ErrNotProse)
	}
	return nil
}

// score rates how much the counted text looks like Russian prose: the mean
// log2 probability of its letters, plus the share of words with a sane case
// pattern and the share of lower-case letters (prose is mostly lower case;
// text decoded with the wrong 8-bit table swaps cases).
func (s *proseStats) score() float64 {
	s.endWord()
	if s.cyr == 0 || s.words == 0 {
		return math.Inf(-1)
	}
	return s.logProb/float64(s.cyr) +
		4*(1-float64(s.badWords)/float64(s.words)) +
		2*float64(s.lower)/float64(s.letters)
}

// invalidUTF8Error reports the byte offset of an invalid UTF-8 sequence.
type invalidUTF8Error struct{ offset int64 }

func (e *invalidUTF8Error) Error() string {
	return fmt.Sprintf("invalid UTF-8 at byte %d", e.offset)
}

// utf8Validator is a transform.Transformer that copies UTF-8 unchanged and
// fails at the first invalid sequence.
type utf8Validator struct {
	off int64 // bytes consumed so far
}

// Transform implements transform.Transformer.
func (v *utf8Validator) Transform(dst, src []byte, atEOF bool) (nDst, nSrc int, err error) {
	n := len(src)
	if len(dst) < n {
		n = len(dst)
		err = transform.ErrShortDst
	}
	// Fast path: the longest prefix that ends on a whole rune, checked at
	// once; the loop below handles what follows (or all, if it is invalid).
	m := n
	for k := 1; k <= utf8.UTFMax-1 && k <= m; k++ {
		if utf8.RuneStart(src[m-k]) {
			if !utf8.FullRune(src[m-k : m]) {
				m -= k
			}
			break
		}
	}
	i := 0
	if utf8.Valid(src[:m]) {
		i = m
	}
	for i < n {
		if src[i] < utf8.RuneSelf {
			i++
			continue
		}
		r, size := utf8.DecodeRune(src[i:])
		if r == utf8.RuneError && size <= 1 {
			if !utf8.FullRune(src[i:]) && !atEOF {
				err = transform.ErrShortSrc
				break
			}
			copy(dst, src[:i])
			v.off += int64(i)
			return i, i, &invalidUTF8Error{offset: v.off}
		}
		if i+size > n {
			err = transform.ErrShortDst
			break
		}
		i += size
	}
	copy(dst, src[:i])
	v.off += int64(i)
	return i, i, err
}

// Reset implements transform.Transformer.
func (v *utf8Validator) Reset() { v.off = 0 }

// lineEnds is a transform.Transformer that turns CRLF and lone CR into LF.
type lineEnds struct{}

// Transform implements transform.Transformer.
func (lineEnds) Transform(dst, src []byte, atEOF bool) (nDst, nSrc int, err error) {
	for nSrc < len(src) {
		j := bytes.IndexByte(src[nSrc:], '\r')
		if j < 0 {
			j = len(src) - nSrc
		}
		if j > 0 {
			if nDst+j > len(dst) {
				k := copy(dst[nDst:], src[nSrc:nSrc+j])
				return nDst + k, nSrc + k, transform.ErrShortDst
			}
			copy(dst[nDst:], src[nSrc:nSrc+j])
			nDst += j
			nSrc += j
			continue
		}
		// src[nSrc] == '\r'
		if nSrc+1 == len(src) && !atEOF {
			return nDst, nSrc, transform.ErrShortSrc
		}
		if nDst >= len(dst) {
			return nDst, nSrc, transform.ErrShortDst
		}
		dst[nDst] = '\n'
		nDst++
		nSrc++
		if nSrc < len(src) && src[nSrc] == '\n' {
			nSrc++
		}
	}
	return nDst, nSrc, nil
}

// Reset implements transform.Transformer.
func (lineEnds) Reset() {}

// fastNFC is norm.NFC with a fast path for the text of the books: a run of
// ASCII and Cyrillic letters (U+0400–U+04FF without the combining marks
// U+0483–U+0489) is in NFC already and nothing in it composes with another
// of them, so it is copied as it is; only the rune before a rune outside
// such a run (which may compose with it) and the runes up to the next run
// go through norm.NFC.
type fastNFC struct{}

// safeRune decodes the rune at src[i:] if it is one of the runs' runes and
// returns its size, or 0.
func safeRune(src []byte, i int) int {
	c := src[i]
	if c < utf8.RuneSelf {
		return 1
	}
	if c >= 0xD0 && c <= 0xD3 && i+1 < len(src) && src[i+1]&0xC0 == 0x80 {
		if r := rune(c&0x1F)<<6 | rune(src[i+1]&0x3F); r < 0x483 || r > 0x489 {
			return 2
		}
	}
	return 0
}

// Transform implements transform.Transformer.
func (fastNFC) Transform(dst, src []byte, atEOF bool) (nDst, nSrc int, err error) {
	for nSrc < len(src) {
		// The run of safe runes from nSrc, and the start of its last rune.
		k, last := nSrc, -1
		for k < len(src) {
			// ASCII and the Cyrillic letters (0xD0/0xD1 and a continuation
			// byte: U+0400–U+047F) first, as safeRune would answer.
			if c := src[k]; c < utf8.RuneSelf {
				last = k
				k++
				continue
			} else if (c == 0xD0 || c == 0xD1) && k+1 < len(src) && src[k+1]&0xC0 == 0x80 {
				last = k
				k += 2
				continue
			}
			size := safeRune(src, k)
			if size == 0 {
				break
			}
			last = k
			k += size
		}
		end := k
		if (k < len(src) || !atEOF) && last >= nSrc {
			end = last // its last rune may compose with what comes next
		}
		n := copy(dst[nDst:], src[nSrc:end])
		nDst += n
		nSrc += n
		if nSrc < end {
			return nDst, nSrc, transform.ErrShortDst
		}
		if nSrc == len(src) {
			return nDst, nSrc, nil
		}
		if k == len(src) {
			return nDst, nSrc, transform.ErrShortSrc // the held-back rune needs what follows
		}
		// The slow part: from the held-back rune over the runes outside the
		// runs to the first rune of the next run, which starts a new
		// segment.
		stop := k
		for stop < len(src) && safeRune(src, stop) == 0 {
			_, size := utf8.DecodeRune(src[stop:])
			stop += size
		}
		if stop < len(src) {
			stop += safeRune(src, stop)
		}
		nd, ns, err := norm.NFC.Transform(dst[nDst:], src[nSrc:stop], atEOF && stop == len(src))
		nDst += nd
		nSrc += ns
		switch {
		case err == transform.ErrShortSrc && stop < len(src) && ns > 0:
			continue // the segment after the last one norm finished goes on
		case err == transform.ErrShortSrc && stop < len(src):
			nd, ns, err := norm.NFC.Transform(dst[nDst:], src[nSrc:], atEOF)
			return nDst + nd, nSrc + ns, err
		case err != nil:
			return nDst, nSrc, err
		}
	}
	return nDst, nSrc, nil
}

// Reset implements transform.Transformer.
func (fastNFC) Reset() {}
