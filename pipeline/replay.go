package pipeline

import (
	"context"
	"errors"
	"fmt"
	"io"

	"github.com/pasyans/pasyans/engine"
	"github.com/pasyans/pasyans/internal/outfile"
	"github.com/pasyans/pasyans/reports/viewer"
)

// Replay re-checks the game log read from r (engine.Replay) and, when view
// is set, writes the deal viewer of the game to it.
func Replay(ctx context.Context, r io.Reader, view io.Writer) (*engine.ReplayResult, error) {
	res, err := engine.Replay(r)
	if err != nil {
		return nil, err
	}
	if view != nil {
		if err := WriteViewer(ctx, view, ReplayViewer(res)); err != nil {
			return nil, err
		}
	}
	return res, nil
}

// ReplayLine is the one-line outcome "pasyans replay" prints for the log
// at path.
func ReplayLine(path string, res *engine.ReplayResult) string {
	result := "lost"
	if res.Won {
		result = "won"
	}
	variant := ""
	if v := res.Header.Variant; v != "" {
		variant = " [" + v + "]"
	}
	return fmt.Sprintf("%s: ok: %s seed %d%s, %d moves re-checked, %s, score %d/%d, %d redeal(s)",
		path, res.Header.Game, res.Header.Seed, variant, res.Moves, result, res.Score, res.Game.Total(), res.Redeals)
}

// ReplayViewer returns the viewer input of a re-checked game log.
func ReplayViewer(res *engine.ReplayResult) viewer.Input {
	h := res.Header
	moves := make([]viewer.Move, len(res.Played))
	for i, m := range res.Played {
		moves[i] = viewer.Move{Move: m}
	}
	return viewer.Input{Game: h.Game, Options: h.Options, Seed: h.Seed, Strategy: h.Strategy, Moves: moves}
}

// CreateOutput creates the output file of flag (nil when path is empty)
// as internal/outfile does for every output path: "-" is stdout (nil:
// os.Stdout), a FIFO or a device is written through, a regular file is
// replaced atomically (through a symbolic link), and errors start with the
// flag and name the path. The file goes into an existing folder: unlike
// dataset folders, a mistyped path must not create directories.
func CreateOutput(ctx context.Context, flag, path string, stdout io.Writer) (*outfile.File, error) {
	if path == "" {
		return nil, nil
	}
	f, err := outfile.CreateWith(ctx, path, outfile.Options{Stdout: stdout})
	if err != nil {
		return nil, flagError(flag, err)
	}
	return f, nil
}

// flagError starts err with flag, unless it is the context's.
func flagError(flag string, err error) error {
	if errors.Is(err, context.Canceled) || errors.Is(err, context.DeadlineExceeded) {
		return err
	}
	return fmt.Errorf("%s %w", flag, err)
}
