package main

import (
	"errors"
	"fmt"
	"io"
	"maps"
	"os"
	"slices"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/pasyans/pasyans/engine"
	"github.com/pasyans/pasyans/reports"
	"github.com/pasyans/pasyans/sim"
	"github.com/spf13/cobra"
)

// tournamentOptions are the flags of "pasyans tournament".
type tournamentOptions struct {
	games, strategies      string
	deals                  int64
	seed                   uint64
	workers                int
	out                    string
	shardIndex, shardCount int
	resume, trace, quiet   bool
	timing                 bool
	variants, params       []string
	progressEvery          time.Duration
}

const tournamentLong = `Tournament plays strategies against the games over paired deals and writes
one row per deal and strategy to the results dataset under --out
(results/game=<id>/strategy=<id>/part-<I>-of-<K>.parquet; with --trace also the
moves dataset), then prints a summary table on stdout.

Paired design: every strategy plays the same deals. The deal of (game, index)
is engine.Deal(decks, sim.DealSeed(seed, game, index)), a pure function of the
master seed, the game and the index, so the rows do not depend on --workers or
on the sharding.

Sharding: --shard-index I --shard-count K plays deals [I·N/K, (I+1)·N/K). When
the flags are absent the index comes from the batch scheduler: Kubernetes
Indexed Jobs (JOB_COMPLETION_INDEX, count from --shard-count or
PASYANS_SHARD_COUNT), Slurm arrays (SLURM_ARRAY_TASK_ID with
SLURM_ARRAY_TASK_COUNT or MIN/MAX), AWS Batch arrays
(AWS_BATCH_JOB_ARRAY_INDEX with PASYANS_SHARD_COUNT), Cloud Run jobs
(CLOUD_RUN_TASK_INDEX/CLOUD_RUN_TASK_COUNT). K shards written to one --out
together hold exactly the rows of one unsharded run. See deploy/.

Ctrl-C or SIGTERM stops cleanly: finished rows are written and every file is
valid; run the same command with --resume to continue. --timing=false leaves
cpu_ns at 0 so that the rows are reproducible byte for byte.

Strategies: ` + "random, greedy, book, lookahead (depth, samples), solver (nodes, time)."

// newTournamentCmd builds "pasyans tournament".
func newTournamentCmd() *cobra.Command {
	o := tournamentOptions{}
	cmd := &cobra.Command{
		Use:   "tournament",
		Short: "Run a strategy tournament over paired deals",
		Long:  tournamentLong,
		Example: `  pasyans tournament --games all --strategies random,greedy,book --deals 100000 --out run1
  pasyans tournament --games napoleon,salic-law --strategies greedy,solver --param solver:nodes=50000 --deals 1000 --out run2
  pasyans tournament --games all --strategies greedy --deals 1000000 --shard-index 3 --shard-count 8 --out shared/run3
  pasyans tournament --games all --strategies greedy --deals 1000000 --out run1 --resume`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			return runTournament(cmd, o)
		},
	}
	f := cmd.Flags()
	f.StringVar(&o.games, "games", "all", "games to play: all, or comma-separated game `IDs`")
	f.StringVar(&o.strategies, "strategies", "random,greedy,book", "comma-separated strategy `names` ("+strings.Join(sim.StrategyNames(), ", ")+")")
	f.Int64Var(&o.deals, "deals", 1000, "deals per game in the whole run (all shards together)")
	f.Uint64Var(&o.seed, "seed", 1, "master seed of the deals")
	f.IntVar(&o.workers, "workers", 0, "parallel workers (0: one per CPU)")
	f.StringVar(&o.out, "out", "", "output `DIR` of the results dataset (required)")
	f.IntVar(&o.shardIndex, "shard-index", 0, "index of this shard, 0 … shard-count-1 (default: from the scheduler's environment)")
	f.IntVar(&o.shardCount, "shard-count", 0, "number of shards (default: from the environment, else 1)")
	f.BoolVar(&o.resume, "resume", false, "continue an interrupted run in the same --out")
	f.BoolVar(&o.trace, "trace", false, "also write one row per move (moves dataset)")
	f.BoolVar(&o.quiet, "quiet", false, "no progress output")
	f.BoolVar(&o.timing, "timing", true, "record the time per deal (cpu_ns); false makes rows reproducible byte for byte")
	f.StringArrayVar(&o.variants, "variant", nil, "variant option `game:k=v[,k=v]` (repeatable)")
	f.StringArrayVar(&o.params, "param", nil, "strategy parameter `strategy:k=v[,k=v]` (repeatable)")
	f.DurationVar(&o.progressEvery, "progress-interval", 10*time.Second, "interval of the progress log lines when stderr is not a terminal")
	return cmd
}

func runTournament(cmd *cobra.Command, o tournamentOptions) error {
	if o.out == "" {
		return usagef("tournament: --out DIR is required")
	}
	if o.deals <= 0 {
		return usagef("tournament: --deals %d: want a positive number", o.deals)
	}
	if o.workers < 0 {
		return usagef("tournament: --workers %d: want 0 (one per CPU) or more", o.workers)
	}
	specs, err := tourGames(o.games)
	if err != nil {
		return err
	}
	variants, err := tourKeyValues("--variant", o.variants)
	if err != nil {
		return err
	}
	params, err := tourKeyValues("--param", o.params)
	if err != nil {
		return err
	}
	games := make([]sim.GameConfig, len(specs))
	for i, s := range specs {
		games[i] = sim.GameConfig{Spec: s, Options: engine.Options(variants[s.ID])}
		if _, err := s.ResolveOptions(games[i].Options); err != nil {
			return usagef("tournament: --variant: %v", err)
		}
		delete(variants, s.ID)
	}
	if len(variants) > 0 {
		left := slices.Sorted(maps.Keys(variants))
		return usagef("tournament: --variant %s: game not in --games", left[0])
	}
	var strategies []sim.Strategy
	for _, name := range tourList(o.strategies) {
		s, err := sim.NewStrategy(name, params[name])
		if err != nil {
			return usagef("tournament: %v", err)
		}
		strategies = append(strategies, s)
		delete(params, name)
	}
	if len(strategies) == 0 {
		return usagef("tournament: --strategies is empty")
	}
	if len(params) > 0 {
		left := slices.Sorted(maps.Keys(params))
		return usagef("tournament: --param %s: strategy not in --strategies", left[0])
	}

	shard := sim.Shard{Index: o.shardIndex, Count: o.shardCount, Source: "flags"}
	if !cmd.Flags().Changed("shard-index") {
		if shard, err = sim.ShardFromEnv(os.Getenv, o.shardCount); err != nil {
			return usagef("tournament: %v", err)
		}
	} else if o.shardCount < 1 || o.shardIndex < 0 || o.shardIndex >= o.shardCount {
		return usagef("tournament: --shard-index %d --shard-count %d: want 0 ≤ index < count", o.shardIndex, o.shardCount)
	}
	lo, hi := sim.ShardRange(o.deals, shard.Index, shard.Count)

	meta := reports.DefaultMetadata()
	meta.MasterSeed = o.seed
	meta.CatalogHash = engine.CatalogHash()
	meta.Extra = map[string]string{
		"engine_version": engine.Version,
		"deals":          strconv.FormatInt(o.deals, 10),
		"games":          strings.Join(tourIDs(specs), ","),
		"strategies":     strings.Join(tourList(o.strategies), ","),
		"shard":          fmt.Sprintf("%d/%d", shard.Index, shard.Count),
		"deal_seed":      "sim.DealSeed: SplitMix64 chain over master seed, FNV-1a(game), deal index",
	}
	w, err := reports.NewResultsWriter(o.out, reports.ResultsOptions{
		ShardIndex: shard.Index, ShardCount: shard.Count, ShardStart: lo, ShardEnd: hi,
		Trace: o.trace, Resume: o.resume, Meta: meta,
	})
	if err != nil {
		return fmt.Errorf("tournament: %w", err)
	}
	stderr := cmd.ErrOrStderr()
	if !o.quiet && shard.Count > 1 {
		fmt.Fprintf(stderr, "tournament: shard %d of %d (%s): deals %d … %d\n", shard.Index, shard.Count, shard.Source, lo, hi-1)
	}
	prog := newTourProgress(stderr, o.quiet, o.progressEvery)
	cfg := sim.Config{
		Games: games, Strategies: strategies, Deals: o.deals, MasterSeed: o.seed, Workers: o.workers,
		ShardIndex: shard.Index, ShardCount: shard.Count, Trace: o.trace, Timing: o.timing, Resume: o.resume,
		Progress: prog.update,
	}
	prog.start()
	sum, runErr := sim.Run(cmd.Context(), cfg, w)
	prog.stop()
	closeErr := w.Close()
	if runErr != nil {
		if errors.Is(runErr, cmd.Context().Err()) && cmd.Context().Err() != nil {
			fmt.Fprintf(stderr, "tournament: interrupted; finished rows are in %s — run the same command with --resume to continue\n", o.out)
			return runErr
		}
		if closeErr != nil {
			return fmt.Errorf("tournament: %w (and closing %s: %v)", runErr, o.out, closeErr)
		}
		return fmt.Errorf("tournament: %w", runErr)
	}
	if closeErr != nil {
		return fmt.Errorf("tournament: finishing %s: %w", o.out, closeErr)
	}
	out := cmd.OutOrStdout()
	if len(sum.ResumedFrom) > 0 {
		fmt.Fprintf(out, "Resumed run: the table counts the deals played now (from %s); run \"pasyans report %s\" for the whole run.\n\n",
			tourResumeNote(sum.ResumedFrom), o.out)
	}
	if err := sum.WriteTable(out); err != nil {
		return err
	}
	return nil
}

// tourResumeNote renders the resume points as "game@deal, …".
func tourResumeNote(m map[string]int64) string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	for i, k := range keys {
		keys[i] = fmt.Sprintf("%s@%d", k, m[k])
	}
	return strings.Join(keys, ", ")
}

// tourList splits a comma-separated list, dropping empty items.
func tourList(s string) []string {
	var out []string
	for _, p := range strings.Split(s, ",") {
		if p = strings.TrimSpace(p); p != "" {
			out = append(out, p)
		}
	}
	return out
}

func tourIDs(specs []*engine.Spec) []string {
	ids := make([]string, len(specs))
	for i, s := range specs {
		ids[i] = s.ID
	}
	return ids
}

// tourGames resolves --games.
func tourGames(s string) ([]*engine.Spec, error) {
	if strings.TrimSpace(s) == "all" {
		return engine.Catalog(), nil
	}
	var specs []*engine.Spec
	seen := map[string]bool{}
	for _, id := range tourList(s) {
		spec, err := engine.Lookup(id)
		if err != nil {
			return nil, usagef("tournament: --games: %v", err)
		}
		if !seen[id] {
			specs = append(specs, spec)
			seen[id] = true
		}
	}
	if len(specs) == 0 {
		return nil, usagef("tournament: --games is empty")
	}
	return specs, nil
}

// tourKeyValues parses repeated "name:k=v[,k=v]" flags into name → k → v.
// A key given twice for one name is an error (as in "pasyans play"), not a
// silent override.
func tourKeyValues(flag string, items []string) (map[string]map[string]string, error) {
	out := map[string]map[string]string{}
	for _, it := range items {
		name, kvs, ok := strings.Cut(it, ":")
		name = strings.TrimSpace(name)
		if !ok || name == "" || strings.TrimSpace(kvs) == "" {
			return nil, usagef("tournament: %s %q: want name:key=value[,key=value]", flag, it)
		}
		for _, kv := range strings.Split(kvs, ",") {
			k, v, ok := strings.Cut(kv, "=")
			k = strings.TrimSpace(k)
			if !ok || k == "" {
				return nil, usagef("tournament: %s %q: want name:key=value[,key=value]", flag, it)
			}
			if out[name] == nil {
				out[name] = map[string]string{}
			}
			if _, dup := out[name][k]; dup {
				return nil, usagef("tournament: %s: %s:%s given twice", flag, name, k)
			}
			out[name][k] = strings.TrimSpace(v)
		}
	}
	return out, nil
}

// tourProgress shows the progress of a run on stderr: a live bar redrawn in
// place when stderr is a terminal, a plain log line every interval
// otherwise, nothing with --quiet.
type tourProgress struct {
	w        io.Writer
	quiet    bool
	tty      bool
	every    time.Duration
	done     atomic.Int64
	total    atomic.Int64
	began    time.Time
	quit     chan struct{}
	wg       sync.WaitGroup
	lastLine int
}

func newTourProgress(w io.Writer, quiet bool, every time.Duration) *tourProgress {
	p := &tourProgress{w: w, quiet: quiet, every: every, quit: make(chan struct{})}
	if f, ok := w.(*os.File); ok {
		if fi, err := f.Stat(); err == nil && fi.Mode()&os.ModeCharDevice != 0 {
			p.tty = true
		}
	}
	if p.every <= 0 {
		p.every = 10 * time.Second
	}
	return p
}

// update is the sim.Config.Progress callback.
func (p *tourProgress) update(done, total int64) {
	p.done.Store(done)
	p.total.Store(total)
}

func (p *tourProgress) start() {
	p.began = time.Now()
	if p.quiet {
		return
	}
	interval := p.every
	if p.tty {
		interval = 200 * time.Millisecond
	}
	p.wg.Add(1)
	go func() {
		defer p.wg.Done()
		t := time.NewTicker(interval)
		defer t.Stop()
		for {
			select {
			case <-p.quit:
				return
			case <-t.C:
				p.draw(false)
			}
		}
	}()
}

func (p *tourProgress) stop() {
	if p.quiet {
		return
	}
	close(p.quit)
	p.wg.Wait()
	p.draw(true)
}

// draw renders the current state.
func (p *tourProgress) draw(final bool) {
	done, total := p.done.Load(), p.total.Load()
	el := time.Since(p.began)
	rate := 0.0
	if el > 0 {
		rate = float64(done) / el.Seconds()
	}
	eta := "-"
	if rate > 0 && total >= done {
		eta = time.Duration(float64(total-done) / rate * float64(time.Second)).Round(time.Second).String()
	}
	frac := 1.0
	if total > 0 {
		frac = float64(done) / float64(total)
	}
	if !p.tty {
		fmt.Fprintf(p.w, "tournament: %d/%d deals (%.1f%%), %.0f deals/s, elapsed %s, ETA %s\n",
			done, total, 100*frac, rate, el.Round(time.Second), eta)
		return
	}
	const width = 30
	n := min(max(int(frac*width), 0), width) // strings.Repeat panics on a negative count
	bar := strings.Repeat("█", n) + strings.Repeat("░", width-n)
	line := fmt.Sprintf("\r%s %5.1f%% %d/%d deals  %.0f/s  ETA %s", bar, 100*frac, done, total, rate, eta)
	pad := p.lastLine - len(line)
	p.lastLine = len(line)
	if pad > 0 {
		line += strings.Repeat(" ", pad)
	}
	if final {
		line += "\n"
	}
	fmt.Fprint(p.w, line)
}
