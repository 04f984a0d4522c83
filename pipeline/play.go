package pipeline

import (
	"bufio"
	"context"
	"fmt"
	"io"

	"github.com/pasyans/pasyans/engine"
	"github.com/pasyans/pasyans/internal/outfile"
	"github.com/pasyans/pasyans/reports/viewer"
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
	// the move.
	Trace sim.Tracer
	// Viewer, if set, receives the deal viewer (reports/viewer): the deal in
	// the book's layout, move by move, with the book's passage of each
	// move's rule from the built-in corpus.
	Viewer io.Writer
	// LogFile and ViewerFile, if set, name files that receive the log and
	// the viewer when Log and Viewer are nil; they are written atomically
	// and only when the deal was played through.
	LogFile, ViewerFile string
	// Stdout is what "-" stands for in LogFile and ViewerFile (nil:
	// os.Stdout).
	Stdout io.Writer
}

// PlayResult is the outcome of a played deal.
type PlayResult struct {
	sim.DealResult
	// Game is the final state.
	Game engine.Game
	// Spec and Seed are the game and the deal played.
	Spec *engine.Spec
	Seed uint64
	// Note explains an unknown outcome (the move cap, an undecided search).
	Note string
}

// Play plays one deal with the tournament's play loop (sim.Playout) and
// the tournament's move cap, writing the log and the board through a
// PlayTracer.
func Play(ctx context.Context, o PlayOptions) (*PlayResult, error) {
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	files, err := o.createFiles(ctx)
	if err != nil {
		return nil, err
	}
	defer files.abort()
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
	var played []viewer.Move
	if o.Viewer != nil {
		t.Next = collectMoves(&played, o.Trace)
	}
	if o.Board != nil {
		fmt.Fprintf(t.board, "%s seed %d %s\n%s\n", o.Spec.ID, o.Seed, o.Spec.VariantString(opts), g.View())
	}
	pl := sim.Playout{Ctx: ctx, Checked: true} // its moves are logged: each checked as it is made
	player := o.Strategy.NewPlayer()
	d, err := pl.PlayDeal(g, player, sim.StrategySeed(o.Seed, o.Strategy.Name()), o.Spec.MaxMoves, t.Trace)
	if err != nil {
		return nil, err
	}
	if err := ctx.Err(); err != nil {
		return nil, err // a search cut short by the interrupt decides nothing
	}
	// The outcome as a results row records it: a search player that did
	// not decide the deal makes it unknown, not lost, and says why.
	_, note := sim.Verdict(g, player, d.MoveCapHit)
	if err := t.Finish(g); err != nil {
		return nil, err
	}
	if o.Viewer != nil {
		in := viewer.Input{Game: o.Spec.ID, Options: opts, Seed: o.Seed, Strategy: o.Strategy.Name(), Moves: played}
		if err := WriteViewer(ctx, o.Viewer, in); err != nil {
			return nil, err
		}
	}
	if err := files.commit(); err != nil {
		return nil, err
	}
	return &PlayResult{DealResult: d, Game: g, Spec: o.Spec, Seed: o.Seed, Note: note}, nil
}

// collectMoves returns a tracer that appends every move, with its advice,
// to played and then calls next (if set).
func collectMoves(played *[]viewer.Move, next sim.Tracer) sim.Tracer {
	return func(ply int32, g engine.Game, m engine.Move, advice engine.RuleID) {
		*played = append(*played, viewer.Move{Move: m, Advice: advice})
		if next != nil {
			next(ply, g, m, advice)
		}
	}
}

// outputFiles are the output files a Play writes.
type outputFiles []*outfile.File

// createFiles creates the files of LogFile and ViewerFile and makes them the
// Log and Viewer writers.
func (o *PlayOptions) createFiles(ctx context.Context) (outputFiles, error) {
	var files outputFiles
	for _, f := range []struct {
		flag, path string
		w          *io.Writer
	}{{"--log", o.LogFile, &o.Log}, {"--html", o.ViewerFile, &o.Viewer}} {
		if f.path == "" || *f.w != nil {
			continue
		}
		af, err := CreateOutput(ctx, f.flag, f.path, o.Stdout)
		if err != nil {
			files.abort()
			return nil, err
		}
		files = append(files, af)
		*f.w = af
	}
	return files, nil
}

func (fs outputFiles) abort() {
	for _, f := range fs {
		f.Abort() // a no-op once committed
	}
}

func (fs outputFiles) commit() error {
	for _, f := range fs {
		if err := f.Commit(); err != nil {
			return err
		}
	}
	return nil
}

// Line is the one-line outcome "pasyans play" prints.
func (r *PlayResult) Line() string {
	result := string(r.Outcome)
	if r.Note != "" {
		result += " (" + r.Note + ")"
	}
	g := r.Game
	return fmt.Sprintf("%s seed %d: %s, score %d/%d, %d moves, %d redeal(s)",
		r.Spec.ID, r.Seed, result, g.Score(), g.Total(), r.Moves, g.Redeals())
}

// WriteViewer writes the deal viewer of in to w, with the rule passages of
// the built-in corpus.
func WriteViewer(ctx context.Context, w io.Writer, in viewer.Input) error {
	c, err := LoadCorpus(ctx, nil, nil)
	if err != nil {
		return fmt.Errorf("--html: %w", err)
	}
	in.Passages = c.ViewerPassages()
	return viewer.Write(w, in)
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
