package engine

import (
	"slices"
	"sort"
	"testing"
)

// npNew starts Napoleon on pack with opts.
func npNew(t *testing.T, pack []Card, opts Options) *napoleon {
	t.Helper()
	g, err := napoleonSpec().NewDeal(pack, opts)
	if err != nil {
		t.Fatal(err)
	}
	return g.(*napoleon)
}

// npPosition builds a Napoleon position by hand: columns (top row first,
// exposed card last), the open reserve slots ("" = empty) and the
// face-down reserve of variant reserve=ordered (bottom first); every other
// card has gone out.
func npPosition(t *testing.T, opts Options, cols [8]string, res [4]string, stock ...string) *napoleon {
	t.Helper()
	g := npNew(t, NewDeck(1), opts)
	g.lay.reset()
	var used [CardsPerDeck]bool
	put := func(p int, c Card) {
		if used[c] {
			t.Fatalf("card %s placed twice", c)
		}
		used[c] = true
		g.lay.push(p, c)
	}
	for i, s := range cols {
		for _, c := range acs(s) {
			put(i, c)
		}
	}
	for i, s := range res {
		if s != "" {
			put(npRes+i, ac(s))
		}
	}
	for _, s := range stock {
		put(npStock, ac(s))
	}
	for c := Card(0); c < CardsPerDeck; c++ {
		if !used[c] {
			g.lay.push(npOut, c)
		}
	}
	g.derive()
	return g
}

func npPair(from, to int, a, b string, rule RuleID) Move {
	return Move{Kind: MovePair, From: uint8(from), To: uint8(to), Card: ac(a), Card2: ac(b), Rule: rule}
}

// columnsOf returns the dealt columns of a Napoleon game.
func columnsOf(g *napoleon) [8][]Card {
	var out [8][]Card
	for i := range out {
		out[i] = g.FullPile(nil, i)
	}
	return out
}

// reserveOf returns the open reserve slots of a Napoleon game (NoCard for
// an empty slot).
func reserveOf(g *napoleon) []Card {
	out := make([]Card, npReserve)
	for i := range out {
		out[i] = g.lay.top(npRes + i)
	}
	return out
}

// "наблюдая, чтобы две парные карты не приходились одна под другой … таковые
// карты убираются со стола и кладутся под колоду".
func TestNapoleonDealPutsConflictsUnderThePack(t *testing.T) {
	// Row 0 is A..8 of clubs; the 9th card (AD) would lie under AC in
	// column 0, so it goes under the pack and 9C takes its place.
	pack := crafted(1, "AC 2C 3C 4C 5C 6C 7C 8C AD 9C")
	g := npNew(t, pack, nil)
	if columnsOf(g)[0][1] != ac("9C") {
		t.Fatalf("C0 = %v, want 9C dealt in place of AD", columnsOf(g)[0])
	}
	// AD went under the pack: it is dealt after every other card that fit,
	// so it never lies in column 0.
	for _, c := range columnsOf(g)[0] {
		if c == ac("AD") {
			t.Fatal("AD lies under AC")
		}
	}
	for i, col := range columnsOf(g) {
		seen := map[Rank]bool{}
		for _, c := range col {
			if seen[c.Rank()] {
				t.Errorf("column %d has two %v: %v", i, c.Rank(), col)
			}
			seen[c.Rank()] = true
		}
	}
	// "оставшиеся четыре, составляющие резерв": 48 dealt + 4 reserve.
	n := 0
	for i := 0; i < 4; i++ {
		if reserveOf(g)[i] != NoCard {
			n++
		}
	}
	if n != 4 {
		t.Fatalf("reserve has %d cards", n)
	}
	if err := checkConservation(g, 1); err != nil {
		t.Fatal(err)
	}
}

// unsatisfiablePack returns a pack whose last place (column 7, row 5) no
// remaining card can take: column 7 holds K Q J 10 9 of clubs and the last
// five cards are K Q J 10 9 of diamonds.
func unsatisfiablePack() []Card {
	var pool []Card
	skip := map[Card]bool{}
	for _, s := range []string{"KC", "QC", "JC", "TC", "9C", "KD", "QD", "JD", "TD", "9D"} {
		skip[ac(s)] = true
	}
	for _, c := range NewDeck(1) {
		if !skip[c] {
			pool = append(pool, c)
		}
	}
	sort.SliceStable(pool, func(i, j int) bool { return pool[i].Rank() < pool[j].Rank() })
	pack := make([]Card, 52)
	for k, c := range pool { // round-robin over columns 0–6: no rank twice
		col, row := k%7, k/7
		pack[row*8+col] = c
	}
	for row, s := range []string{"KC", "QC", "JC", "TC", "9C"} {
		pack[row*8+7] = ac(s)
	}
	copy(pack[47:], acs("KD QD JD TD 9D"))
	return pack
}

// When every remaining card conflicts, rectification-fallback decides.
func TestNapoleonRectificationFallback(t *testing.T) {
	pack := unsatisfiablePack()
	if err := verifyPack("napoleon", pack, 1); err != nil {
		t.Fatal(err)
	}
	g := npNew(t, pack, nil)
	if columnsOf(g)[7][5] != ac("KD") {
		t.Fatalf("accept: C7 = %v, want KD laid anyway", columnsOf(g)[7])
	}
	if !slices.Equal(reserveOf(g), acs("QD JD TD 9D")) {
		t.Fatalf("reserve %v", reserveOf(g))
	}
	gg := npNew(t, pack, Options{"rectification-fallback": "restart"})
	for i, col := range columnsOf(gg) {
		seen := map[Rank]bool{}
		for _, c := range col {
			if seen[c.Rank()] {
				t.Fatalf("restart: column %d has two %v: %v", i, c.Rank(), col)
			}
			seen[c.Rank()] = true
		}
	}
	if err := checkConservation(gg, 1); err != nil {
		t.Fatal(err)
	}
}

// The variant deal=plain deals the pack as it comes.
func TestNapoleonPlainDeal(t *testing.T) {
	pack := crafted(1, "AC 2C 3C 4C 5C 6C 7C 8C AD 9C")
	if g := npNew(t, pack, Options{"deal": "plain"}); columnsOf(g)[0][1] != ac("AD") {
		t.Fatalf("C0 = %v", columnsOf(g)[0])
	}
}

// "несмотря на масть, выбирают по две парные карты … только из нижнего
// ряда": pairs of equal rank, any suits, exposed cards only.
func TestNapoleonPair(t *testing.T) {
	g := npPosition(t, nil, [8]string{"7S 8C", "9D 7H", "8H", "", "2C 9C"}, [4]string{"8D", "", "", ""})
	wantLegal(t, g, npPair(0, 2, "8C", "8H", npRulePair))
	wantIllegal(t, g, npPair(2, 0, "8H", "8C", npRulePair))    // lower pile first
	wantIllegal(t, g, npPair(0, 1, "7S", "7H", npRulePair))    // 7S is covered
	wantIllegal(t, g, npPair(1, 4, "7H", "9C", npRulePair))    // not equal rank
	wantIllegal(t, g, npPair(0, 2, "8C", "8H", npRuleReserve)) // wrong rule
	wantIllegal(t, g, npPair(0, 0, "8C", "8C", npRulePair))
	before := g.Score()
	mustApply(t, g, npPair(0, 2, "8C", "8H", npRulePair))
	// "переходя постепенно выше": 7S is now exposed.
	wantLegal(t, g, npPair(0, 1, "7S", "7H", npRulePair))
	if g.Score() != before+2 {
		t.Fatalf("score %d, want %d", g.Score(), before+2)
	}
}

// "лишь в случае нужды можно взять карту из резерва".
func TestNapoleonReserveInNeed(t *testing.T) {
	cols := [8]string{"8C", "8H", "5D"}
	res := [4]string{"5S", "", "", ""}
	g := npPosition(t, nil, cols, res)
	wantIllegal(t, g, npPair(2, npRes, "5D", "5S", npRuleReserve)) // a column pair exists
	wantIllegal(t, g, npPair(2, npRes, "5D", "5S", npRulePair))
	off := npPosition(t, Options{"reserve-in-need": "off"}, cols, res)
	wantLegal(t, off, npPair(2, npRes, "5D", "5S", npRuleReserve))
	mustApply(t, g, npPair(0, 1, "8C", "8H", npRulePair))
	wantLegal(t, g, npPair(2, npRes, "5D", "5S", npRuleReserve)) // now in need
	// Two reserve cards may pair in need.
	g = npPosition(t, nil, [8]string{"2C", "3C"}, [4]string{"5S", "", "5H", ""})
	wantLegal(t, g, npPair(npRes, npRes+2, "5S", "5H", npRuleReserve))
}

// Variant reserve=ordered: the reserve lies face down and is taken one by
// one, only in need.
func TestNapoleonOrderedReserve(t *testing.T) {
	g := npPosition(t, Options{"reserve": "ordered"}, [8]string{"8C", "8H", "5D"}, [4]string{}, "4S", "5S")
	take := Move{Kind: MoveReserve, From: npStock, To: npRes, Card: NoCard, Card2: NoCard, Rule: npRuleReserve}
	wantIllegal(t, g, take) // a pair exists
	mustApply(t, g, npPair(0, 1, "8C", "8H", npRulePair))
	wantLegal(t, g, take)
	wantIllegal(t, g, Move{Kind: MoveReserve, From: npStock, To: npRes + 1, Card: NoCard, Card2: NoCard, Rule: npRuleReserve})
	if c := g.Pile(nil, npStock); len(c) != 2 || c[0] != NoCard {
		t.Fatalf("face-down reserve visible: %v", c)
	}
	mustApply(t, g, take)
	if r := reserveOf(g); r[0] != ac("5S") {
		t.Fatalf("took %s, want the top 5S", r[0])
	}
	wantLegal(t, g, npPair(2, npRes, "5D", "5S", npRuleReserve))
	wantIllegal(t, g, take) // a pair exists again
}

// "Когда все карты выйдут попарно, то, значит, пасьянс вышел."
func TestNapoleonWin(t *testing.T) {
	g := npPosition(t, nil, [8]string{"KC", "KD"}, [4]string{})
	mustApply(t, g, npPair(0, 1, "KC", "KD", npRulePair))
	if !g.Won() || g.Ending() != EndWon || g.Score() != 52 {
		t.Fatalf("won %v ending %v score %d", g.Won(), g.Ending(), g.Score())
	}
	g = npPosition(t, nil, [8]string{"KC", "QD"}, [4]string{})
	if g.Won() || g.Ending() != EndStuck {
		t.Fatal("a blocked game must be over and lost")
	}
}

// TestNapoleonDerivedState plays random games of every reserve variant and
// checks after each move that the state Apply keeps up to date (column
// ranks, cards left of each rank) is what the piles give.
func TestNapoleonDerivedState(t *testing.T) {
	for _, opts := range []Options{nil, {"reserve": "ordered"}, {"reserve-in-need": "off"}, {"deal": "plain"}} {
		randomPlayouts(t, napoleonSpec(), opts, 300, func(seed uint64, ply int, gg Game, _ []Move) {
			g := gg.(*napoleon)
			want := *g
			want.derive()
			if want.colRanks != g.colRanks || want.left != g.left || want.two != g.two {
				t.Fatalf("%v seed %d move %d: kept %x %v %b, piles give %x %v %b", opts, seed, ply,
					g.colRanks, g.left, g.two, want.colRanks, want.left, want.two)
			}
		})
	}
}

// TestSort8 checks the sorting network on every arrangement of eight
// words with repeats (0/1 inputs decide a comparator network) and on
// random words.
func TestSort8(t *testing.T) {
	for m := 0; m < 256; m++ {
		var w [8]uint64
		for i := range w {
			w[i] = uint64(m >> i & 1)
		}
		sort8(&w)
		if !slices.IsSorted(w[:]) {
			t.Fatalf("%08b: %v", m, w)
		}
	}
	rng := NewRand(3)
	for n := 0; n < 1000; n++ {
		var w [8]uint64
		for i := range w {
			w[i] = rng.Uint64() >> uint(rng.IntN(64))
		}
		want := w
		slices.Sort(want[:])
		sort8(&w)
		if w != want {
			t.Fatalf("sort8 gave %v, want %v", w, want)
		}
	}
}

// npCycleReference decides the dead end from the piles alone, with
// nothing kept between states: the order between the pairs of ranks with
// two cards left, closed transitively, and a rank ordered before itself.
func npCycleReference(g *napoleon) bool {
	var left [NumRanks + 1]int
	var piles [][]Card
	for p := 0; p < npOut; p++ {
		cs := g.FullPile(nil, p)
		for _, c := range cs {
			left[c.Rank()]++
		}
		if p < npRes || p == npStock {
			piles = append(piles, cs)
		}
	}
	var before [NumRanks + 1][NumRanks + 1]bool // before[r][s]: s must go before r
	for _, cs := range piles {
		for i, lo := range cs { // cs is bottom first: cs[j] covers cs[i] for j > i
			for _, hi := range cs[i+1:] {
				if left[lo.Rank()] == 2 && left[hi.Rank()] == 2 {
					before[lo.Rank()][hi.Rank()] = true
				}
			}
		}
	}
	for k := 1; k <= NumRanks; k++ {
		for i := 1; i <= NumRanks; i++ {
			for j := 1; j <= NumRanks; j++ {
				before[i][j] = before[i][j] || before[i][k] && before[k][j]
			}
		}
	}
	for r := 1; r <= NumRanks; r++ {
		if before[r][r] {
			return true
		}
	}
	return false
}

// TestNapoleonDeadEndReference checks DeadEnd, which follows only the
// ranks that came down to two cards since it last found no cycle, against
// the reference computed from the piles, on random games in which DeadEnd
// is asked at every state or only now and then, and the face-down reserve
// is now and then shuffled (Determinize).
func TestNapoleonDeadEndReference(t *testing.T) {
	dead := 0
	for _, opts := range []Options{nil, {"reserve": "ordered"}, {"deal": "plain"}} {
		rng := NewRand(11)
		for seed := uint64(1); seed <= 400; seed++ {
			g0, err := napoleonSpec().New(seed, opts)
			if err != nil {
				t.Fatal(err)
			}
			g := g0.(*napoleon)
			every := seed%2 == 0
			var buf []Move
			for step := 0; ; step++ {
				if every || rng.IntN(4) == 0 {
					want := npCycleReference(g)
					if got := g.DeadEnd(); got != want {
						t.Fatalf("%v seed %d move %d: DeadEnd %v, the reference says %v\n%s", opts, seed, step, got, want, g)
					}
					if want {
						dead++
					}
				}
				if buf = g.LegalMoves(buf[:0]); len(buf) == 0 {
					break
				}
				if err := g.Apply(buf[rng.IntN(len(buf))]); err != nil {
					t.Fatal(err)
				}
				if rng.IntN(8) == 0 {
					g.Determinize(rng) // reorders the ordered reserve's face-down cards
				}
			}
		}
	}
	if dead < 100 {
		t.Fatalf("only %d dead ends met: the test does not exercise DeadEnd", dead)
	}
	t.Logf("%d dead ends", dead)
}
