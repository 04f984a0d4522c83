package engine

import "testing"

// The search hooks of four-corners, windmill, shah and duchess-de-luynes
// checked on endgame positions built backwards from a won game: every card
// home, then cards taken back off the foundations and laid where a forward
// move could have taken them from, so the position is won by replaying
// those moves; a few random forward moves then make positions of both
// kinds. Exhaustive search decides each one; the hooks must agree with it
// (see checkHooks), and the test requires winnable positions on which the
// safe moves fired, and dead ends.
func TestCadoganHooksEndgames(t *testing.T) {
	for _, c := range []struct {
		spec *Spec
		make func(t *testing.T, g Game, rng *fastRand)
		opts Options // the Shah's safe moves hold with marriage-sources=talon only
	}{
		{fourCornersSpec(), fcEndgame, nil},
		{windmillSpec(), wmEndgame, nil},
		{shahSpec(), shEndgame, Options{"marriage-sources": "talon"}},
		{duchessSpec(), dlEndgame, nil},
	} {
		t.Run(c.spec.ID, func(t *testing.T) {
			const budget = 20000
			var st hookStats
			keys := map[Key]bool{}
			wonSafe := 0
			rng := fastRand(17)
			for i := 0; i < 400; i++ {
				g, err := c.spec.NewDeal(Deal(2, uint64(i)), c.opts)
				if err != nil {
					t.Fatal(err)
				}
				c.make(t, g, &rng)
				if rng.intn(2) == 0 {
					scramble(g, &rng)
				}
				if err := checkConservation(g, 2); err != nil {
					t.Fatalf("built position: %v\n%s", err, g)
				}
				for n := rng.intn(4); n > 0; n-- { // a few random forward moves
					legal := g.LegalMoves(nil)
					if len(legal) == 0 {
						break
					}
					mustApply(t, g, legal[rng.intn(len(legal))])
				}
				won, ok := decide(g, budget)
				if !ok {
					continue
				}
				before := st.safe
				checkHooks(t, g, won, budget, keys, &st)
				if won && st.safe > before {
					wonSafe++
				}
			}
			t.Logf("%d positions decided (%d winnable), %d safe moves checked (%d on winnable positions), %d dead ends", st.decided, st.won, st.safe, wonSafe, st.dead)
			if st.won < 50 || st.decided-st.won < 20 {
				t.Fatalf("want both kinds of positions: %d decided, %d winnable", st.decided, st.won)
			}
			if wonSafe < 20 || (st.dead < 10 && c.spec.ID != "windmill") {
				t.Fatalf("the hooks fired too seldom: %d safe moves on winnable positions, %d dead ends", wonSafe, st.dead)
			}
		})
	}
}

// scramble deals the cards off the foundations (and the set-aside kings)
// again at random, keeping every pile's size, so that the position may be
// lost.
func scramble(g Game, rng *fastRand) {
	var l *layout
	switch x := g.(type) {
	case *fourCorners:
		l = &x.lay
		defer x.sync()
	case *windmill:
		l = &x.lay
		defer x.index()
	case *shah:
		l = &x.lay
		defer x.sync()
	case *duchess:
		l = &x.lay
		defer x.sync()
	}
	var cs []Card
	var ps []int
	for p := 0; p < g.NumPiles(); p++ {
		if k := g.PileKind(p); k == PileFoundation || k == PileAside {
			continue
		}
		for !l.empty(p) {
			cs = append(cs, l.pop(p))
			ps = append(ps, p)
		}
	}
	for i := len(cs) - 1; i > 0; i-- {
		j := rng.intn(i + 1)
		cs[i], cs[j] = cs[j], cs[i]
	}
	for i, c := range cs {
		l.push(ps[i], c)
	}
}

// unplayer takes cards back off a layout's foundations.
type unplayer struct {
	l   *layout
	rng *fastRand
}

// home returns a random non-empty pile among ps, -1 if all are empty.
func (u unplayer) home(ps []int) int {
	var ne []int
	for _, p := range ps {
		if !u.l.empty(p) {
			ne = append(ne, p)
		}
	}
	if len(ne) == 0 {
		return -1
	}
	return ne[u.rng.intn(len(ne))]
}

// span returns the piles lo … hi-1.
func span(lo, hi int) []int {
	var ps []int
	for p := lo; p < hi; p++ {
		ps = append(ps, p)
	}
	return ps
}

// fullPairs lays the two decks on suit-paired foundations from pile f0 on:
// each suit's ace pile A … K (deck 0) and king pile K … A (deck 1).
func fullPairs(l *layout, f0 int) {
	for s := Suit(0); s < NumSuits; s++ {
		for r := Ace; r <= King; r++ {
			l.push(f0+2*int(s), NewCard(r, s, 0))
			l.push(f0+2*int(s)+1, NewCard(King+1-r, s, 1))
		}
	}
}

// fcEndgame: after the last deal, 6 to 14 cards taken back to the packets.
func fcEndgame(t *testing.T, g Game, rng *fastRand) {
	fc := g.(*fourCorners)
	defer fc.sync() // the facts the game keeps
	fc.lay.reset()
	fc.redeals, fc.pos, fc.idle = fcRedeals, 0, 0
	fullPairs(&fc.lay, fcFound)
	u := unplayer{&fc.lay, rng}
	for n := 6 + rng.intn(9); n > 0; n-- {
		fc.lay.move(u.home(span(fcFound, fcFound+fcNumFound)), rng.intn(fcPackets))
	}
}

// dlEndgame: on the last deal, 6 to 16 cards taken back to the packets,
// then whole rounds taken back to the stock; or at the end of the deal
// before it (stock out), cards taken back to the packets and the reserve.
func dlEndgame(t *testing.T, g Game, rng *fastRand) {
	d := g.(*duchess)
	defer d.sync() // the score and the reserve's set
	d.lay.reset()
	d.redeals = dlRedeals
	fullPairs(&d.lay, dlFound)
	u := unplayer{&d.lay, rng}
	if rng.intn(2) == 0 {
		d.redeals = dlRedeals - 1
		for n := 6 + rng.intn(11); n > 0; n-- {
			d.lay.move(u.home(span(dlFound, dlFound+8)), rng.intn(dlPackets+1)) // P0 … P3, reserve
		}
		return
	}
	for n := 6 + rng.intn(11); n > 0; n-- {
		d.lay.move(u.home(span(dlFound, dlFound+8)), rng.intn(dlPackets))
	}
	for r := rng.intn(3); r > 0; r-- { // undeal a round: P3 … P0 back on the stock
		for p := dlPackets - 1; p >= 0; p-- {
			if d.lay.empty(p) {
				return
			}
		}
		for p := dlPackets - 1; p >= 0; p-- {
			d.lay.move(p, dlStock)
		}
	}
}

// shEndgame: after the deal, cards taken back into some rays (inner,
// middle, then the outer pile) and onto the talon, some turned back into
// the stock.
func shEndgame(t *testing.T, g Game, rng *fastRand) {
	s := g.(*shah)
	defer s.sync() // the facts the game keeps
	s.lay.reset()
	s.phase, s.redeals, s.idle = 2, 0, 0
	for su := Suit(0); su < NumSuits; su++ {
		for r := Ace; r <= Queen; r++ {
			s.lay.push(shFound+2*int(su), NewCard(r, su, 0))
			s.lay.push(shFound+2*int(su)+1, NewCard(r, su, 1))
		}
	}
	for su := Suit(0); su < NumSuits; su++ {
		for d := 0; d < 2; d++ {
			if su == 0 && d == 0 {
				s.lay.push(shShah, NewCard(King, su, d))
			} else {
				s.lay.push(shAside, NewCard(King, su, d))
			}
		}
	}
	u := unplayer{&s.lay, rng}
	founds := span(shFound, shFound+8)
	take := func(to int) bool {
		f := u.home(founds)
		if f < 0 || s.lay.size(f) == 1 { // the aces stay
			return false
		}
		s.lay.move(f, to)
		return true
	}
	for k := 0; k < shRays; k++ {
		if rng.intn(3) != 0 {
			continue // an empty ray: its places wait for fills
		}
		if !take(shInner+k) || !take(shMiddle+k) {
			return
		}
		for n := rng.intn(3); n >= 0; n-- {
			take(shOuter + k)
		}
	}
	for n := rng.intn(4); n > 0; n-- {
		take(shTalon)
	}
	if s.vacancy() < 0 {
		for n := rng.intn(3); n > 0 && !s.lay.empty(shTalon); n-- {
			s.lay.move(shTalon, shStock)
		}
	}
}

// wmEndgame: the stock out, 10 to 29 cards taken back off the foundations
// to the wings and the talon.
func wmEndgame(t *testing.T, g Game, rng *fastRand) {
	w := g.(*windmill)
	w.lay.reset()
	for i := 0; i < wmCentreN; i++ {
		w.lay.push(wmCentre, NewCard(Rank(i%NumRanks+1), Suit(i/NumRanks), 0))
	}
	for k := 0; k < 4; k++ {
		for r := King; r >= Ace; r-- {
			w.lay.push(wmCorner0+k, NewCard(r, Suit(k), 1))
		}
	}
	u := unplayer{&w.lay, rng}
	n := 10 + rng.intn(20)
	for i := 0; i < n; i++ {
		f := u.home(span(wmCentre, wmTalon))
		if f > wmCentre && w.lay.size(f) == 1 {
			continue // a corner king stays
		}
		if i < wmWings {
			w.lay.move(f, i)
		} else {
			w.lay.move(f, wmTalon)
		}
	}
	w.index()
}

// The Mill's endgame evaluation (wmEnd) agrees with exhaustive search on
// every endgame position both decide, and its first move replays.
func TestWindmillEndgameEval(t *testing.T) {
	rng := fastRand(23)
	var won, lost int
	for i := 0; i < 600; i++ {
		g, err := windmillSpec().NewDeal(Deal(2, uint64(i)), nil)
		if err != nil {
			t.Fatal(err)
		}
		wmEndgame(t, g, &rng)
		if rng.intn(2) == 0 {
			scramble(g, &rng)
		}
		w := g.(*windmill)
		if w.vacancy() >= 0 {
			continue
		}
		want, ok := decide(g, 50000)
		if !ok {
			continue
		}
		var e wmEnd
		switch got := e.eval(w); {
		case got == wmUnknown:
			continue
		case (got == wmWon) != want:
			t.Fatalf("evaluation says won=%v, exhaustive search %v:\n%s", got == wmWon, want, g)
		case got == wmWon:
			won++
			if e.first.find(w, w.LegalMoves(nil)) < 0 {
				t.Fatalf("the first move %+v of the win found is not legal:\n%s", e.first, g)
			}
		default:
			lost++
		}
	}
	t.Logf("%d won, %d lost endgames agree", won, lost)
	if won < 50 || lost < 10 {
		t.Fatalf("want both kinds: %d won, %d lost", won, lost)
	}
}
