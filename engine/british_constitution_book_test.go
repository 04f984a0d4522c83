package engine

import (
	"slices"
	"testing"
)

// bcBookOptions are the variants the tests of the book's readers cover:
// each variant and both together.
func bcBookOptions() []Options {
	return append(variantOptions(britishConstitutionSpec()), Options{"fill": "free", "talon-build": "on"})
}

// bcPlayouts plays deals of the British Constitution with opts at random,
// a foundation play three times in four when there is one (so that the
// Council and the foundations move on), else the draw once in three (so
// that the pack runs out), calling visit at every position.
func bcPlayouts(t *testing.T, opts Options, deals int, visit func(seed uint64, ply int, g *britishConstitution, legal []Move)) {
	t.Helper()
	s := britishConstitutionSpec()
	var legal, plays []Move
	for seed := uint64(1); seed <= uint64(deals); seed++ {
		gg, err := s.New(seed, opts)
		if err != nil {
			t.Fatal(err)
		}
		g := gg.(*britishConstitution)
		r := NewRand(seed)
		for ply := 0; ply < s.MaxMoves; ply++ {
			legal = g.LegalMoves(legal[:0])
			visit(seed, ply, g, legal)
			if len(legal) == 0 {
				break
			}
			plays = plays[:0]
			for _, m := range legal {
				if m.Kind == MoveFoundation {
					plays = append(plays, m)
				}
			}
			m := legal[r.IntN(len(legal))]
			switch last := legal[len(legal)-1]; {
			case len(plays) > 0 && r.IntN(4) != 0:
				m = plays[r.IntN(len(plays))]
			case last.Kind == MoveDraw && r.IntN(3) == 0:
				m = last
			}
			if err := g.Apply(m); err != nil {
				t.Fatalf("%v seed %d move %d: %v", opts, seed, ply, err)
			}
		}
	}
}

// TestPlaysAfter checks PlaysAfter against ProgressAfter at every legal
// move of random playouts of every variant, and of random playouts from
// positions near the end of a game (bcEndgame: the pack and the talon
// empty, so that nothing refills a People pile): it handles the same
// moves, and counts the plays ProgressAfter lists, whose cards (and the
// tops they go on) are all face up; and it leaves the game as it was.
func TestPlaysAfter(t *testing.T) {
	deals := 150
	if testing.Short() {
		deals = 30
	}
	var c bcPlaysCheck
	for _, opts := range bcBookOptions() {
		c = bcPlaysCheck{t: t, opts: opts}
		bcPlayouts(t, opts, deals, c.visit)
		if c.handled == 0 || c.some == 0 || c.waiting == 0 {
			t.Errorf("%v: %d moves counted, %d with plays, %d emptying their pile without", opts, c.handled, c.some, c.waiting)
		}
	}
	c = bcPlaysCheck{t: t}
	rng := fastRand(5)
	var legal []Move
	r := NewRand(5)
	for i := 0; i < 300; i++ {
		g := bcEndgame(t, &rng, 10+i%30)
		for ply := 0; ply < 200; ply++ {
			legal = g.LegalMoves(legal[:0])
			c.visit(uint64(i), ply, g, legal)
			if len(legal) == 0 {
				break
			}
			if err := g.Apply(legal[r.IntN(len(legal))]); err != nil {
				t.Fatal(err)
			}
		}
	}
	if c.bare == 0 || c.some == 0 {
		t.Errorf("endgames: %d moves emptying a People pile nothing refills, %d with plays", c.bare, c.some)
	}
}

// bcPlaysCheck is TestPlaysAfter's check of one position, and its counts.
type bcPlaysCheck struct {
	t                            *testing.T
	opts                         Options
	listed                       []Move
	stock                        []Card
	handled, some, waiting, bare int
}

func (c *bcPlaysCheck) visit(seed uint64, ply int, g *britishConstitution, legal []Move) {
	t := c.t
	c.stock = g.FullPile(c.stock[:0], bcStock)
	h := g.Hash()
	for i := range legal {
		m := &legal[i]
		n, ok := g.PlaysAfter(m)
		if g.Hash() != h {
			t.Fatalf("%v seed %d move %d: PlaysAfter(%v) changed the game", c.opts, seed, ply, *m)
		}
		var peeked bool
		c.listed, peeked = g.ProgressAfter(*m, c.listed[:0])
		if ok != peeked {
			t.Fatalf("%v seed %d move %d: PlaysAfter(%v) handles it: %v, ProgressAfter: %v", c.opts, seed, ply, *m, ok, peeked)
		}
		if !ok {
			continue
		}
		c.handled++
		if n != len(c.listed) {
			t.Fatalf("%v seed %d move %d: PlaysAfter(%v) = %d, ProgressAfter lists %v\n%s", c.opts, seed, ply, *m, n, c.listed, g)
		}
		for _, x := range c.listed {
			if x.Kind != MoveFoundation || slices.Contains(c.stock, x.Card) || slices.Contains(c.stock, g.lay.top(int(x.To))) {
				t.Fatalf("%v seed %d move %d: after %v ProgressAfter lists %v, not a play of face-up cards", c.opts, seed, ply, *m, x)
			}
		}
		if n > 0 {
			c.some++
		}
		if n == 0 && g.PileLen(int(m.From)) == 1 {
			c.waiting++
		}
		if m.From < bcCols && g.PileLen(int(m.From)) == 1 && g.PileLen(bcTalon) == 0 && g.PileLen(bcStock) == 0 {
			c.bare++
		}
	}
}

// TestBritishConstitutionBookReaders checks Vacancies against the piles,
// and TalonFitsCommons against the talon's top and the Commons' tops, at
// every position of random playouts of every variant.
func TestBritishConstitutionBookReaders(t *testing.T) {
	fits := 0
	for _, opts := range bcBookOptions() {
		bcPlayouts(t, opts, 100, func(seed uint64, ply int, g *britishConstitution, _ []Move) {
			var want uint32
			for p := 0; p < bcCons; p++ {
				if g.PileLen(p) == 0 {
					want |= 1 << p
				}
			}
			if got := g.Vacancies(); got != want {
				t.Fatalf("%v seed %d move %d: Vacancies = %b, the piles give %b", opts, seed, ply, got, want)
			}
			talon, fit := g.PileTop(bcTalon), false
			for col := 0; col < bcCols; col++ {
				c := g.PileTop(bcPile(1, col))
				fit = fit || talon != NoCard && bcSequenceFits(talon, c)
			}
			if got := g.TalonFitsCommons(); got != fit {
				t.Fatalf("%v seed %d move %d: TalonFitsCommons = %v, want %v\n%s", opts, seed, ply, got, fit, g)
			}
			if fit {
				fits++
			}
		})
	}
	if fits == 0 {
		t.Error("the talon's top never went on the Commons")
	}
}

// TestMoveKinds checks MoveKinds against the moves LegalMoves lists at
// every position of random playouts of every variant.
func TestMoveKinds(t *testing.T) {
	for _, opts := range bcBookOptions() {
		var all uint64
		talons := 0
		bcPlayouts(t, opts, 100, func(seed uint64, ply int, g *britishConstitution, legal []Move) {
			var kinds uint64
			var sources uint32
			talon := false
			for _, m := range legal {
				kinds |= 1 << m.Kind
				switch {
				case m.Kind == MoveBuild && m.From == bcTalon:
					talon = true
				case m.Kind == MoveBuild:
					sources |= 1 << m.From
				}
			}
			gk, gs, gt := g.MoveKinds()
			if gk != kinds || gs != sources || gt != talon {
				t.Fatalf("%v seed %d move %d: MoveKinds = %b %b %v, LegalMoves lists %b %b %v\n%s", opts, seed, ply, gk, gs, gt, kinds, sources, talon, g)
			}
			all |= kinds
			if talon {
				talons++
			}
		})
		if all != 1<<MoveFoundation|1<<MoveBuild|1<<MoveFill|1<<MoveDraw || opts["talon-build"] == "on" && talons == 0 {
			t.Errorf("%v: kinds met %b, %d positions with a talon build", opts, all, talons)
		}
	}
}

// bcProgress is the measure of Acyclic, read from the piles: the cards out
// of the pack, each card of the Constitution once per division from the
// People (1) up, five per card on the foundations.
func bcProgress(g *britishConstitution) int {
	n := -g.lay.size(bcStock) // the cards out of the pack, less their number
	for p := 0; p < bcCons; p++ {
		n += g.lay.size(p) * (p/bcCols + 1)
	}
	for f := bcF0; f < bcF0+8; f++ {
		n += 5 * (g.lay.size(f) - 1)
	}
	return n
}

// TestBritishConstitutionAcyclic checks the measure of Acyclic: every legal
// move of every position of random playouts of every variant, from the
// deal and from endgames, takes it up, so no position comes back.
func TestBritishConstitutionAcyclic(t *testing.T) {
	check := func(opts Options, seed uint64, ply int, g *britishConstitution, legal []Move) {
		if !g.Acyclic() {
			t.Fatal("the British Constitution must be Acyclic")
		}
		before := bcProgress(g)
		for i := range legal {
			c := g.Clone().(*britishConstitution)
			c.ApplyListed(&legal[i])
			if after := bcProgress(c); after <= before {
				t.Fatalf("%v seed %d move %d: %v takes %d to %d\n%v", opts, seed, ply, legal[i], before, after, g)
			}
		}
	}
	for _, opts := range bcBookOptions() {
		bcPlayouts(t, opts, 100, func(seed uint64, ply int, g *britishConstitution, legal []Move) {
			check(opts, seed, ply, g, legal)
		})
	}
	rng := fastRand(7)
	var legal []Move
	r := NewRand(7)
	for i := 0; i < 100; i++ {
		g := bcEndgame(t, &rng, 10+i%30)
		for ply := 0; ply < 200; ply++ {
			legal = g.LegalMoves(legal[:0])
			check(nil, uint64(i), ply, g, legal)
			if len(legal) == 0 {
				break
			}
			if err := g.Apply(legal[r.IntN(len(legal))]); err != nil {
				t.Fatal(err)
			}
		}
	}
}
