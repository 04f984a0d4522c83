package normalize

import (
	"bufio"
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"strings"
	"unicode/utf8"

	"github.com/pasyans/pasyans/internal/textin"
)

// StreamChunk is the amount of text the streaming normalizer works on at
// once (whole lines; a longer line is one chunk by itself).
const StreamChunk = 256 << 10

// DefaultMaxLine is the longest line Stream accepts unless
// StreamOptions.MaxLine says otherwise (32 MiB of decoded text).
const DefaultMaxLine = textin.DefaultMaxLine

// Errors for refused input, the same values as the corpus package's; they
// are wrapped with the input's name and detail: test with errors.Is.
var (
	// ErrBinary: the input holds NUL bytes or control characters.
	ErrBinary = textin.ErrBinary
	// ErrEncoding: the bytes are not UTF-8 and no known encoding decodes
	// them to Cyrillic text.
	ErrEncoding = textin.ErrEncoding
	// ErrLineTooLong: a line is longer than StreamOptions.MaxLine.
	ErrLineTooLong = textin.ErrLineTooLong
)

// StreamOptions configure Stream.
type StreamOptions struct {
	// OnEdit, if not nil, receives every edit record in order (the
	// --explain output); an error from it stops the stream.
	OnEdit func(Edit) error
	// MaxLine is the longest line accepted, in bytes of decoded text; a
	// longer one stops the stream with ErrLineTooLong. 0 means
	// DefaultMaxLine.
	MaxLine int
	// Doc is the document name in the edit records; "" means the name
	// given to Stream, which errors name.
	Doc string
}

// Stream normalizes the input r to w with bounded memory. The input may be
// in any encoding the corpus reads — UTF-8 (with or without BOM), UTF-16
// (with a BOM, or without one when it reads as Cyrillic prose),
// Windows-1251 or KOI8-R, detected from its first 64 KiB — and is decoded
// to NFC with LF line ends; binary data, invalid UTF-8 and over-long lines
// are errors naming the input and the place. Output is UTF-8 with exactly
// one line per input line.
//
// Stream reads whole lines into chunks of about StreamChunk bytes,
// normalizes each chunk and writes it before reading on. Memory is bounded
// by the chunk (or the longest line) plus the per-stream caches, which are
// capped (maxCache analysed words, maxFreq counted words). The
// document-frequency prior is a running count over everything read so far
// (capped at maxFreq distinct words), so a chunk is corrected with the
// evidence of all earlier chunks and of itself. The pre-reform mode, once
// detected in a chunk, stays on for the rest of the stream. For a text
// shorter than StreamChunk the result equals Document's.
//
// Stream stops with ctx's error when ctx is cancelled, within one chunk's
// work at most.
func (n *Normalizer) Stream(ctx context.Context, name string, r io.Reader, w io.Writer, opts StreamOptions) error {
	tr, err := textin.NewReader(ctx, r, opts.MaxLine)
	if err != nil {
		return fmt.Errorf("%s: %w", name, err)
	}
	doc := opts.Doc
	if doc == "" {
		doc = name
	}
	st := n.newState(doc)
	br := bufio.NewReaderSize(tr, 64<<10)
	bw := bufio.NewWriterSize(w, 64<<10)
	onEdit := opts.OnEdit
	if onEdit == nil {
		onEdit = func(Edit) error { return nil }
	}
	var buf, carry []byte
	var out strings.Builder
	eof := false
	for !eof || len(carry) > 0 {
		if err := ctx.Err(); err != nil {
			return err
		}
		buf = append(buf[:0], carry...)
		carry = carry[:0]
		partial := false
		// A full chunk takes the next line too while its last line ends in
		// a hyphen (the word may go on there), but not without end. A line
		// longer than maxLineChunk is cut at a safe point (cutLine) and
		// goes on in the next chunk, so memory stays flat whatever the
		// length of a line.
		for extra := 0; !eof && (len(buf) < StreamChunk || endsWithHyphen(buf) && extra < maxHyphenLines); {
			if len(buf) >= StreamChunk {
				extra++
			}
			line, err := br.ReadSlice('\n')
			for errors.Is(err, bufio.ErrBufferFull) {
				buf = append(buf, line...)
				if len(buf) >= maxLineChunk {
					partial = true
					break
				}
				line, err = br.ReadSlice('\n')
			}
			if partial {
				cut := cutLine(buf)
				carry = append(carry, buf[cut:]...)
				buf = buf[:cut]
				break
			}
			buf = append(buf, line...)
			if errors.Is(err, io.EOF) {
				eof = true
				break
			}
			if errors.Is(err, context.Canceled) || errors.Is(err, context.DeadlineExceeded) {
				return err
			}
			if err != nil {
				return fmt.Errorf("%s: %w", name, err)
			}
		}
		if len(buf) == 0 {
			break
		}
		out.Reset()
		if err := st.chunk(ctx, string(buf), &out, onEdit, sink{}); err != nil {
			return err
		}
		if _, err := bw.WriteString(out.String()); err != nil {
			return fmt.Errorf("%s: write: %w", name, err)
		}
	}
	if err := bw.Flush(); err != nil {
		return fmt.Errorf("%s: write: %w", name, err)
	}
	return nil
}

// maxLineChunk bounds the text of one line worked on at once: a longer
// line is cut (cutLine) into chunks of at most this size.
const maxLineChunk = 2 * StreamChunk

// cutLine returns where to cut buf, the first part of a line too long to
// work on at once: after the last sentence end (". ", "! ", "? ") in its
// second half, else after its last space, else at its last rune boundary
// (a line without spaces), so that no word is cut.
func cutLine(buf []byte) int {
	half := len(buf) / 2
	for i := len(buf) - 2; i >= half; i-- {
		if buf[i+1] == ' ' && (buf[i] == '.' || buf[i] == '!' || buf[i] == '?') {
			return i + 2
		}
	}
	if i := bytes.LastIndexByte(buf, ' '); i > 0 {
		return i + 1
	}
	i := len(buf)
	for i > 1 && !utf8.RuneStart(buf[i-1]) {
		i--
	}
	if i > 1 {
		i-- // buf[i] starts the last rune, which may be incomplete
	}
	return i
}

// maxHyphenLines is how many lines ending in a hyphen a full chunk takes on
// so that a word hyphenated across its last line break is joined.
const maxHyphenLines = 64

// endsWithHyphen reports a chunk whose last line ends in a hyphen, so the
// next line must join it (a word may be hyphenated across the break).
func endsWithHyphen(s []byte) bool {
	s = bytes.TrimSuffix(bytes.TrimSuffix(s, []byte("\n")), []byte("\r"))
	return bytes.HasSuffix(s, []byte("-")) || bytes.HasSuffix(s, []byte("\u00ad")) || bytes.HasSuffix(s, []byte("¬"))
}
