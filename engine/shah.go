package engine

import (
	"fmt"
	"math/bits"
	"slices"
)

// The Shah (Шах; Cadogan 1914 "The Shah"; no PySolFC game matches).
//
// Piles: I0–I7, M0–M7 and O0–O7 the star's inner, middle and outer circles
// (ray k is I k, M k, O k; an outer place holds its card and the cards
// married onto it); F0–F7 the foundations, F(2s) and F(2s+1) the two aces of
// suit s built up in suit to the queen; "talon", "stock" (the face-down
// pack), "shah" (the king in the centre) and "aside" (the seven kings
// thrown out).
//
// The deal: circle one is dealt, its cards may be played (shah/I) and each
// space is refilled at once from the stock; the player then deals circle two
// (shah/deal), likewise, and circle three, which completes the star. Then
// only ray tops are available (outer cards, or the inner card a removal has
// released), outer cards take descending marriages in suit from the talon
// top or another outer pile (shah/II), the stock is turned onto the talon
// (shah/draw). Vacancies are filled when the player chooses, from the talon
// or the stock, inner circle first and left to right (shah/vacancy); no card
// is turned while a vacancy waits.

const (
	shRays    = 8
	shInner   = 0
	shMiddle  = 8
	shOuter   = 16
	shFound   = 24
	shTalon   = 32
	shStock   = 33
	shShah    = 34
	shAside   = 35
	shPiles   = 36
	shTop     = 12 // foundations end at the queen
	shIdleMax = 16 // cycle rule: outer-to-outer marriages in a row
)

// Rule IDs of shah.
const (
	shRuleI       RuleID = "shah/I"
	shRuleII      RuleID = "shah/II"
	shRuleIII     RuleID = "shah/III"
	shRuleSetup   RuleID = "shah/setup"
	shRuleDeal    RuleID = "shah/deal"
	shRulePlay    RuleID = "shah/play"
	shRuleDraw    RuleID = "shah/draw"
	shRuleVacancy RuleID = "shah/vacancy"
	shRuleRedeal  RuleID = "shah/redeal"
	shRuleWin     RuleID = "shah/win"
	shRuleCycle   RuleID = "shah/cycle"
)

var shPileNames = [shPiles]string{
	"I0", "I1", "I2", "I3", "I4", "I5", "I6", "I7",
	"M0", "M1", "M2", "M3", "M4", "M5", "M6", "M7",
	"O0", "O1", "O2", "O3", "O4", "O5", "O6", "O7",
	"F0", "F1", "F2", "F3", "F4", "F5", "F6", "F7",
	"talon", "stock", "shah", AsidePile,
}

func shahSpec() *Spec {
	return &Spec{
		ID:       "shah",
		Title:    "The Shah",
		TitlesRU: []string{"Шах"},
		Book:     "Cadogan",
		Sources: []string{
			"Cadogan, «Пасьянсы» (the corpus text; it stops before the redeal rule)",
			"Cadogan 1914, \"The Shah\" (Rule II: marriages limited to cards in the third circle; the English copies stop at the same place)",
		},
		Decks:    2,
		Players:  1,
		MaxMoves: 10000,
		Planner:  PlannerDefaults{Samples: 8},
		Piles:    shahPiles(),
		Rules: []Rule{
			{ID: shRuleI, Kind: KindNumbered, Number: "I", Status: StatusBook,
				Summary: "During the deal the cards of each circle are available until the next circle covers them; once the star is complete only the outer circle is available, until removing its cards frees the inner ones.",
				Terms:   []string{"карты каждого круга звезды годятся в дело до тех пор, пока они не будут покрыты другим кругом", "когда пасьянс разложен вполне, то только карты третьего", "пока снятие с места этих карт не освободит внутренних кругов"}},
			{ID: shRuleII, Kind: KindNumbered, Number: "II", Status: StatusBook,
				Summary: "Marriages (same suit, descending) are made only on outer-circle cards, from the talon top or another outer pile; inner cards, once freed, may only be played, not married.",
				Source:  "RU 'средних кругов' (middle circles) is an error: Cadogan EN 'limited to cards in the third circle', and RU Rule I and Play agree; descending per the RU Play text",
				Terms:   []string{"марьяж можно делать только картами", "когда они становятся свободными, можно только играть, но не делать марьяж"}},
			{ID: shRuleIII, Kind: KindNumbered, Number: "III", Status: StatusBook,
				Summary: "The foundations are taken out of the pack before play; they follow suit, each ace built up to the queen.",
				Source:  "EN Rule III is only 'the foundations must follow suit'",
				Terms:   []string{"основные карты берутся из колоды прежде начала игры", "масти соблюдаются"}},
			{ID: shRuleSetup, Kind: KindPlay, Status: StatusBook,
				Summary: "Take out the eight aces and eight kings; seven kings are thrown aside, the last is the Shah, alone in the centre, with the eight aces round him as foundations.",
				Source:  "the Shah is the last king found from the top of the pack (engine convention; he is decorative)",
				Terms:   []string{"берут из колод восемь тузов и восемь королей", "семь королей откладывают в сторону", "последнего же кладут посредине и окружают его восемью тузами", "король называется шахом и остается одиноким", "тузы служат основными картами", "карты накладываются на них в восходящем порядке до дам"}},
			{ID: shRuleDeal, Kind: KindPlay, Status: StatusBook,
				Summary: "Deal a circle of eight from the top, left to right; a suitable card of it may be played and its space is refilled at once from the pack; then the second circle covers the first, and the third completes the rays.",
				Terms:   []string{"раскладывают круг из восьми карт, начиная с вершины круга и продолжая слева направо", "если одна из карт этого круга оказывается подходящею, то ее играют", "пустое пространство немедленно заменяется одною из числа карт, находящихся в руках", "затем раскладывают второй круг, покрывая им первый", "наконец, кладут третий круг, которым заканчиваются лучи звезды"}},
			{ID: shRulePlay, Kind: KindPlay, Status: StatusBook,
				Summary: "The card turned from the pack (the talon top) may be played to a foundation it suits.",
				Terms:   []string{"начинают рассматривать звезду, чтобы увидеть, нет ли подходящих карт, которые удобно играть", "марьяж можно сделать только в нисходящем порядке"}},
			{ID: shRuleDraw, Kind: KindPlay, Status: StatusBook,
				Summary: "The rest of the pack is turned one card at a time; a card not used for a foundation, a marriage or a vacancy goes to the talon, top available.",
				Terms:   []string{"с остальными картами поступают обыкновенным порядком", "которые не годятся для основных карт, или для марьяжа, или для занятия свободных мест, составляют талон"}},
			{ID: shRuleVacancy, Kind: KindPlay, Status: StatusBook,
				Summary: "Once the player has made the plays and marriages wanted, the vacated places are filled from the talon or the pack, inner circles first, left to right; no card is turned while a place waits.",
				Source:  "engine convention: the fill follows the player's moves ('once the player has made the plays and marriages wanted'); the source is the player's choice",
				Terms:   []string{"открывшиеся чрез это свободные места должны быть заняты картами из талона или из колоды, начиная с внутренних кругов", "карты кладут, как прежде, слева направо"}},
			{ID: shRuleRedeal, Kind: KindPlay, Status: StatusLost,
				Summary: "Redeals: the text is cut off before the rule; by default none (variant: one or two, turning the talon over unshuffled).",
				Source:  "engine convention: the RU text and the copies of Cadogan's English both stop before the rule; no redeal by default (variant redeals)"},
			{ID: shRuleWin, Kind: KindPlay, Status: StatusConvention,
				Summary: "The game is won when all eight foundations reach the queen: the Shah surrounded by eight queens.",
				Source:  "Cadogan 1914 (the picture: the Shah surrounded by eight queens)"},
			{ID: shRuleCycle, Kind: KindPlay, Status: StatusConvention,
				Summary: fmt.Sprintf("Cycle rule: at most %d marriages in a row from one outer pile to another; then another move must be made.", shIdleMax),
				Source:  "engine convention (a card can be married back and forth between two outer piles)"},
			{ID: "shah/S1", Kind: KindAdvice, Number: "S1", Status: StatusBook,
				Summary: "You are not obliged to play or marry a card until a favourable opportunity occurs.",
				Terms:   []string{"нет надобности делать непременно то или другое до тех пор, пока не представится удобный случай"}},
			{ID: "shah/S2", Kind: KindAdvice, Number: "S2", Status: StatusBook,
				Summary: "It is often better to wait until a card likely to be needed soon turns up, then make a vacancy for it by playing or marrying.",
				Source:  "footnote [9]",
				Terms:   []string{"чаще бывает гораздо удобнее ждать до тех пор, пока во время игры подвернется карта, которая может в скором времени потребоваться", "очищается свободное место, на которое можно положить ее"}},
		},
		Variants: []Variant{
			{Name: "redeals", Values: []string{"0", "1", "2"}, Default: "0",
				Doc: "Number of redeals (the talon turned over into the pack, unshuffled, when the pack is out): the text is cut off before the rule; 0 by engine convention."},
			{Name: "marriage-sources", Values: []string{"talon-and-outer", "talon"}, Default: "talon-and-outer",
				Doc: "talon-and-outer: a marriage takes the card turned (the talon top) or another outer-circle card (engine convention, from the book's 'the card turned, the talon top or another available outer card'); talon: only the card turned from the pack or the talon top is married onto the star."},
		},
		Search: shahSearch,
		Start:  startShah,
	}
}

// shahSearch explains the search hooks of the Shah.
const shahSearch = `Symmetry: no rule tells the two copies of a card apart, and the two foundations of a suit are alike (both aces built up to the queen), so the key hashes the star places, the talon and the stock as the faces of their cards and the foundations as the two heights of each suit, in order of size. It covers the deal phase, the redeals used (variant redeals) and the cycle-rule counter (outer-to-outer marriages in a row), which decides whether more such marriages are allowed; CounterKey gives the key without the counter, and the counter: of two states alike but for it, the one with fewer such marriages in a row can make every move the other can (such a marriage adds one to both counters, any other move resets both), so it dominates, and a search that has searched a state skips it when it comes again with a counter no lower. The rays are not interchangeable: vacancies are filled in a fixed order of places.

Safe moves: only with variant marriage-sources=talon (no marriages between outer piles, so the cycle rule never binds), after the deal, a foundation play from an outer pile of two cards or more of a card whose suit's other foundation has already passed its rank. That card is then the only one left for its place, and both copies of the rank below it are home, so no card can ever be married onto it. Take any win, play the card at once and leave out the win's later moves of it: the card beneath it is uncovered earlier, no place falls vacant (its pile keeps a card), and no foundation takes another card of that rank in between, so every other move of the win stays legal. A play that would leave a place vacant is never taken as safe: a vacancy changes where the next fills go and forbids turning a card until it is filled. In the book's game the argument fails: the win's later play of the card is a move that resets the count of outer-to-outer marriages in a row, and leaving it out joins the runs of marriages before and after it, which together may pass the sixteen the cycle rule allows; so the book's game has no safe moves.

Dead ends: the cards beneath a star card stay there until it leaves (places are filled in order, inner circle first, so no card lies above a vacancy), and it can leave only for a foundation or, from the outer circle, by a marriage onto an outer card one rank higher in suit. When every remaining copy of a rank that both foundations of its suit need first lies beneath it, and (for an outer card) every remaining copy of the card one rank higher lies beneath it too (a queen marries nothing: the kings are out of play), it can never leave: the game is lost.

Rollouts (engine.Roller): the solver's probe looks for a win by nested rollouts, playing every candidate move out with a heuristic. The heuristic plays a card home when it can; else it marries the talon top onto an outer card; else it makes an outer-to-outer marriage that uncovers a card a foundation takes next or one the talon top then marries, or that empties its pile while the talon top is at most two cards short of its foundation (the vacancy is then filled with a card needed soon: the book's advice S2); else it fills a vacancy, from the talon before the pack; else it deals the next circle or turns the pack; other outer-to-outer marriages come last; the first listed breaks ties. A playout's end is rated by the cards home (a thousand each), less, for each foundation short of the queen, the number of cards lying above the nearest copy of the card it takes next (in the talon, or in the ray above it; at most a hundred), so a won state rates highest. The hooks only steer the search for a win: a line the rollouts find wins when replayed, and they prove nothing, so they cannot make a wrong "won" or "lost". Tuned on deals 0–29 of seed 2026, the rollouts won 20 of them within the default budget where the limited discrepancy probe and the exhaustive search won 13; emptying an outer pile whatever the talon shows, or never before the pack is out, won 19 (20 with the first rated by the cards home alone); playing the talon's copy of a card home before the star's won 16, and 16 again with, besides, a vacancy filled from the pack when its top card is needed sooner than the talon's.

Move order (MoveOrderer): foundation plays, then marriages from the talon, fills, the draw and the redeal, and marriages between outer piles last, since they only shift a card between two piles and the cycle rule lets them run sixteen deep.

Probe share (engine.ProbeSharer): the rollouts get the whole node budget after the solver's first look. The dead ends prove no loss of a whole deal within the budget, so the exhaustive search after the rollouts only finds the odd late win, and the rollouts find more: on deals 0–999 of seed 2026 at the default budget the rollouts' default 80 % and the exhaustive search after them won 697 deals (two of them, deals 483 and 748, in the exhaustive search); the whole budget to the rollouts won 717, those two not among them. A rollout node costs a fraction of an exhaustive one, so an undecided deal now costs about 0.15 s instead of 0.6 s.`

// shahPiles is the layout of the Shah.
func shahPiles() []PileInfo {
	ps := make([]PileInfo, shPiles)
	for i, n := range shPileNames {
		k := PileTableau
		switch {
		case i >= shFound && i < shFound+8:
			k = PileFoundation
		case i == shTalon:
			k = PileTalon
		case i == shStock:
			k = PileStock
		case i == shShah || i == shAside:
			k = PileAside
		}
		ps[i] = PileInfo{Name: n, Kind: k}
	}
	return ps
}

// shahRules are the typed variant options of the Shah.
type shahRules struct {
	maxRedeals uint8 // redeals
	talonOnly  bool  // marriage-sources=talon
	// outerMax is the number of outer-to-outer marriages allowed in a
	// row: shIdleMax (the cycle rule), or 0 with marriage-sources=talon.
	outerMax uint8
}

func startShah(v *VariantReader) (Dealer, error) {
	r := &shahRules{talonOnly: v.Is("marriage-sources", "talon"), outerMax: shIdleMax}
	if r.talonOnly {
		r.outerMax = 0
	}
	switch {
	case v.Is("redeals", "1"):
		r.maxRedeals = 1
	case v.Is("redeals", "2"):
		r.maxRedeals = 2
	}
	c := newCore(v)
	return func(pack []Card) (Game, error) { return newShah(c, r, pack), nil }, nil
}

// The game contract and the optional interfaces shah implements,
// checked by the compiler.
var (
	_ Game            = (*shah)(nil)
	_ ProgressMover   = (*shah)(nil)
	_ ProgressCounter = (*shah)(nil)
	_ MoveOrderer     = (*shah)(nil)
	_ CounterKeyer    = (*shah)(nil)
	_ Roller          = (*shah)(nil)
	_ ProbeSharer     = (*shah)(nil)
)

// shah is the state of a game of the Shah. An inner or middle place is a
// pile of at most one card; an outer place holds its card and the cards
// married onto it.
//
// Besides the piles it keeps a few facts that every move generation and
// every check would otherwise read from all the piles again: the score,
// the empty star places, what the foundations take next and the outer
// and ray tops by suitKey. Every kind of move updates the facts it
// changes (play, marry, uncover, fill); sync computes them from scratch
// (TestShahKept compares the two at every position of random playouts of
// every variant).
type shah struct {
	table
	r       *shahRules
	phase   uint8 // 0, 1: circle one or two just dealt; 2: star complete
	redeals uint8
	idle    uint8 // outer-to-outer marriages in a row (cycle rule)
	score   uint8 // cards on the foundations, aces included
	// empty has bit p set when star place p (0–23) is empty: the first
	// set bit is the vacancy to fill.
	empty uint32
	// want is what the foundations take next, kept up to date by the
	// foundation moves; wantKeys has bit k set when want[k] is not 0.
	want     shWants
	wantKeys uint64
	// outer[k] has bit j set when the top of outer pile j has suitKey k:
	// the outer piles whose top marries onto a top of key k are
	// outer[k-1]; outerKeys has bit k set when outer[k] is not 0.
	outer     [64]uint8
	outerKeys uint64
	// rays[k] has bit j set when the top card of ray j (its outer card,
	// else its middle card, else its inner card) has suitKey k; rayKeys
	// has bit k set when rays[k] is not 0. After the deal the rays whose
	// top a foundation takes are those of the keys in rayKeys&wantKeys.
	rays    [64]uint8
	rayKeys uint64
}

func newShah(c core, r *shahRules, pack []Card) *shah {
	g := new(shah)
	g.setUp(c, r, pack)
	return g
}

// setUp deals pack into g with the setup's core and rules, g's earlier
// state, if any, discarded: a game started anew.
func (g *shah) setUp(c core, r *shahRules, pack []Card) {
	*g = shah{table: table{core: c}, r: r}
	g.lay.reset()
	// The rest of the pack, in its order, is the stock, the first card on
	// top: each card is linked beneath the one before (loadPack of the
	// cards gathered first, without the copy).
	stock := &g.lay.piles[shStock]
	last, kings := NoCard, 0
	for _, c := range pack {
		switch c.Rank() {
		case Ace:
			f := shFound + 2*int(c.Suit())
			if !g.lay.empty(f) {
				f++
			}
			g.lay.push(f, c)
		case King:
			if kings < 7 {
				g.lay.push(shAside, c)
			} else {
				g.lay.push(shShah, c)
			}
			kings++
		default:
			if last == NoCard {
				stock.top = c
			} else {
				g.lay.below[last] = c
			}
			last = c
			stock.n++
		}
	}
	for k := 0; k < shRays; k++ {
		g.lay.moveLinked(shStock, shInner+k)
	}
	g.sync()
}

// Redeal starts g again on pack with the same setup (engine.Redealer).
func (g *shah) Redeal(pack []Card) error {
	g.setUp(g.core, g.r, pack)
	return nil
}

// sync computes the facts the game keeps (see shah) from the piles.
func (g *shah) sync() {
	g.score, g.empty = 0, 0
	g.want, g.outer, g.rays = shWants{}, [64]uint8{}, [64]uint8{}
	g.wantKeys, g.outerKeys, g.rayKeys = 0, 0, 0
	for p := 0; p < shFound; p++ {
		if g.lay.empty(p) {
			g.empty |= 1 << p
		} else if p >= shOuter {
			setKeyBit(&g.outer, &g.outerKeys, suitKey(g.lay.top(p)), 1<<(p-shOuter))
		}
	}
	for k := 0; k < shRays; k++ {
		if p := g.rayTop(k); p >= 0 {
			setKeyBit(&g.rays, &g.rayKeys, suitKey(g.lay.top(p)), 1<<k)
		}
	}
	for f := 0; f < 8; f++ {
		n := g.lay.size(shFound + f)
		g.score += uint8(n)
		if n < shTop {
			setKeyBit((*[64]uint8)(&g.want), &g.wantKeys, (f/2)*16+n+1, 1<<f)
		}
	}
}

// The moves' upkeep of the kept facts (see shah): each kind of move
// changes the facts of the piles it touches that it knows to change (the
// ray tops it covers or uncovers, the foundation it builds), before its
// card moves (ApplyListed moves it, once for every kind). TestShahKept
// checks the facts against sync after every move of random playouts of
// every variant.

// notePlay keeps the facts for the play of the top card of pile from, the
// talon or the top of a ray, onto foundation to, which takes it (a listed
// play).
func (g *shah) notePlay(from, to int) {
	c := g.lay.top(from)
	f := (to - shFound) & 7
	key := int(shKeys[c])
	clearKeyBit((*[64]uint8)(&g.want), &g.wantKeys, key, 1<<f)
	if c.Rank() < Queen {
		setKeyBit((*[64]uint8)(&g.want), &g.wantKeys, key+1, 1<<f)
	}
	g.score++
	if from < shTalon {
		g.uncover(from, c)
	}
}

// noteMarriage keeps the facts for the marriage of the top card of pile
// from, the talon or an outer pile, onto outer pile to, whose top it
// marries (a listed marriage): it is the new top of that pile and of its
// ray.
func (g *shah) noteMarriage(from, to int) {
	c, t := g.lay.top(from), g.lay.top(to)
	bit := uint8(1) << ((to - shOuter) & 7)
	kc, kt := int(shKeys[c]), int(shKeys[t])
	clearKeyBit(&g.outer, &g.outerKeys, kt, bit)
	clearKeyBit(&g.rays, &g.rayKeys, kt, bit)
	setKeyBit(&g.outer, &g.outerKeys, kc, bit)
	setKeyBit(&g.rays, &g.rayKeys, kc, bit)
	if from < shTalon {
		g.uncover(from, c)
	}
}

// uncover takes card c, the top of star place p and of its ray, out of
// the kept facts before a play or a marriage moves it away, and puts in
// what it uncovers: the card beneath it on an outer pile, else (the place
// falls vacant) the top of the place below it in the ray, if any. c is
// the ray's top: after the deal only the ray tops are played and married
// (Rule I), and during it the circle just dealt is the top of every ray.
func (g *shah) uncover(p int, c Card) {
	k := p & 7
	bit := uint8(1) << k
	kc := int(shKeys[c])
	clearKeyBit(&g.rays, &g.rayKeys, kc, bit)
	if p >= shOuter {
		clearKeyBit(&g.outer, &g.outerKeys, kc, bit)
	}
	if b := g.lay.below[c]; b != NoCard { // an outer pile of two cards or more
		kb := int(shKeys[b])
		setKeyBit(&g.outer, &g.outerKeys, kb, bit)
		setKeyBit(&g.rays, &g.rayKeys, kb, bit)
		return
	}
	g.empty |= 1 << p
	for q := p - shRays; q >= 0; q -= shRays {
		if t := g.lay.top(q); t != NoCard {
			setKeyBit(&g.rays, &g.rayKeys, int(shKeys[t]), bit)
			return
		}
	}
}

// noteFill keeps the facts for the move of the top card of the talon or
// the stock onto the vacancy v (a listed fill, or a place dealt: see
// draw): its card is the new top of its ray. Vacancies are filled in
// order, inner circle first, so the places below v in its ray hold their
// card and those above it are empty.
func (g *shah) noteFill(from, v int) {
	c := g.lay.top(from)
	k := v & 7
	bit := uint8(1) << k
	if v >= shRays {
		clearKeyBit(&g.rays, &g.rayKeys, int(shKeys[g.lay.top(v-shRays)]), bit)
	}
	kc := int(shKeys[c])
	setKeyBit(&g.rays, &g.rayKeys, kc, bit)
	if v >= shOuter {
		setKeyBit(&g.outer, &g.outerKeys, kc, bit)
	}
	g.empty &^= 1 << (v & 31)
}

// shift moves the top card of pile from onto pile to. moveLinked keeps
// the links of the view hash once a ViewHash asked for them; before that
// (the random player never asks) the plain move does the same, inlined.
func (g *shah) shift(from, to int) {
	if g.lay.linked == 0 {
		g.lay.move(from, to)
		return
	}
	g.lay.moveLinked(from, to)
}

// draw turns the stock's top card onto the empty place p, if the stock
// has a card: the deal of a place of the next circle, or the refill of a
// place of the circle just dealt (Rule I). The places below p in its ray
// hold their card (a place falls vacant during the deal only when the
// stock is out), so it is a fill.
func (g *shah) draw(p int) {
	if !g.lay.empty(shStock) {
		g.noteFill(shStock, p)
		g.shift(shStock, p)
	}
}

// fits reports whether c goes on foundation f (0–7): of its suit, the
// next rank. A foundation of height n holds the ranks A … n.
func (g *shah) fits(f int, c Card) bool {
	n := g.lay.size(shFound + f)
	return c.Valid() && int(c.Suit()) == f/2 && n < shTop && int(c.Rank()) == n+1
}

// at returns the card lying at star place p (0–23): for an outer place the
// top of its pile.
func (g *shah) at(p int) Card { return g.lay.top(p) }

// rayTop returns the star place whose card is available on ray k once the
// star is complete, or -1 for an empty ray.
func (g *shah) rayTop(k int) int {
	switch {
	case !g.lay.empty(shOuter + k):
		return shOuter + k
	case !g.lay.empty(shMiddle + k):
		return shMiddle + k
	case !g.lay.empty(shInner + k):
		return shInner + k
	}
	return -1
}

// vacancy returns the first vacant star place (inner circle first, left to
// right), or -1.
func (g *shah) vacancy() int {
	if g.empty == 0 {
		return -1
	}
	return bits.TrailingZeros32(g.empty)
}

// shMarries reports whether s may be married onto t: same suit, one lower.
func shMarries(s, t Card) bool {
	return s.Valid() && t.Valid() && s.Suit() == t.Suit() && s.Rank()+1 == t.Rank()
}

// LegalMoves appends the legal moves. During the deal: plays from the circle
// just dealt, then the deal of the next circle. Afterwards: plays from ray
// tops and the talon, marriages, the fill of the first vacancy, the draw and
// the redeal.
func (g *shah) LegalMoves(dst []Move) []Move {
	dst = slices.Grow(dst, shMaxMoves) // room for shSlot
	w := &g.want
	if g.phase < 2 {
		base := int(g.phase) * shRays
		for p := base; p < base+shRays; p++ {
			dst = g.appendPlays(dst, w, p, g.at(p))
		}
		dst, m := shSlot(dst)
		*m = shDealMove
		return dst
	}
	if g.Won() {
		return dst
	}
	// The rays whose top a foundation takes, from the keys both kept
	// sets hold (in ray order, as a walk over the rays would list them).
	var wanted uint8
	for ks := g.rayKeys & g.wantKeys; ks != 0; ks &= ks - 1 {
		wanted |= g.rays[bits.TrailingZeros64(ks)]
	}
	for ; wanted != 0; wanted &= wanted - 1 {
		p := g.rayTop(bits.TrailingZeros8(wanted))
		dst = g.appendPlays(dst, w, p, g.at(p))
	}
	t := g.lay.top(shTalon)
	dst = g.appendPlays(dst, w, shTalon, t)
	// shMarries(s, t) is key(t) - key(s) == 1 for the suitKeys of the
	// cards: the outer piles whose top may go on top t of outer pile k
	// are g.outer[key(t)-1] (bit j for pile j; never k itself). The
	// targets are the outer piles of key talonKey+1 (onto which the talon
	// top marries) and, when outer-to-outer marriages are allowed, those
	// of the keys k whose key k-1 an outer top has too.
	talonKey := suitKey(t)
	outerToo := g.idle < g.r.outerMax
	var onto, targets uint8
	if t != NoCard {
		onto = g.outer[(talonKey+1)&63]
	}
	targets = onto
	if outerToo {
		for ks := g.outerKeys & (g.outerKeys << 1); ks != 0; ks &= ks - 1 {
			targets |= g.outer[bits.TrailingZeros64(ks)]
		}
	}
	for ; targets != 0; targets &= targets - 1 {
		k := bits.TrailingZeros8(targets) & 7
		key := int(shKeys[g.lay.top(shOuter+k)]) // a target's top is a card
		if onto>>k&1 != 0 {
			// shMarries(t, top)
			var m *Move
			dst, m = shSlot(dst)
			*m = shMarriageMoves[shRays][k]
			m.Card = t
		}
		if !outerToo {
			continue
		}
		for o := g.outer[(key-1)&63]; o != 0; o &= o - 1 { // shMarries(top of j, top), j != k
			j := bits.TrailingZeros8(o) & 7
			var m *Move
			dst, m = shSlot(dst)
			*m = shMarriageMoves[j][k]
			m.Card = g.lay.top(shOuter + j)
		}
	}
	if g.empty != 0 {
		v := bits.TrailingZeros32(g.empty) & 31 // below shFound: an empty star place
		if t != NoCard {
			var m *Move
			dst, m = shSlot(dst)
			*m = shFillMoves[0][v]
			m.Card = t
		}
		if !g.lay.empty(shStock) {
			var m *Move
			dst, m = shSlot(dst)
			*m = shFillMoves[1][v]
		}
		return dst
	}
	if !g.lay.empty(shStock) {
		dst, m := shSlot(dst)
		*m = shDrawMove
		return dst
	}
	if !g.lay.empty(shTalon) && g.redeals < g.r.maxRedeals {
		var m *Move
		dst, m = shSlot(dst)
		*m = shRedealMove
	}
	return dst
}

// shSlot returns dst extended by one move and the new move, to be
// assigned; LegalMoves and ProgressMoves have made room for shMaxMoves
// first. The Shah's moves are copied from tables (shPlayMoves …) into their slot
// of the list and given their card there: a move appended as a composite
// literal or a table entry is first copied to a temporary on the stack and
// read back with wide loads that span several of the stores that wrote it
// (a failed store forwarding, a stall of a dozen cycles, for every move
// listed; see rbSlot); and a slot that needs no check for room keeps
// appendPlays small enough to be inlined.
func shSlot(dst []Move) ([]Move, *Move) {
	n := len(dst)
	dst = dst[:n+1]
	return dst, &dst[n]
}

// shKeys[c] is suitKey(c) for a real card c and 0, which no card has, for
// NoCard (one load, no branch).
var shKeys = func() (t [256]uint8) {
	for c := range t {
		if Card(c).Valid() {
			t[c] = uint8(suitKey(Card(c)))
		}
	}
	return t
}()

// shMaxMoves bounds the moves of one position: during the deal, at most
// two plays for each of the eight cards of the circle and the deal; after
// it, at most two plays for each of the eight ray tops and the talon top
// (18), the marriages onto the outer piles (each outer top takes the two
// copies of one card at most, and the talon top goes on two outer tops at
// most: 18), two fills and the draw or the redeal.
const shMaxMoves = 40

// The moves of the Shah without their card (NoCard), by their piles (see
// shSlot): shPlayMoves[p][f] plays from star place p (shah/I) or the
// talon (shah/play) to foundation f; shMarriageMoves[j][k] marries the
// top of outer pile j, or the talon top for j = shRays, onto outer pile
// k; shFillMoves[0][v] and [1][v] fill place v from the talon and the
// stock.
var (
	shPlayMoves = func() (t [shTalon + 1][8]Move) {
		for p := range t {
			rule := shRuleI
			if p == shTalon {
				rule = shRulePlay
			}
			for f := range t[p] {
				t[p][f] = Move{Kind: MoveFoundation, From: uint8(p), To: uint8(shFound + f), Card: NoCard, Card2: NoCard, Rule: rule}
			}
		}
		return t
	}()
	shMarriageMoves = func() (t [shRays + 1][shRays]Move) {
		for j := range t {
			from := uint8(shOuter + j)
			if j == shRays {
				from = shTalon
			}
			for k := range t[j] {
				t[j][k] = Move{Kind: MoveBuild, From: from, To: uint8(shOuter + k), Card: NoCard, Card2: NoCard, Rule: shRuleII}
			}
		}
		return t
	}()
	shFillMoves = func() (t [2][32]Move) {
		for v := range t[0] {
			t[0][v] = Move{Kind: MoveFill, From: shTalon, To: uint8(v), Card: NoCard, Card2: NoCard, Rule: shRuleVacancy}
			t[1][v] = Move{Kind: MoveFill, From: shStock, To: uint8(v), Card: NoCard, Card2: NoCard, Rule: shRuleVacancy}
		}
		return t
	}()
	shDealMove   = Move{Kind: MoveDeal, From: shStock, To: shStock, Card: NoCard, Card2: NoCard, Rule: shRuleDeal}
	shDrawMove   = Move{Kind: MoveDraw, From: shStock, To: shTalon, Card: NoCard, Card2: NoCard, Rule: shRuleDraw}
	shRedealMove = Move{Kind: MoveRedeal, From: shTalon, To: shStock, Card: NoCard, Card2: NoCard, Rule: shRuleRedeal}
)

// shWants maps the suitKey of a card to the foundations that take it next
// (bit f): fits(f, c) is exactly bit f of w[suitKey(c)] for a real card.
type shWants [64]uint8

// wants returns what the foundations take next, as kept (see shah).
func (g *shah) wants() shWants { return g.want }

// DrawDistance returns, when turning the pack onto the talon (MoveDraw)
// is legal, how many cards a foundation still needs before it takes the
// talon top (distance; shTop for an empty talon), and -1 when the draw is
// not legal. The draw is legal after the deal, in a game not won, with no
// vacancy waiting and cards in the pack (LegalMoves then lists it, last).
// The book strategy reads it for shah/S2 (while the pack can be turned,
// wait for a talon top needed soon) instead of looking for the draw among
// the moves and reading the eight foundation tops; TestShahBookFacts
// checks it against LegalMoves and the foundations.
func (g *shah) DrawDistance() int {
	// The four conditions in one test: phase 2, no vacancy, and neither
	// the score 8 × shTop nor an empty pack (their product is 0 exactly
	// then, and n-1 wraps round to the top bit exactly for 0).
	won := uint32(g.score) ^ 8*shTop
	pack := uint32(g.lay.piles[shStock].n)
	if g.empty|uint32(2-g.phase)|(won*pack-1)>>31 != 0 {
		return -1
	}
	return g.distance(g.lay.top(shTalon))
}

// Emptying returns the star places (piles 0–23) from which a listed play
// or marriage takes the place's only card, bit p for place p: those moves
// open a vacancy, which the book strategy postpones (shah/S2). It reads
// the kept facts as LegalMoves does: the plays are those of the ray tops
// of the keys both the rays and the foundations have (during the deal, of
// the circle just dealt), the outer-to-outer marriages those of the outer
// tops one below another outer top; an inner or middle place holds one
// card, an outer pile's size is read. TestShahBookFacts checks it against the
// legal moves and Pile.
func (g *shah) Emptying() uint32 {
	var places uint32
	if g.phase < 2 {
		base := int(g.phase) * shRays
		for p := base; p < base+shRays; p++ {
			if g.want[shKeys[g.lay.top(p)]&63] != 0 {
				places |= 1 << p
			}
		}
		return places
	}
	if g.Won() {
		return 0
	}
	var plays, outer uint8 // by ray: a play of its top; a marriage or play from its outer pile
	for ks := g.rayKeys & g.wantKeys; ks != 0; ks &= ks - 1 {
		plays |= g.rays[bits.TrailingZeros64(ks)]
	}
	if g.idle < g.r.outerMax {
		for ks := g.outerKeys & (g.outerKeys >> 1); ks != 0; ks &= ks - 1 {
			outer |= g.outer[bits.TrailingZeros64(ks)]
		}
	}
	for ; plays != 0; plays &= plays - 1 {
		k := bits.TrailingZeros8(plays)
		if p := g.rayTop(k); p >= shOuter {
			outer |= 1 << k
		} else {
			places |= 1 << (p & 31)
		}
	}
	for ; outer != 0; outer &= outer - 1 {
		k := bits.TrailingZeros8(outer)
		if g.lay.piles[shOuter+k].n == 1 {
			places |= 1 << (shOuter + k)
		}
	}
	return places
}

// appendPlays appends the foundation plays of c, available at from (a
// star place or the talon), copied from shPlayMoves (see shSlot).
func (g *shah) appendPlays(dst []Move, w *shWants, from int, c Card) []Move {
	for m := w[shKeys[c]&63]; m != 0; m &= m - 1 { // g.fits(f, c)
		var s *Move
		dst, s = shSlot(dst)
		*s = shPlayMoves[from][bits.TrailingZeros8(m)&7]
		s.Card = c
	}
	return dst
}

// Check is the legality predicate, rule by rule.
func (g *shah) Check(m Move) error {
	if m.Card2 != NoCard {
		return illegal("shah: no move of shah has a second card")
	}
	from, to := int(m.From), int(m.To)
	if g.phase < 2 {
		switch m.Rule {
		case shRuleDeal:
			if m.Kind != MoveDeal || from != shStock || to != shStock || m.Card != NoCard {
				return illegal("shah: the move does not fit its rule, which deals the next circle from the stock")
			}
			return nil
		case shRuleI:
			base := int(g.phase) * shRays
			if from < base || from >= base+shRays {
				return illegal("shah: during the deal only the circle just dealt is available (Rule I)")
			}
			return g.checkPlay(m, g.at(from))
		}
		return illegal("shah: during the deal only the circle just dealt may be played (shah/I) or the next circle dealt (shah/deal)")
	}
	if g.Won() {
		return illegal("shah: the game is won")
	}
	switch m.Rule {
	case shRuleI:
		if from >= shFound || g.rayTop(from%shRays) != from {
			return illegal("shah: only the top card of a ray is available (Rule I)")
		}
		return g.checkPlay(m, g.at(from))
	case shRulePlay:
		if from != shTalon {
			return illegal("shah: the move does not fit its rule, which plays the talon top")
		}
		return g.checkPlay(m, g.lay.top(shTalon))
	case shRuleII:
		if m.Kind != MoveBuild || to < shOuter || to >= shFound {
			return illegal("shah: marriages are made only on outer-circle cards (Rule II)")
		}
		if g.lay.empty(to) {
			return illegalf(m, "%s is empty", shPileNames[to])
		}
		var src Card
		switch {
		case from == shTalon:
			src = g.lay.top(shTalon)
		case from >= shOuter && from < shFound && from != to:
			if g.r.talonOnly {
				return illegal("shah: variant marriage-sources=talon: only the talon top is married")
			}
			if g.idle >= shIdleMax {
				return illegalf(m, "cycle rule %s: %d marriages in a row between outer piles", shRuleCycle, g.idle)
			}
			src = g.at(from)
		default:
			return illegal("shah: a marriage takes the talon top or another outer card; freed inner cards are only played")
		}
		if src == NoCard || src != m.Card {
			return illegalf(m, "%s is not available at %s", m.Card, g.PileName(from))
		}
		if !shMarries(src, g.lay.top(to)) {
			return illegalf(m, "%s does not marry %s (same suit, descending)", src, g.lay.top(to))
		}
		return nil
	case shRuleVacancy:
		v := g.vacancy()
		if m.Kind != MoveFill || v < 0 || to != v {
			return illegal("shah: the move does not fit its rule, which fills the first vacancy, inner circle first, left to right")
		}
		switch from {
		case shTalon:
			if t := g.lay.top(shTalon); t == NoCard || t != m.Card {
				return illegalf(m, "%s is not the talon top", m.Card)
			}
		case shStock:
			if g.lay.empty(shStock) || m.Card != NoCard {
				return illegal("shah: a fill from the stock turns its hidden top card")
			}
		default:
			return illegal("shah: vacancies are filled from the talon or the stock")
		}
		return nil
	case shRuleDraw:
		if m.Kind != MoveDraw || from != shStock || to != shTalon || m.Card != NoCard {
			return illegal("shah: a draw turns the stock onto the talon")
		}
		if g.lay.empty(shStock) {
			return illegal("shah: the stock is out")
		}
		if v := g.vacancy(); v >= 0 {
			return illegalf(m, "fill %s before turning a card (%s)", shPileNames[v], shRuleVacancy)
		}
		return nil
	case shRuleRedeal:
		if m.Kind != MoveRedeal || from != shTalon || to != shStock || m.Card != NoCard {
			return illegal("shah: a redeal turns the talon over into the stock")
		}
		if g.redeals >= g.r.maxRedeals {
			return illegalf(m, "%d redeal(s) allowed (variant redeals)", g.r.maxRedeals)
		}
		if !g.lay.empty(shStock) || g.lay.empty(shTalon) {
			return illegal("shah: a redeal needs the stock out and cards in the talon")
		}
		if v := g.vacancy(); v >= 0 {
			return illegalf(m, "fill %s first (%s)", shPileNames[v], shRuleVacancy)
		}
		return nil
	}
	return illegal("shah: no rule of shah permits this move")
}

// checkPlay checks a foundation play of src, the card available at m.From.
func (g *shah) checkPlay(m Move, src Card) error {
	f := int(m.To) - shFound
	if m.Kind != MoveFoundation || f < 0 || f >= 8 {
		return illegal("shah: the move does not fit its rule, which plays a card to a foundation")
	}
	if src == NoCard || src != m.Card {
		return illegalf(m, "%s is not available at %s", m.Card, g.PileName(int(m.From)))
	}
	if !g.fits(f, m.Card) {
		return illegalf(m, "%s does not go on %s (in suit, up to the queen)", m.Card, shPileNames[m.To])
	}
	return nil
}

// Apply checks and performs m; during the deal a played card's space is
// refilled at once from the stock.
func (g *shah) Apply(m Move) error {
	if err := g.Check(m); err != nil {
		return err
	}
	g.ApplyListed(&m)
	return nil
}

// ApplyListed performs m, which LegalMoves listed for the current state,
// without checking it again (engine.ListedApplier).
func (g *shah) ApplyListed(m *Move) {
	from, to := int(m.From)&63, int(m.To)&63
	idle := uint8(0)
	// Check has tied each rule to its kind of move (shah/I and shah/play
	// to MoveFoundation, shah/II to MoveBuild, …), so the kind tells the
	// rule apart without comparing the rule's string again. A play, a
	// marriage, a fill and the draw move one card from pile from onto
	// pile to, after their facts are kept.
	switch m.Kind {
	case MoveDeal:
		base := shMiddle
		if g.phase == 1 {
			base = shOuter
		}
		for k := 0; k < shRays; k++ {
			g.draw(base + k)
		}
		g.phase++
		g.idle = 0
		return
	case MoveRedeal:
		for !g.lay.empty(shTalon) { // turned over: the talon's bottom on top
			g.shift(shTalon, shStock)
		}
		g.redeals++
		g.idle = 0
		return
	case MoveFoundation:
		g.notePlay(from, to)
	case MoveBuild:
		g.noteMarriage(from, to)
		if from != shTalon {
			idle = g.idle + 1
		}
	case MoveFill:
		g.noteFill(from, to)
	} // the draw: the talon and the stock hold no kept fact
	if g.lay.linked == 0 { // shift, inlined
		g.lay.move(from, to)
	} else {
		g.lay.moveLinked(from, to)
	}
	if m.Kind == MoveFoundation && g.phase < 2 {
		g.draw(from)
	}
	g.idle = idle
}

// Ending: won when all foundations reach the queen, stuck when no move is
// legal (the cycle rule only limits marriages; it never ends the game).
func (g *shah) Ending() Ending {
	var buf [shMaxMoves]Move
	return ending(g.Won(), false, len(g.LegalMoves(buf[:0])) > 0)
}

func (g *shah) Won() bool { return g.score == 8*shTop }

// Score is the number of cards on the foundations, aces included.
func (g *shah) Score() int { return int(g.score) }

func (g *shah) Total() int   { return 8 * shTop }
func (g *shah) Redeals() int { return int(g.redeals) }

// Pile shows every pile but the face-down stock.
func (g *shah) Pile(dst []Card, i int) []Card {
	if i == shStock {
		return appendHidden(dst, g.lay.size(shStock))
	}
	return g.FullPile(dst, i)
}

// FullPile returns every card of pile i, bottom first.
func (g *shah) FullPile(dst []Card, i int) []Card {
	if i < 0 || i >= shPiles {
		return dst
	}
	return g.lay.appendPile(dst, i)
}

// Hash covers every pile including the stock's order, the phase, the
// redeals used and the cycle-rule counter (outer-to-outer marriages in a
// row), which decides whether more such marriages are allowed.
func (g *shah) Hash() uint64 {
	return g.lay.hashWords(uint64(g.phase)|uint64(g.redeals)<<8|uint64(g.idle)<<16, 2*CardsPerDeck, shPiles, 0)
}

// ViewHash is Hash with the stock reduced to its size and without the
// cycle-rule counter (the player's view of a position).
func (g *shah) ViewHash() uint64 {
	return viewHash(g.lay.linkHash(^uint64(1<<shStock)), uint64(g.phase)|uint64(g.redeals)<<8|uint64(g.lay.size(shStock))<<16)
}

func (g *shah) Clone() Game {
	c := *g
	return &c
}

// CopyFrom makes g a copy of src when src is a Shah game.
func (g *shah) CopyFrom(src Game) bool { return copyState(g, src) }

// Determinize rearranges the stock at random (the only hidden cards).
func (g *shah) Determinize(r *Rand) { g.lay.determinize(shStock, r) }

// Search hooks (SearchHooks): see shahSearch.

// SearchKey returns the canonical key described above.
func (g *shah) SearchKey() Key { return g.searchKey(g.idle) }

// CounterKey returns the key without the cycle-rule counter (outer-to-outer
// marriages in a row), and the counter (see shahSearch).
func (g *shah) CounterKey() (Key, uint8) { return g.searchKey(0), g.idle }

// searchKey returns the key of the state with idle as its counter.
func (g *shah) searchKey(idle uint8) Key {
	k := newKeyHash(0x5348) // "SH"
	var w uint64
	for s := 0; s < NumSuits; s++ {
		a, b := g.lay.size(shFound+2*s), g.lay.size(shFound+2*s+1)
		if a > b {
			a, b = b, a
		}
		w = w<<8 | uint64(a)<<4 | uint64(b)
	}
	w |= uint64(g.phase)<<32 | uint64(g.redeals)<<40 | uint64(idle)<<48
	k.word(w)
	var places [2]uint64 // inner and middle places, a face or 0xFF each
	for p := 0; p < shOuter; p++ {
		f := uint64(0xFF)
		if c := g.lay.top(p); c != NoCard {
			f = uint64(c.Face())
		}
		places[p/8] = places[p/8]<<8 | f
	}
	k.word(places[0])
	k.word(places[1])
	for p := shOuter; p < shFound; p++ {
		pileKey(&k, &g.lay, p, 8, faceValue{}, false)
	}
	pileKey(&k, &g.lay, shTalon, 8, faceValue{}, false)
	pileKey(&k, &g.lay, shStock, 8, faceValue{}, false)
	return k.sum()
}

// SafeMove returns, after the deal, a foundation play from an outer pile
// of two cards or more of a card whose suit's other foundation has passed
// its rank, or -1.
func (g *shah) SafeMove(legal []Move) int {
	if g.phase < 2 || g.r.outerMax > 0 {
		return -1 // see shahSearch: only where the cycle rule cannot bind
	}
	for i, m := range legal {
		if m.Kind != MoveFoundation || m.From < shOuter || m.From >= shFound || g.lay.size(int(m.From)) < 2 {
			continue
		}
		other := shFound + (int(m.To) - shFound) ^ 1
		if g.lay.size(other) >= int(m.Card.Rank()) {
			return i
		}
	}
	return -1
}

// ProbeShare gives the rollouts the whole node budget after the solver's
// first look (engine.ProbeSharer; see shahSearch).
func (g *shah) ProbeShare() int { return 100 }

// DeadEnd reports a star card that can never leave its ray (see
// shahSearch).
func (g *shah) DeadEnd() bool {
	var buf [2 * CardsPerDeck]Card
	for k := 0; k < shRays; k++ {
		var below [CardsPerDeck]uint8 // copies of each face beneath the current card
		ray := g.lay.appendPile(g.lay.appendPile(g.lay.appendPile(buf[:0], shInner+k), shMiddle+k), shOuter+k)
		outer := len(ray) - g.lay.size(shOuter+k) // ray[outer:] is the outer pile
		for i, c := range ray {
			if g.stuckHome(c, &below) && (i < outer || !g.mayMarry(c, &below)) {
				return true
			}
			below[c.Face()]++
		}
	}
	return false
}

// OrderMoves puts foundation plays first, then marriages from the talon,
// fills, the draw and the redeal, and marriages between outer piles last:
// they only shift a card between two piles and can go on for long.
func (g *shah) OrderMoves(moves []Move) {
	rank := func(m Move) int {
		switch {
		case m.Kind == MoveFoundation:
			return 0
		case m.Kind == MoveBuild && m.From == shTalon:
			return 1
		case m.Kind == MoveBuild:
			return 3
		}
		return 2
	}
	for i := 1; i < len(moves); i++ { // stable insertion sort by rank
		for j := i; j > 0 && rank(moves[j]) < rank(moves[j-1]); j-- {
			moves[j], moves[j-1] = moves[j-1], moves[j]
		}
	}
}

// left returns how many copies of the card of suit s and rank q are not
// home: one per foundation of the suit that has not reached q.
func (g *shah) left(s Suit, q Rank) int {
	n := 0
	for f := shFound + 2*int(s); f < shFound+2*int(s)+2; f++ {
		if g.lay.size(f) < int(q) {
			n++
		}
	}
	return n
}

// stuckHome reports whether neither foundation of c's suit can ever take c
// while the cards counted in below (by face) stay where they are: a
// foundation at h needs every rank from h+1 up to c's first.
func (g *shah) stuckHome(c Card, below *[CardsPerDeck]uint8) bool {
	s, r := c.Suit(), c.Rank()
	for f := shFound + 2*int(s); f < shFound+2*int(s)+2; f++ {
		h := g.lay.size(f)
		ok := int(r) > h
		for q := Rank(h + 1); ok && q < r; q++ {
			ok = int(below[NewCard(q, s, 0)]) < g.left(s, q)
		}
		if ok {
			return false
		}
	}
	return true
}

// mayMarry reports whether outer card c may still be married: the
// outer-to-outer marriages are allowed (variant marriage-sources) and some
// copy of the card one rank higher in suit is neither home nor among the
// cards counted in below.
func (g *shah) mayMarry(c Card, below *[CardsPerDeck]uint8) bool {
	q := c.Rank() + 1
	if g.r.talonOnly || q > Queen {
		return false
	}
	return int(below[NewCard(q, c.Suit(), 0)]) < g.left(c.Suit(), q)
}

func (g *shah) status() string {
	phase := "play"
	if g.phase < 2 {
		phase = fmt.Sprintf("deal: circle %d", g.phase+1)
	}
	return fmt.Sprintf("score %d/%d  redeals %d/%d  stock %d  talon %d  %s", g.Score(), g.Total(), g.redeals, g.r.maxRedeals, g.lay.size(shStock), g.lay.size(shTalon), phase)
}

func (g *shah) String() string { return renderGame(g, g.FullPile, g.status()) }

func (g *shah) View() string { return renderGame(g, g.Pile, g.status()) }

// Scores of the rollout heuristic (see shahSearch): a play first, then a
// marriage from the talon, then an outer-to-outer marriage that uncovers a
// card a foundation takes or one the talon top marries, or that empties
// its pile while the talon top is needed soon (at most shRollSoon cards
// before a foundation takes it); the fills, the talon top before the
// pack; the deal and the draw; an outer-to-outer marriage that empties its
// pile otherwise, or does none of these, last.
const (
	shRollPlay        = 1000
	shRollTalon       = 500
	shRollUncover     = 400
	shRollMarryNext   = 350
	shRollEmpties     = 300
	shRollEmptiesLate = 50
	shRollSoon        = 2
	shRollFillTalon   = 200
	shRollFillStock   = 150
	shRollDraw        = 100
)

// distance returns how many cards a foundation of c's suit still needs
// before it takes c (the fewer of the two), shTop for a missing card or
// one no foundation needs. A foundation of height h < rank takes rank h+1
// next, so the fewest is key(c) less the highest key up to c's that the
// foundations want (kept in wantKeys): the leading zeros of wantKeys
// shifted to end at key(c), when that key is of c's suit (no more than
// c's rank below it; a foundation wants no rank below 2).
func (g *shah) distance(c Card) int {
	key := uint(shKeys[c]) // 0 for NoCard, which no foundation wants
	if d := bits.LeadingZeros64(g.wantKeys << (63 - key)); d < int(key&15) {
		return d
	}
	return shTop
}

// RolloutMove returns the move of the rollout heuristic described in
// shahSearch: the legal move of the highest score, the first listed among
// equals.
func (g *shah) RolloutMove(legal []Move) int {
	w := g.wants()
	t := g.lay.top(shTalon)
	best, bi := -1, 0
	for i := range legal {
		m := &legal[i]
		sc := 0
		switch m.Kind {
		case MoveFoundation:
			sc = shRollPlay
		case MoveBuild:
			if m.From == shTalon {
				sc = shRollTalon
				break
			}
			from := int(m.From)
			under := g.lay.at(from, 1)
			if under == NoCard {
				k := from - shOuter
				if !g.lay.empty(shMiddle + k) {
					under = g.lay.top(shMiddle + k)
				} else {
					under = g.lay.top(shInner + k)
				}
			}
			switch {
			case under != NoCard && w[suitKey(under)] != 0:
				sc = shRollUncover
			case g.lay.size(from) > 1 && shMarries(t, under):
				sc = shRollMarryNext
			case g.lay.size(from) == 1 && g.distance(t) <= shRollSoon:
				sc = shRollEmpties
			case g.lay.size(from) == 1:
				sc = shRollEmptiesLate
			}
		case MoveFill:
			sc = shRollFillStock
			if m.From == shTalon {
				sc = shRollFillTalon
			}
		case MoveDraw, MoveDeal, MoveRedeal:
			sc = shRollDraw
		}
		if sc > best {
			best, bi = sc, i
		}
	}
	return bi
}

// RolloutValue rates a state for the rollouts (see shahSearch): a
// thousand for each card on the foundations, less, for each foundation
// not complete, the number of cards above the nearest copy of the card it
// takes next (at most shRollDepth), so that a won state rates highest.
func (g *shah) RolloutValue() int {
	var depth [64]uint8 // by suitKey: the fewest cards above a copy
	for i := range depth {
		depth[i] = shRollDepth
	}
	n := 0
	for c := g.lay.top(shTalon); c != NoCard; c = g.lay.below[c] {
		if k := suitKey(c); int(depth[k]) > n {
			depth[k] = uint8(n)
		}
		n++
	}
	for k := 0; k < shRays; k++ {
		n = 0
		for _, p := range [3]int{shOuter + k, shMiddle + k, shInner + k} {
			for c := g.lay.top(p); c != NoCard; c = g.lay.below[c] {
				if j := suitKey(c); int(depth[j]) > n {
					depth[j] = uint8(n)
				}
				n++
			}
		}
	}
	v := 1000 * g.Score()
	for f := 0; f < 8; f++ {
		if h := g.lay.size(shFound + f); h < shTop {
			v -= int(depth[(f/2)*16+h+1])
		}
	}
	return v
}

// shRollDepth bounds the depth RolloutValue counts for a card: 8 × 100
// stays below the thousand of one card home.
const shRollDepth = 100
