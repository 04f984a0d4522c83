package engine

import (
	"fmt"
	"math/bits"
	"slices"
)

// The Mill / Windmill (Мельница; Cadogan 1914 "The Mill"; PySolFC game 30,
// Windmill, a looser relative).
//
// Piles: W0–W7 the eight wing cards (four arms of two), F0 the centre (the
// ace taken out at once, built up A→K four times regardless of suit), F1–F4
// the corners (the first four kings that appear, each built down K→A
// regardless of suit), "talon" (face up, top available) and "stock" (the
// face-down pack).
//
// Compulsory moves done inside Apply: a king turned while a corner is still
// empty goes there at once (windmill/II). A vacancy in the wings must be
// filled before anything else, from the talon or the stock at the player's
// choice (windmill/vacancy); the lowest vacant wing is filled first (the
// wings are all alike). The transfer from a king pile to the centre
// (windmill/transfer) moves one card, never a corner's king itself, and by
// default only when it brings into use a wing or talon card that could not
// be played before.

const (
	wmWings   = 8
	wmCentre  = 8
	wmCorner0 = 9
	wmTalon   = 13
	wmStock   = 14
	wmPiles   = 15
	wmCentreN = 4 * NumRanks

	wmTransferImmediate = 0
	wmTransferAny       = 1
	wmTransferNone      = 2
)

// Rule IDs of windmill.
const (
	wmRuleI        RuleID = "windmill/I"
	wmRuleII       RuleID = "windmill/II"
	wmRuleDeal     RuleID = "windmill/deal"
	wmRuleDraw     RuleID = "windmill/draw"
	wmRulePlay     RuleID = "windmill/play"
	wmRuleVacancy  RuleID = "windmill/vacancy"
	wmRuleTransfer RuleID = "windmill/transfer"
	wmRuleRedeal   RuleID = "windmill/redeal"
	wmRuleWin      RuleID = "windmill/win"
)

var wmPileNames = [wmPiles]string{"W0", "W1", "W2", "W3", "W4", "W5", "W6", "W7", "F0", "F1", "F2", "F3", "F4", "talon", "stock"}

func windmillSpec() *Spec {
	return &Spec{
		ID:       "windmill",
		Title:    "The Mill",
		TitlesRU: []string{"Мельница"},
		Book:     "Cadogan",
		Sources: []string{
			"Cadogan, «Пасьянсы» (the corpus text, complete; footnote [7] on the centre's four sequences)",
			"Cadogan 1914, \"The Mill\" (Rule I all wing cards available; Rule II the foundations do not follow suit)",
			"PySolFC game 30 (Windmill): kings placed by choice (variant kings=choice) and free foundation moves (variant transfer=any)",
		},
		Decks:    2,
		Players:  1,
		MaxMoves: 1000,
		Planner:  PlannerDefaults{Samples: 24},
		Piles:    windmillPiles(),
		Rules: []Rule{
			{ID: wmRuleI, Kind: KindNumbered, Number: "I", Status: StatusBook,
				Summary: "All eight wing cards are available (the inner ones are not blocked by the outer ones) and may be played to any foundation they suit.",
				Terms:   []string{"все карты в крыльях годны"}},
			{ID: wmRuleII, Kind: KindNumbered, Number: "II", Status: StatusBook,
				Summary: "Five foundations regardless of suit: the centre ace, taken out at once, built up A→K four times; and the first four kings that appear, put in the corners at once and built down to the ace.",
				Source:  "RU adds how the five foundations arise (EN Rule II: only 'do not follow suit'); footnote [7]",
				Terms:   []string{"пять оснований", "одно из них берется из колоды тотчас, остальные четыре во время игры", "на основания идут карты не по мастям"}},
			{ID: wmRuleDeal, Kind: KindPlay, Status: StatusBook,
				Summary: "Take an ace out of the pack (the first from the top) for the centre, then deal eight wing cards round it; kings among them go to the corners.",
				Source:  "which ace: the first one from the top of the pack (engine convention; the suit does not matter)",
				Terms:   []string{"берут из колоды туза и кладут его посредине", "раскладывают восемь карт, располагая их вокруг туза", "крылья ветряной мельницы", "берут из крыльев короля для основных карт", "заменять их картами, находящимися в руках", "первые четыре короля, вынимаемые из колод, кладут по четырем углам"}},
			{ID: wmRuleDraw, Kind: KindPlay, Status: StatusBook,
				Summary: "Turn the pack one card at a time; a card that cannot be used goes to the talon, whose top is available.",
				Terms:   []string{"переворачивают карты одну за другою", "карты, которые не могут быть употреблены в дело, складываются в особую пачку и образуют собою талон"}},
			{ID: wmRulePlay, Kind: KindPlay, Status: StatusBook,
				Summary: "The card turned (the talon top) may be played to a foundation it suits.",
				Terms:   []string{"играют те из них, которые по достоинству своему могут быть приняты в число основных карт", "каждый из четырех королей должен нисходить по порядку до туза", "на среднего туза следует наложить четыре полных подбора карт, идущих по порядку", "начинаются каждый тузом и оканчиваются королем"}},
			{ID: wmRuleVacancy, Kind: KindPlay, Status: StatusBook,
				Summary: "A vacancy in the wings is filled at once, from the pack or the talon at the player's choice, before any other move.",
				Source:  "engine convention: the book says 'from the pack or the talon' without an order, so the source is the player's choice",
				Terms:   []string{"пустые места в крыльях следует немедленно же закрывать картами, взятыми от колоды или талона"}},
			{ID: wmRuleTransfer, Kind: KindPlay, Status: StatusBook,
				Summary: "The top card of a king pile may be moved to the centre, one card at a time, only when it brings another available wing or talon card into immediate use (one way; a corner king itself never moves).",
				Source:  "engine convention: 'immediate use' read as: after the transfer a wing or talon card that fits no foundation now goes on the centre; one way only (the book never moves a card from the centre)",
				Terms:   []string{"верхняя карта каждой из королевских пачек может быть, если нужно, переложена на тузовую пачку", "за один раз можно брать только одну карту с пачки", "можно немедленно же употребить в дело другую годную карту из крыльев или талона"}},
			{ID: wmRuleRedeal, Kind: KindPlay, Status: StatusBook,
				Summary: "No redeal: the game ends when the pack is out and no card can be played.",
				Terms:   []string{"пасьянс вторично не раскладывается"}},
			{ID: wmRuleWin, Kind: KindPlay, Status: StatusConvention,
				Summary: "The game is won when the centre holds four sequences A→K (52 cards) and each corner K→A.",
				Source:  "Cadogan 1914 (the centre holds four sequences, each beginning with the ace and ending with the king, footnote [7])"},
			{ID: "windmill/S1", Kind: KindAdvice, Number: "S1", Status: StatusBook,
				Summary: "Prefer taking a card from the talon to taking it from the wings.",
				Terms:   []string{"лучше брать карты из талона, нежели из крыльев"}},
			{ID: "windmill/S2", Kind: KindAdvice, Number: "S2", Status: StatusBook,
				Summary: "Resort to moving a king pile's top card to the centre only when it at once brings another wing or talon card into use.",
				Terms:   []string{"к этому средству прибегают только тогда", "можно немедленно же употребить в дело другую годную карту"}},
		},
		Variants: []Variant{
			{Name: "transfer", Values: []string{"immediate", "any", "none"}, Default: "immediate",
				Doc: "immediate: a king pile's top card goes to the centre only when a wing or talon card that fits no foundation then fits the centre (the book); any: whenever the centre takes it (PySolFC allows foundation moves freely); none: no transfers."},
			{Name: "kings", Values: []string{"first-four", "choice"}, Default: "first-four",
				Doc: "first-four: the first four kings that appear go to the corners at once (the book, Rule II); choice: a king is an ordinary available card that the player may put in an empty corner or on the centre's queen (PySolFC Windmill)."},
		},
		Search: windmillSearch,
		Start:  startWindmill,
	}
}

// windmillSearch explains the search hooks of The Mill.
const windmillSearch = `Symmetry: no rule of the Mill looks at suits (the foundations are built regardless of suit, kings go to the corners by rank), so cards of the same rank are interchangeable: the key hashes ranks only. The eight wings are alike (every wing card is available; a vacancy is filled by the rule, whichever wing it is), so they are a multiset of ranks; the four corners are alike, so they are a multiset of heights (a corner of height n holds K … 14-n); the centre is its height; the talon and the stock are sequences of ranks.

Safe moves: once the stock is out, every play uncovers exactly one talon card, whichever card it plays: a talon top leaves the talon, and a wing card leaves a vacancy that must be filled at once from the talon top. The wing cards and the talon top are then one pool whose only change is the card played and the next talon card coming in, and which pool card is played counts only by its rank. A play to the centre of a rank r is safe when every corner's top is below r (and no empty corner may take a king, variant kings=choice): corners only go down, and a transfer needs a corner top the centre takes, so until the centre has taken its next card, which must be of rank r, no corner can take a card of rank r or give one to the centre. So take any win: play the card at once, then make the win's moves before that centre play in the same order (they play other ranks to the corners, which the pool still holds, since it has only gained the talon card one play earlier) and leave that play out; the pool, the talon and the foundations are then the same as in the win. While the stock lasts no play is known to be safe: a wing play forces a fill from the talon or the stock (the player's choice), which changes what later draws bury.

Endgame evaluation: once the stock is out the endgame is decided exactly, by exhaustive search over the abstraction above (a state is the number of talon cards brought into the pool, the centre's height and the corners' heights; the pool follows from them, a few thousand states at most; transfers by the same rule as the game). A lost endgame is a dead end; in a won one the first move of the win found is the safe move, so the search follows the win at once. While the stock lasts no dead end is known: a talon card is never buried for good (every wing play pulls the talon top into the vacancy).

Probe share (engine.ProbeSharer): the solver's limited discrepancy probe gets the whole node budget after the first look. While the stock lasts no dead end is known, so the exhaustive search proves no loss within the budget, and the probe finds wins it misses: on deals 0–999 of seed 2026 at the default budget the probe's default fifth won 851 deals and left 149 undecided; the whole budget won 898, every deal won before among them, and the undecided deals cost under a second (the 95th percentile was 2.3 s).`

// windmillPiles is the layout of The Mill.
func windmillPiles() []PileInfo {
	ps := make([]PileInfo, wmPiles)
	for i, n := range wmPileNames {
		k := PileTableau
		switch {
		case i >= wmCentre && i < wmTalon:
			k = PileFoundation
		case i == wmTalon:
			k = PileTalon
		case i == wmStock:
			k = PileStock
		}
		ps[i] = PileInfo{Name: n, Kind: k}
	}
	return ps
}

// windmillRules are the typed variant options of The Mill.
type windmillRules struct {
	transfer   uint8 // wmTransferImmediate, wmTransferAny or wmTransferNone
	kingChoice bool  // kings=choice
}

func startWindmill(v *VariantReader) (Dealer, error) {
	r := &windmillRules{kingChoice: v.Is("kings", "choice")}
	switch {
	case v.Is("transfer", "any"):
		r.transfer = wmTransferAny
	case v.Is("transfer", "none"):
		r.transfer = wmTransferNone
	}
	c := newCore(v)
	return func(pack []Card) (Game, error) { return newWindmill(c, r, pack), nil }, nil
}

// The game contract and the optional interfaces windmill implements,
// checked by the compiler.
var (
	_ Game            = (*windmill)(nil)
	_ Acyclic         = (*windmill)(nil)
	_ ProgressMover   = (*windmill)(nil)
	_ ProgressCounter = (*windmill)(nil)
	_ ProbeSharer     = (*windmill)(nil)
)

// windmill is the state of a game of The Mill. A wing is a pile of at most
// one card (empty: a vacancy).
type windmill struct {
	table
	r *windmillRules
	k wmKept
}

// wmKept is what the Mill keeps of its piles, updated by Apply at each
// move instead of re-read at every move generation (every move changes at
// most one wing, the talon, the pack and two foundations):
// TestWindmillKept compares it with wmDerive, which reads it from the
// piles, at every position of random playouts of every variant.
type wmKept struct {
	// vacant has bit w set when wing w is empty.
	vacant uint8
	// wings[r] has bit w set when wing w holds a card of rank r (1 … 13;
	// the other entries stay 0), so the wings a foundation takes are
	// wings[need] and a transfer's "card brought into use" is one read.
	wings [16]uint8
	// plays has bit w set when wing w holds a card some foundation takes
	// (the union of wings[need[f]] over the five foundations), so a move
	// generation lists the wing plays without reading the needs first.
	plays uint8
	// full has bit k set when corner k is complete (K … A): its top ace is
	// the one a transfer may bring to a centre that takes an ace.
	full uint8
	// score is the number of cards on the five foundations.
	score uint8
	// n is what the foundations take next (wmNeeds).
	n wmNeeds
}

// wmDerive returns the kept facts of g read from its piles.
func wmDerive(g *windmill) wmKept {
	var k wmKept
	for w := 0; w < wmWings; w++ {
		if c := g.lay.top(w); c == NoCard {
			k.vacant |= 1 << w
		} else {
			k.wings[c.Rank()] |= 1 << w
		}
	}
	for p := wmCentre; p < wmTalon; p++ {
		k.score += uint8(g.lay.size(p))
	}
	k.n = g.readNeeds()
	for w := 0; w < wmWings; w++ {
		if c := g.lay.top(w); c != NoCard && k.n.by[c.Rank()] != 0 {
			k.plays |= 1 << w
		}
	}
	for c := 0; c < 4; c++ {
		if g.lay.size(wmCorner0+c) == NumRanks {
			k.full |= 1 << c
		}
	}
	return k
}

// index recomputes the kept facts from the piles (after the deal, or a
// position built by hand in tests).
func (g *windmill) index() { g.k = wmDerive(g) }

// setWing records that wing w now holds c (NoCard: a vacancy) where it
// held old.
func (g *windmill) setWing(w int, old, c Card) {
	k := &g.k
	bit := uint8(1) << (w & 7)
	if old == NoCard {
		k.vacant &^= bit
	} else {
		k.wings[old.Rank()&15] &^= bit
		k.plays &^= bit
	}
	if c == NoCard {
		k.vacant |= bit
	} else {
		r := c.Rank() & 15
		k.wings[r] |= bit
		if k.n.by[r] != 0 {
			k.plays |= bit
		}
	}
}

// setNeed records what foundation f (0 the centre, 1–4 the corners) takes
// next after its height changed, read from its height (see wmNeeds), and
// which corners are complete.
func (g *windmill) setNeed(f int) {
	f %= 5
	h := g.lay.size(wmCentre + f)
	var r Rank
	switch {
	case f > 0:
		r = g.cornerNeed(h)
		bit := uint8(1) << (f - 1)
		g.k.full &^= bit
		if h == NumRanks {
			g.k.full |= bit
		}
	case h < wmCentreN:
		r = Rank(h%NumRanks + 1)
	}
	g.changeNeed(f, r)
}

// took records that foundation f (0 the centre, 1–4 the corners), which
// took rank r, took a card (r, the rank it took): the centre takes the
// next rank, after the king an ace, until it holds its 52 cards; a corner
// the rank below, and after its ace nothing (it is complete).
func (g *windmill) took(f int, r Rank) {
	var next Rank
	if f == 0 {
		if next = r + 1; r == King {
			next = Ace
		}
		if g.lay.size(wmCentre) == wmCentreN {
			next = 0
		}
	} else if next = r - 1; next == 0 {
		g.k.full |= 1 << ((f - 1) & 3)
	}
	g.changeNeed(f, next)
}

// changeNeed records that foundation f (0 the centre, 1–4 the corners)
// takes rank r next (0: nothing) in the kept needs (wmNeeds), and so which
// wings hold a card some foundation takes (plays: the wings of the rank f
// took before keep their bit only while another foundation takes it).
func (g *windmill) changeNeed(f int, r Rank) {
	k := &g.k
	f &= 7 // 0 … 4
	bit := uint8(1) << f
	old := k.n.need[f] & 15
	k.n.by[old] &^= bit
	if k.n.by[old] == 0 {
		k.plays &^= k.wings[old]
	}
	k.n.need[f] = r
	if r != 0 { // by[0] stays empty (wmNeeds)
		k.n.by[r&15] |= bit
		k.plays |= k.wings[r&15]
	}
}

func newWindmill(c core, r *windmillRules, pack []Card) *windmill {
	g := new(windmill)
	g.setUp(c, r, pack)
	return g
}

// setUp deals pack into g with the setup's core and rules, g's earlier
// state, if any, discarded: a game started anew.
func (g *windmill) setUp(c core, r *windmillRules, pack []Card) {
	*g = windmill{table: table{core: c}, r: r}
	g.lay.reset()
	// The first ace goes to the centre, the rest of the pack, in order,
	// to the stock (pack[0] on top).
	a := 0
	for a < len(pack) && pack[a].Rank() != Ace {
		a++
	}
	if a < len(pack) {
		g.lay.loadPack(wmStock, pack[a+1:])
		g.lay.push(wmCentre, pack[a])
	}
	g.lay.loadPack(wmStock, pack[:a])
	for w := 0; w < wmWings; w++ {
		g.turnTo(w)
	}
	g.index()
}

// Redeal starts g again on pack with the same setup (engine.Redealer).
func (g *windmill) Redeal(pack []Card) error {
	g.setUp(g.core, g.r, pack)
	return nil
}

// turnTo turns the stock's top card onto pile p, or into the first empty
// corner if it is a king and a corner is still empty (the first four kings
// go to the corners at once; not with variant kings=choice), and returns
// the pile it went to.
func (g *windmill) turnTo(p int) int {
	c := g.lay.top(wmStock)
	if c.Rank() == King && !g.r.kingChoice {
		for k := wmCorner0; k < wmCorner0+4; k++ {
			if g.lay.empty(k) {
				g.lay.moveLinked(wmStock, k)
				return k
			}
		}
	}
	g.lay.moveLinked(wmStock, p)
	return p
}

// centreN returns the number of cards on the centre.
func (g *windmill) centreN() int { return g.lay.size(wmCentre) }

// fits reports whether c goes on foundation f (0 the centre, 1–4 corners),
// from the kept needs (see wmNeeds).
func (g *windmill) fits(f int, c Card) bool {
	return c.Valid() && f >= 0 && f < 5 && g.k.n.need[f] == c.Rank()
}

// wmNeeds says what the five foundations take next: need[f] the rank
// foundation f takes (centre first, then the four corners; 0 where none),
// and by[r] the foundations that take rank r (bit f), so fits(f, c) is
// exactly c.Valid() && need[f] == c.Rank() and a card is playable exactly
// when by[its rank] != 0. Apply keeps it (wmKept.n).
type wmNeeds struct {
	need [8]Rank   // 5 … 7 unused (0), so that a foundation masked by 7 indexes it
	by   [16]uint8 // 0 … 15 so that a rank masked by 15 indexes it
}

// readNeeds returns what the foundations take next, read from the piles.
func (g *windmill) readNeeds() (n wmNeeds) {
	if cn := g.centreN(); cn < wmCentreN {
		r := Rank(cn%NumRanks + 1)
		n.need[0], n.by[r] = r, 1
	}
	for k := 1; k < 5; k++ {
		var r Rank
		switch h := g.lay.size(wmCentre + k); {
		case h == 0:
			if !g.r.kingChoice {
				continue
			}
			r = King
		case h < NumRanks:
			r = Rank(NumRanks - h) // the corner holds K … 14-h
		default:
			continue
		}
		n.need[k] = r
		n.by[r] |= 1 << k
	}
	return n
}

// vacancy returns the wing to fill next, or -1 when none must be filled
// (no vacancy, or nothing left to fill it with).
func (g *windmill) vacancy() int {
	if g.k.vacant == 0 || g.lay.empty(wmTalon) && g.lay.empty(wmStock) {
		return -1
	}
	return bits.TrailingZeros8(g.k.vacant)
}

// transferOK reports whether the top card of corner k may go to the centre.
func (g *windmill) transferOK(k int) bool {
	p := wmCorner0 + k
	return g.lay.size(p) >= 2 && g.lay.top(p).Rank() == g.k.n.need[0] && g.transferUse()
}

// transferUse reports whether a transfer to the centre, of a card it
// takes, is allowed by variant transfer: with transfer=immediate, after
// it the centre takes the next rank, and a wing or talon card of that rank
// that fits nowhere now must come into use. It is the same for every
// corner (only the centre's need matters), so a move generation asks once.
func (g *windmill) transferUse() bool {
	switch g.r.transfer {
	case wmTransferNone:
		return false
	case wmTransferAny:
		return true
	}
	want := g.k.n.need[0] + 1 // 1 … 14 (a centre that takes nothing has need 0)
	if g.k.n.by[want] != 0 {
		return false // a card of that rank already fits somewhere
	}
	t := g.lay.top(wmTalon)
	return g.k.wings[want] != 0 || t != NoCard && t.Rank() == want
}

// LegalMoves appends the legal moves: fills of a vacancy (which exclude
// everything else), else wing plays, talon plays, transfers and the draw,
// listed from the kept facts (wmKept).
func (g *windmill) LegalMoves(dst []Move) []Move {
	if v := g.vacancy(); v >= 0 {
		if t := g.lay.top(wmTalon); t != NoCard {
			dst = wmPush(dst, MoveFill, wmTalon, uint8(v), t, wmRuleVacancy)
		}
		if !g.lay.empty(wmStock) {
			dst = wmPush(dst, MoveFill, wmStock, uint8(v), NoCard, wmRuleVacancy)
		}
		return dst
	}
	// The foundation plays: of each wing that holds a card some
	// foundation takes (the kept plays), then of the talon, each with its
	// foundations in ascending order, as a loop over the wings and the
	// foundations would list them.
	n := &g.k.n
	for m := g.k.plays; m != 0; m &= m - 1 {
		w := bits.TrailingZeros8(m)
		c := g.lay.top(w)
		for m := n.by[c.Rank()&15]; m != 0; m &= m - 1 { // g.fits(f, c)
			dst = wmPush(dst, MoveFoundation, uint8(w), uint8(wmCentre+bits.TrailingZeros8(m)), c, wmRuleI)
		}
	}
	if t := g.lay.top(wmTalon); t.Valid() {
		for m := n.by[t.Rank()]; m != 0; m &= m - 1 { // g.fits(f, t)
			dst = wmPush(dst, MoveFoundation, wmTalon, uint8(wmCentre+bits.TrailingZeros8(m)), t, wmRulePlay)
		}
	}
	if m := g.cornerTops(); m != 0 && g.transferUse() { // transfers, inline
		for ; m != 0; m &= m - 1 {
			p := wmCorner0 + bits.TrailingZeros8(m)
			dst = wmPush(dst, MoveTransfer, uint8(p), wmCentre, g.lay.top(p), wmRuleTransfer)
		}
	}
	if !g.lay.empty(wmStock) {
		dst = wmPush(dst, MoveDraw, wmStock, wmTalon, NoCard, wmRuleDraw)
	}
	return dst
}

// transfers returns the corners whose top may go to the centre (bit k for
// corner k, no vacancy to fill): those whose top the centre takes
// (cornerTops) when the variant allows it (transferUse, the same for
// every corner).
func (g *windmill) transfers() uint8 {
	if m := g.cornerTops(); m != 0 && g.transferUse() {
		return m
	}
	return 0
}

// cornerTops returns the corners of height h ≥ 2 whose top, 14-h, is the
// rank the centre takes (need[0]; bit k for corner k). A corner with top
// r ≥ 2 is one that takes r-1 next (its height is 14-r, at least 1), so
// for 2 ≤ r < King they are the corners of by[r-1], whose bit 0, the
// centre's, is clear (the centre takes r); a top ace (r = 1) is that of a
// complete corner (the kept full), and a top king (r = King) that of a
// corner of height 1.
func (g *windmill) cornerTops() uint8 {
	switch r := g.k.n.need[0]; {
	case r >= 2 && r < King:
		return g.k.n.by[(r-1)&15] >> 1
	case r == 1:
		return g.k.full
	}
	return 0
}

// anyMove reports whether a move is legal (LegalMoves would list one).
func (g *windmill) anyMove() bool {
	if g.vacancy() >= 0 || !g.lay.empty(wmStock) || g.transfers() != 0 {
		return true
	}
	t := g.lay.top(wmTalon)
	return g.k.plays != 0 || t.Valid() && g.k.n.by[t.Rank()&15] != 0
}

// Check is the legality predicate, rule by rule.
func (g *windmill) Check(m Move) error {
	if m.Card2 != NoCard {
		return illegal("windmill: no move of windmill has a second card")
	}
	from, to := int(m.From), int(m.To)
	v := g.vacancy()
	if m.Rule == wmRuleVacancy {
		if m.Kind != MoveFill || to >= wmWings {
			return illegal("windmill: the move does not fit its rule, which fills a wing")
		}
		if v < 0 {
			return illegal("windmill: no vacancy to fill")
		}
		if to != v {
			return illegalf(m, "the wing to fill is %s", wmPileNames[v])
		}
		switch from {
		case wmTalon:
			if t := g.lay.top(wmTalon); t == NoCard || t != m.Card {
				return illegalf(m, "%s is not the talon top", m.Card)
			}
		case wmStock:
			if g.lay.empty(wmStock) || m.Card != NoCard {
				return illegal("windmill: a fill from the stock turns its hidden top card")
			}
		default:
			return illegal("windmill: a wing is filled from the stock or the talon")
		}
		return nil
	}
	if v >= 0 {
		return illegal("windmill: a vacancy in the wings must be filled first (windmill/vacancy)")
	}
	f := to - wmCentre
	switch m.Rule {
	case wmRuleI, wmRulePlay:
		if m.Kind != MoveFoundation || f < 0 || f >= 5 {
			return illegal("windmill: the move does not fit its rule, which plays a card to a foundation")
		}
		if m.Rule == wmRuleI {
			if from >= wmWings || g.lay.top(from) == NoCard || g.lay.top(from) != m.Card {
				return illegalf(m, "%s is not a wing card", m.Card)
			}
		} else if from != wmTalon || g.lay.top(wmTalon) == NoCard || g.lay.top(wmTalon) != m.Card {
			return illegalf(m, "%s is not the talon top", m.Card)
		}
		if !g.fits(f, m.Card) {
			return illegalf(m, "%s does not go on %s", m.Card, wmPileNames[to])
		}
		return nil
	case wmRuleTransfer:
		if m.Kind != MoveTransfer || to != wmCentre || from < wmCorner0 || from >= wmCorner0+4 {
			return illegal("windmill: the move does not fit its rule, which moves a king pile's top card to the centre")
		}
		k := from - wmCorner0
		if g.lay.empty(from) || g.lay.top(from) != m.Card {
			return illegalf(m, "%s is not the top of %s", m.Card, wmPileNames[from])
		}
		if g.lay.size(from) == 1 {
			return illegal("windmill: the corner king is the foundation itself and stays")
		}
		if !g.fits(0, m.Card) {
			return illegalf(m, "the centre does not take %s", m.Card)
		}
		if g.r.transfer == wmTransferNone {
			return illegal("windmill: transfers are off (variant transfer=none)")
		}
		if !g.transferOK(k) {
			return illegal("windmill: the transfer would bring no other wing or talon card into immediate use")
		}
		return nil
	case wmRuleDraw:
		if m.Kind != MoveDraw || from != wmStock || to != wmTalon || m.Card != NoCard {
			return illegal("windmill: a draw turns the stock onto the talon")
		}
		if g.lay.empty(wmStock) {
			return illegal("windmill: the stock is out")
		}
		return nil
	}
	return illegal("windmill: no rule of windmill permits this move")
}

// Apply checks and performs m; a king turned while a corner is empty goes
// there at once.
func (g *windmill) Apply(m Move) error {
	if err := g.Check(m); err != nil {
		return err
	}
	g.ApplyListed(&m)
	return nil
}

// ApplyListed performs m, which LegalMoves listed for the current state,
// without checking it again (engine.ListedApplier).
func (g *windmill) ApplyListed(m *Move) {
	// Keep wmKept: the wing a move empties or fills, the foundations whose
	// height changes, the score. Each kind of move has one rule (Check),
	// so the kind, one byte, tells the rule.
	switch m.Kind {
	case MoveFill:
		to := int(m.To)
		if m.From == wmTalon {
			g.setWing(to, NoCard, g.lay.moveLinked(wmTalon, to))
		} else if g.lay.top(wmStock).Rank() != King { // turnTo without the kings' test
			g.setWing(to, NoCard, g.lay.moveLinked(wmStock, to))
		} else if p := g.turnTo(to); p == to {
			g.setWing(to, NoCard, g.lay.top(to))
		} else { // a king to a corner: the wing stays vacant
			g.setNeed(p - wmCentre)
			g.k.score++
		}
	case MoveFoundation:
		from := int(m.From)
		c := g.lay.moveLinked(from, int(m.To))
		if from < wmWings {
			g.setWing(from, c, NoCard)
		}
		g.took(int(m.To)-wmCentre, c.Rank())
		g.k.score++
	case MoveTransfer:
		// The corner takes back the rank it gave (its top was the
		// centre's need), and is no longer complete.
		f := int(m.From) - wmCentre
		r := g.lay.moveLinked(int(m.From), wmCentre).Rank()
		g.k.full &^= 1 << ((f - 1) & 3)
		g.changeNeed(f, r)
		g.took(0, r)
	case MoveDraw:
		if g.lay.top(wmStock).Rank() != King { // turnTo without the kings' test
			g.lay.moveLinked(wmStock, wmTalon)
		} else if p := g.turnTo(wmTalon); p != wmTalon {
			g.setNeed(p - wmCentre)
			g.k.score++
		}
	}
}

// Acyclic reports that no position of the Mill comes back (engine.Acyclic,
// every variant): every move makes (stock size, cards on the foundations,
// centre height, talon size) go forward in order, lexicographically —
// the stock only shrinks (a draw, a fill from the pack), else the
// foundations only grow (a play), else the centre does (a transfer, which
// leaves the count alone), else the talon shrinks (a fill from it).
// TestWindmillAcyclic checks the measure at every move.
func (g *windmill) Acyclic() bool { return true }

// Ending: won when every card is on the foundations, stuck when no move is
// legal (there is no redeal).
func (g *windmill) Ending() Ending {
	return ending(g.Won(), false, g.anyMove())
}

// Won reports whether every card is on the foundations (the kept score).
func (g *windmill) Won() bool { return g.k.score == 2*CardsPerDeck }

// Score is the number of cards on the five foundations (kept by Apply).
func (g *windmill) Score() int { return int(g.k.score) }

func (g *windmill) Total() int   { return 2 * CardsPerDeck }
func (g *windmill) Redeals() int { return 0 }

// Pile shows every pile but the face-down stock.
func (g *windmill) Pile(dst []Card, i int) []Card {
	if i == wmStock {
		return appendHidden(dst, g.lay.size(wmStock))
	}
	return g.FullPile(dst, i)
}

// FullPile returns every card of pile i, bottom first.
func (g *windmill) FullPile(dst []Card, i int) []Card {
	if i < 0 || i >= wmPiles {
		return dst
	}
	return g.lay.appendPile(dst, i)
}

// Hash covers every pile including the stock's order.
func (g *windmill) Hash() uint64 { return g.lay.hashWords(0, 2*CardsPerDeck, wmPiles, 0) }

// ViewHash is Hash with the stock reduced to its size: the kept links of
// every other pile (see layout.linkHash).
func (g *windmill) ViewHash() uint64 {
	return viewHash(g.lay.linkHash(^uint64(1<<wmStock)), uint64(g.lay.size(wmStock)))
}

func (g *windmill) Clone() Game {
	c := *g
	return &c
}

// CopyFrom makes g a copy of src when src is a Mill game.
func (g *windmill) CopyFrom(src Game) bool { return copyState(g, src) }

// Determinize rearranges the stock at random (the only hidden cards).
func (g *windmill) Determinize(r *Rand) { g.lay.determinize(wmStock, r) }

// Search hooks (SearchHooks): see windmillSearch.

// SearchKey returns the canonical key described above.
func (g *windmill) SearchKey() Key {
	k := newKeyHash(0x574D)   // "WM"
	var wings, corners uint64 // counts of wing ranks (0 a vacancy), of corner heights
	for w := 0; w < wmWings; w++ {
		r := Rank(0) // a vacancy
		if c := g.lay.top(w); c != NoCard {
			r = c.Rank()
		}
		wings += 1 << (4 * r)
	}
	for c := wmCorner0; c < wmCorner0+4; c++ {
		corners += 1 << (4 * g.lay.size(c))
	}
	k.word(wings)
	k.word(corners)
	k.word(uint64(g.centreN()))
	pileKey(&k, &g.lay, wmTalon, 4, rankValue{}, false)
	pileKey(&k, &g.lay, wmStock, 4, rankValue{}, false)
	return k.sum()
}

// SafeMove returns, once the stock is out, the first move of a win the
// endgame evaluation finds (wmEnd), or else a play to the centre of a rank
// r that no corner can take or give before the centre takes it (every
// corner's top is below r, and no empty corner takes a king); or -1.
func (g *windmill) SafeMove(legal []Move) int {
	if !g.lay.empty(wmStock) {
		return -1
	}
	var e wmEnd
	if e.eval(g) == wmWon {
		if i := e.first.find(g, legal); i >= 0 {
			return i
		}
	}
	cn := g.centreN()
	if cn >= wmCentreN {
		return -1
	}
	r := cn%NumRanks + 1
	for c := wmCorner0; c < wmCorner0+4; c++ {
		switch n := g.lay.size(c); {
		case n == 0 && g.r.kingChoice:
			return -1
		case n > 0 && NumRanks+1-n >= r: // its top K … 14-n
			return -1
		}
	}
	for i, m := range legal {
		if m.Kind == MoveFoundation && m.To == wmCentre {
			return i
		}
	}
	return -1
}

// ProbeShare gives the solver's probe the whole node budget after its
// first look (engine.ProbeSharer; see windmillSearch).
func (g *windmill) ProbeShare() int { return 100 }

// DeadEnd reports, once the stock is out, an endgame the evaluation
// (wmEnd) proves lost.
func (g *windmill) DeadEnd() bool {
	if !g.lay.empty(wmStock) {
		return false
	}
	var e wmEnd
	return e.eval(g) == wmLost
}

// Outcomes of an endgame evaluation.
const (
	wmUnknown = iota // too many states
	wmWon
	wmLost
)

// wmEndCap bounds the states one endgame evaluation visits.
const wmEndCap = 1 << 12

// wmEnd decides the endgame of the Mill once the stock is out, by
// exhaustive search over an exact abstraction (see windmillSearch): every
// play brings in the next talon card, so the wing cards and the talon top
// are one pool of ranks, and a state is the number of talon cards brought
// in, the centre's height and the corners' heights (the pool follows from
// them). It is a value; an evaluation allocates nothing.
type wmEnd struct {
	r     *windmillRules
	talon [2 * CardsPerDeck]Rank // the talon's ranks, top first
	t     int
	seen  [2 * wmEndCap]uint32 // open-addressing set of the states visited (0: empty)
	n     int
	full  bool
	first wmEndMove // the first move of the win found
}

// wmEndMove is a move of the abstraction: a card of rank r played to the
// centre (corner < 0) or to a corner of height corner, or (transfer) the
// top of a corner of height corner moved to the centre.
type wmEndMove struct {
	transfer bool
	r        Rank
	corner   int
}

// wmEndState is a state of the abstraction.
type wmEndState struct {
	i    int    // talon cards brought into the pool (talon[i] is the top)
	cn   int    // the centre's height
	h    [4]int // the corners' heights, ascending
	pool [NumRanks + 1]int8
}

// eval decides the endgame of g (stock out, no wing waiting to be filled
// from the talon).
func (e *wmEnd) eval(g *windmill) int {
	if g.vacancy() >= 0 {
		return wmUnknown // the fill comes first
	}
	e.r = g.r
	var s wmEndState
	for c := g.lay.top(wmTalon); c != NoCard; c = g.lay.below[c] {
		e.talon[e.t] = c.Rank()
		e.t++
	}
	for w := 0; w < wmWings; w++ {
		if c := g.lay.top(w); c != NoCard {
			s.pool[c.Rank()]++
		}
	}
	if e.t > 0 {
		s.pool[e.talon[0]]++
	}
	s.cn = g.centreN()
	for k := range s.h {
		s.h[k] = g.lay.size(wmCorner0 + k)
	}
	sortInts4(&s.h)
	switch {
	case e.win(s, true):
		return wmWon
	case e.full:
		return wmUnknown
	}
	return wmLost
}

// sortInts4 sorts four small ints in place.
func sortInts4(h *[4]int) {
	for i := 1; i < 4; i++ {
		for j := i; j > 0 && h[j] < h[j-1]; j-- {
			h[j], h[j-1] = h[j-1], h[j]
		}
	}
}

// visit records state s and reports whether it is new.
func (e *wmEnd) visit(s *wmEndState) bool {
	k := uint32(s.i)<<22 | uint32(s.cn)<<16 | uint32(s.h[0])<<12 | uint32(s.h[1])<<8 | uint32(s.h[2])<<4 | uint32(s.h[3])
	k++ // never 0
	for j := (k * 0x9E3779B1) >> (32 - 13); ; j = (j + 1) & (2*wmEndCap - 1) {
		switch e.seen[j] {
		case k:
			return false
		case 0:
			if e.n >= wmEndCap {
				e.full = true
				return false
			}
			e.seen[j] = k
			e.n++
			return true
		}
	}
}

// cornerNeed returns the rank a corner of height h takes next, 0 if none.
func (e *wmEnd) cornerNeed(h int) Rank {
	switch {
	case h == 0:
		if e.r.kingChoice {
			return King
		}
		return 0
	case h < NumRanks:
		return Rank(NumRanks - h)
	}
	return 0
}

// win reports whether a win is reachable from s, recording its first move
// when top.
func (e *wmEnd) win(s wmEndState, top bool) bool {
	if s.cn == wmCentreN && s.h == [4]int{NumRanks, NumRanks, NumRanks, NumRanks} {
		return true
	}
	if !e.visit(&s) {
		return false
	}
	rc := Rank(0)
	if s.cn < wmCentreN {
		rc = Rank(s.cn%NumRanks + 1)
	}
	if rc != 0 && s.pool[rc] > 0 { // a play to the centre
		c := e.play(&s, rc)
		c.cn++
		if e.win(c, false) {
			if top {
				e.first = wmEndMove{r: rc, corner: -1}
			}
			return true
		}
	}
	for k := 0; k < 4; k++ { // a play to a corner (one per height)
		if k > 0 && s.h[k] == s.h[k-1] {
			continue
		}
		r := e.cornerNeed(s.h[k])
		if r == 0 || s.pool[r] == 0 {
			continue
		}
		c := e.play(&s, r)
		c.h[k]++
		sortInts4(&c.h)
		if e.win(c, false) {
			if top {
				e.first = wmEndMove{r: r, corner: s.h[k]}
			}
			return true
		}
	}
	if e.r.transfer == wmTransferNone || rc == 0 {
		return false
	}
	for k := 0; k < 4; k++ { // a transfer of a corner top to the centre
		h := s.h[k]
		if h < 2 || (k > 0 && h == s.h[k-1]) || Rank(NumRanks+1-h) != rc {
			continue
		}
		if e.r.transfer == wmTransferImmediate {
			want := rc + 1 // the centre takes it next: a pool card of that rank that fits nowhere now
			if want > King || s.pool[want] == 0 {
				continue
			}
			fits := false
			for _, h2 := range s.h {
				fits = fits || e.cornerNeed(h2) == want
			}
			if fits {
				continue
			}
		}
		c := s
		c.h[k]--
		c.cn++
		sortInts4(&c.h)
		if e.win(c, false) {
			if top {
				e.first = wmEndMove{transfer: true, r: rc, corner: h}
			}
			return true
		}
	}
	return false
}

// play returns s after a pool card of rank r is played: the next talon
// card comes into the pool.
func (e *wmEnd) play(s *wmEndState, r Rank) wmEndState {
	c := *s
	c.pool[r]--
	if c.i < e.t {
		c.i++
		if c.i < e.t {
			c.pool[e.talon[c.i]]++
		}
	}
	return c
}

// find returns the index in legal of a move of g that makes m, or -1.
func (m wmEndMove) find(g *windmill, legal []Move) int {
	for i, l := range legal {
		switch {
		case m.transfer:
			if l.Kind == MoveTransfer && g.lay.size(int(l.From)) == m.corner {
				return i
			}
		case l.Kind == MoveFoundation && l.Card.Rank() == m.r:
			if (m.corner < 0 && l.To == wmCentre) || (m.corner >= 0 && l.To != wmCentre && g.lay.size(int(l.To)) == m.corner) {
				return i
			}
		}
	}
	return -1
}

func (g *windmill) status() string {
	return fmt.Sprintf("score %d/%d  centre %d/%d  stock %d  talon %d", g.Score(), 2*CardsPerDeck, g.centreN(), wmCentreN, g.lay.size(wmStock), g.lay.size(wmTalon))
}

func (g *windmill) String() string { return renderGame(g, g.FullPile, g.status()) }

func (g *windmill) View() string { return renderGame(g, g.Pile, g.status()) }

// wmPush appends the move of kind k from pile from to pile to with card
// c and rule, storing its fields one by one into the list: a Move literal
// is built on the stack and copied in 16-byte halves, whose loads cannot
// be forwarded from the byte stores just made (a stall per move; see
// sulSetPlay).
func wmPush(dst []Move, k MoveKind, from, to uint8, c Card, rule RuleID) []Move {
	n := len(dst)
	dst = slices.Grow(dst, 1)[:n+1]
	m := &dst[n]
	m.Kind, m.From, m.To, m.Card, m.Card2, m.Rule = k, from, to, c, NoCard, rule
	return dst
}
