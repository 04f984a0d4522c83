package main

import (
	"context"
	"fmt"
	"time"

	"github.com/spf13/cobra"
	"github.com/spf13/pflag"

	"github.com/pasyans/pasyans/engine"
	"github.com/pasyans/pasyans/pipeline"
	"github.com/pasyans/pasyans/sim"
	"github.com/pasyans/pasyans/sim/solve"
)

// solveOptions are the flags of "pasyans solve".
type solveOptions struct {
	seed          uint64
	variants      []string
	nodes, memory int64
	limit         time.Duration
	log           string
	show          bool
	games         string
	deals         int64
	workers       int
	markdown      bool
	rows          string
	quiet         bool
	check         bool
	checkStates   int64
	out           string
	resume, force bool
	timing        bool
	shard         shardFlags
}

const solveLong = `solve decides deals with full information (package sim/solve): it sees every card and
searches the states the deal can reach, with each game's canonical state keys, safe moves and
dead ends. A deal is won (a winning line was found), lost (every reachable state was searched
and none is won: a proof) or undecided (the node or time limit was reached first).

One deal: solve GAME --seed N prints the outcome, the nodes searched and, for a won deal, the
winning line; --log FILE.jsonl writes the line as a game log that "pasyans replay" re-checks.

The winnability table: solve --games all --deals N --seed S solves the first N deals of each
game — the deals of "pasyans tournament" with the same --seed, so its counts are those of the
solver strategy's rows — and prints per game the deals won, lost and undecided, the share
decided, the 95 % Wilson interval of the share won, the Solvitaire bounds on the share winnable
(undecided deals counted as lost, then as won), the median, 95th-percentile and longest search
time per deal, and the nodes searched per second. The counts do not depend on --workers (the
budget is in nodes). Times are the CPU time of the thread that solved the deal (on Linux; the
wall clock elsewhere), so a busy machine inflates them less; use --workers 1 for one core.

--check re-proves every loss independently: a plain exhaustive search over LegalMoves and Apply
with a full state key (no safe moves, dead ends or other search hooks), at most --check-states
states a deal. It reports per game the losses agreed and out of budget; a loss it disproves is
an error (exit status 1, the deal named), never a row.

The deals dataset: --out DIR writes one row per deal to a results folder instead of printing the
table — the tournament of the solver strategy alone (nodes and time from --nodes and --time), so
DIR/results/game=<id>/strategy=solver holds the deal seed, the outcome, how it was proved (proof),
the stage that decided it, the moves played (the winning line's length for a won deal), the nodes
and the CPU time of every deal, with the guarantees of a tournament folder: the run's identity in
DIR/_run.json, a lock per shard, --resume after an interruption to identical rows, shards
(--shard-index/--shard-count) and "pasyans report --verify DIR".`

// newCmdSolve builds "pasyans solve".
func newCmdSolve(ios *ioStreams) *cobra.Command {
	var o solveOptions
	cmd := &cobra.Command{
		Use:   "solve [GAME --seed N | --games IDS --deals N]",
		Short: "Decide deals with full information: won, lost or undecided",
		Long:  solveLong,
		Example: `  pasyans solve napoleon --seed 7
  pasyans solve duchess-de-luynes --seed 3 --nodes 5000000 --log won.jsonl && pasyans replay won.jsonl
  pasyans solve --games all --deals 1000 --seed 2026 --workers 1
  pasyans solve --games napoleon,salic-law --deals 200 --seed 2026 --markdown`,
		Args: cobra.MaximumNArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			lim, err := pipeline.SolveLimits(o.nodes, o.memory, o.limit)
			if err != nil {
				return usage(err)
			}
			if o.checkStates <= 0 {
				return usagef("--check-states %d: want a positive number", o.checkStates)
			}
			if cmd.Flags().Changed("check-states") && !o.check {
				return usagef("--check-states: only with --check")
			}
			if len(args) == 1 {
				return solveDealRun(cmd.Context(), ios, cmd.Flags(), args[0], o, lim)
			}
			return solveTableRun(cmd.Context(), ios, cmd.Flags(), o, lim)
		},
	}
	f := cmd.Flags()
	f.Uint64Var(&o.seed, "seed", 0, "deal seed (one deal, required) or master seed of the deals (--games; default 2026)")
	f.StringArrayVar(&o.variants, "variant", nil, "variant option: k=v for one deal, game:k=v[,k=v] with --games (repeatable)")
	f.Int64Var(&o.nodes, "nodes", solve.DefaultNodes, "node budget per deal (deterministic)")
	f.Int64Var(&o.memory, "memory", solve.DefaultMemory>>20, "MiB of the cache of visited states per deal (per worker); a full cache forgets its older half")
	f.DurationVar(&o.limit, "time", 0, "time limit per deal, e.g. 10s (0: none; makes results depend on the machine)")
	f.StringVar(&o.log, "log", "", "one deal: write the winning line as a game log (JSON lines) to this file (- for standard output)")
	f.BoolVar(&o.show, "show", false, "one deal: print the layout before and after the winning line")
	f.StringVar(&o.games, "games", "", "the winnability table: all, or comma-separated game `IDs`")
	f.Int64Var(&o.deals, "deals", 1000, "the winnability table: deals per game")
	f.IntVar(&o.workers, "workers", 0, "the winnability table: parallel workers (0: one per CPU)")
	f.BoolVar(&o.markdown, "markdown", false, "the winnability table: print it as Markdown")
	f.StringVar(&o.rows, "rows", "", "the winnability table: also write one JSON line per deal to this file (- for standard output)")
	f.BoolVar(&o.quiet, "quiet", false, "the winnability table: no progress on stderr")
	f.BoolVar(&o.check, "check", false, "re-prove every loss with a plain exhaustive search (no search hooks); a disagreement is an error")
	f.Int64Var(&o.checkStates, "check-states", solve.DefaultCheckStates, "with --check: distinct states the check may search per deal")
	f.StringVar(&o.out, "out", "", "the winnability table: write the deals dataset to this results folder instead (resumable, shardable)")
	f.BoolVar(&o.resume, "resume", false, "with --out: continue the run in --out")
	f.BoolVar(&o.force, "force", false, "with --out: replace the run in --out (its files are removed first)")
	f.BoolVar(&o.timing, "timing", true, "with --out: record the time per deal (cpu_ns); false makes the rows reproducible byte for byte")
	o.shard.register(f)
	cmd.MarkFlagsMutuallyExclusive("resume", "force")
	return cmd
}

// onlyWith refuses the flags of the other mode.
func onlyWith(fl *pflag.FlagSet, mode string, names ...string) error {
	for _, name := range names {
		if fl.Changed(name) {
			return usagef("--%s: only with %s", name, mode)
		}
	}
	return nil
}

// solveDealRun decides one deal.
func solveDealRun(ctx context.Context, ios *ioStreams, fl *pflag.FlagSet, game string, o solveOptions, lim solve.Limits) error {
	if err := onlyWith(fl, "--games (the winnability table), not with GAME", "games", "deals", "workers", "markdown", "rows", "quiet", "out", "resume", "force", "timing", "shard-index", "shard-count"); err != nil {
		return err
	}
	if !fl.Changed("seed") {
		return usagef("--seed: required with GAME")
	}
	spec, err := engine.Lookup(game)
	if err != nil {
		return usagef("%v", err)
	}
	vars, err := pipeline.ParseKeyValues("--variant", o.variants)
	if err != nil {
		return usage(err)
	}
	if _, err := spec.ResolveOptions(vars); err != nil {
		return usagef("--variant: %v", err)
	}
	_, err = pipeline.SolveDeal(ctx, pipeline.SolveDealOptions{Spec: spec, Options: vars, Seed: o.seed,
		Limits: lim, LogFile: o.log, Show: o.show, Check: checkBudget(o), Out: ios.out})
	return err
}

// solveTableRun prints the winnability table.
func solveTableRun(ctx context.Context, ios *ioStreams, fl *pflag.FlagSet, o solveOptions, lim solve.Limits) error {
	if o.games == "" {
		return usagef("want GAME --seed N (one deal) or --games IDS (the winnability table)")
	}
	if err := onlyWith(fl, "GAME (one deal), not with --games", "log", "show"); err != nil {
		return err
	}
	if o.deals <= 0 || o.deals > sim.MaxWinnabilityDeals {
		return usagef("--deals %d: want 1 … %d (2^40)", o.deals, int64(sim.MaxWinnabilityDeals))
	}
	if o.workers < 0 {
		return usagef("--workers %d: want 0 (one per CPU) or more", o.workers)
	}
	if !fl.Changed("seed") {
		o.seed = 2026
	}
	specs, err := pipeline.ParseGames(o.games)
	if err != nil {
		return usage(err)
	}
	games, err := pipeline.GameConfigs(specs, o.variants)
	if err != nil {
		return usage(err)
	}
	if o.out != "" {
		return solveFolderRun(ctx, ios, fl, o, games)
	}
	if err := onlyWith(fl, "--out", "resume", "force", "timing", "shard-index", "shard-count"); err != nil {
		return err
	}
	wo := pipeline.WinnabilityOptions{Games: games, Deals: o.deals, Seed: o.seed, Workers: o.workers, Limits: lim,
		RowsFile: o.rows, Markdown: o.markdown, Check: checkBudget(o), Out: ios.out}
	if !o.quiet {
		wo.Progress = ios.errOut
	}
	_, err = pipeline.Winnability(ctx, wo)
	return err
}

// checkBudget returns the state budget of --check, 0 without it.
func checkBudget(o solveOptions) int64 {
	if !o.check {
		return 0
	}
	return o.checkStates
}

// solveFolderRun writes the deals dataset of --out: the tournament of the
// solver strategy alone, in a results folder.
func solveFolderRun(ctx context.Context, ios *ioStreams, fl *pflag.FlagSet, o solveOptions, games []sim.GameConfig) error {
	if err := onlyWith(fl, "the table, not with --out", "rows", "markdown", "memory", "check", "check-states"); err != nil {
		return err
	}
	solver, err := sim.NewStrategy("solver", map[string]string{"nodes": fmt.Sprint(o.nodes), "time": o.limit.String()})
	if err != nil {
		return usage(err)
	}
	cmd := &cobra.Command{}
	cmd.Flags().AddFlagSet(fl)
	shard, err := o.shard.resolve(cmd)
	if err != nil {
		return err
	}
	to := &tournamentOptions{TournamentOptions: pipeline.TournamentOptions{Out: o.out, Games: games,
		Strategies: []sim.Strategy{solver}, Deals: o.deals, Seed: o.seed, Workers: o.workers, Shard: shard,
		Timing: o.timing, Resume: o.resume, Force: o.force}, quiet: o.quiet, progressEvery: 10 * time.Second}
	return tournamentRun(ctx, ios, to)
}
