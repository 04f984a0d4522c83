package main

import (
	"context"
	"fmt"
	"slices"
	"strings"

	"github.com/pasyans/pasyans/corpus"
	"github.com/pasyans/pasyans/engine"
	"github.com/pasyans/pasyans/normalize"
	"github.com/pasyans/pasyans/reports"
	"github.com/spf13/cobra"
)

// exportWhat lists the dataset groups "export --what" accepts.
var exportWhat = []string{"corpus", "rules", "results", "summary", "all"}

func newExportCmd() *cobra.Command {
	var what, format, out, results string
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

The file names written are printed on stdout.`,
		Example: `  pasyans export --what all --format parquet --out data --results run1
  pasyans export --what corpus,rules --format arrow --out arrow`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			groups, err := parseWhat(what)
			if err != nil {
				return err
			}
			if format != reports.FormatParquet && format != reports.FormatArrow {
				return usagef("--format %q: want parquet or arrow", format)
			}
			if out == "" {
				return usagef("--out is required")
			}
			all := slices.Contains(groups, "all")
			need := func(g string) bool { return all || slices.Contains(groups, g) }
			if results == "" && (slices.Contains(groups, "results") || slices.Contains(groups, "summary")) {
				return usagef("--what results and summary need --results DIR (a tournament folder)")
			}
			meta := reports.DefaultMetadata()
			meta.CatalogHash = engine.CatalogHash()
			stdout, stderr := cmd.OutOrStdout(), cmd.ErrOrStderr()
			printed := func(paths ...string) {
				for _, p := range paths {
					fmt.Fprintln(stdout, p)
				}
			}
			if need("corpus") || need("rules") {
				fmt.Fprintln(stderr, "export: normalizing and linking the corpus")
				cd, err := buildCorpusData(cmd.Context())
				if err != nil {
					return err
				}
				if need("corpus") {
					p1, err := reports.ExportTable(out, reports.DatasetCorpusBlocks, format, cd.Blocks, meta)
					if err != nil {
						return err
					}
					p2, err := reports.ExportTable(out, reports.DatasetCorpusTokens, format, cd.Tokens, meta)
					if err != nil {
						return err
					}
					printed(p1, p2)
				}
				if need("rules") {
					p, err := reports.ExportTable(out, reports.DatasetRules, format, cd.Rules, meta)
					if err != nil {
						return err
					}
					printed(p)
				}
			}
			if results == "" {
				if all {
					fmt.Fprintln(stderr, "export: no --results folder: results and summary skipped")
				}
				return nil
			}
			if need("results") {
				fmt.Fprintf(stderr, "export: copying results from %s\n", results)
				paths, err := reports.ExportResults(cmd.Context(), results, out, format, meta)
				if err != nil {
					return err
				}
				printed(paths...)
			}
			if need("summary") {
				fmt.Fprintf(stderr, "export: summarizing %s\n", results)
				s, err := reports.Summarize(cmd.Context(), results)
				if err != nil {
					return err
				}
				p1, err := reports.ExportTable(out, reports.DatasetSummary, format, s.Rows, meta)
				if err != nil {
					return err
				}
				p2, err := reports.ExportTable(out, reports.DatasetPaired, format, s.Pairs, meta)
				if err != nil {
					return err
				}
				printed(p1, p2)
			}
			return nil
		},
	}
	f := cmd.Flags()
	f.StringVar(&what, "what", "all", "datasets to write: "+strings.Join(exportWhat, "|")+" (comma-separated)")
	f.StringVar(&format, "format", reports.FormatParquet, "file format: parquet|arrow")
	f.StringVar(&out, "out", "", "output folder (required)")
	f.StringVar(&results, "results", "", "tournament results folder (for results and summary)")
	return cmd
}

// parseWhat splits and checks the --what list.
func parseWhat(s string) ([]string, error) {
	var out []string
	for _, w := range strings.Split(s, ",") {
		w = strings.TrimSpace(w)
		if !slices.Contains(exportWhat, w) {
			return nil, usagef("--what %q: want one of %s", w, strings.Join(exportWhat, ", "))
		}
		out = append(out, w)
	}
	return out, nil
}

// buildCorpusData normalizes and links the built-in corpus.
func buildCorpusData(ctx context.Context) (*reports.CorpusData, error) {
	docs, err := corpus.Embedded(ctx, corpusOptions())
	if err != nil {
		return nil, fmt.Errorf("corpus: %w", err)
	}
	n, err := normalize.New()
	if err != nil {
		return nil, err
	}
	return reports.BuildCorpusData(ctx, docs, n, engine.Catalog())
}
