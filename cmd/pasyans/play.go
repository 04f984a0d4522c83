package main

import (
	"bufio"
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/pasyans/pasyans/engine"
	"github.com/pasyans/pasyans/reports"
	"github.com/pasyans/pasyans/sim"
	"github.com/spf13/cobra"
)

// playOptions are the flags of "pasyans play".
type playOptions struct {
	seed     uint64
	variants []string
	params   []string
	strategy string
	show     bool
	log      string
}

func newPlayCmd() *cobra.Command {
	var o playOptions
	cmd := &cobra.Command{
		Use:   "play GAME --seed N",
		Short: "Play one deal",
		Long: `play plays one deal of GAME (the deal of --seed, engine.Deal) with a strategy and prints
the outcome. --show prints the layout (as the player sees it) after each move; --log writes
the game as JSON lines (header, one line per move with its rule ID, outcome) that
"pasyans replay" re-checks.`,
		Example: `  pasyans play napoleon --seed 7 --show
  pasyans play red-and-black --seed 3 --variant moves=sequence --log game.jsonl`,
		Args: cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			return runPlay(cmd, args[0], o)
		},
	}
	f := cmd.Flags()
	f.Uint64Var(&o.seed, "seed", 0, "deal seed (required)")
	f.StringArrayVar(&o.variants, "variant", nil, "variant option k=v (repeatable; see pasyans games show GAME)")
	f.StringVar(&o.strategy, "strategy", "random", "strategy: "+strings.Join(sim.StrategyNames(), ", "))
	f.StringArrayVar(&o.params, "param", nil, "strategy parameter k=v (repeatable)")
	f.BoolVar(&o.show, "show", false, "print the layout after each move")
	f.StringVar(&o.log, "log", "", "write the game log (JSON lines) to this file")
	_ = cmd.MarkFlagRequired("seed")
	return cmd
}

// keyValues parses the repeated k=v flags of "pasyans play"; a key given
// twice is an error.
func keyValues(flag string, items []string) (map[string]string, error) {
	out := map[string]string{}
	for _, it := range items {
		k, v, ok := strings.Cut(it, "=")
		k = strings.TrimSpace(k)
		if !ok || k == "" {
			return nil, usagef("play: %s %q: want k=v", flag, it)
		}
		if _, dup := out[k]; dup {
			return nil, usagef("play: %s: %s given twice", flag, k)
		}
		out[k] = strings.TrimSpace(v)
	}
	return out, nil
}

func runPlay(cmd *cobra.Command, game string, o playOptions) error {
	spec, err := engine.Lookup(game)
	if err != nil {
		return usagef("play: %v", err)
	}
	vars, err := keyValues("--variant", o.variants)
	if err != nil {
		return err
	}
	opts, err := spec.ResolveOptions(engine.Options(vars))
	if err != nil {
		return usagef("play: --variant: %v", err)
	}
	params, err := keyValues("--param", o.params)
	if err != nil {
		return err
	}
	strat, err := sim.NewStrategy(o.strategy, params)
	if err != nil {
		return usagef("play: %v", err)
	}
	g, err := spec.New(o.seed, opts)
	if err != nil {
		return fmt.Errorf("play: %w", err)
	}
	out := cmd.OutOrStdout()

	var lw *engine.LogWriter
	var logFile *reports.AtomicFile
	var logBuf *bufio.Writer
	if o.log != "" {
		// The log goes into an existing folder: unlike dataset folders, a
		// mistyped log path must not create directories.
		if fi, err := os.Stat(filepath.Dir(o.log)); err != nil || !fi.IsDir() {
			return fmt.Errorf("%s: no such directory", filepath.Dir(o.log))
		}
		if logFile, err = reports.CreateAtomic(o.log); err != nil {
			return fmt.Errorf("play: %w", err)
		}
		defer logFile.Abort() // a no-op once committed
		logBuf = bufio.NewWriter(logFile)
		if lw, err = engine.NewLogWriter(logBuf, spec, opts, o.seed, strat.Name()); err != nil {
			return fmt.Errorf("play: %s: %w", o.log, err)
		}
	}

	player := strat.NewPlayer()
	sim.ResetPlayer(cmd.Context(), player, g, sim.StrategySeed(o.seed, strat.Name())) // as the tournament seeds it
	if err := cmd.Context().Err(); err != nil {
		return fmt.Errorf("play: %w", err)
	}
	if o.show {
		fmt.Fprintf(out, "%s seed %d %s\n%s\n", spec.ID, o.seed, spec.VariantString(opts), g.View())
	}
	ctx := cmd.Context()
	buf := make([]engine.Move, 0, 256)
	moves := 0
	for moves < spec.MaxMoves {
		if err := ctx.Err(); err != nil {
			return fmt.Errorf("play: stopped after %d moves: %w", moves, err)
		}
		legal := g.LegalMoves(buf[:0])
		if len(legal) == 0 {
			break
		}
		i, advice := player.Choose(g, legal)
		if i < 0 || i >= len(legal) {
			return fmt.Errorf("play: strategy %s chose move %d of %d", strat.Name(), i, len(legal))
		}
		m := legal[i]
		if err := g.Apply(m); err != nil {
			return fmt.Errorf("play: move %d: %w", moves+1, err)
		}
		moves++
		if lw != nil {
			if err := lw.Move(g, m); err != nil {
				return fmt.Errorf("play: %s: %w", o.log, err)
			}
		}
		if o.show {
			note := ""
			if advice != "" {
				note = " (advice " + string(advice) + ")"
			}
			fmt.Fprintf(out, "%d. %s%s\n%s\n", moves, m.Describe(g), note, g.View())
		}
	}
	if lw != nil {
		if err := lw.Outcome(g); err != nil {
			return fmt.Errorf("play: %s: %w", o.log, err)
		}
		if err := logBuf.Flush(); err != nil {
			return fmt.Errorf("play: %s: %w", o.log, err)
		}
		if err := logFile.Commit(); err != nil {
			return fmt.Errorf("play: %w", err)
		}
	}
	// The outcome as a results row records it (sim.Verdict): a search
	// player that did not decide the deal makes it unknown, not lost.
	outcome, note := sim.Verdict(g, player, !g.Won() && g.Ending() == engine.Playing)
	result := string(outcome)
	if note != "" {
		result += " (" + note + ")"
	}
	_, err = fmt.Fprintf(out, "%s seed %d: %s, score %d/%d, %d moves, %d redeal(s)\n",
		spec.ID, o.seed, result, g.Score(), g.Total(), moves, g.Redeals())
	return err
}
