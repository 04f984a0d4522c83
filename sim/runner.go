package sim

import (
	"context"
	"errors"
	"fmt"
	"runtime"
	"time"

	"github.com/pasyans/pasyans/engine"
)

// GameConfig is one game of a run with its variant options.
type GameConfig struct {
	Spec *engine.Spec
	// Options are the variant options (nil for the book's reading); Run
	// resolves them with Spec.ResolveOptions.
	Options engine.Options
}

// Config describes a tournament run.
type Config struct {
	// Games and Strategies are played as a full cross: every strategy plays
	// every deal of every game (the paired design). Strategy names must be
	// distinct (they are partition keys).
	Games      []GameConfig
	Strategies []Strategy
	// Deals is the number of deals per game of the whole (unsharded) run.
	Deals int64
	// MasterSeed determines every deal through DealSeed.
	MasterSeed uint64
	// Workers is the number of goroutines playing (≤ 0: GOMAXPROCS).
	Workers int
	// ShardIndex and ShardCount select the deal range
	// ShardRange(Deals, ShardIndex, ShardCount); ShardCount 0 means 1.
	ShardIndex, ShardCount int
	// Trace asks for one MoveRecord per move (Sink.WriteMoves).
	Trace bool
	// Timing records Result.CPUNanos; off, rows are byte-reproducible.
	Timing bool
	// Resume continues an interrupted run: if the sink is a Resumer, each
	// game restarts at the smallest ResumePoint over the strategies, after
	// KeepBefore has kept the rows before it.
	Resume bool
	// BatchSize is the number of deals per unit of work (≤ 0: 64).
	BatchSize int
	// Progress, if set, is called from a single goroutine after rows are
	// delivered, with the number of (game, deal) units finished so far by
	// this invocation and the number it will play in all.
	Progress func(done, total int64)
}

// Resumer is implemented by sinks that can continue an interrupted run
// (reports.ResultsWriter opened with Resume).
type Resumer interface {
	// ResumePoint returns the first deal index of game and strategy not yet
	// present in the existing complete prefix of this shard's rows (the
	// shard's first index if there are none).
	ResumePoint(game, strategy string) int64
	// KeepBefore keeps the existing rows of game with deal index < deal and
	// drops the rest.
	KeepBefore(game string, deal int64)
}

// batch is a unit of work: deals [from, to) of one game.
type batch struct {
	seq      int
	game     int
	from, to int64
	done     int64 // deals completed (a cancelled batch is a prefix)
	rows     []Result
	moves    []MoveRecord
	err      error
}

// runGame is a game of the run, resolved.
type runGame struct {
	spec     *engine.Spec
	setup    *engine.Setup
	variant  string
	maxMoves int
	lo, hi   int64
}

// Run plays the tournament described by cfg and writes every row to sink
// (it does not Close the sink). Rows of each (game, strategy) arrive in
// increasing deal order and are identical for any number of workers; the
// work is split into batches, and a bounded reorder window delivers them in
// order, so memory does not grow with the number of deals.
//
// When ctx is cancelled, Run stops playing, delivers every finished row
// that continues the ordered prefix, and returns the summary so far with
// ctx.Err(). The summary covers the deals this invocation played.
func Run(ctx context.Context, cfg Config, sink Sink) (*Summary, error) {
	games, err := prepare(&cfg)
	if err != nil {
		return nil, err
	}
	names := make([]string, len(cfg.Strategies))
	for i, s := range cfg.Strategies {
		names[i] = s.Name()
	}
	ids := make([]string, len(games))
	variants := make([]string, len(games))
	for i, g := range games {
		ids[i], variants[i] = g.spec.ID, g.variant
	}
	sum := NewSummary(ids, variants, names)

	if cfg.Resume {
		if r, ok := sink.(Resumer); ok {
			sum.ResumedFrom = map[string]int64{}
			for i := range games {
				g := &games[i]
				start := g.hi
				for _, n := range names {
					start = min(start, max(r.ResumePoint(g.spec.ID, n), g.lo))
				}
				r.KeepBefore(g.spec.ID, start)
				sum.ResumedFrom[g.spec.ID] = start
				g.lo = start
			}
		}
	}

	var total int64
	for _, g := range games {
		total += g.hi - g.lo
	}
	if cfg.Progress != nil {
		cfg.Progress(0, total)
	}

	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	window := 4 * cfg.Workers
	tokens := make(chan struct{}, window)
	work := make(chan *batch)
	results := make(chan *batch, window)

	// Dispatcher: hands out batches in order (game by game, deal ranges
	// of BatchSize), generated on the fly, at most window ahead of
	// delivery.
	go func() {
		defer close(work)
		seq := 0
		for gi, g := range games {
			for from := g.lo; from < g.hi; from += int64(cfg.BatchSize) {
				select {
				case tokens <- struct{}{}:
				case <-ctx.Done():
					return
				}
				b := &batch{seq: seq, game: gi, from: from, to: min(from+int64(cfg.BatchSize), g.hi)}
				seq++
				select {
				case work <- b:
				case <-ctx.Done():
					return
				}
			}
		}
	}()
	// Workers.
	workersDone := make(chan struct{})
	for w := 0; w < cfg.Workers; w++ {
		go func() {
			defer func() { workersDone <- struct{}{} }()
			wk := newWorker(&cfg, games)
			wk.pl.Ctx = ctx
			for b := range work {
				wk.play(ctx, b)
				results <- b
			}
		}()
	}
	go func() {
		for w := 0; w < cfg.Workers; w++ {
			<-workersDone
		}
		close(results)
	}()

	// Collector: deliver in sequence order.
	pending := make(map[int]*batch, window)
	next := 0
	var done int64
	var runErr error
	stopped := false // a gap or a partial batch ends delivery
	for b := range results {
		if stopped {
			continue
		}
		if b.err != nil && runErr == nil {
			runErr = b.err
			cancel()
		}
		pending[b.seq] = b
		for !stopped {
			nb, ok := pending[next]
			if !ok {
				break
			}
			delete(pending, next)
			next++
			if len(nb.rows) > 0 {
				// A sink that failed gets no further rows.
				fail := func(err error) {
					if runErr == nil {
						runErr = err
						cancel()
					}
					stopped = true
				}
				if err := sink.WriteResults(nb.rows); err != nil {
					fail(fmt.Errorf("write results: %w", err))
				} else {
					if cfg.Trace && len(nb.moves) > 0 {
						if err := sink.WriteMoves(nb.moves); err != nil {
							fail(fmt.Errorf("write moves: %w", err))
						}
					}
					s := len(names)
					for k := 0; k+s <= len(nb.rows); k += s {
						sum.addDeal(nb.game, nb.rows[k:k+s])
					}
				}
			}
			done += nb.done
			if cfg.Progress != nil {
				cfg.Progress(done, total)
			}
			if nb.done < nb.to-nb.from || nb.err != nil {
				stopped = true
			}
			<-tokens
		}
	}
	if runErr != nil {
		return sum, runErr
	}
	if err := context.Cause(ctx); err != nil && done < total {
		if errors.Is(err, context.Canceled) || errors.Is(err, context.DeadlineExceeded) {
			return sum, err
		}
		return sum, fmt.Errorf("tournament stopped: %w", err)
	}
	return sum, nil
}

// prepare validates cfg, fills defaults and resolves the games.
func prepare(cfg *Config) ([]runGame, error) {
	if len(cfg.Games) == 0 {
		return nil, errors.New("sim: no games")
	}
	if len(cfg.Strategies) == 0 {
		return nil, errors.New("sim: no strategies")
	}
	if cfg.Deals < 0 {
		return nil, fmt.Errorf("sim: deals %d < 0", cfg.Deals)
	}
	seen := map[string]bool{}
	for _, s := range cfg.Strategies {
		if seen[s.Name()] {
			return nil, fmt.Errorf("sim: strategy %q listed twice", s.Name())
		}
		seen[s.Name()] = true
	}
	if cfg.ShardCount == 0 {
		cfg.ShardCount = 1
	}
	if cfg.ShardCount < 0 || cfg.ShardIndex < 0 || cfg.ShardIndex >= cfg.ShardCount {
		return nil, fmt.Errorf("sim: shard index %d out of range for count %d", cfg.ShardIndex, cfg.ShardCount)
	}
	if cfg.Workers <= 0 {
		cfg.Workers = runtime.GOMAXPROCS(0)
	}
	if cfg.BatchSize <= 0 {
		cfg.BatchSize = 64
	}
	lo, hi := ShardRange(cfg.Deals, cfg.ShardIndex, cfg.ShardCount)
	games := make([]runGame, len(cfg.Games))
	ids := map[string]bool{}
	for i, gc := range cfg.Games {
		if gc.Spec == nil {
			return nil, fmt.Errorf("sim: game %d has no spec", i)
		}
		if ids[gc.Spec.ID] {
			return nil, fmt.Errorf("sim: game %q listed twice", gc.Spec.ID)
		}
		ids[gc.Spec.ID] = true
		setup, err := gc.Spec.Setup(gc.Options)
		if err != nil {
			return nil, fmt.Errorf("sim: %w", err)
		}
		// Deal one game to catch a game that cannot start before any work.
		if _, err := setup.New(DealSeed(cfg.MasterSeed, gc.Spec.ID, lo)); err != nil {
			return nil, fmt.Errorf("sim: game %s: %w", gc.Spec.ID, err)
		}
		mm := gc.Spec.MaxMoves
		if mm <= 0 {
			mm = DefaultMaxMoves
		}
		games[i] = runGame{spec: gc.Spec, setup: setup, variant: setup.Variant(), maxMoves: mm, lo: lo, hi: hi}
	}
	return games, nil
}

// worker is one goroutine's players and buffers.
type worker struct {
	cfg     *Config
	games   []runGame
	players []Player
	params  []string
	names   []string
	pl      Playout
	copies  []scratch     // per player but the last: its copy of the deal
	bases   []engine.Game // per game: the game redealt for each deal (engine.Redealer)
	pack    [engine.MaxDecks * engine.CardsPerDeck]engine.Card
	piles   [][]string // pile names per game, computed on first use
	cur     *batch
	curGame int
	curDeal int64
	curStr  int
	tracer  Tracer
}

func newWorker(cfg *Config, games []runGame) *worker {
	w := &worker{cfg: cfg, games: games, piles: make([][]string, len(games)), bases: make([]engine.Game, len(games))}
	for _, s := range cfg.Strategies {
		w.players = append(w.players, s.NewPlayer())
		w.params = append(w.params, s.Params())
		w.names = append(w.names, s.Name())
	}
	w.copies = make([]scratch, len(w.players))
	if cfg.Trace {
		w.tracer = w.trace
	}
	return w
}

// play plays batch b, stopping early (with b.done < b.to-b.from) if ctx is
// cancelled.
func (w *worker) play(ctx context.Context, b *batch) {
	g := &w.games[b.game]
	ns := len(w.players)
	b.rows = make([]Result, 0, int(b.to-b.from)*ns)
	w.cur, w.curGame = b, b.game
	for d := b.from; d < b.to; d++ {
		if ctx.Err() != nil {
			return
		}
		seed := DealSeed(w.cfg.MasterSeed, g.spec.ID, d)
		traced := len(b.moves) // trace rows before this deal
		base, err := w.deal(b.game, seed)
		if err != nil {
			b.err = fmt.Errorf("game %s deal %d (seed %d): %w", g.spec.ID, d, seed, err)
			return
		}
		for k, p := range w.players {
			game := base
			if k < ns-1 {
				game = w.copies[k].copyOf(base)
			}
			w.curDeal, w.curStr = d, k
			var t0 time.Time
			if w.cfg.Timing {
				t0 = time.Now()
			}
			res, err := w.pl.PlayDeal(game, p, StrategySeed(seed, w.names[k]), g.maxMoves, w.tracer)
			if err != nil {
				b.err = fmt.Errorf("strategy %s, deal %d (seed %d): %w", w.names[k], d, seed, err)
				// Keep only whole deals: drop this deal's rows and trace.
				b.rows = b.rows[:int(d-b.from)*ns]
				b.moves = b.moves[:traced]
				return
			}
			r := Result{
				Game: g.spec.ID, Strategy: w.names[k], Variant: g.variant, StrategyParams: w.params[k],
				DealIndex: d, DealSeed: seed, Outcome: res.Outcome, Won: res.Outcome == Won,
				Moves: res.Moves, FoundationCards: res.FoundationCards, Redeals: res.Redeals,
				MoveCapHit: res.MoveCapHit, SolverNodes: res.SolverNodes, Proof: res.Proof, Stage: res.Stage,
				Advice: w.pl.AdviceCounts(),
			}
			if w.cfg.Timing {
				r.CPUNanos = time.Since(t0).Nanoseconds()
			}
			b.rows = append(b.rows, r)
		}
		if ctx.Err() != nil {
			// A search cut short by the cancellation may have given a
			// row that an uninterrupted run would not: drop the deal.
			b.rows = b.rows[:int(d-b.from)*ns]
			b.moves = b.moves[:traced]
			return
		}
		b.done++
	}
}

// deal returns game gi started on the deal of seed: the worker's game of
// gi redealt in place (engine.Redealer), so that a deal allocates nothing,
// or a new one from the game's Setup.
func (w *worker) deal(gi int, seed uint64) (engine.Game, error) {
	g := &w.games[gi]
	if rd, ok := w.bases[gi].(engine.Redealer); ok {
		if err := rd.Redeal(engine.DealInto(w.pack[:0], g.spec.Decks, seed)); err != nil {
			w.bases[gi] = nil // its state is undefined now
			return nil, err
		}
		return w.bases[gi], nil
	}
	base, err := g.setup.New(seed)
	if err == nil {
		w.bases[gi] = base
	}
	return base, err
}

// trace records one move of the current deal.
func (w *worker) trace(ply int32, g engine.Game, m engine.Move, advice engine.RuleID) {
	names := w.piles[w.curGame]
	if names == nil || len(names) != g.NumPiles() {
		names = make([]string, g.NumPiles())
		for i := range names {
			names[i] = g.PileName(i)
		}
		w.piles[w.curGame] = names
	}
	pile := func(i uint8) string {
		if int(i) < len(names) {
			return names[i]
		}
		return fmt.Sprintf("pile(%d)", i)
	}
	card := m.Card.String()
	if m.Card2 != engine.NoCard {
		card += "+" + m.Card2.String()
	}
	w.cur.moves = append(w.cur.moves, MoveRecord{
		Game: w.games[w.curGame].spec.ID, Strategy: w.names[w.curStr], DealIndex: w.curDeal, Ply: ply,
		Kind: m.Kind.String(), Rule: string(m.Rule), From: pile(m.From), To: pile(m.To), Card: card, Advice: string(advice),
	})
}
