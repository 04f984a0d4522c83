package engine

import (
	"slices"
	"testing"
)

// bcLayout is the crafted Constitution of the tests, dealt from the People
// up; the pack then starts with 3♣ 5♠.
const (
	bcTPeople  = "6H 8C 4D 4H 6C TS JS 2H"
	bcTCommons = "7S 9D 2S 5D 7H 3S 5C 9C"
	bcTLords   = "8H 4C 6S TD 8S 4S 6D 7D"
	bcTCouncil = "2C 2C' 3D 9S JH 5H 7C 8D"
	bcTPack    = "3C 5S"
)

func bcPile(row, col int) int { return row*bcCols + col }

func newBCT(t *testing.T, opts Options) *britishConstitution {
	t.Helper()
	front := acs(bcTPeople + " " + bcTCommons + " " + bcTLords + " " + bcTCouncil + " " + bcTPack)
	g, err := britishConstitutionSpec().NewDeal(craftPack(t, front), opts)
	if err != nil {
		t.Fatal(err)
	}
	checkCards(t, g)
	return g.(*britishConstitution)
}

func bcMove(k MoveKind, c Card, from, to int, rule RuleID) Move {
	return Move{Kind: k, From: uint8(from), To: uint8(to), Card: c, Card2: NoCard, Rule: rule}
}

var bcDraw = Move{Kind: MoveDraw, From: bcStock, To: bcTalon, Card: NoCard, Card2: NoCard, Rule: bcRuleTalon}

func TestBritishConstitutionCatalog(t *testing.T) {
	s := britishConstitutionSpec()
	testCatalog(t, s, bcRuleI, bcRuleII, bcRuleIII, bcRuleIV, bcRuleV, bcRuleVI, bcRuleSetup, bcRuleDeal, bcRuleOpening,
		bcRuleTalon, bcRuleRedeal, bcRuleWin, bcRuleS1, bcRuleS2)
	testMovesRuleIDs(t, s, nil)
	testMovesRuleIDs(t, s, Options{"fill": "free", "talon-build": "on"})
}

// british-constitution/setup and /deal: aces to the Government, the court
// cards set aside, four rows of eight dealt from the People up.
func TestBritishConstitutionDeal(t *testing.T) {
	g := newBCT(t, nil)
	rows := []string{bcTPeople, bcTCommons, bcTLords, bcTCouncil}
	for row, s := range rows {
		for col, c := range acs(s) {
			if got := pileCards(g, bcPile(row, col)); !slices.Equal(got, []Card{c}) {
				t.Errorf("%s = %v, want %v", g.PileName(bcPile(row, col)), got, c)
			}
		}
	}
	for f := bcF0; f < bcF0+8; f++ {
		got := pileCards(g, f)
		if len(got) != 1 || got[0].Rank() != Ace || got[0].Suit() != bcFoundationSuit(f) {
			t.Errorf("%s = %v", g.PileName(f), got)
		}
	}
	aside := pileCards(g, bcAside)
	if len(aside) != 16 {
		t.Fatalf("aside = %v, want 16 cards", aside)
	}
	for i, c := range aside {
		var ok bool
		switch {
		case i < 7:
			ok = c.Rank() == Queen && c != ac("QD") // the thrown-aside queens
		case i < 11:
			ok = c.Rank() == King && c.Color() == Red // the judges
		case i < 15:
			ok = c.Rank() == King && c.Color() == Black // the bishops
		default:
			ok = c == ac("QD") // the Sovereign, the first Q♦ of the pack
		}
		if !ok {
			t.Errorf("aside[%d] = %v; aside = %v", i, c, aside)
		}
	}
	stock := pileCards(g, bcStock)
	if len(stock) != 48 || slices.ContainsFunc(stock, func(c Card) bool { return c != NoCard }) {
		t.Errorf("pack = %v, want 48 hidden cards", stock)
	}
	if got := g.FullPile(nil, bcStock); got[len(got)-1] != ac("3C") {
		t.Errorf("pack top = %v, want 3♣", got[len(got)-1])
	}
	if g.Total() != 80 || g.Score() != 0 {
		t.Errorf("score %d/%d", g.Score(), g.Total())
	}
}

// Rules I and VI: the foundations are fed only from the Privy Council, in
// suit, up to the jack.
func TestBritishConstitutionRulesIandVI(t *testing.T) {
	g := newBCT(t, nil)
	c2, c2b := ac("2C"), ac("2C'")
	mustLegal(t, g.Clone(), bcMove(MoveFoundation, c2, bcPile(3, 0), bcF0+1, bcRuleI))
	mustIllegal(t, g, bcMove(MoveFoundation, ac("2H"), bcPile(0, 7), bcF0+4, bcRuleI), bcRuleI)  // from the People
	mustIllegal(t, g, bcMove(MoveFoundation, ac("3D"), bcPile(3, 2), bcF0+2, bcRuleI), bcRuleVI) // not the next rank
	mustIllegal(t, g, bcMove(MoveFoundation, c2, bcPile(3, 0), bcF0+2, bcRuleI), bcRuleVI)       // wrong suit
	mustIllegal(t, g, bcMove(MoveFoundation, c2, bcPile(3, 0), bcF0, bcRuleII), "")              // wrong rule ID
	mustIllegal(t, g, bcMove(MoveFoundation, c2, bcPile(3, 0), bcStock, bcRuleI), bcRuleI)       // not a foundation
	mustLegal(t, g, bcMove(MoveFoundation, c2, bcPile(3, 0), bcF0, bcRuleI))
	// PRV0 is now a vacancy: Rule V comes first, so even the other 2♣ waits.
	mustIllegal(t, g, bcMove(MoveFoundation, c2b, bcPile(3, 1), bcF0+1, bcRuleI), bcRuleV)
	mustLegal(t, g, bcMove(MoveFill, ac("4C"), bcPile(2, 1), bcPile(3, 0), bcRuleV))
	mustLegal(t, g, bcMove(MoveFill, ac("5C"), bcPile(1, 6), bcPile(2, 1), bcRuleV))
	mustLegal(t, g, bcMove(MoveFill, ac("6C"), bcPile(0, 4), bcPile(1, 6), bcRuleV))
	mustLegal(t, g, bcMove(MoveFoundation, c2b, bcPile(3, 1), bcF0+1, bcRuleI))
	if g.Score() != 2 {
		t.Errorf("score %d", g.Score())
	}
}

// Rules II, III and IV: a top card goes on the division immediately above,
// descending in alternating colours, any number of cards.
func TestBritishConstitutionBuilding(t *testing.T) {
	g := newBCT(t, nil)
	h8, s7 := ac("8H"), ac("7S")
	mustIllegal(t, g, bcMove(MoveBuild, ac("6S"), bcPile(2, 2), bcPile(3, 6), bcRuleII), bcRuleIV) // 6♠ on 7♣: same colour
	mustIllegal(t, g, bcMove(MoveBuild, ac("5D"), bcPile(1, 3), bcPile(2, 1), bcRuleII), bcRuleIV) // 5♦ on 4♣: ascending
	mustIllegal(t, g, bcMove(MoveBuild, ac("3D"), bcPile(3, 2), bcPile(2, 5), bcRuleII), bcRuleII) // downwards
	mustIllegal(t, g, bcMove(MoveBuild, ac("6C"), bcPile(0, 4), bcPile(2, 7), bcRuleII), bcRuleII) // skips a division
	mustIllegal(t, g, bcMove(MoveBuild, ac("6S"), bcPile(2, 2), bcPile(2, 7), bcRuleII), bcRuleII) // same division
	mustIllegal(t, g, bcMove(MoveBuild, h8, bcPile(2, 0), bcPile(3, 3), bcRuleIV), "")             // wrong rule ID
	mustLegal(t, g, bcMove(MoveBuild, h8, bcPile(2, 0), bcPile(3, 3), bcRuleII))
	// Rule V: LRD0 is a vacancy to fill from the Commons before anything else.
	mustIllegal(t, g, bcDraw, bcRuleV)
	mustIllegal(t, g, bcMove(MoveFill, ac("6H"), bcPile(0, 0), bcPile(2, 0), bcRuleV), bcRuleV) // not the division below
	if ms := g.LegalMoves(nil); len(ms) != 8 || slices.ContainsFunc(ms, func(m Move) bool { return m.Kind != MoveFill }) {
		t.Fatalf("with a vacancy pending the legal moves are %v, want the 8 fills from the Commons", ms)
	}
	mustLegal(t, g, bcMove(MoveFill, s7, bcPile(1, 0), bcPile(2, 0), bcRuleV))
	mustLegal(t, g, bcMove(MoveFill, ac("8C"), bcPile(0, 1), bcPile(1, 0), bcRuleV))
	// The People vacancy is filled at once from the pack (there is no talon).
	if got := pileCards(g, bcPile(0, 1)); !slices.Equal(got, acs("3C")) {
		t.Fatalf("PEO1 = %v, want 3♣ from the pack", got)
	}
	// Rule III: 9♠ under 8♥ is not available.
	mustIllegal(t, g, bcMove(MoveFoundation, ac("9S"), bcPile(3, 3), bcF0+6, bcRuleI), bcRuleIII)
	// Rule IV: any number of cards — 7♠ goes on 8♥ on 9♠.
	mustLegal(t, g, bcMove(MoveBuild, s7, bcPile(2, 0), bcPile(3, 3), bcRuleII))
	if got := pileCards(g, bcPile(3, 3)); !slices.Equal(got, acs("9S 8H 7S")) {
		t.Fatalf("PRV3 = %v", got)
	}
	// A vacancy is filled, never built on.
	mustIllegal(t, g, bcMove(MoveBuild, ac("8C"), bcPile(1, 0), bcPile(2, 0), bcRuleII), bcRuleV)
}

// Rule V: a People vacancy takes the talon top when there is a talon; pack
// and talon cards enter the Constitution only that way.
func TestBritishConstitutionTalon(t *testing.T) {
	g := newBCT(t, nil)
	mustIllegal(t, g, Move{Kind: MoveDraw, From: bcStock, To: bcTalon, Card: ac("3C"), Card2: NoCard, Rule: bcRuleTalon}, bcRuleTalon)
	mustLegal(t, g, bcDraw)
	mustLegal(t, g, bcDraw)
	if got := pileCards(g, bcTalon); !slices.Equal(got, acs("3C 5S")) {
		t.Fatalf("talon = %v", got)
	}
	// 3♣ on 4♦ of the People is not allowed in the book.
	mustIllegal(t, g, bcMove(MoveBuild, ac("5S"), bcTalon, bcPile(0, 0), bcRuleTalonBuild), bcRuleV)
	mustLegal(t, g, bcMove(MoveBuild, ac("8H"), bcPile(2, 0), bcPile(3, 3), bcRuleII))
	mustLegal(t, g, bcMove(MoveFill, ac("7S"), bcPile(1, 0), bcPile(2, 0), bcRuleV))
	mustLegal(t, g, bcMove(MoveFill, ac("6H"), bcPile(0, 0), bcPile(1, 0), bcRuleV))
	if got := pileCards(g, bcPile(0, 0)); !slices.Equal(got, acs("5S")) {
		t.Fatalf("PEO0 = %v, want the talon top 5♠", got)
	}
	if got := pileCards(g, bcTalon); !slices.Equal(got, acs("3C")) {
		t.Fatalf("talon = %v", got)
	}

	// Variant talon-build=on (PySolFC): the talon builds on the People.
	v := newBCT(t, Options{"talon-build": "on"})
	mustLegal(t, v, bcDraw)
	mustIllegal(t, v, bcMove(MoveBuild, ac("3C"), bcTalon, bcPile(1, 0), bcRuleTalonBuild), bcRuleTalonBuild)
	mustIllegal(t, v, bcMove(MoveBuild, ac("3C"), bcTalon, bcPile(0, 7), bcRuleTalonBuild), bcRuleIV)
	mustLegal(t, v, bcMove(MoveBuild, ac("3C"), bcTalon, bcPile(0, 2), bcRuleTalonBuild))
}

// Variant fill=free (PySolFC): vacancies of the upper divisions wait.
func TestBritishConstitutionFreeFill(t *testing.T) {
	g := newBCT(t, Options{"fill": "free"})
	mustLegal(t, g, bcMove(MoveFoundation, ac("2C"), bcPile(3, 0), bcF0, bcRuleI))
	mustLegal(t, g, bcMove(MoveFoundation, ac("2C'"), bcPile(3, 1), bcF0+1, bcRuleI))
	mustLegal(t, g, bcDraw)
	mustIllegal(t, g, bcMove(MoveFill, ac("7S"), bcPile(1, 0), bcPile(3, 0), bcRuleV), bcRuleV)
	mustLegal(t, g, bcMove(MoveFill, ac("4C"), bcPile(2, 1), bcPile(3, 0), bcRuleV))
}

// british-constitution/redeal: when the pack is out there is no re-deal.
func TestBritishConstitutionNoRedeal(t *testing.T) {
	g := newBCT(t, nil)
	for i := 0; i < 48; i++ {
		mustLegal(t, g, bcDraw)
	}
	mustIllegal(t, g, bcDraw, bcRuleRedeal)
	for _, m := range g.LegalMoves(nil) {
		if m.Kind == MoveRedeal || m.Kind == MoveDraw {
			t.Fatalf("move %v after the pack is out", m)
		}
	}
	if g.Redeals() != 0 {
		t.Fatal("redeals")
	}
}

// british-constitution/win: a hand-built position one card from the end
// (every foundation at the jack but one at the ten, the last jack in the
// Privy Council).
func TestBritishConstitutionWin(t *testing.T) {
	g := newBCT(t, nil)
	// Rebuild the layout by hand: all 2–J onto their foundations except J♠'.
	for i := 0; i <= bcTalon; i++ {
		for !g.lay.empty(i) && (i < bcF0 || i >= bcF0+8 || g.lay.size(i) > 1) {
			g.lay.pop(i)
		}
		g.setEmpty(i)
	}
	last := ac("JS'")
	for s := Clubs; s <= Spades; s++ {
		for d := 0; d < 2; d++ {
			f := bcF0 + 2*int(s) + d
			if g.lay.top(f).Suit() != s {
				t.Fatal("foundation suit")
			}
			for r := Rank(2); r <= Jack; r++ {
				c := NewCard(r, s, d)
				if c != last {
					g.lay.push(f, c)
				}
			}
		}
	}
	g.score = bcPlayed - 1
	g.lay.push(bcPile(3, 4), last)
	g.index()
	checkCards(t, g)
	if g.Won() || (g.Ending() != Playing) {
		t.Fatal("over too early")
	}
	mustLegal(t, g, bcMove(MoveFoundation, last, bcPile(3, 4), bcF0+7, bcRuleI))
	if !g.Won() || g.Ending() == Playing {
		t.Fatalf("not won\n%s", g)
	}
}

func TestBritishConstitutionRandomPlayouts(t *testing.T) {
	s := britishConstitutionSpec()
	for _, o := range []Options{nil, {"fill": "free"}, {"talon-build": "on"}} {
		testRandomPlayouts(t, s, o, 200)
		testGameContract(t, s, o)
	}
}

func BenchmarkBritishConstitutionRandom(b *testing.B) {
	benchRandom(b, britishConstitutionSpec(), nil)
}

// bcEndgame builds a position near the end of a game: every card 2–J on
// its foundation but k taken off the foundations' tops and laid back,
// highest rank first, each on a sequence it continues or on the first empty
// pile of the highest division with one (so that no vacancy waits above a
// card), and on the talon or in the pack once the Constitution is full.
func bcEndgame(t *testing.T, rng *fastRand, k int) *britishConstitution {
	t.Helper()
	g := newBCT(t, nil)
	for i := 0; i <= bcTalon; i++ {
		for !g.lay.empty(i) && (i < bcF0 || i >= bcF0+8 || g.lay.size(i) > 1) {
			g.lay.pop(i)
		}
	}
	for f := bcF0; f < bcF0+8; f++ {
		s := bcFoundationSuit(f)
		for r := Rank(2); r <= Jack; r++ {
			g.lay.push(f, NewCard(r, s, f&1))
		}
	}
	var out []Card
	for len(out) < k {
		f := bcF0 + rng.intn(8)
		if g.lay.size(f) > 1 {
			out = append(out, g.lay.pop(f))
		}
	}
	slices.SortFunc(out, func(a, b Card) int { return int(b.Rank()) - int(a.Rank()) })
	full := false
	for _, c := range out {
		var where []int // a sequence it continues has four chances
		for p := bcCols; p < bcCons; p++ {
			if bcSequenceFits(c, g.lay.top(p)) {
				where = append(where, p, p, p, p)
			}
		}
		full = true
	rows:
		for row := bcRows - 1; row >= 0; row-- {
			for p := row * bcCols; p < (row+1)*bcCols; p++ {
				if g.lay.empty(p) {
					where = append(where, p, p)
					full = false
					break rows
				}
			}
		}
		if full {
			where = append(where, bcTalon, bcStock)
		}
		g.lay.push(where[rng.intn(len(where))], c)
	}
	g.score = 0
	for f := bcF0; f < bcF0+8; f++ {
		g.score += uint8(g.lay.size(f) - 1)
	}
	g.index()
	checkCards(t, g)
	return g
}

// The search hooks on positions near the end of a game, where exhaustive
// search decides and safe moves arise (random playouts of a whole game
// seldom come near a win).
func TestBritishConstitutionHooksEndgames(t *testing.T) {
	var st hookStats
	keys := map[Key]bool{}
	rng := fastRand(11)
	for i := 0; i < 400; i++ {
		g := bcEndgame(t, &rng, 20+i%24)
		won, ok := decide(g, 20000)
		if !ok {
			continue
		}
		checkHooks(t, g, won, 20000, keys, &st)
	}
	t.Logf("%d positions decided (%d winnable), %d safe moves checked, %d dead ends", st.decided, st.won, st.safe, st.dead)
	if st.decided < 200 || st.won < 50 || st.safe < 50 {
		t.Fatalf("the check says too little: %+v", st)
	}
}

// bcRolloutChecks checks the rollout hooks on one position: RolloutMove
// names a legal move without changing the state, the same on a clone; a
// card goes home when one can; the pack is turned only when nothing else
// is legal; a move into the highest division open is chosen; and
// RolloutValue rates the position below a won one unless it is won.
func bcRolloutChecks(t *testing.T, g *britishConstitution) {
	t.Helper()
	legal := g.LegalMoves(nil)
	if len(legal) == 0 {
		return
	}
	i := checkedRolloutMove(t, g, legal)
	m := legal[i]
	top := -1
	for _, o := range legal {
		switch o.Kind {
		case MoveFoundation:
			if m.Kind != MoveFoundation {
				t.Fatalf("%v chosen over the play %v\n%s", m, o, g)
			}
		case MoveBuild, MoveFill:
			top = max(top, int(o.To)/bcCols)
		}
	}
	if m.Kind == MoveDraw && top >= 0 {
		t.Fatalf("the pack turned while a build or fill is legal\n%s", g)
	}
	if (m.Kind == MoveBuild || m.Kind == MoveFill) && int(m.To)/bcCols != top {
		t.Fatalf("%v goes to division %d, one to division %d is legal\n%s", m, int(m.To)/bcCols, top, g)
	}
	if v := g.RolloutValue(); (v >= 1000*bcPlayed) != g.Won() {
		t.Fatalf("RolloutValue %d, won %v", v, g.Won())
	}
}

// The rollout hooks (engine.Roller) on the positions of random playouts
// and near the end of a game; and the heuristic's own playouts win some of
// the endgames exhaustive search says are won, and none it says are lost.
func TestBritishConstitutionRollouts(t *testing.T) {
	rng := fastRand(5)
	for seed := uint64(1); seed <= 20; seed++ {
		g, err := britishConstitutionSpec().New(seed, nil)
		if err != nil {
			t.Fatal(err)
		}
		bc := g.(*britishConstitution)
		for n := 0; n < 400; n++ {
			bcRolloutChecks(t, bc)
			legal := bc.LegalMoves(nil)
			if len(legal) == 0 {
				break
			}
			if err := bc.Apply(legal[rng.intn(len(legal))]); err != nil {
				t.Fatal(err)
			}
		}
	}
	won, wins, decided := 0, 0, 0
	for i := 0; i < 200; i++ {
		g := bcEndgame(t, &rng, 20+i%24)
		bcRolloutChecks(t, g)
		want, ok := decide(g, 20000)
		if !ok {
			continue
		}
		decided++
		if want {
			wins++
		}
		if rollOut(t, g, func() { bcRolloutChecks(t, g) }) {
			if !want {
				t.Fatalf("a playout won a position exhaustive search says is lost")
			}
			won++
		}
	}
	t.Logf("%d endgames decided (%d winnable), the heuristic alone won %d", decided, wins, won)
	if decided < 100 || won == 0 {
		t.Fatalf("the check says too little: %d decided, %d won by the heuristic", decided, won)
	}
}

// TestOpeningsAfter checks OpeningsAfter against the moves LegalMoves lists
// after Apply on a copy, at every legal move of the positions of random
// playouts of every variant (and both variants together): the plays and
// builds whose card and target top were not face down in the pack before
// the move, none while a vacancy waits; false for the moves other than
// Rule II builds and fills.
func TestOpeningsAfter(t *testing.T) {
	deals := 150
	if testing.Short() {
		deals = 30
	}
	s := britishConstitutionSpec()
	optsList := append(variantOptions(s), Options{"fill": "free", "talon-build": "on"})
	for _, opts := range optsList {
		var after []Move
		var got []Openings
		var stock []Card
		handled, hidden, waiting, talonBuilds := 0, 0, 0, 0
		randomPlayouts(t, s, opts, deals, func(seed uint64, n int, gg Game, legal []Move) {
			g := gg.(*britishConstitution)
			stock = g.FullPile(stock[:0], bcStock)
			inStock := func(c Card) bool { return c != NoCard && slices.Contains(stock, c) }
			h := g.Hash()
			got = g.OpeningsAfter(legal, got[:0])
			if g.Hash() != h {
				t.Fatalf("%v seed %d move %d: OpeningsAfter changed the game", opts, seed, n)
			}
			if len(got) != len(legal) {
				t.Fatalf("%v: OpeningsAfter of %d moves appended %d", opts, len(legal), len(got))
			}
			for i, m := range legal {
				plays, builds, ok := got[i].Plays, got[i].Builds, got[i].OK
				handles := (m.Kind == MoveBuild && m.Rule == bcRuleII) || m.Kind == MoveFill
				if ok != handles || !ok && (plays != 0 || builds != 0) {
					t.Fatalf("%v: OpeningsAfter(%v) = %+v", opts, m, got[i])
				}
				if !ok {
					continue
				}
				handled++
				c := g.Clone().(*britishConstitution)
				if err := c.Apply(m); err != nil {
					t.Fatal(err)
				}
				wantPlays, wantBuilds := 0, 0
				after = c.LegalMoves(after[:0])
				for _, x := range after {
					if inStock(x.Card) || x.Kind == MoveBuild && inStock(c.lay.top(int(x.To))) {
						hidden++
						continue
					}
					switch x.Kind {
					case MoveFoundation:
						wantPlays++
					case MoveBuild:
						wantBuilds++
						if x.Rule == bcRuleTalonBuild {
							talonBuilds++
						}
					}
				}
				if c.pending() {
					waiting++
				}
				if plays != wantPlays || builds != wantBuilds {
					t.Fatalf("%v seed %d move %d: OpeningsAfter(%v) = %d plays, %d builds, want %d, %d\n%s",
						opts, seed, n, m, plays, builds, wantPlays, wantBuilds, g)
				}
			}
		})
		if handled < deals || hidden == 0 || waiting == 0 && opts["fill"] != "free" || opts["talon-build"] == "on" && talonBuilds == 0 {
			t.Errorf("%v: %d moves handled, %d moves of pack cards, %d waiting vacancies, %d talon builds",
				opts, handled, hidden, waiting, talonBuilds)
		}
	}
}

// TestBritishConstitutionSingles checks Singles against Pile at every
// position of random playouts.
func TestBritishConstitutionSingles(t *testing.T) {
	s := britishConstitutionSpec()
	var legal []Move
	var pile []Card
	singles := 0
	for seed := uint64(1); seed <= 50; seed++ {
		gg, err := s.New(seed, nil)
		if err != nil {
			t.Fatal(err)
		}
		g := gg.(*britishConstitution)
		r := NewRand(seed)
		for n := 0; n < s.MaxMoves; n++ {
			got := g.Singles()
			for p := 0; p < bcCons; p++ {
				pile = g.Pile(pile[:0], p)
				if (got>>p&1 != 0) != (len(pile) == 1) {
					t.Fatalf("seed %d move %d: pile %d = %v: single %v", seed, n, p, pile, got>>p&1 != 0)
				}
				if len(pile) == 1 {
					singles++
				}
			}
			legal = g.LegalMoves(legal[:0])
			if len(legal) == 0 {
				break
			}
			if err := g.Apply(legal[r.IntN(len(legal))]); err != nil {
				t.Fatal(err)
			}
		}
	}
	if singles == 0 {
		t.Fatal("no pile of one card met")
	}
}

// TestMovesAfterDraw checks MovesAfterDraw against LegalMoves after every
// draw of random playouts of every variant (and both together), listing
// into another array and in place, and that it declines a list that does
// not end with a draw.
func TestMovesAfterDraw(t *testing.T) {
	s := britishConstitutionSpec()
	optsList := append(variantOptions(s), Options{"fill": "free", "talon-build": "on"})
	for _, opts := range optsList {
		var got, want, inPlace []Move
		draws, talonBuilds, last := 0, 0, 0
		randomPlayouts(t, s, opts, 100, func(seed uint64, n int, gg Game, legal []Move) {
			g := gg.(*britishConstitution)
			if len(legal) == 0 {
				return
			}
			if m := legal[len(legal)-1]; m.Kind == MoveDraw {
				c := g.Clone().(*britishConstitution)
				if err := c.Apply(m); err != nil {
					t.Fatal(err)
				}
				var ok bool
				got, ok = c.MovesAfterDraw(legal, got[:0])
				want = c.LegalMoves(want[:0])
				if !ok || !slices.Equal(got, want) {
					t.Fatalf("%v seed %d move %d: MovesAfterDraw = %v, %v, want %v", opts, seed, n, got, ok, want)
				}
				// In place: the moves before the draw in the array the
				// moves after it are listed in.
				inPlace = append(inPlace[:0], legal...)
				if got, ok = c.MovesAfterDraw(inPlace, inPlace[:0]); !ok || !slices.Equal(got, want) {
					t.Fatalf("%v seed %d move %d: MovesAfterDraw in place = %v, %v, want %v", opts, seed, n, got, ok, want)
				}
				draws++
				for _, x := range got {
					if x.Rule == bcRuleTalonBuild {
						talonBuilds++
					}
				}
				if len(got) == 0 || got[len(got)-1].Kind != MoveDraw {
					last++ // the pack ran out
				}
			} else if _, ok := g.MovesAfterDraw(legal, nil); ok {
				t.Fatalf("%v: MovesAfterDraw accepted %v", opts, legal)
			}
		})
		if draws == 0 || last == 0 || opts["talon-build"] == "on" && talonBuilds == 0 {
			t.Errorf("%v: %d draws, %d of the last card, %d talon builds after them", opts, draws, last, talonBuilds)
		}
	}
}

// TestBritishConstitutionKept checks what Apply keeps (empty, single,
// score and bcKept: the tops' keys per division, the foundations' next
// ranks, the Council's plays, the pending vacancy) against index, which
// reads it all from the piles, at every position of random playouts of
// every variant.
func TestBritishConstitutionKept(t *testing.T) {
	s := britishConstitutionSpec()
	for _, opts := range []Options{nil, {"fill": "free"}, {"talon-build": "on"}, {"fill": "free", "talon-build": "on"}} {
		randomPlayouts(t, s, opts, 1000, func(seed uint64, ply int, gg Game, _ []Move) {
			g := gg.(*britishConstitution)
			want := *g
			want.index()
			if g.empty != want.empty || g.single != want.single || g.score != want.score || g.k != want.k {
				t.Fatalf("%v seed %d move %d: kept %b %b %d %+v, piles give %b %b %d %+v", opts, seed, ply,
					g.empty, g.single, g.score, g.k, want.empty, want.single, want.score, want.k)
			}
		})
	}
}
