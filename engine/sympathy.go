package engine

import "fmt"

// Rule IDs of Sympathy.
const (
	syRuleDeal      RuleID = "sympathy/deal"
	syRuleGrace     RuleID = "sympathy/grace"
	syRuleDecks     RuleID = "sympathy/decks"
	syRuleTurn      RuleID = "sympathy/turn"
	syRulePair      RuleID = "sympathy/pair"
	syRuleFollow    RuleID = "sympathy/follow"
	syRuleAlternate RuleID = "sympathy/alternate"
	syRuleWin       RuleID = "sympathy/win"
)

// Reasons Check gives for rejecting a move (immutable; see ruleIllegal).
var (
	syErrNotOnTurn       = ruleIllegal(syRuleAlternate, "the partner on turn plays only from his own packets")
	syErrTurnShape       = ruleIllegal(syRuleTurn, "turning shows the top card of a packet in place")
	syErrNothingToTurn   = ruleIllegal(syRuleTurn, "the packet has no face-down top card")
	syErrPairRuleID      = ruleIllegal(syRulePair, "a move of this kind carries this rule's ID")
	syErrPairSamePartner = ruleIllegal(syRulePair, "a card pairs with a card of the other partner")
	syErrPairNotTurned   = ruleIllegal(syRulePair, "both cards must be turned-up tops of their packets")
	syErrNotTwins        = ruleIllegal(syRulePair, "the cards must match in suit and rank")
	syErrNoSuchMove      = ruleIllegal("", "no such move in Sympathy")
)

// Pile layout of Sympathy: each partner has 17 packets of three and the
// one-card Grace (packet 17); then the two heaps of pairs set aside.
const (
	syPackets = 18
	syA0      = 0             // A0…A17: the first partner's packets
	syB0      = syPackets     // B0…B17: the second partner's packets
	syPairsA  = 2 * syPackets // pairs set aside by the first partner
	syPairsB  = syPairsA + 1  // pairs set aside by the second partner
	syPiles   = syPairsB + 1
	syPerPack = 3
)

func sympathySpec() *Spec {
	s := &Spec{
		ID:       "sympathy",
		Title:    "Sympathy",
		TitlesRU: []string{"Симпатия"},
		Book:     "Cadogan",
		Decks:    2,
		Players:  2,
		MaxMoves: 200, // at most 104 cards turned and 52 pairs
		Rules: []Rule{
			{ID: syRuleDeal, Kind: KindPlay, Status: StatusBook,
				Summary: "Each partner takes a deck and deals it face down into seventeen packets of three cards, and one card more as the \"Grace\".",
				Terms:   []string{"берет по колоде карт", "на пачки по три карты в каждой", "фигурами вниз", "по семнадцати пачек", "одна карта в виде «Грации»"}},
			{ID: syRuleGrace, Kind: KindPlay, Status: StatusConvention,
				Summary: "The Grace is an eighteenth packet of one card, turned and paired like the others.",
				Source:  "GAMES.md §9, §14.8 (the text does not explain the Grace; cf. the one-card packet of La Belle Lucie)",
				Terms:   []string{"в виде «Грации»"}},
			{ID: syRuleDecks, Kind: KindPlay, Status: StatusConvention,
				Summary: "From a shuffled two-deck pack the first partner's deck is the cards of deck 0 and the second partner's the cards of deck 1, each in pack order, dealt packet by packet, the first card of a packet at its bottom.",
				Source:  "engine convention: how a 104-card deal gives each partner a full shuffled deck"},
			{ID: syRuleTurn, Kind: KindPlay, Status: StatusBook,
				Summary: "The partner on turn turns up the top cards of his packets one after another, in any order. The book lets the first partner turn his at once or gradually during play; the engine has him turn them all in his first turn, which cannot change the outcome (the play is confluent).",
				Terms:   []string{"переворачивает кверху самую верхнюю карту каждой из своих пачек", "переворачивать одну за другою верхние карты"}},
			{ID: syRulePair, Kind: KindPlay, Status: StatusBook,
				Summary: "A turned card that matches a face-up card of the other partner in suit and rank (its syTwin of the other deck) is paired with it, and the pair is set aside by the partner who won it.",
				Terms:   []string{"соответствует по своей масти и достоинству", "спарованные таким образом карты", "откладывает в сторону тот, кто выиграл"}},
			{ID: syRuleFollow, Kind: KindPlay, Status: StatusBook,
				Summary: "After a pair, the next card of the packet the winning card came from is tried at once (the engine turns it).",
				Terms:   []string{"спаривают следующую карту из пачки, откуда вышла выигравшая карта"}},
			{ID: syRuleAlternate, Kind: KindPlay, Status: StatusBook,
				Summary: "When every top card of his packets is turned and nothing pairs, the turn passes to the other partner; both play so alternately to the end (the engine passes the turn).",
				Terms:   []string{"пока не будет открыта верхняя карта каждой пачки", "так играют оба попеременно до самого конца"}},
			{ID: syRuleWin, Kind: KindPlay, Status: StatusBook,
				Summary: "If a turned card is left on the table at the end, the patience has failed and Sympathy is not established between the partners; it succeeds when all 52 pairs are set aside.",
				Terms:   []string{"если на столе остается перевороченная карта", "пасьянс не удался", "«Симпатия» не установилась между партнерами"}},
		},
	}
	s.Start = legacyStart(func(pack []Card, opts Options) (Game, error) {
		o, err := s.ResolveOptions(opts)
		if err != nil {
			return nil, err
		}
		return NewSympathy(pack, o)
	})
	return s
}

// SympathyGame is the state of a game of Sympathy, the two-player game of the
// catalog. The engine plays both partners: the partner on turn (Turn) makes
// every move, and the turn passes by itself when he has none left. Besides
// the Game methods it reports who paired what.
type SympathyGame struct {
	below lsBelow
	piles [syPiles]lstack
	up    [2 * syPackets]bool // the top card of the packet is face up
	turn  uint8
	// pairedBy[face] is 1 or 2 for the partner who set the pair of that face
	// aside, 0 while it is unpaired.
	pairedBy [CardsPerDeck]uint8
	count    [2]uint8
	// packet[c] is the packet card c was dealt to (cards never move
	// between packets).
	packet [lsCards]uint8
	opts   Options
}

// NewSympathy starts a game of Sympathy from a two-deck pack (index 0 the
// top) and resolved options; see the catalog rule sympathy/decks for how the
// pack is split between the partners.
func NewSympathy(pack []Card, opts Options) (*SympathyGame, error) {
	if err := verifyPack("sympathy", pack, 2); err != nil {
		return nil, err
	}
	g := &SympathyGame{opts: opts}
	for i := range g.piles {
		g.piles[i] = lsNew()
	}
	for i := range g.below {
		g.below[i] = NoCard
	}
	var dealt [2]int
	for _, c := range pack {
		p := c.Deck()
		k := dealt[p] / syPerPack // the Grace is packet 17, alone
		g.piles[p*syPackets+k].push(&g.below, c)
		g.packet[c] = uint8(p*syPackets + k)
		dealt[p]++
	}
	return g, nil
}

// Turn returns the partner on turn: 1 or 2.
func (g *SympathyGame) Turn() int { return int(g.turn) + 1 }

// PairedBy returns how many pairs each partner has set aside: [0] the first
// partner's, [1] the second's.
func (g *SympathyGame) PairedBy() [2]int { return [2]int{int(g.count[0]), int(g.count[1])} }

// PairedCard returns the partner (1 or 2) who set aside the pair of c's
// face (both copies), or 0 if it is not paired.
func (g *SympathyGame) PairedCard(c Card) int {
	if !c.Valid() {
		return 0
	}
	return int(g.pairedBy[c.Face()])
}

// syTwin returns the card of the other deck with the same suit and rank.
func syTwin(c Card) Card { return (c + CardsPerDeck) % lsCards }

// syPartnerOf returns the partner (0 or 1) owning packet pile k.
func syPartnerOf(k int) int { return k / syPackets }

// faceUp returns the face-up top card of packet k, or NoCard.
func (g *SympathyGame) faceUp(k int) Card {
	if !g.up[k] {
		return NoCard
	}
	return g.piles[k].top
}

// twinPacket returns the packet of the other partner whose face-up top is
// the syTwin of c, or -1.
func (g *SympathyGame) twinPacket(p int, c Card) int {
	t := syTwin(c)
	k := int(g.packet[t])
	if syPartnerOf(k) == p || g.faceUp(k) != t {
		return -1
	}
	return k
}

// ID returns "sympathy".
func (g *SympathyGame) ID() string { return "sympathy" }

// Options returns the resolved options (Sympathy has no variants).
func (g *SympathyGame) Options() Options { return copyOptions(g.opts) }

// movesOf appends the moves of partner p.
func (g *SympathyGame) movesOf(dst []Move, p int) []Move {
	base := p * syPackets
	for k := base; k < base+syPackets; k++ {
		if g.piles[k].n == 0 {
			continue
		}
		if !g.up[k] {
			dst = append(dst, Move{Kind: MoveDraw, From: uint8(k), To: uint8(k), Card: NoCard, Card2: NoCard, Rule: syRuleTurn})
			continue
		}
		c := g.piles[k].top
		if j := g.twinPacket(p, c); j >= 0 {
			dst = append(dst, Move{Kind: MovePair, From: uint8(k), To: uint8(j), Card: c, Card2: syTwin(c), Rule: syRulePair})
		}
	}
	return dst
}

// LegalMoves appends the moves of the partner on turn: turning the top card
// of one of his packets (sympathy/turn) and pairing a turned card of his with
// its turned syTwin of the other partner (sympathy/pair).
func (g *SympathyGame) LegalMoves(dst []Move) []Move { return g.movesOf(dst, int(g.turn)) }

// Check reports whether m is legal for the partner on turn.
func (g *SympathyGame) Check(m Move) error {
	p := int(g.turn)
	from, to := int(m.From), int(m.To)
	if from >= 2*syPackets || syPartnerOf(from) != p {
		return syErrNotOnTurn
	}
	switch m.Kind {
	case MoveDraw:
		if m.Rule != syRuleTurn || to != from || m.Card != NoCard || m.Card2 != NoCard {
			return syErrTurnShape
		}
		if g.piles[from].n == 0 || g.up[from] {
			return syErrNothingToTurn
		}
		return nil
	case MovePair:
		if m.Rule != syRulePair {
			return syErrPairRuleID
		}
		if to >= 2*syPackets || syPartnerOf(to) == p {
			return syErrPairSamePartner
		}
		if m.Card == NoCard || g.faceUp(from) != m.Card || g.faceUp(to) != m.Card2 {
			return syErrPairNotTurned
		}
		if m.Card2 != syTwin(m.Card) {
			return syErrNotTwins
		}
		return nil
	}
	return syErrNoSuchMove
}

// Apply checks and makes m, then turns the next card of a winning packet
// (sympathy/follow) and passes the turn when the partner has no move left
// (sympathy/alternate).
func (g *SympathyGame) Apply(m Move) error {
	if err := g.Check(m); err != nil {
		return err
	}
	p := int(g.turn)
	from := int(m.From)
	switch m.Kind {
	case MoveDraw:
		g.up[from] = true
	case MovePair:
		to := int(m.To)
		g.piles[syPairsA+p].push(&g.below, g.piles[to].pop(&g.below))
		g.piles[syPairsA+p].push(&g.below, g.piles[from].pop(&g.below))
		g.up[to] = false
		g.pairedBy[m.Card.Face()] = uint8(p + 1)
		g.count[p]++
		// sympathy/follow: the next card of the winning packet is tried.
		g.up[from] = g.piles[from].n > 0
	}
	// sympathy/alternate: the turn passes when the partner has nothing left.
	if !g.hasMove(p) && g.hasMove(1-p) {
		g.turn = uint8(1 - p)
	}
	return nil
}

// hasMove reports whether partner p has a move.
func (g *SympathyGame) hasMove(p int) bool {
	base := p * syPackets
	for k := base; k < base+syPackets; k++ {
		if g.piles[k].n == 0 {
			continue
		}
		if !g.up[k] || g.twinPacket(p, g.piles[k].top) >= 0 {
			return true
		}
	}
	return false
}

// Over reports whether neither partner has a move left.
func (g *SympathyGame) Over() bool { return !g.hasMove(int(g.turn)) }

// Won reports whether Sympathy is established: all 52 pairs set aside.
func (g *SympathyGame) Won() bool { return g.Score() == lsCards }

// Score returns the number of cards set aside in pairs.
func (g *SympathyGame) Score() int { return 2 * (int(g.count[0]) + int(g.count[1])) }

// Total returns 104.
func (g *SympathyGame) Total() int { return lsCards }

// Redeals returns 0: there is no re-deal.
func (g *SympathyGame) Redeals() int { return 0 }

// NumPiles returns 38: 18 packets per partner and the two heaps of pairs.
func (g *SympathyGame) NumPiles() int { return syPiles }

// PileName names the first partner's packets A0…A17 (A17 the Grace), the
// second's B0…B17, and the pairs set aside by each "pairs1", "pairs2".
func (g *SympathyGame) PileName(i int) string {
	switch {
	case i >= syA0 && i < syA0+syPackets:
		return fmt.Sprintf("A%d", i-syA0)
	case i >= syB0 && i < syB0+syPackets:
		return fmt.Sprintf("B%d", i-syB0)
	case i == syPairsA:
		return "pairs1"
	case i == syPairsB:
		return "pairs2"
	}
	return fmt.Sprintf("pile%d", i)
}

// Pile appends pile i; in a packet only a turned-up top card is visible.
func (g *SympathyGame) Pile(dst []Card, i int) []Card {
	if i < 0 || i >= syPiles {
		return dst
	}
	if i >= syPairsA {
		return lsAppend(dst, &g.below, g.piles[i], false)
	}
	dst = lsAppend(dst, &g.below, g.piles[i], true)
	if g.up[i] {
		dst[len(dst)-1] = g.piles[i].top
	}
	return dst
}

// FullPile returns every card of pile i, bottom first. every card of pile i, bottom first.
func (g *SympathyGame) FullPile(dst []Card, i int) []Card {
	return lsAppend(dst, &g.below, g.piles[i], false)
}

func (g *SympathyGame) flags() uint64 {
	var h uint64 = uint64(g.turn)
	for k, u := range g.up {
		if u {
			h |= 1 << (k + 1)
		}
	}
	return h
}

// Hash hashes the full state, face-down cards included.
func (g *SympathyGame) Hash() uint64 {
	h := lsHash(g.flags(), &g.below, g.piles[:])
	for _, p := range g.pairedBy {
		h = lsHashWord(h, uint64(p))
	}
	return h
}

// ViewHash hashes the visible layout: the face-up tops, the sizes of the
// packets and the pairs set aside (with who set them aside).
func (g *SympathyGame) ViewHash() uint64 {
	h := g.flags() | 1<<40
	for k := 0; k < syPiles; k++ {
		top := g.piles[k].top
		if k < syPairsA && !g.up[k] {
			top = NoCard
		}
		h = lsHashWord(h, uint64(top)<<8|uint64(g.piles[k].n))
	}
	for _, p := range g.pairedBy {
		h = lsHashWord(h, uint64(p))
	}
	return h
}

// Clone returns an independent copy.
func (g *SympathyGame) Clone() Game {
	c := *g
	return &c
}

// Determinize deals each partner's face-down cards at random among that
// partner's face-down slots (each partner's deck stays his own).
func (g *SympathyGame) Determinize(r *Rand) {
	for p := 0; p < 2; p++ {
		var hidden [CardsPerDeck]Card
		var keep [syPackets]Card
		var counts [syPackets]uint8
		n := 0
		for j := 0; j < syPackets; j++ {
			k := p*syPackets + j
			keep[j] = NoCard
			if g.up[k] && g.piles[k].n > 0 {
				keep[j] = g.piles[k].pop(&g.below)
			}
			counts[j] = g.piles[k].n
			for g.piles[k].n > 0 {
				hidden[n] = g.piles[k].pop(&g.below)
				n++
			}
		}
		cs := hidden[:n]
		determinize(cs, r)
		i := 0
		for j := 0; j < syPackets; j++ {
			k := p*syPackets + j
			for c := uint8(0); c < counts[j]; c++ {
				g.piles[k].push(&g.below, cs[i])
				g.packet[cs[i]] = uint8(k)
				i++
			}
			if keep[j] != NoCard {
				g.piles[k].push(&g.below, keep[j])
			}
		}
	}
}

func (g *SympathyGame) status() string {
	p := g.PairedBy()
	return fmt.Sprintf("partner %d on turn; pairs set aside: %d by partner 1, %d by partner 2", g.Turn(), p[0], p[1])
}

// String renders the full layout, face-down cards included.
func (g *SympathyGame) String() string {
	return renderPiles(syPiles, g.PileName, g.FullPile, g.status())
}

// View renders what the partners see.
func (g *SympathyGame) View() string {
	return renderPiles(syPiles, g.PileName, g.Pile, g.status())
}
