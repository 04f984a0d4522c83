package reports

import (
	"bufio"
	"cmp"
	"fmt"
	"html"
	"io"
	"math"
	"slices"
	"strconv"
	"strings"
)

// strategyColors are the chart colours of the built-in strategies; other
// strategies take extraColors in order of appearance.
var strategyColors = map[string]string{
	"random": "#7f7f7f", "greedy": "#1f77b4", "book": "#d62728", "lookahead": "#2ca02c", "solver": "#9467bd",
}

var extraColors = [...]string{"#ff7f0e", "#17becf", "#8c564b", "#e377c2", "#bcbd22"}

// palette assigns colours to strategies.
type palette map[string]string

func newPalette(s *Summary) palette {
	p := palette{}
	n := 0
	rows := s.Rows
	if s.Reference != nil {
		rows = append(slices.Clip(rows), s.Reference.Rows...)
	}
	for _, r := range rows {
		if _, ok := p[r.Strategy]; ok {
			continue
		}
		if c, ok := strategyColors[r.Strategy]; ok {
			p[r.Strategy] = c
		} else {
			p[r.Strategy] = extraColors[n%len(extraColors)]
			n++
		}
	}
	return p
}

const htmlStyle = `
body{font-family:"DejaVu Sans",Arial,Helvetica,sans-serif;margin:0 auto;max-width:1300px;padding:12px 24px;color:#222;background:#fff}
h1{font-size:26px;margin:8px 0}h2{font-size:21px;border-bottom:2px solid #ddd;padding-bottom:4px;margin-top:36px}
h3{font-size:16px;margin:18px 0 6px}
ul.prov{margin:4px 0 12px;padding-left:20px;color:#444;font-size:14px}
.grid{display:flex;flex-wrap:wrap;gap:12px 24px}
figure{margin:0;padding:8px;border:1px solid #e3e3e3;border-radius:6px;background:#fcfcfc}
figcaption{font-weight:bold;font-size:14px;margin-bottom:4px}
table{border-collapse:collapse;font-size:13px;margin:10px 0}
th,td{border:1px solid #ddd;padding:3px 7px;vertical-align:top}
th{background:#f0f0f0}td.n{text-align:right;font-variant-numeric:tabular-nums;white-space:nowrap}
.rules td.id{white-space:nowrap;font-family:"DejaVu Sans Mono",monospace}
.rules td.txt{max-width:760px}
.summary{color:#555;font-style:italic}
dl.answers{margin:6px 0;font-size:14px}dl.answers dt{font-weight:bold;margin-top:6px}dl.answers dd{margin:2px 0 0 18px}
.dealsets{margin:0 0 4px;max-width:530px}
.winnability-table{font-size:12px;margin:6px 0}.winnability-table td,.winnability-table th{padding:1px 6px}
#answers h2,#winnability h2{margin-top:14px}#winnability p.note{margin:4px 0}
.note{color:#555;font-size:13px}
.legend span{display:inline-block;margin-right:14px;font-size:13px}
.legend i{display:inline-block;width:12px;height:12px;margin-right:4px;vertical-align:-1px}
svg text{font-family:"DejaVu Sans",Arial,sans-serif}
`

// HTMLOptions configures WriteHTML.
type HTMLOptions struct {
	// Title is the page title ("pasyans tournament report" if empty).
	Title string
	// Rules is the rules dataset (RuleRows / BuildCorpusData): the page
	// shows each game's rules with their modern Russian text (or the
	// catalog summary when no passage is linked).
	Rules []RuleRow
	// Viewers are the deal viewer files written beside the report
	// (WriteDealViewers); the page links to them from each game.
	Viewers []DealViewer
	// Curves are strength curves (ReadCurve) drawn in a section of their
	// own: a strategy's win rate against its budget, measured by separate
	// runs, so they are shown beside the run's results, not mixed in.
	Curves []Curve
}

// WriteHTML writes the report as one self-contained HTML page: inline CSS
// and inline SVG charts, no scripts, no external resources. Charts: win
// rate per game and strategy with the 95 % Wilson interval (and the
// unknown-outcome bounds), the distribution of moves per deal, the paired
// comparisons, the strength curves of opt.Curves, and rule usage when the
// run was traced; then each game's
// rules in modern Russian beside their IDs.
func WriteHTML(w io.Writer, s *Summary, opt HTMLOptions) error {
	title := opt.Title
	if title == "" {
		title = "pasyans tournament report"
	}
	bw := bufio.NewWriter(w)
	pal := newPalette(s)
	games := summaryGames(s)
	e := html.EscapeString
	fmt.Fprintf(bw, "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n<title>%s</title>\n<style>%s</style>\n</head>\n<body>\n", e(title), htmlStyle)
	fmt.Fprintf(bw, "<h1>%s</h1>\n", e(title))
	writeAnswers(bw, s)
	writeWinnabilityTable(bw, s)
	fmt.Fprintln(bw, `<ul class="prov">`)
	for _, l := range provenance(s) {
		fmt.Fprintf(bw, "<li>%s</li>\n", e(l))
	}
	fmt.Fprintln(bw, "</ul>")
	writeLegend(bw, pal, s)

	fmt.Fprintln(bw, `<section id="win-rates"><h2>Win rate per game and strategy</h2>`)
	fmt.Fprintln(bw, `<p class="note">Solid bar: share of deals won; light bar beyond it: share of unknown outcomes (move cap, or deals the solver did not decide), so that the two together run from the lower bound (unknowns lost) to the upper bound (unknowns won) of the share winnable; black whiskers: 95 % Wilson interval of the share won; pale band: the 95 % bounds with unknowns counted as losses / wins (Solvitaire's convention). Where every deal is decided the light bar and the band vanish and only the narrow Wilson interval remains.</p>`)
	fmt.Fprintln(bw, `<div class="grid">`)
	for _, g := range games {
		writeWinRateChart(bw, s, g, pal)
	}
	fmt.Fprintln(bw, "</div>")
	writeSummaryTable(bw, s)
	fmt.Fprintln(bw, "</section>")
	writeViewerLinks(bw, games, opt.Viewers)

	fmt.Fprintln(bw, `<section id="moves"><h2>Distribution of moves per deal</h2>`)
	fmt.Fprintln(bw, `<p class="note">Share of deals by number of moves played (binned; the axis spans the 1st to the 99th percentile).</p>`)
	fmt.Fprintln(bw, `<div class="grid">`)
	for _, g := range games {
		writeMovesChart(bw, s, g, pal)
	}
	fmt.Fprintln(bw, "</div></section>")

	if len(s.Pairs) > 0 {
		fmt.Fprintln(bw, `<section id="paired"><h2>Paired strategy comparisons</h2>`)
		fmt.Fprintln(bw, `<p class="note">Both strategies on the same deals. Left: share of deals only A won; right: share only B won. p: McNemar's exact test on the discordant deals.</p>`)
		fmt.Fprintln(bw, `<div class="grid">`)
		for _, g := range games {
			writePairChart(bw, s, g, pal)
		}
		fmt.Fprintln(bw, "</div>")
		writePairTable(bw, s)
		fmt.Fprintln(bw, "</section>")
	}

	if len(opt.Curves) > 0 {
		fmt.Fprintln(bw, `<section id="strength"><h2>Strength against budget</h2>`)
		fmt.Fprintln(bw, `<p class="note">Win rate of a strategy against its budget parameter on the same deals at every point (separate runs, not this folder's), with 95 % Wilson intervals; a logarithmic axis.</p>`)
		for _, c := range opt.Curves {
			if err := WriteCurveSVG(bw, c.Title(), c.Param+" per decision", c.Series); err != nil {
				return err
			}
		}
		fmt.Fprintln(bw, "</section>")
	}

	if len(s.RuleUsage) > 0 {
		fmt.Fprintln(bw, `<section id="rule-usage"><h2>Rule usage (traced moves)</h2>`)
		fmt.Fprintln(bw, `<p class="note">Share of each strategy's moves made under each rule (the 12 most used rules of each game).</p>`)
		fmt.Fprintln(bw, `<div class="grid">`)
		for _, g := range games {
			writeRuleUsageChart(bw, s, g, pal)
		}
		fmt.Fprintln(bw, "</div></section>")
	}

	writeRulesSection(bw, games, opt.Rules)
	fmt.Fprintln(bw, "</body>\n</html>")
	if err := bw.Flush(); err != nil {
		return fmt.Errorf("write HTML report: %w", err)
	}
	return nil
}

// summaryGames returns the games of the summary in row order.
func summaryGames(s *Summary) []string {
	var out []string
	for _, r := range s.Rows {
		if !slices.Contains(out, r.Game) {
			out = append(out, r.Game)
		}
	}
	return out
}

func writeLegend(w io.Writer, pal palette, s *Summary) {
	fmt.Fprint(w, `<p class="legend">`)
	var seen []string
	rows := s.Rows
	if s.Reference != nil {
		rows = append(slices.Clip(rows), s.Reference.Rows...)
	}
	for _, r := range rows {
		if !slices.Contains(seen, r.Strategy) {
			seen = append(seen, r.Strategy)
			fmt.Fprintf(w, `<span><i style="background:%s"></i>%s</span>`, pal[r.Strategy], html.EscapeString(r.Strategy))
		}
	}
	fmt.Fprintln(w, "</p>")
}

// rowLabel names a summary row inside its game's chart.
func rowLabel(r SummaryRow, multiVariant bool) string {
	if multiVariant {
		return r.Strategy + " (" + variantName(r.Variant) + ")"
	}
	return r.Strategy
}

// gameRows returns the summary rows of a game and whether it has several
// variants.
func gameRows(s *Summary, game string) (rows []SummaryRow, idx []int, multi bool) {
	for i, r := range s.Rows {
		if r.Game == game {
			if len(rows) > 0 && r.Variant != rows[0].Variant {
				multi = true
			}
			rows = append(rows, r)
			idx = append(idx, i)
		}
	}
	return rows, idx, multi
}

// niceMax rounds a proportion up to a tidy axis maximum.
func niceMax(x float64) float64 {
	for _, m := range []float64{0.01, 0.02, 0.05, 0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.8, 1} {
		if x <= m {
			return m
		}
	}
	return 1
}

func f1(x float64) string { return fmt.Sprintf("%.1f", x) }

// chartRow is one bar of a win-rate chart: a summary row with its label
// (the strategy, its variant when the game has several, and "atlas" for
// the reference's rows).
type chartRow struct {
	SummaryRow
	label string
}

// winRateRows returns the bars of a game's win-rate chart: the run's rows,
// then the reference's.
func winRateRows(s *Summary, game string) []chartRow {
	rows, _, multi := gameRows(s, game)
	out := make([]chartRow, 0, len(rows)+1)
	for _, r := range rows {
		out = append(out, chartRow{r, rowLabel(r, multi)})
	}
	if s.Reference != nil {
		rr, _, rmulti := gameRows(s.Reference, game)
		for _, r := range rr {
			out = append(out, chartRow{r, rowLabel(r, rmulti) + " (atlas)"})
		}
	}
	return out
}

// chartRowsDeals returns the summary rows of chart rows.
func chartRowsDeals(rows []chartRow) []SummaryRow {
	out := make([]SummaryRow, len(rows))
	for i, r := range rows {
		out[i] = r.SummaryRow
	}
	return out
}

// writeDealSetNote labels a chart whose bars rest on different deal sets,
// so that they are never read as one paired comparison.
func writeDealSetNote(w io.Writer, rows []SummaryRow) {
	if len(rows) == 0 || sameDeals(rows) {
		return
	}
	seen := map[string]bool{}
	var sets []string
	for _, r := range rows {
		if d := dealSet(r); !seen[d] {
			seen[d] = true
			sets = append(sets, d)
		}
	}
	fmt.Fprintf(w, `<div class="dealsets note">Bars rest on different deal sets: %s; n beside each bar.</div>`, html.EscapeString(strings.Join(sets, "; ")))
}

func writeWinRateChart(w io.Writer, s *Summary, game string, pal palette) {
	rows := winRateRows(s, game)
	const left, plotW, rowH, top = 140.0, 220.0, 28.0, 10.0
	height := top + rowH*float64(len(rows)) + 34
	width := left + plotW + 170
	xmax := 0.0
	for _, r := range rows {
		xmax = math.Max(xmax, math.Max(r.WilsonHigh, r.BoundHigh))
	}
	xmax = niceMax(xmax)
	x := func(p float64) float64 {
		if math.IsNaN(p) {
			p = 0
		}
		return left + plotW*math.Min(p, xmax)/xmax
	}
	fmt.Fprintf(w, `<figure><figcaption>%s</figcaption>`, html.EscapeString(game))
	writeDealSetNote(w, chartRowsDeals(rows))
	fmt.Fprintf(w, `<svg class="chart win-rate" xmlns="http://www.w3.org/2000/svg" width="%.0f" height="%.0f" viewBox="0 0 %.0f %.0f" role="img" aria-label="win rates of %s">`+"\n",
		width, height, width, height, html.EscapeString(game))
	// Grid and axis.
	axisY := top + rowH*float64(len(rows))
	for i := 0; i <= 4; i++ {
		p := xmax * float64(i) / 4
		fmt.Fprintf(w, `<line x1="%s" y1="%s" x2="%s" y2="%s" stroke="#e0e0e0"/>`, f1(x(p)), f1(top), f1(x(p)), f1(axisY))
		fmt.Fprintf(w, `<text x="%s" y="%s" font-size="11" text-anchor="middle" fill="#555">%s</text>`, f1(x(p)), f1(axisY+14), axisPct(p))
	}
	fmt.Fprintf(w, `<line x1="%s" y1="%s" x2="%s" y2="%s" stroke="#888"/>`+"\n", f1(left), f1(axisY), f1(left+plotW), f1(axisY))
	for i, r := range rows {
		y := top + rowH*float64(i)
		c := pal[r.Strategy]
		name := html.EscapeString(r.label)
		fmt.Fprintf(w, `<text x="%s" y="%s" font-size="12" text-anchor="end">%s</text>`, f1(left-8), f1(y+rowH/2+4), name)
		label := pct(r.WinRate)
		if r.Unknowns > 0 {
			upper := float64(r.Wins+r.Unknowns) / float64(max(r.Deals, 1))
			label = pct(r.WinRate) + "–" + pct(upper)
			fmt.Fprintf(w, `<rect class="bounds" x="%s" y="%s" width="%s" height="%s" fill="%s" fill-opacity="0.18"><title>%s: 95 %% bounds %s – %s (unknowns as lost / won)</title></rect>`,
				f1(x(r.BoundLow)), f1(y+3), f1(math.Max(x(r.BoundHigh)-x(r.BoundLow), 1)), f1(rowH-6), c,
				name, pct(r.BoundLow), pct(r.BoundHigh))
			fmt.Fprintf(w, `<rect class="unknown" x="%s" y="%s" width="%s" height="%s" fill="%s" fill-opacity="0.45"><title>%s: %d unknown of %d deals (%s)</title></rect>`,
				f1(x(r.WinRate)), f1(y+7), f1(math.Max(x(upper)-x(r.WinRate), 0.5)), f1(rowH-14), c,
				name, r.Unknowns, r.Deals, pct(upper-r.WinRate))
		}
		fmt.Fprintf(w, `<rect class="bar" x="%s" y="%s" width="%s" height="%s" fill="%s"><title>%s: %s of %s won</title></rect>`,
			f1(left), f1(y+7), f1(math.Max(x(r.WinRate)-left, 0.5)), f1(rowH-14), c, name, pct(r.WinRate), html.EscapeString(dealSet(r.SummaryRow)))
		cy := y + rowH/2
		fmt.Fprintf(w, `<path class="ci" d="M%s %sH%sM%s %sV%sM%s %sV%s" stroke="#111" stroke-width="1.5" fill="none"/>`,
			f1(x(r.WilsonLow)), f1(cy), f1(x(r.WilsonHigh)), f1(x(r.WilsonLow)), f1(cy-5), f1(cy+5), f1(x(r.WilsonHigh)), f1(cy-5), f1(cy+5))
		fmt.Fprintf(w, `<text class="n" x="%s" y="%s" font-size="11" fill="#333">%s · n=%s</text>`+"\n", f1(left+plotW+6), f1(cy+4), label, thousands(r.Deals))
	}
	fmt.Fprintln(w, "</svg></figure>")
}

func axisPct(p float64) string {
	if p == 0 {
		return "0"
	}
	v := math.Round(100*p*1e4) / 1e4
	return strconv.FormatFloat(v, 'f', -1, 64) + "%"
}

// quantileOf returns the smallest m with at least q of the counts at or
// below m.
func quantileOf(counts []int64, q float64) int {
	var n int64
	for _, c := range counts {
		n += c
	}
	var seen int64
	for m, c := range counts {
		seen += c
		if float64(seen) >= q*float64(n) {
			return m
		}
	}
	return len(counts) - 1
}

// legendItem is one entry of a chart's legend and where it goes.
type legendItem struct {
	label string
	x, y  float64
}

// movesLegendLayout places the moves chart's legend entries from (left, y),
// wrapping to a new line of 14 px where an entry would pass width.
func movesLegendLayout(rows []SummaryRow, multi bool, left, y, width float64) []legendItem {
	out := make([]legendItem, len(rows))
	x := left
	for i, r := range rows {
		label := movesLegend(r, multi)
		lw := 20 + 5.6*float64(len([]rune(label)))
		if x > left && x+lw > width {
			x, y = left, y+14
		}
		out[i] = legendItem{label, x, y}
		x += lw
	}
	return out
}

// movesLegend labels a strategy's line in the moves chart.
func movesLegend(r SummaryRow, multi bool) string {
	return rowLabel(r, multi) + " (median " + num(r.MedianMoves) + ", n=" + thousands(r.Deals) + ")"
}

func writeMovesChart(w io.Writer, s *Summary, game string, pal palette) {
	rows, idx, multi := gameRows(s, game)
	const left, plotW, top, plotH = 46.0, 420.0, 10.0, 150.0
	width, height := left+plotW+20, top+plotH+56
	legend := movesLegendLayout(rows, multi, left, top+plotH+36, width)
	if n := len(legend); n > 0 {
		height += legend[n-1].y - legend[0].y // one more line per wrap
	}
	xmin, xmax := math.MaxInt, 1
	for _, i := range idx {
		xmin = min(xmin, quantileOf(s.MoveCounts[i], 0.01))
		xmax = max(xmax, quantileOf(s.MoveCounts[i], 0.99))
	}
	xmin = min(xmin, xmax-1)
	span := xmax - xmin + 1
	nb := min(40, span)
	bw := (span + nb - 1) / nb // moves per bin
	nb = (span + bw - 1) / bw
	shares := make([][]float64, len(rows))
	ymax := 0.0
	for k, i := range idx {
		sh := make([]float64, nb)
		var n int64
		for m, c := range s.MoveCounts[i] {
			n += c
			if m >= xmin {
				if b := (m - xmin) / bw; b < nb {
					sh[b] += float64(c)
				}
			}
		}
		for b := range sh {
			if n > 0 {
				sh[b] /= float64(n)
			}
			ymax = math.Max(ymax, sh[b])
		}
		shares[k] = sh
	}
	ymax = niceMax(math.Max(ymax, 0.001))
	x := func(b float64) float64 { return left + plotW*b/float64(nb) }
	y := func(v float64) float64 { return top + plotH*(1-v/ymax) }
	fmt.Fprintf(w, `<figure><figcaption>%s</figcaption>`, html.EscapeString(game))
	writeDealSetNote(w, rows)
	fmt.Fprintf(w, `<svg class="chart moves" xmlns="http://www.w3.org/2000/svg" width="%.0f" height="%.0f" viewBox="0 0 %.0f %.0f" role="img" aria-label="moves per deal in %s">`+"\n",
		width, height, width, height, html.EscapeString(game))
	for i := 0; i <= 4; i++ {
		v := ymax * float64(i) / 4
		fmt.Fprintf(w, `<line x1="%s" y1="%s" x2="%s" y2="%s" stroke="#e0e0e0"/><text x="%s" y="%s" font-size="10" text-anchor="end" fill="#555">%s</text>`,
			f1(left), f1(y(v)), f1(left+plotW), f1(y(v)), f1(left-4), f1(y(v)+3), axisPct(v))
	}
	for i := 0; i <= 4; i++ {
		b := float64(nb) * float64(i) / 4
		fmt.Fprintf(w, `<text x="%s" y="%s" font-size="10" text-anchor="middle" fill="#555">%d</text>`, f1(x(b)), f1(top+plotH+13), xmin+int(b*float64(bw)))
	}
	fmt.Fprintf(w, `<line x1="%s" y1="%s" x2="%s" y2="%s" stroke="#888"/><text x="%s" y="%s" font-size="11" text-anchor="middle" fill="#333">moves per deal</text>`+"\n",
		f1(left), f1(top+plotH), f1(left+plotW), f1(top+plotH), f1(left+plotW/2), f1(top+plotH+27))
	for k, r := range rows {
		var pts []string
		for b, v := range shares[k] {
			pts = append(pts, f1(x(float64(b)))+","+f1(y(v)), f1(x(float64(b+1)))+","+f1(y(v)))
		}
		fmt.Fprintf(w, `<polyline class="dist" points="%s" fill="none" stroke="%s" stroke-width="1.8"><title>%s</title></polyline>`+"\n",
			strings.Join(pts, " "), pal[r.Strategy], html.EscapeString(rowLabel(r, multi)))
	}
	// Legend below the axis, wrapped to the chart's width.
	for i, it := range legend {
		fmt.Fprintf(w, `<rect x="%s" y="%s" width="10" height="10" fill="%s"/><text x="%s" y="%s" font-size="10">%s</text>`,
			f1(it.x), f1(it.y), pal[rows[i].Strategy], f1(it.x+13), f1(it.y+9), html.EscapeString(it.label))
	}
	fmt.Fprintln(w, "\n</svg></figure>")
}

func writePairChart(w io.Writer, s *Summary, game string, pal palette) {
	var pairs []PairRow
	multi := false
	for _, p := range s.Pairs {
		if p.Game == game {
			if len(pairs) > 0 && p.Variant != pairs[0].Variant {
				multi = true
			}
			pairs = append(pairs, p)
		}
	}
	if len(pairs) == 0 {
		return
	}
	const labelW, half, rowH, top = 150.0, 110.0, 26.0, 8.0
	width, height := labelW+2*half+150, top+rowH*float64(len(pairs))+34
	mid := labelW + half
	smax := 0.0
	for _, p := range pairs {
		if p.Deals > 0 {
			smax = math.Max(smax, float64(max(p.OnlyA, p.OnlyB))/float64(p.Deals))
		}
	}
	smax = niceMax(math.Max(smax, 0.001))
	fmt.Fprintf(w, `<figure><figcaption>%s</figcaption><svg class="chart paired" xmlns="http://www.w3.org/2000/svg" width="%.0f" height="%.0f" viewBox="0 0 %.0f %.0f" role="img" aria-label="paired comparisons in %s">`+"\n",
		html.EscapeString(game), width, height, width, height, html.EscapeString(game))
	axisY := top + rowH*float64(len(pairs))
	fmt.Fprintf(w, `<line x1="%s" y1="%s" x2="%s" y2="%s" stroke="#888"/>`, f1(mid), f1(top), f1(mid), f1(axisY))
	fmt.Fprintf(w, `<text x="%s" y="%s" font-size="10" text-anchor="middle" fill="#555">%s</text><text x="%s" y="%s" font-size="10" text-anchor="middle" fill="#555">%s</text>`,
		f1(mid-half), f1(axisY+14), axisPct(smax), f1(mid+half), f1(axisY+14), axisPct(smax))
	fmt.Fprintf(w, `<text x="%s" y="%s" font-size="10" text-anchor="end" fill="#333">only A won</text><text x="%s" y="%s" font-size="10" fill="#333">only B won</text>`,
		f1(mid-4), f1(axisY+27), f1(mid+4), f1(axisY+27))
	for i, p := range pairs {
		y := top + rowH*float64(i)
		label := p.StrategyA + " vs " + p.StrategyB
		if multi {
			label += " (" + variantName(p.Variant) + ")"
		}
		fmt.Fprintf(w, `<text x="%s" y="%s" font-size="12" text-anchor="end">%s</text>`, f1(labelW-8), f1(y+rowH/2+4), html.EscapeString(label))
		if p.Deals > 0 {
			a := half * float64(p.OnlyA) / float64(p.Deals) / smax
			b := half * float64(p.OnlyB) / float64(p.Deals) / smax
			fmt.Fprintf(w, `<rect class="only-a" x="%s" y="%s" width="%s" height="%s" fill="%s"><title>only %s won: %d</title></rect>`,
				f1(mid-a), f1(y+6), f1(a), f1(rowH-12), pal[p.StrategyA], html.EscapeString(p.StrategyA), p.OnlyA)
			fmt.Fprintf(w, `<rect class="only-b" x="%s" y="%s" width="%s" height="%s" fill="%s"><title>only %s won: %d</title></rect>`,
				f1(mid), f1(y+6), f1(b), f1(rowH-12), pal[p.StrategyB], html.EscapeString(p.StrategyB), p.OnlyB)
		}
		fmt.Fprintf(w, `<text class="n" x="%s" y="%s" font-size="11" fill="#333">p=%s · n=%s</text>`+"\n", f1(mid+half+8), f1(y+rowH/2+4), pValue(p.McNemarP), thousands(p.Deals))
	}
	fmt.Fprintln(w, "</svg></figure>")
}

func writeRuleUsageChart(w io.Writer, s *Summary, game string, pal palette) {
	totals := map[[2]string]int64{}
	perRule := map[string]int64{}
	var strategies []string
	for _, u := range s.RuleUsage {
		if u.Game != game {
			continue
		}
		totals[[2]string{u.Strategy, ""}] += u.Moves
		perRule[u.Rule] += u.Moves
		if !slices.Contains(strategies, u.Strategy) {
			strategies = append(strategies, u.Strategy)
		}
	}
	if len(perRule) == 0 {
		return
	}
	rules := make([]string, 0, len(perRule))
	for r := range perRule {
		rules = append(rules, r)
	}
	slices.SortFunc(rules, func(a, b string) int {
		return cmp.Or(cmp.Compare(perRule[b], perRule[a]), strings.Compare(a, b))
	})
	if len(rules) > 12 {
		rules = rules[:12]
	}
	share := map[[2]string]float64{}
	smax := 0.0
	for _, u := range s.RuleUsage {
		if u.Game == game {
			v := float64(u.Moves) / float64(totals[[2]string{u.Strategy, ""}])
			share[[2]string{u.Strategy, u.Rule}] = v
			smax = math.Max(smax, v)
		}
	}
	smax = niceMax(smax)
	const left, plotW, barH = 190.0, 270.0, 7.0
	groupH := barH*float64(len(strategies)) + 8
	width, height := left+plotW+60, 8+groupH*float64(len(rules))+20
	fmt.Fprintf(w, `<figure><figcaption>%s</figcaption><svg class="chart rule-usage" xmlns="http://www.w3.org/2000/svg" width="%.0f" height="%.0f" viewBox="0 0 %.0f %.0f" role="img" aria-label="rule usage in %s">`+"\n",
		html.EscapeString(game), width, height, width, height, html.EscapeString(game))
	for i, r := range rules {
		y := 8 + groupH*float64(i)
		fmt.Fprintf(w, `<text x="%s" y="%s" font-size="11" text-anchor="end">%s</text>`, f1(left-8), f1(y+groupH/2+2), html.EscapeString(r))
		for k, st := range strategies {
			v := share[[2]string{st, r}]
			fmt.Fprintf(w, `<rect class="usage" x="%s" y="%s" width="%s" height="%s" fill="%s"><title>%s: %s of moves</title></rect>`,
				f1(left), f1(y+barH*float64(k)), f1(math.Max(plotW*v/smax, 0.5)), f1(barH-1), pal[st], html.EscapeString(st), pct(v))
		}
		fmt.Fprintln(w)
	}
	axisY := 8 + groupH*float64(len(rules))
	fmt.Fprintf(w, `<line x1="%s" y1="%s" x2="%s" y2="%s" stroke="#888"/><text x="%s" y="%s" font-size="10" fill="#555">0</text><text x="%s" y="%s" font-size="10" text-anchor="end" fill="#555">%s</text>`,
		f1(left), f1(axisY), f1(left+plotW), f1(axisY), f1(left), f1(axisY+13), f1(left+plotW), f1(axisY+13), axisPct(smax))
	fmt.Fprintln(w, "</svg></figure>")
}

func writeSummaryTable(w io.Writer, s *Summary) {
	fmt.Fprintln(w, `<table class="summary-table"><thead><tr><th>game</th><th>variant</th><th>strategy</th><th>deals</th><th>wins</th><th>win rate</th><th>95 % Wilson</th><th>unknown</th><th>bounds (unknown)</th><th>mean moves</th><th>median moves</th></tr></thead><tbody>`)
	e := html.EscapeString
	for _, r := range s.Rows {
		fmt.Fprintf(w, `<tr><td>%s</td><td>%s</td><td>%s</td><td class="n">%d</td><td class="n">%d</td><td class="n">%s</td><td class="n">%s – %s</td><td class="n">%d</td><td class="n">%s – %s</td><td class="n">%s</td><td class="n">%s</td></tr>`+"\n",
			e(r.Game), e(variantName(r.Variant)), e(r.Strategy), r.Deals, r.Wins, pct(r.WinRate), pct(r.WilsonLow), pct(r.WilsonHigh),
			r.Unknowns, pct(r.BoundLow), pct(r.BoundHigh), num(r.MeanMoves), num(r.MedianMoves))
	}
	fmt.Fprintln(w, "</tbody></table>")
}

// writeAnswers writes the answers the rows support (Answers) as the
// report's opening.
func writeAnswers(w io.Writer, s *Summary) {
	as := Answers(s)
	if len(as) == 0 {
		return
	}
	e := html.EscapeString
	fmt.Fprintln(w, `<section id="answers"><h2>Answers</h2><dl class="answers">`)
	for _, a := range as {
		fmt.Fprintf(w, "<dt>%s</dt><dd>%s</dd>\n", e(a.Question), e(a.Text))
	}
	fmt.Fprintln(w, "</dl></section>")
}

// winnabilityTableRows returns the full-information solver's rows of the
// run and of the reference, each with where it comes from.
func winnabilityTableRows(s *Summary) (rows []SummaryRow, source []string) {
	for _, r := range solverRows(s) {
		rows, source = append(rows, r), append(source, "this run")
	}
	if s.Reference != nil {
		for _, r := range solverRows(s.Reference) {
			rows, source = append(rows, r), append(source, "atlas")
		}
	}
	return rows, source
}

// writeWinnabilityTable writes the full-information solver's rows (the
// run's and the reference's) as a winnability table: deals won, proved
// lost and undecided, the share decided and the bounds on the share
// winnable, with the deals each row rests on.
func writeWinnabilityTable(w io.Writer, s *Summary) {
	rows, source := winnabilityTableRows(s)
	if len(rows) == 0 {
		return
	}
	e := html.EscapeString
	fmt.Fprintln(w, `<section id="winnability"><h2>Winnability (full-information solver)</h2>`)
	note := ""
	if s.Reference != nil && s.ReferenceNote != "" {
		note = " Atlas: " + e(s.ReferenceNote) + "."
	}
	fmt.Fprintf(w, `<p class="note">Won: a winning line was found; lost: every reachable state was searched (a proof); undecided: the search budget ran out. The share winnable lies between the won share and the won + undecided share; the bounds widen them by the 95 %% Wilson intervals.%s</p>`+"\n", note)
	fmt.Fprintln(w, `<table class="winnability-table"><thead><tr><th>game</th><th>variant</th><th>source</th><th>deals</th><th>won</th><th>lost</th><th>undecided</th><th>decided</th><th>winnable: 95 % bounds</th></tr></thead><tbody>`)
	for i, r := range rows {
		fmt.Fprintf(w, `<tr><td>%s</td><td>%s</td><td>%s</td><td class="n">%s</td><td class="n">%d</td><td class="n">%d</td><td class="n">%d</td><td class="n decided">%s</td><td class="n">%s – %s</td></tr>`+"\n",
			e(r.Game), e(variantName(r.Variant)), e(source[i]), e(dealSet(r)), r.Wins, r.Losses, r.Unknowns, pct(decidedShare(r)),
			pct(r.BoundLow), pct(r.BoundHigh))
	}
	fmt.Fprintln(w, "</tbody></table></section>")
}

func writePairTable(w io.Writer, s *Summary) {
	fmt.Fprintln(w, `<table class="pair-table"><thead><tr><th>game</th><th>variant</th><th>A</th><th>B</th><th>deals</th><th>both won</th><th>only A</th><th>only B</th><th>neither</th><th>A − B</th><th>McNemar exact p</th></tr></thead><tbody>`)
	e := html.EscapeString
	for _, p := range s.Pairs {
		fmt.Fprintf(w, `<tr><td>%s</td><td>%s</td><td>%s</td><td>%s</td><td class="n">%d</td><td class="n">%d</td><td class="n">%d</td><td class="n">%d</td><td class="n">%d</td><td class="n">%s</td><td class="n">%s</td></tr>`+"\n",
			e(p.Game), e(variantName(p.Variant)), e(p.StrategyA), e(p.StrategyB), p.Deals, p.Both, p.OnlyA, p.OnlyB, p.Neither, signedPct(p.Diff), pValue(p.McNemarP))
	}
	fmt.Fprintln(w, "</tbody></table>")
}

func writeRulesSection(w io.Writer, games []string, rules []RuleRow) {
	if len(rules) == 0 {
		return
	}
	e := html.EscapeString
	fmt.Fprintln(w, `<section id="rules"><h2>Rules of each game</h2>`)
	fmt.Fprintln(w, `<p class="note">Each rule ID with the book's passage in modern Russian spelling, as the linker tied it to the rule; rules with no linked passage show the catalog's English summary.</p>`)
	for _, g := range games {
		var rs []RuleRow
		for _, r := range rules {
			if r.Game == g {
				rs = append(rs, r)
			}
		}
		if len(rs) == 0 {
			continue
		}
		fmt.Fprintf(w, "<h3 id=\"rules-%s\">%s</h3>\n<table class=\"rules\"><thead><tr><th>rule</th><th>kind</th><th>status</th><th>text</th></tr></thead><tbody>\n", e(g), e(g))
		for _, r := range rs {
			text := `<span class="summary">` + e(r.Summary) + `</span> <small class="note">(catalog summary)</small>`
			if r.TextModern != "" {
				text = `<span lang="ru">` + e(r.TextModern) + `</span>`
			}
			fmt.Fprintf(w, `<tr><td class="id">%s</td><td>%s</td><td>%s</td><td class="txt">%s</td></tr>`+"\n", e(r.RuleID), e(r.Kind), e(r.Status), text)
		}
		fmt.Fprintln(w, "</tbody></table>")
	}
	fmt.Fprintln(w, "</section>")
}

// writeViewerLinks lists, per game, the deal viewers written beside the
// report: one won and one lost deal of the game's best strategy.
func writeViewerLinks(w io.Writer, games []string, viewers []DealViewer) {
	if len(viewers) == 0 {
		return
	}
	e := html.EscapeString
	fmt.Fprintln(w, `<section id="deals"><h2>Watch a deal</h2>`)
	fmt.Fprintln(w, `<p class="note">For each game, one won and one lost deal of the strategy with the highest win rate, replayed move by move in the layout of the book, with each move's rule and the book's passage for it.</p>`)
	fmt.Fprintln(w, `<table class="deals"><thead><tr><th>game</th><th>strategy</th><th>won deal</th><th>lost deal</th></tr></thead><tbody>`)
	for _, g := range games {
		var strategy string
		cells := map[bool]string{true: "—", false: "—"}
		for _, v := range viewers {
			if v.Game != g {
				continue
			}
			strategy = v.Strategy
			note := "" // a deal stopped undecided stands in for a lost one
			if v.Outcome != "won" && v.Outcome != "lost" {
				note = ", " + v.Outcome
			}
			cells[v.Outcome == "won"] = fmt.Sprintf(`<a class="deal" href="%s">deal %d (seed %d), %d moves%s</a>`,
				e(v.Path), v.DealIndex, v.DealSeed, v.Moves, e(note))
		}
		if strategy == "" {
			continue
		}
		fmt.Fprintf(w, "<tr><td>%s</td><td>%s</td><td>%s</td><td>%s</td></tr>\n", e(g), e(strategy), cells[true], cells[false])
	}
	fmt.Fprintln(w, "</tbody></table></section>")
}
