package pipeline

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"

	"github.com/pasyans/pasyans/corpus"
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
		if err := writeFileAtomic(path, func(w io.Writer) error { return c.WriteTEI(ctx, w, d) }); err != nil {
			return out, err
		}
		out = append(out, path)
	}
	return out, nil
}

// writeFileAtomic writes path through a temporary file in its folder that
// is renamed over it once complete.
func writeFileAtomic(path string, write func(io.Writer) error) error {
	tmp, err := os.CreateTemp(filepath.Dir(path), "."+filepath.Base(path)+".*.tmp")
	if err != nil {
		return fmt.Errorf("%s: %w", path, unwrapPath(err))
	}
	bw := bufio.NewWriter(tmp)
	err = write(bw)
	if err == nil {
		err = bw.Flush()
	}
	if err == nil {
		err = tmp.Close()
	} else {
		tmp.Close()
	}
	if err == nil {
		err = os.Rename(tmp.Name(), path)
	}
	if err != nil {
		os.Remove(tmp.Name())
		return fmt.Errorf("%s: %w", path, unwrapPath(err))
	}
	return nil
}

// unwrapPath drops the path of an *fs.PathError, which the caller names.
func unwrapPath(err error) error {
	var pe *os.PathError
	if errors.As(err, &pe) {
		return pe.Err
	}
	return err
}
