package main

import (
	"context"
	"fmt"
	"io"

	"github.com/spf13/cobra"

	"github.com/pasyans/pasyans/internal/textin"
	"github.com/pasyans/pasyans/pipeline"
)

// newCmdReplay builds "pasyans replay".
func newCmdReplay(ios *ioStreams) *cobra.Command {
	var html string
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
			return replayRun(cmd.Context(), ios, args[0], html)
		},
	}
	cmd.Flags().StringVar(&html, "html", "", "also write a self-contained HTML viewer of the game to this `FILE` (- for standard output)")
	return cmd
}

// replayRun re-checks the log at path and prints the outcome; with html it
// also writes the deal viewer.
func replayRun(ctx context.Context, ios *ioStreams, path, html string) error {
	out, err := pipeline.CreateOutput(ctx, "--html", html, ios.out)
	if err != nil {
		return err
	}
	var view io.Writer
	if out != nil {
		defer out.Abort()
		view = out
	}
	f, err := textin.OpenFile(ctx, path)
	if err != nil {
		return err
	}
	defer f.Close()
	r, release := textin.Cancelable(ctx, f)
	defer release()
	res, err := pipeline.Replay(ctx, r, view)
	if err != nil {
		return fmt.Errorf("%s: %w", path, err)
	}
	if out != nil {
		if err := out.Commit(); err != nil {
			return err
		}
	}
	_, err = fmt.Fprintln(ios.out, pipeline.ReplayLine(path, res))
	return err
}
