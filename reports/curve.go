package reports

import (
	"context"
	"fmt"
	"html"
	"io"
	"math"
	"math/big"
	"strconv"

	"github.com/parquet-go/parquet-go"

	"github.com/pasyans/pasyans/engine"
	"github.com/pasyans/pasyans/sim"
)

// CurvePoint is one point of a strength curve: a strategy's wins over
// deals with its budget parameter set to X.
type CurvePoint struct {
	X           int64
	Wins, Deals int64
}

// CurveSeries is one line of a strength curve (one game).
type CurveSeries struct {
	Name   string
	Points []CurvePoint
}

// CurveConfig describes the runs behind a strength curve: Strategy with
// its parameter Param set to each of Values, on Deals deals (master seed
// Seed) of each of Games, over Workers goroutines. Params are further
// parameters of the strategy, the same for every point.
type CurveConfig struct {
	Strategy string
	Param    string
	Values   []int64
	Params   map[string]string
	Games    []string
	Deals    int64
	Seed     uint64
	Workers  int
}

// StrengthCurve runs the tournaments of cfg (one per value, every game in
// each) and returns one series per game, its points in the order of
// cfg.Values. The deals are the tournament's (sim.DealSeed), the same for
// every value, so neighbouring points are paired.
func StrengthCurve(ctx context.Context, cfg CurveConfig) ([]CurveSeries, error) {
	var games []sim.GameConfig
	series := make([]CurveSeries, len(cfg.Games))
	for i, id := range cfg.Games {
		spec, err := engine.Lookup(id)
		if err != nil {
			return nil, fmt.Errorf("strength curve: %w", err)
		}
		games = append(games, sim.GameConfig{Spec: spec})
		series[i].Name = id
	}
	for _, v := range cfg.Values {
		params := map[string]string{cfg.Param: strconv.FormatInt(v, 10)}
		for k, x := range cfg.Params {
			params[k] = x
		}
		st, err := sim.NewStrategy(cfg.Strategy, params)
		if err != nil {
			return nil, fmt.Errorf("strength curve: %w", err)
		}
		sum, err := sim.Run(ctx, sim.Config{Games: games, Strategies: []sim.Strategy{st}, Deals: cfg.Deals,
			MasterSeed: cfg.Seed, Workers: cfg.Workers}, discardRows{})
		if err != nil {
			return nil, fmt.Errorf("strength curve: %s=%d: %w", cfg.Param, v, err)
		}
		for i, id := range cfg.Games {
			for _, t := range sum.Tallies {
				if t.Game == id {
					series[i].Points = append(series[i].Points, CurvePoint{X: v, Wins: t.Wins, Deals: t.Deals})
				}
			}
		}
	}
	return series, nil
}

// WriteCurveSVG writes a strength curve as a standalone SVG image: win rate
// (with its 95 % Wilson interval as error bars) against X on a base-2
// logarithmic axis, one coloured line per series, with a legend. X values
// must be positive; a series may be empty.
func WriteCurveSVG(w io.Writer, title, xLabel string, series []CurveSeries) error {
	const left, top, plotW, plotH, legendW = 56.0, 34.0, 420.0, 240.0, 150.0
	width, height := left+plotW+legendW, top+plotH+46
	xlo, xhi, ymax := math.Inf(1), math.Inf(-1), 0.0
	for _, s := range series {
		for _, p := range s.Points {
			if p.X <= 0 || p.Deals <= 0 {
				return fmt.Errorf("strength curve %s: point %d with %d deals: want X > 0 and deals > 0", s.Name, p.X, p.Deals)
			}
			lx := math.Log2(float64(p.X))
			xlo, xhi = math.Min(xlo, lx), math.Max(xhi, lx)
			_, hi := sim.Wilson95(p.Wins, p.Deals)
			ymax = math.Max(ymax, hi)
		}
	}
	if math.IsInf(xlo, 1) {
		xlo, xhi = 0, 1
	}
	if xhi == xlo {
		xhi = xlo + 1
	}
	ymax = niceMax(ymax)
	x := func(v int64) float64 { return left + plotW*(math.Log2(float64(v))-xlo)/(xhi-xlo) }
	y := func(p float64) float64 { return top + plotH*(1-math.Min(p, ymax)/ymax) }
	bw := &errWriter{w: w}
	bw.printf(`<svg xmlns="http://www.w3.org/2000/svg" width="%.0f" height="%.0f" viewBox="0 0 %.0f %.0f" role="img" aria-label="%s">`+"\n",
		width, height, width, height, html.EscapeString(title))
	bw.printf(`<rect width="100%%" height="100%%" fill="#fff"/>` + "\n")
	bw.printf(`<text x="%s" y="20" font-size="14" font-weight="bold" font-family="DejaVu Sans,Arial,sans-serif">%s</text>`+"\n", f1(left), html.EscapeString(title))
	for i := 0; i <= 4; i++ {
		p := ymax * float64(i) / 4
		bw.printf(`<line x1="%s" y1="%s" x2="%s" y2="%s" stroke="#e0e0e0"/>`, f1(left), f1(y(p)), f1(left+plotW), f1(y(p)))
		bw.printf(`<text x="%s" y="%s" font-size="11" text-anchor="end" fill="#555" font-family="DejaVu Sans,Arial,sans-serif">%s</text>`+"\n", f1(left-6), f1(y(p)+4), axisPct(p))
	}
	step := max(1, math.Ceil((xhi-xlo)/12)) // at most a dozen ticks
	for e := math.Ceil(xlo); e <= xhi; e += step {
		// The tick at 2^e, placed by its exponent: 2^63 and above overflow
		// an int64 (and drew x="NaN").
		tx := left + plotW*(e-xlo)/(xhi-xlo)
		label := new(big.Int).Lsh(big.NewInt(1), uint(e)).String()
		bw.printf(`<line x1="%s" y1="%s" x2="%s" y2="%s" stroke="#e0e0e0"/>`, f1(tx), f1(top), f1(tx), f1(top+plotH))
		bw.printf(`<text x="%s" y="%s" font-size="11" text-anchor="middle" fill="#555" font-family="DejaVu Sans,Arial,sans-serif">%s</text>`+"\n", f1(tx), f1(top+plotH+15), label)
	}
	bw.printf(`<path d="M%s %sV%sH%s" stroke="#888" fill="none"/>`+"\n", f1(left), f1(top), f1(top+plotH), f1(left+plotW))
	bw.printf(`<text x="%s" y="%s" font-size="12" text-anchor="middle" font-family="DejaVu Sans,Arial,sans-serif">%s</text>`+"\n", f1(left+plotW/2), f1(top+plotH+36), html.EscapeString(xLabel))
	for i, s := range series {
		c := extraColors[i%len(extraColors)]
		path := ""
		for j, p := range s.Points {
			r := float64(p.Wins) / float64(p.Deals)
			cmd := "L"
			if j == 0 {
				cmd = "M"
			}
			path += cmd + f1(x(p.X)) + " " + f1(y(r))
		}
		if path != "" {
			bw.printf(`<path class="curve" d="%s" stroke="%s" stroke-width="2" fill="none"/>`+"\n", path, c)
		}
		for _, p := range s.Points {
			r := float64(p.Wins) / float64(p.Deals)
			lo, hi := sim.Wilson95(p.Wins, p.Deals)
			px := x(p.X)
			bw.printf(`<path d="M%s %sV%sM%s %sH%sM%s %sH%s" stroke="%s" fill="none"/>`, f1(px), f1(y(lo)), f1(y(hi)), f1(px-4), f1(y(lo)), f1(px+4), f1(px-4), f1(y(hi)), f1(px+4), c)
			bw.printf(`<circle class="point" cx="%s" cy="%s" r="3.5" fill="%s"><title>%s, %d: %d of %d deals won (%s, 95 %% %s – %s)</title></circle>`+"\n",
				f1(px), f1(y(r)), c, html.EscapeString(s.Name), p.X, p.Wins, p.Deals, pct(r), pct(lo), pct(hi))
		}
		ly := top + 8 + 20*float64(i)
		bw.printf(`<rect x="%s" y="%s" width="12" height="12" fill="%s"/><text x="%s" y="%s" font-size="12" font-family="DejaVu Sans,Arial,sans-serif">%s</text>`+"\n",
			f1(left+plotW+16), f1(ly), c, f1(left+plotW+34), f1(ly+10), html.EscapeString(s.Name))
	}
	bw.printf("</svg>\n")
	return bw.err
}

// discardRows is a sim.Sink that keeps no rows (the curve needs only the
// summary's tallies).
type discardRows struct{}

func (discardRows) WriteResults([]sim.Result) error   { return nil }
func (discardRows) WriteMoves([]sim.MoveRecord) error { return nil }
func (discardRows) Close() error                      { return nil }

// CurveRow is one point of a strength curve as a dataset row (the "curve"
// dataset that scripts/plannercurve writes and "pasyans report --curve"
// draws): the strategy with Param set to Value won Wins of Deals deals of
// Game (master seed MasterSeed), with the 95 % Wilson interval.
type CurveRow struct {
	Game       string  `parquet:"game,dict" json:"game"`
	Strategy   string  `parquet:"strategy,dict" json:"strategy"`
	Param      string  `parquet:"param,dict" json:"param"`
	Value      int64   `parquet:"value" json:"value"`
	Deals      int64   `parquet:"deals" json:"deals"`
	Wins       int64   `parquet:"wins" json:"wins"`
	WinRate    float64 `parquet:"win_rate" json:"win_rate"`
	WilsonLow  float64 `parquet:"wilson_low" json:"wilson_low"`
	WilsonHigh float64 `parquet:"wilson_high" json:"wilson_high"`
	MasterSeed uint64  `parquet:"master_seed" json:"master_seed"`
}

// Curve is a strength curve read back from its dataset: one strategy, one
// parameter, one master seed, a series per game.
type Curve struct {
	Strategy, Param string
	MasterSeed      uint64
	Series          []CurveSeries
}

// Title is the chart title of the curve.
func (c Curve) Title() string {
	deals := int64(0)
	for _, s := range c.Series {
		for _, p := range s.Points {
			deals = max(deals, p.Deals)
		}
	}
	return fmt.Sprintf("%s: win rate against %s (%d deals per point, seed %d)", c.Strategy, c.Param, deals, c.MasterSeed)
}

// CurveRows returns the dataset rows of the curve that cfg describes and
// StrengthCurve measured, series by series in order.
func CurveRows(cfg CurveConfig, series []CurveSeries) []CurveRow {
	var rows []CurveRow
	for _, s := range series {
		for _, p := range s.Points {
			lo, hi := sim.Wilson95(p.Wins, p.Deals)
			rate := 0.0
			if p.Deals > 0 {
				rate = float64(p.Wins) / float64(p.Deals)
			}
			rows = append(rows, CurveRow{Game: s.Name, Strategy: cfg.Strategy, Param: cfg.Param, Value: p.X,
				Deals: p.Deals, Wins: p.Wins, WinRate: rate, WilsonLow: lo, WilsonHigh: hi, MasterSeed: cfg.Seed})
		}
	}
	return rows
}

// curveColumns are the columns a curve dataset must have, without NULLs:
// a missing or NULL wins would read as 0 and draw 0 % everywhere. The rate
// and the interval are derived from them and not needed.
var curveColumns = []string{"game", "strategy", "param", "value", "deals", "wins", "master_seed"}

// checkCurveColumns checks that the Parquet file at path has every column
// of curveColumns and no NULL in them.
func checkCurveColumns(path string) error {
	f, pf, err := openParquet(path)
	if err != nil {
		return err
	}
	defer f.Close()
	schema := pf.Schema()
	for _, name := range curveColumns {
		col, ok := schema.Lookup(name)
		if !ok {
			return fmt.Errorf("%s: no %q column: not a curve dataset (scripts/plannercurve --data)", path, name)
		}
		if col.Node.Optional() || col.Node.Repeated() {
			nulls, err := columnNulls(pf, col.ColumnIndex)
			if err != nil {
				return fmt.Errorf("%s: column %q: %w", path, name, err)
			}
			if nulls > 0 {
				return fmt.Errorf("%s: column %q has %d NULL value(s): every curve point needs it", path, name, nulls)
			}
		}
	}
	return nil
}

// columnNulls counts the NULLs of column index of pf, page by page.
func columnNulls(pf *parquet.File, index int) (int64, error) {
	var nulls int64
	for _, rg := range pf.RowGroups() {
		pages := rg.ColumnChunks()[index].Pages()
		for {
			p, err := pages.ReadPage()
			if err == io.EOF {
				break
			}
			if err != nil {
				pages.Close()
				return 0, err
			}
			nulls += p.NumNulls()
			parquet.Release(p)
		}
		if err := pages.Close(); err != nil {
			return 0, err
		}
	}
	return nulls, nil
}

// ReadCurve reads a curve dataset (a Parquet file of CurveRow) and groups
// its points by game in the order the games first appear. A file that is
// not such a dataset, that is empty, or whose rows mix strategies,
// parameters or seeds is an error naming the file.
func ReadCurve(path string) (Curve, error) {
	meta, err := FileMetadata(path)
	if err != nil {
		return Curve{}, err
	}
	if d := meta[KeyDataset]; d != DatasetCurve {
		return Curve{}, fmt.Errorf("%s: dataset %q, want a %q dataset (scripts/plannercurve --data)", path, d, DatasetCurve)
	}
	if err := checkCurveColumns(path); err != nil {
		return Curve{}, err
	}
	var c Curve
	index := map[string]int{}
	n := 0
	err = readParquet(path, 256, func(rows []CurveRow) error {
		for _, r := range rows {
			if n == 0 {
				c.Strategy, c.Param, c.MasterSeed = r.Strategy, r.Param, r.MasterSeed
			} else if r.Strategy != c.Strategy || r.Param != c.Param || r.MasterSeed != c.MasterSeed {
				return fmt.Errorf("%s: row %d is %s %s= seed %d, the first %s %s= seed %d: one curve per file",
					path, n, r.Strategy, r.Param, r.MasterSeed, c.Strategy, c.Param, c.MasterSeed)
			}
			if r.Value <= 0 || r.Deals <= 0 || r.Wins < 0 || r.Wins > r.Deals {
				return fmt.Errorf("%s: row %d: %s=%d, %d wins of %d deals: not a curve point", path, n, r.Param, r.Value, r.Wins, r.Deals)
			}
			i, ok := index[r.Game]
			if !ok {
				i = len(c.Series)
				index[r.Game] = i
				c.Series = append(c.Series, CurveSeries{Name: r.Game})
			}
			c.Series[i].Points = append(c.Series[i].Points, CurvePoint{X: r.Value, Wins: r.Wins, Deals: r.Deals})
			n++
		}
		return nil
	})
	if err != nil {
		return Curve{}, err
	}
	if n == 0 {
		return Curve{}, fmt.Errorf("%s: the curve dataset has no rows", path)
	}
	return c, nil
}
