package main

import (
	"context"
	"fmt"
	"time"

	"github.com/spf13/cobra"

	"github.com/pasyans/pasyans/pipeline"
	"github.com/pasyans/pasyans/reports"
	"github.com/pasyans/pasyans/sim"
)

const runLong = `Run does the whole job on the built-in corpus (or on --corpus files):

  1. corpus     read and segment the documents into games, rules, advice, footnotes …
  2. normalize  modern Russian spelling with the OCR damage repaired, every edit explained
  3. link       tie every numbered rule and advice passage to its engine rule ID
  4. tournament play every game with each strategy over the same deals (paired design),
                and the full-information solver on the first --solver-deals deals
  5. datasets   corpus_blocks, corpus_tokens, rules, results, summary, paired
                as Parquet (and Arrow IPC with --arrow)
  6. report     report.md and a self-contained report.html with the charts, and beside it
                viewers/: for each game one won and one lost deal of the best strategy,
                replayed move by move in the book's layout with each move's rule passage

Everything goes under --out. Rows do not depend on --workers, and the per-deal
time is not recorded, so two runs with the same flags write identical datasets
apart from their creation time. An existing pasyans output folder is replaced
only with --force; an interrupted run is continued with --resume and the same
flags (see docs/tournaments.md for the rules of a results folder).`

// newCmdRun builds "pasyans run".
func newCmdRun(ios *ioStreams) *cobra.Command {
	var tf tourFlags
	var solverNodes string
	o := &pipeline.RunOptions{}
	cmd := &cobra.Command{
		Use:   "run",
		Short: "Run the whole pipeline: corpus → normalize → link → tournament → datasets → report",
		Long:  runLong,
		Example: `  pasyans run --out demo
  pasyans run --out big --deals 100000 --solver-deals 2000 --arrow --force
  pasyans run --out mine --corpus scan1.txt --corpus scan2.txt --games napoleon`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			if err := parseRun(cmd, &tf, solverNodes, o); err != nil {
				return err
			}
			o.Stdin = ios.in
			return runRun(cmd.Context(), ios, o, tf.quiet)
		},
	}
	f := cmd.Flags()
	f.StringVar(&o.Out, "out", "pasyans-out", "output `DIR`")
	tf.register(f, 2000, "deals per game for the heuristic strategies", "random,greedy,book", false)
	f.Int64Var(&o.SolverDeals, "solver-deals", 100, "deals per game for the solver (the first ones of the same deals; 0: no solver)")
	f.StringVar(&solverNodes, "solver-nodes", "20000", "node limit of the solver per deal")
	f.StringArrayVar(&o.CorpusPaths, "corpus", nil, "text `FILE` to use instead of the built-in corpus (repeatable; - for standard input)")
	f.BoolVar(&o.Arrow, "arrow", false, "also write every dataset as Arrow IPC under DIR/arrow")
	arrowCompressionFlag(f, &o.ArrowCompression)
	f.BoolVar(&o.Force, "force", false, "replace the outputs of an earlier run in DIR")
	f.BoolVar(&o.Resume, "resume", false, "continue the interrupted run in DIR (the same flags; more --deals extend it)")
	f.BoolVar(&o.Trace, "trace", false, "also record every move (moves dataset; rule usage in the report)")
	cmd.MarkFlagsMutuallyExclusive("resume", "force")
	return cmd
}

// parseRun fills the options of "pasyans run" from its flags.
func parseRun(cmd *cobra.Command, tf *tourFlags, solverNodes string, o *pipeline.RunOptions) error {
	var err error
	if o.Games, o.Strategies, err = tf.resolve(); err != nil {
		return err
	}
	for _, s := range o.Strategies {
		if s.Name() == "solver" {
			return usagef("--strategies: the solver runs on its own sample: use --solver-deals, not --strategies solver")
		}
	}
	o.Deals, o.Seed, o.Workers = tf.deals, tf.seed, tf.workers
	if err := checkArrowCompression(o.ArrowCompression); err != nil {
		return err
	}
	if !cmd.Flags().Changed("solver-deals") {
		o.SolverDeals = min(o.SolverDeals, o.Deals)
	}
	if o.SolverDeals < 0 || o.SolverDeals > o.Deals {
		return usagef("--solver-deals %d: want 0 … --deals (%d)", o.SolverDeals, o.Deals)
	}
	if o.SolverDeals > 0 {
		if o.Solver, err = sim.NewStrategy("solver", map[string]string{"nodes": solverNodes}); err != nil {
			return usagef("--solver-nodes: %v", err)
		}
	}
	return nil
}

// runRun runs the pipeline and prints the summary.
func runRun(ctx context.Context, ios *ioStreams, o *pipeline.RunOptions, quiet bool) error {
	o.Observer = pipeline.NewTextObserver(ios.errOut, "run", quiet, 5*time.Second)
	res, err := pipeline.Run(ctx, *o)
	if err != nil {
		return err
	}
	fmt.Fprintln(ios.out)
	if err := reports.WriteMarkdown(ios.out, res.Summary); err != nil {
		return err
	}
	_, err = fmt.Fprintf(ios.out, "\nHTML report: %s\nDatasets:    %s (see docs/datasets.md)\n", res.HTML, o.Out)
	return err
}
