package engine

import (
	"slices"
	"testing"
)

// The crafted Zodiac deal of the tests: the Equator, then the Zodiac, then
// the pack from its top.
const (
	zoTEquator = "5H 9C KD 2S 7H JC 3D 8H"
	zoTZodiac  = "6H 8C 4S TC AD 5C 9H 3S JD 2C 6D 8S TH 4D QC 7S KH 2H 9D 5S JH 3C 7D QH"
	zoTPack    = "6H' 4H 5H'"
)

func newZodiacT(t *testing.T, opts Options) *zodiac {
	t.Helper()
	front := acs(zoTEquator + " " + zoTZodiac + " " + zoTPack)
	g, err := zodiacSpec().NewDeal(craftPack(t, front), opts)
	if err != nil {
		t.Fatal(err)
	}
	checkCards(t, g)
	return g.(*zodiac)
}

func zoZ(i int) int { return zoZ0 + i }

func zoMove(k MoveKind, c Card, from, to int, rule RuleID) Move {
	return Move{Kind: k, From: uint8(from), To: uint8(to), Card: c, Card2: NoCard, Rule: rule}
}

var (
	zoDrawMove   = Move{Kind: MoveDraw, From: zoStock, To: zoTalon, Card: NoCard, Card2: NoCard, Rule: zoRuleDraw}
	zoRedealMove = Move{Kind: MoveRedeal, From: zoTalon, To: zoStock, Card: NoCard, Card2: NoCard, Rule: zoRuleRedeal}
)

func TestZodiacCatalog(t *testing.T) {
	s := zodiacSpec()
	testCatalog(t, s, zoRuleI, zoRuleII, zoRuleDeal, zoRuleFill, zoRuleDraw, zoRuleRedeal, zoRuleStall,
		zoRulePhase2, zoRuleWin, zoRuleS1, zoRuleS2)
	testMovesRuleIDs(t, s, nil)
	testMovesRuleIDs(t, s, Options{"phase2-marriages": "equator"})
}

// zodiac/deal: eight Equator cards, then twenty-four Zodiac cards.
func TestZodiacDeal(t *testing.T) {
	g := newZodiacT(t, nil)
	for i, c := range acs(zoTEquator) {
		if got := pileCards(g, zoE0+i); !slices.Equal(got, []Card{c}) {
			t.Errorf("E%d = %v, want %v", i, got, c)
		}
	}
	for i, c := range acs(zoTZodiac) {
		if got := pileCards(g, zoZ(i)); !slices.Equal(got, []Card{c}) {
			t.Errorf("Z%d = %v, want %v", i, got, c)
		}
	}
	stock := pileCards(g, zoStock)
	if len(stock) != 72 || slices.ContainsFunc(stock, func(c Card) bool { return c != NoCard }) {
		t.Errorf("pack = %v, want 72 hidden cards", stock)
	}
	for f := zoFA; f < zoFK+4; f++ {
		if !g.lay.empty(f) {
			t.Errorf("%s is laid before the end", g.PileName(f))
		}
	}
}

// zodiac/I: same-suit marriages up or down onto the Zodiac, from the talon,
// the pack card just turned or the Equator; never among Zodiac cards, among
// Equator cards, or from the Zodiac to the Equator.
func TestZodiacRuleI(t *testing.T) {
	g := newZodiacT(t, nil)
	h5, h7 := ac("5H"), ac("7H")
	mustLegal(t, g.Clone(), zoMove(MoveBuild, ac("9C"), zoE0+1, zoZ(1), zoRuleI))      // 9♣ up on 8♣
	mustLegal(t, g.Clone(), zoMove(MoveBuild, ac("3D"), zoE0+6, zoZ(13), zoRuleI))     // 3♦ down on 4♦
	mustIllegal(t, g, zoMove(MoveBuild, ac("4S"), zoZ(2), zoZ(7), zoRuleI), zoRuleI)   // Zodiac to Zodiac
	mustIllegal(t, g, zoMove(MoveBuild, ac("3S"), zoZ(7), zoE0+3, zoRuleI), zoRuleI)   // Zodiac to Equator
	mustIllegal(t, g, zoMove(MoveBuild, h7, zoE0+4, zoE0+7, zoRuleI), zoRuleI)         // Equator to Equator
	mustIllegal(t, g, zoMove(MoveBuild, h5, zoE0, zoZ(2), zoRuleI), zoRuleI)           // 5♥ on 4♠: not the same suit
	mustIllegal(t, g, zoMove(MoveBuild, ac("8H"), zoE0+7, zoZ(0), zoRuleI), zoRuleI)   // 8♥ on 6♥: two apart
	mustIllegal(t, g, zoMove(MoveBuild, h5, zoE0, zoZ(0), zoRuleII), "")               // wrong rule ID
	mustIllegal(t, g, zoMove(MoveBuild, ac("6H'"), zoStock, zoZ(0), zoRuleI), zoRuleI) // the pack card is turned first
	mustLegal(t, g, zoMove(MoveBuild, h5, zoE0, zoZ(0), zoRuleI))
	// Both directions in one packet: 6♥ 5♥, then 6♥' from the pack, then 7♥.
	mustLegal(t, g, zoDrawMove)
	mustLegal(t, g, zoMove(MoveBuild, ac("6H'"), zoTalon, zoZ(0), zoRuleI))
	mustLegal(t, g, zoMove(MoveBuild, h7, zoE0+4, zoZ(0), zoRuleI))
	if got := pileCards(g, zoZ(0)); !slices.Equal(got, acs("6H 5H 6H' 7H")) {
		t.Fatalf("Z0 = %v", got)
	}

	// Variant equator-marriages=off: the literal Russian reading.
	v := newZodiacT(t, Options{"equator-marriages": "off"})
	mustIllegal(t, v, zoMove(MoveBuild, h5, zoE0, zoZ(0), zoRuleI), zoRuleI)
	for i := 0; i < 3; i++ {
		mustLegal(t, v, zoDrawMove)
	}
	mustLegal(t, v, zoMove(MoveBuild, ac("5H'"), zoTalon, zoZ(0), zoRuleI)) // the talon still marries
}

// zodiac/fill: an Equator vacancy takes the talon top, or the pack card when
// there is no talon; it is optional.
func TestZodiacFill(t *testing.T) {
	g := newZodiacT(t, nil)
	mustIllegal(t, g, zoMove(MoveFill, ac("6H'"), zoTalon, zoE0, zoRuleFill), zoRuleFill) // no vacancy
	mustLegal(t, g, zoMove(MoveBuild, ac("5H"), zoE0, zoZ(0), zoRuleI))
	// No talon: the pack fills the vacancy, face down in the move.
	mustIllegal(t, g, zoMove(MoveFill, ac("6H'"), zoStock, zoE0, zoRuleFill), zoRuleFill)
	mustLegal(t, g.Clone(), zoMove(MoveFill, NoCard, zoStock, zoE0, zoRuleFill))
	mustLegal(t, g, zoDrawMove)
	mustIllegal(t, g, zoMove(MoveFill, NoCard, zoStock, zoE0, zoRuleFill), zoRuleFill) // there is a talon now
	mustIllegal(t, g, zoMove(MoveFill, ac("8C"), zoZ(1), zoE0, zoRuleFill), zoRuleFill)
	// Filling is optional: drawing on is legal with the vacancy open.
	mustLegal(t, g.Clone(), zoDrawMove)
	mustLegal(t, g, zoMove(MoveFill, ac("6H'"), zoTalon, zoE0, zoRuleFill))
	if got := pileCards(g, zoE0); !slices.Equal(got, acs("6H'")) {
		t.Fatalf("E0 = %v", got)
	}
	// An Equator card does not go on an occupied cell.
	mustLegal(t, g, zoDrawMove)
	mustIllegal(t, g, zoMove(MoveFill, ac("4H"), zoTalon, zoE0+1, zoRuleFill), zoRuleFill)
}

// zodiac/redeal and zodiac/stall: the talon is dealt again as often as a pass
// places a card; a pass that places nothing ends the game.
func TestZodiacRedealAndStall(t *testing.T) {
	g := newZodiacT(t, nil)
	first := g.FullPile(nil, zoStock)
	for i := 0; i < 72; i++ {
		mustIllegal(t, g, zoRedealMove, zoRuleRedeal)
		mustLegal(t, g, zoDrawMove)
	}
	mustIllegal(t, g, zoDrawMove, zoRuleDraw)
	mustIllegal(t, g, zoRedealMove, zoRuleStall) // nothing placed in this pass
	mustLegal(t, g, zoMove(MoveBuild, ac("5H"), zoE0, zoZ(0), zoRuleI))
	mustLegal(t, g, zoRedealMove)
	if !slices.Equal(g.FullPile(nil, zoStock), first) {
		t.Fatal("the re-dealt pack is not the talon turned over")
	}
	if g.Redeals() != 1 {
		t.Fatalf("Redeals() = %d", g.Redeals())
	}
	for i := 0; i < 72; i++ {
		mustLegal(t, g, zoDrawMove)
	}
	mustIllegal(t, g, zoRedealMove, zoRuleStall)
	// Equator fills count as placing a card.
	mustLegal(t, g, zoMove(MoveFill, g.lay.top(zoTalon), zoTalon, zoE0, zoRuleFill))
	mustLegal(t, g, zoRedealMove)

	// A deal whose random play stalls ends as lost.
	lost := newZodiacT(t, Options{"equator-marriages": "off"})
	for lost.Ending() == Playing {
		mustLegal(t, lost, lost.LegalMoves(nil)[len(lost.LegalMoves(nil))-1])
	}
	if lost.Won() {
		t.Fatalf("stalled game not lost\n%s", lost)
	}
}

// zoPhase2Position hand-builds a position where every card is placed: Zodiac
// piles 0–7 hold one suit of one deck each, so that every foundation can be
// built straight off them, and the Equator holds K♠' taken from pile 7.
func zoPhase2Position(t *testing.T, opts Options) *zodiac {
	t.Helper()
	g := newZodiacT(t, opts)
	g.lay.reset()
	for s := Clubs; s <= Spades; s++ {
		for r := King; r >= Ace; r-- { // deck 0: the ace on top
			g.lay.push(zoZ(2*int(s)), NewCard(r, s, 0))
		}
		for r := Ace; r <= King; r++ { // deck 1: the king on top
			g.lay.push(zoZ(2*int(s)+1), NewCard(r, s, 1))
		}
	}
	g.lay.move(zoZ(7), zoE0)
	g.indexTops()
	checkCards(t, g)
	if !g.phase2() {
		t.Fatal("not in phase two")
	}
	return g
}

// zodiac/II and zodiac/phase2: only once every card is placed, aces up and
// kings down in suit, from Zodiac tops and the Equator, without marriages.
func TestZodiacPhase2(t *testing.T) {
	// In phase one no foundation is laid.
	g1 := newZodiacT(t, nil)
	mustIllegal(t, g1, zoMove(MoveFoundation, ac("AD"), zoZ(4), zoFA+int(Diamonds), zoRuleII), zoRulePhase2)

	g := zoPhase2Position(t, nil)
	aceC, kc, c2, ks := ac("AC"), ac("KC'"), ac("2C"), ac("KS'")
	mustIllegal(t, g, zoMove(MoveFoundation, aceC, zoZ(0), zoFK+int(Clubs), zoRuleII), zoRuleII)
	mustIllegal(t, g, zoMove(MoveFoundation, aceC, zoZ(0), zoFA+int(Diamonds), zoRuleII), zoRuleII)
	mustIllegal(t, g, zoMove(MoveFoundation, kc, zoZ(1), zoFA+int(Clubs), zoRuleII), zoRuleII)
	mustIllegal(t, g, zoMove(MoveFoundation, c2, zoZ(0), zoFA+int(Clubs), zoRuleII), zoRulePhase2) // under the ace
	mustIllegal(t, g, zoMove(MoveFoundation, aceC, zoZ(0), zoFA+int(Clubs), zoRuleI), "")
	// No marriages in phase two (zodiac/phase2 in docs/games.md).
	mustIllegal(t, g, zoMove(MoveBuild, ks, zoE0, zoZ(7), zoRuleI), zoRulePhase2)
	mustIllegal(t, g, zoMove(MoveFill, ks, zoZ(7), zoE0+1, zoRuleFill), zoRulePhase2)
	mustIllegal(t, g, zoDrawMove, "")
	mustLegal(t, g, zoMove(MoveFoundation, aceC, zoZ(0), zoFA+int(Clubs), zoRuleII))
	mustLegal(t, g, zoMove(MoveFoundation, c2, zoZ(0), zoFA+int(Clubs), zoRuleII))
	mustLegal(t, g, zoMove(MoveFoundation, kc, zoZ(1), zoFK+int(Clubs), zoRuleII))
	mustLegal(t, g, zoMove(MoveFoundation, ks, zoE0, zoFK+int(Spades), zoRuleII)) // the Equator is a source
	for g.Ending() == Playing {
		mustLegal(t, g, g.LegalMoves(nil)[0])
	}
	if !g.Won() || g.Score() != 104 {
		t.Fatalf("not won: %d\n%s", g.Score(), g)
	}

	// Variant phase2-marriages=equator (PySolFC): Equator to Zodiac still.
	v := zoPhase2Position(t, Options{"phase2-marriages": "equator"})
	mustIllegal(t, v, zoMove(MoveBuild, ac("QS'"), zoZ(7), zoZ(6), zoRuleI), zoRuleI)
	mustLegal(t, v, zoMove(MoveBuild, ks, zoE0, zoZ(7), zoRuleI))
}

func TestZodiacRandomPlayouts(t *testing.T) {
	s := zodiacSpec()
	for _, o := range []Options{nil, {"phase2-marriages": "equator"}, {"equator-marriages": "off"}} {
		testRandomPlayouts(t, s, o, 100)
		testGameContract(t, s, o)
	}
}

// A careful strategy reaches phase two on some deals: marry or fill only
// from the talon, and prefer marriages. This exercises the whole game.
func TestZodiacReachesPhase2(t *testing.T) {
	s := zodiacSpec()
	reached := 0
	for seed := uint64(1); seed <= 100; seed++ {
		g, err := s.New(seed, nil)
		if err != nil {
			t.Fatal(err)
		}
		n := 0
		for g.Ending() == Playing && n < s.MaxMoves {
			ms := g.LegalMoves(nil)
			best := ms[len(ms)-1]
			for _, m := range ms {
				if m.Kind == MoveFoundation || m.From == zoTalon || m.From == zoStock && m.Kind == MoveFill {
					best = m
					break
				}
			}
			if err := g.Apply(best); err != nil {
				t.Fatal(err)
			}
			n++
		}
		checkCards(t, g)
		if g.Ending() == Playing {
			t.Fatalf("seed %d: not over after %d moves", seed, n)
		}
		if g.(*zodiac).phase2() {
			reached++
		}
	}
	t.Logf("phase two reached on %d of 100 deals", reached)
}

func BenchmarkZodiacRandom(b *testing.B) { benchRandom(b, zodiacSpec(), nil) }

// zoEndgame builds a phase-two position: every card on its foundation but
// k taken off the foundations' tops and laid back in a random order, each
// on an empty Equator cell, on a Zodiac pile it marries or on an empty
// Zodiac pile.
func zoEndgame(t *testing.T, rng *fastRand, k int) *zodiac { return zoLateGame(t, rng, k, 0, false) }

// zoLateGame is zoEndgame with the last `pack` cards laid back going to
// the pack or the talon instead: a position late in phase one (with the
// stall flag set at random); with fullEquator the first eight go to the
// Equator.
func zoLateGame(t *testing.T, rng *fastRand, k, pack int, fullEquator bool) *zodiac {
	t.Helper()
	g := newZodiacT(t, nil)
	g.lay.reset()
	for s := Clubs; s <= Spades; s++ {
		for r := Ace; r <= King; r++ {
			g.lay.push(zoFA+int(s), NewCard(r, s, 0))
			g.lay.push(zoFK+int(s), NewCard(NumRanks+1-r, s, 1))
		}
	}
	var out []Card
	for len(out) < k {
		if f := zoFA + rng.intn(8); !g.lay.empty(f) {
			out = append(out, g.lay.pop(f))
		}
	}
	for i := len(out) - 1; i > 0; i-- {
		j := rng.intn(i + 1)
		out[i], out[j] = out[j], out[i]
	}
	for i, c := range out {
		if i >= len(out)-pack {
			g.lay.push(zoStock+rng.intn(2), c)
			continue
		}
		var where []int
		if fullEquator && i < 8 {
			g.lay.push(zoE0+i, c)
			continue
		}
		for p := zoE0; p < zoZ0+zoZN; p++ {
			switch {
			case p < zoZ0 && g.lay.empty(p):
				where = append(where, p)
			case p >= zoZ0 && zoMarries(c, g.lay.top(p)):
				where = append(where, p, p, p, p, p, p)
			case p >= zoZ0 && g.lay.empty(p):
				where = append(where, p)
			}
		}
		g.lay.push(where[rng.intn(len(where))], c)
	}
	g.score = 0
	for f := zoFA; f < zoFK+4; f++ {
		g.score += uint8(g.lay.size(f))
	}
	g.placed = pack > 0 && rng.intn(2) == 0
	g.indexTops()
	checkCards(t, g)
	return g
}

// The search hooks on phase-two positions, where exhaustive search
// decides: DeadEnd there is exact (no winnable position is a dead end, and
// every lost one is), and the safe plays keep wins.
func TestZodiacHooksEndgames(t *testing.T) {
	var st hookStats
	keys := map[Key]bool{}
	rng := fastRand(5)
	for i := 0; i < 300; i++ {
		g := zoEndgame(t, &rng, 10+i%24)
		won, ok := decide(g, 20000)
		if !ok {
			continue
		}
		checkHooks(t, g, won, 20000, keys, &st)
		if !won && !g.DeadEnd() {
			t.Fatalf("a lost phase-two position is not a dead end:\n%s", g)
		}
	}
	t.Logf("%d positions decided (%d winnable), %d safe moves checked, %d dead ends", st.decided, st.won, st.safe, st.dead)
	if st.decided < 200 || st.won < 50 || st.dead < 50 || st.safe < 50 {
		t.Fatalf("the check says too little: %+v", st)
	}
}

// The search hooks late in phase one, where exhaustive search decides:
// DeadEnd (the relaxation) never calls a winnable position lost.
func TestZodiacHooksLatePhaseOne(t *testing.T) {
	var st hookStats
	keys := map[Key]bool{}
	rng := fastRand(9)
	overflows := 0
	for i := 0; i < 260; i++ {
		// Mostly small positions; every fourth with a full Equator and
		// more cards in the pack, where the overflow test fires.
		g := zoLateGame(t, &rng, 8+i%10, 1+i%4, false)
		if i%4 == 3 {
			g = zoLateGame(t, &rng, 20+i%8, 9+i%4, true)
		}
		won, ok := decide(g, 20000)
		if !ok {
			continue
		}
		if g.Clone().(*zodiac).overflow() {
			overflows++
			if won {
				t.Fatalf("overflow on a winnable position:\n%s", g)
			}
		}
		checkHooks(t, g, won, 20000, keys, &st)
	}
	t.Logf("%d positions decided (%d winnable), %d dead ends (%d by overflow)", st.decided, st.won, st.dead, overflows)
	if st.decided < 100 || st.won < 20 || st.dead < 10 || overflows == 0 {
		t.Fatalf("the check says too little: %+v", st)
	}
}
