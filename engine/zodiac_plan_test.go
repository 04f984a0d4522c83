package engine

import "testing"

// zpLeast returns the fewest free cards that some growth of p's piles
// leaves over with the relaxation winnable, by brute force: every walk of
// every pile, the relaxation decided only on the finished layouts (no
// pruning, no bound). It returns -1 when no layout is winnable.
func zpLeast(p *zpSuit, j int) int {
	if j == p.n {
		if p.feasible() {
			return p.free
		}
		return -1
	}
	best := zpLeast(p, j+1) // pile j grows no further
	top := p.stack[j][p.size[j]-1]
	for _, r := range [2]uint8{top + 1, top - 1} {
		if !p.grow(j, r) {
			continue
		}
		if v := zpLeast(p, j); v >= 0 && (best < 0 || v < best) {
			best = v
		}
		p.shrink(j, r)
	}
	return best
}

// randomSuit builds a small random layout search of one suit: its
// foundations' wants (mostly both empty, as in phase one), one to four
// piles, each a dealt card and a short walk, a few free cards that may be
// married and the rest of the suit's cards free but fixed.
func randomSuit(rng *fastRand) *zpSuit {
	p := &zpSuit{a: 1, k: NumRanks, limit: 1 << 30}
	if rng.intn(4) == 0 {
		p.a, p.k = 1+rng.intn(5), NumRanks-rng.intn(5)
	}
	var avail [NumRanks + 2]uint8
	total := 0
	for r := 1; r <= NumRanks; r++ {
		if r >= p.a {
			avail[r]++
		}
		if r <= p.k {
			avail[r]++
		}
		total += int(avail[r])
	}
	take := func() int { // a random available rank
		for {
			if r := 1 + rng.intn(NumRanks); avail[r] > 0 {
				avail[r]--
				total--
				return r
			}
		}
	}
	p.n = 1 + rng.intn(4)
	for i := 0; i < p.n; i++ {
		p.stack[i][0] = uint8(take())
		p.size[i] = 1
		for s := rng.intn(4); s > 0; s-- {
			top := int(p.stack[i][p.size[i]-1])
			r := top + 1
			if rng.intn(2) == 0 {
				r = top - 1
			}
			if r < 1 || r > NumRanks || avail[r] == 0 {
				break
			}
			avail[r]--
			total--
			p.stack[i][p.size[i]] = uint8(r)
			p.size[i]++
		}
	}
	for m := rng.intn(9); m > 0 && total > 0; m-- {
		r := take()
		p.pool[r]++
		p.free++
	}
	p.fixed = total
	return p
}

// TestZodiacLayoutSuit checks the layout search of one suit (zpSuit.fits,
// with its pruning by the relaxation and its bound) against brute force on
// small random suits: for every t it finds a layout leaving at most t free
// cards over exactly when brute force does, and a layout it finds is a
// growth of the piles by walks of free cards whose relaxation is winnable.
func TestZodiacLayoutSuit(t *testing.T) {
	rng := fastRand(3)
	checked, spare := 0, 0
	for i := 0; i < 3000; i++ {
		p0 := randomSuit(&rng)
		if !p0.feasible() {
			continue // searchLayout stops at once: lost
		}
		q := *p0
		least := zpLeast(&q, 0)
		if least < 0 {
			t.Fatalf("suit %d: the layout as it stands is winnable but brute force found no layout", i)
		}
		checked++
		if least > 0 {
			spare++
		}
		for tt := 0; tt <= p0.free; tt++ {
			p := *p0
			v := p.fits(0, tt)
			if want := tt >= least; (v == zpWon) != want || v == zpUnknown {
				t.Fatalf("suit %d (piles %v, free %v): fits(%d) = %v, brute force leaves %d over", i, p0.stack[:p0.n], p0.pool, tt, v, least)
			}
			if v != zpWon {
				continue
			}
			pool := p0.pool
			for j := 0; j < p.n; j++ {
				for h := 1; h < int(p.size[j]); h++ {
					a, b := int(p.stack[j][h]), int(p.stack[j][h-1])
					if h < int(p0.size[j]) {
						if a != int(p0.stack[j][h]) {
							t.Fatalf("suit %d: pile %d changed below its top", i, j)
						}
						continue
					}
					if a != b+1 && a != b-1 || pool[a] == 0 {
						t.Fatalf("suit %d: pile %d grows by %d onto %d, which is no walk of free cards", i, j, a, b)
					}
					pool[a]--
				}
			}
			if p.free > tt || !p.feasible() {
				t.Fatalf("suit %d: the layout found leaves %d over (at most %d) or is lost", i, p.free, tt)
			}
		}
	}
	t.Logf("%d suits checked, %d of them leaving cards over", checked, spare)
	if checked < 1000 || spare < 100 {
		t.Fatalf("the check says too little: %d suits, %d leaving cards over", checked, spare)
	}
}

// exhaustPhaseOne decides g, a state of phase one, by plain depth-first
// search over every legal move of phase one (exhaust, no hooks), a state
// of phase two counting as won when the relaxation of every suit is (exact
// in phase two: TestZodiacHooksEndgames). ok is false when more than
// budget states were needed.
func exhaustPhaseOne(g *zodiac, visited map[uint64]bool, budget int) (won, ok bool) {
	return exhaustJudged(g, visited, budget, func(s Game) (decided, won bool) {
		z := s.(*zodiac)
		if !z.phase2() {
			return false, false
		}
		var rel zoSuit
		for su := Suit(0); su < NumSuits; su++ {
			if !rel.feasible(z, su) {
				return true, false
			}
		}
		return true, true
	})
}

// unplaced counts the cards in the pack and the talon.
func (g *zodiac) unplaced() int { return g.lay.size(zoStock) + g.lay.size(zoTalon) }

// layoutVerdict runs the layout search on a copy of g as if nothing were
// known of its state.
func layoutVerdict(g *zodiac) zpVerdict {
	c := g.Clone().(*zodiac)
	c.plan = zoPlan{}
	c.searchLayout(zoPlanSweeps)
	return c.plan.verdict
}

// TestZodiacLayoutAgreesWithExhaustiveSearch decides late positions of
// phase one of real deals (both foundations of every suit empty) both
// ways, under the rules of every variant: the layout search and
// exhaustive search of phase one. A position is reached by following the
// plan of the deal (default rules) until a few cards are left in the pack
// and talon, then making random moves. The layout search must never call
// a winnable position lost, and must find a plan exactly when the position
// is won wherever every free card can still be placed first (a card placed
// in this pass, or no talon).
func TestZodiacLayoutAgreesWithExhaustiveSearch(t *testing.T) {
	var ps []*zodiac
	for seed := uint64(1); seed <= 120; seed++ {
		g := newZodiacSeed(t, seed, nil)
		rng := fastRand(seed)
		left := 3 + int(seed%6)
		g.DeadEnd()
		for g.unplaced() > left {
			legal := g.LegalMoves(nil)
			i := g.SafeMove(legal)
			if i < 0 {
				i = rng.intn(len(legal))
			}
			mustApply(t, g, legal[i])
			g.DeadEnd()
		}
		for k := rng.intn(6); k > 0 && !g.phase2(); k-- {
			legal := g.LegalMoves(nil)
			if len(legal) == 0 {
				break
			}
			mustApply(t, g, legal[rng.intn(len(legal))])
		}
		if !g.phase2() {
			ps = append(ps, g)
		}
	}
	for _, opts := range variantOptions(zodiacSpec()) {
		rules := newZodiacSeed(t, 1, opts).r
		var won, lost, loose int
		for i, g0 := range ps {
			g := g0.Clone().(*zodiac)
			g.r = rules
			g.indexTops()
			w, ok := exhaustPhaseOne(g, map[uint64]bool{}, 200_000)
			if !ok {
				continue
			}
			exact := g.placed || g.lay.empty(zoTalon)
			switch v := layoutVerdict(g); {
			case v == zpUnknown:
				t.Fatalf("%v position %d: the layout search decided nothing on a small position:\n%s", opts, i, g)
			case v == zpLost && w:
				t.Fatalf("%v position %d: the layout search calls a winnable position lost:\n%s", opts, i, g)
			case v == zpWon && !w && exact:
				t.Fatalf("%v position %d: the layout search finds a plan for a lost position:\n%s", opts, i, g)
			case v == zpWon && !w:
				loose++
			case w:
				won++
			default:
				lost++
			}
		}
		t.Logf("%v: %d positions won, %d lost, %d with a plan the pass cannot start", opts, won, lost, loose)
		if won < 10 || lost < 10 {
			t.Fatalf("%v: the check says too little: %d won, %d lost", opts, won, lost)
		}
	}
}

// newZodiacSeed deals the Zodiac of seed with opts.
func newZodiacSeed(t *testing.T, seed uint64, opts Options) *zodiac {
	t.Helper()
	g, err := zodiacSpec().New(seed, opts)
	if err != nil {
		t.Fatal(err)
	}
	return g.(*zodiac)
}

// TestZodiacPlanWins builds the plan's layout on whole deals: from the deal,
// the safe moves alone (SafeMove, which follows the plan the dead-end test
// found) carry phase one to its end, every suit's relaxation is then
// winnable, and the heuristic of the rollouts wins phase two.
func TestZodiacPlanWins(t *testing.T) {
	planned := 0
	for seed := uint64(1); seed <= 30; seed++ {
		g := newZodiacSeed(t, seed, nil)
		if g.DeadEnd() {
			continue
		}
		planned++
		n := 0
		for ; !g.phase2(); n++ {
			legal := g.LegalMoves(nil)
			i := g.SafeMove(legal)
			if i < 0 {
				t.Fatalf("seed %d: no safe move after %d moves of the plan:\n%s", seed, n, g)
			}
			mustApply(t, g.Clone(), legal[i]) // Apply checks the move
			g2 := g.Clone().(*zodiac)
			g2.ApplyListed(&legal[i])
			g = g2
			if g.DeadEnd() {
				t.Fatalf("seed %d: a dead end after %d moves of the plan:\n%s", seed, n, g)
			}
		}
		for ; !g.Won() && n < zodiacSpec().MaxMoves; n++ {
			legal := g.LegalMoves(nil)
			if len(legal) == 0 {
				t.Fatalf("seed %d: phase two stuck after %d moves:\n%s", seed, n, g)
			}
			i := g.SafeMove(legal)
			if i < 0 {
				i = g.RolloutMove(legal)
			}
			mustApply(t, g, legal[i])
		}
		if !g.Won() || n > zodiacSpec().MaxMoves {
			t.Fatalf("seed %d: not won in %d moves", seed, n)
		}
	}
	if planned < 25 {
		t.Fatalf("only %d of 30 deals have a plan", planned)
	}
}

// TestZodiacLayoutBound checks that a layout search that reaches its bound
// decides nothing and is not run again below its state: DeadEnd says
// false, SafeMove offers nothing in phase one, and a copy keeps the
// verdict.
func TestZodiacLayoutBound(t *testing.T) {
	g := newZodiacSeed(t, 1, nil)
	g.searchLayout(1)
	if g.plan.verdict != zpUnknown || !g.plan.tried {
		t.Fatalf("a search bounded to one sweep gave %v (tried %v)", g.plan.verdict, g.plan.tried)
	}
	if g.DeadEnd() || g.SafeMove(g.LegalMoves(nil)) >= 0 {
		t.Fatal("an undecided search made a dead end or a safe move")
	}
	c := g.Clone().(*zodiac)
	legal := c.LegalMoves(nil)
	mustApply(t, c, legal[0])
	if c.plan.verdict != zpUnknown || !c.plan.tried {
		t.Fatal("a move after an undecided search runs it again")
	}
	if layoutVerdict(g) != zpWon {
		t.Fatal("deal 1 has no plan at the full bound")
	}
}

// TestZodiacPlanSafeMoves checks the plan's safe moves where a pass has
// placed nothing yet and the talon hides cards the plan needs (the pack
// turned past them after a re-deal): every safe move keeps a winnable
// position winnable (exhaustive search of phase one), and the draw is
// safe only where the plan then places a card before the pack is out.
func TestZodiacPlanSafeMoves(t *testing.T) {
	var checked, none int
	for seed := uint64(1); seed <= 80; seed++ {
		g := newZodiacSeed(t, seed, nil)
		if g.DeadEnd() {
			continue
		}
		rng := fastRand(seed)
		left := 4 + int(seed%5)
		for !g.phase2() {
			legal := g.LegalMoves(nil)
			i := g.SafeMove(legal)
			if i < 0 {
				t.Fatalf("seed %d: the plan has no move from a position it reached:\n%s", seed, g)
			}
			redeal := legal[i].Kind == MoveRedeal
			mustApply(t, g, legal[i])
			g.DeadEnd()
			if redeal && g.unplaced() <= left {
				break
			}
		}
		if g.phase2() {
			continue
		}
		// Turn the pack past a few cards without placing any.
		for k := 1 + rng.intn(g.lay.size(zoStock)); k > 0; k-- {
			mustApply(t, g, zoDrawMove)
		}
		w, ok := exhaustPhaseOne(g, map[uint64]bool{}, 200_000)
		if !ok {
			continue
		}
		legal := g.LegalMoves(nil)
		i := g.SafeMove(legal)
		if i < 0 {
			none++
			continue
		}
		checked++
		if legal[i].Kind == MoveDraw && !g.placed {
			// Safe only if the pass places a card: the plan's moves from
			// here must place one before the pack is out.
			c := g.Clone().(*zodiac)
			for {
				cl := c.LegalMoves(nil)
				j := c.SafeMove(cl)
				if j < 0 {
					t.Fatalf("seed %d: a safe draw in a pass that has placed nothing leads to no card placed:\n%s", seed, g)
				}
				if k := cl[j].Kind; k == MoveBuild || k == MoveFill {
					break
				}
				mustApply(t, c, cl[j])
			}
		}
		c := g.Clone().(*zodiac)
		mustApply(t, c, legal[i])
		if w2, ok := exhaustPhaseOne(c, map[uint64]bool{}, 200_000); w && ok && !w2 {
			t.Fatalf("seed %d: safe move %v loses a won position:\n%s", seed, legal[i], g)
		}
	}
	t.Logf("%d safe moves checked, %d positions without one", checked, none)
	if checked < 20 || none < 5 {
		t.Fatalf("the check says too little: %d safe moves, %d positions without", checked, none)
	}
}

// BenchmarkZodiacLayoutSearch times the layout search of phase one on
// whole deals (seeds 1 … b.N) and reports the relaxation sweeps a deal.
func BenchmarkZodiacLayoutSearch(b *testing.B) {
	sweeps := 0
	for i := 0; i < b.N; i++ {
		g0, err := zodiacSpec().New(uint64(i+1), nil)
		if err != nil {
			b.Fatal(err)
		}
		sweeps += g0.(*zodiac).searchLayout(zoPlanSweeps)
	}
	b.ReportMetric(float64(sweeps)/float64(b.N), "sweeps/deal")
}
