package sim

import (
	"math"
	"math/big"
	"testing"
)

// Newcombe (1998), "Two-sided confidence intervals for the single
// proportion", Statistics in Medicine 17:857–872, Table II, method 3
// (Wilson score interval without continuity correction).
func TestWilsonNewcombe(t *testing.T) {
	cases := []struct {
		k, n   int64
		lo, hi float64
	}{
		{81, 263, 0.2553, 0.3662},
		{15, 148, 0.0624, 0.1605},
		{0, 20, 0, 0.1611},
		{1, 29, 0.0061, 0.1718},
	}
	for _, c := range cases {
		lo, hi := Wilson95(c.k, c.n)
		if math.Abs(lo-c.lo) > 5e-5 || math.Abs(hi-c.hi) > 5e-5 {
			t.Errorf("Wilson95(%d, %d) = [%.4f, %.4f], want [%.4f, %.4f]", c.k, c.n, lo, hi, c.lo, c.hi)
		}
	}
	if lo, hi := Wilson95(0, 0); lo != 0 || hi != 1 {
		t.Errorf("Wilson95(0,0) = [%v, %v]", lo, hi)
	}
	if lo, hi := Wilson95(10, 10); hi != 1 || lo <= 0.6 {
		t.Errorf("Wilson95(10,10) = [%v, %v]", lo, hi)
	}
}

func TestSolvabilityBounds(t *testing.T) {
	lo, hi := SolvabilityBounds(81, 0, 263)
	wlo, whi := Wilson95(81, 263)
	if lo != wlo || hi != whi {
		t.Fatal("no unknowns: bounds must equal the Wilson interval")
	}
	lo, hi = SolvabilityBounds(50, 31, 263)
	if want, _ := Wilson95(50, 263); lo != want {
		t.Errorf("lower bound %v, want %v (unknowns as losses)", lo, want)
	}
	if _, want := Wilson95(81, 263); hi != want {
		t.Errorf("upper bound %v, want %v (unknowns as wins)", hi, want)
	}
}

// exactMcNemar computes 2·P(X ≤ min(b,c)), X ~ Bin(b+c, ½), in exact
// rational arithmetic.
func exactMcNemar(b, c int64) float64 {
	n := b + c
	k := min(b, c)
	sum := new(big.Int)
	coef := big.NewInt(1)
	for i := int64(0); i <= k; i++ {
		if i > 0 {
			coef.Mul(coef, big.NewInt(n-i+1))
			coef.Quo(coef, big.NewInt(i))
		}
		sum.Add(sum, coef)
	}
	r := new(big.Rat).SetFrac(new(big.Int).Mul(sum, big.NewInt(2)), new(big.Int).Lsh(big.NewInt(1), uint(n)))
	f, _ := r.Float64()
	return math.Min(1, f)
}

func TestMcNemarExact(t *testing.T) {
	// Hand values: b=0,c=5 → 2/32; b=2,c=8 → 2·56/1024.
	if p := McNemarExact(0, 5); math.Abs(p-0.0625) > 1e-15 {
		t.Errorf("McNemarExact(0,5) = %v, want 0.0625", p)
	}
	if p := McNemarExact(2, 8); math.Abs(p-0.109375) > 1e-15 {
		t.Errorf("McNemarExact(2,8) = %v, want 0.109375", p)
	}
	if p := McNemarExact(7, 7); p != 1 {
		t.Errorf("equal discordant counts: p = %v, want 1", p)
	}
	if p := McNemarExact(0, 0); p != 1 {
		t.Errorf("no discordant pairs: p = %v, want 1", p)
	}
	// Agresti, An Introduction to Categorical Data Analysis (2nd ed.),
	// Table 8.1: presidential approval, b = 150, c = 86 (z = 4.17; the
	// exact two-sided p is 3.7e-5).
	p := McNemarExact(150, 86)
	if want := exactMcNemar(150, 86); math.Abs(p-want) > 1e-9*want {
		t.Errorf("McNemarExact(150, 86) = %g, exact %g", p, want)
	}
	if p < 3e-5 || p > 4.5e-5 {
		t.Errorf("McNemarExact(150, 86) = %g, want ≈ 3.7e-5", p)
	}
	for _, bc := range [][2]int64{{1, 2}, {3, 17}, {40, 61}, {500, 430}, {1000, 1100}, {2500, 2400}} {
		got, want := McNemarExact(bc[0], bc[1]), exactMcNemar(bc[0], bc[1])
		if math.Abs(got-want) > 1e-10*want {
			t.Errorf("McNemarExact(%d, %d) = %.15g, exact %.15g", bc[0], bc[1], got, want)
		}
		if got != McNemarExact(bc[1], bc[0]) {
			t.Errorf("McNemarExact not symmetric at %v", bc)
		}
	}
	// Millions of discordant pairs: finite, in (0, 1], close to the
	// normal approximation where that is accurate.
	b, c := int64(5_000_000), int64(5_004_000)
	got := McNemarExact(b, c)
	z := float64(c-b) / math.Sqrt(float64(b+c))
	approx := math.Erfc(z / math.Sqrt2)
	if got <= 0 || got > 1 || math.Abs(got-approx) > 0.02*approx {
		t.Errorf("McNemarExact(%d, %d) = %g, normal approximation %g", b, c, got, approx)
	}
	if p := McNemarExact(1_000_000, 2_000_000); p != 0 && p > 1e-300 {
		t.Errorf("hugely different counts: p = %g", p)
	}
}

func TestHistogram(t *testing.T) {
	var h Histogram
	if !math.IsNaN(h.Median()) || !math.IsNaN(h.Mean()) {
		t.Fatal("empty histogram must give NaN")
	}
	for _, v := range []int64{5, 1, 9, 3} {
		h.Add(v)
	}
	if h.Median() != 4 || h.Mean() != 4.5 || h.N() != 4 {
		t.Fatalf("median %v mean %v n %d", h.Median(), h.Mean(), h.N())
	}
	h.Add(100)
	if h.Median() != 5 {
		t.Fatalf("odd count median %v, want 5", h.Median())
	}
	var o Histogram
	o.Add(1 << 20)
	o.Add(2)
	h.Merge(&o)
	if h.N() != 7 || h.Median() != 5 {
		t.Fatalf("merged: n %d median %v", h.N(), h.Median())
	}
	if len(h.counts) > histCap {
		t.Fatal("histogram grew past its cap")
	}
}

func TestDealSeedIsPure(t *testing.T) {
	a := DealSeed(7, "napoleon", 12)
	if a != DealSeed(7, "napoleon", 12) {
		t.Fatal("not deterministic")
	}
	if a == DealSeed(7, "napoleon", 13) || a == DealSeed(8, "napoleon", 12) || a == DealSeed(7, "zodiac", 12) {
		t.Fatal("seed does not depend on all inputs")
	}
	if StrategySeed(a, "random") == StrategySeed(a, "greedy") {
		t.Fatal("strategy seeds collide")
	}
}

func TestFormatPercent(t *testing.T) {
	for _, c := range []struct {
		x    float64
		want string
	}{
		{0, "0.00%"}, {0.5, "50.00%"}, {0.1234, "12.34%"}, {0.000038, "0.0038%"}, {1, "100.00%"}, {math.NaN(), "–"},
	} {
		if got := FormatPercent(c.x); got != c.want {
			t.Errorf("FormatPercent(%v) = %q, want %q", c.x, got, c.want)
		}
	}
}
