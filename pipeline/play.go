package pipeline

import (
	"bufio"
	"context"
	"fmt"
	"io"

	"github.com/pasyans/pasyans/engine"
	"github.com/pasyans/pasyans/sim"
)

// PlayOptions describe one deal played by "pasyans play".
type PlayOptions struct {
	// Spec is the game, Options its variant options (nil: the book's).
	Spec    *engine.Spec
	Options engine.Options
	// Seed is the deal seed (a results row's deal_seed).
	Seed uint64
	// Strategy plays the deal; its player is seeded as the tournament
	// seeds it (sim.StrategySeed), so a results row is replayed exactly.
	Strategy sim.Strategy
	// Log, if set, receives the game log (JSON lines that engine.Replay
	// re-checks); Board, if set, the layout after each move.
	Log, Board io.Writer
	// Trace, if set, is called for every move too, with the state before
	// the move (for viewers).
	Trace sim.Tracer
}

// PlayResult is the outcome of a played deal.
type PlayResult struct {
	sim.DealResult
	// Game is the final state.
	Game engine.Game
}

// Play plays one deal with the tournament's play loop (sim.Playout) and
// the tournament's move cap, writing the log and the board through a
// PlayTracer.
func Play(ctx context.Context, o PlayOptions) (*PlayResult, error) {
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	opts, err := o.Spec.ResolveOptions(o.Options)
	if err != nil {
		return nil, fmt.Errorf("--variant: %w", err)
	}
	g, err := o.Spec.New(o.Seed, opts)
	if err != nil {
		return nil, err
	}
	t, err := NewPlayTracer(o.Log, o.Board, o.Spec, opts, o.Seed, o.Strategy.Name())
	if err != nil {
		return nil, err
	}
	t.Next = o.Trace
	if o.Board != nil {
		fmt.Fprintf(t.board, "%s seed %d %s\n%s\n", o.Spec.ID, o.Seed, o.Spec.VariantString(opts), g.View())
	}
	var pl sim.Playout
	d, err := pl.PlayDeal(g, o.Strategy.NewPlayer(), sim.StrategySeed(o.Seed, o.Strategy.Name()), o.Spec.MaxMoves, t.Trace)
	if err != nil {
		return nil, err
	}
	if err := t.Finish(g); err != nil {
		return nil, err
	}
	return &PlayResult{DealResult: d, Game: g}, nil
}

// PlayTracer is a sim.Tracer that writes a played deal as a game log
// (engine.LogWriter) and, move by move, as a board: the move described
// with its rule ID and advice, then the layout after it. Write errors are
// kept and returned by Finish.
type PlayTracer struct {
	// Next, if set, is called after the tracer's own work for every move.
	Next sim.Tracer

	log     *engine.LogWriter
	logBuf  *bufio.Writer
	board   *bufio.Writer
	pending bool // a move was described and its board is not shown yet
	err     error
}

// NewPlayTracer returns a tracer writing the log of spec's deal of seed
// with opts played by strategy to log, and the board to board; either may
// be nil. It writes the log's header at once.
func NewPlayTracer(log, board io.Writer, spec *engine.Spec, opts engine.Options, seed uint64, strategy string) (*PlayTracer, error) {
	t := &PlayTracer{}
	if board != nil {
		t.board = bufio.NewWriter(board)
	}
	if log != nil {
		t.logBuf = bufio.NewWriter(log)
		lw, err := engine.NewLogWriter(t.logBuf, spec, opts, seed, strategy)
		if err != nil {
			return nil, err
		}
		t.log = lw
	}
	return t, nil
}

// Trace records move m of g (the state before the move) as sim.Tracer.
func (t *PlayTracer) Trace(ply int32, g engine.Game, m engine.Move, advice engine.RuleID) {
	if t.board != nil {
		t.showBoard(g)
		note := ""
		if advice != "" {
			note = " (advice " + string(advice) + ")"
		}
		fmt.Fprintf(t.board, "%d. %s%s\n", ply+1, m.Describe(g), note)
		t.pending = true
	}
	if t.log != nil && t.err == nil {
		t.err = t.log.Move(g, m)
	}
	if t.Next != nil {
		t.Next(ply, g, m, advice)
	}
}

// showBoard prints the layout after the move described last, which is g.
func (t *PlayTracer) showBoard(g engine.Game) {
	if t.pending {
		fmt.Fprintf(t.board, "%s\n", g.View())
		t.pending = false
	}
}

// Finish writes the last board and the log's outcome line for the final
// state g, flushes both writers and returns the first write error.
func (t *PlayTracer) Finish(g engine.Game) error {
	if t.board != nil {
		t.showBoard(g)
		if err := t.board.Flush(); err != nil && t.err == nil {
			t.err = err
		}
	}
	if t.log != nil {
		if t.err == nil {
			t.err = t.log.Outcome(g)
		}
		if err := t.logBuf.Flush(); err != nil && t.err == nil {
			t.err = err
		}
	}
	return t.err
}
