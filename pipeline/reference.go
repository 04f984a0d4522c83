package pipeline

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"

	"github.com/pasyans/pasyans/reports"
)

// LoadReference reads a winnability atlas — a complete results folder of
// the solver's rows, such as docs/atlas, made by
//
//	pasyans tournament --games all --strategies solver --deals 1000 --seed 2026 --out DIR
//
// — for a report to draw beside a run as every game's reference. It
// refuses a folder that is not one complete run (reports.Verify) or that
// holds rows of another strategy. The note says what the atlas is: its
// deals, seed, node budget, date and build.
func LoadReference(ctx context.Context, dir string) (*reports.Summary, string, error) {
	v, err := reports.Verify(ctx, dir)
	if err != nil {
		return nil, "", fmt.Errorf("reference %s: %w", dir, err)
	}
	if !v.Complete {
		return nil, "", fmt.Errorf("reference %s: not one complete run: %s", dir, strings.Join(v.Problems, "; "))
	}
	rf, _, err := reports.ReadRunFile(dir)
	if err != nil {
		return nil, "", fmt.Errorf("reference: %w", err)
	}
	s, err := reports.Summarize(ctx, dir)
	if err != nil {
		return nil, "", fmt.Errorf("reference %s: %w", dir, err)
	}
	nodes := ""
	for _, r := range s.Rows {
		if r.Strategy != "solver" {
			return nil, "", fmt.Errorf("reference %s: rows of strategy %q: a winnability atlas holds the solver's rows only", dir, r.Strategy)
		}
		var p struct {
			Nodes int64 `json:"nodes"`
		}
		if json.Unmarshal([]byte(r.StrategyParams), &p) == nil && p.Nodes > 0 {
			nodes = fmt.Sprintf("%d", p.Nodes)
		}
	}
	note := fmt.Sprintf("the solver on the first %d deals of every game (seed %d)", rf.Identity.Deals, rf.Identity.MasterSeed)
	if nodes != "" {
		note += ", " + nodes + " nodes per deal"
	}
	if !rf.Created.IsZero() {
		note += ", made " + rf.Created.UTC().Format("2006-01-02")
	}
	if rf.Version != "" {
		note += " by pasyans " + rf.Version
	}
	return s, note + " (" + dir + ")", nil
}
