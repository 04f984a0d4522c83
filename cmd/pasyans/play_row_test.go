package main

import (
	"context"
	"fmt"
	"path/filepath"
	"strings"
	"testing"

	"github.com/pasyans/pasyans/reports"
	"github.com/pasyans/pasyans/sim"
)

// TestPlayReproducesTournamentRows checks that "pasyans play GAME --seed
// <deal_seed> --strategy S" plays exactly the deal a tournament row records:
// same outcome, score and number of moves.
func TestPlayReproducesTournamentRows(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "t")
	code, _, errs := runPlayCLI(t, "tournament", "--games", "red-and-black,salic-law,windmill", "--strategies", "random,greedy,book",
		"--deals", "4", "--seed", "5", "--quiet", "--timing=false", "--out", dir)
	if code != 0 {
		t.Fatalf("tournament: exit %d: %s", code, errs)
	}
	n := 0
	err := reports.ReadResults(context.Background(), dir, func(rows []sim.Result) error {
		for _, r := range rows {
			n++
			code, out, errs := runPlayCLI(t, "play", r.Game, "--seed", fmt.Sprint(r.DealSeed), "--strategy", r.Strategy)
			if code != 0 {
				return fmt.Errorf("play %s %d: exit %d: %s", r.Game, r.DealSeed, code, errs)
			}
			want := fmt.Sprintf("%s seed %d: %s, score %d/", r.Game, r.DealSeed, r.Outcome, r.FoundationCards)
			wantMoves := fmt.Sprintf(", %d moves,", r.Moves)
			if !strings.Contains(out, want) || !strings.Contains(out, wantMoves) {
				t.Errorf("%s/%s deal %d: play printed %q, the tournament row says %s, %d cards, %d moves",
					r.Game, r.Strategy, r.DealIndex, strings.TrimSpace(out), r.Outcome, r.FoundationCards, r.Moves)
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if n != 3*3*4 {
		t.Fatalf("%d rows, want 36", n)
	}
}
