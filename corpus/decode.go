package corpus

import (
	"context"
	"errors"
	"fmt"
	"io"
	"strings"

	"github.com/pasyans/pasyans/internal/textin"
)

// Encodings reported in Document.Encoding.
const (
	EncUTF8         = textin.EncUTF8
	EncUTF8BOM      = textin.EncUTF8BOM
	EncUTF16LE      = textin.EncUTF16LE
	EncUTF16BE      = textin.EncUTF16BE
	EncUTF16LENoBOM = textin.EncUTF16LENoBOM
	EncUTF16BENoBOM = textin.EncUTF16BENoBOM
	EncWindows1251  = textin.EncWindows1251
	EncKOI8R        = textin.EncKOI8R
)

// Errors for refused input. They are wrapped with the file name and detail:
// test with errors.Is. normalize refuses input with the same values.
var (
	// ErrEmpty: the file has no bytes, or only whitespace.
	ErrEmpty = textin.ErrEmpty
	// ErrBinary: the file holds NUL bytes or control characters.
	ErrBinary = textin.ErrBinary
	// ErrEncoding: the bytes are not UTF-8 and no known encoding decodes
	// them to Cyrillic text.
	ErrEncoding = textin.ErrEncoding
	// ErrNotProse: the text decodes but is not Cyrillic prose.
	ErrNotProse = textin.ErrNotProse
	// ErrLineTooLong: a line is longer than Options.MaxLine.
	ErrLineTooLong = textin.ErrLineTooLong
	// ErrDirectory: a directory was given where a file was expected.
	ErrDirectory = errors.New("is a directory")
)

// decode reads r to the end and returns its text as NFC with LF line ends,
// and the name of the detected encoding (see the package doc). size is a
// hint of r's byte size or -1. Decoding streams, so memory is the output
// string plus fixed buffers.
func decode(ctx context.Context, source string, r io.Reader, size int64, maxLine int) (string, string, error) {
	tr, err := textin.NewReader(ctx, r, maxLine)
	if err != nil {
		return "", "", fmt.Errorf("%s: %w", source, err)
	}
	grow := size
	switch tr.Encoding() {
	case EncWindows1251, EncKOI8R:
		if grow > 0 {
			grow *= 2 // Cyrillic letters take two bytes in UTF-8
		}
	case EncUTF16LE, EncUTF16BE, EncUTF16LENoBOM, EncUTF16BENoBOM:
		grow = -1
	}
	var out textBuffer
	if grow > 0 && grow < 1<<40 {
		out.sb.Grow(int(grow) + 16)
	}
	if _, err := io.Copy(&out, tr); err != nil {
		return "", "", fmt.Errorf("%s: %w", source, err)
	}
	text := out.String()
	if err := textin.CheckProse(text); err != nil {
		return "", "", fmt.Errorf("%s: %w", source, err)
	}
	return text, tr.Encoding(), nil
}

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
