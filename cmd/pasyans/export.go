package main

import (
	"context"
	"fmt"
	"os"
	"slices"
	"strings"

	"github.com/spf13/cobra"

	"github.com/pasyans/pasyans/pipeline"
	"github.com/pasyans/pasyans/reports"
)

// newCmdExport builds "pasyans export".
func newCmdExport(ios *ioStreams) *cobra.Command {
	var what string
	o := &pipeline.ExportOptions{}
	cmd := &cobra.Command{
		Use:   "export",
		Short: "Write datasets (corpus, rules, results, summary) as Parquet or Arrow",
		Long: `Export writes pasyans's datasets into --out as Parquet (zstd) or Arrow IPC files
with the same schemas (see docs/datasets.md):

  corpus   corpus_blocks.<ext> and corpus_tokens.<ext> from the built-in corpus,
           normalized to modern Russian and linked to the engine's rules
  rules    rules.<ext>: the engine's rule catalog with the linked corpus passages
  results  results/ (and moves/, if traced) from the tournament folder --results,
           shards merged into one part per game=<id>/strategy=<id> partition
  summary  summary.<ext> and paired.<ext> computed from --results
  all      all of the above (results and summary only with --results)

--tei DIR also writes each corpus document as TEI P5 XML, DIR/NAME.xml: the
book's structure (games, numbered rules linked to the engine's rule IDs,
advice, footnotes, page and line breaks) and every change of the normalizer
as a choice (orig/reg for the reform, sic/corr for an OCR repair) with its
rules and confidence (see docs/normalize.md). With --tei and no --out only
the TEI files are written.

The file names written are printed on stdout.`,
		Example: `  pasyans export --what all --format parquet --out data --results run1
  pasyans export --what corpus,rules --format arrow --out arrow
  pasyans export --tei tei`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			if err := parseExport(what, o); err != nil {
				return err
			}
			return exportRun(cmd.Context(), ios, o)
		},
	}
	f := cmd.Flags()
	f.StringVar(&what, "what", "all", "datasets to write: "+strings.Join(pipeline.ExportGroups, "|")+" (comma-separated)")
	f.StringVar(&o.Format, "format", reports.FormatParquet, "file format: parquet|arrow")
	f.StringVar(&o.Out, "out", "", "output folder (required)")
	f.StringVar(&o.Results, "results", "", "tournament results folder (for results and summary)")
	f.StringVar(&o.TEI, "tei", "", "also write each corpus document as TEI P5 XML into this folder")
	arrowCompressionFlag(f, &o.ArrowCompression)
	return cmd
}

// parseExport checks the flags of "pasyans export".
func parseExport(what string, o *pipeline.ExportOptions) error {
	o.What = nil
	for _, w := range strings.Split(what, ",") {
		w = strings.TrimSpace(w)
		if !slices.Contains(pipeline.ExportGroups, w) {
			return usagef("--what %q: want one of %s", w, strings.Join(pipeline.ExportGroups, ", "))
		}
		o.What = append(o.What, w)
	}
	if o.Format != reports.FormatParquet && o.Format != reports.FormatArrow {
		return usagef("--format %q: want parquet or arrow", o.Format)
	}
	if err := checkArrowCompression(o.ArrowCompression); err != nil {
		return err
	}
	if o.Out == "" && o.TEI == "" {
		return usagef("--out is required (or --tei DIR alone)")
	}
	if o.Out == "" && o.Results != "" {
		return usagef("--results needs --out")
	}
	for _, d := range [][2]string{{"--out", o.Out}, {"--tei", o.TEI}} {
		if fi, err := os.Stat(d[1]); d[1] != "" && err == nil && !fi.IsDir() {
			return usagef("%s %s: not a directory", d[0], d[1])
		}
	}
	if o.Out != "" && o.Results == "" && (slices.Contains(o.What, "results") || slices.Contains(o.What, "summary")) {
		return usagef("--what results and summary need --results DIR (a tournament folder)")
	}
	return nil
}

// exportRun writes the datasets and prints their paths.
func exportRun(ctx context.Context, ios *ioStreams, o *pipeline.ExportOptions) error {
	o.Observer = pipeline.NewTextObserver(ios.errOut, "export", false, 0)
	paths, err := pipeline.Export(ctx, *o)
	for _, p := range paths {
		fmt.Fprintln(ios.out, p)
	}
	return err
}
