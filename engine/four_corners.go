package engine

import "fmt"

// Four Corners (Четыре угла; Cadogan "The Four Corners"; GAMES.md §3).
//
// Piles: L0–L5 the left column (L0 and L5 corners, L1–L4 sides), R0–R5 the
// right column likewise; F0–F7 the foundations, F(2s) the ace pile of suit s
// (built up to the king) and F(2s+1) its king pile (built down to the ace),
// suits in the order ♣ ♦ ♥ ♠, so foundation row s holds suit s; "pack" the
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
// places at once (four-corners/II, done inside Apply). When the pack is out,
// packet tops go to any foundation of their suit (four-corners/I) and are
// married up or down in suit (four-corners/marriage); empty packets stay
// empty. Two redeals gather the packets in order, unshuffled.

const (
	fcPackets  = 12
	fcFound    = 12 // F0 is pile 12
	fcPack     = 20
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
	"F0", "F1", "F2", "F3", "F4", "F5", "F6", "F7", "pack", "card",
}

func fourCornersSpec() *Spec {
	return &Spec{
		ID:       "four-corners",
		Title:    "The Four Corners",
		TitlesRU: []string{"Четыре угла"},
		Book:     "Cadogan",
		Decks:    2,
		Players:  1,
		MaxMoves: 4000,
		Rules: []Rule{
			{ID: fcRuleI, Kind: KindNumbered, Number: "I", Status: StatusBook,
				Summary: "After the deal the top card of every packet is available and may be played to any foundation it suits; the cards beneath are freed by removing those above.",
				Source:  "RU 'до окончания' read as 'after the deal is completed' per Cadogan EN Rule I and the RU Play text (GAMES.md §3); the literal RU reading is variant deal-play=tops",
				Terms:   []string{"самая верхняя карта каждой пачки годна для игры", "может быть помещена на одно из оснований", "нижние карты освобождаются обыкновенным порядком", "ограничение это прекращается после того, как разложен весь пасьянс"}},
			{ID: fcRuleII, Kind: KindNumbered, Number: "II", Status: StatusBook,
				Summary: "The first ace and the first king of each suit go at once to their fixed places (row of the suit: ace left, king right); foundations follow suit, aces up to kings, kings down to aces.",
				Source:  "footnote [6] in file 002 (designated places); slot convention GAMES.md §14.2",
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
				Source:  "Cadogan EN; adjacency convention GAMES.md §3 (L(r+1) next to the ace pile of row r, R(r+1) next to its king pile)",
				Terms:   []string{"подходящие карты боковых пачек могут быть переложены только на основание", "когда находятся подле того основания, к которому должны принадлежать"}},
			{ID: fcRuleMarriage, Kind: KindPlay, Status: StatusBook,
				Summary: "After the deal the top card of a packet may be married to the top card of another packet, ascending or descending by one rank in the same suit (variant: any suit).",
				Source:  "Cadogan glossary: a marriage is same suit, rank ±1 (GAMES.md §1, §14.2)",
				Terms:   []string{"марьяж в восходящем и нисходящем порядке можно делать с верхними картами двенадцати пачек"}},
			{ID: fcRuleVacancy, Kind: KindPlay, Status: StatusConvention,
				Summary: "An emptied packet stays empty until the next deal; nothing is moved into it.",
				Source:  "GAMES.md §14.2 (the book is silent; Wikipedia and PySolFC leave spaces empty)"},
			{ID: fcRuleRedeal, Kind: KindPlay, Status: StatusBook,
				Summary: "When play is stuck the twelve packets are gathered in order, from L0 to R5, without shuffling, and dealt again with the same restrictions; twice (two redeals).",
				Source:  "gather order is a convention (GAMES.md §3): each packet's cards in the order dealt, L0 first; variant gather=reversed. The player calls the redeal any time after the deal (whether play is stuck is the player's judgement)",
				Terms:   []string{"когда сделаны всевозможные комбинации и дальнейшая игра невозможна", "двенадцать пачек складывают по порядку, начиная с левой", "раскладывают пасьянс снова и играют так же, как в первый раз", "пасьянс можно повторить еще раз"}},
			{ID: fcRuleWin, Kind: KindPlay, Status: StatusConvention,
				Summary: "The game is won when all eight foundations are complete (104 cards).",
				Source:  "Cadogan EN; GAMES.md §3"},
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
				Doc: "same-suit: a marriage is same suit, rank ±1 (Cadogan's glossary; GAMES.md §14.2); any-suit: up or down regardless of suit (PySolFC Les Quatre Coins, Morehead & Mott-Smith)."},
			{Name: "deal-play", Values: []string{"card", "tops"}, Default: "card",
				Doc: "card: during the deal only the card about to land may be played (Cadogan EN Rule I, RU Play text); tops: the packet tops are available during the deal too, under the same corner/side restriction (the literal RU Rule I 'до окончания пасьянса'; PySolFC)."},
			{Name: "gather", Values: []string{"dealt", "reversed"}, Default: "dealt",
				Doc: "Order of the new pack on a redeal, packets L0…L5, R0…R5 in turn: dealt: each packet's cards in the order they were dealt (bottom first; GAMES.md §3 convention); reversed: each packet top card first."},
		},
		Start: legacyStart(newFourCorners),
	}
}

// fourCorners is the state of a game of Four Corners: fixed arrays, so Clone
// is one copy.
type fourCorners struct {
	opts     Options
	anySuit  bool
	dealTops bool
	reversed bool
	pos      uint8 // packet the card about to land goes to
	redeals  uint8
	idle     uint8 // marriages in a row (cycle rule)
	hand     Card  // the card about to land; NoCard when the deal is over
	pairFoundations
	packet [fcPackets]stack
	pack   stack // pack.c[pack.n-1] is the next card
}

func newFourCorners(pack []Card, opts Options) (Game, error) {
	spec := fourCornersSpec()
	o, err := spec.ResolveOptions(opts)
	if err != nil {
		return nil, err
	}
	if err := verifyPack(spec.ID, pack, spec.Decks); err != nil {
		return nil, err
	}
	g := &fourCorners{opts: o, anySuit: o["marriage"] == "any-suit", dealTops: o["deal-play"] == "tops", reversed: o["gather"] == "reversed", hand: NoCard}
	g.pack.load(pack)
	g.turn()
	return g, nil
}

func (g *fourCorners) ID() string       { return "four-corners" }
func (g *fourCorners) Options() Options { return copyOptions(g.opts) }

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

func (g *fourCorners) marries(c, t Card) bool {
	if !c.Valid() || !t.Valid() || (!g.anySuit && c.Suit() != t.Suit()) {
		return false
	}
	return c.Rank()+1 == t.Rank() || t.Rank()+1 == c.Rank()
}

func (g *fourCorners) dealing() bool { return g.hand != NoCard }

// turn turns the next card of the pack when none is about to land, putting
// the first ace and the first king of a suit on their places at once
// (four-corners/II) and turning the next card for the same position.
func (g *fourCorners) turn() {
	for g.hand == NoCard && g.pack.n > 0 {
		c := g.pack.pop()
		s := 2 * int(c.Suit())
		switch {
		case c.Rank() == Ace && g.fn[s] == 0:
			g.push(s, c)
		case c.Rank() == King && g.fn[s+1] == 0:
			g.push(s+1, c)
		default:
			g.hand = c
		}
	}
}

// LegalMoves appends the legal moves. During the deal: plays of the card
// about to land, then (variant tops) packet tops, then laying the card on
// its packet. After the deal: foundation plays, marriages, the redeal.
func (g *fourCorners) LegalMoves(dst []Move) []Move { return g.gen(dst, false) }

// gen appends the legal moves; with first it stops after one.
func (g *fourCorners) gen(dst []Move, first bool) []Move {
	if g.dealing() {
		p := int(g.pos)
		rule := fcRuleSide
		if fcCorner(p) {
			rule = fcRuleCorner
		}
		for f := 0; f < fcNumFound; f++ {
			if fcDealMayPlay(p, f) && g.fits(f, g.hand) {
				dst = append(dst, Move{Kind: MoveFoundation, From: fcCard, To: uint8(fcFound + f), Card: g.hand, Card2: NoCard, Rule: rule})
				if first {
					return dst
				}
			}
		}
		if g.dealTops {
			for q := 0; q < fcPackets; q++ {
				t := g.packet[q].top()
				if t == NoCard {
					continue
				}
				for f := 0; f < fcNumFound; f++ {
					if fcDealMayPlay(q, f) && g.fits(f, t) {
						dst = append(dst, Move{Kind: MoveFoundation, From: uint8(q), To: uint8(fcFound + f), Card: t, Card2: NoCard, Rule: fcRuleI})
						if first {
							return dst
						}
					}
				}
			}
		}
		return append(dst, Move{Kind: MoveDeal, From: fcCard, To: g.pos, Card: g.hand, Card2: NoCard, Rule: fcRuleDeal})
	}
	if g.Won() {
		return dst
	}
	for q := 0; q < fcPackets; q++ {
		t := g.packet[q].top()
		if t == NoCard {
			continue
		}
		for f := 2 * int(t.Suit()); f < 2*int(t.Suit())+2; f++ {
			if g.fits(f, t) {
				dst = append(dst, Move{Kind: MoveFoundation, From: uint8(q), To: uint8(fcFound + f), Card: t, Card2: NoCard, Rule: fcRuleI})
				if first {
					return dst
				}
			}
		}
	}
	if g.idle < fcIdleMax {
		// marries(c, t) is |key(c) - key(t)| == 1 for the keys of the
		// packet tops: suit*16 + rank (rank alone with any-suit), so a
		// rank step never crosses a suit; an empty packet's key is far
		// from every other.
		var tops [fcPackets]Card
		var key [fcPackets]int
		for q := range tops {
			t := g.packet[q].top()
			tops[q] = t
			switch {
			case !t.Valid():
				key[q] = -64
			case g.anySuit:
				key[q] = int(t.Rank())
			default:
				key[q] = suitKey(t)
			}
		}
		for q, c := range tops {
			if c == NoCard {
				continue
			}
			for r := range tops {
				if d := key[r] - key[q]; r != q && (d == 1 || d == -1) { // g.marries(c, tops[r])
					dst = append(dst, Move{Kind: MoveBuild, From: uint8(q), To: uint8(r), Card: c, Card2: NoCard, Rule: fcRuleMarriage})
					if first {
						return dst
					}
				}
			}
		}
	}
	if g.redeals < fcRedeals {
		dst = append(dst, Move{Kind: MoveRedeal, From: fcPack, To: fcPack, Card: NoCard, Card2: NoCard, Rule: fcRuleRedeal})
	}
	return dst
}

// Check is the legality predicate, rule by rule.
func (g *fourCorners) Check(m Move) error {
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
		if m.Card != g.hand {
			return illegalf(m, "the card about to land is %s", g.hand)
		}
		if to != int(g.pos) {
			return illegalf(m, "the deal has reached %s", fcPileNames[g.pos])
		}
		return nil
	case fcRuleCorner, fcRuleSide:
		if m.Kind != MoveFoundation || from != fcCard || f < 0 || f >= fcNumFound {
			return illegal("four-corners: the move does not fit its rule, which plays the card about to land to a foundation")
		}
		if !g.dealing() || m.Card != g.hand {
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
		if t := g.packet[from].top(); t == NoCard || t != m.Card {
			return illegalf(m, "%s is not the top of %s", m.Card, fcPileNames[from])
		}
		if g.dealing() {
			if !g.dealTops {
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
		if t := g.packet[from].top(); t == NoCard || t != m.Card {
			return illegalf(m, "%s is not the top of %s", m.Card, fcPileNames[from])
		}
		t := g.packet[to].top()
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
		if m.Kind != MoveRedeal || from != fcPack || to != fcPack || m.Card != NoCard {
			return illegal("four-corners: a redeal gathers the packets into the pack")
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
	idle := uint8(0)
	switch m.Rule {
	case fcRuleDeal:
		g.packet[g.pos].push(g.hand)
		g.hand = NoCard
		g.pos = (g.pos + 1) % fcPackets
	case fcRuleCorner, fcRuleSide:
		g.push(int(m.To)-fcFound, g.hand)
		g.hand = NoCard
	case fcRuleI:
		g.push(int(m.To)-fcFound, g.packet[m.From].pop())
	case fcRuleMarriage:
		g.packet[m.To].push(g.packet[m.From].pop())
		idle = g.idle + 1
	case fcRuleRedeal:
		g.gather()
		g.redeals++
		g.pos = 0
	}
	g.idle = idle
	g.turn()
	return nil
}

// gather makes the new pack from the packets L0 … R5 in turn, each in the
// order its cards were dealt (bottom first), or top first when reversed.
func (g *fourCorners) gather() {
	var buf [fcCards]Card
	cs := buf[:0]
	for q := range g.packet {
		cs = g.packet[q].takeUp(cs, g.reversed)
	}
	g.pack.load(cs)
}

func (g *fourCorners) Over() bool {
	var buf [1]Move
	return len(g.gen(buf[:0], true)) == 0
}

func (g *fourCorners) Won() bool { return g.Score() == fcCards }

func (g *fourCorners) Total() int    { return fcCards }
func (g *fourCorners) Redeals() int  { return int(g.redeals) }
func (g *fourCorners) NumPiles() int { return fcPiles }

func (g *fourCorners) PileName(i int) string { return pileName(fcPileNames[:], i) }

func (g *fourCorners) Pile(dst []Card, i int) []Card {
	if i == fcPack {
		return appendHidden(dst, int(g.pack.n))
	}
	return g.FullPile(dst, i)
}

// FullPile returns every card of pile i, bottom first.
func (g *fourCorners) FullPile(dst []Card, i int) []Card {
	switch {
	case i >= 0 && i < fcPackets:
		return append(dst, g.packet[i].c[:g.packet[i].n]...)
	case i >= fcFound && i < fcFound+fcNumFound:
		return append(dst, g.foundation(i-fcFound)...)
	case i == fcPack:
		return append(dst, g.pack.c[:g.pack.n]...)
	case i == fcCard && g.hand != NoCard:
		return append(dst, g.hand)
	}
	return dst
}

// hashVisible mixes the part of the state every view shows into a new
// hasher.
func (g *fourCorners) hashVisible() hasher {
	h := newHasher()
	g.pairFoundations.hash(&h)
	for q := range g.packet {
		h.cards(g.packet[q].c[:g.packet[q].n])
	}
	h.b(byte(g.hand))
	h.b(g.pos)
	h.b(g.redeals)
	return h
}

// Hash covers every pile, the card about to land, the deal position and the
// redeals used (not the cycle-rule counter, so that repetitions show).
func (g *fourCorners) Hash() uint64 { return g.hashVisible().sumCards(g.pack.cards()) }

// ViewHash is Hash with the pack reduced to its size.
func (g *fourCorners) ViewHash() uint64 { return g.hashVisible().sumHidden(int(g.pack.n)) }

func (g *fourCorners) Clone() Game {
	c := *g
	return &c
}

// Determinize rearranges the pack at random (the only hidden cards).
func (g *fourCorners) Determinize(r *Rand) { determinize(g.pack.c[:g.pack.n], r) }

func (g *fourCorners) status() string {
	phase := "play"
	if g.dealing() {
		phase = "deal at " + fcPileNames[g.pos]
	}
	return fmt.Sprintf("score %d/%d  redeals %d/%d  pack %d  %s", g.Score(), fcCards, g.redeals, fcRedeals, g.pack.n, phase)
}

func (g *fourCorners) String() string {
	return renderPiles(fcPiles, g.PileName, g.FullPile, g.status())
}

func (g *fourCorners) View() string {
	return renderPiles(fcPiles, g.PileName, g.Pile, g.status())
}
