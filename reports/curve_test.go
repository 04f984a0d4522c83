package reports

import (
	"bytes"
	"context"
	"encoding/xml"
	"errors"
	"fmt"
	"io"
	"math"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
)

func TestWriteCurveSVG(t *testing.T) {
	series := []CurveSeries{
		{Name: "zodiac", Points: []CurvePoint{{X: 1, Wins: 20, Deals: 100}, {X: 2, Wins: 28, Deals: 100}, {X: 8, Wins: 35, Deals: 100}}},
		{Name: "salic-law", Points: []CurvePoint{{X: 1, Wins: 30, Deals: 100}, {X: 2, Wins: 40, Deals: 100}, {X: 8, Wins: 50, Deals: 100}}},
	}
	var b bytes.Buffer
	if err := WriteCurveSVG(&b, "planner: win rate against samples", "samples per decision", series); err != nil {
		t.Fatal(err)
	}
	out := b.String()
	dec := xml.NewDecoder(strings.NewReader(out))
	for {
		if _, err := dec.Token(); err != nil {
			if !errors.Is(err, io.EOF) {
				t.Fatalf("not well-formed SVG: %v", err)
			}
			break
		}
	}
	if n := strings.Count(out, `class="point"`); n != 6 {
		t.Errorf("%d points drawn, want 6", n)
	}
	if n := strings.Count(out, `class="curve"`); n != 2 {
		t.Errorf("%d curves drawn, want 2", n)
	}
	for _, want := range []string{"zodiac, 8: 35 of 100 deals won", "salic-law, 1: 30 of 100 deals won", ">samples per decision<", ">4</text>"} {
		if !strings.Contains(out, want) {
			t.Errorf("SVG lacks %q", want)
		}
	}
	// Higher win rates are drawn higher (SVG y grows downwards): the
	// salic-law curve starts at 30 % (x = 1) and ends at 50 % (x = 8).
	i := strings.Index(out, `stroke="`+extraColors[1])
	if i < 0 {
		t.Fatal("second series missing")
	}
	var x0, y0, x1, y1 float64
	path := out[strings.LastIndex(out[:i], `d="M`)+4:]
	path = path[:strings.Index(path, `"`)]
	parts := strings.Split(path, "L")
	if _, err := fmtSscan(parts[0], &x0, &y0); err != nil {
		t.Fatal(err)
	}
	if _, err := fmtSscan(parts[len(parts)-1], &x1, &y1); err != nil {
		t.Fatal(err)
	}
	if !(x1 > x0 && y1 < y0) {
		t.Errorf("salic-law curve from (%v,%v) to (%v,%v): want rightwards and upwards", x0, y0, x1, y1)
	}
	if err := WriteCurveSVG(&b, "t", "x", []CurveSeries{{Name: "bad", Points: []CurvePoint{{X: 0, Deals: 1}}}}); err == nil {
		t.Error("X = 0 accepted on a log axis")
	}
}

func TestStrengthCurve(t *testing.T) {
	series, err := StrengthCurve(context.Background(), CurveConfig{Strategy: "planner", Param: "samples", Values: []int64{1, 2},
		Params: map[string]string{"horizon": "20", "nodes": "2000"}, Games: []string{"napoleon", "salic-law"}, Deals: 6, Seed: 2026, Workers: 2})
	if err != nil {
		t.Fatal(err)
	}
	if len(series) != 2 || series[0].Name != "napoleon" || series[1].Name != "salic-law" {
		t.Fatalf("series %+v", series)
	}
	for _, s := range series {
		if len(s.Points) != 2 || s.Points[0].X != 1 || s.Points[1].X != 2 {
			t.Fatalf("%s: points %+v", s.Name, s.Points)
		}
		for _, p := range s.Points {
			if p.Deals != 6 || p.Wins < 0 || p.Wins > p.Deals {
				t.Fatalf("%s: point %+v", s.Name, p)
			}
		}
	}
	if _, err := StrengthCurve(context.Background(), CurveConfig{Strategy: "planner", Param: "samples", Values: []int64{1}, Games: []string{"nope"}, Deals: 1}); err == nil {
		t.Error("unknown game accepted")
	}
}

// fmtSscan reads the two coordinates "x y" of a path command.
func fmtSscan(s string, x, y *float64) (int, error) { return fmt.Sscan(strings.TrimSpace(s), x, y) }

func TestCurveDatasetRoundTrip(t *testing.T) {
	cfg := CurveConfig{Strategy: "planner", Param: "samples", Seed: 2026}
	series := []CurveSeries{
		{Name: "zodiac", Points: []CurvePoint{{X: 1, Wins: 25, Deals: 100}, {X: 8, Wins: 70, Deals: 100}}},
		{Name: "salic-law", Points: []CurvePoint{{X: 1, Wins: 53, Deals: 100}, {X: 2, Wins: 58, Deals: 100}}},
	}
	rows := CurveRows(cfg, series)
	if len(rows) != 4 || rows[1].WinRate != 0.7 || rows[1].WilsonLow >= 0.7 || rows[1].WilsonHigh <= 0.7 {
		t.Fatalf("rows = %+v", rows)
	}
	path := filepath.Join(t.TempDir(), "curve.parquet")
	if err := ExportTableFile(path, DatasetCurve, FormatParquet, rows, Metadata{MasterSeed: 2026}); err != nil {
		t.Fatal(err)
	}
	c, err := ReadCurve(path)
	if err != nil {
		t.Fatal(err)
	}
	if c.Strategy != "planner" || c.Param != "samples" || c.MasterSeed != 2026 || !reflect.DeepEqual(c.Series, series) {
		t.Errorf("read back %+v, want the series written", c)
	}
	if want := "planner: win rate against samples (100 deals per point, seed 2026)"; c.Title() != want {
		t.Errorf("title %q, want %q", c.Title(), want)
	}

	// The page draws the curve in its own section.
	var b bytes.Buffer
	if err := WriteHTML(&b, &Summary{}, HTMLOptions{Curves: []Curve{c}}); err != nil {
		t.Fatal(err)
	}
	if out := b.String(); !strings.Contains(out, `id="strength"`) || strings.Count(out, `class="point"`) != 4 {
		t.Errorf("the HTML page lacks the strength section or its 4 points")
	}
	b.Reset()
	if err := WriteHTML(&b, &Summary{}, HTMLOptions{}); err != nil {
		t.Fatal(err)
	}
	if strings.Contains(b.String(), `id="strength"`) {
		t.Errorf("a strength section without curves")
	}
}

func TestReadCurveRefuses(t *testing.T) {
	dir := t.TempDir()
	mixed := filepath.Join(dir, "mixed.parquet")
	rows := []CurveRow{
		{Game: "zodiac", Strategy: "planner", Param: "samples", Value: 1, Wins: 1, Deals: 10, MasterSeed: 1},
		{Game: "zodiac", Strategy: "planner", Param: "samples", Value: 2, Wins: 1, Deals: 10, MasterSeed: 2},
	}
	if err := ExportTableFile(mixed, DatasetCurve, FormatParquet, rows, Metadata{}); err != nil {
		t.Fatal(err)
	}
	bad := filepath.Join(dir, "bad.parquet")
	if err := ExportTableFile(bad, DatasetCurve, FormatParquet, []CurveRow{{Game: "zodiac", Value: 0, Deals: 10}}, Metadata{}); err != nil {
		t.Fatal(err)
	}
	empty := filepath.Join(dir, "empty.parquet")
	if err := ExportTableFile(empty, DatasetCurve, FormatParquet, []CurveRow{}, Metadata{}); err != nil {
		t.Fatal(err)
	}
	other := filepath.Join(dir, "rules.parquet")
	if err := ExportTableFile(other, DatasetRules, FormatParquet, []RuleRow{{Game: "zodiac"}}, Metadata{}); err != nil {
		t.Fatal(err)
	}
	text := filepath.Join(dir, "text.parquet")
	if err := os.WriteFile(text, []byte("not parquet"), 0o644); err != nil {
		t.Fatal(err)
	}
	for path, want := range map[string]string{
		mixed: "one curve per file", bad: "not a curve point", empty: "no rows", other: `want a "curve" dataset`,
		text: "not a valid Parquet file", filepath.Join(dir, "missing.parquet"): "missing.parquet",
	} {
		_, err := ReadCurve(path)
		if err == nil || !strings.Contains(err.Error(), want) || !strings.Contains(err.Error(), filepath.Base(path)) {
			t.Errorf("ReadCurve(%s) = %v, want an error naming the file and %q", filepath.Base(path), err, want)
		}
	}
}

// nullableCurveRow is a curve row whose wins may be NULL; lackingWins has
// no wins column at all (issue 27: both drew 0 % everywhere).
type nullableCurveRow struct {
	Game       string `parquet:"game"`
	Strategy   string `parquet:"strategy"`
	Param      string `parquet:"param"`
	Value      int64  `parquet:"value"`
	Deals      int64  `parquet:"deals"`
	Wins       *int64 `parquet:"wins,optional"`
	MasterSeed uint64 `parquet:"master_seed"`
}

type lackingWinsRow struct {
	Game       string `parquet:"game"`
	Strategy   string `parquet:"strategy"`
	Param      string `parquet:"param"`
	Value      int64  `parquet:"value"`
	Deals      int64  `parquet:"deals"`
	MasterSeed uint64 `parquet:"master_seed"`
}

func TestReadCurveColumns(t *testing.T) {
	dir := t.TempDir()
	seven := int64(7)
	nulls := filepath.Join(dir, "nulls.parquet")
	if err := ExportTableFile(nulls, DatasetCurve, FormatParquet, []nullableCurveRow{
		{Game: "zodiac", Strategy: "planner", Param: "samples", Value: 1, Deals: 10, Wins: &seven},
		{Game: "zodiac", Strategy: "planner", Param: "samples", Value: 2, Deals: 10},
	}, Metadata{}); err != nil {
		t.Fatal(err)
	}
	lacking := filepath.Join(dir, "lacking.parquet")
	if err := ExportTableFile(lacking, DatasetCurve, FormatParquet, []lackingWinsRow{
		{Game: "zodiac", Strategy: "planner", Param: "samples", Value: 1, Deals: 10},
	}, Metadata{}); err != nil {
		t.Fatal(err)
	}
	for path, want := range map[string]string{nulls: `column "wins" has 1 NULL`, lacking: `no "wins" column`} {
		_, err := ReadCurve(path)
		if err == nil || !strings.Contains(err.Error(), want) || !strings.Contains(err.Error(), path) {
			t.Errorf("ReadCurve(%s) = %v, want an error naming the file and %q", filepath.Base(path), err, want)
		}
	}
	// Optional wins without NULLs read fine.
	full := filepath.Join(dir, "full.parquet")
	if err := ExportTableFile(full, DatasetCurve, FormatParquet, []nullableCurveRow{
		{Game: "zodiac", Strategy: "planner", Param: "samples", Value: 1, Deals: 10, Wins: &seven},
	}, Metadata{}); err != nil {
		t.Fatal(err)
	}
	if c, err := ReadCurve(full); err != nil || c.Series[0].Points[0].Wins != 7 {
		t.Errorf("ReadCurve(full) = %+v, %v", c, err)
	}
}

// TestCurveSVGHugeValues: budgets up to 2^63-1 draw finite coordinates and
// exact power-of-two ticks (issue 27: x="NaN" from 2^62 on).
func TestCurveSVGHugeValues(t *testing.T) {
	for _, xs := range [][]int64{{1 << 62}, {1 << 62, math.MaxInt64}, {1, math.MaxInt64}, {math.MaxInt64}} {
		var pts []CurvePoint
		for _, x := range xs {
			pts = append(pts, CurvePoint{X: x, Wins: 3, Deals: 10})
		}
		var b bytes.Buffer
		if err := WriteCurveSVG(&b, "t", "x", []CurveSeries{{Name: "g", Points: pts}}); err != nil {
			t.Fatal(err)
		}
		out := b.String()
		if strings.Contains(out, "NaN") || strings.Contains(out, "Inf") || strings.Contains(out, ">-") {
			t.Errorf("values %v draw non-finite or negative coordinates:\n%s", xs, out)
		}
		if xs[0] >= 1<<62 && !strings.Contains(out, ">4611686018427387904<") && !strings.Contains(out, ">9223372036854775808<") {
			t.Errorf("values %v: no exact power-of-two tick at 2^62 or 2^63:\n%s", xs, out)
		}
	}
}
