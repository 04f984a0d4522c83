// Command plannercurve measures the planner's strength against its budget
// and draws the curve: for each number of samples it plays the same deals
// of each game with the planner (reports.StrengthCurve), prints the points
// as tab-separated lines (game, samples, wins, deals, win rate) and writes
// the SVG chart (reports.WriteCurveSVG) and, with --data, the points as a
// Parquet dataset that "pasyans report --curve" draws in the HTML report.
// See docs/tournaments.md.
//
//	go run ./scripts/plannercurve --games zodiac,salic-law --samples 1,2,4,8,16 \
//	    --deals 200 --seed 2026 --workers 2 --out docs/planner-curve.svg \
//	    --data docs/planner-curve.parquet
package main

import (
	"context"
	"flag"
	"fmt"
	"os"
	"os/signal"
	"strconv"
	"strings"

	"github.com/pasyans/pasyans/pipeline"
	"github.com/pasyans/pasyans/reports"
)

func main() {
	games := flag.String("games", "zodiac,salic-law", "comma-separated game IDs")
	samples := flag.String("samples", "1,2,4,8,16", "comma-separated sample counts (the curve's x values)")
	param := flag.String("param", "samples", "the planner parameter the x values set")
	deals := flag.Int64("deals", 200, "deals per game and point")
	seed := flag.Uint64("seed", 2026, "master seed of the deals")
	workers := flag.Int("workers", 2, "goroutines")
	out := flag.String("out", "planner-curve.svg", "SVG file to write")
	data := flag.String("data", "", "also write the points as a curve dataset to this Parquet file")
	flag.Parse()
	if err := run(*games, *samples, *param, *deals, *seed, *workers, *out, *data); err != nil {
		fmt.Fprintln(os.Stderr, "plannercurve:", err)
		os.Exit(1)
	}
}

func run(games, samples, param string, deals int64, seed uint64, workers int, out, data string) error {
	var values []int64
	for _, s := range pipeline.SplitList(samples) {
		v, err := strconv.ParseInt(s, 10, 64)
		if err != nil || v <= 0 {
			return fmt.Errorf("--samples: %q is not a positive integer", s)
		}
		values = append(values, v)
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	cfg := reports.CurveConfig{Strategy: "planner", Param: param, Values: values,
		Games: pipeline.SplitList(games), Deals: deals, Seed: seed, Workers: workers}
	series, err := reports.StrengthCurve(ctx, cfg)
	if err != nil {
		return err
	}
	if data != "" {
		meta := reports.DefaultMetadata()
		meta.MasterSeed = seed
		meta.Command = strings.Join(append([]string{"go run ./scripts/plannercurve"}, os.Args[1:]...), " ")
		if err := reports.ExportTableFile(data, reports.DatasetCurve, reports.FormatParquet, reports.CurveRows(cfg, series), meta); err != nil {
			return err
		}
	}
	fmt.Println("game\t" + param + "\twins\tdeals\twin rate")
	for _, s := range series {
		for _, p := range s.Points {
			fmt.Printf("%s\t%d\t%d\t%d\t%.1f%%\n", s.Name, p.X, p.Wins, p.Deals, 100*float64(p.Wins)/float64(p.Deals))
		}
	}
	f, err := os.Create(out)
	if err != nil {
		return err
	}
	title := fmt.Sprintf("planner: win rate against %s (%d deals per point, seed %d)", param, deals, seed)
	if err := reports.WriteCurveSVG(f, title, param+" per decision", series); err != nil {
		f.Close()
		return fmt.Errorf("%s: %w", out, err)
	}
	return f.Close()
}
