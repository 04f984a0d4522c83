package sim

import (
	"reflect"
	"testing"

	"github.com/pasyans/pasyans/engine"
)

// plannerTestConfig plays the planners with few samples and short
// rollouts on games that exercise each of their paths: rollouts
// (salic-law, british-constitution), the solver's line on an open layout
// (napoleon) and the Zodiac's layout plan.
func plannerTestConfig(t testing.TB, deals int64) Config {
	t.Helper()
	var games []GameConfig
	for _, id := range []string{"salic-law", "british-constitution", "napoleon", "zodiac"} {
		s, err := engine.Lookup(id)
		if err != nil {
			t.Fatal(err)
		}
		games = append(games, GameConfig{Spec: s})
	}
	var strategies []Strategy
	for _, name := range []string{"planner", "planner-book"} {
		st, err := NewStrategy(name, map[string]string{"samples": "2", "horizon": "25", "nodes": "5000"})
		if err != nil {
			t.Fatal(err)
		}
		strategies = append(strategies, st)
	}
	return Config{Games: games, Strategies: strategies, Deals: deals, MasterSeed: 2026, BatchSize: 3, Trace: true}
}

// TestPlannerIdenticalForAnyWorkers checks that the planners' rows and
// traced moves do not depend on the worker count or the shard layout: all
// their randomness comes from the deal's strategy seed.
func TestPlannerIdenticalForAnyWorkers(t *testing.T) {
	deals := shortDeals(6, 2)
	cfg := plannerTestConfig(t, deals)
	cfg.Workers = 1
	one, _ := runMem(t, cfg, 0)
	cfg.Workers = 3
	many, _ := runMem(t, cfg, 0)
	if !reflect.DeepEqual(one.rows, many.rows) || !reflect.DeepEqual(one.moves, many.moves) {
		t.Fatal("workers=3: rows differ from workers=1")
	}
	merged := map[string][]Result{}
	const k = 2
	for i := 0; i < k; i++ {
		c := cfg
		c.ShardIndex, c.ShardCount, c.Workers = i, k, 2
		lo, _ := ShardRange(cfg.Deals, i, k)
		part, _ := runMem(t, c, lo)
		for key, rows := range part.rows {
			merged[key] = append(merged[key], rows...)
		}
	}
	if !reflect.DeepEqual(one.rows, merged) {
		t.Fatal("2 shards merged differ from one run")
	}
	advice := 0
	for k, rows := range one.rows {
		if len(rows) != int(deals) {
			t.Fatalf("%s: %d rows, want %d", k, len(rows), deals)
		}
		for _, r := range rows {
			if r.Strategy == "planner" && len(r.Advice) > 0 {
				t.Fatalf("%s: planner names advice", k)
			}
			advice += len(r.Advice)
		}
	}
	if advice == 0 {
		t.Error("planner-book named no advice")
	}
}

// playPlanner plays deals of game with a planner of the given parameters
// and returns the deals won; visit, if set, sees the player after each
// deal.
func playPlanner(t *testing.T, game string, params map[string]string, deals int, visit func(p *plannerPlayer, won bool)) int {
	t.Helper()
	st, err := NewStrategy("planner", params)
	if err != nil {
		t.Fatal(err)
	}
	p := st.NewPlayer()
	return playDeals(t, game, "planner", p, deals, func(won bool) {
		if visit != nil {
			visit(p.(*plannerPlayer), won)
		}
	})
}

// playGreedy plays the same deals with greedy and returns the deals won.
func playGreedy(t *testing.T, game string, deals int) int {
	t.Helper()
	return playDeals(t, game, "greedy", newGreedyPlayer(), deals, nil)
}

// playDeals plays the first deals of game (seed 2026) with p, seeded as
// the tournament seeds strategy, and returns the deals won; after, if
// set, is told each outcome.
func playDeals(t *testing.T, game, strategy string, p Player, deals int, after func(won bool)) int {
	t.Helper()
	spec, err := engine.Lookup(game)
	if err != nil {
		t.Fatal(err)
	}
	var pl Playout
	wins := 0
	for d := 0; d < deals; d++ {
		seed := DealSeed(2026, game, int64(d))
		g, err := spec.New(seed, nil)
		if err != nil {
			t.Fatal(err)
		}
		r, err := pl.PlayDeal(g, p, StrategySeed(seed, strategy), 0, nil)
		if err != nil {
			t.Fatal(err)
		}
		if r.Outcome == Won {
			wins++
		}
		if after != nil {
			after(r.Outcome == Won)
		}
	}
	return wins
}

// TestPlannerWinRate is a regression test of the planner's strength on
// fixed deals (seed 2026, the first deals of the tournament): Napoleon,
// where the open layout is played on the solver's line, and Salic Law,
// played by rollouts (4 samples). The ranges are the measured counts (16
// of 40 and 19 of 40; 8 of the first 15 Salic Law deals under -short) with
// some room; the planner must also win more of the same deals than greedy.
func TestPlannerWinRate(t *testing.T) {
	for _, c := range []struct {
		game   string
		params map[string]string
		deals  int
		lo, hi int
	}{
		{"napoleon", nil, 40, 13, 20},
		{"salic-law", map[string]string{"samples": "4"}, 40, 15, 24},
	} {
		if testing.Short() && c.game == "salic-law" {
			c.deals, c.lo, c.hi = 15, 5, 11
		}
		wins := playPlanner(t, c.game, c.params, c.deals, nil)
		greedy := playGreedy(t, c.game, c.deals)
		t.Logf("%s: planner won %d of %d deals, greedy %d", c.game, wins, c.deals, greedy)
		if wins < c.lo || wins > c.hi {
			t.Errorf("%s: planner won %d of %d deals, want %d…%d", c.game, wins, c.deals, c.lo, c.hi)
		}
		if wins <= greedy {
			t.Errorf("%s: planner won %d of %d deals, greedy %d", c.game, wins, c.deals, greedy)
		}
	}
}

// TestPlannerZodiacLayout checks the argument of layoutPlan: once the
// planner has a layout from a won sample, it builds that layout whatever
// order the real pack comes in and wins the deal.
func TestPlannerZodiacLayout(t *testing.T) {
	made, won := 0, 0
	playPlanner(t, "zodiac", map[string]string{"samples": "1"}, int(shortDeals(12, 4)), func(p *plannerPlayer, w bool) {
		if !p.layout.made {
			return
		}
		made++
		if w {
			won++
		}
	})
	if made == 0 {
		t.Fatal("no layout plan was made")
	}
	if won != made {
		t.Fatalf("%d layout plans made, %d deals won", made, won)
	}
}
