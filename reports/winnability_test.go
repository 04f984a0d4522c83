package reports

import (
	"bytes"
	"strings"
	"testing"
)

// TestSolverBoundsShown checks that the win-rate chart draws the share of
// unknown outcomes beyond the share won (the range between the lower and
// upper bound of the share winnable), only where there are unknowns, and
// that both report formats carry the solver's winnability table.
func TestSolverBoundsShown(t *testing.T) {
	s := &Summary{Rows: []SummaryRow{
		{Game: "napoleon", Strategy: "greedy", Deals: 1000, Wins: 200, Losses: 800, WinRate: 0.2, WilsonLow: 0.176, WilsonHigh: 0.226, BoundLow: 0.176, BoundHigh: 0.226},
		{Game: "napoleon", Strategy: "solver", Deals: 1000, Wins: 400, Losses: 600, WinRate: 0.4, WilsonLow: 0.37, WilsonHigh: 0.43, BoundLow: 0.37, BoundHigh: 0.43},
		{Game: "shah", Strategy: "solver", Deals: 1000, Wins: 300, Losses: 500, Unknowns: 200, WinRate: 0.3, WilsonLow: 0.27, WilsonHigh: 0.33, BoundLow: 0.27, BoundHigh: 0.53},
	}}
	var chart bytes.Buffer
	writeWinRateChart(&chart, s, "napoleon", newPalette(s))
	if strings.Contains(chart.String(), `class="unknown"`) || strings.Contains(chart.String(), `class="bounds"`) {
		t.Error("napoleon: every deal decided, yet the chart draws unknowns or bounds")
	}
	chart.Reset()
	writeWinRateChart(&chart, s, "shah", newPalette(s))
	c := chart.String()
	for _, want := range []string{`class="unknown"`, `class="bounds"`, "200 unknown of 1000 deals", "30.00%–50.00%"} {
		if !strings.Contains(c, want) {
			t.Errorf("shah chart lacks %q:\n%s", want, c)
		}
	}
	var h, md bytes.Buffer
	writeWinnabilityTable(&h, s)
	if !strings.Contains(h.String(), "<td>shah</td><td>default</td><td>this run</td><td class=\"n\">1,000 deals</td><td class=\"n\">300</td><td class=\"n\">500</td><td class=\"n\">200</td><td class=\"n decided\">80.00%</td><td class=\"n\">27.00% – 53.00%</td>") {
		t.Errorf("HTML winnability table:\n%s", h.String())
	}
	if strings.Count(h.String(), "<tr><td>") != 2 {
		t.Errorf("HTML winnability table: want the two solver rows only:\n%s", h.String())
	}
	if err := WriteMarkdown(&md, s); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(md.String(), "| shah | default | this run | 1,000 deals | 300 | 500 | 200 | 80.00% | 27.00% – 53.00% |") {
		t.Errorf("Markdown winnability table:\n%s", md.String())
	}
}
