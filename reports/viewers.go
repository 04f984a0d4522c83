package reports

import (
	"cmp"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"path/filepath"
	"slices"
	"strconv"
	"strings"

	"github.com/pasyans/pasyans/engine"
	"github.com/pasyans/pasyans/link"
	"github.com/pasyans/pasyans/reports/viewer"
	"github.com/pasyans/pasyans/sim"
)

// PassagesFromLinks groups the linked passages by rule ID, ordered as the
// rules dataset picks its text (numbered and heading links first, then by
// score), each distinct text once.
func PassagesFromLinks(links []link.Link) map[engine.RuleID][]viewer.Passage {
	byRule := map[engine.RuleID][]link.Link{}
	for _, l := range links {
		if l.Linked() {
			byRule[l.RuleID] = append(byRule[l.RuleID], l)
		}
	}
	out := make(map[engine.RuleID][]viewer.Passage, len(byRule))
	for id, ls := range byRule {
		sortLinks(ls)
		seen := map[string]bool{}
		for _, l := range ls {
			modern := strings.TrimSpace(l.Modern)
			if modern == "" || seen[modern] {
				continue
			}
			seen[modern] = true
			out[id] = append(out[id], viewer.Passage{
				Ref:    l.Doc + ":" + strconv.Itoa(l.Span.StartLine),
				Modern: modern, Original: strings.TrimSpace(l.Original),
			})
		}
	}
	return out
}

// sortLinks orders the links of one rule best first: numbered and heading
// links, then the highest score (stable).
func sortLinks(ls []link.Link) {
	methodRank := func(m link.Method) int {
		switch m {
		case link.MethodNumbered:
			return 0
		case link.MethodHeading:
			return 1
		}
		return 2
	}
	slices.SortStableFunc(ls, func(a, b link.Link) int {
		return cmp.Or(cmp.Compare(methodRank(a.Method), methodRank(b.Method)), cmp.Compare(b.Score, a.Score))
	})
}

// ViewerDir is the folder, beside the report, that holds the deal viewers
// "pasyans run" writes.
const ViewerDir = "viewers"

// DealViewer is one viewer file written by WriteDealViewers.
type DealViewer struct {
	Game     string
	Strategy string
	// Outcome is the results row's outcome (won, lost or unknown).
	Outcome   string
	DealIndex int64
	DealSeed  uint64
	Moves     int32
	// Path is the file's path relative to the report's folder, with
	// forward slashes (a link target).
	Path string
}

// DealViewerOptions configures WriteDealViewers.
type DealViewerOptions struct {
	// Dir is the report's folder; the files go to Dir/viewers.
	Dir string
	// ResultsDir is the results folder the deals are taken from.
	ResultsDir string
	// Summary picks each game's best strategy: the highest win rate among
	// the strategies that have rows in ResultsDir (the first in summary
	// order on ties).
	Summary *Summary
	// Passages are the rules' corpus passages (RulePassages).
	Passages map[engine.RuleID][]viewer.Passage
}

// WriteDealViewers writes, for each game of the summary, a viewer of the
// best strategy's first won deal and of its first lost deal (a deal with
// outcome unknown when none was lost), replaying each deal with the
// strategy as the tournament played it. A deal that does not replay to its
// row's outcome and move count is an error. It returns the files written,
// in game order, won before lost.
func WriteDealViewers(ctx context.Context, opt DealViewerOptions) ([]DealViewer, error) {
	parts, err := ListParts(datasetDir(opt.ResultsDir, DatasetResults))
	if err != nil {
		return nil, fmt.Errorf("deal viewers: %w", err)
	}
	type key struct{ game, strategy string }
	have := map[key]bool{}
	for _, p := range parts {
		have[key{p.Game, p.Strategy}] = true
	}
	// The best strategy of each game, then only its part files are read.
	games := summaryGames(opt.Summary)
	best := map[string]SummaryRow{}
	for _, r := range opt.Summary.Rows {
		if b, ok := best[r.Game]; have[key{r.Game, r.Strategy}] && (!ok || r.WinRate > b.WinRate) {
			best[r.Game] = r
		}
	}
	var chosen []PartFile
	for _, p := range parts {
		if b, ok := best[p.Game]; ok && b.Strategy == p.Strategy {
			chosen = append(chosen, p)
		}
	}
	type picks struct{ won, lost, unknown *sim.Result }
	found := map[string]*picks{}
	earlier := func(old *sim.Result, r sim.Result) *sim.Result {
		if old == nil || r.DealIndex < old.DealIndex {
			return &r
		}
		return old
	}
	err = readPartitioned(ctx, chosen, DatasetResults, func(r *sim.Result, game, strategy string) {
		r.Game, r.Strategy = game, strategy
	}, func(rows []sim.Result) error {
		for _, r := range rows {
			if r.Variant != best[r.Game].Variant {
				continue
			}
			p := found[r.Game]
			if p == nil {
				p = &picks{}
				found[r.Game] = p
			}
			switch r.Outcome {
			case sim.Won:
				p.won = earlier(p.won, r)
			case sim.Lost:
				p.lost = earlier(p.lost, r)
			default:
				p.unknown = earlier(p.unknown, r)
			}
		}
		return nil
	})
	if err != nil {
		return nil, fmt.Errorf("deal viewers: %w", err)
	}
	var out []DealViewer
	for _, game := range games {
		p := found[game]
		if p == nil {
			continue
		}
		lost := p.lost
		if lost == nil {
			lost = p.unknown
		}
		for _, pick := range []struct {
			row  *sim.Result
			name string
		}{{p.won, "won"}, {lost, "lost"}} {
			if pick.row == nil {
				continue
			}
			if err := ctx.Err(); err != nil {
				return out, err
			}
			rel := ViewerDir + "/" + game + "-" + pick.name + ".html"
			if err := writeDealViewer(filepath.Join(opt.Dir, filepath.FromSlash(rel)), *pick.row, opt.Passages); err != nil {
				return out, err
			}
			r := pick.row
			out = append(out, DealViewer{Game: r.Game, Strategy: r.Strategy, Outcome: string(r.Outcome), DealIndex: r.DealIndex,
				DealSeed: r.DealSeed, Moves: r.Moves, Path: rel})
		}
	}
	return out, nil
}

// writeDealViewer replays the deal of a results row with its strategy and
// writes the viewer to path.
func writeDealViewer(path string, r sim.Result, passages map[engine.RuleID][]viewer.Passage) error {
	fail := func(err error) error {
		return fmt.Errorf("deal viewer %s/%s deal %d: %w", r.Game, r.Strategy, r.DealIndex, err)
	}
	spec, err := engine.Lookup(r.Game)
	if err != nil {
		return fail(err)
	}
	opts, err := ParseVariant(r.Variant)
	if err != nil {
		return fail(err)
	}
	params, err := strategyParams(r.StrategyParams)
	if err != nil {
		return fail(err)
	}
	strat, err := sim.NewStrategy(r.Strategy, params)
	if err != nil {
		return fail(err)
	}
	moves, res, err := PlayTraced(spec, opts, r.DealSeed, strat)
	if err != nil {
		return fail(err)
	}
	if res.Outcome != r.Outcome || res.Moves != r.Moves {
		return fail(fmt.Errorf("replayed %s in %d moves, the row says %s in %d", res.Outcome, res.Moves, r.Outcome, r.Moves))
	}
	in := viewer.Input{Game: r.Game, Options: opts, Seed: r.DealSeed, Strategy: r.Strategy, Moves: moves, Passages: passages,
		Row: &viewer.Row{Game: r.Game, Strategy: r.Strategy, Variant: r.Variant, DealIndex: r.DealIndex, DealSeed: r.DealSeed,
			Outcome: string(r.Outcome), Moves: r.Moves}}
	return WriteFileAtomic(path, func(w io.Writer) error { return viewer.Write(w, in) })
}

// PlayTraced plays the deal of seed with strat as a tournament does
// (sim.Playout.PlayDeal, the player seeded with sim.StrategySeed, the
// game's move cap) and returns its moves with the advice that chose each.
func PlayTraced(spec *engine.Spec, opts engine.Options, seed uint64, strat sim.Strategy) ([]viewer.Move, sim.DealResult, error) {
	g, err := spec.New(seed, opts)
	if err != nil {
		return nil, sim.DealResult{}, err
	}
	var moves []viewer.Move
	var pl sim.Playout
	res, err := pl.PlayDeal(g, strat.NewPlayer(), sim.StrategySeed(seed, strat.Name()), spec.MaxMoves,
		func(_ int32, _ engine.Game, m engine.Move, advice engine.RuleID) {
			moves = append(moves, viewer.Move{Move: m, Advice: advice})
		})
	return moves, res, err
}

// ParseVariant reads a variant string of the datasets ("k=v,k=v", "" for
// the book's reading) back into options.
func ParseVariant(v string) (engine.Options, error) {
	opts := engine.Options{}
	if v == "" {
		return opts, nil
	}
	for _, kv := range strings.Split(v, ",") {
		k, val, ok := strings.Cut(kv, "=")
		if !ok || k == "" {
			return nil, fmt.Errorf("variant %q: %q is not k=v", v, kv)
		}
		opts[k] = val
	}
	return opts, nil
}

// strategyParams reads the canonical parameter JSON of a results row.
func strategyParams(js string) (map[string]string, error) {
	if js == "" || js == "{}" {
		return nil, nil
	}
	var raw map[string]any
	if err := json.Unmarshal([]byte(js), &raw); err != nil {
		return nil, fmt.Errorf("strategy parameters %s: %w", js, err)
	}
	out := make(map[string]string, len(raw))
	for k, v := range raw {
		switch x := v.(type) {
		case string:
			out[k] = x
		case float64:
			out[k] = strconv.FormatFloat(x, 'f', -1, 64)
		default:
			return nil, fmt.Errorf("strategy parameters %s: %s is not a string or a number", js, k)
		}
	}
	return out, nil
}
