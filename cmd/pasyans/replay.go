package main

import (
	"fmt"
	"os"

	"github.com/pasyans/pasyans/engine"
	"github.com/pasyans/pasyans/reports/viewer"
	"github.com/spf13/cobra"
)

func newReplayCmd() *cobra.Command {
	var htmlPath string
	cmd := &cobra.Command{
		Use:   "replay FILE.jsonl",
		Short: "Re-check a game log",
		Long: `replay re-plays a game log written by "pasyans play --log" from its seed, re-checking
every move with the game's legality predicate and its list of legal moves, and compares the
outcome line. Any tampering exits 1 naming the first bad line. --html writes a page that shows
the deal as the book lays it out and steps through the moves with their rules' passages.`,
		Example: `  pasyans replay game.jsonl
  pasyans replay game.jsonl --html game.html`,
		Args: cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			path := args[0]
			if htmlPath != "" {
				if err := existingDir("replay", htmlPath); err != nil {
					return err
				}
			}
			f, err := os.Open(path)
			if err != nil {
				return fmt.Errorf("replay: %w", err)
			}
			defer f.Close()
			res, err := engine.Replay(f)
			if err != nil {
				return fmt.Errorf("replay: %s: %w", path, err)
			}
			if htmlPath != "" {
				h := res.Header
				moves := make([]viewer.Move, len(res.Played))
				for i, m := range res.Played {
					moves[i] = viewer.Move{Move: m}
				}
				in := viewer.Input{Game: h.Game, Options: h.Options, Seed: h.Seed, Strategy: h.Strategy, Moves: moves}
				if err := writeViewer(cmd.Context(), "replay", htmlPath, in); err != nil {
					return err
				}
			}
			result := "lost"
			if res.Won {
				result = "won"
			}
			_, err = fmt.Fprintf(cmd.OutOrStdout(), "%s: ok: %s seed %d%s, %d moves re-checked, %s, score %d/%d, %d redeal(s)\n",
				path, res.Header.Game, res.Header.Seed, variantNote(res.Header.Variant), res.Moves, result,
				res.Score, res.Game.Total(), res.Redeals)
			return err
		},
	}
	cmd.Flags().StringVar(&htmlPath, "html", "", "also write a self-contained HTML viewer of the game to this `FILE`")
	return cmd
}

func variantNote(v string) string {
	if v == "" {
		return ""
	}
	return " [" + v + "]"
}
