package engine

import (
	"math/bits"
	"testing"
)

// Positions and crafted packs for windmill. Piles: W0–W7 wings, F0 centre
// (pile 8), F1–F4 corners (9–12), talon 13, stock 14.

func newWMT(t *testing.T, top string, opts Options) *windmill {
	t.Helper()
	g, err := windmillSpec().NewDeal(crafted(2, top), opts)
	if err != nil {
		t.Fatal(err)
	}
	return g.(*windmill)
}

// wmPos builds a position: wings ("" a vacancy), the centre's height (its
// cards are clubs, then diamonds… of the needed ranks), corners (bottom
// first), talon (bottom first) and stock (top first); the cards placed
// nowhere take no part.
func wmPos(t *testing.T, opts Options, wings [8]string, centre int, corners [4]string, talon, stock string) *windmill {
	t.Helper()
	g := newWMT(t, "", opts)
	pl := newPlacer(t, &g.lay)
	for w, s := range wings {
		pl.putAll(w, s)
	}
	for k, s := range corners {
		pl.putAll(wmCorner0+k, s)
	}
	pl.putAll(wmTalon, talon)
	pl.stock(wmStock, stock)
	for i := 0; i < centre; i++ {
		pl.homeAnySuit(wmCentre, Rank(i%13+1), Suit(i/13))
	}
	g.index()
	return g
}

// wmCentreTo refills the centre of g to height n (see wmPos).
func wmCentreTo(t *testing.T, g *windmill, n int) {
	t.Helper()
	pl := &placer{t: t, lay: &g.lay}
	for p := 0; p < wmPiles; p++ {
		for _, c := range g.FullPile(nil, p) {
			pl.used[c] = true
		}
	}
	for i := g.centreN(); i < n; i++ {
		pl.homeAnySuit(wmCentre, Rank(i%13+1), Suit(i/13))
	}
	g.index()
}

func wmPlay(from, f int, c string, rule RuleID) Move {
	return Move{Kind: MoveFoundation, From: uint8(from), To: uint8(wmCentre + f), Card: ac(c), Card2: NoCard, Rule: rule}
}

func wmFill(from, to int, c Card) Move {
	return Move{Kind: MoveFill, From: uint8(from), To: uint8(to), Card: c, Card2: NoCard, Rule: wmRuleVacancy}
}

func wmTransferMove(k int, c string) Move {
	return Move{Kind: MoveTransfer, From: uint8(wmCorner0 + k), To: wmCentre, Card: ac(c), Card2: NoCard, Rule: wmRuleTransfer}
}

var wmDrawMove = Move{Kind: MoveDraw, From: wmStock, To: wmTalon, Card: NoCard, Card2: NoCard, Rule: wmRuleDraw}

var wmFullCorners = [4]string{"KC", "KD", "KH", "KS"}

// The deal: the first ace from the top goes to the centre at once; eight wing
// cards are dealt; kings among them go to the corners and their places are
// refilled from the pack.
func TestWindmillDeal(t *testing.T) {
	g := newWMT(t, "5C 3D AH 2S KS 7C 8C 9C TC JC QD", nil)
	if c := g.FullPile(nil, wmCentre); len(c) != 1 || c[0] != ac("AH") {
		t.Fatalf("centre = %v, want A♥", c)
	}
	want := [8]Card{ac("5C"), ac("3D"), ac("2S"), NoCard, ac("7C"), ac("8C"), ac("9C"), ac("TC")}
	if w := wmWingCards(g); w != want {
		t.Fatalf("wings = %v, want %v", w, want)
	}
	if c := g.FullPile(nil, wmCorner0); len(c) != 1 || c[0] != ac("KS") {
		t.Fatalf("K♠ must be in the first corner")
	}
	// The vacancy must be filled before anything else; the talon is empty,
	// so from the pack.
	got := g.LegalMoves(nil)
	if len(got) != 1 || got[0] != wmFill(wmStock, 3, NoCard) {
		t.Fatalf("legal %v, want only the fill of W3 from the pack", got)
	}
	wantIllegal(t, g, wmPlay(2, 0, "2S", wmRuleI))
	wantIllegal(t, g, wmDrawMove)
	mustApply(t, g, got[0])
	if g.lay.top(3) != ac("JC") {
		t.Fatalf("W3 = %s, want J♣", g.lay.top(3))
	}
	if err := checkConservation(g, 2); err != nil {
		t.Fatal(err)
	}
}

// Rule I: every wing card is available, inner and outer alike; Rule II:
// foundations regardless of suit.
func TestWindmillRulesIandII(t *testing.T) {
	g := wmPos(t, nil, [8]string{"9D", "2S", "4C", "QH", "2D", "8C", "5H", "6S"}, 1, [4]string{"KC", "KD", "", ""}, "", "7C 7D")
	for w, c := range []string{"", "2S", "", "", "2D"} {
		if c != "" {
			wantLegal(t, g, wmPlay(w, 0, c, wmRuleI))
		}
	}
	wantLegal(t, g, wmPlay(3, 1, "QH", wmRuleI)) // Q♥ on K♣: suits ignored
	wantLegal(t, g, wmPlay(3, 2, "QH", wmRuleI))
	wantIllegal(t, g, wmPlay(0, 0, "9D", wmRuleI))
	wantIllegal(t, g, wmPlay(3, 3, "QH", wmRuleI)) // empty corner: only the first kings, at once
	wantIllegal(t, g, wmPlay(3, 1, "QH", wmRulePlay))
}

// Rule II: the first four kings go to the corners at once when they turn
// up; later kings go only on the centre, on a queen.
func TestWindmillKings(t *testing.T) {
	g := wmPos(t, nil, [8]string{"9D", "9D'", "9C", "9C'", "TH", "TH'", "TS", "TS'"}, 1, [4]string{"KC", "KD", "KH", ""}, "", "KS 5C KC' 5D")
	mustApply(t, g, wmDrawMove)
	if c := g.FullPile(nil, wmCorner0+3); len(c) != 1 || c[0] != ac("KS") || !g.lay.empty(wmTalon) {
		t.Fatalf("the fourth king must go to the last corner at once")
	}
	mustApply(t, g, wmDrawMove)
	mustApply(t, g, wmDrawMove)
	if g.lay.top(wmTalon) != ac("KC'") {
		t.Fatalf("the fifth king must go to the talon, talon %v", g.FullPile(nil, wmTalon))
	}
	wantIllegal(t, g, Move{Kind: MoveFoundation, From: wmTalon, To: wmCentre, Card: ac("KC'"), Card2: NoCard, Rule: wmRulePlay})
	wmCentreTo(t, g, 12) // the centre wants a king
	wantLegal(t, g, Move{Kind: MoveFoundation, From: wmTalon, To: wmCentre, Card: ac("KC'"), Card2: NoCard, Rule: wmRulePlay})
	// A king filled into a wing while a corner is empty goes to the corner.
	h := wmPos(t, nil, [8]string{"", "9D'", "9C", "9C'", "9H", "9H'", "9S", "9S'"}, 1, [4]string{"KC", "KD", "KH", ""}, "", "KS 5C")
	mustApply(t, h, wmFill(wmStock, 0, NoCard))
	if h.lay.size(wmCorner0+3) != 1 || !h.lay.empty(0) {
		t.Fatalf("the king must go to the corner, the wing stays vacant")
	}
	wantLegal(t, h, wmFill(wmStock, 0, NoCard))
}

// Vacancies in the wings are filled at once, from the pack or the talon at
// the player's choice; nothing else is legal meanwhile.
func TestWindmillVacancy(t *testing.T) {
	g := wmPos(t, nil, [8]string{"9D", "2S", "4C", "QH", "2D", "8C", "5H", "6S"}, 1, wmFullCorners, "7C JD", "3D 4D")
	mustApply(t, g, wmPlay(1, 0, "2S", wmRuleI))
	wantLegal(t, g, wmFill(wmTalon, 1, ac("JD")))
	wantLegal(t, g, wmFill(wmStock, 1, NoCard))
	wantIllegal(t, g, wmFill(wmTalon, 1, ac("7C"))) // not the talon top
	wantIllegal(t, g, wmFill(wmStock, 1, ac("3D"))) // a pack card is hidden
	wantIllegal(t, g, wmFill(wmTalon, 0, ac("JD"))) // not the vacancy
	wantIllegal(t, g, wmPlay(4, 0, "2D", wmRuleI))  // playing first is not allowed
	wantIllegal(t, g, wmDrawMove)                   // nor turning a card
	mustApply(t, g, wmFill(wmTalon, 1, ac("JD")))
	if g.lay.top(1) != ac("JD") || g.lay.top(wmTalon) != ac("7C") {
		t.Fatal("the fill from the talon must take its top")
	}
	// With the pack and talon both out a vacancy stays, and play goes on.
	h := wmPos(t, nil, [8]string{"", "2S", "", "", "", "", "", ""}, 1, wmFullCorners, "", "")
	wantLegal(t, h, wmPlay(1, 0, "2S", wmRuleI))
}

// The transfer from a king pile to the centre: one card, only when it
// brings a wing or talon card into immediate use; the corner king stays.
func TestWindmillTransfer(t *testing.T) {
	// Centre A–5 wants a 6; corner F1 K…6; a 7 in the wings fits nothing now.
	corners := [4]string{"KC QC JC TC 9C 8C 7C 6C", "KD", "KH", "KS"}
	g := wmPos(t, nil, [8]string{"7H", "9D", "9D'", "9S", "9S'", "9H", "9H'", "3S"}, 5, corners, "", "2C")
	m := wmTransferMove(0, "6C")
	wantLegal(t, g, m)
	mustApply(t, g, m)
	if g.centreN() != 6 || g.lay.size(wmCorner0) != 7 {
		t.Fatalf("after the transfer centre %d, corner %d", g.centreN(), g.lay.size(wmCorner0))
	}
	wantLegal(t, g, wmPlay(0, 0, "7H", wmRuleI))
	// No 7 available: the transfer brings nothing into use.
	h := wmPos(t, nil, [8]string{"8H", "9D", "9D'", "9S", "9S'", "9H", "9H'", "3S"}, 5, corners, "", "2C")
	wantIllegal(t, h, m)
	// The talon top counts as available.
	h.lay.push(wmTalon, ac("7S"))
	wantLegal(t, h, m)
	// A 7 that already fits another corner (top 8) is not brought into use.
	c2 := corners
	c2[1] = "KD QD JD TD 9D 8D"
	k := wmPos(t, nil, [8]string{"7H", "2H", "9D'", "9S", "9S'", "9H", "9H'", "3S"}, 5, c2, "", "2C")
	wantIllegal(t, k, m)
	ka := wmPos(t, Options{"transfer": "any"}, [8]string{"8H", "9D'", "9C'", "9S", "9S'", "9H", "9H'", "3S"}, 5, c2, "", "2C")
	wantLegal(t, ka, m)
	kn := wmPos(t, Options{"transfer": "none"}, [8]string{"7H", "9D'", "9C'", "9S", "9S'", "9H", "9H'", "3S"}, 5, corners, "", "2C")
	wantIllegal(t, kn, m)
	// The centre must take the card; the corner's king never moves.
	wantIllegal(t, g, wmTransferMove(0, "7C"))
	kk := wmPos(t, Options{"transfer": "any"}, [8]string{"9D", "9D'", "9C", "9C'", "TH", "TH'", "TS", "TS'"}, 12, wmFullCorners, "", "2C")
	wantIllegal(t, kk, wmTransferMove(0, "KC"))
	// One way: nothing moves from the centre to a corner.
	wantIllegal(t, g, Move{Kind: MoveTransfer, From: wmCentre, To: wmCorner0, Card: g.lay.top(wmCentre), Card2: NoCard, Rule: wmRuleTransfer})
}

// No redeal: with the pack out and nothing to play the game is over.
func TestWindmillNoRedealAndWin(t *testing.T) {
	g := wmPos(t, nil, [8]string{"9D", "9D'", "9C", "9C'", "9H", "9H'", "9S", "9S'"}, 1, wmFullCorners, "5C", "")
	if g.Ending() == Playing || g.Won() || len(g.LegalMoves(nil)) != 0 {
		t.Fatal("pack out, no play: the game must be over and lost")
	}
	w := wmPos(t, nil, [8]string{"", "", "", "", "", "", "", "KS'"}, 51, [4]string{"KC QC JC TC 9C 8C 7C 6C 5C 4C 3C 2C AC", "KD QD JD TD 9D 8D 7D 6D 5D 4D 3D 2D AD", "KH QH JH TH 9H 8H 7H 6H 5H 4H 3H 2H AH", "KS QS JS TS 9S 8S 7S 6S 5S 4S 3S 2S AS"}, "", "")
	mustApply(t, w, wmPlay(7, 0, "KS'", wmRuleI))
	if !w.Won() || w.Ending() != EndWon || w.Score() != 104 {
		t.Fatalf("want a won game: %v", w)
	}
}

// Variant kings=choice: kings are ordinary cards; the player puts them in an
// empty corner or on the centre's queen.
func TestWindmillKingsChoice(t *testing.T) {
	g := newWMT(t, "AH KS 5C", Options{"kings": "choice"})
	if g.lay.top(0) != ac("KS") || !g.lay.empty(wmCorner0) {
		t.Fatalf("with kings=choice the king stays in the wing: %v", g)
	}
	wantLegal(t, g, wmPlay(0, 1, "KS", wmRuleI))
	wantLegal(t, g, wmPlay(0, 4, "KS", wmRuleI))
	wantIllegal(t, g, wmPlay(1, 1, "5C", wmRuleI))
	d := newWMT(t, "AH KS 5C", nil)
	wantIllegal(t, d, wmPlay(0, 1, "KS", wmRuleI))
}

// wmWingCards returns the eight wing cards, NoCard for a vacancy.
func wmWingCards(g *windmill) (w [8]Card) {
	for i := range w {
		w[i] = g.lay.top(i)
	}
	return w
}

// wmPlayouts visits every position of random playouts of deals random
// deals with options opts (randomPlayouts) and as many from endgames,
// where the stock is out and plays need no fill (wmEndgame, sometimes
// scrambled; random playouts of whole deals seldom come so far).
func wmPlayouts(t *testing.T, opts Options, deals int, visit func(seed uint64, ply int, g *windmill, legal []Move)) {
	t.Helper()
	randomPlayouts(t, windmillSpec(), opts, deals, func(seed uint64, ply int, g Game, legal []Move) {
		visit(seed, ply, g.(*windmill), legal)
	})
	rng := fastRand(7)
	var legal []Move
	for seed := uint64(1); seed <= uint64(deals); seed++ {
		gg, err := windmillSpec().NewDeal(Deal(2, seed), opts)
		if err != nil {
			t.Fatal(err)
		}
		wmEndgame(t, gg, &rng)
		if rng.intn(2) == 0 {
			scramble(gg, &rng)
		}
		g := gg.(*windmill)
		for ply := 0; ; ply++ {
			legal = g.LegalMoves(legal[:0])
			visit(seed, -1-ply, g, legal) // a negative ply: from an endgame
			if len(legal) == 0 {
				break
			}
			if err := g.Apply(legal[rng.intn(len(legal))]); err != nil {
				t.Fatalf("%v endgame %d move %d: %v", opts, seed, ply, err)
			}
		}
	}
}

// TestWindmillKept checks the facts Apply keeps (wmKept: vacant wings,
// wing ranks, score, the foundations' needs) against wmDerive, which reads
// them from the piles, at every position of random playouts of every
// variant, from the deal and from endgames.
func TestWindmillKept(t *testing.T) {
	for _, opts := range variantOptions(windmillSpec()) {
		wmPlayouts(t, opts, 300, func(seed uint64, ply int, g *windmill, _ []Move) {
			if want := wmDerive(g); g.k != want {
				t.Fatalf("%v seed %d move %d: kept %+v, piles give %+v\n%v", opts, seed, ply, g.k, want, g)
			}
		})
	}
}

// TestWindmillProgressCountAfter checks ProgressCountAfter, which reads
// the kept facts (wmKept), against wmCountFromPiles, the same count read
// from the piles, at every legal move of every position of random
// playouts of every variant, from the deal and from endgames.
func TestWindmillProgressCountAfter(t *testing.T) {
	for _, opts := range variantOptions(windmillSpec()) {
		counted := 0
		wmPlayouts(t, opts, 200, func(seed uint64, ply int, g *windmill, legal []Move) {
			for i := range legal {
				n, ok := g.ProgressCountAfter(&legal[i])
				wn, wok := wmCountFromPiles(g, &legal[i])
				if n != wn || ok != wok {
					t.Fatalf("%v seed %d move %d, %v: count %d %v, from the piles %d %v\n%v", opts, seed, ply, legal[i], n, ok, wn, wok, g)
				}
				counted += n
			}
		})
		if counted == 0 {
			t.Fatalf("%v: no play counted", opts)
		}
	}
}

// wmCountFromPiles is ProgressCountAfter reading the wings and the
// foundations from the piles (the code before the game kept them).
func wmCountFromPiles(g *windmill, m *Move) (int, bool) {
	var empty uint8 // the wings empty after m
	for w := 0; w < wmWings; w++ {
		if g.lay.empty(w) {
			empty |= 1 << w
		}
	}
	talon := g.lay.top(wmTalon)
	talonSeen := true // the talon's top after m was visible before it
	stock := g.lay.size(wmStock)
	fill, fillCard, hidden := -1, NoCard, false // the wing m fills, its card, and whether it comes unseen from the pack
	cn := g.centreN()
	var h [4]int // the corners' heights after m
	for k := range h {
		h[k] = g.lay.size(wmCorner0 + k)
	}
	switch m.Kind {
	case MoveFill:
		fill = int(m.To) & 7
		if m.From == wmTalon {
			fillCard, talon = talon, g.lay.below[talon]
			empty &^= 1 << fill
			break
		}
		stock--
		if g.turnsToCorner() {
			fill = -1 // the king starts a corner: the wing stays empty
			break
		}
		empty &^= 1 << fill
		fillCard, hidden = g.lay.top(wmStock), true
	case MoveDraw:
		stock--
		if !g.turnsToCorner() {
			talon, talonSeen = g.lay.top(wmStock), false
		}
	case MoveFoundation, MoveTransfer:
		switch from := int(m.From); {
		case from < wmWings:
			empty |= 1 << from
		case from == wmTalon:
			talon = g.lay.below[talon]
		case from >= wmCorner0 && from < wmCorner0+4:
			h[from-wmCorner0]--
		}
		if f := int(m.To) - wmCentre; f == 0 {
			cn++
		} else if f > 0 && f < 5 {
			h[f-1]++
		}
	default:
		return 0, false
	}
	if empty != 0 && (talon != NoCard || stock > 0) {
		return 0, true // a vacancy must be filled first
	}
	// by[r]: the foundations that take rank r after m (bit f, as in
	// wmNeeds; a corner that takes nothing sets a bit of by[0], cleared), so a card of
	// rank r has bits.OnesCount8(by[r]) plays.
	var by [16]uint8
	if cn < wmCentreN {
		by[cn%NumRanks+1] = 1
	}
	for k, n := range h {
		by[g.cornerNeed(n)&15] |= 2 << k
	}
	by[0] = 0 // the corners that take nothing
	plays := func(c Card) int { return bits.OnesCount8(by[c.Rank()&15]) }
	n := 0
	for w := 0; w < wmWings; w++ {
		c := g.lay.top(w)
		if w == fill {
			if hidden {
				continue
			}
			c = fillCard
		}
		if empty>>w&1 == 0 && c.Valid() {
			n += plays(c)
		}
	}
	if talonSeen && talon.Valid() {
		n += plays(talon)
	}
	return n, true
}

// TestWindmillLegalFromPiles checks LegalMoves, which lists the moves from
// the kept facts (wmKept), against wmLegalFromPiles, the rules read from
// the piles with plain loops in the same order, and Ending against it, at
// every position of random playouts of every variant, from the deal and
// from endgames.
func TestWindmillLegalFromPiles(t *testing.T) {
	for _, opts := range variantOptions(windmillSpec()) {
		transfers := 0
		wmPlayouts(t, opts, 300, func(seed uint64, ply int, g *windmill, legal []Move) {
			want := wmLegalFromPiles(g)
			if len(legal) != len(want) {
				t.Fatalf("%v seed %d move %d: legal %v, from the piles %v\n%v", opts, seed, ply, legal, want, g)
			}
			for i := range want {
				if legal[i] != want[i] {
					t.Fatalf("%v seed %d move %d: legal %v, from the piles %v\n%v", opts, seed, ply, legal, want, g)
				}
				if want[i].Kind == MoveTransfer {
					transfers++
				}
			}
			if stuck := g.Ending() == EndStuck; !g.Won() && stuck != (len(want) == 0) {
				t.Fatalf("%v seed %d move %d: Ending %v with %d legal moves\n%v", opts, seed, ply, g.Ending(), len(want), g)
			}
		})
		if transfers == 0 && opts["transfer"] != "none" {
			t.Fatalf("%v: no transfer listed", opts)
		}
	}
}

// wmLegalFromPiles lists the legal moves of g read from its piles (the
// order of LegalMoves: the fills of the lowest vacancy, from the talon
// then the pack, which exclude everything else; else each wing's plays,
// foundations in order, then the talon's, the transfers corner by corner,
// and the draw).
func wmLegalFromPiles(g *windmill) []Move {
	var need [5]Rank
	if cn := g.centreN(); cn < wmCentreN {
		need[0] = Rank(cn%NumRanks + 1)
	}
	for k := 1; k < 5; k++ {
		switch h := g.lay.size(wmCentre + k); {
		case h == 0 && g.r.kingChoice:
			need[k] = King
		case h > 0 && h < NumRanks:
			need[k] = Rank(NumRanks - h)
		}
	}
	talon, stock := g.lay.top(wmTalon), !g.lay.empty(wmStock)
	var out []Move
	for w := 0; w < wmWings; w++ {
		if g.lay.empty(w) && (talon != NoCard || stock) {
			if talon != NoCard {
				out = append(out, wmFill(wmTalon, w, talon))
			}
			if stock {
				out = append(out, wmFill(wmStock, w, NoCard))
			}
			return out
		}
	}
	plays := func(from int, c Card, rule RuleID) {
		for f := 0; f < 5; f++ {
			if c != NoCard && need[f] != 0 && need[f] == c.Rank() {
				out = append(out, Move{Kind: MoveFoundation, From: uint8(from), To: uint8(wmCentre + f), Card: c, Card2: NoCard, Rule: rule})
			}
		}
	}
	for w := 0; w < wmWings; w++ {
		plays(w, g.lay.top(w), wmRuleI)
	}
	plays(wmTalon, talon, wmRulePlay)
	use := false // the variant allows a transfer of a card the centre takes
	switch g.r.transfer {
	case wmTransferAny:
		use = true
	case wmTransferImmediate:
		want := need[0] + 1 // a wing or talon card of the rank the centre takes next, which fits nowhere now
		fits := false
		for _, r := range need {
			fits = fits || r == want
		}
		held := talon != NoCard && talon.Rank() == want
		for w := 0; w < wmWings; w++ {
			held = held || g.lay.top(w) != NoCard && g.lay.top(w).Rank() == want
		}
		use = !fits && held
	}
	for k := 0; k < 4; k++ {
		p := wmCorner0 + k
		if t := g.lay.top(p); use && need[0] != 0 && g.lay.size(p) >= 2 && t.Rank() == need[0] {
			out = append(out, Move{Kind: MoveTransfer, From: uint8(p), To: wmCentre, Card: t, Card2: NoCard, Rule: wmRuleTransfer})
		}
	}
	if stock {
		out = append(out, wmDrawMove)
	}
	return out
}

// wmProgress is the measure of Acyclic: stock size, cards on the
// foundations, centre height, talon size, read from the piles.
func wmProgress(g *windmill) [4]int {
	score := 0
	for p := wmCentre; p < wmTalon; p++ {
		score += g.lay.size(p)
	}
	return [4]int{g.lay.size(wmStock), score, g.centreN(), g.lay.size(wmTalon)}
}

// wmAhead reports whether measure b is ahead of a: a smaller stock, else
// more cards on the foundations, else a higher centre, else a smaller
// talon.
func wmAhead(a, b [4]int) bool {
	switch {
	case b[0] != a[0]:
		return b[0] < a[0]
	case b[1] != a[1]:
		return b[1] > a[1]
	case b[2] != a[2]:
		return b[2] > a[2]
	}
	return b[3] < a[3]
}

// TestWindmillAcyclic checks the measure of Acyclic: every legal move of
// every position of random playouts of every variant, from the deal and
// from endgames, takes it forward, so no position comes back.
func TestWindmillAcyclic(t *testing.T) {
	for _, opts := range variantOptions(windmillSpec()) {
		wmPlayouts(t, opts, 200, func(seed uint64, ply int, g *windmill, legal []Move) {
			if !g.Acyclic() {
				t.Fatal("the Mill must be Acyclic")
			}
			before := wmProgress(g)
			for i := range legal {
				c := g.Clone().(*windmill)
				c.ApplyListed(&legal[i])
				if after := wmProgress(c); !wmAhead(before, after) {
					t.Fatalf("%v seed %d move %d: %v takes %v to %v\n%v", opts, seed, ply, legal[i], before, after, g)
				}
			}
		})
	}
}
