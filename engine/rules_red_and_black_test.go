package engine

import (
	"slices"
	"testing"
)

// rbNew starts Red and Black on pack with opts.
func rbNew(t *testing.T, pack []Card, opts Options) *redAndBlack {
	t.Helper()
	g, err := redAndBlackSpec().NewDeal(pack, opts)
	if err != nil {
		t.Fatal(err)
	}
	return g.(*redAndBlack)
}

// rbPosition builds a Red and Black position by hand: tableau piles, talon
// and stock (top last) as ASCII cards, foundation heights per F0–F7. A pile
// given as "" holds a king not used elsewhere, when one is left (gaps
// would be refilled at once). Cards the position does not name lie in no
// pile.
func rbPosition(t *testing.T, opts Options, tab [8]string, talon, stock string, heights [8]int) *redAndBlack {
	t.Helper()
	g := rbNew(t, NewDeck(2), opts)
	g.lay.reset()
	var used [2 * CardsPerDeck]bool
	put := func(p int, c Card) {
		if used[c] {
			t.Fatalf("card %s placed twice", c)
		}
		used[c] = true
		g.lay.push(p, c)
	}
	for f, h := range heights {
		for r := 0; r < h; r++ {
			put(rbFound+f, NewCard(Rank(r+1), Suit(f/2), f%2))
		}
	}
	for i, s := range tab {
		for _, c := range acs(s) {
			put(rbTab+i, c)
		}
	}
	for _, c := range acs(talon) {
		put(rbTalon, c)
	}
	for _, c := range acs(stock) {
		put(rbStock, c)
	}
	fillers := acs("KS' KC' KH' KD' KS KC KH KD")
	for i, s := range tab {
		if s != "" {
			continue
		}
		for _, c := range fillers {
			if !used[c] {
				put(rbTab+i, c)
				break
			}
		}
	}
	g.recount()
	return g
}

func rbMove(k MoveKind, from, to int, c string, rule RuleID) Move {
	m := Move{Kind: k, From: uint8(from), To: uint8(to), Card: NoCard, Card2: NoCard, Rule: rule}
	if c != "" {
		m.Card = ac(c)
	}
	return m
}

var rbAces = [8]int{1, 1, 1, 1, 1, 1, 1, 1}

// Setup: "выбираются все 8 тузов и кладутся в один ряд … под тузами
// кладется в ряд 8 карт".
func TestRedAndBlackSetup(t *testing.T) {
	pack := crafted(2, "9H AC 2S' KD AS' 5C 6C 7C 8C 9C TC JC QC")
	rb := rbNew(t, pack, nil)
	for f := 0; f < 8; f++ {
		fp := rb.FullPile(nil, rbFound+f)
		if len(fp) != 1 || fp[0].Rank() != Ace || int(fp[0].Suit()) != f/2 || fp[0].Deck() != f%2 {
			t.Errorf("F%d = %v, want its ace", f, fp)
		}
	}
	want := acs("9H 2S' KD 5C 6C 7C 8C 9C")
	for i, c := range want {
		if got := rb.FullPile(nil, rbTab+i); !slices.Equal(got, []Card{c}) {
			t.Errorf("T%d = %v, want %s", i, got, c)
		}
	}
	if n := rb.lay.size(rbStock); n != 96-8 || rb.lay.top(rbStock) != ac("TC") {
		t.Errorf("stock has %d cards, top %s; want 88, TC", n, rb.lay.top(rbStock))
	}
	if rb.Score() != 8 {
		t.Errorf("score %d, want the 8 aces", rb.Score())
	}
	if _, err := redAndBlackSpec().NewDeal(pack[:50], nil); err == nil {
		t.Error("short pack accepted")
	}
}

// Foundations: "На каждого туза кладутся карты его же масти", up in order.
func TestRedAndBlackFoundation(t *testing.T) {
	g := rbPosition(t, nil, [8]string{"KD 2C", "3C", "2D", "QS"}, "2H", "5S", rbAces)
	wantLegal(t, g, rbMove(MoveFoundation, rbTab+0, 0, "2C", rbRuleFoundation))
	wantLegal(t, g, rbMove(MoveFoundation, rbTab+0, 1, "2C", rbRuleFoundation)) // either clubs ace
	wantLegal(t, g, rbMove(MoveFoundation, rbTalon, 4, "2H", rbRuleFoundation))
	wantIllegal(t, g, rbMove(MoveFoundation, rbTab+2, 0, "2D", rbRuleFoundation)) // wrong suit
	wantIllegal(t, g, rbMove(MoveFoundation, rbTab+1, 0, "3C", rbRuleFoundation)) // out of order
	wantIllegal(t, g, rbMove(MoveFoundation, rbTab+0, 2, "KD", rbRuleFoundation)) // not the top
	wantIllegal(t, g, rbMove(MoveFoundation, rbTab+0, 0, "2C", rbRuleBuild))      // wrong rule ID
	wantIllegal(t, g, rbMove(MoveFoundation, rbStock, 6, "5S", rbRuleFoundation)) // stock is hidden
	mustApply(t, g, rbMove(MoveFoundation, rbTab+0, 0, "2C", rbRuleFoundation))
	wantLegal(t, g, rbMove(MoveFoundation, rbTab+1, 0, "3C", rbRuleFoundation))
	wantIllegal(t, g, rbMove(MoveFoundation, rbTab+1, 1, "3C", rbRuleFoundation))
}

// Gaps: "пробел этот тотчас же заполняется из колоды"; from the talon when
// the pack is out (engine convention, red-and-black/fill).
func TestRedAndBlackFill(t *testing.T) {
	g := rbPosition(t, nil, [8]string{"2C", "9S"}, "4H", "6D 7D", rbAces)
	mustApply(t, g, rbMove(MoveFoundation, rbTab+0, 0, "2C", rbRuleFoundation))
	if got := g.FullPile(nil, rbTab); !slices.Equal(got, acs("7D")) || g.lay.size(rbStock) != 1 {
		t.Fatalf("T0 = %v, stock %d; want the pack's top 7D", got, g.lay.size(rbStock))
	}
	g = rbPosition(t, nil, [8]string{"2C", "9S"}, "8H 4H", "", rbAces)
	mustApply(t, g, rbMove(MoveFoundation, rbTab+0, 0, "2C", rbRuleFoundation))
	if got := g.FullPile(nil, rbTab); !slices.Equal(got, acs("4H")) || g.lay.size(rbTalon) != 1 {
		t.Fatalf("T0 = %v; want the talon's top 4H", got)
	}
	// A gap made by a shift is filled as well.
	g = rbPosition(t, nil, [8]string{"8H", "9S"}, "", "6D", rbAces)
	mustApply(t, g, rbMove(MoveBuild, rbTab+0, rbTab+1, "8H", rbRuleShift))
	if got := g.FullPile(nil, rbTab); !slices.Equal(got, acs("6D")) {
		t.Fatalf("T0 = %v; want 6D", got)
	}
}

// The pack is turned to the side one card at a time (a hidden draw).
func TestRedAndBlackDraw(t *testing.T) {
	g := rbPosition(t, nil, [8]string{"KC"}, "", "5S 6H", rbAces)
	m := rbMove(MoveDraw, rbStock, rbTalon, "", rbRuleDraw)
	wantLegal(t, g, m)
	wantIllegal(t, g, rbMove(MoveDraw, rbStock, rbTalon, "6H", rbRuleDraw)) // would leak the card
	wantIllegal(t, g, rbMove(MoveDraw, rbStock, rbTab, "", rbRuleDraw))
	mustApply(t, g, m)
	if g.talonTop() != ac("6H") {
		t.Fatalf("talon top %s, want 6H", g.talonTop())
	}
	mustApply(t, g, m)
	wantIllegal(t, g, m)
}

// Building: "по нисходящему порядку … красная на черную, черная на красную".
func TestRedAndBlackBuild(t *testing.T) {
	g := rbPosition(t, nil, [8]string{"8S", "8D", "9C", "KH"}, "7H", "", rbAces)
	wantLegal(t, g, rbMove(MoveBuild, rbTalon, rbTab+0, "7H", rbRuleBuild))
	wantIllegal(t, g, rbMove(MoveBuild, rbTalon, rbTab+1, "7H", rbRuleBuild)) // same colour
	wantIllegal(t, g, rbMove(MoveBuild, rbTalon, rbTab+2, "7H", rbRuleBuild)) // not next rank
	wantIllegal(t, g, rbMove(MoveBuild, rbTalon, rbTab+0, "7H", rbRuleShift)) // wrong rule
	g.lay.pop(rbTab + 4)
	g.recount()
	wantIllegal(t, g, rbMove(MoveBuild, rbTalon, rbTab+4, "7H", rbRuleBuild)) // empty place
	g2 := rbPosition(t, nil, [8]string{"KH"}, "QS", "", rbAces)
	wantLegal(t, g2, rbMove(MoveBuild, rbTalon, rbTab+0, "QS", rbRuleBuild)) // "на красного короля черную даму"
}

// Shifting between the eight piles: single cards by default, sequences as
// a variant.
func TestRedAndBlackShift(t *testing.T) {
	tab := [8]string{"9S 8H 7C", "8D", "9D", "KC"}
	g := rbPosition(t, nil, tab, "", "", rbAces)
	wantLegal(t, g, rbMove(MoveBuild, rbTab+0, rbTab+1, "7C", rbRuleShift))
	wantIllegal(t, g, rbMove(MoveBuild, rbTab+0, rbTab+2, "8H", rbRuleShift)) // under the top
	wantIllegal(t, g, rbMove(MoveBuild, rbTab+0, rbTab+0, "7C", rbRuleShift))
	seq := rbPosition(t, Options{"moves": "sequence"}, tab, "", "", rbAces)
	wantIllegal(t, seq, rbMove(MoveBuild, rbTab+0, rbTab+2, "8H", rbRuleShift)) // 8H on 9D: same colour
	seq = rbPosition(t, Options{"moves": "sequence"}, [8]string{"9S 8H 7C", "8D", "9C"}, "", "", rbAces)
	wantLegal(t, seq, rbMove(MoveBuild, rbTab+0, rbTab+2, "8H", rbRuleShift))
	mustApply(t, seq, rbMove(MoveBuild, rbTab+0, rbTab+2, "8H", rbRuleShift))
	if got := seq.FullPile(nil, rbTab+2); !slices.Equal(got, acs("9C 8H 7C")) {
		t.Fatalf("T2 = %v", got)
	}
	// A broken run does not move as a sequence.
	seq = rbPosition(t, Options{"moves": "sequence"}, [8]string{"9S 8H 7H", "9C"}, "", "", rbAces)
	wantIllegal(t, seq, rbMove(MoveBuild, rbTab+0, rbTab+1, "8H", rbRuleShift))
}

// Cycle rule: at most rbIdleLimit shifts in a row.
func TestRedAndBlackCycle(t *testing.T) {
	g := rbPosition(t, nil, [8]string{"9S 8H", "9C", "KC"}, "", "2D", rbAces)
	a := rbMove(MoveBuild, rbTab+0, rbTab+1, "8H", rbRuleShift)
	b := rbMove(MoveBuild, rbTab+1, rbTab+0, "8H", rbRuleShift)
	for i := 0; i < rbIdleLimit; i++ {
		if i%2 == 0 {
			mustApply(t, g, a)
		} else {
			mustApply(t, g, b)
		}
	}
	wantIllegal(t, g, a)
	wantIllegal(t, g, b)
	mustApply(t, g, rbMove(MoveDraw, rbStock, rbTalon, "", rbRuleDraw))
	wantLegal(t, g, a)
}

// Redeal: "остатки колоды … допускается прометать еще раз в том же
// порядке" — once, unshuffled by default.
func TestRedAndBlackRedeal(t *testing.T) {
	g := rbPosition(t, nil, [8]string{"KC"}, "5S 6H 7D", "", rbAces)
	m := rbMove(MoveRedeal, rbTalon, rbStock, "", rbRuleRedeal)
	wantLegal(t, g, m)
	mustApply(t, g, m)
	if got := g.FullPile(nil, rbStock); !slices.Equal(got, acs("7D 6H 5S")) || !g.lay.empty(rbTalon) || g.Redeals() != 1 {
		t.Fatalf("after redeal: stock %v (top last), want 5S on top", got)
	}
	draw := rbMove(MoveDraw, rbStock, rbTalon, "", rbRuleDraw)
	for i := 0; i < 3; i++ {
		mustApply(t, g, draw)
	}
	if g.talonTop() != ac("7D") {
		t.Fatalf("second pass order differs: talon %v", g.FullPile(nil, rbTalon))
	}
	wantIllegal(t, g, m) // only one redeal
	if g.Ending() == Playing {
		t.Error("no move left, but not over")
	}
	g = rbPosition(t, nil, [8]string{"KC"}, "5S", "6H", rbAces)
	wantIllegal(t, g, m) // pack not out
	g = rbPosition(t, Options{"redeal": "shuffled"}, [8]string{"KC"}, "2S 3S 4S 5S 6S 7S 8S 9S", "", rbAces)
	mustApply(t, g, m)
	got := g.FullPile(nil, rbStock)
	slices.Sort(got)
	if !slices.Equal(got, acs("2S 3S 4S 5S 6S 7S 8S 9S")) {
		t.Fatalf("shuffled redeal lost cards: %v", got)
	}
}

// Win: all eight foundations reach the king.
func TestRedAndBlackWin(t *testing.T) {
	h := [8]int{13, 13, 13, 13, 13, 13, 13, 12}
	g := rbPosition(t, nil, [8]string{"KS'"}, "", "", h)
	if g.Won() {
		t.Fatal("won too early")
	}
	mustApply(t, g, rbMove(MoveFoundation, rbTab+0, 7, "KS'", rbRuleFoundation))
	if !g.Won() || g.Ending() == Playing || g.Score() != 104 {
		t.Fatalf("won %v over %v score %d", g.Won(), (g.Ending() != Playing), g.Score())
	}
}

// The view hash and the face hashes of stock and talon are kept up to date
// move by move: they must always equal the hashes recomputed from the
// piles, in every variant, also after Determinize.
func TestRedAndBlackViewHashIncremental(t *testing.T) {
	for _, opts := range variantOptions(redAndBlackSpec()) {
		for seed := uint64(1); seed <= 30; seed++ {
			g := rbNew(t, Deal(2, seed), opts)
			rng := fastRand(seed)
			for n := 0; n < 2000; n++ {
				view, seq := g.view, g.seq
				g.rehash()
				if g.view != view || g.seq != seq {
					t.Fatalf("seed %d move %d: incremental hashes %x %x, recomputed %x %x\n%s", seed, n, view, seq, g.view, g.seq, g)
				}
				d := g.Clone().(*redAndBlack)
				d.Determinize(NewRand(seed + uint64(n)))
				view, key := d.view, d.SearchKey()
				d.rehash()
				if d.view != view || d.SearchKey() != key {
					t.Fatalf("seed %d move %d: hashes after Determinize not recomputed", seed, n)
				}
				legal := g.LegalMoves(nil)
				if len(legal) == 0 {
					break
				}
				mustApply(t, g, legal[rng.intn(len(legal))])
			}
		}
	}
}

// SearchKey: the two copies of a card, the two foundations of a suit and
// the order of the tableau piles do not change the key; the cycle-rule
// counter does when a shift is possible, and does not when none is.
func TestRedAndBlackSearchKey(t *testing.T) {
	tab := [8]string{"9S 8H", "9C", "KC", "QD", "5S", "6H", "7D", "JC"}
	g := rbPosition(t, nil, tab, "3D 4H", "2D 5C", [8]int{1, 2, 1, 1, 1, 1, 1, 1})
	swapped := [8]string{"JC", "9C'", "KC", "QD", "5S", "6H", "7D", "9S 8H'"}
	h := rbPosition(t, nil, swapped, "3D' 4H", "2D' 5C", [8]int{2, 1, 1, 1, 1, 1, 1, 1})
	if g.SearchKey() != h.SearchKey() {
		t.Errorf("copies, piles and foundations of a suit relabelled: keys differ\n%s\n%s", g, h)
	}
	other := rbPosition(t, nil, tab, "4H 3D", "2D 5C", [8]int{1, 2, 1, 1, 1, 1, 1, 1})
	if g.SearchKey() == other.SearchKey() {
		t.Error("a different talon order gives the same key")
	}
	// 8H can shift back and forth: the counter matters.
	k0 := g.SearchKey()
	g.idle = 5
	if g.SearchKey() == k0 {
		t.Error("the cycle-rule counter is not in the key while a shift is possible")
	}
	if c := g.Clone().(*redAndBlack); func() bool { c.idle = 0; return c.Hash() == g.Hash() }() {
		t.Error("the cycle-rule counter is not in Hash")
	}
	// No shift possible: the counter does not decide the future.
	n := rbPosition(t, nil, [8]string{"9S", "9C", "KC", "KD", "5S", "5H", "7D", "JC"}, "", "2D", rbAces)
	k1 := n.SearchKey()
	n.idle = 5
	if n.SearchKey() != k1 {
		t.Error("the counter changes the key though no shift is possible")
	}
}

// SafeMove plays a card home only when the cards that could go on it are
// home and the other copy does not need its foundation.
func TestRedAndBlackSafeMove(t *testing.T) {
	// 2C on KD: every 2 is safe (the aces are home).
	g := rbPosition(t, nil, [8]string{"KD 2C", "9S"}, "", "5S", rbAces)
	legal := g.LegalMoves(nil)
	if i := g.SafeMove(legal); i < 0 || legal[i].Card != ac("2C") || legal[i].Kind != MoveFoundation {
		t.Fatalf("SafeMove = %d in %v, want 2C home", i, legal)
	}
	// 3C: the red 2s are not home, a red 2 could still go on it.
	g = rbPosition(t, nil, [8]string{"KD 3C", "9S"}, "", "5S", [8]int{2, 2, 1, 1, 1, 1, 1, 1})
	if i := g.SafeMove(g.LegalMoves(nil)); i >= 0 {
		t.Errorf("3C played home with the red 2s out")
	}
	// With the red 2s home and the other clubs foundation at 2, 3C is safe.
	g = rbPosition(t, nil, [8]string{"KD 3C", "9S"}, "", "5S", [8]int{2, 2, 2, 2, 2, 2, 1, 1})
	legal = g.LegalMoves(nil)
	if i := g.SafeMove(legal); i < 0 || legal[i].Card != ac("3C") {
		t.Errorf("SafeMove = %d in %v, want 3C home", i, legal)
	}
	// The other clubs foundation below 2: the other 3♣ may need F0 or F1.
	g = rbPosition(t, nil, [8]string{"KD 3C", "9S"}, "", "5S", [8]int{2, 1, 2, 2, 2, 2, 1, 1})
	if i := g.SafeMove(g.LegalMoves(nil)); i >= 0 {
		t.Errorf("3C played home while the other clubs foundation is at the ace")
	}
	// A lone card would leave a gap the pack refills: not safe.
	g = rbPosition(t, nil, [8]string{"2C", "9S"}, "", "5S", rbAces)
	if i := g.SafeMove(g.LegalMoves(nil)); i >= 0 {
		t.Errorf("a lone 2C played home though its gap would be refilled")
	}
}

func TestRedAndBlackHooksOnWins(t *testing.T) {
	// foundation plays, builds from the talon, the draw or redeal, shifts
	policy := func(_ Game, legal []Move) int {
		best, bestRank := 0, 9
		for i, m := range legal {
			r := 4
			switch {
			case m.Kind == MoveFoundation:
				r = 0
			case m.Kind == MoveBuild && m.From == rbTalon:
				r = 1
			case m.Kind == MoveDraw || m.Kind == MoveRedeal:
				r = 2
			}
			if r < bestRank {
				best, bestRank = i, r
			}
		}
		return best
	}
	safe := checkHooksOnWins(t, redAndBlackSpec(), 40, policy)
	t.Logf("%d safe moves checked on winnable positions", safe)
}
