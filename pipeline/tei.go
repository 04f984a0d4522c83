package pipeline

import (
	"bufio"
	"context"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"

	"github.com/pasyans/pasyans/corpus"
	"github.com/pasyans/pasyans/internal/outfile"
	"github.com/pasyans/pasyans/reports"
	"github.com/pasyans/pasyans/tei"
)

// TEIHeader returns the teiHeader fields of a document: the book is its
// title block when it has one; the OCR source names the file, its encoding
// and, for hOCR and ALTO input, the format and the OCR engine.
func TEIHeader(d *corpus.Document) tei.Header {
	v, r := reports.BuildInfo()
	norm := "pasyans " + v
	if r != "" {
		norm += " (" + r + ")"
	}
	h := tei.Header{Title: d.Name, Normalizer: norm}
	for _, b := range d.Blocks {
		if b.Kind == corpus.KindTitle {
			h.Book = strings.TrimSpace(b.Text)
			break
		}
	}
	h.Source = d.Source
	if d.Encoding != "" {
		h.Source += ", " + d.Encoding
	}
	if l := d.Layout; l != nil {
		h.Source += ", " + l.Format
		if l.Engine != "" {
			h.Source += " by " + l.Engine
		}
	}
	return h
}

// teiPages returns the page starts of a document read from hOCR or ALTO.
func teiPages(d *corpus.Document) []tei.PageBreak {
	if d.Layout == nil {
		return nil
	}
	var out []tei.PageBreak
	for _, p := range d.Layout.Pages {
		out = append(out, tei.PageBreak{Byte: p.Byte, N: p.N})
	}
	return out
}

// WriteTEI writes document d of the corpus as TEI to w.
func (c *Corpus) WriteTEI(ctx context.Context, w io.Writer, d *corpus.Document) error {
	res, err := c.Normalizer.Document(ctx, d.Name, d.Text)
	if err != nil {
		return err
	}
	return tei.Write(w, d, res, tei.Options{Header: TEIHeader(d), Links: c.Links, Pages: teiPages(d)})
}

// WriteTEIDir writes every document of the corpus as dir/NAME.xml (each
// file atomically: a crash leaves no half-written file) and returns the
// files written.
func (c *Corpus) WriteTEIDir(ctx context.Context, dir string) ([]string, error) {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return nil, fmt.Errorf("tei: %w", err)
	}
	var out []string
	for _, d := range c.Documents {
		if err := ctx.Err(); err != nil {
			return out, err
		}
		path := filepath.Join(dir, d.Name+".xml")
		if err := writeFileAtomic(ctx, path, func(w io.Writer) error { return c.WriteTEI(ctx, w, d) }); err != nil {
			return out, err
		}
		out = append(out, path)
	}
	return out, nil
}

// writeFileAtomic writes path as every output file is written
// (internal/outfile: a regular file replaced through a temporary file
// renamed over it once complete; a link followed; a FIFO or device written
// through), buffered.
func writeFileAtomic(ctx context.Context, path string, write func(io.Writer) error) error {
	return outfile.WriteFile(ctx, path, outfile.Options{}, func(w io.Writer) error {
		bw := bufio.NewWriter(w)
		if err := write(bw); err != nil {
			return err
		}
		return bw.Flush()
	})
}
