package main

import (
	"context"
	"os"

	"github.com/spf13/cobra"

	"github.com/pasyans/pasyans/pipeline"
)

// reportOptions are the parsed flags of "pasyans report".
type reportOptions struct {
	dir, html string
	verify    bool
	curves    []string
}

// newCmdReport builds "pasyans report".
func newCmdReport(ios *ioStreams) *cobra.Command {
	o := &reportOptions{}
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
every shard present, every file unchanged, every run complete; it fails otherwise.

--curve FILE (repeatable) adds a strength curve to the HTML page: a curve
dataset written by scripts/plannercurve --data (win rate against a budget
parameter, measured by separate runs).`,
		Example: `  pasyans report run1
  pasyans report run1 --html run1/report.html
  pasyans report plan --html plan/report.html --curve docs/planner-curve.parquet`,
		Args: cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			o.dir = args[0]
			if fi, err := os.Stat(o.html); o.html != "" && err == nil && fi.IsDir() {
				return usagef("--html %s: is a directory, want a file", o.html)
			}
			if len(o.curves) > 0 && o.html == "" {
				return usagef("--curve needs --html: the strength curves are drawn in the HTML page")
			}
			return reportRun(cmd.Context(), ios, o)
		},
	}
	cmd.Flags().StringVar(&o.html, "html", "", "also write the report as a self-contained HTML page to `FILE` (- for standard output)")
	cmd.Flags().BoolVar(&o.verify, "verify", false, "first check DIR against its shard manifests (all shards present, files unchanged, runs complete)")
	cmd.Flags().StringArrayVar(&o.curves, "curve", nil, "draw the strength-curve dataset `FILE` in the HTML page (repeatable)")
	return cmd
}

// reportRun prints the report of a results folder (and writes its HTML).
func reportRun(ctx context.Context, ios *ioStreams, o *reportOptions) error {
	return pipeline.Report(ctx, pipeline.ReportOptions{Dir: o.dir, HTML: o.html, Verify: o.verify, Curves: o.curves, Out: ios.out, Log: ios.errOut})
}
