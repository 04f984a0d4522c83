package pipeline

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"sync"
	"time"

	"github.com/pasyans/pasyans/engine"
	"github.com/pasyans/pasyans/sim"
	"github.com/pasyans/pasyans/sim/solve"
)

// SolveLimits checks the budget flags of "pasyans solve": nodes per deal,
// the cache's memory in MiB and the time per deal (0: none).
func SolveLimits(nodes, memoryMiB int64, limit time.Duration) (solve.Limits, error) {
	switch {
	case nodes <= 0:
		return solve.Limits{}, fmt.Errorf("--nodes %d: want a positive number", nodes)
	case limit < 0:
		return solve.Limits{}, fmt.Errorf("--time %v: want 0 (none) or a positive duration", limit)
	case memoryMiB <= 0 || memoryMiB > 1<<20:
		return solve.Limits{}, fmt.Errorf("--memory %d: want MiB in [1, 1048576]", memoryMiB)
	}
	return solve.Limits{Nodes: nodes, Time: limit, Memory: memoryMiB << 20}, nil
}

// SolveDealOptions describe one deal decided by "pasyans solve GAME".
type SolveDealOptions struct {
	Spec    *engine.Spec
	Options engine.Options
	Seed    uint64
	Limits  solve.Limits
	// LogFile, if set, receives the winning line as a game log (only when
	// the deal is won); Show prints the layout before and after the line.
	LogFile string
	Show    bool
	// Check, when positive, re-proves a loss with solve.CheckLoss within
	// Check states; a check that finds a win is an error.
	Check int64
	// Out receives the outcome and the line.
	Out io.Writer
}

// SolveDeal decides one deal with full information and prints the outcome:
// won with its line, lost (a proof) or undecided with the reason.
func SolveDeal(ctx context.Context, o SolveDealOptions) (solve.Result, error) {
	opts, err := o.Spec.ResolveOptions(o.Options)
	if err != nil {
		return solve.Result{}, fmt.Errorf("--variant: %w", err)
	}
	log, err := CreateOutput(ctx, "--log", o.LogFile, o.Out)
	if err != nil {
		return solve.Result{}, err
	}
	if log != nil {
		defer log.Abort() // a no-op once committed
	}
	g, err := o.Spec.New(o.Seed, opts)
	if err != nil {
		return solve.Result{}, err
	}
	t0 := time.Now()
	r := solve.New(o.Limits).Solve(ctx, g)
	if r.Reason == solve.ReasonCancelled {
		return r, fmt.Errorf("stopped after %d nodes: %w", r.Nodes, ctx.Err())
	}
	name := o.Spec.ID
	if v := o.Spec.VariantString(opts); v != "" {
		name += " [" + v + "]"
	}
	printSolveOutcome(o.Out, name, o.Seed, r, o.Limits, o.Spec, time.Since(t0))
	if r.Outcome == solve.Lost && o.Check > 0 {
		c := solve.CheckLoss(ctx, g, o.Check)
		switch c.Verdict {
		case solve.CheckDisagreed:
			return r, fmt.Errorf("%s seed %d: the solver proved a loss (%s), but the independent check found a win in %d moves", name, o.Seed, r.Proof, len(c.Line))
		case solve.CheckAgreed:
			fmt.Fprintf(o.Out, "check: agreed: a plain exhaustive search visited all %d reachable states, none won\n", c.States)
		default:
			if err := ctx.Err(); err != nil {
				return r, fmt.Errorf("check stopped after %d states: %w", c.States, err)
			}
			fmt.Fprintf(o.Out, "check: out of budget: a plain exhaustive search reached its %d states before searching every one\n", o.Check)
		}
	}
	if r.Outcome != solve.Won {
		if log != nil {
			fmt.Fprintf(o.Out, "no log written to %s: the deal was not won\n", o.LogFile)
		}
		return r, nil
	}
	var logw io.Writer // nil without --log (a nil *outfile.File in it would not be)
	if log != nil {
		logw = log
	}
	if err := writeSolvedLine(o.Out, g, r.Line, o.Show, logw, o.Spec, opts, o.Seed); err != nil {
		return r, err
	}
	if log != nil {
		if err := log.Commit(); err != nil {
			return r, err
		}
		fmt.Fprintf(o.Out, "log written to %s (check it with: pasyans replay %s)\n", o.LogFile, o.LogFile)
	}
	return r, nil
}

// printSolveOutcome prints the outcome line of one decided deal.
func printSolveOutcome(w io.Writer, name string, seed uint64, r solve.Result, lim solve.Limits, spec *engine.Spec, elapsed time.Duration) {
	stats := fmt.Sprintf("%d nodes in %s", r.Nodes, formatDuration(elapsed))
	switch r.Outcome {
	case solve.Won:
		fmt.Fprintf(w, "%s seed %d: won in %d moves (%s)\n", name, seed, len(r.Line), stats)
	case solve.Lost:
		fmt.Fprintf(w, "%s seed %d: lost: no reachable state is won (proved by %s, in the %s: %s, %d dead ends pruned)\n",
			name, seed, r.Proof, r.Phase, stats, r.DeadEnds)
	default:
		evicted := ""
		if r.Evictions > 0 {
			evicted = fmt.Sprintf(", the cache full %d times", r.Evictions)
		}
		fmt.Fprintf(w, "%s seed %d: undecided: %s (%s; deepest line %d moves, at most %d states cached%s)\n",
			name, seed, undecidedWhy(r, lim, spec), stats, r.Depth, r.Cached, evicted)
	}
}

// writeSolvedLine prints the winning line played from g (with show, the
// layout before and after) and, when log is set, writes it as a game log.
func writeSolvedLine(w io.Writer, g engine.Game, line []engine.Move, show bool, log io.Writer, spec *engine.Spec, opts engine.Options, seed uint64) error {
	var lw *engine.LogWriter
	var bw *bufio.Writer
	if log != nil {
		bw = bufio.NewWriter(log)
		var err error
		if lw, err = engine.NewLogWriter(bw, spec, opts, seed, "solver"); err != nil {
			return err
		}
	}
	if show {
		fmt.Fprintf(w, "%s\n", g.String())
	}
	c := g.Clone()
	for i, m := range line {
		fmt.Fprintf(w, "%d. %s\n", i+1, m.Describe(c))
		if err := c.Apply(m); err != nil {
			return fmt.Errorf("the winning line fails at move %d: %w", i+1, err)
		}
		if lw != nil {
			if err := lw.Move(c, m); err != nil {
				return err
			}
		}
	}
	if show {
		fmt.Fprintf(w, "%s\n", c.String())
	}
	if lw == nil {
		return nil
	}
	if err := lw.Outcome(c); err != nil {
		return err
	}
	return bw.Flush()
}

// undecidedWhy says in words why a search stopped undecided.
func undecidedWhy(r solve.Result, lim solve.Limits, spec *engine.Spec) string {
	switch r.Reason {
	case solve.ReasonNodes:
		return fmt.Sprintf("the node limit of %d was reached", lim.Nodes)
	case solve.ReasonTime:
		return fmt.Sprintf("the time limit of %s was reached", lim.Time)
	case solve.ReasonDepth:
		return fmt.Sprintf("no win within the game's move cap of %d moves, and lines longer than it were cut", spec.MaxMoves)
	case solve.ReasonNoHooks:
		return "every state was searched, but the game has no canonical search key, so that is no proof of a loss"
	}
	return r.Reason
}

// formatDuration renders a duration rounded for people: "0.42 s", "12 ms".
func formatDuration(d time.Duration) string {
	if d < time.Second {
		return fmt.Sprintf("%.0f ms", float64(d)/float64(time.Millisecond))
	}
	return fmt.Sprintf("%.2f s", d.Seconds())
}

// WinnabilityOptions describe the winnability table of "pasyans solve
// --games".
type WinnabilityOptions struct {
	Games   []sim.GameConfig
	Deals   int64
	Seed    uint64
	Workers int
	Limits  solve.Limits
	// Check, when positive, re-proves every loss with solve.CheckLoss
	// within Check states a deal (sim.WinnabilityConfig.Check).
	Check int64
	// RowsFile, if set, receives one JSON line per deal.
	RowsFile string
	// Markdown prints the table as Markdown.
	Markdown bool
	// Out receives the table; Progress (nil for none) the progress lines.
	Out, Progress io.Writer
}

// Winnability solves the first Deals deals of each game — the deals of a
// tournament with the same seed — and prints the winnability table.
func Winnability(ctx context.Context, o WinnabilityOptions) ([]sim.WinnabilityRow, error) {
	rowsFile, err := CreateOutput(ctx, "--rows", o.RowsFile, o.Out)
	if err != nil {
		return nil, err
	}
	if rowsFile != nil {
		defer rowsFile.Abort()
	}
	cfg := sim.WinnabilityConfig{Games: o.Games, Deals: o.Deals, MasterSeed: o.Seed, Workers: o.Workers, Limits: o.Limits, Check: o.Check}
	var rowsOut *bufio.Writer
	if rowsFile != nil {
		// The rows are streamed to the file's temporary name as the deals
		// are solved, and the file is renamed into place once whole.
		rowsOut = bufio.NewWriter(rowsFile)
		enc := json.NewEncoder(rowsOut)
		cfg.Deal = func(game int, d sim.DealSolve) error {
			g := o.Games[game]
			opts, _ := g.Spec.ResolveOptions(g.Options)
			if err := enc.Encode(newSolveRow(g.Spec.ID, g.Spec.VariantString(opts), d)); err != nil {
				return fmt.Errorf("%s: %w", o.RowsFile, err)
			}
			return nil
		}
	}
	if o.Progress != nil {
		prog := &solveProgress{w: o.Progress, every: 10 * time.Second, last: time.Now()}
		cfg.Progress = prog.update
		cfg.GameDone = func(r sim.WinnabilityRow) {
			fmt.Fprintf(o.Progress, "solve: %s: %d deals, %d won, %d lost, %d undecided\n", r.Game, r.Deals, r.Won, r.Lost, r.Undecided)
		}
	}
	rows, err := sim.Winnability(ctx, cfg)
	if err != nil {
		return nil, err
	}
	if rowsFile != nil {
		if err := rowsOut.Flush(); err != nil {
			return nil, fmt.Errorf("%s: %w", o.RowsFile, err)
		}
		if err := rowsFile.Commit(); err != nil {
			return nil, err
		}
	}
	limit := ""
	if o.Limits.Time > 0 {
		limit = " and " + o.Limits.Time.String()
	}
	fmt.Fprintf(o.Out, "Solver on deals 0 … %d of each game (seed %d), budget %d nodes%s per deal:\n\n", o.Deals-1, o.Seed, o.Limits.Nodes, limit)
	if err := sim.WriteWinnability(o.Out, rows, o.Markdown); err != nil {
		return rows, err
	}
	if o.Check > 0 {
		fmt.Fprintf(o.Out, "\nIndependent check of the losses (plain exhaustive search, at most %d states a deal):\n", o.Check)
		for _, r := range rows {
			if r.Lost > 0 {
				fmt.Fprintf(o.Out, "%s: %d lost: %d agreed, 0 disagreed, %d out of budget\n", r.Game, r.Lost, r.Checked, r.OutOfBudget)
			}
		}
	}
	return rows, nil
}

// solveRow is one line of the --rows file.
type solveRow struct {
	Game      string  `json:"game"`
	Variant   string  `json:"variant"`
	DealIndex int64   `json:"deal_index"`
	DealSeed  uint64  `json:"deal_seed"`
	Outcome   string  `json:"outcome"`
	Reason    string  `json:"reason,omitempty"`
	Proof     string  `json:"proof,omitempty"`
	Stage     string  `json:"stage"`
	Moves     int     `json:"moves"`
	Check     string  `json:"check,omitempty"`
	Nodes     int64   `json:"nodes"`
	Seconds   float64 `json:"seconds"`
}

// newSolveRow returns the --rows line of one deal.
func newSolveRow(game, variant string, d sim.DealSolve) solveRow {
	return solveRow{Game: game, Variant: variant, DealIndex: d.Index, DealSeed: d.Seed,
		Outcome: d.Outcome.String(), Reason: d.Reason, Proof: d.Proof, Stage: d.Stage, Moves: d.Moves, Check: d.Check, Nodes: d.Nodes, Seconds: d.Time.Seconds()}
}

// solveProgress prints a progress line at most every interval.
type solveProgress struct {
	mu    sync.Mutex
	w     io.Writer
	every time.Duration
	last  time.Time
}

func (p *solveProgress) update(done, total int64) {
	p.mu.Lock()
	defer p.mu.Unlock()
	if done < total && time.Since(p.last) < p.every {
		return
	}
	p.last = time.Now()
	fmt.Fprintf(p.w, "solve: %d of %d deals\n", done, total)
}
