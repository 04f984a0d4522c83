package pipeline

import (
	"context"
	"fmt"
	"path/filepath"
	"slices"
	"strings"

	"github.com/pasyans/pasyans/normalize"
	"github.com/pasyans/pasyans/reports"
)

// Formats returns the table formats to write: Parquet, and Arrow IPC too
// with arrow.
func Formats(arrow bool) []string {
	if arrow {
		return []string{reports.FormatParquet, reports.FormatArrow}
	}
	return []string{reports.FormatParquet}
}

// FormatDir is where the tables of a format go in an output folder of
// "pasyans run": out for Parquet, out/arrow for Arrow IPC.
func FormatDir(out, format string) string {
	if format == reports.FormatArrow {
		return filepath.Join(out, "arrow")
	}
	return out
}

// WriteCorpusTables writes the corpus_blocks, corpus_tokens and rules
// datasets of cd into dir in format, and returns the files written.
func WriteCorpusTables(dir, format string, cd *reports.CorpusData, meta reports.Metadata) ([]string, error) {
	var out []string
	for _, write := range []func() (string, error){
		func() (string, error) {
			return reports.ExportTable(dir, reports.DatasetCorpusBlocks, format, cd.Blocks, meta)
		},
		func() (string, error) {
			m := meta
			m.EditClasses = EditClassCounts(cd.Tokens)
			return reports.ExportTable(dir, reports.DatasetCorpusTokens, format, cd.Tokens, m)
		},
	} {
		p, err := write()
		if err != nil {
			return out, err
		}
		out = append(out, p)
	}
	return out, nil
}

// TokenSummary counts the edits of the token rows by class: the same
// counts as the summaries of "normalize --explain" over the same documents
// (the blank a joined word drops is not counted again).
func TokenSummary(tokens []reports.TokenRow) normalize.Summary {
	var s normalize.Summary
	for _, t := range tokens {
		if t.Kind != normalize.KindSpace {
			s.Add(t.Rules)
		}
	}
	return s
}

// EditClassCounts is the metadata value pasyans.edit_classes of the
// corpus_tokens dataset: "edits=N reform=N ocr_repair=N split=N join=N
// unresolved=N" over its rows.
func EditClassCounts(tokens []reports.TokenRow) string {
	s := TokenSummary(tokens)
	parts := []string{fmt.Sprintf("edits=%d", s.Edits)}
	for _, c := range normalize.Classes {
		parts = append(parts, fmt.Sprintf("%s=%d", c, s.Count(c)))
	}
	return strings.Join(parts, " ")
}

// WriteRulesTable writes the rules dataset into dir in format.
func WriteRulesTable(dir, format string, rules []reports.RuleRow, meta reports.Metadata) (string, error) {
	return reports.ExportTable(dir, reports.DatasetRules, format, rules, meta)
}

// WriteSummaryTables writes the summary and paired datasets of s into dir
// in format, and returns the files written.
func WriteSummaryTables(dir, format string, s *reports.Summary, meta reports.Metadata) ([]string, error) {
	p1, err := reports.ExportTable(dir, reports.DatasetSummary, format, s.Rows, meta)
	if err != nil {
		return nil, err
	}
	p2, err := reports.ExportTable(dir, reports.DatasetPaired, format, s.Pairs, meta)
	if err != nil {
		return []string{p1}, err
	}
	return []string{p1, p2}, nil
}

// Export groups accepted by ExportOptions.What.
var ExportGroups = []string{"corpus", "rules", "results", "summary", "all"}

// ExportOptions configure Export.
type ExportOptions struct {
	// What lists the groups to write (ExportGroups; "all" for every one).
	What []string
	// Format is reports.FormatParquet or reports.FormatArrow.
	Format string
	// Out is the output folder; Results the tournament folder that results
	// and summary come from ("" to skip them with "all").
	Out, Results string
	// ArrowCompression is the body compression of Arrow files
	// (reports.ArrowZstd, ArrowLZ4, ArrowNone; "" for zstd).
	ArrowCompression string
	// TEI, if set, is a folder that receives every corpus document as TEI
	// (NAME.xml, see package tei). With TEI alone (Out "") no dataset is
	// written.
	TEI string
	// Observer, if set, receives a note per step.
	Observer Observer
}

// Export writes the datasets of o.What into o.Out and returns the files
// written (also those written before an error).
func Export(ctx context.Context, o ExportOptions) ([]string, error) {
	obs := observer(o.Observer)
	all := slices.Contains(o.What, "all")
	need := func(g string) bool { return all || slices.Contains(o.What, g) }
	meta := reports.DefaultMetadata()
	meta.ArrowCompression = o.ArrowCompression
	var written []string
	if o.Out == "" {
		need = func(string) bool { return false }
	}
	if need("corpus") || need("rules") || o.TEI != "" {
		obs.Note("normalizing and linking the corpus")
		c, err := LoadCorpus(ctx, nil, nil)
		if err != nil {
			return written, err
		}
		if o.TEI != "" {
			ps, err := c.WriteTEIDir(ctx, o.TEI)
			if written = append(written, ps...); err != nil {
				return written, err
			}
		}
		if !need("corpus") && !need("rules") {
			return written, nil // TEI alone
		}
		cd, err := c.Datasets(ctx)
		if err != nil {
			return written, err
		}
		if need("corpus") {
			ps, err := WriteCorpusTables(o.Out, o.Format, cd, meta)
			if written = append(written, ps...); err != nil {
				return written, err
			}
		}
		if need("rules") {
			p, err := WriteRulesTable(o.Out, o.Format, cd.Rules, meta)
			if err != nil {
				return written, err
			}
			written = append(written, p)
		}
	}
	if o.Out == "" {
		return written, nil
	}
	if o.Results == "" {
		if all {
			obs.Note("no --results folder: results and summary skipped")
		}
		return written, nil
	}
	return exportResults(ctx, o, need, written)
}

// exportResults writes the results and summary groups of Export.
func exportResults(ctx context.Context, o ExportOptions, need func(string) bool, written []string) ([]string, error) {
	obs := observer(o.Observer)
	meta := reports.DefaultMetadata()
	if rf, ok, err := reports.ReadRunFile(o.Results); err != nil {
		return written, err
	} else if ok {
		meta = Metadata(rf.Identity, 0, "") // the provenance of the run exported
		meta.Extra["shard"] = "merged"
	}
	meta.ArrowCompression = o.ArrowCompression
	if need("results") {
		obs.Note(fmt.Sprintf("copying results from %s", o.Results))
		ps, err := reports.ExportResults(ctx, o.Results, o.Out, o.Format, meta)
		if written = append(written, ps...); err != nil {
			return written, err
		}
	}
	warn, err := FolderWarning(ctx, o.Results)
	if err != nil {
		return written, err
	}
	if warn != "" {
		obs.Note(warn)
		meta.Incomplete = true
	}
	if need("summary") {
		obs.Note(fmt.Sprintf("summarizing %s", o.Results))
		s, err := reports.Summarize(ctx, o.Results)
		if err != nil {
			return written, err
		}
		ps, err := WriteSummaryTables(o.Out, o.Format, s, meta)
		if written = append(written, ps...); err != nil {
			return written, err
		}
	}
	return written, nil
}

// FolderWarning checks whether the results folder dir holds one complete
// run (reports.Status: every shard present and complete, one identity) and
// returns "" if it does, else a one-line warning naming the first
// problems.
func FolderWarning(ctx context.Context, dir string) (string, error) {
	v, err := reports.Status(ctx, dir)
	if err != nil {
		return "", err
	}
	if v.Complete {
		return "", nil
	}
	const shown = 3
	ps := v.Problems
	more := ""
	if len(ps) > shown {
		ps, more = ps[:shown], fmt.Sprintf("; and %d more (pasyans report --verify lists them)", len(v.Problems)-shown)
	}
	return fmt.Sprintf("warning: %s is not one complete run: %s%s", dir, strings.Join(ps, "; "), more), nil
}
