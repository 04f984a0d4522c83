package main

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/spf13/cobra"

	"github.com/pasyans/pasyans/pipeline"
	"github.com/pasyans/pasyans/sim"
)

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

A results folder holds one run: its identity (seed, games and variants,
strategies and parameters, deals, shard count, engine) is recorded in
DIR/_run.json. Writing another run into it is refused unless --force, which
removes the old run's files first; a shard that already has files needs
--resume (continue) or --force. A lock file per shard makes a second writer
fail at once. Ctrl-C or SIGTERM stops cleanly: finished rows are written and
every file is valid; the same command with --resume continues (a different
flag is refused, naming the difference). --timing=false leaves cpu_ns at 0
so that the rows are reproducible byte for byte. See docs/tournaments.md.

Strategies (--param strategy:k=v sets a parameter):
`

// tournamentOptions are the parsed flags of "pasyans tournament".
type tournamentOptions struct {
	pipeline.TournamentOptions
	quiet         bool
	progressEvery time.Duration
}

// newCmdTournament builds "pasyans tournament".
func newCmdTournament(ios *ioStreams) *cobra.Command {
	var tf tourFlags
	var sf shardFlags
	o := &tournamentOptions{}
	cmd := &cobra.Command{
		Use:   "tournament",
		Short: "Run a strategy tournament over paired deals",
		Long:  tournamentLong + sim.StrategyHelp(),
		Example: `  pasyans tournament --games all --strategies random,greedy,book --deals 100000 --out run1
  pasyans tournament --games napoleon,salic-law --strategies greedy,solver --param solver:nodes=50000 --deals 1000 --out run2
  pasyans tournament --games all --strategies greedy --deals 1000000 --shard-index 3 --shard-count 8 --out shared/run3
  pasyans tournament --games all --strategies greedy --deals 1000000 --out run1 --resume`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			if err := o.parse(cmd, &tf, &sf); err != nil {
				return err
			}
			return tournamentRun(cmd.Context(), ios, o)
		},
	}
	f := cmd.Flags()
	tf.register(f, 1000, "deals per game in the whole run (all shards together)", "random,greedy,book", true)
	sf.register(f)
	f.StringVar(&o.Out, "out", "", "output `DIR` of the results dataset (required)")
	f.BoolVar(&o.Resume, "resume", false, "continue the run in --out (exactly that run; more --deals extend an unsharded run)")
	f.BoolVar(&o.Force, "force", false, "replace the run in --out (its files are removed first)")
	f.BoolVar(&o.Trace, "trace", false, "also write one row per move (moves dataset)")
	f.BoolVar(&o.Timing, "timing", true, "record the time per deal (cpu_ns); false makes rows reproducible byte for byte")
	f.DurationVar(&o.progressEvery, "progress-interval", 10*time.Second, "interval of the progress log lines when stderr is not a terminal")
	cmd.MarkFlagsMutuallyExclusive("resume", "force")
	return cmd
}

// parse fills the options from the flags.
func (o *tournamentOptions) parse(cmd *cobra.Command, tf *tourFlags, sf *shardFlags) error {
	if o.Out == "" {
		return usagef("--out DIR is required")
	}
	var err error
	if o.Games, o.Strategies, err = tf.resolve(); err != nil {
		return err
	}
	if o.Shard, err = sf.resolve(cmd); err != nil {
		return err
	}
	o.Deals, o.Seed, o.Workers, o.quiet = tf.deals, tf.seed, tf.workers, tf.quiet
	return nil
}

// tournamentRun plays the tournament and prints its summary table.
func tournamentRun(ctx context.Context, ios *ioStreams, o *tournamentOptions) error {
	prog := pipeline.NewTextObserver(ios.errOut, "tournament", o.quiet, o.progressEvery)
	o.Observer = prog
	res, err := pipeline.Tournament(ctx, o.TournamentOptions)
	if err != nil {
		if errors.Is(err, context.Canceled) && ctx.Err() != nil {
			prog.Note(fmt.Sprintf("interrupted; finished rows are in %s — run the same command with --resume to continue", o.Out))
		}
		return err
	}
	if note := res.ResumeNote(); note != "" {
		fmt.Fprintf(ios.out, "%s\n\n", note)
	}
	return res.Summary.WriteTable(ios.out)
}
