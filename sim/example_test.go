package sim_test

import (
	"context"
	"fmt"

	"github.com/pasyans/pasyans/engine"
	"github.com/pasyans/pasyans/sim"
)

// firstFoundation is a new strategy: it always plays a foundation move if
// there is one, otherwise the first legal move. A Strategy is immutable and
// makes one Player per goroutine; the Player holds the per-deal state (here
// none).
type firstFoundation struct{}

func (firstFoundation) Name() string          { return "first-foundation" }
func (firstFoundation) Params() string        { return "{}" }
func (firstFoundation) NewPlayer() sim.Player { return &firstFoundationPlayer{} }

type firstFoundationPlayer struct{}

func (*firstFoundationPlayer) Reset(engine.Game, uint64) {}

// Choose sees only the legal moves and the visible state — never the
// hidden cards — and names no advice.
func (*firstFoundationPlayer) Choose(_ engine.Game, legal []engine.Move) (int, engine.RuleID) {
	for i, m := range legal {
		if m.Kind == engine.MoveFoundation {
			return i, ""
		}
	}
	return 0, ""
}

// countingSink is the smallest Sink: it counts rows.
type countingSink struct{ results, won int }

func (s *countingSink) WriteResults(rows []sim.Result) error {
	for _, r := range rows {
		s.results++
		if r.Won {
			s.won++
		}
	}
	return nil
}
func (s *countingSink) WriteMoves([]sim.MoveRecord) error { return nil }
func (s *countingSink) Close() error                      { return nil }

// A new strategy plugs in by implementing sim.Strategy and sim.Player; it
// then plays tournaments beside the built-in ones.
func Example_newStrategy() {
	spec, err := engine.Lookup("red-and-black")
	if err != nil {
		fmt.Println(err)
		return
	}
	greedy, err := sim.NewStrategy("greedy", nil)
	if err != nil {
		fmt.Println(err)
		return
	}
	sink := &countingSink{}
	sum, err := sim.Run(context.Background(), sim.Config{
		Games:      []sim.GameConfig{{Spec: spec}},
		Strategies: []sim.Strategy{firstFoundation{}, greedy},
		Deals:      50,
		MasterSeed: 1,
	}, sink)
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println("rows:", sink.results)
	for _, t := range sum.Tallies {
		fmt.Printf("%s: %d deals\n", t.Strategy, t.Deals)
	}
	// Output:
	// rows: 100
	// first-foundation: 50 deals
	// greedy: 50 deals
}
