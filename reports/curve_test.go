package reports

import (
	"bytes"
	"context"
	"encoding/xml"
	"errors"
	"fmt"
	"io"
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
