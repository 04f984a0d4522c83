// Command adviceablation measures what each piece of the books' advice is
// worth: it plays the same deals of each game with a strategy that follows
// the advice (book or planner-book) once with all of it and once with each
// advice label turned off (the strategy's parameter without), pairs the
// runs deal by deal (reports.AdviceAblation) and prints a Markdown table:
// per game × advice the wins with and without it, the deals only one of
// the two won, the difference in percentage points and McNemar's exact p.
// With --data it also writes the rows as an "ablation" dataset
// (docs/datasets.md). See docs/tournaments.md.
//
//	go run ./scripts/adviceablation --strategy book --deals 10000 --seed 2026 \
//	    --workers 1 --data docs/book-ablation.parquet
package main

import (
	"context"
	"flag"
	"fmt"
	"os"
	"os/signal"
	"strings"

	"github.com/pasyans/pasyans/engine"
	"github.com/pasyans/pasyans/pipeline"
	"github.com/pasyans/pasyans/reports"
	"github.com/pasyans/pasyans/sim"
)

func main() {
	strategy := flag.String("strategy", "book", "the strategy whose advice is turned off: book or planner-book")
	games := flag.String("games", "", "comma-separated game IDs (default: every game with book advice)")
	params := flag.String("params", "", "further strategy parameters k=v[,k=v], the same in every run (not without)")
	deals := flag.Int64("deals", 1000, "deals per game and run")
	seed := flag.Uint64("seed", 2026, "master seed of the deals")
	workers := flag.Int("workers", 1, "goroutines")
	data := flag.String("data", "", "also write the rows as an ablation dataset to this Parquet file")
	flag.Parse()
	if err := run(*strategy, *games, *params, *deals, *seed, *workers, *data); err != nil {
		fmt.Fprintln(os.Stderr, "adviceablation:", err)
		os.Exit(1)
	}
}

func run(strategy, games, params string, deals int64, seed uint64, workers int, data string) error {
	cfg := reports.AblationConfig{Strategy: strategy, Params: map[string]string{}, Deals: deals, Seed: seed, Workers: workers}
	if games == "" {
		for _, s := range engine.Catalog() {
			if len(sim.GameAdvice(s.ID)) > 0 {
				cfg.Games = append(cfg.Games, s.ID)
			}
		}
	} else {
		cfg.Games = pipeline.SplitList(games)
	}
	if params != "" {
		p, err := pipeline.ParseKeyValues("--params", pipeline.SplitList(params))
		if err != nil {
			return err
		}
		cfg.Params = p
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	rows, err := reports.AdviceAblation(ctx, cfg)
	if err != nil {
		return err
	}
	if data != "" {
		meta := reports.DefaultMetadata()
		meta.MasterSeed = seed
		meta.Command = strings.Join(append([]string{"go run ./scripts/adviceablation"}, os.Args[1:]...), " ")
		if err := reports.ExportTableFile(data, reports.DatasetAblation, reports.FormatParquet, rows, meta); err != nil {
			return err
		}
	}
	return reports.WriteAblationMarkdown(os.Stdout, rows)
}
