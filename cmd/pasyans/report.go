package main

import (
	"context"
	"fmt"
	"io"
	"strings"

	"github.com/pasyans/pasyans/engine"
	"github.com/pasyans/pasyans/reports"
	"github.com/spf13/cobra"
)

func newReportCmd() *cobra.Command {
	var htmlPath string
	var verify bool
	cmd := &cobra.Command{
		Use:   "report DIR",
		Short: "Summarize a results folder as Markdown tables and an HTML page",
		Long: `Report reads the results dataset of a tournament folder DIR (one run, or the
part files of many shards copied into one folder) and prints the summary as
Markdown: per game and strategy the deals, wins, win rate with its 95 % Wilson
interval, unknown outcomes with their bounds, mean and median moves; the paired
comparison of every two strategies (McNemar's exact test); and rule usage when
the run was traced. The output depends only on the rows, so merged shards and a
single run give the same report.

--html FILE also writes one self-contained HTML page (inline CSS and SVG charts,
no scripts, no network) with the charts and each game's rules in modern Russian.

--verify first checks the folder against the shards' _manifest-*.json files:
every shard present, every file unchanged, every run complete; it fails otherwise.`,
		Example: `  pasyans report run1
  pasyans report run1 --html run1/report.html`,
		Args: cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			if verify {
				v, err := reports.Verify(cmd.Context(), args[0])
				if err != nil {
					return err
				}
				if !v.Complete {
					return fmt.Errorf("%s: not a complete run: %s", args[0], strings.Join(v.Problems, "; "))
				}
				fmt.Fprintf(cmd.ErrOrStderr(), "report: verified %d shard(s): %d files, %d rows (results and moves)\n", v.Shards, v.Files, v.Rows)
			}
			s, err := reports.Summarize(cmd.Context(), args[0])
			if err != nil {
				return err
			}
			if err := reports.WriteMarkdown(cmd.OutOrStdout(), s); err != nil {
				return err
			}
			if htmlPath == "" {
				return nil
			}
			rules, err := reportRules(cmd.Context())
			if err != nil {
				fmt.Fprintf(cmd.ErrOrStderr(), "report: rule texts from the catalog only: %v\n", err)
			}
			err = reports.WriteFileAtomic(htmlPath, func(w io.Writer) error {
				return reports.WriteHTML(w, s, reports.HTMLOptions{Rules: rules})
			})
			if err != nil {
				return err
			}
			fmt.Fprintf(cmd.ErrOrStderr(), "report: wrote %s\n", htmlPath)
			return nil
		},
	}
	cmd.Flags().StringVar(&htmlPath, "html", "", "also write the report as a self-contained HTML page to `FILE`")
	cmd.Flags().BoolVar(&verify, "verify", false, "first check DIR against its shard manifests (all shards present, files unchanged, runs complete)")
	return cmd
}

// reportRules returns the rules dataset with the linked modern texts, or the
// catalog alone (and the error) when the corpus cannot be linked.
func reportRules(ctx context.Context) ([]reports.RuleRow, error) {
	cd, err := buildCorpusData(ctx)
	if err != nil {
		return reports.RuleRows(engine.Catalog(), nil), err
	}
	return cd.Rules, nil
}
