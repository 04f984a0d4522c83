package pipeline

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"path/filepath"
	"strings"
	"time"

	"github.com/pasyans/pasyans/reports"
	"github.com/pasyans/pasyans/sim"
)

// RunStages is the number of stages of a Run.
const RunStages = 6

// RunOptions describe the whole job of "pasyans run".
type RunOptions struct {
	// Out is the output folder.
	Out string
	// CorpusPaths are the documents to read instead of the built-in corpus
	// ("-" for Stdin).
	CorpusPaths []string
	Stdin       io.Reader
	// Games and Strategies are the tournament's; Deals its deals per game.
	Games      []sim.GameConfig
	Strategies []sim.Strategy
	Deals      int64
	// Solver, if not nil, plays the first SolverDeals deals into Out/solver.
	Solver      sim.Strategy
	SolverDeals int64
	// Planners, if any, play the first PlannerDeals deals into Out/planner
	// (the planner and planner-book: strong players, too slow for the
	// tournament's deal count, paired with each other on their deals).
	Planners     []sim.Strategy
	PlannerDeals int64
	// Reference, if set, is a winnability atlas (LoadReference) that the
	// report draws beside the run's rows as every game's reference.
	Reference string
	// Seed is the master seed; Workers the playing goroutines (0: one per
	// CPU); Trace also writes the moves dataset.
	Seed    uint64
	Workers int
	Trace   bool
	// Arrow also writes every dataset as Arrow IPC under Out/arrow, with
	// bodies compressed as ArrowCompression (reports.ArrowZstd, ArrowLZ4,
	// ArrowNone; "" for zstd).
	Arrow            bool
	ArrowCompression string
	// Force replaces the outputs of an earlier run in Out; Resume continues
	// an interrupted run.
	Force, Resume bool
	// Command is the command line recorded in the provenance ("": the
	// process's arguments).
	Command string
	// Observer, if set, follows the stages and the tournaments' progress.
	Observer Observer
}

// RunResult is what a Run wrote.
type RunResult struct {
	// Summary is the report's content: the tournament and the solver.
	Summary *reports.Summary
	// Markdown and HTML are the report files; Files the other datasets
	// written (corpus, rules, summary, paired, Arrow copies), beside the
	// results folders.
	Markdown, HTML string
	Files          []string
}

// RunOutputs are the files and folders a Run writes under Out besides its
// results folder (results, moves, the manifest and the run file): they are
// what Force removes too, and what a Run without Resume refuses to
// overwrite.
var RunOutputs = []string{
	"solver", "planner", "arrow",
	"corpus_blocks.parquet", "corpus_tokens.parquet", "rules.parquet", "summary.parquet", "paired.parquet",
	"report.md", "report.html", reports.ViewerDir,
}

// runner is one Run in progress.
type runner struct {
	o      RunOptions
	obs    Observer
	began  time.Time
	corpus *Corpus
	cd     *reports.CorpusData
	meta   reports.Metadata
	id     reports.RunIdentity
	folder *reports.RunFolder // Out, held for the whole run
	res    RunResult
}

// Run does the whole job: corpus → normalize → link, the tournament (and
// the solver on its first deals), the datasets and the report, reporting
// each stage to o.Observer.
func Run(ctx context.Context, o RunOptions) (*RunResult, error) {
	r := &runner{o: o, obs: observer(o.Observer), began: time.Now()}
	main := r.tournament(o.Out, o.Strategies, o.Deals)
	id, err := main.Identity()
	if err != nil {
		return nil, err
	}
	r.id, r.meta = id, Metadata(id, 0, o.Command)
	r.meta.ArrowCompression = o.ArrowCompression
	defer r.closeFolder()
	for _, step := range []func(context.Context) error{r.readCorpus, r.linkCorpus, r.play, r.writeDatasets, r.writeReport} {
		if err := step(ctx); err != nil {
			return nil, err
		}
	}
	return &r.res, r.closeFolder()
}

// closeFolder releases the output folder (once).
func (r *runner) closeFolder() error {
	if r.folder == nil {
		return nil
	}
	err := r.folder.Close()
	r.folder = nil
	return err
}

// stage reports a stage.
func (r *runner) stage(n int, name, format string, a ...any) {
	r.obs.Stage(Stage{Index: n, Count: RunStages, Name: name, Detail: fmt.Sprintf(format, a...)})
}

// readCorpus is stage 1: read the corpus, then prepare the output folder.
func (r *runner) readCorpus(ctx context.Context) error {
	docs, err := Documents(ctx, r.o.CorpusPaths, r.o.Stdin)
	if err != nil {
		return err
	}
	if r.folder, err = openFolder(r.o.Out, r.id, 0, r.o.Resume, r.o.Force, r.o.Command, RunOutputs, r.obs); err != nil {
		return err
	}
	r.corpus = &Corpus{Documents: docs}
	blocks, games := 0, map[string]bool{}
	for _, d := range docs {
		blocks += len(d.Blocks)
		for _, g := range d.Games() {
			games[g] = true
		}
	}
	r.stage(1, "corpus", "%s, %s, %s", reports.Plural(len(docs), "document"), reports.Plural(blocks, "block"), reports.Plural(len(games), "game"))
	return nil
}

// linkCorpus is stages 2 and 3: normalize and link.
func (r *runner) linkCorpus(ctx context.Context) error {
	c, err := LinkCorpus(ctx, r.corpus.Documents, LinkOptions{Play: true})
	if err != nil {
		return err
	}
	r.corpus = c
	if r.cd, err = c.Datasets(ctx); err != nil {
		return err
	}
	if err := ctx.Err(); err != nil {
		return err
	}
	s := c.Stats(r.cd)
	r.stage(2, "normalize", "%d tokens, %d changed to modern spelling, %d left as they are (unresolved OCR)", s.Tokens, s.Changed, s.Unresolved)
	r.stage(3, "link", "%s linked; %d of %d catalog rules and advice have corpus text", reports.Plural(s.Linked, "passage"), s.WithText, s.Rules)
	return nil
}

// tournament returns the options of one of the Run's tournaments.
func (r *runner) tournament(dir string, strategies []sim.Strategy, deals int64) TournamentOptions {
	return TournamentOptions{
		Out: dir, Games: r.o.Games, Strategies: strategies, Deals: deals, Seed: r.o.Seed, Workers: r.o.Workers,
		Trace: r.o.Trace, Resume: r.o.Resume, Command: r.o.Command, Observer: r.obs,
	}
}

// play is stage 4: the tournament, then the solver.
func (r *runner) play(ctx context.Context) error {
	names := make([]string, len(r.o.Strategies))
	for i, s := range r.o.Strategies {
		names[i] = s.Name()
	}
	r.stage(4, "tournament", "%s × %s × %s (seed %d)", reports.Plural(len(r.o.Games), "game"), strings.Join(names, ", "), reports.Plural(r.o.Deals, "deal"), r.o.Seed)
	if _, err := playShard(ctx, r.tournament(r.o.Out, r.o.Strategies, r.o.Deals), r.id); err != nil {
		return r.interrupted(err)
	}
	if r.o.Solver == nil {
		return r.playPlanners(ctx)
	}
	r.stage(4, "tournament", "solver (full information, %s nodes per deal) on the first %s", solverNodes(r.o.Solver), reports.Plural(r.o.SolverDeals, "deal"))
	if _, err := Tournament(ctx, r.tournament(r.solverDir(), []sim.Strategy{r.o.Solver}, r.o.SolverDeals)); err != nil {
		return r.interrupted(err)
	}
	return r.playPlanners(ctx)
}

// playPlanners plays the planners on the first PlannerDeals deals.
func (r *runner) playPlanners(ctx context.Context) error {
	if len(r.o.Planners) == 0 || r.o.PlannerDeals == 0 {
		return nil
	}
	names := make([]string, len(r.o.Planners))
	for i, s := range r.o.Planners {
		names[i] = s.Name()
	}
	r.stage(4, "tournament", "%s (hidden information, Monte Carlo) on the first %d deals", strings.Join(names, ", "), r.o.PlannerDeals)
	if _, err := Tournament(ctx, r.tournament(r.plannerDir(), r.o.Planners, r.o.PlannerDeals)); err != nil {
		return r.interrupted(err)
	}
	return nil
}

func (r *runner) plannerDir() string { return filepath.Join(r.o.Out, "planner") }

// solverNodes returns the solver's node limit from its parameters.
func solverNodes(s sim.Strategy) string {
	var p map[string]any
	if json.Unmarshal([]byte(s.Params()), &p) != nil || p["nodes"] == nil {
		return "?"
	}
	return fmt.Sprint(p["nodes"])
}

func (r *runner) solverDir() string { return filepath.Join(r.o.Out, "solver") }

// interrupted notes an interrupted tournament stage and wraps its error.
func (r *runner) interrupted(err error) error {
	if errors.Is(err, context.Canceled) {
		r.obs.Note(fmt.Sprintf("interrupted; the finished rows are valid files in %s — run the same command with --resume to continue", r.o.Out))
	}
	return fmt.Errorf("tournament: %w", err)
}

// writeDatasets is stage 5: the corpus, rules, summary and paired tables,
// and the Arrow copies of the results.
func (r *runner) writeDatasets(ctx context.Context) error {
	sum, err := reports.Summarize(ctx, r.o.Out)
	if err != nil {
		return err
	}
	if r.o.Solver != nil {
		sol, err := reports.Summarize(ctx, r.solverDir())
		if err != nil {
			return err
		}
		sum = reports.Merge(sum, sol)
	}
	if len(r.o.Planners) > 0 && r.o.PlannerDeals > 0 {
		pl, err := reports.Summarize(ctx, r.plannerDir())
		if err != nil {
			return err
		}
		sum = reports.Merge(sum, pl)
	}
	if r.o.Reference != "" {
		if sum.Reference, sum.ReferenceNote, err = LoadReference(ctx, r.o.Reference); err != nil {
			return err
		}
	}
	r.res.Summary = sum
	for _, f := range Formats(r.o.Arrow) {
		ps, err := WriteCorpusTables(FormatDir(r.o.Out, f), f, r.cd, r.meta)
		if r.res.Files = append(r.res.Files, ps...); err != nil {
			return err
		}
		p, err := WriteRulesTable(FormatDir(r.o.Out, f), f, r.cd.Rules, r.meta)
		if err != nil {
			return err
		}
		r.res.Files = append(r.res.Files, p)
	}
	for _, f := range Formats(r.o.Arrow) {
		ps, err := WriteSummaryTables(FormatDir(r.o.Out, f), f, sum, r.meta)
		if r.res.Files = append(r.res.Files, ps...); err != nil {
			return err
		}
	}
	if err := r.writeArrowResults(ctx); err != nil {
		return err
	}
	dirs := filepath.Join(r.o.Out, "results")
	var more []string
	if r.o.Solver != nil {
		more = append(more, filepath.Join(r.solverDir(), "results"))
	}
	if len(r.o.Planners) > 0 && r.o.PlannerDeals > 0 {
		more = append(more, filepath.Join(r.plannerDir(), "results"))
	}
	if len(more) > 0 {
		dirs += " (and " + strings.Join(more, ", ") + ")"
	}
	r.stage(5, "datasets", "results in %s, %d other files: %s", dirs, len(r.res.Files), strings.Join(relPaths(r.o.Out, r.res.Files), ", "))
	return nil
}

// writeArrowResults copies the results folders as Arrow IPC (with Arrow).
func (r *runner) writeArrowResults(ctx context.Context) error {
	if !r.o.Arrow {
		return nil
	}
	srcs := [][2]string{{r.o.Out, filepath.Join(r.o.Out, "arrow")}}
	if r.o.Solver != nil {
		srcs = append(srcs, [2]string{r.solverDir(), filepath.Join(r.o.Out, "arrow", "solver")})
	}
	if len(r.o.Planners) > 0 && r.o.PlannerDeals > 0 {
		srcs = append(srcs, [2]string{r.plannerDir(), filepath.Join(r.o.Out, "arrow", "planner")})
	}
	for _, s := range srcs {
		ps, err := reports.ExportResults(ctx, s[0], s[1], reports.FormatArrow, r.meta)
		if r.res.Files = append(r.res.Files, ps...); err != nil {
			return err
		}
	}
	return nil
}

// writeReport is stage 6: report.md and report.html.
func (r *runner) writeReport(ctx context.Context) error {
	r.res.Markdown, r.res.HTML = filepath.Join(r.o.Out, "report.md"), filepath.Join(r.o.Out, "report.html")
	sum := r.res.Summary
	if err := reports.WriteFileAtomic(r.res.Markdown, func(w io.Writer) error { return reports.WriteMarkdown(w, sum) }); err != nil {
		return err
	}
	viewers, err := reports.WriteDealViewers(ctx, reports.DealViewerOptions{
		Dir: r.o.Out, ResultsDir: r.o.Out, Summary: sum, Passages: r.corpus.ViewerPassages(),
	})
	if err != nil {
		return err
	}
	err = reports.WriteFileAtomic(r.res.HTML, func(w io.Writer) error {
		return reports.WriteHTML(w, sum, reports.HTMLOptions{Title: "pasyans: the games of the corpus, played", Rules: r.cd.Rules, Viewers: viewers})
	})
	if err != nil {
		return err
	}
	r.stage(6, "report", "%s and %s, %d deal viewers in %s (%s in all)", r.res.Markdown, r.res.HTML, len(viewers),
		filepath.Join(r.o.Out, reports.ViewerDir), time.Since(r.began).Round(100*time.Millisecond))
	return nil
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
