package engine

import "testing"

// Positions and crafted packs for shah. Piles: I0–I7 (0–7), M0–M7 (8–15),
// O0–O7 (16–23), F0–F7 (24–31; F(2s), F(2s+1) suit s), talon 32, stock 33.

func newShahT(t *testing.T, top string, opts Options) *shah {
	t.Helper()
	g, err := shahSpec().NewDeal(crafted(2, top), opts)
	if err != nil {
		t.Fatal(err)
	}
	return g.(*shah)
}

// shPos builds a position after the deal: rays as "inner middle outer…"
// ("-" an empty place; the outer part may hold married cards), foundation
// heights (suit s's cards from the ace), talon (bottom first), stock (top
// first); the cards placed nowhere take no part.
func shPos(t *testing.T, opts Options, rays [8]string, heights [8]int, talon, stock string) *shah {
	t.Helper()
	g := newShahT(t, "", opts)
	g.phase = 2
	pl := newPlacer(t, &g.lay)
	for k, s := range rays {
		for i, f := range splitFields(s) {
			if f == "-" {
				continue
			}
			switch i {
			case 0:
				pl.put(shInner+k, ac(f))
			case 1:
				pl.put(shMiddle+k, ac(f))
			default:
				pl.put(shOuter+k, ac(f))
			}
		}
	}
	pl.putAll(shTalon, talon)
	pl.stock(shStock, stock)
	for f, h := range heights {
		for i := 0; i < h; i++ {
			pl.home(shFound+f, Rank(i+1), Suit(f/2))
		}
	}
	g.sync() // the facts the game keeps, from the piles placed
	return g
}

func splitFields(s string) []string {
	var out []string
	cur := ""
	for _, r := range s {
		if r == ' ' {
			if cur != "" {
				out = append(out, cur)
			}
			cur = ""
			continue
		}
		cur += string(r)
	}
	if cur != "" {
		out = append(out, cur)
	}
	return out
}

func shPlay(from, f int, c string, rule RuleID) Move {
	return Move{Kind: MoveFoundation, From: uint8(from), To: uint8(shFound + f), Card: ac(c), Card2: NoCard, Rule: rule}
}

func shMarry(from, k int, c string) Move {
	return Move{Kind: MoveBuild, From: uint8(from), To: uint8(shOuter + k), Card: ac(c), Card2: NoCard, Rule: shRuleII}
}

func shFillMove(from, to int, c Card) Move {
	return Move{Kind: MoveFill, From: uint8(from), To: uint8(to), Card: c, Card2: NoCard, Rule: shRuleVacancy}
}

// (shDealMove, shDrawMove and shRedealMove are the engine's.)
var (
	shOnes = [8]int{1, 1, 1, 1, 1, 1, 1, 1}
	// shRayFill: outer cards all nines, so no marriage and no play.
	shRayFill = [8]string{"8D 8D' 9C", "8C 8C' 9C'", "8H 8H' 9D", "8S 8S' 9D'", "TD TD' 9H", "TC TC' 9H'", "TH TH' 9S", "TS TS' 9S'"}
)

// Setup (Rule III, shah/setup): the eight aces become the foundations and
// the eight kings leave the game, the last one the Shah, before play; the
// first circle is then dealt from the top, left to right.
func TestShahSetup(t *testing.T) {
	g := newShahT(t, "KH 5C AS KC 6C 7C KD' 8C 9C TC JC QC", nil)
	for f := 0; f < 8; f++ {
		if fp := g.FullPile(nil, shFound+f); len(fp) != 1 || fp[0].Rank() != Ace || int(fp[0].Suit()) != f/2 {
			t.Fatalf("F%d = %v, want an ace of suit %d", f, fp, f/2)
		}
	}
	aside, sh := g.FullPile(nil, shAside), g.FullPile(nil, shShah)
	if len(aside) != 7 || aside[0] != ac("KH") || aside[1] != ac("KC") || aside[2] != ac("KD'") || len(sh) != 1 || sh[0].Rank() != King {
		t.Fatalf("aside %v, shah %v", aside, sh)
	}
	want := acs("5C 6C 7C 8C 9C TC JC QC")
	for k, c := range want {
		if g.at(shInner+k) != c {
			t.Fatalf("I%d = %s, want %s", k, g.at(shInner+k), c)
		}
	}
	if g.lay.size(shStock) != 88-8 || g.Score() != 8 || g.Total() != 96 {
		t.Fatalf("stock %d score %d total %d", g.lay.size(shStock), g.Score(), g.Total())
	}
	if err := checkConservation(g, 2); err != nil {
		t.Fatal(err)
	}
}

// The deal (shah/deal, Rule I): the circle just dealt is available, a played
// card's space is refilled at once from the pack; the next circle covers it.
func TestShahDeal(t *testing.T) {
	g := newShahT(t, "5C 2H 7C 8C 9C TC JC QC 3H 4D 5D 6D 7D 8D 9D TD JD QD 2C 3S 4S 5S 6S 7S 8S", nil)
	m := shPlay(1, 4, "2H", shRuleI)
	wantLegal(t, g, m)
	mustApply(t, g, m)
	if g.at(shInner+1) != ac("3H") {
		t.Fatalf("I1 = %s, want the stock's 3♥ at once", g.at(shInner+1))
	}
	wantLegal(t, g, shPlay(1, 4, "3H", shRuleI)) // the refill is available too
	wantIllegal(t, g, shDrawMove)
	wantIllegal(t, g, shMarry(0, 0, "5C"))
	mustApply(t, g, shDealMove)
	if g.phase != 1 || g.at(shMiddle) != ac("4D") || g.at(shMiddle+7) != ac("JD") {
		t.Fatalf("circle two not dealt: %v", g)
	}
	wantIllegal(t, g, shPlay(1, 4, "3H", shRuleI)) // covered by circle two
	mustApply(t, g, shDealMove)
	if g.phase != 2 || g.lay.size(shOuter) != 1 || g.at(shOuter) != ac("QD") || g.at(shOuter+7) != ac("8S") {
		t.Fatalf("circle three not dealt: %v", g)
	}
	wantIllegal(t, g, shDealMove)
	// The second circle (M) is covered: 2♣ at O1 is available.
	wantLegal(t, g, shPlay(shOuter+1, 0, "2C", shRuleI))
	if err := checkConservation(g, 2); err != nil {
		t.Fatal(err)
	}
}

// Rule I after the deal: only ray tops; removing an outer card frees the
// middle card beneath; Rule II forbids marrying onto or from it.
func TestShahRuleI(t *testing.T) {
	rays := shRayFill
	rays[2] = "9D 2S 2D"
	g := shPos(t, nil, rays, shOnes, "", "5C 6C")
	wantIllegal(t, g, shPlay(shMiddle+2, 6, "2S", shRuleI))
	wantLegal(t, g, shPlay(shOuter+2, 2, "2D", shRuleI))
	mustApply(t, g, shPlay(shOuter+2, 2, "2D", shRuleI))
	wantLegal(t, g, shPlay(shMiddle+2, 6, "2S", shRuleI))
	wantIllegal(t, g, shPlay(2, 6, "2S", shRuleI)) // wrong place
	// A freed middle card takes no marriage and gives none.
	h := shPos(t, nil, [8]string{"9D 3S -", "4S 5H 6H", "9S 9S' 8D", "8D' 8C 8C'", "8H 8H' 8S", "8S' TD TD'", "TC TC' TH", "TH' TS TS'"}, shOnes, "2S", "")
	wantIllegal(t, h, Move{Kind: MoveBuild, From: shTalon, To: shMiddle, Card: ac("2S"), Card2: NoCard, Rule: shRuleII})
	wantIllegal(t, h, shMarry(shMiddle, 1, "3S"))
	wantIllegal(t, h, shMarry(shMiddle, 0, "3S"))
}

// Rule II: descending marriages in suit onto outer cards, from the talon top
// or another outer pile.
func TestShahRuleII(t *testing.T) {
	rays := shRayFill
	rays[0] = "8D 8D' 7H"
	rays[1] = "8C 9C 6H'"
	rays[2] = "8C' 9C' 8H"
	g := shPos(t, nil, rays, shOnes, "3C 6H", "5C")
	wantLegal(t, g, shMarry(shTalon, 0, "6H"))     // talon 6♥ on 7♥
	wantLegal(t, g, shMarry(shOuter+1, 0, "6H'"))  // outer 6♥ on 7♥
	wantLegal(t, g, shMarry(shOuter, 2, "7H"))     // 7♥ on 8♥
	wantIllegal(t, g, shMarry(shOuter+2, 0, "8H")) // ascending
	g.lay.push(shTalon, ac("6D"))                  // the talon holds no kept fact (no sync)
	wantIllegal(t, g, shMarry(shTalon, 0, "6D"))   // other suit
	mustApply(t, g, shMarry(shOuter, 2, "7H"))
	// O0 is now a vacancy; the marriage pile on O2 grows.
	if g.lay.size(shOuter) != 0 || g.lay.size(shOuter+2) != 2 {
		t.Fatalf("O0 %v, O2 %v", g.FullPile(nil, shOuter), g.FullPile(nil, shOuter+2))
	}
	wantLegal(t, g, shMarry(shOuter+1, 2, "6H'"))
	// A vacancy is not married onto.
	wantIllegal(t, g, shMarry(shTalon, 0, "6D"))
}

// Rule III: the foundations follow suit and stop at the queen.
func TestShahRuleIII(t *testing.T) {
	rays := shRayFill
	rays[0] = "8D 8D' 2H"
	g := shPos(t, nil, rays, shOnes, "", "5C")
	wantIllegal(t, g, shPlay(shOuter, 0, "2H", shRuleI))
	wantLegal(t, g, shPlay(shOuter, 4, "2H", shRuleI))
	wantLegal(t, g, shPlay(shOuter, 5, "2H", shRuleI))
	h := shPos(t, nil, [8]string{}, [8]int{12, 12, 12, 12, 12, 12, 12, 11}, "QS'", "") // an empty star
	wantLegal(t, h, shPlay(shTalon, 7, "QS'", shRulePlay))
	wantIllegal(t, h, shPlay(shTalon, 6, "QS'", shRulePlay))
	mustApply(t, h, shPlay(shTalon, 7, "QS'", shRulePlay))
	if !h.Won() || h.Ending() != EndWon || h.Score() != 96 {
		t.Fatalf("want won: %v", h)
	}
}

// Vacancies: filled when the player chooses, inner circles first, left to
// right, from the talon or the pack; no card is turned meanwhile.
func TestShahVacancy(t *testing.T) {
	rays := shRayFill
	rays[1] = "9C' 3H 2H"
	rays[5] = "TC TC' 2D"
	g := shPos(t, nil, rays, shOnes, "JS", "5C 6C 7C")
	mustApply(t, g, shPlay(shOuter+5, 2, "2D", shRuleI)) // vacancy O5
	wantIllegal(t, g, shDrawMove)
	wantLegal(t, g, shFillMove(shTalon, shOuter+5, ac("JS")))
	// Plays go on while a vacancy waits.
	mustApply(t, g, shPlay(shOuter+1, 4, "2H", shRuleI))  // vacancy O1, M1 freed
	mustApply(t, g, shPlay(shMiddle+1, 4, "3H", shRuleI)) // vacancy M1
	// The first vacancy is M1: the middle circle before the outer one.
	wantLegal(t, g, shFillMove(shTalon, shMiddle+1, ac("JS")))
	wantLegal(t, g, shFillMove(shStock, shMiddle+1, NoCard))
	wantIllegal(t, g, shFillMove(shTalon, shOuter+1, ac("JS")))
	wantIllegal(t, g, shFillMove(shTalon, shOuter+5, ac("JS")))
	wantIllegal(t, g, shFillMove(shStock, shMiddle+1, ac("5C"))) // hidden card named
	mustApply(t, g, shFillMove(shStock, shMiddle+1, NoCard))
	if g.at(shMiddle+1) != ac("5C") {
		t.Fatalf("M1 = %s, want the stock's 5♣", g.at(shMiddle+1))
	}
	// Then left to right in the outer circle: O1 before O5.
	wantIllegal(t, g, shFillMove(shTalon, shOuter+5, ac("JS")))
	mustApply(t, g, shFillMove(shTalon, shOuter+1, ac("JS")))
	mustApply(t, g, shFillMove(shStock, shOuter+5, NoCard))
	if g.at(shOuter+1) != ac("JS") || g.at(shOuter+5) != ac("6C") || g.vacancy() != -1 {
		t.Fatalf("fills went wrong: %v", g)
	}
	wantLegal(t, g, shDrawMove)
	wantIllegal(t, g, shFillMove(shStock, shOuter+5, NoCard))
}

// Redeals: none by default; variant redeals=1 turns the talon over once.
func TestShahRedeal(t *testing.T) {
	g := shPos(t, nil, shRayFill, shOnes, "5C 6C", "")
	wantIllegal(t, g, shRedealMove)
	if g.Ending() == Playing || g.Won() {
		t.Fatal("pack out, no play, no redeal: the game must be over")
	}
	h := shPos(t, Options{"redeals": "1"}, shRayFill, shOnes, "5C 6C", "")
	wantLegal(t, h, shRedealMove)
	mustApply(t, h, shRedealMove)
	mustApply(t, h, shDrawMove)
	if h.lay.top(shTalon) != ac("5C") || h.redeals != 1 {
		t.Fatalf("after the redeal the first card turned must be 5♣, talon %v", h.FullPile(nil, shTalon))
	}
	mustApply(t, h, shDrawMove)
	wantIllegal(t, h, shRedealMove)
	// Not while the pack has cards.
	k := shPos(t, Options{"redeals": "2"}, shRayFill, shOnes, "5C", "6C")
	wantIllegal(t, k, shRedealMove)
}

// The cycle rule stops endless marriages between two outer piles.
func TestShahCycleRule(t *testing.T) {
	rays := shRayFill
	rays[0] = "8D 8D' 7H 6H"
	rays[1] = "8C 8C' 7H'"
	g := shPos(t, nil, rays, shOnes, "", "5C")
	for i := 0; i < shIdleMax; i++ {
		mustApply(t, g, shMarry(shOuter+i%2, 1-i%2, "6H"))
	}
	wantIllegal(t, g, shMarry(shOuter+shIdleMax%2, 1-shIdleMax%2, "6H"))
	mustApply(t, g, shDrawMove)
	wantLegal(t, g, shMarry(shOuter+shIdleMax%2, 1-shIdleMax%2, "6H"))
}

// Variant marriage-sources=talon: outer cards are not moved onto each other.
func TestShahMarriageSourcesTalon(t *testing.T) {
	rays := shRayFill
	rays[0] = "8D 8D' 7H"
	rays[1] = "8C 8C' 6H'"
	g := shPos(t, Options{"marriage-sources": "talon"}, rays, shOnes, "6H", "5C")
	wantIllegal(t, g, shMarry(shOuter+1, 0, "6H'"))
	wantLegal(t, g, shMarry(shTalon, 0, "6H"))
}

// shRolloutChecks checks the rollout hooks on g: RolloutMove names a legal
// move and is a pure function of the state; it plays a card home when it
// can, marries the talon top when it can and nothing goes home, and turns
// the pack (or deals) only when no play, marriage from the talon or fill
// is legal; RolloutValue is highest exactly in a won state.
func shRolloutChecks(t *testing.T, g *shah) {
	t.Helper()
	if v := g.RolloutValue(); (v >= 1000*g.Total()) != g.Won() {
		t.Fatalf("RolloutValue %d, won %v", v, g.Won())
	}
	legal := g.LegalMoves(nil)
	if len(legal) == 0 {
		return
	}
	i := checkedRolloutMove(t, g, legal)
	if n := testing.AllocsPerRun(5, func() { g.RolloutMove(legal); g.RolloutValue() }); n != 0 {
		t.Fatalf("the rollout hooks allocate (%v a call)", n)
	}
	m := legal[i]
	var play, talon, fill bool
	for _, o := range legal {
		switch {
		case o.Kind == MoveFoundation:
			play = true
		case o.Kind == MoveBuild && o.From == shTalon:
			talon = true
		case o.Kind == MoveFill:
			fill = true
		}
	}
	switch {
	case play && m.Kind != MoveFoundation:
		t.Fatalf("%v chosen over a play\n%s", m, g)
	case !play && talon && (m.Kind != MoveBuild || m.From != shTalon):
		t.Fatalf("%v chosen over a marriage from the talon\n%s", m, g)
	case (m.Kind == MoveDraw || m.Kind == MoveDeal) && (play || talon || fill):
		t.Fatalf("%v chosen while a play, marriage from the talon or fill is legal\n%s", m, g)
	}
}

// The rollout hooks (engine.Roller) on the positions of random playouts
// and near the end of a game; and the heuristic's own playouts win some of
// the endgames exhaustive search says are won, and none it says are lost.
func TestShahRollouts(t *testing.T) {
	rng := fastRand(7)
	for seed := uint64(1); seed <= 20; seed++ {
		g, err := shahSpec().New(seed, nil)
		if err != nil {
			t.Fatal(err)
		}
		sh := g.(*shah)
		for n := 0; n < 400; n++ {
			shRolloutChecks(t, sh)
			legal := sh.LegalMoves(nil)
			if len(legal) == 0 {
				break
			}
			if err := sh.Apply(legal[rng.intn(len(legal))]); err != nil {
				t.Fatal(err)
			}
		}
	}
	won, wins, decided := 0, 0, 0
	for i := 0; i < 200; i++ {
		g := newShahT(t, "", nil)
		shEndgame(t, g, &rng)
		shRolloutChecks(t, g)
		want, ok := decide(g, 20000)
		if !ok {
			continue
		}
		decided++
		if want {
			wins++
		}
		if rollOut(t, g, func() { shRolloutChecks(t, g) }) {
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

// TestShahSafeMoveCycleRule builds positions where the safe play's
// argument meets the cycle rule: a card that could go home safely by its
// foundations (the other foundation of its suit has passed it) while
// outer-to-outer marriages have run up the counter. In the book's game
// (marriages between outer piles, counted by the cycle rule) the play is
// not taken as safe, since leaving out the win's later play of the card
// would join two runs of marriages; with marriage-sources=talon, where
// the counter never rises, it is, and exhaustive search confirms that
// it keeps a won position won.
func TestShahSafeMoveCycleRule(t *testing.T) {
	rays := shRayFill
	rays[0] = "8D 8D' 7H 6H"
	rays[1] = "8C 8C' 7H'"
	rays[2] = "8H 8H' 9D 2C" // 2C: the other clubs foundation has passed 2
	heights := shOnes
	heights[1] = 2 // clubs: one foundation at the ace, the other at 2
	for _, idle := range []int{0, shIdleMax - 1, shIdleMax} {
		g := shPos(t, nil, rays, heights, "", "5C")
		for i := 0; i < idle; i++ {
			mustApply(t, g, shMarry(shOuter+i%2, 1-i%2, "6H"))
		}
		legal := g.LegalMoves(nil)
		if i := g.SafeMove(legal); i >= 0 {
			t.Fatalf("counter %d: %v taken as safe in the book's game, whose cycle rule the argument cannot keep", idle, legal[i])
		}
	}
	g := shPos(t, Options{"marriage-sources": "talon"}, rays, heights, "", "5C")
	legal := g.LegalMoves(nil)
	i := g.SafeMove(legal)
	if i < 0 || legal[i].Card != ac("2C") {
		t.Fatalf("marriage-sources=talon: safe move %d of %v, want the play of 2C", i, legal)
	}
	won, ok := decide(g, 200_000)
	c := g.Clone()
	mustApply(t, c, legal[i])
	won2, ok2 := decide(c, 200_000)
	if !ok || !ok2 || won != won2 {
		t.Fatalf("exhaustive search: %v (%v) before the safe move, %v (%v) after", won, ok, won2, ok2)
	}
}
