package main

import (
	"os"
	"slices"
	"strconv"
	"strings"

	"github.com/spf13/cobra"
	"github.com/spf13/pflag"

	"github.com/pasyans/pasyans/pipeline"
	"github.com/pasyans/pasyans/reports"
	"github.com/pasyans/pasyans/sim"
)

// This file holds the flag parsing shared by the commands: game, strategy,
// variant and parameter lists (through the pipeline's parsers), shards,
// counts. Every error is a usage error naming its flag.

// tourFlags are the flags of the commands that play a tournament
// (tournament, run).
type tourFlags struct {
	games, strategies string
	deals             int64
	seed              uint64
	workers           int
	variants, params  []string
	quiet             bool
}

// register adds the flags with the defaults of the command; withOptions
// adds --variant and --param.
func (f *tourFlags) register(fs *pflag.FlagSet, deals int64, dealsHelp, strategies string, withOptions bool) {
	fs.StringVar(&f.games, "games", "all", "games to play: all, or comma-separated game `IDs`")
	fs.StringVar(&f.strategies, "strategies", strategies, "comma-separated strategy `names` ("+strings.Join(sim.StrategyNames(), ", ")+")")
	fs.Int64Var(&f.deals, "deals", deals, dealsHelp)
	fs.Uint64Var(&f.seed, "seed", 1, "master seed of the deals")
	fs.IntVar(&f.workers, "workers", 0, "parallel workers (0: one per CPU)")
	fs.BoolVar(&f.quiet, "quiet", false, "no progress output")
	if withOptions {
		fs.StringArrayVar(&f.variants, "variant", nil, "variant option `game:k=v[,k=v]` (repeatable)")
		fs.StringArrayVar(&f.params, "param", nil, "strategy parameter `strategy:k=v[,k=v]` (repeatable)")
	}
}

// resolve checks the counts and resolves the games with their variants and
// the strategies with their parameters.
func (f *tourFlags) resolve() ([]sim.GameConfig, []sim.Strategy, error) {
	if f.deals <= 0 {
		return nil, nil, usagef("--deals %d: want a positive number", f.deals)
	}
	if f.workers < 0 {
		return nil, nil, usagef("--workers %d: want 0 (one per CPU) or more", f.workers)
	}
	specs, err := pipeline.ParseGames(f.games)
	if err != nil {
		return nil, nil, usage(err)
	}
	games, err := pipeline.GameConfigs(specs, f.variants)
	if err != nil {
		return nil, nil, usage(err)
	}
	strategies, err := pipeline.ParseStrategies(f.strategies, f.params)
	if err != nil {
		return nil, nil, usage(err)
	}
	return games, strategies, nil
}

// shardFlags are --shard-index and --shard-count.
type shardFlags struct{ index, count int }

func (f *shardFlags) register(fs *pflag.FlagSet) {
	fs.IntVar(&f.index, "shard-index", 0, "index of this shard, 0 … shard-count-1 (default: from the scheduler's environment)")
	fs.IntVar(&f.count, "shard-count", 0, "number of shards (default: from the scheduler's environment or PASYANS_SHARD_COUNT, else 1)")
}

// resolve returns the shard: from the flags when --shard-index is given
// (the count from --shard-count, else PASYANS_SHARD_COUNT, else 1), from
// the scheduler's environment otherwise.
func (f *shardFlags) resolve(cmd *cobra.Command) (sim.Shard, error) {
	if !cmd.Flags().Changed("shard-index") {
		s, err := sim.ShardFromEnv(os.Getenv, f.count)
		if err != nil {
			return s, usagef("%v", err)
		}
		return s, nil
	}
	count := f.count
	if !cmd.Flags().Changed("shard-count") {
		count = 1
		if v := strings.TrimSpace(os.Getenv("PASYANS_SHARD_COUNT")); v != "" {
			n, err := strconv.Atoi(v)
			if err != nil || n < 1 {
				return sim.Shard{}, usagef("environment PASYANS_SHARD_COUNT=%q: want a positive integer", v)
			}
			count = n
		}
	}
	if count < 1 || f.index < 0 || f.index >= count {
		return sim.Shard{}, usagef("--shard-index %d --shard-count %d: want 0 ≤ index < count", f.index, count)
	}
	return sim.Shard{Index: f.index, Count: count, Source: "flags"}, nil
}

// arrowCompressionFlag adds --arrow-compression.
func arrowCompressionFlag(fs *pflag.FlagSet, v *string) {
	fs.StringVar(v, "arrow-compression", reports.ArrowZstd, "compression of the Arrow IPC files: zstd|lz4|none (docs/datasets.md: which readers decode which)")
}

// checkArrowCompression checks the value of --arrow-compression.
func checkArrowCompression(v string) error {
	if !slices.Contains(reports.ArrowCompressions, v) {
		return usagef("--arrow-compression %q: want zstd, lz4 or none", v)
	}
	return nil
}
