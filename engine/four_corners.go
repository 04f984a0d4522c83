package engine

import (
	"fmt"
	"math/bits"
)

// Four Corners (Четыре угла; Cadogan 1914 "The Four Corners"; PySolFC game
// 620, Les Quatre Coins, a looser relative).
//
// Piles: L0–L5 the left column (L0 and L5 corners, L1–L4 sides), R0–R5 the
// right column likewise; F0–F7 the foundations, F(2s) the ace pile of suit s
// (built up to the king) and F(2s+1) its king pile (built down to the ace),
// suits in the order ♣ ♦ ♥ ♠, so foundation row s holds suit s; "stock" the
// face-down pack and "card" the card just turned, about to land on the
// packet the deal has reached.
//
// The deal is the first part of play. The card about to land is turned
// (visible) and the player either lays it on its packet (four-corners/deal)
// or plays it to a foundation: from a corner position to any foundation
// (four-corners/corner), from a side position only to the foundation that
// adjoins it (four-corners/side) — side L(r+1) adjoins the ace pile of row
// r, side R(r+1) its king pile. After such a play the next card goes to the
// same position. The first ace and the first king of each suit go to their
// places at once (four-corners/II, done inside Apply). When the stock is
// out, packet tops go to any foundation of their suit (four-corners/I) and
// are married up or down in suit (four-corners/marriage); empty packets stay
// empty. Two redeals gather the packets in order, unshuffled.

const (
	fcPackets  = 12
	fcFound    = 12 // F0 is pile 12
	fcStock    = 20
	fcCard     = 21
	fcPiles    = 22
	fcCards    = 2 * CardsPerDeck
	fcRedeals  = 2
	fcIdleMax  = 32 // cycle rule: marriages in a row
	fcNumFound = 8
)

// Rule IDs of four-corners.
const (
	fcRuleI        RuleID = "four-corners/I"
	fcRuleII       RuleID = "four-corners/II"
	fcRuleDeal     RuleID = "four-corners/deal"
	fcRuleCorner   RuleID = "four-corners/corner"
	fcRuleSide     RuleID = "four-corners/side"
	fcRuleMarriage RuleID = "four-corners/marriage"
	fcRuleVacancy  RuleID = "four-corners/vacancy"
	fcRuleRedeal   RuleID = "four-corners/redeal"
	fcRuleWin      RuleID = "four-corners/win"
	fcRuleCycle    RuleID = "four-corners/cycle"
)

var fcPileNames = [fcPiles]string{
	"L0", "L1", "L2", "L3", "L4", "L5", "R0", "R1", "R2", "R3", "R4", "R5",
	"F0", "F1", "F2", "F3", "F4", "F5", "F6", "F7", "stock", "card",
}

func fourCornersSpec() *Spec {
	return &Spec{
		ID:       "four-corners",
		Title:    "The Four Corners",
		TitlesRU: []string{"Четыре угла"},
		Book:     "Cadogan",
		Sources: []string{
			"Cadogan, «Пасьянсы» (the corpus text, complete; the redeal paragraph repeated in a later file)",
			"Cadogan 1914, \"The Four Corners\" (Rule I: the packets are available after the deal; the next card goes to the place of a card played during the deal)",
			"PySolFC game 620 (Les Quatre Coins): the foundation rows and the side adjacency; building regardless of suit (variant marriage=any-suit)",
		},
		Decks:    2,
		Players:  1,
		MaxMoves: 4000,
		Planner:  PlannerDefaults{Samples: 1, Horizon: 15},
		Piles:    fourCornersPiles(),
		Rules: []Rule{
			{ID: fcRuleI, Kind: KindNumbered, Number: "I", Status: StatusBook,
				Summary: "After the deal the top card of every packet is available and may be played to any foundation it suits; the cards beneath are freed by removing those above.",
				Source:  "RU 'до окончания' read as 'after the deal is completed' per Cadogan EN Rule I and the RU Play text, which lifts the restriction after the deal; the literal RU reading is variant deal-play=tops",
				Terms:   []string{"самая верхняя карта каждой пачки годна для игры", "может быть помещена на одно из оснований", "нижние карты освобождаются обыкновенным порядком", "ограничение это прекращается после того, как разложен весь пасьянс"}},
			{ID: fcRuleII, Kind: KindNumbered, Number: "II", Status: StatusBook,
				Summary: "The first ace and the first king of each suit go at once to their fixed places (row of the suit: ace left, king right); foundations follow suit, aces up to kings, kings down to aces.",
				Source:  "footnote [6] of the book (designated places); engine convention for the slots: foundation row r is suit r (♣ ♦ ♥ ♠), the ace pile on the left, the king pile on the right, as in PySolFC 620",
				Terms:   []string{"основные карты 4 туза и 4 короля должны выходить на определенные места", "за основными картами следуют масти", "на туза червей идет вся его масть", "следует немедленно положить на оставленные для них места"}},
			{ID: fcRuleDeal, Kind: KindPlay, Status: StatusBook,
				Summary: "Deal the pack card by card in rounds of twelve: left column top corner, four sides, bottom corner, then the right column likewise, each round covering the last.",
				Terms:   []string{"кладут двенадцать карт, начиная с левой стороны", "сперва кладут верхнюю угловую карту", "потом четыре боковых карты", "нижнюю угловую карту", "то же самое повторяют с правой стороны", "покрывая ряд за рядом", "тузы восходят по порядку к королям, короли нисходят по порядку к тузам", "кладется на определенное для него место, как только появится"}},
			{ID: fcRuleCorner, Kind: KindPlay, Status: StatusBook,
				Summary: "During the deal a suitable card about to land on a corner packet may be played to any foundation; the next card then goes to the same place.",
				Source:  "Cadogan EN (the next card goes to the same place; RU footnote [4] is lost)",
				Terms:   []string{"на место их должны быть положены карты", "которые находятся сверху одной из четырех угловых пачек"}},
			{ID: fcRuleSide, Kind: KindPlay, Status: StatusBook,
				Summary: "During the deal a suitable card about to land on a side packet may be played only to the foundation adjoining that packet; the next card then goes to the same place.",
				Source:  "Cadogan EN; engine convention for the adjacency (as in PySolFC 620): L(r+1) lies next to the ace pile of row r, R(r+1) next to its king pile",
				Terms:   []string{"подходящие карты боковых пачек могут быть переложены только на основание", "когда находятся подле того основания, к которому должны принадлежать"}},
			{ID: fcRuleMarriage, Kind: KindPlay, Status: StatusBook,
				Summary: "After the deal the top card of a packet may be married to the top card of another packet, ascending or descending by one rank in the same suit (variant: any suit).",
				Source:  "Cadogan 1914, Explanation of terms: a marriage is the same suit, rank ±1",
				Terms:   []string{"марьяж в восходящем и нисходящем порядке можно делать с верхними картами двенадцати пачек"}},
			{ID: fcRuleVacancy, Kind: KindPlay, Status: StatusConvention,
				Summary: "An emptied packet stays empty until the next deal; nothing is moved into it.",
				Source:  "engine convention: the book is silent; PySolFC 620 and Wikipedia (Morehead & Mott-Smith) leave spaces empty"},
			{ID: fcRuleRedeal, Kind: KindPlay, Status: StatusBook,
				Summary: "When play is stuck the twelve packets are gathered in order, from L0 to R5, without shuffling, and dealt again with the same restrictions; twice (two redeals).",
				Source:  "engine convention for the gather order: each packet's cards in the order dealt, L0 first (variant gather=reversed). The player calls the redeal any time after the deal (whether play is stuck is the player's judgement)",
				Terms:   []string{"когда сделаны всевозможные комбинации и дальнейшая игра невозможна", "двенадцать пачек складывают по порядку, начиная с левой", "раскладывают пасьянс снова и играют так же, как в первый раз", "пасьянс можно повторить еще раз"}},
			{ID: fcRuleWin, Kind: KindPlay, Status: StatusConvention,
				Summary: "The game is won when all eight foundations are complete (104 cards).",
				Source:  "Cadogan 1914 (the book shows the completed foundations)"},
			{ID: fcRuleCycle, Kind: KindPlay, Status: StatusConvention,
				Summary: fmt.Sprintf("Cycle rule: at most %d marriages in a row; then a card must be played to a foundation or the packets redealt.", fcIdleMax),
				Source:  "engine convention (marriages can move a card back and forth for ever)"},
			{ID: "four-corners/S1", Kind: KindAdvice, Number: "S1", Status: StatusBook,
				Summary: "Be careful with marriages: freeing one card may cover another that is equally needed.",
				Terms:   []string{"следует быть очень осторожным", "освобождая одну карту, можно закрыть другую, которая одинаково нужна"}},
			{ID: "four-corners/S2", Kind: KindAdvice, Number: "S2", Status: StatusBook,
				Summary: "Examine the contents of every packet and make only the marriages that free the greatest number of suitable cards.",
				Terms:   []string{"необходимо тщательно рассматривать содержание каждой пачки", "делать только такие марьяжи, которые освобождают наибольшее число подходящих карт"}},
		},
		Variants: []Variant{
			{Name: "marriage", Values: []string{"same-suit", "any-suit"}, Default: "same-suit",
				Doc: "same-suit: a marriage is same suit, rank ±1 (Cadogan 1914, Explanation of terms); any-suit: up or down regardless of suit (PySolFC Les Quatre Coins, Morehead & Mott-Smith)."},
			{Name: "deal-play", Values: []string{"card", "tops"}, Default: "card",
				Doc: "card: during the deal only the card about to land may be played (Cadogan EN Rule I, RU Play text); tops: the packet tops are available during the deal too, under the same corner/side restriction (the literal RU Rule I 'до окончания пасьянса'; PySolFC)."},
			{Name: "gather", Values: []string{"dealt", "reversed"}, Default: "dealt",
				Doc: "Order of the new stock on a redeal, packets L0…L5, R0…R5 in turn: dealt: each packet's cards in the order they were dealt (bottom first; engine convention); reversed: each packet top card first."},
		},
		Search: fourCornersSearch,
		Start:  startFourCorners,
	}
}

// fourCornersSearch explains the search hooks of Four Corners.
const fourCornersSearch = `Symmetry: no rule tells the two copies of a card apart, so the key hashes every pile as the faces of its cards and the foundations by their heights (a pile of height n holds the n ranks from its base). It covers the deal position while dealing, the redeals used and the cycle-rule counter (marriages in a row), which decides whether more marriages are allowed; CounterKey gives the key without the counter, and the counter: of two states alike but for it, the one with fewer marriages in a row can make every move the other can (a marriage adds one to both counters, any other move resets both), so it dominates, and a search that has searched a state skips it when it comes again with a counter no lower. While a deal or a redeal lies ahead the packets are not interchangeable (the deal reaches them in order, the corner and side rules depend on the place, the redeal gathers them in order); after the last deal they are, and the key sorts them.

Safe moves: after the last deal, with marriages in suit, a foundation play of a card of a settled suit: one whose ace pile (at a) and king pile (at k) have a+k ≥ 13, so that every card of the suit not yet home is the only one left for its place (the ace pile takes a+1 … K, the king pile 13-k … A, the other copy of each already home). Take any win, play the card at once and follow the win, except that a card of the suit the win would marry onto a card already played home goes home instead (it is the only card for the place next to that card's, so its pile takes it then), and moves of cards already home are left out. Every other move keeps its cards on top and its foundations at the same need, empty packets only arise under cards already home, and fewer marriages in a row never break the cycle rule, so the rest of the win stays legal.

Dead ends: after the last deal has begun (no redeal left) the cards beneath a packet card stay there until it leaves, and it can leave only for a foundation or by a marriage onto another packet top. When every remaining copy of a rank that both foundations of its suit need first lies beneath it, and every remaining copy of the cards it could marry (the same suit one rank up or down; any suit with variant marriage=any-suit) lies beneath it too, it can never leave: the game is lost.

Rollouts (engine.Roller): the solver's probe looks for a win by nested rollouts, playing every candidate move out with a heuristic. The heuristic plays a card home whenever one can go (the card about to land while dealing, else the first packet top that fits), and otherwise, while dealing, lays the card on its packet. After a deal it scores each marriage by what it uncovers in the packet it leaves: a thousand when the card beneath the married card goes home at once; else 200 ÷ d when a card the foundations take lies d cards beneath it (d = 2, 3 …), and 100 when the card beneath marries on (onto another packet top or onto the married card); and 10 more when the married card goes home before the card it covers (in suit, a lower card on a higher one while the ace pile still takes it, a higher on a lower while the king pile does). It makes the best marriage that scores at least 100 (one that frees a card, digs within two cards of one, or opens another marriage), the first listed among equals, and redeals when there is none; once no redeal is left it makes the best marriage of any score, and the cycle rule ends a playout that finds nothing. A playout's end is rated by the cards home, a thousand each, so a won state rates highest. The hooks only steer the search for a win: a line the rollouts find wins when replayed, and they prove nothing, so they cannot make a wrong "won" or "lost". The rollouts succeed where chronological backtracking could not: each redeal gathers the packets in order, so an early play or marriage reorders the whole next deal, and backtracking revises those early choices only after everything below them is spent, while the rollouts weigh each by the rest of the three deals played out from it. On deals 0–99 of seed 2026 at the default budget the rollouts won 88 with marriages made only when they free a card or open another, and 95 with the digging score; rating a playout's end also by how near the packet tops the next card of each foundation lies won 93, and was left out. The exhaustive search after them won no deal and could prove none lost (its states are every arrangement three deals can reach), so Four Corners asks for the whole budget after the first look for its rollouts (engine.ProbeSharer), which won 97 of the 100, and 957 of the first 1,000 (a median of 0.16 M nodes).

Undecided deals: no loss is proved. Of the 43 of the first 1,000 deals the rollouts leave undecided at the default budget, many may be won with more: of the five undecided among deals 0–99 before the whole budget went to the rollouts, four are won at 10 M nodes (deal 37 after 7.6 M, deal 87 after 3.9 M), and deal 69 stays undecided. Proving losses would take dead ends before the last redeal: bounds on where each card can fall in the next deal, like the Duchess's phase bounds.`

// fourCornersPiles is the layout of Four Corners.
func fourCornersPiles() []PileInfo {
	ps := make([]PileInfo, fcPiles)
	for i, n := range fcPileNames {
		k := PileTableau
		switch {
		case i >= fcFound && i < fcFound+fcNumFound:
			k = PileFoundation
		case i == fcStock:
			k = PileStock
		case i == fcCard:
			k = PileTalon
		}
		ps[i] = PileInfo{Name: n, Kind: k}
	}
	return ps
}

// fourCornersRules are the typed variant options of Four Corners.
type fourCornersRules struct {
	anySuit  bool // marriage=any-suit
	dealTops bool // deal-play=tops
	reversed bool // gather=reversed
}

func startFourCorners(v *VariantReader) (Dealer, error) {
	r := &fourCornersRules{
		anySuit:  v.Is("marriage", "any-suit"),
		dealTops: v.Is("deal-play", "tops"),
		reversed: v.Is("gather", "reversed"),
	}
	c := newCore(v)
	return func(pack []Card) (Game, error) { return newFourCorners(c, r, pack), nil }, nil
}

// The game contract and the optional interfaces fourCorners implements,
// checked by the compiler.
var (
	_ Game            = (*fourCorners)(nil)
	_ ProgressMover   = (*fourCorners)(nil)
	_ ProgressPeeker  = (*fourCorners)(nil)
	_ ProgressCounter = (*fourCorners)(nil)
	_ CounterKeyer    = (*fourCorners)(nil)
	_ Roller          = (*fourCorners)(nil)
	_ ProbeSharer     = (*fourCorners)(nil)
)

// fourCorners is the state of a game of Four Corners. The card about to
// land is the one card of pile "card" (empty once the deal is over).
//
// Besides the piles it keeps the score, what the foundations take next
// and the packet tops by key, which every move generation, check and Won
// would otherwise read from the eight foundations and the twelve packets:
// a card reaches a foundation only through home, which updates the first
// two, and no card ever leaves one; every move that changes a packet's
// top updates the third (untop, retop; a redeal empties them all). sync
// computes them from scratch (TestFourCornersKept compares the two at
// every position of random playouts of every variant).
type fourCorners struct {
	table
	r       *fourCornersRules
	pos     uint8 // packet the card about to land goes to
	redeals uint8
	idle    uint8 // marriages in a row (cycle rule)
	score   uint8 // cards on the foundations
	want    pairWants
	// wantKeys has bit k set when want[k] is not 0.
	wantKeys uint64
	// tops[k] has bit q set when the top of packet q has suitKey k;
	// topKeys has bit k set when tops[k] is not 0.
	tops    [64]uint16
	topKeys uint64
}

func newFourCorners(c core, r *fourCornersRules, pack []Card) *fourCorners {
	g := new(fourCorners)
	g.setUp(c, r, pack)
	return g
}

// setUp deals pack into g with the setup's core and rules, g's earlier
// state, if any, discarded: a game started anew.
func (g *fourCorners) setUp(c core, r *fourCornersRules, pack []Card) {
	*g = fourCorners{table: table{core: c}, r: r}
	g.lay.reset()
	g.lay.loadPack(fcStock, pack)
	g.sync()
	g.turn()
}

// Redeal starts g again on pack with the same setup (engine.Redealer).
func (g *fourCorners) Redeal(pack []Card) error {
	g.setUp(g.core, g.r, pack)
	return nil
}

// sync computes the facts the game keeps (see fourCorners) from the piles.
func (g *fourCorners) sync() {
	g.score = 0
	for f := fcFound; f < fcFound+fcNumFound; f++ {
		g.score += uint8(g.lay.size(f))
	}
	g.want = pairWantsOf(&g.lay, fcFound)
	g.wantKeys = keyBitsOf((*[64]uint8)(&g.want))
	g.tops, g.topKeys = [64]uint16{}, 0
	for q := 0; q < fcPackets; q++ {
		g.retop(q)
	}
}

// untop takes the top of packet q out of the kept tops, before a move
// changes it.
func (g *fourCorners) untop(q int) {
	if c := g.lay.top(q); c != NoCard {
		k := suitKey(c) & 63
		if g.tops[k] &^= 1 << q; g.tops[k] == 0 {
			g.topKeys &^= 1 << k
		}
	}
}

// retop puts the top of packet q into the kept tops, after a move
// changed it.
func (g *fourCorners) retop(q int) {
	if c := g.lay.top(q); c != NoCard {
		k := suitKey(c) & 63
		g.tops[k] |= 1 << q
		g.topKeys |= 1 << k
	}
}

// shift moves the top card of pile from onto pile to. moveLinked keeps
// the links of the view hash once a ViewHash asked for them; before that
// (the random player never asks) the plain move does the same, inlined.
func (g *fourCorners) shift(from, to int) {
	if g.lay.linked == 0 {
		g.lay.move(from, to)
		return
	}
	g.lay.moveLinked(from, to)
}

// home plays the top card of pile from to foundation pile to, keeping the
// score and what the foundation takes next.
func (g *fourCorners) home(from, to int) {
	f := (to - fcFound) & 7
	n := g.lay.size(to)
	if r := pairWant(f, n); r != 0 {
		clearKeyBit((*[64]uint8)(&g.want), &g.wantKeys, (f/2)*16+int(r), 1<<f)
	}
	packet := from < fcPackets
	if packet {
		g.untop(from)
	}
	g.shift(from, to)
	if packet {
		g.retop(from)
	}
	if r := pairWant(f, n+1); r != 0 {
		setKeyBit((*[64]uint8)(&g.want), &g.wantKeys, (f/2)*16+int(r), 1<<f)
	}
	g.score++
}

// fcDealMask[p] has bit f set when a card about to land on packet p may
// go to foundation f (fcDealMayPlay).
var fcDealMask = func() (t [fcPackets]uint8) {
	for p := range t {
		for f := 0; f < fcNumFound; f++ {
			if fcDealMayPlay(p, f) {
				t[p] |= 1 << f
			}
		}
	}
	return t
}()

// fcCorner reports whether packet p is a corner (L0, L5, R0, R5).
func fcCorner(p int) bool { return p == 0 || p == 5 || p == 6 || p == 11 }

// fcAdjoins returns the foundation next to side packet p: L(r+1) adjoins
// the ace pile of row r (F(2r)), R(r+1) its king pile (F(2r+1)); -1 for a
// corner.
func fcAdjoins(p int) int {
	switch {
	case p >= 1 && p <= 4:
		return 2 * (p - 1)
	case p >= 7 && p <= 10:
		return 2*(p-7) + 1
	}
	return -1
}

// fcDealMayPlay reports whether, during the deal, a card at packet position p
// may go to foundation f.
func fcDealMayPlay(p, f int) bool { return fcCorner(p) || fcAdjoins(p) == f }

// fits reports whether c goes on foundation f (0–7): its suit's ace pile
// (f even) or king pile (f odd), in sequence.
func (g *fourCorners) fits(f int, c Card) bool {
	return c.Valid() && g.want[suitKey(c)&63]>>(f&7)&1 != 0
}

func (g *fourCorners) marries(c, t Card) bool {
	if !c.Valid() || !t.Valid() || (!g.r.anySuit && c.Suit() != t.Suit()) {
		return false
	}
	return c.Rank()+1 == t.Rank() || t.Rank()+1 == c.Rank()
}

// hand returns the card about to land, NoCard when the deal is over.
func (g *fourCorners) hand() Card { return g.lay.top(fcCard) }

func (g *fourCorners) dealing() bool { return !g.lay.empty(fcCard) }

// turn turns the next card of the stock when none is about to land,
// putting the first ace and the first king of a suit on their places at
// once (four-corners/II) and turning the next card for the same position.
func (g *fourCorners) turn() {
	for g.lay.empty(fcCard) && !g.lay.empty(fcStock) {
		c := g.lay.top(fcStock)
		s := fcFound + 2*int(c.Suit())
		switch {
		case c.Rank() == Ace && g.lay.empty(s):
			g.home(fcStock, s)
		case c.Rank() == King && g.lay.empty(s+1):
			g.home(fcStock, s+1)
		default:
			g.shift(fcStock, fcCard)
		}
	}
}

// LegalMoves appends the legal moves. During the deal: plays of the card
// about to land, then (variant tops) packet tops, then laying the card on
// its packet. After the deal: foundation plays, marriages, the redeal.
func (g *fourCorners) LegalMoves(dst []Move) []Move { return g.gen(dst, false) }

// gen appends the legal moves; with first it stops after one.
func (g *fourCorners) gen(dst []Move, first bool) []Move {
	// While dealing without plays (the most frequent position): only
	// the deal's move.
	if hand := g.hand(); hand != NoCard && !g.r.dealTops && g.want[suitKey(hand)&63]&fcDealMask[g.pos%fcPackets] == 0 {
		return append(dst, Move{Kind: MoveDeal, From: fcCard, To: g.pos, Card: hand, Card2: NoCard, Rule: fcRuleDeal})
	}
	// The foundation plays come first (ProgressMoves).
	mark := len(dst)
	if dst = g.progress(dst); first && len(dst) > mark {
		return dst[:mark+1]
	}
	if g.dealing() {
		return append(dst, Move{Kind: MoveDeal, From: fcCard, To: g.pos, Card: g.hand(), Card2: NoCard, Rule: fcRuleDeal})
	}
	if g.Won() {
		return dst
	}
	if g.idle < fcIdleMax && !g.r.anySuit {
		// marries(c, t) is |key(c) - key(t)| == 1 for the suitKeys of
		// the packet tops (a rank step never crosses a suit): the
		// packets whose top marries a top of key k are tops[k-1] |
		// tops[k+1], and those that marry at all are those of the keys
		// k whose key k-1 or k+1 is a top's too.
		var from uint16
		for ks := g.topKeys & (g.topKeys<<1 | g.topKeys>>1); ks != 0; ks &= ks - 1 {
			from |= g.tops[bits.TrailingZeros64(ks)]
		}
		for ; from != 0; from &= from - 1 {
			q := bits.TrailingZeros16(from)
			c := g.lay.top(q)
			k := suitKey(c)
			for m := (g.tops[(k-1)&63] | g.tops[(k+1)&63]) &^ (1 << q); m != 0; m &= m - 1 { // g.marries(c, top of r)
				r := bits.TrailingZeros16(m)
				dst = append(dst, Move{Kind: MoveBuild, From: uint8(q), To: uint8(r), Card: c, Card2: NoCard, Rule: fcRuleMarriage})
				if first {
					return dst
				}
			}
		}
	}
	if g.idle < fcIdleMax && g.r.anySuit {
		// marries(c, t) is |key(c) - key(t)| == 1 for the keys of the
		// packet tops: suit*16 + rank (rank alone with any-suit), so a
		// rank step never crosses a suit; an empty packet's key is far
		// from every other.
		// byKey[k] has bit r when packet r's top has key k (keys 1 … 63),
		// so the packets whose top marries c's are byKey[k-1] | byKey[k+1].
		var key [fcPackets]int
		var byKey [66]uint16
		for q := range key {
			t := g.lay.top(q)
			switch {
			case !t.Valid():
				key[q] = -64
				continue
			case g.r.anySuit:
				key[q] = int(t.Rank())
			default:
				key[q] = suitKey(t)
			}
			byKey[key[q]] |= 1 << q
		}
		for q, k := range key {
			if k < 0 {
				continue
			}
			c := g.lay.top(q)
			for m := (byKey[k-1] | byKey[k+1]) &^ (1 << q); m != 0; m &= m - 1 { // g.marries(c, top of r)
				r := bits.TrailingZeros16(m)
				dst = append(dst, Move{Kind: MoveBuild, From: uint8(q), To: uint8(r), Card: c, Card2: NoCard, Rule: fcRuleMarriage})
				if first {
					return dst
				}
			}
		}
	}
	if g.redeals < fcRedeals {
		dst = append(dst, Move{Kind: MoveRedeal, From: fcStock, To: fcStock, Card: NoCard, Card2: NoCard, Rule: fcRuleRedeal})
	}
	return dst
}

// progress appends the foundation plays, as ProgressMoves lists them,
// from what the foundations take (g.want, by suitKey; an empty pile's
// NoCard reads entry 0, which no card has).
func (g *fourCorners) progress(dst []Move) []Move {
	if g.dealing() {
		hand, p := g.hand(), int(g.pos)
		rule := fcRuleSide
		if fcCorner(p) {
			rule = fcRuleCorner
		}
		for m := g.want[suitKey(hand)&63] & fcDealMask[p%fcPackets]; m != 0; m &= m - 1 {
			dst = append(dst, Move{Kind: MoveFoundation, From: fcCard, To: uint8(fcFound + bits.TrailingZeros8(m)), Card: hand, Card2: NoCard, Rule: rule})
		}
		if g.r.dealTops {
			for ps := g.wanted(); ps != 0; ps &= ps - 1 {
				q := bits.TrailingZeros16(ps)
				t := g.lay.top(q)
				for m := g.want[suitKey(t)&63] & fcDealMask[q%fcPackets]; m != 0; m &= m - 1 {
					dst = append(dst, Move{Kind: MoveFoundation, From: uint8(q), To: uint8(fcFound + bits.TrailingZeros8(m)), Card: t, Card2: NoCard, Rule: fcRuleI})
				}
			}
		}
		return dst
	}
	if g.Won() {
		return dst
	}
	for ps := g.wanted(); ps != 0; ps &= ps - 1 {
		q := bits.TrailingZeros16(ps)
		t := g.lay.top(q)
		for m := g.want[suitKey(t)&63]; m != 0; m &= m - 1 {
			dst = append(dst, Move{Kind: MoveFoundation, From: uint8(q), To: uint8(fcFound + bits.TrailingZeros8(m)), Card: t, Card2: NoCard, Rule: fcRuleI})
		}
	}
	return dst
}

// wanted returns the packets whose top a foundation takes (bit q for
// packet q), from the keys of the kept tops and wants.
func (g *fourCorners) wanted() uint16 {
	var ps uint16
	for ks := g.topKeys & g.wantKeys; ks != 0; ks &= ks - 1 {
		ps |= g.tops[bits.TrailingZeros64(ks)]
	}
	return ps
}

// Check is the legality predicate, rule by rule.
func (g *fourCorners) Check(m Move) error {
	if m.Kind == MoveDeal && m.From == fcCard && m.Card2 == NoCard && m.Card == g.hand() && m.Card != NoCard && m.To == g.pos && m.Rule == fcRuleDeal {
		return nil // the deal's move, the most frequent: case fcRuleDeal below
	}
	if m.Card2 != NoCard {
		return illegal("four-corners: no move of four-corners has a second card")
	}
	from, to := int(m.From), int(m.To)
	f := to - fcFound
	switch m.Rule {
	case fcRuleDeal:
		if m.Kind != MoveDeal || from != fcCard {
			return illegal("four-corners: the move does not fit its rule, which lays the card about to land on its packet")
		}
		if !g.dealing() {
			return illegal("four-corners: the deal is over")
		}
		if m.Card != g.hand() {
			return illegalf(m, "the card about to land is %s", g.hand())
		}
		if to != int(g.pos) {
			return illegalf(m, "the deal has reached %s", fcPileNames[g.pos])
		}
		return nil
	case fcRuleCorner, fcRuleSide:
		if m.Kind != MoveFoundation || from != fcCard || f < 0 || f >= fcNumFound {
			return illegal("four-corners: the move does not fit its rule, which plays the card about to land to a foundation")
		}
		if !g.dealing() || m.Card != g.hand() {
			return illegalf(m, "%s is not the card about to land", m.Card)
		}
		p := int(g.pos)
		if m.Rule == fcRuleCorner && !fcCorner(p) {
			return illegalf(m, "%s is not a corner packet", fcPileNames[p])
		}
		if m.Rule == fcRuleSide && (fcCorner(p) || fcAdjoins(p) != f) {
			return illegalf(m, "a card landing on %s may go only to the foundation adjoining a side packet", fcPileNames[p])
		}
		if !g.fits(f, m.Card) {
			return illegalf(m, "%s does not go on %s", m.Card, fcPileNames[to])
		}
		return nil
	case fcRuleI:
		if m.Kind != MoveFoundation || from >= fcPackets || f < 0 || f >= fcNumFound {
			return illegal("four-corners: the move does not fit its rule, which plays a packet top to a foundation")
		}
		if t := g.lay.top(from); t == NoCard || t != m.Card {
			return illegalf(m, "%s is not the top of %s", m.Card, fcPileNames[from])
		}
		if g.dealing() {
			if !g.r.dealTops {
				return illegal("four-corners: during the deal only the card about to land is available (Rule I)")
			}
			if !fcDealMayPlay(from, f) {
				return illegal("four-corners: during the deal a side packet plays only to its adjoining foundation")
			}
		}
		if !g.fits(f, m.Card) {
			return illegalf(m, "%s does not go on %s", m.Card, fcPileNames[to])
		}
		return nil
	case fcRuleMarriage:
		if m.Kind != MoveBuild || from >= fcPackets || to >= fcPackets || from == to {
			return illegal("four-corners: a marriage moves a packet top onto another packet")
		}
		if g.dealing() {
			return illegal("four-corners: no marriages during the deal")
		}
		if t := g.lay.top(from); t == NoCard || t != m.Card {
			return illegalf(m, "%s is not the top of %s", m.Card, fcPileNames[from])
		}
		t := g.lay.top(to)
		if t == NoCard {
			return illegalf(m, "empty packets stay empty (%s)", fcRuleVacancy)
		}
		if !g.marries(m.Card, t) {
			return illegalf(m, "%s does not marry %s", m.Card, t)
		}
		if g.idle >= fcIdleMax {
			return illegalf(m, "cycle rule %s: %d marriages in a row", fcRuleCycle, g.idle)
		}
		return nil
	case fcRuleRedeal:
		if m.Kind != MoveRedeal || from != fcStock || to != fcStock || m.Card != NoCard {
			return illegal("four-corners: a redeal gathers the packets into the stock")
		}
		if g.dealing() {
			return illegal("four-corners: the deal is not over")
		}
		if g.redeals >= fcRedeals {
			return illegalf(m, "only %d redeals", fcRedeals)
		}
		if g.Won() {
			return illegal("four-corners: the game is won")
		}
		return nil
	}
	return illegal("four-corners: no rule of four-corners permits this move")
}

// Apply checks and performs m, then turns the next card of the deal.
func (g *fourCorners) Apply(m Move) error {
	if err := g.Check(m); err != nil {
		return err
	}
	g.ApplyListed(&m)
	return nil
}

// ApplyListed performs m, which LegalMoves listed for the current state,
// without checking it again (engine.ListedApplier).
func (g *fourCorners) ApplyListed(m *Move) {
	idle := uint8(0)
	// Check has tied each rule to its kind of move (the deal to MoveDeal,
	// the three plays to MoveFoundation, …), so the kind tells the rule
	// apart without comparing the rule's string again.
	switch m.Kind {
	case MoveDeal:
		q := int(g.pos) % fcPackets
		g.untop(q)
		g.shift(fcCard, q)
		g.retop(q)
		if g.pos++; g.pos == fcPackets {
			g.pos = 0
		}
	case MoveFoundation:
		g.home(int(m.From), int(m.To))
	case MoveBuild:
		from, to := int(m.From)%fcPackets, int(m.To)%fcPackets
		g.untop(from)
		g.untop(to)
		g.shift(from, to)
		g.retop(from)
		g.retop(to)
		idle = g.idle + 1
	case MoveRedeal:
		g.gather()
		g.redeals++
		g.pos = 0
	}
	g.idle = idle
	g.turn()
}

// gather makes the new stock from the packets L0 … R5 in turn, each in the
// order its cards were dealt (bottom first), or top first when reversed.
func (g *fourCorners) gather() {
	var buf [fcCards]Card
	cs := buf[:0]
	for q := 0; q < fcPackets; q++ {
		cs = takeUp(&g.lay, cs, q, g.r.reversed)
	}
	g.lay.loadPack(fcStock, cs)
	g.lay.relinkAll()
	g.tops, g.topKeys = [64]uint16{}, 0 // the packets are empty
}

// Ending: won when all foundations are complete, stuck when no move is
// legal (the cycle rule only limits marriages; it never ends the game).
func (g *fourCorners) Ending() Ending {
	var buf [1]Move
	return ending(g.Won(), false, len(g.gen(buf[:0], true)) > 0)
}

// Score is the number of cards on the foundations.
func (g *fourCorners) Score() int { return int(g.score) }

func (g *fourCorners) Won() bool    { return g.score == fcCards }
func (g *fourCorners) Total() int   { return fcCards }
func (g *fourCorners) Redeals() int { return int(g.redeals) }

// Pile shows every pile but the face-down stock.
func (g *fourCorners) Pile(dst []Card, i int) []Card {
	if i == fcStock {
		return appendHidden(dst, g.lay.size(fcStock))
	}
	return g.FullPile(dst, i)
}

// FullPile returns every card of pile i, bottom first.
func (g *fourCorners) FullPile(dst []Card, i int) []Card {
	if i < 0 || i >= fcPiles {
		return dst
	}
	return g.lay.appendPile(dst, i)
}

// Hash covers every pile (the stock in order, the card about to land),
// the deal position while dealing (after the deal it no longer matters: a
// redeal starts again at L0), the redeals used and the cycle-rule counter
// (marriages in a row), which decides whether more marriages are allowed.
func (g *fourCorners) Hash() uint64 {
	pos := uint64(0)
	if g.dealing() {
		pos = uint64(g.pos) + 1
	}
	return g.lay.hashWords(pos|uint64(g.redeals)<<8|uint64(g.idle)<<16, fcCards, fcPiles, 0)
}

// ViewHash is Hash with the stock reduced to its size and without the
// cycle-rule counter (the player's view of a position).
func (g *fourCorners) ViewHash() uint64 {
	return viewHash(g.lay.linkHash(^uint64(1<<fcStock)), uint64(g.pos)|uint64(g.redeals)<<8|uint64(g.lay.size(fcStock))<<16)
}

func (g *fourCorners) Clone() Game {
	c := *g
	return &c
}

// CopyFrom makes g a copy of src when src is a Four Corners game.
func (g *fourCorners) CopyFrom(src Game) bool { return copyState(g, src) }

// Determinize rearranges the stock at random (the only hidden cards).
func (g *fourCorners) Determinize(r *Rand) { g.lay.determinize(fcStock, r) }

// Search hooks (SearchHooks): see fourCornersSearch.

// settled reports whether the last deal is over: no card is dealt again.
func (g *fourCorners) settled() bool { return g.redeals == fcRedeals && !g.dealing() }

// SearchKey returns the canonical key described above.
func (g *fourCorners) SearchKey() Key { return g.searchKey(g.idle) }

// CounterKey returns the key without the cycle-rule counter (marriages in
// a row), and the counter (see fourCornersSearch).
func (g *fourCorners) CounterKey() (Key, uint8) { return g.searchKey(0), g.idle }

// searchKey returns the key of the state with idle as its counter.
func (g *fourCorners) searchKey(idle uint8) Key {
	k := newKeyHash(0x4643) // "FC"
	var w uint64
	for f := fcFound; f < fcFound+fcNumFound; f++ {
		w = w<<4 | uint64(g.lay.size(f))
	}
	w |= uint64(g.redeals)<<32 | uint64(idle)<<40
	if g.dealing() {
		w |= uint64(g.pos+1) << 48
	}
	k.word(w)
	if g.settled() {
		var ps [fcPackets]Key
		for q := range ps {
			h := newKeyHash(0x5043) // one seed for all: the packets are alike
			pileKey(&h, &g.lay, q, 8, faceValue{}, false)
			ps[q] = h.sum()
		}
		sortKeys(ps[:])
		for _, p := range ps {
			k.word(p.Hi)
			k.word(p.Lo)
		}
		return k.sum()
	}
	for q := 0; q < fcPackets; q++ {
		pileKey(&k, &g.lay, q, 8, faceValue{}, false)
	}
	pileKey(&k, &g.lay, fcCard, 8, faceValue{}, false)
	pileKey(&k, &g.lay, fcStock, 8, faceValue{}, false)
	return k.sum()
}

// sortKeys sorts a few keys in place (insertion sort; no allocation).
func sortKeys(ks []Key) {
	for i := 1; i < len(ks); i++ {
		for j := i; j > 0 && (ks[j].Hi < ks[j-1].Hi || ks[j].Hi == ks[j-1].Hi && ks[j].Lo < ks[j-1].Lo); j-- {
			ks[j], ks[j-1] = ks[j-1], ks[j]
		}
	}
}

// SafeMove returns, after the last deal and with marriages in suit, a
// foundation play of a card of a settled suit, or -1.
func (g *fourCorners) SafeMove(legal []Move) int {
	if !g.settled() || g.r.anySuit {
		return -1
	}
	for i, m := range legal {
		if m.Kind == MoveFoundation && pairSettled(&g.lay, fcFound, m.Card.Suit()) {
			return i
		}
	}
	return -1
}

// DeadEnd reports, once no redeal is left, a packet card that can never
// leave its packet (see fourCornersSearch).
func (g *fourCorners) DeadEnd() bool {
	if g.redeals < fcRedeals {
		return false
	}
	var buf [fcCards]Card
	for q := 0; q < fcPackets; q++ {
		var below [CardsPerDeck]uint8 // copies of each face beneath the current card
		for _, c := range g.lay.appendPile(buf[:0], q) {
			if pairBlocked(&g.lay, fcFound, c, &below) && !g.mayMarry(c, &below) {
				return true
			}
			below[c.Face()]++
		}
	}
	return false
}

// mayMarry reports whether some copy of a card c may marry (one rank up
// or down, in suit unless variant any-suit) is neither home nor among the
// cards counted in below.
func (g *fourCorners) mayMarry(c Card, below *[CardsPerDeck]uint8) bool {
	lo, hi := c.Suit(), c.Suit()
	if g.r.anySuit {
		lo, hi = Clubs, Spades
	}
	for s := lo; s <= hi; s++ {
		for _, q := range [2]Rank{c.Rank() - 1, c.Rank() + 1} {
			if q < Ace || q > King {
				continue
			}
			if int(below[NewCard(q, s, 0)]) < 2-homePair(&g.lay, fcFound, s, q) {
				return true
			}
		}
	}
	return false
}

func (g *fourCorners) status() string {
	phase := "play"
	if g.dealing() {
		phase = "deal at " + fcPileNames[g.pos]
	}
	return fmt.Sprintf("score %d/%d  redeals %d/%d  stock %d  %s", g.Score(), fcCards, g.redeals, fcRedeals, g.lay.size(fcStock), phase)
}

func (g *fourCorners) String() string { return renderGame(g, g.FullPile, g.status()) }

func (g *fourCorners) View() string { return renderGame(g, g.Pile, g.status()) }
