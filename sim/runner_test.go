package sim

import (
	"context"
	"errors"
	"fmt"
	"reflect"
	"sort"
	"strings"
	"sync"
	"testing"

	"github.com/pasyans/pasyans/engine"
)

// memSink is an in-memory Sink and Resumer: rows per partition, as a
// results writer would keep them in its files.
type memSink struct {
	mu     sync.Mutex
	lo     int64 // first deal index of the shard
	rows   map[string][]Result
	moves  map[string][]MoveRecord
	closed bool
}

func newMemSink(lo int64) *memSink {
	return &memSink{lo: lo, rows: map[string][]Result{}, moves: map[string][]MoveRecord{}}
}

func key(game, strategy string) string { return game + "/" + strategy }

func (s *memSink) WriteResults(rows []Result) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	for _, r := range rows {
		k := key(r.Game, r.Strategy)
		if p := s.rows[k]; len(p) > 0 && p[len(p)-1].DealIndex >= r.DealIndex {
			return fmt.Errorf("partition %s: deal %d after %d", k, r.DealIndex, p[len(p)-1].DealIndex)
		}
		s.rows[k] = append(s.rows[k], r)
	}
	return nil
}

func (s *memSink) WriteMoves(rows []MoveRecord) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	for _, r := range rows {
		k := key(r.Game, r.Strategy)
		s.moves[k] = append(s.moves[k], r)
	}
	return nil
}

func (s *memSink) Close() error { s.closed = true; return nil }

func (s *memSink) ResumePoint(game, strategy string) int64 {
	next := s.lo
	for _, r := range s.rows[key(game, strategy)] {
		if r.DealIndex != next {
			break
		}
		next++
	}
	return next
}

func (s *memSink) KeepBefore(game string, deal int64) {
	for k, rows := range s.rows {
		if len(rows) == 0 || rows[0].Game != game {
			continue
		}
		n := 0
		for _, r := range rows {
			if r.DealIndex < deal {
				rows[n] = r
				n++
			}
		}
		s.rows[k] = rows[:n]
	}
	for k, rows := range s.moves {
		if len(rows) == 0 || rows[0].Game != game {
			continue
		}
		n := 0
		for _, r := range rows {
			if r.DealIndex < deal {
				rows[n] = r
				n++
			}
		}
		s.moves[k] = rows[:n]
	}
}

// clone returns a deep copy, as the files of an interrupted run.
func (s *memSink) clone(lo int64) *memSink {
	c := newMemSink(lo)
	for k, v := range s.rows {
		c.rows[k] = append([]Result(nil), v...)
	}
	for k, v := range s.moves {
		c.moves[k] = append([]MoveRecord(nil), v...)
	}
	return c
}

func mustStrategies(t testing.TB, names ...string) []Strategy {
	t.Helper()
	var out []Strategy
	for _, n := range names {
		s, err := NewStrategy(n, nil)
		if err != nil {
			t.Fatal(err)
		}
		out = append(out, s)
	}
	return out
}

// toyConfig is a run over the toy game and, when they are implemented,
// the given catalog games.
func toyConfig(t testing.TB, deals int64, strategies ...string) Config {
	return Config{
		Games:      []GameConfig{{Spec: toySpec}, {Spec: toySpec5()}},
		Strategies: mustStrategies(t, strategies...),
		Deals:      deals,
		MasterSeed: 42,
		BatchSize:  7,
	}
}

// toySpec5 is a second toy game (ranks to 5) under another ID.
func toySpec5() *engine.Spec {
	return &engine.Spec{ID: "toy5", Decks: 1, Players: 1, MaxMoves: 300, Piles: toyPiles,
		Start: func(*engine.VariantReader) (engine.Dealer, error) {
			return func(pack []engine.Card) (engine.Game, error) { return &toy5{newToy(pack, 5)}, nil }, nil
		}}
}

type toy5 struct{ *toyGame }

func (g *toy5) ID() string         { return "toy5" }
func (g *toy5) Clone() engine.Game { return &toy5{g.toyGame.Clone().(*toyGame)} }

// CopyFrom makes g a copy of src when src is a toy5 game.
func (g *toy5) CopyFrom(src engine.Game) bool {
	s, ok := src.(*toy5)
	return ok && g.toyGame.CopyFrom(s.toyGame)
}

func runMem(t *testing.T, cfg Config, lo int64) (*memSink, *Summary) {
	t.Helper()
	s := newMemSink(lo)
	sum, err := Run(context.Background(), cfg, s)
	if err != nil {
		t.Fatal(err)
	}
	return s, sum
}

// shortDeals returns full, or short under go test -short (the race
// detector's run, see the Makefile's race target).
func shortDeals(full, short int64) int64 {
	if testing.Short() {
		return short
	}
	return full
}

func TestRunIdenticalForAnyWorkers(t *testing.T) {
	deals := shortDeals(150, 30)
	cfg := toyConfig(t, deals, "random", "greedy", "book", "lookahead")
	cfg.Trace = true
	cfg.Workers = 1
	one, sum1 := runMem(t, cfg, 0)
	for _, w := range []int{2, 5} {
		cfg.Workers = w
		many, sumW := runMem(t, cfg, 0)
		if !reflect.DeepEqual(one.rows, many.rows) {
			t.Fatalf("workers=%d: rows differ from workers=1", w)
		}
		if !reflect.DeepEqual(one.moves, many.moves) {
			t.Fatalf("workers=%d: move rows differ from workers=1", w)
		}
		if !reflect.DeepEqual(sum1.Tallies, sumW.Tallies) || !reflect.DeepEqual(sum1.Pairs, sumW.Pairs) {
			t.Fatalf("workers=%d: summary differs", w)
		}
	}
	if n := len(one.rows[key("toy", "greedy")]); n != int(deals) {
		t.Fatalf("got %d greedy rows, want %d", n, deals)
	}
	for k, rows := range one.rows {
		for i, r := range rows {
			if r.DealIndex != int64(i) {
				t.Fatalf("%s: row %d has deal %d", k, i, r.DealIndex)
			}
			if r.DealSeed != DealSeed(42, r.Game, r.DealIndex) {
				t.Fatalf("%s: wrong deal seed", k)
			}
			if r.CPUNanos != 0 {
				t.Fatalf("timing off but cpu_ns = %d", r.CPUNanos)
			}
		}
	}
	if len(one.moves[key("toy", "random")]) == 0 {
		t.Fatal("no move rows with Trace")
	}
}

func TestShardsEqualOneRun(t *testing.T) {
	cfg := toyConfig(t, 103, "random", "greedy")
	whole, _ := runMem(t, cfg, 0)
	merged := map[string][]Result{}
	const k = 4
	for i := 0; i < k; i++ {
		c := cfg
		c.ShardIndex, c.ShardCount = i, k
		c.Workers = i + 1
		lo, _ := ShardRange(cfg.Deals, i, k)
		part, _ := runMem(t, c, lo)
		for key, rows := range part.rows {
			merged[key] = append(merged[key], rows...)
		}
	}
	if !reflect.DeepEqual(whole.rows, merged) {
		t.Fatal("4 shards merged differ from one run")
	}
}

func TestShardRangeCovers(t *testing.T) {
	for _, n := range []int64{0, 1, 7, 100, 1000003} {
		for _, k := range []int{1, 2, 3, 4, 64} {
			var next int64
			for i := 0; i < k; i++ {
				lo, hi := ShardRange(n, i, k)
				if lo != next || hi < lo {
					t.Fatalf("n=%d k=%d shard %d: [%d,%d) after %d", n, k, i, lo, hi, next)
				}
				next = hi
			}
			if next != n {
				t.Fatalf("n=%d k=%d: shards end at %d", n, k, next)
			}
		}
	}
}

func TestResumeGivesSameRows(t *testing.T) {
	deals := shortDeals(120, 40)
	cfg := toyConfig(t, deals, "random", "greedy", "book")
	cfg.Trace = true
	cfg.Workers = 3
	want, _ := runMem(t, cfg, 0)

	// Units of progress are (game, deal) pairs: 2·deals in all.
	total := 2 * deals
	for _, stopAt := range []int64{1, total * 5 / 24, total * 13 / 24, total * 20 / 24} {
		ctx, cancel := context.WithCancel(context.Background())
		c := cfg
		c.Progress = func(done, total int64) {
			if done >= stopAt {
				cancel()
			}
		}
		first := newMemSink(0)
		_, err := Run(ctx, c, first)
		cancel()
		switch {
		case err == nil:
			// Everything was already played when the cancel came.
			if !reflect.DeepEqual(want.rows, first.rows) {
				t.Fatalf("stop at %d: run completed but rows differ", stopAt)
			}
		case !errors.Is(err, context.Canceled):
			t.Fatalf("stop at %d: err = %v, want context.Canceled", stopAt, err)
		}
		// Simulate a crash that also lost the last rows of one partition.
		interrupted := first.clone(0)
		if r := interrupted.rows[key("toy", "book")]; len(r) > 3 {
			interrupted.rows[key("toy", "book")] = r[:len(r)-3]
		}
		c.Resume = true
		c.Progress = nil
		sum, err := Run(context.Background(), c, interrupted)
		if err != nil {
			t.Fatal(err)
		}
		if !reflect.DeepEqual(want.rows, interrupted.rows) {
			t.Fatalf("stop at %d: resumed rows differ from an uninterrupted run", stopAt)
		}
		if !reflect.DeepEqual(want.moves, interrupted.moves) {
			t.Fatalf("stop at %d: resumed move rows differ", stopAt)
		}
		if sum.ResumedFrom == nil {
			t.Fatal("ResumedFrom not set")
		}
	}
}

func TestMoveCapGivesUnknown(t *testing.T) {
	spec := *toySpec
	spec.MaxMoves = 3
	cfg := Config{Games: []GameConfig{{Spec: &spec}}, Strategies: mustStrategies(t, "random"), Deals: 20, MasterSeed: 1}
	s, sum := runMem(t, cfg, 0)
	for _, r := range s.rows[key("toy", "random")] {
		if !r.MoveCapHit || r.Outcome != Unknown || r.Moves != 3 || r.Won {
			t.Fatalf("row %+v: want move cap hit, unknown, 3 moves", r)
		}
	}
	if sum.Tallies[0].Unknowns != 20 || sum.Tallies[0].MoveCapHits != 20 {
		t.Fatalf("summary %+v", sum.Tallies[0])
	}
}

func TestRunRejectsBadConfig(t *testing.T) {
	bad := []Config{
		{},
		{Games: []GameConfig{{Spec: toySpec}}},
		{Games: []GameConfig{{Spec: toySpec}}, Strategies: mustStrategies(t, "random", "random"), Deals: 1},
		{Games: []GameConfig{{Spec: toySpec}}, Strategies: mustStrategies(t, "random"), Deals: 1, ShardIndex: 2, ShardCount: 2},
		{Games: []GameConfig{{Spec: toySpec}}, Strategies: mustStrategies(t, "random"), Deals: 1, ShardIndex: 0, ShardCount: 1,
			Workers: 1, BatchSize: 1, MasterSeed: 0, Trace: false, Timing: false, Resume: false, Progress: nil},
	}
	bad[4].Games[0].Options = engine.Options{"nope": "x"}
	for i, c := range bad {
		if _, err := Run(context.Background(), c, newMemSink(0)); err == nil {
			t.Errorf("config %d: no error", i)
		}
	}
}

func TestTimingRecordsCPU(t *testing.T) {
	cfg := toyConfig(t, 10, "greedy")
	cfg.Timing = true
	s, _ := runMem(t, cfg, 0)
	var total int64
	for _, r := range s.rows[key("toy", "greedy")] {
		total += r.CPUNanos
	}
	if total <= 0 {
		t.Fatal("timing on but no cpu_ns recorded")
	}
}

func TestSummaryTable(t *testing.T) {
	cfg := toyConfig(t, 40, "random", "greedy")
	_, sum := runMem(t, cfg, 0)
	var b stringsBuilder
	if err := sum.WriteTable(&b); err != nil {
		t.Fatal(err)
	}
	out := b.String()
	for _, want := range []string{"95% Wilson", "McNemar", "toy5", "greedy"} {
		if !contains(out, want) {
			t.Fatalf("summary table lacks %q:\n%s", want, out)
		}
	}
	// Pair tallies sum to the deals.
	for _, p := range sum.Pairs {
		if p.Both+p.OnlyA+p.OnlyB+p.Neither != 40 {
			t.Fatalf("pair %+v does not sum to 40", p)
		}
	}
	keys := make([]string, 0)
	for _, tl := range sum.Tallies {
		keys = append(keys, tl.Game+"/"+tl.Strategy)
	}
	if !sort.StringsAreSorted([]string{keys[0], keys[2]}) {
		t.Fatalf("tally order %v", keys)
	}
}

// failingSink accepts `ok` result batches, then fails every write; it
// records the writes made after the first failure.
type failingSink struct {
	memSink
	ok, calls, afterFail int
}

func (s *failingSink) WriteResults(rows []Result) error {
	s.calls++
	if s.calls > s.ok+1 {
		s.afterFail++
	}
	if s.calls > s.ok {
		return errors.New("disk full")
	}
	return s.memSink.WriteResults(rows)
}

// TestRunStopsAtSinkError checks that a failing sink ends the run with its
// error and receives no further rows.
func TestRunStopsAtSinkError(t *testing.T) {
	cfg := toyConfig(t, 200, "random", "greedy")
	cfg.Workers = 3
	s := &failingSink{memSink: *newMemSink(0), ok: 2}
	_, err := Run(context.Background(), cfg, s)
	if err == nil || !strings.Contains(err.Error(), "disk full") {
		t.Fatalf("Run = %v, want the sink's error", err)
	}
	if s.afterFail != 0 {
		t.Errorf("%d writes after the sink failed", s.afterFail)
	}
}
