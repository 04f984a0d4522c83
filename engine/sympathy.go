package engine

import (
	"fmt"
	"math/bits"
	"slices"
)

// Sympathy (Симпатия; Cadogan 1874, "Sympathie"; Hoffmann 1892, "Sympathy"),
// the two-player game of the catalog.
//
// Piles: A0–A17 the first partner's packets, B0–B17 the second's (17
// packets of three and the one-card Grace, A17 and B17; a packet's cards
// bottom first, only a turned-up top card visible); "pairs1" and "pairs2"
// the pairs set aside by each partner.
//
// The deal is done by NewDeal. Forced moves, made by Apply: after a pair
// the next card of the winning packet is turned (sympathy/follow), and the
// turn passes to the other partner when the partner on turn has no move
// left (sympathy/alternate).

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
	// syMaskA and syMaskB are the packets of each partner as a bit set.
	syMaskA = 1<<syPackets - 1
	syMaskB = syMaskA << syPackets
)

func sympathySpec() *Spec {
	return &Spec{
		ID:       "sympathy",
		Title:    "Sympathy",
		TitlesRU: []string{"Симпатия"},
		Book:     "Cadogan",
		Sources: []string{
			"Cadogan 1874, \"Sympathie\": the corpus text is its Russian translation, complete but for the role of the Grace",
			"Hoffmann 1892, \"Sympathy\" (the same game); no PySolFC equivalent (two players)",
		},
		Decks:    2,
		Players:  2,
		MaxMoves: 200, // at most 104 cards turned and 52 pairs
		Planner:  PlannerDefaults{Samples: 1, Horizon: 20},
		Piles:    sympathyPiles(),
		Rules: []Rule{
			{ID: syRuleDeal, Kind: KindPlay, Status: StatusBook,
				Summary: "Each partner takes a deck and deals it face down into seventeen packets of three cards, and one card more as the \"Grace\".",
				Terms:   []string{"берет по колоде карт", "на пачки по три карты в каждой", "фигурами вниз", "по семнадцати пачек", "одна карта в виде «Грации»"}},
			{ID: syRuleGrace, Kind: KindPlay, Status: StatusConvention,
				Summary: "The Grace is an eighteenth packet of one card, turned and paired like the others.",
				Source:  "engine convention: the text does not explain the Grace; 52 = 17×3 + 1, like the one-card packet of Cadogan's La Belle Lucie",
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
		Search: sympathySearch,
		Start:  startSympathy,
	}
}

// sympathyPiles is the layout of Sympathy.
func sympathyPiles() []PileInfo {
	ps := make([]PileInfo, 0, syPiles)
	for _, side := range []string{"A", "B"} {
		for i := 0; i < syPackets; i++ {
			ps = append(ps, PileInfo{Name: fmt.Sprintf("%s%d", side, i), Kind: PileTableau})
		}
	}
	return append(ps, PileInfo{Name: "pairs1", Kind: PileDiscard}, PileInfo{Name: "pairs2", Kind: PileDiscard})
}

func startSympathy(v *VariantReader) (Dealer, error) {
	c := newCore(v)
	return func(pack []Card) (Game, error) { return newSympathy(c, pack), nil }, nil
}

// The game contract and the optional interfaces SympathyGame implements,
// checked by the compiler.
var (
	_ Game = (*SympathyGame)(nil)
)

// SympathyGame is the state of a game of Sympathy, the two-player game of the
// catalog. The engine plays both partners: the partner on turn (Turn) makes
// every move, and the turn passes by itself when he has none left. Besides
// the Game methods it reports who paired what.
type SympathyGame struct {
	table
	// up has bit k set when the top card of packet k is face up; full when
	// packet k holds a card.
	up, full uint64
	// twins has bit k set when the face-up top of packet k is the twin of
	// the face-up top of another packet: the pairs open, both packets of
	// each pair marked (either partner on turn can pair it). It changes
	// only when a card is turned (turnUp sets both bits of the pair it
	// opens) or paired (Apply clears both), so LegalMoves reads the moves
	// off the masks instead of looking up every packet's twin.
	twins uint64
	turn  uint8
	// pairedBy[face] is 1 or 2 for the partner who set the pair of that face
	// aside, 0 while it is unpaired.
	pairedBy [CardsPerDeck]uint8
	count    [2]uint8
	// packet[c] is the packet card c was dealt to (cards never move
	// between packets).
	packet [packCards]uint8
}

// NewSympathy starts a game of Sympathy from a two-deck pack (index 0 the
// top) and options (Sympathy has none); see the catalog rule sympathy/decks
// for how the pack is split between the partners.
func NewSympathy(pack []Card, opts Options) (*SympathyGame, error) {
	s, err := Lookup("sympathy")
	if err != nil {
		return nil, err
	}
	g, err := s.NewDeal(pack, opts)
	if err != nil {
		return nil, err
	}
	return g.(*SympathyGame), nil
}

func newSympathy(c core, pack []Card) *SympathyGame {
	g := new(SympathyGame)
	g.setUp(c, pack)
	return g
}

// setUp deals pack into g with the setup's core and rules, g's earlier
// state, if any, discarded: a game started anew.
func (g *SympathyGame) setUp(c core, pack []Card) {
	*g = SympathyGame{table: table{core: c}}
	g.lay.reset()
	var dealt [2]uint8
	for _, c := range pack {
		p := 0
		if c >= CardsPerDeck { // c.Deck(), without the division
			p = 1
		}
		k := p*syPackets + int(syDealtTo[dealt[p]])
		g.lay.push(k, c)
		g.packet[c] = uint8(k)
		dealt[p]++
	}
	g.full = syMaskA | syMaskB // 17 packets of three and the Grace each
}

// Redeal starts g again on pack with the same setup (engine.Redealer).
func (g *SympathyGame) Redeal(pack []Card) error {
	g.setUp(g.core, pack)
	return nil
}

// syDealtTo[i] is the packet (of its partner's 18) the i-th card of a deck
// is dealt to: three to a packet, the last one the Grace, packet 17, alone.
var syDealtTo = func() (t [CardsPerDeck]uint8) {
	for i := range t {
		t[i] = uint8(i / syPerPack)
	}
	return t
}()

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
func syTwin(c Card) Card { return syTwins[c] }

// syTwins[c] is (c + 52) mod 104 in Card arithmetic, for every byte value
// (one load instead of a modulo).
var syTwins = func() (t [256]Card) {
	for i := range t {
		t[i] = (Card(i) + CardsPerDeck) % packCards
	}
	return t
}()

// syPartnerOf returns the partner (0 or 1) owning packet pile k.
func syPartnerOf(k int) int { return k / syPackets }

// syMask returns the packets of partner p as a bit set.
func syMask(p int) uint64 { return syMaskA << (p * syPackets) }

// faceUp returns the face-up top card of packet k, or NoCard.
func (g *SympathyGame) faceUp(k int) Card {
	if g.up&(1<<k) == 0 {
		return NoCard
	}
	return g.lay.top(k)
}

// twinPacket returns the packet of the other partner whose face-up top is
// the twin of c, or -1.
func (g *SympathyGame) twinPacket(p int, c Card) int {
	t := syTwin(c)
	k := int(g.packet[t])
	if syPartnerOf(k) == p || g.faceUp(k) != t {
		return -1
	}
	return k
}

// turnUp turns the top card of packet k face up, marking the pair it
// opens with a face-up twin in twins.
func (g *SympathyGame) turnUp(k int) {
	g.up |= 1 << k
	if j := g.twinPacket(syPartnerOf(k), g.lay.top(k)); j >= 0 {
		g.twins |= 1<<k | 1<<j
	}
}

// syTurnMoves[k] is the move turning the top card of packet k: a table, so
// that listing the (up to 18) turns of a partner copies a ready move each.
// It has 64 entries so that an index taken from a 64-bit mask needs no
// bounds check; those past the packets are never listed.
var syTurnMoves = func() (t [64]Move) {
	for k := range 2 * syPackets {
		t[k] = Move{Kind: MoveDraw, From: uint8(k), To: uint8(k), Card: NoCard, Card2: NoCard, Rule: syRuleTurn}
	}
	return t
}()

// movesOf appends the moves of partner p, packet by packet in pile order
// (the order the random player indexes): a packet whose top is face down
// gives its turn, one whose face-up top is in an open pair (twins) its
// pair. The moves are read off the masks: their number is known first, so
// the slice grows once and each move is stored in place.
func (g *SympathyGame) movesOf(dst []Move, p int) []Move {
	mask := syMask(p)
	down := g.full &^ g.up & mask
	left := down | g.twins&mask
	n := len(dst)
	dst = slices.Grow(dst, bits.OnesCount64(left))[:n+bits.OnesCount64(left)]
	out := dst[n:]
	for i := range out { // one move per bit of left
		k := bits.TrailingZeros64(left) & 63
		left &= left - 1
		if down&(1<<k) != 0 {
			out[i] = syTurnMoves[k]
			continue
		}
		c := g.lay.top(k)
		t := syTwin(c)
		// Field by field (see sulSetPlay: a literal would be copied
		// through the stack).
		e := &out[i]
		e.Kind, e.From, e.To, e.Card, e.Card2, e.Rule = MovePair, uint8(k), g.packet[t], c, t, syRulePair
	}
	return dst
}

// LegalMoves appends the moves of the partner on turn: turning the top card
// of one of his packets (sympathy/turn) and pairing a turned card of his with
// its turned twin of the other partner (sympathy/pair).
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
		if g.lay.empty(from) || g.up&(1<<from) != 0 {
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
	p := int(g.turn)
	from := int(m.From)
	// A turn, most of the moves, is checked here with exactly Check's
	// conditions for it (a packet of the partner on turn, in full, its
	// top face down: full marks exactly the packets holding cards); any
	// other move, or a turn that fails them, goes through Check (for its
	// error).
	if m.Kind == MoveDraw && int(m.To) == from && m.Card == NoCard && m.Card2 == NoCard && m.Rule == syRuleTurn &&
		(g.full&^g.up&syMask(p))>>from&1 != 0 {
		g.turnUp(from)
		g.alternate(p)
		return nil
	}
	if err := g.Check(m); err != nil {
		return err
	}
	g.ApplyListed(&m)
	return nil
}

// ApplyListed performs m, which LegalMoves listed for the current state,
// without checking it again (engine.ListedApplier).
func (g *SympathyGame) ApplyListed(m *Move) {
	p := int(g.turn)
	from := int(m.From)
	switch m.Kind {
	case MoveDraw:
		g.turnUp(from)
	case MovePair:
		to := int(m.To)
		g.lay.move(to, syPairsA+p)
		g.lay.move(from, syPairsA+p)
		g.twins &^= 1<<to | 1<<from
		g.up &^= 1<<to | 1<<from
		if g.lay.empty(to) {
			g.full &^= 1 << to
		}
		g.pairedBy[m.Card.Face()] = uint8(p + 1)
		g.count[p]++
		// sympathy/follow: the next card of the winning packet is tried.
		if g.lay.empty(from) {
			g.full &^= 1 << from
		} else {
			g.turnUp(from)
		}
	}
	g.alternate(p)
}

// alternate passes the turn from partner p to the other when p has nothing
// left and the other has a move (sympathy/alternate).
func (g *SympathyGame) alternate(p int) {
	if !g.hasMove(p) && g.hasMove(1-p) {
		g.turn = uint8(1 - p)
	}
}

// hasMove reports whether partner p has a move: a face-down top to turn,
// or a pair of face-up twins (one of them is his).
func (g *SympathyGame) hasMove(p int) bool {
	return g.twins != 0 || g.full&^g.up&syMask(p) != 0
}

// Ending: won when every pair is set aside, stuck when neither partner has
// a move left.
func (g *SympathyGame) Ending() Ending {
	return ending(g.Won(), false, g.hasMove(int(g.turn)))
}

// Won reports whether Sympathy is established: all 52 pairs set aside.
func (g *SympathyGame) Won() bool { return g.Score() == packCards }

// Score returns the number of cards set aside in pairs.
func (g *SympathyGame) Score() int { return 2 * (int(g.count[0]) + int(g.count[1])) }

// Total returns 104.
func (g *SympathyGame) Total() int { return packCards }

// Redeals returns 0: there is no re-deal.
func (g *SympathyGame) Redeals() int { return 0 }

// Pile appends pile i; in a packet only a turned-up top card is visible.
func (g *SympathyGame) Pile(dst []Card, i int) []Card {
	if i < 0 || i >= syPiles {
		return dst
	}
	if i >= syPairsA {
		return g.lay.appendPile(dst, i)
	}
	dst = appendHidden(dst, g.lay.size(i))
	if g.up&(1<<i) != 0 {
		dst[len(dst)-1] = g.lay.top(i)
	}
	return dst
}

// FullPile returns every card of pile i, bottom first.
func (g *SympathyGame) FullPile(dst []Card, i int) []Card {
	if i < 0 || i >= syPiles {
		return dst
	}
	return g.lay.appendPile(dst, i)
}

// hashPaired mixes who set each pair aside into h, 32 faces to a word.
func (g *SympathyGame) hashPaired(h *wordHash) {
	for i := 0; i < CardsPerDeck; i += 32 {
		var w uint64
		for _, p := range g.pairedBy[i:min(i+32, CardsPerDeck)] {
			w = w<<2 | uint64(p)
		}
		h.word(w)
	}
}

// Hash hashes the full state: the packets, face-down cards included, the
// face-up flags, the turn, and who set each pair aside (not the order in
// which the pairs were set aside).
func (g *SympathyGame) Hash() uint64 {
	h := newWordHash(0x5E)
	h.word(g.up<<1 | uint64(g.turn))
	g.lay.hashPilesWords(&h, 2*syPackets, -1)
	g.hashPaired(&h)
	return h.sum()
}

// ViewHash hashes the visible layout: the face-up tops, the sizes of the
// piles, the last pair each partner set aside and who set each pair aside.
func (g *SympathyGame) ViewHash() uint64 {
	h := newWordHash(0x5E1)
	h.word(g.up<<1 | uint64(g.turn))
	var w uint64
	for k := 0; k < syPiles; k++ {
		top := g.lay.top(k)
		if k < syPairsA && g.up&(1<<k) == 0 {
			top = NoCard
		}
		w = w<<16 | uint64(top)<<8 | uint64(g.lay.size(k))
		if k%4 == 3 {
			h.word(w)
			w = 0
		}
	}
	h.word(w)
	g.hashPaired(&h)
	return h.sum()
}

// Clone returns an independent copy.
func (g *SympathyGame) Clone() Game {
	c := *g
	return &c
}

// CopyFrom makes g a copy of src when src is a Sympathy game.
func (g *SympathyGame) CopyFrom(src Game) bool { return copyState(g, src) }

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
			if g.up&(1<<k) != 0 {
				keep[j] = g.lay.pop(k)
			}
			counts[j] = uint8(g.lay.size(k))
			for !g.lay.empty(k) {
				hidden[n] = g.lay.pop(k)
				n++
			}
		}
		cs := hidden[:n]
		determinize(cs, r)
		i := 0
		for j := 0; j < syPackets; j++ {
			k := p*syPackets + j
			for c := uint8(0); c < counts[j]; c++ {
				g.lay.push(k, cs[i])
				g.packet[cs[i]] = uint8(k)
				i++
			}
			if keep[j] != NoCard {
				g.lay.push(k, keep[j])
			}
		}
	}
	g.findTwins()
}

// findTwins recomputes twins from the layout.
func (g *SympathyGame) findTwins() {
	g.twins = 0
	for k := 0; k < syPackets; k++ {
		if c := g.faceUp(k); c != NoCard {
			if j := g.twinPacket(0, c); j >= 0 {
				g.twins |= 1<<k | 1<<j
			}
		}
	}
}

func (g *SympathyGame) status() string {
	p := g.PairedBy()
	return fmt.Sprintf("partner %d on turn; pairs set aside: %d by partner 1, %d by partner 2", g.Turn(), p[0], p[1])
}

// String renders the full layout, face-down cards included.
func (g *SympathyGame) String() string { return renderGame(g, g.FullPile, g.status()) }

// View renders what the partners see.
func (g *SympathyGame) View() string { return renderGame(g, g.Pile, g.status()) }

// sympathySearch explains the search hooks of Sympathy.
const sympathySearch = `Sympathy is decided by its structure, not by search. Every card has exactly one twin, in the other partner's deck; a card can be paired only with its twin, once both lie turned up on top of their packets; and setting a pair aside only uncovers cards, never covers or removes anything another pair needs. So the play is confluent: whatever the order of turns and pairs, it ends when every packet's top is turned and no two tops are twins, and the cards paired by then are the same (the least fixed point of "a card is paired when it and its twin are uncovered"; a card is uncovered when every card above it in its packet is paired).

Safe moves: every move, so SafeMove names the first legal move whenever there is one and the search plays a single line (at most 104 turns and 52 pairs, each making progress).

Dead ends: DeadEnd computes that fixed point directly (pair uncovered twins until none are left) and reports a position from which some card can never be paired, such as a card covering its twin's cover in the other partner's packet. It is exact: a lost deal is proved lost at its first node.

Symmetry: the packets of one partner play by the same rules (the Grace is a packet of one), so the key takes each partner's packets as a sorted list of (cards, size, top turned); the two decks are not interchangeable, as each belongs to its partner. The key covers the packets, the face-up flags and the partner on turn; who set which pair aside does not decide the future.`

// SearchKey returns the canonical key described in sympathySearch.
func (g *SympathyGame) SearchKey() Key {
	k := newKeyHash(0x5359) // "SY"
	k.word(uint64(g.turn))
	for p := 0; p < 2; p++ {
		var w [syPackets]uint64
		for j := range w {
			pk := p*syPackets + j
			x := uint64(g.lay.size(pk))
			if g.up&(1<<pk) != 0 {
				x |= 4
			}
			for c := g.lay.top(pk); c != NoCard; c = g.lay.below[c] {
				x = x<<8 | uint64(c)
			}
			w[j] = x
		}
		sortWords(w[:])
		for _, x := range w {
			k.word(x)
		}
	}
	return k.sum()
}

// SafeMove returns 0 whenever a move is legal: the play is confluent.
func (g *SympathyGame) SafeMove(legal []Move) int {
	if len(legal) == 0 {
		return -1
	}
	return 0
}

// DeadEnd reports whether the fixed point of the play leaves a card
// unpaired (see sympathySearch).
func (g *SympathyGame) DeadEnd() bool {
	var exposed [2 * syPackets]Card
	for k := range exposed {
		exposed[k] = g.lay.top(k)
	}
	for changed := true; changed; {
		changed = false
		for k := 0; k < syPackets; k++ {
			c := exposed[k]
			if c == NoCard {
				continue
			}
			t := syTwin(c)
			if j := int(g.packet[t]); exposed[j] == t {
				exposed[k], exposed[j] = g.lay.below[c], g.lay.below[t]
				changed = true
			}
		}
	}
	for _, c := range exposed {
		if c != NoCard {
			return true
		}
	}
	return false
}

// PileTop returns the visible top card of pile i: a packet shows its top
// only when it is turned up (see PileReader).
func (g *SympathyGame) PileTop(i int) Card {
	switch {
	case i < 0 || i >= syPiles:
		return NoCard
	case i >= syPairsA:
		return g.lay.top(i)
	}
	return g.faceUp(i)
}

// VisibleCards adds the pairs set aside and the turned-up tops of the
// packets to set (see PileReader).
func (g *SympathyGame) VisibleCards(set *[4]uint64) {
	g.lay.markPiles(set, syPiles, 1<<syPairsA-1)
	for k := 0; k < syPairsA; k++ {
		if c := g.faceUp(k); c != NoCard {
			set[c>>6] |= 1 << (c & 63)
		}
	}
}
