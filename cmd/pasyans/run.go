package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"time"

	"github.com/pasyans/pasyans/engine"
	"github.com/pasyans/pasyans/normalize"
	"github.com/pasyans/pasyans/reports"
	"github.com/pasyans/pasyans/sim"
	"github.com/spf13/cobra"
)

// runOptions are the flags of "pasyans run".
type runOptions struct {
	out                string
	deals, solverDeals int64
	games, strategies  string
	seed               uint64
	workers            int
	corpusPaths        []string
	arrow, force       bool
	trace, quiet       bool
	solverNodes        string
}

const runLong = `Run does the whole job on the built-in corpus (or on --corpus files):

  1. corpus     read and segment the documents into games, rules, advice, footnotes …
  2. normalize  modern Russian spelling with the OCR damage repaired, every edit explained
  3. link       tie every numbered rule and advice passage to its engine rule ID
  4. tournament play every game with each strategy over the same deals (paired design),
                and the full-information solver on the first --solver-deals deals
  5. datasets   corpus_blocks, corpus_tokens, rules, results, summary, paired
                as Parquet (and Arrow IPC with --arrow)
  6. report     report.md and a self-contained report.html with the charts

Everything goes under --out. Rows do not depend on --workers, and the per-deal
time is not recorded, so two runs with the same flags write identical datasets
apart from their creation time. An existing pasyans output folder is replaced
only with --force.`

// runOutputs are the files and folders "pasyans run" writes under --out; they
// are what --force removes.
var runOutputs = []string{
	"results", "moves", "solver", "arrow",
	"corpus_blocks.parquet", "corpus_tokens.parquet", "rules.parquet", "summary.parquet", "paired.parquet",
	"report.md", "report.html",
}

func newRunCmd() *cobra.Command {
	o := runOptions{}
	cmd := &cobra.Command{
		Use:   "run",
		Short: "Run the whole pipeline: corpus → normalize → link → tournament → datasets → report",
		Long:  runLong,
		Example: `  pasyans run --out demo
  pasyans run --out big --deals 100000 --solver-deals 2000 --arrow --force
  pasyans run --out mine --corpus scan1.txt --corpus scan2.txt --games napoleon`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			return runPipeline(cmd, o)
		},
	}
	f := cmd.Flags()
	f.StringVar(&o.out, "out", "pasyans-out", "output `DIR`")
	f.Int64Var(&o.deals, "deals", 2000, "deals per game for the heuristic strategies")
	f.Int64Var(&o.solverDeals, "solver-deals", 100, "deals per game for the solver (the first ones of the same deals; 0: no solver)")
	f.StringVar(&o.solverNodes, "solver-nodes", "20000", "node limit of the solver per deal")
	f.StringVar(&o.games, "games", "all", "games to play: all, or comma-separated game `IDs`")
	f.StringVar(&o.strategies, "strategies", "random,greedy,book", "comma-separated heuristic strategy `names`")
	f.Uint64Var(&o.seed, "seed", 1, "master seed of the deals")
	f.IntVar(&o.workers, "workers", 0, "parallel workers (0: one per CPU)")
	f.StringArrayVar(&o.corpusPaths, "corpus", nil, "text `FILE` to use instead of the built-in corpus (repeatable)")
	f.BoolVar(&o.arrow, "arrow", false, "also write every dataset as Arrow IPC under DIR/arrow")
	f.BoolVar(&o.force, "force", false, "replace the outputs of an earlier run in DIR")
	f.BoolVar(&o.trace, "trace", false, "also record every move (moves dataset; rule usage in the report)")
	f.BoolVar(&o.quiet, "quiet", false, "no progress output")
	return cmd
}

// runPipeline runs the stages of "pasyans run".
func runPipeline(cmd *cobra.Command, o runOptions) error {
	if o.deals <= 0 {
		return usagef("run: --deals %d: want a positive number", o.deals)
	}
	if !cmd.Flags().Changed("solver-deals") {
		o.solverDeals = min(o.solverDeals, o.deals)
	}
	if o.solverDeals < 0 || o.solverDeals > o.deals {
		return usagef("run: --solver-deals %d: want 0 … --deals (%d)", o.solverDeals, o.deals)
	}
	if o.workers < 0 {
		return usagef("run: --workers %d: want 0 (one per CPU) or more", o.workers)
	}
	specs, err := tourGames(o.games)
	if err != nil {
		return err
	}
	var strategies []sim.Strategy
	for _, name := range tourList(o.strategies) {
		if name == "solver" {
			return usagef("run: the solver runs on its own sample: use --solver-deals, not --strategies solver")
		}
		s, err := sim.NewStrategy(name, nil)
		if err != nil {
			return usagef("run: %v", err)
		}
		strategies = append(strategies, s)
	}
	if len(strategies) == 0 {
		return usagef("run: --strategies is empty")
	}
	var solver sim.Strategy
	if o.solverDeals > 0 {
		if solver, err = sim.NewStrategy("solver", map[string]string{"nodes": o.solverNodes}); err != nil {
			return usagef("run: --solver-nodes: %v", err)
		}
	}

	ctx := cmd.Context()
	stdout, stderr := cmd.OutOrStdout(), cmd.ErrOrStderr()
	stage := func(n int, name, format string, a ...any) {
		if !o.quiet {
			fmt.Fprintf(stderr, "[%d/6] %-10s %s\n", n, name, fmt.Sprintf(format, a...))
		}
	}
	began := time.Now()
	meta := reports.DefaultMetadata()
	meta.MasterSeed = o.seed
	meta.CatalogHash = engine.CatalogHash()

	// 1–3: corpus, normalize, link.
	docs, err := loadDocuments(ctx, o.corpusPaths)
	if err != nil {
		return err
	}
	if err := prepareOut(o.out, o.force); err != nil {
		return err
	}
	blocks, games := 0, map[string]bool{}
	for _, d := range docs {
		blocks += len(d.Blocks)
		for _, g := range d.Games() {
			games[g] = true
		}
	}
	stage(1, "corpus", "%d documents, %d blocks, %d games", len(docs), blocks, len(games))
	n, err := normalize.New()
	if err != nil {
		return err
	}
	cd, err := reports.BuildCorpusData(ctx, docs, n, engine.Catalog())
	if err != nil {
		return err
	}
	if err := ctx.Err(); err != nil {
		return err
	}
	changed, unresolved := 0, 0
	for _, t := range cd.Tokens {
		if t.Changed {
			changed++
		}
		for _, r := range t.Rules {
			if r == normalize.RuleUnresolved {
				unresolved++
			}
		}
	}
	stage(2, "normalize", "%d tokens, %d changed to modern spelling, %d left as they are (unresolved OCR)", len(cd.Tokens), changed, unresolved)
	linked, withText := 0, 0
	for _, b := range cd.Blocks {
		if b.RuleID != "" {
			linked++
		}
	}
	for _, r := range cd.Rules {
		if r.TextModern != "" {
			withText++
		}
	}
	stage(3, "link", "%d passages linked; %d of %d catalog rules and advice have corpus text", linked, withText, len(cd.Rules))

	// 4: tournaments.
	play := func(dir string, strats []sim.Strategy, deals int64) (*sim.Summary, error) {
		w, err := reports.NewResultsWriter(dir, reports.ResultsOptions{
			ShardIndex: 0, ShardCount: 1, ShardStart: 0, ShardEnd: deals, Trace: o.trace, Meta: meta,
		})
		if err != nil {
			return nil, err
		}
		prog := newTourProgress(stderr, o.quiet, 5*time.Second)
		cfg := sim.Config{
			Games: runGameConfigs(specs), Strategies: strats, Deals: deals, MasterSeed: o.seed, Workers: o.workers,
			ShardCount: 1, Trace: o.trace, Timing: false, Progress: prog.update,
		}
		prog.start()
		sum, runErr := sim.Run(ctx, cfg, w)
		prog.stop()
		if err := w.Close(); err != nil && runErr == nil {
			runErr = err
		}
		return sum, runErr
	}
	names := strings.Join(tourList(o.strategies), ", ")
	stage(4, "tournament", "%d games × %s × %d deals (seed %d)", len(specs), names, o.deals, o.seed)
	if _, err := play(o.out, strategies, o.deals); err != nil {
		return runInterrupted(stderr, o.out, err)
	}
	solverDir := filepath.Join(o.out, "solver")
	if solver != nil {
		stage(4, "tournament", "solver (full information, %s nodes per deal) on the first %d deals", o.solverNodes, o.solverDeals)
		if _, err := play(solverDir, []sim.Strategy{solver}, o.solverDeals); err != nil {
			return runInterrupted(stderr, o.out, err)
		}
	}

	// 5: datasets.
	var written []string
	for _, t := range []struct {
		name string
		fn   func(format string) (string, error)
	}{
		{reports.DatasetCorpusBlocks, func(f string) (string, error) {
			return reports.ExportTable(formatDir(o.out, f), reports.DatasetCorpusBlocks, f, cd.Blocks, meta)
		}},
		{reports.DatasetCorpusTokens, func(f string) (string, error) {
			return reports.ExportTable(formatDir(o.out, f), reports.DatasetCorpusTokens, f, cd.Tokens, meta)
		}},
		{reports.DatasetRules, func(f string) (string, error) {
			return reports.ExportTable(formatDir(o.out, f), reports.DatasetRules, f, cd.Rules, meta)
		}},
	} {
		for _, f := range runFormats(o.arrow) {
			p, err := t.fn(f)
			if err != nil {
				return err
			}
			written = append(written, p)
		}
	}
	sum, err := reports.Summarize(ctx, o.out)
	if err != nil {
		return err
	}
	if solver != nil {
		sol, err := reports.Summarize(ctx, solverDir)
		if err != nil {
			return err
		}
		sum = reports.Merge(sum, sol)
	}
	for _, f := range runFormats(o.arrow) {
		p1, err := reports.ExportTable(formatDir(o.out, f), reports.DatasetSummary, f, sum.Rows, meta)
		if err != nil {
			return err
		}
		p2, err := reports.ExportTable(formatDir(o.out, f), reports.DatasetPaired, f, sum.Pairs, meta)
		if err != nil {
			return err
		}
		written = append(written, p1, p2)
	}
	if o.arrow {
		for _, src := range []string{o.out, solverDir} {
			if src == solverDir && solver == nil {
				continue
			}
			dst := filepath.Join(o.out, "arrow")
			if src == solverDir {
				dst = filepath.Join(o.out, "arrow", "solver")
			}
			paths, err := reports.ExportResults(ctx, src, dst, reports.FormatArrow, meta)
			if err != nil {
				return err
			}
			written = append(written, paths...)
		}
	}
	resultDirs := filepath.Join(o.out, "results")
	if solver != nil {
		resultDirs += " (and " + filepath.Join(solverDir, "results") + ")"
	}
	stage(5, "datasets", "results in %s, %d other files: %s", resultDirs, len(written), strings.Join(relPaths(o.out, written), ", "))

	// 6: report.
	mdPath, htmlPath := filepath.Join(o.out, "report.md"), filepath.Join(o.out, "report.html")
	if err := reports.WriteFileAtomic(mdPath, func(w io.Writer) error { return reports.WriteMarkdown(w, sum) }); err != nil {
		return err
	}
	title := "pasyans: the games of the corpus, played"
	if err := reports.WriteFileAtomic(htmlPath, func(w io.Writer) error {
		return reports.WriteHTML(w, sum, reports.HTMLOptions{Title: title, Rules: cd.Rules})
	}); err != nil {
		return err
	}
	stage(6, "report", "%s and %s (%s in all)", mdPath, htmlPath, time.Since(began).Round(100*time.Millisecond))

	fmt.Fprintln(stdout)
	if err := reports.WriteMarkdown(stdout, sum); err != nil {
		return err
	}
	fmt.Fprintf(stdout, "\nHTML report: %s\nDatasets:    %s (see docs/datasets.md)\n", htmlPath, o.out)
	return nil
}

// runGameConfigs plays every game in its book reading.
func runGameConfigs(specs []*engine.Spec) []sim.GameConfig {
	out := make([]sim.GameConfig, len(specs))
	for i, s := range specs {
		out[i] = sim.GameConfig{Spec: s}
	}
	return out
}

// runFormats lists the table formats to write.
func runFormats(arrow bool) []string {
	if arrow {
		return []string{reports.FormatParquet, reports.FormatArrow}
	}
	return []string{reports.FormatParquet}
}

// formatDir is where the tables of a format go: DIR for Parquet, DIR/arrow
// for Arrow IPC.
func formatDir(out, format string) string {
	if format == reports.FormatArrow {
		return filepath.Join(out, "arrow")
	}
	return out
}

// relPaths renders paths relative to dir.
func relPaths(dir string, paths []string) []string {
	out := make([]string, len(paths))
	for i, p := range paths {
		if r, err := filepath.Rel(dir, p); err == nil {
			p = r
		}
		out[i] = p
	}
	return out
}

// prepareOut makes sure dir can take a run: it is created if missing; an
// earlier run's outputs in it are removed with force and refused without.
func prepareOut(dir string, force bool) error {
	if fi, err := os.Stat(dir); err == nil && !fi.IsDir() {
		return fmt.Errorf("%s: not a directory", dir)
	}
	var found []string
	for _, name := range runOutputs {
		if _, err := os.Stat(filepath.Join(dir, name)); err == nil {
			found = append(found, name)
		}
	}
	manifests, _ := filepath.Glob(filepath.Join(dir, "_manifest-*.json"))
	if len(found)+len(manifests) > 0 && !force {
		names := slices.Clone(found)
		for _, m := range manifests {
			names = append(names, filepath.Base(m))
		}
		return fmt.Errorf("%s: holds the outputs of an earlier run (%s); use --force to replace them", dir, strings.Join(names, ", "))
	}
	for _, name := range found {
		if err := os.RemoveAll(filepath.Join(dir, name)); err != nil {
			return fmt.Errorf("%s: removing an earlier run: %w", dir, err)
		}
	}
	for _, m := range manifests {
		if err := os.Remove(m); err != nil {
			return fmt.Errorf("%s: removing an earlier run: %w", dir, err)
		}
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		var pe *fs.PathError
		if errors.As(err, &pe) { // name the path that failed, once
			return fmt.Errorf("%s: %w", pe.Path, pe.Err)
		}
		return fmt.Errorf("%s: %w", dir, err)
	}
	return nil
}

// runInterrupted reports an interrupted or failed tournament stage.
func runInterrupted(stderr io.Writer, out string, err error) error {
	if errors.Is(err, context.Canceled) {
		fmt.Fprintf(stderr, "run: interrupted; the finished rows are valid files in %s\n", out)
	}
	return fmt.Errorf("run: tournament: %w", err)
}
