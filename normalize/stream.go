package normalize

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"strings"
	"unicode/utf8"
)

// StreamChunk is the amount of text the streaming normalizer works on at
// once (whole lines; a longer line is one chunk by itself).
const StreamChunk = 256 << 10

// Stream normalizes r to w line by line with bounded memory: it reads
// whole lines into chunks of about StreamChunk bytes, normalizes each chunk
// and writes it before reading on. Output has exactly one line per input
// line. onEdit, if not nil, receives every edit record in order (the
// --explain output); an error from it stops the stream.
//
// Memory is bounded by the chunk (or the longest line) plus the per-stream
// caches, which are capped (maxCache analysed words, maxFreq counted
// words). The document-frequency prior is a running count over everything
// read so far (capped at maxFreq distinct words), so a chunk is corrected
// with the evidence of all earlier chunks and of itself. The pre-reform
// mode, once detected in a chunk, stays on for the rest of the stream. For
// a text shorter than StreamChunk the result equals Document's.
//
// Invalid UTF-8 is an error naming the byte offset.
func (n *Normalizer) Stream(ctx context.Context, name string, r io.Reader, w io.Writer, onEdit func(Edit) error) error {
	st := n.newState(name)
	br := bufio.NewReaderSize(r, 64<<10)
	bw := bufio.NewWriterSize(w, 64<<10)
	if onEdit == nil {
		onEdit = func(Edit) error { return nil }
	}
	var buf strings.Builder
	var out strings.Builder
	offset := int64(0)
	eof := false
	for !eof {
		if err := ctx.Err(); err != nil {
			return err
		}
		buf.Reset()
		for buf.Len() < StreamChunk || endsWithHyphen(buf.String()) {
			line, err := br.ReadString('\n')
			if len(line) > 0 {
				if i := invalidAt(line); i >= 0 {
					return fmt.Errorf("%s: invalid UTF-8 at byte %d", name, offset+int64(i))
				}
				offset += int64(len(line))
				buf.WriteString(line)
			}
			if errors.Is(err, io.EOF) {
				eof = true
				break
			}
			if err != nil {
				return fmt.Errorf("%s: read: %w", name, err)
			}
		}
		if buf.Len() == 0 {
			break
		}
		out.Reset()
		if err := st.chunk(buf.String(), &out, onEdit, nil); err != nil {
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

// endsWithHyphen reports a chunk whose last line ends in a hyphen, so the
// next line must join it (a word may be hyphenated across the break).
func endsWithHyphen(s string) bool {
	s = strings.TrimSuffix(strings.TrimSuffix(s, "\n"), "\r")
	return strings.HasSuffix(s, "-") || strings.HasSuffix(s, "\u00ad") || strings.HasSuffix(s, "¬")
}

// invalidAt returns the offset of the first invalid UTF-8 byte, or -1.
func invalidAt(s string) int {
	if utf8.ValidString(s) {
		return -1
	}
	for i := 0; i < len(s); {
		r, size := utf8.DecodeRuneInString(s[i:])
		if r == utf8.RuneError && size == 1 {
			return i
		}
		i += size
	}
	return -1
}
