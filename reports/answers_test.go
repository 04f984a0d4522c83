package reports

import (
	"bytes"
	"regexp"
	"strings"
	"testing"

	"github.com/pasyans/pasyans/sim"
)

// row builds a summary row with its Wilson interval and bounds.
func row(game, strategy string, deals, wins, unknowns int64) SummaryRow {
	r := SummaryRow{Game: game, Strategy: strategy, Deals: deals, Wins: wins, Losses: deals - wins - unknowns, Unknowns: unknowns,
		Seed: "2026", FirstDeal: 0, LastDeal: deals - 1}
	r.WinRate = float64(wins) / float64(deals)
	r.WilsonLow, r.WilsonHigh = sim.Wilson95(wins, deals)
	r.BoundLow, r.BoundHigh = sim.SolvabilityBounds(wins, unknowns, deals)
	return r
}

func questions(as []Answer) []string {
	var qs []string
	for _, a := range as {
		qs = append(qs, a.Question)
	}
	return qs
}

// TestAnswersOnlyWhatTheRowsSupport: a question the rows cannot answer
// gets no sentence, and a difference is called significant only below
// the level.
func TestAnswersOnlyWhatTheRowsSupport(t *testing.T) {
	s := &Summary{
		Rows: []SummaryRow{row("napoleon", "greedy", 10000, 1000, 0), row("napoleon", "book", 10000, 900, 0),
			row("salic-law", "greedy", 10000, 2000, 0), row("salic-law", "book", 10000, 2010, 0)},
		Pairs: []PairRow{
			{Game: "napoleon", StrategyA: "greedy", StrategyB: "book", Deals: 10000, OnlyA: 300, OnlyB: 200, Diff: 0.01, McNemarP: 1e-5},
			{Game: "salic-law", StrategyA: "greedy", StrategyB: "book", Deals: 10000, OnlyA: 100, OnlyB: 110, Diff: -0.001, McNemarP: 0.5},
		},
	}
	as := Answers(s)
	if q := questions(as); len(q) != 1 || q[0] != "Does the book's advice help a simple player?" {
		t.Fatalf("questions %q, want only the simple player's (no solver, no planner rows)", q)
	}
	text := as[0].Text
	for _, want := range []string{"wins significantly fewer deals in 1 game (napoleon -1.00 pp, p = 1.00e-05)",
		"makes no significant difference in 1 game (salic-law)", "the same 10,000 deals per game"} {
		if !strings.Contains(text, want) {
			t.Errorf("answer %q lacks %q", text, want)
		}
	}
	if strings.Contains(text, "more deals") {
		t.Errorf("answer %q claims a gain the rows do not show", text)
	}

	// With the solver's rows (the reference) and a planner: how winnable,
	// and where the hidden pack makes a game hard; "close" needs enough
	// deals on both sides.
	s.Rows = append(s.Rows, row("napoleon", "planner", 50, 20, 0), row("salic-law", "planner", 50, 10, 0))
	s.Reference = &Summary{Rows: []SummaryRow{row("napoleon", "solver", 1000, 400, 0), row("salic-law", "solver", 1000, 926, 40)}}
	as = Answers(s)
	if q := questions(as); len(q) != 3 || q[0] != "How winnable is each game?" || q[2] != "Where does seeing the cards matter most?" {
		t.Fatalf("questions %q", q)
	}
	if !strings.Contains(as[0].Text, "every deal of 1 of the 2 games") || !strings.Contains(as[0].Text, "at least 92.60% in salic-law") {
		t.Errorf("winnability answer %q", as[0].Text)
	}
	hidden := as[2].Text
	if !strings.Contains(hidden, "In 1 game the best player") || !strings.Contains(hidden, "salic-law (solver ≥ 92.60%, book 20.10% of 10,000)") {
		t.Errorf("hidden answer %q", hidden)
	}
	if strings.Contains(hidden, "napoleon") {
		t.Errorf("hidden answer %q judges napoleon on 50 deals of the planner", hidden)
	}
}

var (
	figureRE  = regexp.MustCompile(`(?s)<figure>.*?</figure>`)
	dealNRE   = regexp.MustCompile(`n=([0-9,]+)`)
	dealSetRE = regexp.MustCompile(`class="dealsets note"`)
)

// TestChartsLabelDealSets fails when a chart compares rows of different
// deal sets without a label: every bar says its deals (n=…), and a chart
// whose bars rest on different deal counts carries the note that says so.
func TestChartsLabelDealSets(t *testing.T) {
	same := &Summary{Rows: []SummaryRow{row("napoleon", "greedy", 10000, 1000, 0), row("napoleon", "book", 10000, 900, 0)}}
	mixed := &Summary{Rows: []SummaryRow{row("napoleon", "greedy", 10000, 1000, 0), row("napoleon", "book", 10000, 900, 0),
		row("napoleon", "planner", 50, 20, 0)},
		Reference: &Summary{Rows: []SummaryRow{row("napoleon", "solver", 1000, 400, 0)}}}
	for name, s := range map[string]*Summary{"same": same, "mixed": mixed} {
		for range s.Rows {
			s.MoveCounts = append(s.MoveCounts, []int64{0, 5, 3})
		}
		if s.Reference != nil {
			s.Reference.MoveCounts = [][]int64{{0, 1}}
		}
		var b bytes.Buffer
		if err := WriteHTML(&b, s, HTMLOptions{}); err != nil {
			t.Fatal(err)
		}
		figs := figureRE.FindAllString(b.String(), -1)
		if len(figs) < 2 {
			t.Fatalf("%s: %d charts", name, len(figs))
		}
		noted := 0
		for _, f := range figs {
			if !strings.Contains(f, "win-rate") && !strings.Contains(f, "moves") {
				continue
			}
			ns := map[string]bool{}
			for _, m := range dealNRE.FindAllStringSubmatch(f, -1) {
				ns[m[1]] = true
			}
			if len(ns) == 0 {
				t.Errorf("%s: a chart without the deals of its bars:\n%.300s", name, f)
			}
			if len(ns) > 1 && !dealSetRE.MatchString(f) {
				t.Errorf("%s: a chart compares rows of %d deal sets without saying so:\n%.300s", name, len(ns), f)
			}
			if dealSetRE.MatchString(f) {
				noted++
			}
		}
		if name == "same" && noted > 0 {
			t.Errorf("same: %d charts say their bars rest on different deals", noted)
		}
		if name == "mixed" && noted != 2 {
			t.Errorf("mixed: %d charts note their deal sets, want 2 (win rate, moves)", noted)
		}
	}
}
