package pipeline

import (
	"bufio"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strings"

	"github.com/pasyans/pasyans/corpus"
	"github.com/pasyans/pasyans/internal/textin"
	"github.com/pasyans/pasyans/normalize"
)

// NormalizeOptions describe "pasyans normalize".
type NormalizeOptions struct {
	// Inputs are built-in document names, file paths or "-" for In; none
	// stands for the whole built-in corpus.
	Inputs []string
	// Explain writes one JSON object per edit instead of the text, and
	// after each document a summary object counting its edits by class.
	Explain bool
	// Format is FormatText ("" too) or FormatTEI: one TEI document (the
	// single input) instead of the text.
	Format string
	// In is standard input; Out receives the text or the edits.
	In  io.Reader
	Out io.Writer
}

// Normalize writes the modern text (or the edits) of each input. Files and
// standard input are streamed — memory stays flat in their size — with the
// same encoding detection as the corpus reader; built-in documents are
// normalized whole.
func Normalize(ctx context.Context, o NormalizeOptions) error {
	switch o.Format {
	case "", FormatText:
	case FormatTEI:
		return normalizeTEI(ctx, o)
	default:
		return fmt.Errorf("format %q: want %s or %s", o.Format, FormatText, FormatTEI)
	}
	n, err := normalize.New()
	if err != nil {
		return err
	}
	names := o.Inputs
	if len(names) == 0 {
		names = corpus.Names()
	}
	out := bufio.NewWriter(o.Out)
	enc := json.NewEncoder(out)
	enc.SetEscapeHTML(false)
	var sum normalize.Summary
	onEdit := func(e normalize.Edit) error {
		sum.Add(e.Rules)
		return enc.Encode(e)
	}
	several := len(names) > 1
	var embedded []*corpus.Document // read and segmented once
	for _, name := range names {
		if err := ctx.Err(); err != nil {
			return err
		}
		sum = normalize.Summary{}
		switch _, builtIn := corpus.EmbeddedName(name); {
		case name == "-":
			sum.Doc = "stdin"
			err = streamText(ctx, n, "stdin", "", o.In, out, o.Explain, onEdit, several)
		case !builtIn:
			base := filepath.Base(name)
			sum.Doc = strings.TrimSuffix(base, filepath.Ext(base))
			err = streamFile(ctx, n, name, out, o.Explain, onEdit, several)
		default:
			if embedded == nil {
				if embedded, err = corpus.Embedded(ctx, CorpusOptions()); err != nil {
					return err
				}
			}
			sum.Doc, _ = corpus.EmbeddedName(name)
			err = normalizeEmbedded(ctx, n, embedded, name, out, o.Explain, onEdit, several)
		}
		if err != nil {
			return err
		}
		if o.Explain {
			if err := enc.Encode(SummaryLine{Summary: sum}); err != nil {
				return fmt.Errorf("%s: write: %w", name, err)
			}
		}
	}
	return out.Flush()
}

// Output formats of Normalize.
const (
	FormatText = "text"
	FormatTEI  = "tei"
)

// SummaryLine is the last JSON object "normalize --explain" writes for a
// document: its edits counted by class.
type SummaryLine struct {
	Summary normalize.Summary `json:"summary"`
}

// normalizeTEI writes the one input of o as a TEI document.
func normalizeTEI(ctx context.Context, o NormalizeOptions) error {
	if len(o.Inputs) != 1 {
		return fmt.Errorf("--format tei writes one document: give one FILE (pasyans export --tei DIR writes the whole corpus)")
	}
	if o.Explain {
		return fmt.Errorf("--format tei and --explain exclude each other (the TEI carries every edit)")
	}
	docs, err := Documents(ctx, o.Inputs, o.In)
	if err != nil {
		return err
	}
	c, err := LinkCorpus(ctx, docs, LinkOptions{Play: true})
	if err != nil {
		return err
	}
	out := bufio.NewWriter(o.Out)
	if err := c.WriteTEI(ctx, out, docs[0]); err != nil {
		return err
	}
	return out.Flush()
}

// normalizeEmbedded writes the modern text (or the edits) of one built-in
// document.
func normalizeEmbedded(ctx context.Context, n *normalize.Normalizer, docs []*corpus.Document, name string, out *bufio.Writer, explain bool, onEdit func(normalize.Edit) error, several bool) error {
	canon, _ := corpus.EmbeddedName(name)
	var doc *corpus.Document
	for _, d := range docs {
		if d.Name == canon {
			doc = d
		}
	}
	if doc == nil {
		return fmt.Errorf("%s: not a built-in document", name)
	}
	return normalizeDocument(ctx, n, doc, out, explain, onEdit, several)
}

// normalizeDocument writes the modern text (or the edits) of a document
// read whole.
func normalizeDocument(ctx context.Context, n *normalize.Normalizer, doc *corpus.Document, out io.Writer, explain bool, onEdit func(normalize.Edit) error, several bool) error {
	res, err := n.Document(ctx, doc.Name, doc.Text)
	if err != nil {
		return err
	}
	if explain {
		for _, e := range res.Edits {
			if err := onEdit(e); err != nil {
				return fmt.Errorf("%s: write: %w", doc.Name, err)
			}
		}
		return nil
	}
	text := res.Text
	if several && text != "" && !strings.HasSuffix(text, "\n") {
		text += "\n" // keep documents apart; the line count is unchanged
	}
	if _, err := io.WriteString(out, text); err != nil {
		return fmt.Errorf("%s: write: %w", doc.Name, err)
	}
	return nil
}

// streamFile normalizes the file at path as a stream, with the file's base
// name in the edit records.
func streamFile(ctx context.Context, n *normalize.Normalizer, path string, out io.Writer, explain bool, onEdit func(normalize.Edit) error, several bool) error {
	fi, err := os.Stat(path)
	if err != nil {
		var pe *fs.PathError
		if errors.As(err, &pe) {
			err = pe.Err
		}
		return fmt.Errorf("%s: %w", path, err)
	}
	if fi.IsDir() {
		return fmt.Errorf("%s: %w", path, corpus.ErrDirectory)
	}
	f, err := textin.OpenFile(ctx, path)
	if err != nil {
		if ctx.Err() != nil {
			return ctx.Err()
		}
		return fmt.Errorf("%s: %w", path, errors.Unwrap(err))
	}
	defer f.Close()
	r, release := textin.Cancelable(ctx, f)
	defer release()
	base := filepath.Base(path)
	return streamText(ctx, n, path, strings.TrimSuffix(base, filepath.Ext(base)), r, out, explain, onEdit, several)
}

// layoutDocument reads r whole as a corpus document when it is an hOCR or
// ALTO file (see corpus.Layout); otherwise it returns nil and a reader
// that gives r's bytes from the start.
func layoutDocument(ctx context.Context, name, doc string, r io.Reader) (*corpus.Document, io.Reader, error) {
	br := bufio.NewReaderSize(r, 4096)
	head, err := br.Peek(4096)
	if err != nil && !errors.Is(err, io.EOF) && !errors.Is(err, bufio.ErrBufferFull) {
		return nil, nil, fmt.Errorf("%s: %w", name, err)
	}
	if corpus.SniffLayout(head) == "" {
		return nil, br, nil
	}
	d, err := corpus.Read(ctx, name, br, CorpusOptions())
	if err != nil {
		return nil, nil, err
	}
	if doc != "" {
		d.Name = doc
	}
	return d, nil, nil
}

// streamText normalizes r to out as a stream (the text, or with explain the
// edits); with several inputs a text that does not end a line gets a line
// break.
func streamText(ctx context.Context, n *normalize.Normalizer, name, doc string, r io.Reader, out io.Writer, explain bool, onEdit func(normalize.Edit) error, several bool) error {
	d, r, err := layoutDocument(ctx, name, doc, r)
	if err != nil {
		return err
	}
	if d != nil {
		// hOCR and ALTO are read whole (the text of their words).
		return normalizeDocument(ctx, n, d, out, explain, onEdit, several)
	}
	opts := normalize.StreamOptions{Doc: doc}
	w := &lastByteWriter{w: out}
	if explain {
		w.w, opts.OnEdit = io.Discard, onEdit
	}
	if err := n.Stream(ctx, name, r, w, opts); err != nil {
		return err
	}
	if several && !explain && w.n > 0 && w.last != '\n' {
		_, err := io.WriteString(out, "\n") // keep documents apart; the line count is unchanged
		return err
	}
	return nil
}

// lastByteWriter counts what it passes on and remembers its last byte.
type lastByteWriter struct {
	w    io.Writer
	n    int64
	last byte
}

// Write implements io.Writer.
func (l *lastByteWriter) Write(p []byte) (int, error) {
	if len(p) > 0 {
		l.last = p[len(p)-1]
	}
	n, err := l.w.Write(p)
	l.n += int64(n)
	return n, err
}
