package pipeline

import (
	"bytes"
	"context"
	"strings"
	"testing"

	"github.com/pasyans/pasyans/engine"
	"github.com/pasyans/pasyans/reports"
	"github.com/pasyans/pasyans/sim"
)

// TestPlayTracer plays deals through Play and checks that the log the
// tracer wrote replays to the same outcome, that the board shows every
// move, and that the extra tracer sees every move too.
func TestPlayTracer(t *testing.T) {
	for _, game := range []string{"napoleon", "salic-law", "red-and-black"} {
		spec, err := engine.Lookup(game)
		if err != nil {
			t.Fatal(err)
		}
		strat, err := sim.NewStrategy("greedy", nil)
		if err != nil {
			t.Fatal(err)
		}
		var log, board bytes.Buffer
		traced := 0
		res, err := Play(context.Background(), PlayOptions{Spec: spec, Seed: 7, Strategy: strat, Log: &log, Board: &board,
			Trace: func(int32, engine.Game, engine.Move, engine.RuleID) { traced++ }})
		if err != nil {
			t.Fatal(err)
		}
		rep, err := engine.Replay(&log)
		if err != nil {
			t.Fatalf("%s: the log does not replay: %v", game, err)
		}
		if rep.Moves != int(res.Moves) || rep.Won != (res.Outcome == sim.Won) || traced != int(res.Moves) {
			t.Errorf("%s: played %d moves (%s), log has %d (won %v), traced %d", game, res.Moves, res.Outcome, rep.Moves, rep.Won, traced)
		}
		if n := strings.Count(board.String(), "\n"+"1. "); res.Moves > 0 && n != 1 {
			t.Errorf("%s: board shows move 1 %d times", game, n)
		}
	}
}

// TestMetadataCarriesIdentity checks the one provenance builder: the
// identity's entries, the master seed and the catalog hash.
func TestMetadataCarriesIdentity(t *testing.T) {
	specs, _ := ParseGames("napoleon,salic-law")
	games, err := GameConfigs(specs, []string{"salic-law:king-fill=any-time"})
	if err != nil {
		t.Fatal(err)
	}
	strats, err := ParseStrategies("random,lookahead", []string{"lookahead:depth=3"})
	if err != nil {
		t.Fatal(err)
	}
	o := TournamentOptions{Games: games, Strategies: strats, Deals: 10, Seed: 5, Shard: sim.Shard{Index: 1, Count: 2}}
	id, err := o.Identity()
	if err != nil {
		t.Fatal(err)
	}
	m := Metadata(id, 1, "cmd")
	for k, want := range map[string]string{
		"games": "napoleon,salic-law", "variants": "salic-law:king-fill=any-time", "strategies": "random,lookahead",
		"shard": "1/2", "deals": "10", "run_id": id.Hash(),
	} {
		if m.Extra[k] != want {
			t.Errorf("extra %s = %q, want %q", k, m.Extra[k], want)
		}
	}
	if !strings.Contains(m.Extra["strategy_params"], `lookahead:{"depth":3`) || m.MasterSeed != 5 || m.CatalogHash != engine.CatalogHash() || m.Command != "cmd" {
		t.Errorf("metadata %+v", m)
	}
	if _, err := ParseStrategies("random,random", nil); err == nil {
		t.Error("a strategy named twice was accepted")
	}
	var _ reports.Metadata = m
}

// TestOneLine checks the bounds of an error line.
func TestOneLine(t *testing.T) {
	long := strings.Repeat("ж", 50_000)
	got := OneLine("--games " + long + ":\n unknown game")
	if len(got) > maxLine+10 || !strings.Contains(got, "(100001 bytes)") || strings.Contains(got, "\n") {
		t.Errorf("OneLine: %d bytes: %.200q", len(got), got)
	}
}
