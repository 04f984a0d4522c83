package engine

import "testing"

// zoRollChecks checks the rollout hooks on g: RolloutMove is a pure
// function of the state, plays home in phase two (a play that keeps its
// suit winnable when there is one), fills a vacancy before anything but
// a marriage towards the middle ranks, and makes a
// marriage before the draw or re-deal only when its suit's relaxation
// stays winnable; RolloutValue counts the cards home first.
func zoRollChecks(t *testing.T, g *zodiac) {
	t.Helper()
	if v, s := g.RolloutValue(), g.Score(); v < zoRollHome*s || v >= zoRollHome*(s+1) {
		t.Fatalf("RolloutValue %d with %d cards home", v, s)
	}
	legal := g.LegalMoves(nil)
	if len(legal) == 0 {
		return
	}
	i := checkedRolloutMove(t, g, legal)
	m := legal[i]
	after := func(o Move) bool { // o's suit stays winnable after o
		c := g.Clone().(*zodiac)
		mustApply(t, c, o)
		var z zoSuit
		return z.feasible(c, o.Card.Suit())
	}
	keeps := after(m)
	for _, o := range legal {
		switch {
		case o.Kind == MoveFoundation && m.Kind != MoveFoundation:
			t.Fatalf("%v chosen over the play %v\n%s", m, o, g)
		case o.Kind == MoveFoundation && !keeps && after(o):
			t.Fatalf("%v chosen over %v, which keeps its suit winnable\n%s", m, o, g)
		case o.Kind == MoveFill && m.Kind != MoveFill && !(m.Kind == MoveBuild && g.marriageScore(m) < 0 && keeps):
			t.Fatalf("%v chosen over the fill %v\n%s", m, o, g)
		case (o.Kind == MoveDraw || o.Kind == MoveRedeal) && m.Kind == MoveBuild && !keeps:
			t.Fatalf("the marriage %v loses its suit's relaxation while %v is legal\n%s", m, o, g)
		}
	}
}

// TestZodiacRollouts checks the rollout heuristic on playouts (mostly
// its own moves, now and then a random one), that the hooks do not
// allocate, and that the heuristic wins every phase two whose suits are
// all winnable (there the relaxation is the game itself) and some deals
// outright.
func TestZodiacRollouts(t *testing.T) {
	rng := fastRand(11)
	reached := 0
	for seed := uint64(1); seed <= 12; seed++ {
		g0, err := zodiacSpec().New(seed, nil)
		if err != nil {
			t.Fatal(err)
		}
		g := g0.(*zodiac)
		for n := 0; n < 800; n++ {
			zoRollChecks(t, g)
			legal := g.LegalMoves(nil)
			if len(legal) == 0 {
				break
			}
			i := g.RolloutMove(legal)
			if rng.intn(8) == 0 {
				i = rng.intn(len(legal))
			}
			mustApply(t, g, legal[i])
		}
		if g.phase2() {
			reached++
		}
	}
	if reached == 0 {
		t.Fatal("no playout reached phase two")
	}
	g0, _ := zodiacSpec().New(3, nil)
	g := g0.(*zodiac)
	legal := g.LegalMoves(nil)
	if n := testing.AllocsPerRun(100, func() { g.RolloutMove(legal); g.RolloutValue() }); n != 0 {
		t.Fatalf("the rollout hooks allocate (%v a call)", n)
	}
	won, wholePhase2 := 0, 0
	for seed := uint64(1); seed <= 60; seed++ {
		g0, _ := zodiacSpec().New(seed, nil)
		g := g0.(*zodiac)
		checked, whole := false, false
		for n := 0; n < 3000 && !g.Won(); n++ {
			if g.phase2() && !checked {
				checked = true
				var z zoSuit
				all := true
				for su := Suit(0); su < NumSuits; su++ {
					all = all && z.feasible(g, su)
				}
				if all {
					wholePhase2++
					whole = true
				}
			}
			legal := g.LegalMoves(nil)
			if len(legal) == 0 {
				break
			}
			i := g.SafeMove(legal)
			if i < 0 {
				i = g.RolloutMove(legal)
			}
			mustApply(t, g, legal[i])
		}
		if whole && !g.Won() {
			t.Fatalf("seed %d: the heuristic lost a phase two whose suits were all winnable\n%s", seed, g)
		}
		if g.Won() {
			won++
		}
	}
	t.Logf("the heuristic alone won %d of 60 deals; %d reached a winnable phase two", won, wholePhase2)
	if won == 0 || wholePhase2 == 0 {
		t.Fatalf("the check says too little: %d won, %d winnable phase twos", won, wholePhase2)
	}
}
