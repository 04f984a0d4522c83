package main

import (
	"fmt"
	"os"

	"github.com/spf13/cobra"

	"github.com/pasyans/pasyans/engine"
)

// newCmdReplay builds "pasyans replay".
func newCmdReplay(ios *ioStreams) *cobra.Command {
	return &cobra.Command{
		Use:   "replay FILE.jsonl",
		Short: "Re-check a game log",
		Long: `replay re-plays a game log written by "pasyans play --log" from its seed, re-checking
every move with the game's legality predicate and its list of legal moves, and compares the
outcome line. Any tampering exits 1 naming the first bad line.`,
		Args: cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			path := args[0]
			f, err := os.Open(path)
			if err != nil {
				return err
			}
			defer f.Close()
			res, err := engine.Replay(f)
			if err != nil {
				return fmt.Errorf("%s: %w", path, err)
			}
			result := "lost"
			if res.Won {
				result = "won"
			}
			_, err = fmt.Fprintf(ios.out, "%s: ok: %s seed %d%s, %d moves re-checked, %s, score %d/%d, %d redeal(s)\n",
				path, res.Header.Game, res.Header.Seed, variantNote(res.Header.Variant), res.Moves, result,
				res.Score, res.Game.Total(), res.Redeals)
			return err
		},
	}
}

func variantNote(v string) string {
	if v == "" {
		return ""
	}
	return " [" + v + "]"
}
