package sim

import "math"

// Z95 is the two-sided 95 % standard-normal quantile used by Wilson95.
const Z95 = 1.959963984540054

// Wilson returns the Wilson score interval for k successes in n trials at
// the normal quantile z (Z95 for 95 %):
//
//	centre = (p + z²/2n) / (1 + z²/n)
//	half   = z/(1 + z²/n) · √(p(1−p)/n + z²/4n²),  p = k/n
//
// It returns (0, 1) when n is 0. The bounds are clamped to [0, 1].
func Wilson(k, n int64, z float64) (lo, hi float64) {
	if n <= 0 {
		return 0, 1
	}
	nf := float64(n)
	p := float64(k) / nf
	z2 := z * z
	den := 1 + z2/nf
	centre := (p + z2/(2*nf)) / den
	half := z / den * math.Sqrt(p*(1-p)/nf+z2/(4*nf*nf))
	lo, hi = centre-half, centre+half
	if lo < 0 || k == 0 {
		lo = 0
	}
	if hi > 1 || k == n {
		hi = 1
	}
	return lo, hi
}

// Wilson95 is Wilson(k, n, Z95).
func Wilson95(k, n int64) (lo, hi float64) { return Wilson(k, n, Z95) }

// SolvabilityBounds returns Solvitaire-style 95 % bounds on a win rate when
// some outcomes are unknown: the lower bound is the Wilson lower bound with
// the unknowns counted as losses, the upper bound the Wilson upper bound
// with the unknowns counted as wins.
func SolvabilityBounds(wins, unknowns, n int64) (lo, hi float64) {
	lo, _ = Wilson95(wins, n)
	_, hi = Wilson95(wins+unknowns, n)
	return lo, hi
}

// McNemarExact returns the two-sided p-value of McNemar's exact test for the
// discordant counts b (A won, B lost) and c (B won, A lost): under the null
// hypothesis b ~ Binomial(b+c, ½), and
//
//	p = min(1, 2 · P(X ≤ min(b, c))).
//
// The tail is summed exactly (to double precision) from binomial terms
// computed with the log-gamma function, starting at min(b, c) and walking
// down while the terms still matter, so it is accurate and fast for any
// b+c, including millions of discordant pairs — no normal approximation is
// used. It returns 1 when b+c is 0.
func McNemarExact(b, c int64) float64 {
	if b < 0 || c < 0 {
		return math.NaN()
	}
	n := b + c
	if n == 0 {
		return 1
	}
	k := min(b, c)
	if 2*k == n {
		return 1
	}
	// log P(X = k) for X ~ Bin(n, 1/2).
	nf := float64(n)
	lgN, _ := math.Lgamma(nf + 1)
	logPMF := func(i int64) float64 {
		a, _ := math.Lgamma(float64(i) + 1)
		b, _ := math.Lgamma(nf - float64(i) + 1)
		return lgN - a - b - nf*math.Ln2
	}
	// Sum P(X=i) for i = k, k-1, … 0 relative to the largest term P(X=k):
	// successive ratios P(i-1)/P(i) = i/(n-i+1) < 1 in the lower tail, so
	// the terms fall at least geometrically and the walk stops early.
	top := logPMF(k)
	sum, term := 1.0, 1.0
	for i := k; i > 0; i-- {
		term *= float64(i) / (nf - float64(i) + 1)
		sum += term
		if term < sum*1e-17 {
			break
		}
	}
	p := 2 * math.Exp(top+math.Log(sum))
	if p > 1 {
		p = 1
	}
	return p
}

// histCap bounds the exact range of a Histogram: values ≥ histCap are
// counted in one overflow bucket (and their sum kept for the mean).
const histCap = 1 << 16

// Histogram counts non-negative integer values (moves per deal) in unit
// buckets so that the median can be computed from a stream in memory that
// does not grow with the number of values: at most histCap buckets, grown
// on demand up to the largest value seen.
type Histogram struct {
	counts   []int64
	overflow int64
	n        int64
	sum      float64
}

// Add records one value; negative values count as 0.
func (h *Histogram) Add(v int64) {
	if v < 0 {
		v = 0
	}
	h.n++
	h.sum += float64(v)
	if v >= histCap {
		h.overflow++
		return
	}
	if int(v) >= len(h.counts) {
		n := max(2*len(h.counts), int(v)+1, 64)
		n = min(n, histCap)
		grown := make([]int64, n)
		copy(grown, h.counts)
		h.counts = grown
	}
	h.counts[v]++
}

// Merge adds the values of o to h.
func (h *Histogram) Merge(o *Histogram) {
	if len(o.counts) > len(h.counts) {
		grown := make([]int64, len(o.counts))
		copy(grown, h.counts)
		h.counts = grown
	}
	for i, c := range o.counts {
		h.counts[i] += c
	}
	h.overflow += o.overflow
	h.n += o.n
	h.sum += o.sum
}

// N returns the number of values recorded.
func (h *Histogram) N() int64 { return h.n }

// Mean returns the arithmetic mean (NaN when empty).
func (h *Histogram) Mean() float64 {
	if h.n == 0 {
		return math.NaN()
	}
	return h.sum / float64(h.n)
}

// Median returns the median: the middle value, or the mean of the two
// middle values when the count is even (NaN when empty). Values at or above
// 65536 are treated as 65536.
func (h *Histogram) Median() float64 {
	if h.n == 0 {
		return math.NaN()
	}
	lo := h.quantileRank((h.n - 1) / 2)
	hi := h.quantileRank(h.n / 2)
	return (float64(lo) + float64(hi)) / 2
}

// quantileRank returns the value of the r-th smallest recorded value (0-based).
func (h *Histogram) quantileRank(r int64) int64 {
	var seen int64
	for v, c := range h.counts {
		seen += c
		if seen > r {
			return int64(v)
		}
	}
	return histCap
}
