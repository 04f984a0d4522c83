package main

import (
	"context"
	"fmt"
	"strings"

	"github.com/spf13/cobra"

	"github.com/pasyans/pasyans/engine"
	"github.com/pasyans/pasyans/pipeline"
	"github.com/pasyans/pasyans/sim"
)

// playOptions are the parsed flags of "pasyans play".
type playOptions struct {
	pipeline.PlayOptions
	show bool
}

// newCmdPlay builds "pasyans play".
func newCmdPlay(ios *ioStreams) *cobra.Command {
	o := &playOptions{}
	var variants, params []string
	var strategy string
	cmd := &cobra.Command{
		Use:   "play GAME --seed N",
		Short: "Play one deal",
		Long: `play plays one deal of GAME (the deal of --seed, engine.Deal) with a strategy and prints
the outcome. --show prints the layout (as the player sees it) after each move; --log writes
the game as JSON lines (header, one line per move with its rule ID, outcome) that
"pasyans replay" re-checks; --html writes a page that shows the deal as the book lays it out and
steps through the moves, each with its rule ID and the book's passage for the rule.`,
		Example: `  pasyans play napoleon --seed 7 --show
  pasyans play red-and-black --seed 3 --variant moves=sequence --log game.jsonl
  pasyans play zodiac --seed 5 --strategy greedy --html zodiac.html`,
		Args: cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			if err := o.parse(args[0], variants, strategy, params); err != nil {
				return err
			}
			return playRun(cmd.Context(), ios, o)
		},
	}
	f := cmd.Flags()
	f.Uint64Var(&o.Seed, "seed", 0, "deal seed (required)")
	f.StringArrayVar(&variants, "variant", nil, "variant option k=v (repeatable; see pasyans games show GAME)")
	f.StringVar(&strategy, "strategy", "random", "strategy: "+strings.Join(sim.StrategyNames(), ", "))
	f.StringArrayVar(&params, "param", nil, "strategy parameter k=v (repeatable)")
	f.BoolVar(&o.show, "show", false, "print the layout after each move")
	f.StringVar(&o.LogFile, "log", "", "write the game log (JSON lines) to this file (- for standard output; a FIFO or device is written through)")
	f.StringVar(&o.ViewerFile, "html", "", "write a self-contained HTML viewer of the game to this `FILE` (- for standard output)")
	_ = cmd.MarkFlagRequired("seed")
	return cmd
}

// parse resolves the game, its variant and the strategy.
func (o *playOptions) parse(game string, variants []string, strategy string, params []string) error {
	spec, err := engine.Lookup(game)
	if err != nil {
		return usagef("%v", err)
	}
	vars, err := pipeline.ParseKeyValues("--variant", variants)
	if err != nil {
		return usage(err)
	}
	if _, err := spec.ResolveOptions(engine.Options(vars)); err != nil {
		return usagef("--variant: %v", err)
	}
	ps, err := pipeline.ParseKeyValues("--param", params)
	if err != nil {
		return usage(err)
	}
	if o.Strategy, err = sim.NewStrategy(strategy, ps); err != nil {
		return usagef("--strategy: %v", err)
	}
	o.Spec, o.Options = spec, engine.Options(vars)
	return nil
}

// playRun plays the deal, writing the board and the log, and prints the
// outcome.
func playRun(ctx context.Context, ios *ioStreams, o *playOptions) error {
	if o.show {
		o.Board = ios.out
	}
	o.Stdout = ios.out
	res, err := pipeline.Play(ctx, o.PlayOptions)
	if err != nil {
		return err
	}
	_, err = fmt.Fprintln(ios.out, res.Line())
	return err
}
