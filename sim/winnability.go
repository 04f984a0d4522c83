package sim

import (
	"context"
	"errors"
	"fmt"
	"io"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"text/tabwriter"
	"time"

	"github.com/pasyans/pasyans/engine"
	"github.com/pasyans/pasyans/sim/solve"
)

// WinnabilityConfig describes a winnability benchmark: the solver on the
// first Deals deals of each game, the deals of a tournament with the same
// master seed (DealSeed), so its counts are those of the solver strategy's
// rows.
type WinnabilityConfig struct {
	Games      []GameConfig
	Deals      int64
	MasterSeed uint64
	// Workers is the number of goroutines solving (≤ 0: GOMAXPROCS).
	// The counts do not depend on it; the times do (use one worker per
	// core, or one in all, for times per deal on one core).
	Workers int
	// Limits bound each deal's search (solve.Limits; zero values take
	// the defaults).
	Limits solve.Limits
	// Progress, if set, is called from one goroutine after each deal with
	// the number of deals solved and the total.
	Progress func(done, total int64)
	// Deal, if set, receives every deal's result as soon as it and every
	// deal before it are solved: in deal order, game by game (the order
	// of Games), from one goroutine at a time. An error it returns stops
	// the benchmark, which returns it. Results are streamed: the benchmark
	// holds only a window of deals solved ahead of the next one due,
	// whatever the number of deals.
	Deal func(game int, d DealSolve) error
	// GameDone, if set, is called from one goroutine with a game's row as
	// soon as all its deals are solved (games finish roughly in order).
	GameDone func(row WinnabilityRow)
	// Check, when positive, re-proves every deal the solver proves lost
	// with solve.CheckLoss, a plain exhaustive search within Check
	// distinct states a deal (DealSolve.Check). A check that finds a win
	// is an error: Winnability stops and returns it, naming the deal.
	Check int64
	// WallClock times deals by the wall clock. By default (false) a deal's
	// time is the CPU time of the thread that solved it (on Linux; the
	// wall clock elsewhere), which other work on a busy machine does not
	// inflate.
	WallClock bool
}

// DealSolve is the solver's result on one deal of a winnability benchmark.
type DealSolve struct {
	Index   int64
	Seed    uint64
	Outcome solve.Outcome
	Reason  string
	// Proof and Stage say how the deal was decided and which stage of
	// the search decided it or ran out (solve.Result's Proof and Phase).
	Proof, Stage string
	// Moves is the length of the winning line (won deals; 0 otherwise).
	Moves int
	// Check is the independent check's verdict on a lost deal
	// (WinnabilityConfig.Check): "agreed" or "out of budget"; "" when no
	// check was made. CheckStates is the states it expanded.
	Check       string
	CheckStates int64
	Nodes       int64
	// Time is the search's CPU time (see WinnabilityConfig.WallClock).
	Time time.Duration
}

// WinnabilityRow is one game's line of the winnability table.
type WinnabilityRow struct {
	Game    string
	Variant string
	// Deals, Won, Lost and Undecided count the deals.
	Deals, Won, Lost, Undecided int64
	// Reasons counts the undecided deals by reason (solve.Reason…).
	Reasons map[string]int64
	// Checked counts the losses the independent check re-proved
	// (WinnabilityConfig.Check) and OutOfBudget those it could not finish.
	Checked, OutOfBudget int64
	// WilsonLow and WilsonHigh are the 95 % Wilson interval of the share
	// won; BoundLow and BoundHigh the Solvitaire bounds on the share
	// winnable (SolvabilityBounds: undecided deals as lost, as won).
	WilsonLow, WilsonHigh float64
	BoundLow, BoundHigh   float64
	// MedianTime, P95Time and MaxTime are taken over the deals' search
	// times; Time is their sum.
	MedianTime, P95Time, MaxTime, Time time.Duration
	// Nodes is the number of states expanded over all deals.
	Nodes int64

	times []time.Duration // the deals' times, for the quantiles
}

// MaxWinnabilityDeals bounds WinnabilityConfig.Deals: the deal index and
// the job count stay far from overflow, and no run of that size ends.
const MaxWinnabilityDeals = 1 << 40

// Decided returns the share of deals won or proved lost.
func (r *WinnabilityRow) Decided() float64 {
	if r.Deals == 0 {
		return 0
	}
	return float64(r.Won+r.Lost) / float64(r.Deals)
}

// NodesPerSecond returns the nodes expanded per second of search.
func (r *WinnabilityRow) NodesPerSecond() float64 {
	if r.Time <= 0 {
		return 0
	}
	return float64(r.Nodes) / r.Time.Seconds()
}

// Winnability runs the solver on the first cfg.Deals deals of each game of
// cfg and returns one row per game, in the order of cfg.Games. The
// outcomes, reasons and node counts are the same for any number of
// workers; only the times vary. When ctx is cancelled it stops and returns
// ctx's error.
func Winnability(ctx context.Context, cfg WinnabilityConfig) ([]WinnabilityRow, error) {
	if len(cfg.Games) == 0 {
		return nil, errors.New("sim: no games")
	}
	if cfg.Deals <= 0 || cfg.Deals > MaxWinnabilityDeals {
		return nil, fmt.Errorf("sim: deals %d: want 1 … 2^40", cfg.Deals)
	}
	workers := cfg.Workers
	if workers <= 0 {
		workers = runtime.GOMAXPROCS(0)
	}
	rows := make([]WinnabilityRow, len(cfg.Games))
	setups := make([]*engine.Setup, len(cfg.Games))
	for i, gc := range cfg.Games {
		if gc.Spec == nil {
			return nil, fmt.Errorf("sim: game %d has no spec", i)
		}
		st, err := gc.Spec.Setup(gc.Options)
		if err != nil {
			return nil, fmt.Errorf("sim: %w", err)
		}
		setups[i] = st
		rows[i] = WinnabilityRow{Game: gc.Spec.ID, Variant: st.Variant(), Reasons: map[string]int64{}}
	}

	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	var (
		mu       sync.Mutex
		finished int64
		firstErr error
		next     atomic.Int64 // the next job: game next/Deals, deal next%Deals
		wg       sync.WaitGroup
	)
	total := int64(len(cfg.Games)) * cfg.Deals
	// Deals solved out of order wait in pending until every earlier one
	// is solved; a worker waits before taking a job more than window
	// jobs ahead of the next one due, so memory stays bounded.
	var (
		emitted int64 // jobs passed on in order
		pending = map[int64]DealSolve{}
		window  = int64(64 * workers)
		cond    = sync.NewCond(&mu)
	)
	go func() { // wake the waiting workers when the run stops
		<-ctx.Done()
		mu.Lock()
		cond.Broadcast()
		mu.Unlock()
	}()
	fail := func(err error) { // with mu held
		if firstErr == nil {
			firstErr = err
		}
		cancel()
	}
	// Each worker takes the next deal from a shared counter. A channel fed
	// by this goroutine cost a wake-up of the worker's locked thread per
	// deal, which on games solved in microseconds (Napoleon) was most of
	// the process's CPU time; the counter costs one atomic add. The order
	// deals are taken in does not matter: results are passed on in job
	// order.
	for w := 0; w < workers; w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			// The deal's time is the CPU time of the thread that solves
			// it, which a busy machine does not inflate as it does the
			// wall clock.
			runtime.LockOSThread()
			defer runtime.UnlockOSThread()
			s := solve.New(cfg.Limits)
			for ctx.Err() == nil {
				n := next.Add(1) - 1
				if n >= total {
					return
				}
				mu.Lock()
				for n >= emitted+window && ctx.Err() == nil {
					cond.Wait()
				}
				mu.Unlock()
				if ctx.Err() != nil {
					return
				}
				gi, deal := int(n/cfg.Deals), n%cfg.Deals
				st := setups[gi]
				seed := DealSeed(cfg.MasterSeed, st.Spec().ID, deal)
				g, err := st.New(seed)
				if err != nil {
					mu.Lock()
					if firstErr == nil {
						firstErr = fmt.Errorf("sim: game %s deal %d (seed %d): %w", st.Spec().ID, deal, seed, err)
					}
					mu.Unlock()
					cancel()
					return
				}
				t0, c0, cpu := time.Now(), time.Duration(0), false
				if !cfg.WallClock {
					c0, cpu = threadCPUTime()
				}
				r := s.Solve(ctx, g)
				d := time.Since(t0)
				if cpu {
					if c1, ok := threadCPUTime(); ok {
						d = c1 - c0
					}
				}
				ds := DealSolve{Index: deal, Seed: seed, Outcome: r.Outcome,
					Reason: r.Reason, Proof: r.Proof, Stage: r.Phase, Moves: len(r.Line), Nodes: r.Nodes, Time: d}
				if cfg.Check > 0 && r.Outcome == solve.Lost {
					c := solve.CheckLoss(ctx, g, cfg.Check)
					if c.Verdict == solve.CheckDisagreed {
						mu.Lock()
						if firstErr == nil {
							firstErr = fmt.Errorf("sim: game %s deal %d (seed %d): the solver proved a loss (%s), but the independent check found a win in %d moves",
								st.Spec().ID, deal, seed, r.Proof, len(c.Line))
						}
						mu.Unlock()
						cancel()
						return
					}
					if ctx.Err() != nil {
						return
					}
					ds.Check, ds.CheckStates = c.Verdict.String(), c.States
				}
				if ctx.Err() != nil {
					return // a search cut short is no result
				}
				mu.Lock()
				pending[n] = ds
				for {
					d, ok := pending[emitted]
					if !ok || firstErr != nil {
						break
					}
					delete(pending, emitted)
					gj := int(emitted / cfg.Deals)
					rows[gj].add(d)
					if cfg.Deal != nil {
						if err := cfg.Deal(gj, d); err != nil {
							fail(err)
							break
						}
					}
					emitted++
					if emitted%cfg.Deals == 0 {
						rows[gj].tally()
						if cfg.GameDone != nil {
							cfg.GameDone(rows[gj])
						}
					}
				}
				finished++
				if cfg.Progress != nil && firstErr == nil {
					cfg.Progress(finished, total)
				}
				cond.Broadcast()
				mu.Unlock()
			}
		}()
	}
	wg.Wait()
	if firstErr != nil {
		return nil, firstErr
	}
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	return rows, nil
}

// add counts one deal into the row.
func (r *WinnabilityRow) add(d DealSolve) {
	r.Deals++
	switch d.Outcome {
	case solve.Won:
		r.Won++
	case solve.Lost:
		r.Lost++
	default:
		r.Undecided++
		r.Reasons[d.Reason]++
	}
	switch d.Check {
	case solve.CheckAgreed.String():
		r.Checked++
	case solve.CheckOutOfBudget.String():
		r.OutOfBudget++
	}
	r.Nodes += d.Nodes
	r.Time += d.Time
	r.times = append(r.times, d.Time)
}

// tally fills the row's statistics from its deals' counts and times.
func (r *WinnabilityRow) tally() {
	r.WilsonLow, r.WilsonHigh = Wilson95(r.Won, r.Deals)
	r.BoundLow, r.BoundHigh = SolvabilityBounds(r.Won, r.Undecided, r.Deals)
	times := r.times
	r.times = nil
	slices.Sort(times)
	if n := len(times); n > 0 {
		r.MedianTime = (times[(n-1)/2] + times[n/2]) / 2
		r.P95Time = times[(n*95+99)/100-1] // the smallest time at or above 95 % of the deals
		r.MaxTime = times[n-1]
	}
}

// WriteWinnability prints the rows as an aligned text table, or as a
// Markdown table when markdown is true: per game the deals, won, lost and
// undecided (with the reasons), the share decided, the 95 % Wilson
// interval of the share won, the Solvitaire bounds on the share winnable,
// the median, 95th-percentile and longest search time per deal, and the
// nodes searched per second.
func WriteWinnability(w io.Writer, rows []WinnabilityRow, markdown bool) error {
	head := []string{"game", "deals", "won", "lost", "undecided", "decided", "won: 95% Wilson", "winnable: bounds", "median time", "p95 time", "max time", "nodes/s"}
	lines := [][]string{}
	for i := range rows {
		r := &rows[i]
		game := r.Game
		if r.Variant != "" {
			game += " [" + r.Variant + "]"
		}
		und := fmt.Sprint(r.Undecided)
		if len(r.Reasons) > 0 {
			var rs []string
			for k, n := range r.Reasons {
				rs = append(rs, fmt.Sprintf("%s %d", k, n))
			}
			slices.Sort(rs)
			und += " (" + strings.Join(rs, ", ") + ")"
		}
		lines = append(lines, []string{game, fmt.Sprint(r.Deals), fmt.Sprint(r.Won), fmt.Sprint(r.Lost), und,
			FormatPercent(r.Decided()),
			"[" + FormatPercent(r.WilsonLow) + ", " + FormatPercent(r.WilsonHigh) + "]",
			"[" + FormatPercent(r.BoundLow) + ", " + FormatPercent(r.BoundHigh) + "]",
			formatSeconds(r.MedianTime), formatSeconds(r.P95Time), formatSeconds(r.MaxTime),
			fmt.Sprintf("%.2f M", r.NodesPerSecond()/1e6)})
	}
	if markdown {
		b := &strings.Builder{}
		b.WriteString("| " + strings.Join(head, " | ") + " |\n|---|")
		b.WriteString(strings.Repeat("--:|", len(head)-1) + "\n")
		for _, l := range lines {
			b.WriteString("| " + strings.Join(l, " | ") + " |\n")
		}
		if _, err := io.WriteString(w, b.String()); err != nil {
			return fmt.Errorf("write winnability table: %w", err)
		}
		return nil
	}
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', tabwriter.AlignRight)
	fmt.Fprintln(tw, strings.Join(head, "\t")+"\t")
	for _, l := range lines {
		fmt.Fprintln(tw, strings.Join(l, "\t")+"\t")
	}
	if err := tw.Flush(); err != nil {
		return fmt.Errorf("write winnability table: %w", err)
	}
	return nil
}

// formatSeconds renders a duration with three significant digits, in
// seconds from one second up and in milliseconds below ("1.23 s",
// "45.6 ms", "0.0812 ms").
func formatSeconds(d time.Duration) string {
	s := d.Seconds()
	switch {
	case s >= 99.95:
		return fmt.Sprintf("%.0f s", s)
	case s >= 0.9995:
		return strconv.FormatFloat(s, 'g', 3, 64) + " s"
	case d == 0:
		return "0 ms"
	}
	return strconv.FormatFloat(s*1000, 'g', 3, 64) + " ms"
}
