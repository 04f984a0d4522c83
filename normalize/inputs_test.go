package normalize

import (
	"bytes"
	"context"
	"errors"
	"io"
	"runtime"
	"strings"
	"testing"
	"time"
	"unicode/utf8"

	"golang.org/x/text/encoding/charmap"
	xunicode "golang.org/x/text/encoding/unicode"

	"github.com/pasyans/pasyans/internal/corpuslike"
)

// The tests of this file follow the rows of issue 18 that concern the
// normalizer's inputs: every encoding on any reader, run-away and binary
// input, memory flat in the input's size, cancellation.

// streamText normalizes data with Stream and returns the text.
func streamText(t *testing.T, n *Normalizer, data []byte) (string, error) {
	t.Helper()
	var out bytes.Buffer
	err := n.Stream(context.Background(), "in", bytes.NewReader(data), &out, StreamOptions{})
	return out.String(), err
}

// TestStreamEncodings: Stream reads Windows-1251, KOI8-R and UTF-16 (with
// and without BOM) as well as UTF-8, and gives the same text.
func TestStreamEncodings(t *testing.T) {
	n := normalizer(t)
	// The 8-bit tables have no ѣ or і: a text they can hold.
	text := "Берутъ изъ колоды туза и кладутъ его посредине, передъ собою; затемъ раскладываютъ восемь картъ.\nОсновныя карты не должны быть выбираемы тотчасъ-же.\n"
	want, err := streamText(t, n, []byte(text))
	if err != nil || !strings.Contains(want, "Берут из колоды") {
		t.Fatalf("UTF-8: %q, %v", want, err)
	}
	encode := func(enc interface{ Bytes([]byte) ([]byte, error) }) []byte {
		b, err := enc.Bytes([]byte(text))
		if err != nil {
			t.Fatal(err)
		}
		return b
	}
	for name, data := range map[string][]byte{
		"windows-1251":   encode(charmap.Windows1251.NewEncoder()),
		"KOI8-R":         encode(charmap.KOI8R.NewEncoder()),
		"UTF-16LE BOM":   encode(xunicode.UTF16(xunicode.LittleEndian, xunicode.UseBOM).NewEncoder()),
		"UTF-16BE":       encode(xunicode.UTF16(xunicode.BigEndian, xunicode.IgnoreBOM).NewEncoder()),
		"UTF-16LE":       encode(xunicode.UTF16(xunicode.LittleEndian, xunicode.IgnoreBOM).NewEncoder()),
		"UTF-8 BOM CRLF": append([]byte{0xEF, 0xBB, 0xBF}, strings.ReplaceAll(text, "\n", "\r\n")...),
	} {
		got, err := streamText(t, n, data)
		if err != nil || got != want {
			t.Errorf("%s: %q, %v; want %q", name, got, err, want)
		}
	}
}

// zeros is /dev/zero.
type zeros struct{}

func (zeros) Read(p []byte) (int, error) {
	clear(p)
	return len(p), nil
}

// noBreaks is an endless line of words.
type noBreaks struct{ pos int }

func (r *noBreaks) Read(p []byte) (int, error) {
	const word = "карта "
	for i := range p {
		p[i] = word[r.pos%len(word)]
		r.pos++
	}
	return len(p), nil
}

// TestStreamRunaway: an endless input with no line breaks stops with
// ErrLineTooLong naming the line, and /dev/zero with ErrBinary, both in one
// line and without reading more than the limit.
func TestStreamRunaway(t *testing.T) {
	n := normalizer(t)
	err := n.Stream(context.Background(), "stdin", &noBreaks{}, io.Discard, StreamOptions{MaxLine: 1 << 20})
	if !errors.Is(err, ErrLineTooLong) || err.Error() != "stdin: line too long (line 1 is longer than 1048576 bytes)" {
		t.Errorf("endless line: %v", err)
	}
	err = n.Stream(context.Background(), "stdin", zeros{}, io.Discard, StreamOptions{})
	if !errors.Is(err, ErrBinary) || strings.Contains(err.Error(), "\n") || !strings.HasPrefix(err.Error(), "stdin: binary data") {
		t.Errorf("/dev/zero: %v", err)
	}
}

// TestStreamMemoryFlat: the live heap while streaming 32 MB of varied
// corpus-like text is no larger than while streaming 8 MB, give or take
// the caches filling up — memory does not grow with the input.
func TestStreamMemoryFlat(t *testing.T) {
	if testing.Short() {
		t.Skip("40 MB of text")
	}
	n := normalizer(t)
	peak := func(size int64) uint64 {
		pr, pw := io.Pipe()
		go func() {
			pw.CloseWithError(corpuslike.Write(context.Background(), pw, corpuslike.Options{Size: size, Seed: 9}))
		}()
		w := &heapProbe{every: 2 << 20}
		if err := n.Stream(context.Background(), "big", pr, w, StreamOptions{}); err != nil {
			t.Fatal(err)
		}
		return w.peak
	}
	small, large := peak(8<<20), peak(32<<20)
	t.Logf("live heap: %d MB streaming 8 MB, %d MB streaming 32 MB", small>>20, large>>20)
	if large > small+16<<20 || large > 64<<20 {
		t.Errorf("live heap %d MB for 32 MB against %d MB for 8 MB: memory grows with the input", large>>20, small>>20)
	}
}

// heapProbe discards what it is written and, every so many bytes, measures
// the live heap after a collection.
type heapProbe struct {
	every, n, next int
	peak           uint64
}

func (h *heapProbe) Write(p []byte) (int, error) {
	h.n += len(p)
	if h.n >= h.next {
		h.next = h.n + h.every
		runtime.GC()
		var ms runtime.MemStats
		runtime.ReadMemStats(&ms)
		h.peak = max(h.peak, ms.HeapAlloc)
	}
	return len(p), nil
}

// cancelAfter is an endless corpus-like input that cancels its context
// once it has handed out limit bytes, and counts what is read after that.
type cancelAfter struct {
	text   []byte
	off    int
	n      int
	limit  int
	cancel context.CancelFunc
	after  int
}

func (c *cancelAfter) Read(p []byte) (int, error) {
	k := copy(p, c.text[c.off:])
	c.off = (c.off + k) % len(c.text)
	if c.n >= c.limit {
		c.after += k
	}
	c.n += k
	if c.n >= c.limit && c.cancel != nil {
		c.cancel()
		c.cancel = nil
	}
	return k, nil
}

// TestStreamCancel: Ctrl-C on a large input — the context cancelled while
// Stream works through an endless input — ends Stream with
// context.Canceled, promptly: it reads at most one more chunk (and the
// reader's buffers) after the cancellation, and returns within seconds of
// it even on a loaded machine.
func TestStreamCancel(t *testing.T) {
	n := normalizer(t)
	var b strings.Builder
	if err := corpuslike.Write(context.Background(), &b, corpuslike.Options{Size: 1 << 20, Seed: 4}); err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	in := &cancelAfter{text: []byte(b.String()), limit: 8 << 20, cancel: cancel}
	done := make(chan error, 1)
	var cancelled time.Time
	go func() { done <- n.Stream(ctx, "stdin", in, io.Discard, StreamOptions{}) }()
	select {
	case <-ctx.Done():
		cancelled = time.Now()
	case err := <-done:
		t.Fatalf("Stream ended before the cancellation: %v", err)
	}
	select {
	case err := <-done:
		if !errors.Is(err, context.Canceled) {
			t.Errorf("err = %v, want context.Canceled", err)
		}
		t.Logf("returned %v after the cancellation", time.Since(cancelled))
	case <-time.After(10 * time.Second):
		t.Fatal("Stream still running 10 s after the cancellation")
	}
	if limit := 2*StreamChunk + 256<<10; in.after > limit {
		t.Errorf("read %d bytes after the cancellation, more than %d", in.after, limit)
	}
}

// TestStreamLongLine: a line longer than maxLineChunk is worked on in
// pieces cut between words (issue 27: one 20 MB line peaked at 448 MB), with
// the same text out as the whole line at once, line for line.
func TestStreamLongLine(t *testing.T) {
	n := normalizer(t)
	var b strings.Builder
	if err := corpuslike.Write(context.Background(), &b, corpuslike.Options{Size: 3 * maxLineChunk, Seed: 5, OneParagraph: true}); err != nil {
		t.Fatal(err)
	}
	text := strings.TrimRight(b.String(), " ") + "\n"
	var out strings.Builder
	if err := n.Stream(context.Background(), "long", strings.NewReader(text), &out, StreamOptions{}); err != nil {
		t.Fatal(err)
	}
	doc, err := n.Document(context.Background(), "long", text)
	if err != nil {
		t.Fatal(err)
	}
	if got := out.String(); got != doc.Text {
		i := 0
		for i < len(got) && i < len(doc.Text) && got[i] == doc.Text[i] {
			i++
		}
		t.Errorf("streamed long line differs from the whole text's at byte %d of %d", i, len(doc.Text))
	}
	if c, want := strings.Count(out.String(), "\n"), strings.Count(text, "\n"); c != want {
		t.Errorf("%d output lines, want %d", c, want)
	}
	if strings.Index(text, "\n") < 2*maxLineChunk {
		t.Errorf("the test's line is not long enough to be cut")
	}
	for _, s := range []string{"один два. три", strings.Repeat("я", 100)} {
		if cut := cutLine([]byte(s)); !utf8.ValidString(s[:cut]) || cut == 0 {
			t.Errorf("cutLine(%q) = %d", s, cut)
		}
	}
}

// TestAlignChunked: Align works chunk by chunk as Stream does (issue 27:
// link held the whole book's tokens at once): the same modern text as
// Stream, token bounds in order that point into both texts.
func TestAlignChunked(t *testing.T) {
	n := normalizer(t)
	var b strings.Builder
	if err := corpuslike.Write(context.Background(), &b, corpuslike.Options{Size: 3 * StreamChunk, Seed: 6}); err != nil {
		t.Fatal(err)
	}
	text := b.String() + strings.Repeat("долгая строка безъ конца ", maxLineChunk/20) + "\nконецъ\n"
	var out strings.Builder
	if err := n.Stream(context.Background(), "t", strings.NewReader(text), &out, StreamOptions{}); err != nil {
		t.Fatal(err)
	}
	al, err := n.Align(context.Background(), "t", text)
	if err != nil {
		t.Fatal(err)
	}
	if al.Text != out.String() {
		t.Errorf("Align's text differs from Stream's")
	}
	prev := Bound{}
	for i, bd := range al.Bounds {
		if bd.Orig < prev.Orig || bd.Modern < prev.Modern || bd.Orig > len(text) || bd.Modern > len(al.Text) {
			t.Fatalf("bound %d %+v after %+v", i, bd, prev)
		}
		prev = bd
	}
	if prev.Orig < len(text)-10 {
		t.Errorf("the last bound %+v is far from the end of the text (%d)", prev, len(text))
	}
}
