package corpus

import (
	"bufio"
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"math"
	"strings"
	"unicode"
	"unicode/utf8"

	"golang.org/x/text/encoding/charmap"
	xunicode "golang.org/x/text/encoding/unicode"
	"golang.org/x/text/transform"
	"golang.org/x/text/unicode/norm"
)

// Encodings reported in Document.Encoding.
const (
	EncUTF8        = "UTF-8"
	EncUTF8BOM     = "UTF-8 (BOM)"
	EncUTF16LE     = "UTF-16LE"
	EncUTF16BE     = "UTF-16BE"
	EncWindows1251 = "windows-1251"
	EncKOI8R       = "KOI8-R"
)

// Errors for refused input. They are wrapped with the file name and detail:
// test with errors.Is.
var (
	// ErrEmpty: the file has no bytes, or only whitespace.
	ErrEmpty = errors.New("empty file")
	// ErrBinary: the file holds NUL bytes or control characters.
	ErrBinary = errors.New("binary data")
	// ErrEncoding: the bytes are not UTF-8 and no known encoding decodes
	// them to Cyrillic text.
	ErrEncoding = errors.New("unknown encoding")
	// ErrNotProse: the text decodes but is not Cyrillic prose.
	ErrNotProse = errors.New("not Cyrillic prose")
	// ErrDirectory: a directory was given where a file was expected.
	ErrDirectory = errors.New("is a directory")
)

// sampleSize is how many leading bytes are examined to detect the encoding.
const sampleSize = 64 << 10

// decode reads r to the end and returns its text as NFC with LF line endings,
// and the name of the detected encoding. size is a hint of r's byte size or
// -1. Decoding streams through x/text transformers, so memory is the output
// string plus fixed buffers.
func decode(ctx context.Context, source string, r io.Reader, size int64) (string, string, error) {
	br := bufio.NewReaderSize(ctxReader{ctx, r}, sampleSize)
	sample, err := br.Peek(sampleSize)
	atEOF := false
	switch {
	case err == nil:
	case errors.Is(err, io.EOF):
		atEOF = true
	default:
		return "", "", fmt.Errorf("%s: %w", source, unwrapPath(err))
	}
	if len(sample) == 0 {
		return "", "", fmt.Errorf("%s: %w", source, ErrEmpty)
	}

	var (
		dec  transform.Transformer
		enc  string
		grow = size
	)
	switch {
	case bytes.HasPrefix(sample, []byte{0xEF, 0xBB, 0xBF}):
		enc = EncUTF8BOM
		if _, err := br.Discard(3); err != nil {
			return "", "", fmt.Errorf("%s: %w", source, err)
		}
		dec = &utf8Validator{off: 3}
	case bytes.HasPrefix(sample, []byte{0xFF, 0xFE}):
		enc = EncUTF16LE
		dec = xunicode.UTF16(xunicode.LittleEndian, xunicode.ExpectBOM).NewDecoder()
	case bytes.HasPrefix(sample, []byte{0xFE, 0xFF}):
		enc = EncUTF16BE
		dec = xunicode.UTF16(xunicode.BigEndian, xunicode.ExpectBOM).NewDecoder()
	default:
		if i := bytes.IndexByte(sample, 0); i >= 0 {
			return "", "", fmt.Errorf("%s: %w (NUL byte at offset %d)", source, ErrBinary, i)
		}
		bad := invalidUTF8(sample, atEOF)
		if bad < 0 {
			enc = EncUTF8
			dec = &utf8Validator{}
			break
		}
		var cm *charmap.Charmap
		cm, enc = detectLegacy(sample)
		if cm == nil {
			return "", "", fmt.Errorf("%s: %w (invalid UTF-8 at byte %d, and not Windows-1251 or KOI8-R Cyrillic text either)", source, ErrEncoding, bad)
		}
		dec = cm.NewDecoder()
		if grow > 0 {
			grow *= 2 // Cyrillic letters take two bytes in UTF-8
		}
	}

	tr := transform.NewReader(br, transform.Chain(dec, lineEnds{}, norm.NFC))
	var out textBuffer
	if grow > 0 && grow < 1<<40 {
		out.sb.Grow(int(grow) + 16)
	}
	if _, err := io.Copy(&out, tr); err != nil {
		var iu *invalidUTF8Error
		if errors.As(err, &iu) {
			return "", "", fmt.Errorf("%s: %w (invalid UTF-8 at byte %d)", source, ErrEncoding, iu.offset)
		}
		return "", "", fmt.Errorf("%s: %w", source, unwrapPath(err))
	}
	text := out.String()
	if err := checkText(text); err != nil {
		return "", "", fmt.Errorf("%s: %w", source, err)
	}
	return text, enc, nil
}

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

// checkText refuses decoded text holding control characters (binary data),
// no text at all, or text that is not Cyrillic prose. It does not allocate.
func checkText(text string) error {
	line := 1
	var st proseStats
	for i, r := range text {
		switch {
		case r == '\n':
			line++
		case r == '\t' || r == '\v' || r == '\f':
		case r < 0x20 || r == 0x7F || (r >= 0x80 && r < 0xA0):
			return fmt.Errorf("%w (control character %U at line %d, byte %d)", ErrBinary, r, line, i)
		}
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
	i := 0
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

// chunkSize is the size of the chunks textBuffer collects when it does not
// know the final size.
const chunkSize = 1 << 20

// textBuffer collects decoded text. When its strings.Builder was sized in
// advance it writes there; otherwise it collects fixed-size chunks and joins
// them once at the end, so the text is allocated about twice, never
// repeatedly regrown.
type textBuffer struct {
	sb     strings.Builder
	chunks [][]byte
	n      int
}

// Write implements io.Writer.
func (t *textBuffer) Write(p []byte) (int, error) {
	if t.sb.Cap()-t.sb.Len() >= len(p) && len(t.chunks) == 0 {
		return t.sb.Write(p)
	}
	n := len(p)
	for len(p) > 0 {
		if len(t.chunks) == 0 || len(t.chunks[len(t.chunks)-1]) == chunkSize {
			t.chunks = append(t.chunks, make([]byte, 0, chunkSize))
		}
		last := &t.chunks[len(t.chunks)-1]
		k := min(len(p), chunkSize-len(*last))
		*last = append(*last, p[:k]...)
		p = p[k:]
	}
	t.n += n
	return n, nil
}

// String returns the collected text.
func (t *textBuffer) String() string {
	if len(t.chunks) == 0 {
		return t.sb.String()
	}
	var sb strings.Builder
	sb.Grow(t.sb.Len() + t.n)
	sb.WriteString(t.sb.String())
	for _, c := range t.chunks {
		sb.Write(c)
	}
	return sb.String()
}
