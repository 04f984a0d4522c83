package engine

import (
	"fmt"
	"math/bits"
)

// The Zodiac (Зодиак; Cadogan 1874, "The Zodiac"; PySolFC game 467).
//
// Piles: E0–E7 the Equator, eight cells of one card; Z0–Z23 the Zodiac,
// twenty-four piles on which marriages are made (a pile's cards bottom
// first, the available card last); F0–F3 the ace foundations ♣ ♦ ♥ ♠
// built up to the kings, F4–F7 the king foundations ♣ ♦ ♥ ♠ built down to
// the aces; "stock" the face-down pack; "talon" its face-up waste.
//
// Phase one places every card: marriages on the Zodiac and Equator fills
// from the talon (or the pack when there is no talon), re-dealing the
// talon as often as a pass placed a card (zodiac/stall). Phase two, once
// the pack and talon are out, builds the foundations from the Zodiac tops
// and the Equator. No forced moves.

// Rule IDs of the Zodiac.
const (
	zoRuleI      RuleID = "zodiac/I"
	zoRuleII     RuleID = "zodiac/II"
	zoRuleDeal   RuleID = "zodiac/deal"
	zoRuleFill   RuleID = "zodiac/fill"
	zoRuleDraw   RuleID = "zodiac/draw"
	zoRuleRedeal RuleID = "zodiac/redeal"
	zoRuleStall  RuleID = "zodiac/stall"
	zoRulePhase2 RuleID = "zodiac/phase2"
	zoRuleWin    RuleID = "zodiac/win"
	zoRuleS1     RuleID = "zodiac/S1"
	zoRuleS2     RuleID = "zodiac/S2"
)

// Reasons Check gives for rejecting a move (immutable; see ruleIllegal).
var (
	zoErrSecondCard         = ruleIllegal("", "second card given for a single-card move")
	zoErrMarriageRuleID     = ruleIllegal(zoRuleI, "a move of this kind carries this rule's ID")
	zoErrEquatorMarriageOff = ruleIllegal(zoRuleI, "no marriages between Zodiac and Equator cards (variant equator-marriages=off)")
	zoErrMarriageSource     = ruleIllegal(zoRuleI, "marriages are made only with talon, pack or Equator cards, never among Zodiac cards")
	zoErrMarriagePhase2     = ruleIllegal(zoRulePhase2, "no marriages once the foundations are being built")
	zoErrMarriageTarget     = ruleIllegal(zoRuleI, "marriages are made only on the Zodiac")
	zoErrNotAvailable       = ruleIllegal(zoRuleDraw, "the card is not the available card of its pile")
	zoErrNotMarriage        = ruleIllegal(zoRuleI, "a marriage is the same suit, one rank up or down")
	zoErrFillRuleID         = ruleIllegal(zoRuleFill, "a move of this kind carries this rule's ID")
	zoErrFillPhase2         = ruleIllegal(zoRulePhase2, "every card is placed")
	zoErrNotVacancy         = ruleIllegal(zoRuleFill, "the target is not an Equator vacancy")
	zoErrNotTalonTop        = ruleIllegal(zoRuleFill, "the card is not the talon top")
	zoErrPackFillWithTalon  = ruleIllegal(zoRuleFill, "the pack fills a vacancy only when there is no talon")
	zoErrPackFillShows      = ruleIllegal(zoRuleFill, "a fill from the pack does not show its card")
	zoErrFillSource         = ruleIllegal(zoRuleFill, "Equator vacancies are filled from the talon or the pack only")
	zoErrDrawShape          = ruleIllegal(zoRuleDraw, "a draw turns the pack's top card to the talon")
	zoErrPackEmpty          = ruleIllegal(zoRuleDraw, "the pack is empty")
	zoErrRedealShape        = ruleIllegal(zoRuleRedeal, "a re-deal turns the talon over into the pack")
	zoErrPackNotOut         = ruleIllegal(zoRuleRedeal, "the talon is re-dealt only when the pack is out")
	zoErrStall              = ruleIllegal(zoRuleStall, "the last pass placed no card: the game has failed")
	zoErrFoundationRuleID   = ruleIllegal(zoRuleII, "a move of this kind carries this rule's ID")
	zoErrFoundationPhase1   = ruleIllegal(zoRulePhase2, "no foundation is laid until every card is placed")
	zoErrFoundationSource   = ruleIllegal(zoRulePhase2, "foundations are built from the Zodiac and the Equator")
	zoErrFoundationNotTop   = ruleIllegal(zoRulePhase2, "the card is not the available card of its pile")
	zoErrFoundationRefuses  = ruleIllegal(zoRuleII, "the foundation does not take this card (suit, next rank)")
	zoErrNoSuchMove         = ruleIllegal("", "no such move in the Zodiac")
)

// Pile layout of the Zodiac.
const (
	zoE0    = 0         // E0…E7: the Equator, one card each
	zoZ0    = 8         // Z0…Z23: the Zodiac
	zoZN    = 24        // Zodiac piles
	zoFA    = zoZ0 + 24 // F0–F3: the ace foundations ♣ ♦ ♥ ♠, up to the king
	zoFK    = zoFA + 4  // F4–F7: the king foundations ♣ ♦ ♥ ♠, down to the ace
	zoStock = zoFK + 4
	zoTalon = zoStock + 1
	zoPiles = zoTalon + 1
)

func zodiacSpec() *Spec {
	return &Spec{
		ID:       "zodiac",
		Title:    "The Zodiac",
		TitlesRU: []string{"Зодиак"},
		Book:     "Cadogan",
		Sources: []string{
			"Cadogan 1874, \"The Zodiac\": the corpus text is its Russian translation, complete; the English settles the garbled Rule I",
			"PySolFC game 467 (Zodiac): unlimited re-deals, foundations only once the pack and talon are out, Equator marriages in phase two (variant phase2-marriages=equator)",
		},
		Decks:   2,
		Players: 1,
		// Each re-deal needs a card placed since the last one (zodiac/stall);
		// at most 2×72+8 placements are possible, so at most 153 passes of at
		// most 72 draws, plus the placements and 104 foundation plays.
		MaxMoves: 12000,
		Piles:    zodiacPiles(),
		Rules: []Rule{
			{ID: zoRuleI, Kind: KindNumbered, Number: "I", Status: StatusBook,
				Summary: "Marriages (same suit, one rank up or down; both directions in one packet) are made on the Zodiac with cards of the talon, the pack or the Equator, never among Zodiac cards, among Equator cards, nor from the Zodiac to the Equator.",
				Source:  "the Russian wording is garbled; Cadogan 1874 (English): marriages from the Equator to the Zodiac \"but not vice versâ\"",
				Terms:   []string{"марьяж можно делать в зодиаке", "из карт, находящихся в талоне или в колоде", "нельзя делать марьяж между картами зодиака и картами экватора", "в восходящем и нисходящем порядке", "в одной и той же пачке"}},
			{ID: zoRuleII, Kind: KindNumbered, Number: "II", Status: StatusBook,
				Summary: "The foundations follow suit.",
				Terms:   []string{"на основания следуют масти"}},
			{ID: zoRuleDeal, Kind: KindPlay, Status: StatusBook,
				Summary: "A row of eight cards, the Equator, is dealt, then a circle of twenty-four cards round it, the Zodiac; the rest is the pack.",
				Terms:   []string{"продольный ряд из восьми карт", "называемый экватором", "круг из двадцати четырех карт", "называемый зодиаком"}},
			{ID: zoRuleFill, Kind: KindPlay, Status: StatusBook,
				Summary: "An Equator vacancy may be filled from the talon, or from the pack when there is no talon; neither marrying nor filling is obligatory.",
				Terms:   []string{"пополнять пустые места из талона", "если нет талона, то из колоды", "нет надобности делать ни того, ни другого"}},
			{ID: zoRuleDraw, Kind: KindPlay, Status: StatusBook,
				Summary: "The pack is turned one card at a time; cards not used for a marriage or an Equator vacancy form the talon, whose top card is available.",
				Terms:   []string{"карты продолжают выкладывать в обыкновенном порядке", "ненужные для марьяжа или для пополнения пустых мест, составляют талон"}},
			{ID: zoRuleRedeal, Kind: KindPlay, Status: StatusBook,
				Summary: "When the pack is out the talon is turned over and dealt again, as often as required, until every card lies in the Zodiac or on the Equator.",
				Terms:   []string{"это можно повторять столько раз, сколько потребуется", "пока все карты попадут или в зодиак, или на экватор"}},
			{ID: zoRuleStall, Kind: KindPlay, Status: StatusConvention,
				Summary: "The game has failed when a whole pass places no card (no marriage and no Equator fill since the last re-deal): the talon may not be re-dealt.",
				Source:  "engine convention: \"as often as required\" ends when re-dealing cannot help; a pass that places nothing leaves the next pass the same, so the game has failed",
				Terms:   []string{"если этого нельзя сделать", "пасьянс считается неудавшимся"}},
			{ID: zoRulePhase2, Kind: KindPlay, Status: StatusBook,
				Summary: "No foundation is laid until every card is placed; then four aces of different suits are built up to the kings and four kings down to the aces, from the Zodiac tops and the Equator; no marriages in this phase.",
				Source:  "engine convention: the text is silent on marriages in phase two and none are needed to place the cards; PySolFC game 467 allows Equator ones (variant phase2-marriages)",
				Terms:   []string{"основных карт не кладут до самого конца игры", "четырех тузов и четырех королей различных мастей", "тузы восходят по порядку до королей", "короли нисходят по порядку до тузов", "восемь оснований из зодиака и экватора"}},
			{ID: zoRuleWin, Kind: KindPlay, Status: StatusConvention,
				Summary: "Won when all eight foundations are complete.",
				Source:  "engine convention: the text names the eight foundations, not the win; all 104 cards on them"},
			{ID: zoRuleS1, Kind: KindAdvice, Number: "S1", Status: StatusBook,
				Summary: "Marry and fill only when a favourable chance occurs; neither is obligatory.",
				Terms:   []string{"нет надобности делать ни того, ни другого", "пока не представится удобного случая"}},
			{ID: zoRuleS2, Kind: KindAdvice, Number: "S2", Status: StatusBook,
				Summary: "Great care is needed with marriages, or cards get so covered that the foundations cannot be formed.",
				Terms:   []string{"при составлении марьяжа требуется большая осторожность", "карты будут так закрыты другими", "невозможно будет составить основания"}},
		},
		Variants: []Variant{
			{Name: "phase2-marriages", Values: []string{"off", "equator"}, Default: "off",
				Doc: "off: no marriages once the foundations are being built (engine convention, the text is silent); equator: Equator cards may still be married onto Zodiac piles in phase two (PySolFC game 467)."},
			{Name: "equator-marriages", Values: []string{"on", "off"}, Default: "on",
				Doc: "on: Equator cards may be married onto the Zodiac (Cadogan EN); off: the literal reading of the garbled Russian Rule I, no marriages between Zodiac and Equator cards at all."},
		},
		Start: startZodiac,
	}
}

// zodiacPiles is the layout of the Zodiac.
func zodiacPiles() []PileInfo {
	ps := make([]PileInfo, 0, zoPiles)
	for i := 0; i < 8; i++ {
		ps = append(ps, PileInfo{Name: fmt.Sprintf("E%d", i), Kind: PileReserve})
	}
	for i := 0; i < zoZN; i++ {
		ps = append(ps, PileInfo{Name: fmt.Sprintf("Z%d", i), Kind: PileTableau})
	}
	for i := 0; i < 8; i++ {
		ps = append(ps, PileInfo{Name: fmt.Sprintf("F%d", i), Kind: PileFoundation})
	}
	return append(ps, PileInfo{Name: "stock", Kind: PileStock}, PileInfo{Name: "talon", Kind: PileTalon})
}

// zodiacRules are the typed variant options of the Zodiac.
type zodiacRules struct {
	eqMarriages bool // equator-marriages=on
	p2Marriages bool // phase2-marriages=equator
}

func startZodiac(v *VariantReader) (Dealer, error) {
	r := &zodiacRules{
		eqMarriages: v.Is("equator-marriages", "on"),
		p2Marriages: v.Is("phase2-marriages", "equator"),
	}
	c := newCore(v)
	return func(pack []Card) (Game, error) { return newZodiac(c, r, pack), nil }, nil
}

// zodiac is the state of a game of the Zodiac.
type zodiac struct {
	core
	r       *zodiacRules
	lay     layout
	score   uint8
	placed  bool // a card was placed since the last re-deal (zodiac/stall)
	redeals uint16
	// tops[k] has bit z set when Zodiac pile z has a top card of key k
	// (zoTopKey): the piles a card marries onto are tops[k-1] | tops[k+1].
	tops [64]uint32
}

func newZodiac(c core, r *zodiacRules, pack []Card) *zodiac {
	g := &zodiac{core: c, r: r}
	g.lay.reset()
	for i := 0; i < 32; i++ { // the Equator, then the Zodiac
		g.lay.push(zoE0+i, pack[i])
	}
	g.lay.loadPack(zoStock, pack[32:])
	g.indexTops()
	return g
}

// indexTops rebuilds tops from the layout.
func (g *zodiac) indexTops() {
	g.tops = [64]uint32{}
	for z := 0; z < zoZN; z++ {
		g.tops[zoTopKey(g.lay.top(zoZ0+z))] |= 1 << z
	}
}

// zoTopKey is the suitKey of a Zodiac top (1 … 61), and 63 for an empty
// pile: no card marries onto it, as key 63 ± 1 is no card's key.
func zoTopKey(c Card) int {
	if c == NoCard {
		return 63
	}
	return suitKey(c)
}

// phase2 reports whether every card is placed: the foundations may be built.
func (g *zodiac) phase2() bool { return g.lay.empty(zoStock) && g.lay.empty(zoTalon) }

// zoMarries reports whether c marries onto d: same suit, one rank apart.
func zoMarries(c, d Card) bool {
	if c == NoCard || d == NoCard || c.Suit() != d.Suit() {
		return false
	}
	return c.Rank()+1 == d.Rank() || d.Rank()+1 == c.Rank()
}

// marriageTargets returns the set of Zodiac piles (bit z for Zodiac pile
// z) whose top c marries onto.
func (g *zodiac) marriageTargets(c Card) uint32 {
	k := suitKey(c) // 1 … 61
	return g.tops[k-1] | g.tops[k+1]
}

// accepts reports whether foundation pile f takes c next (Rule II).
func (g *zodiac) accepts(f int, c Card) bool {
	if f < zoFK {
		return c.Suit() == Suit(f-zoFA) && int(c.Rank()) == g.lay.size(f)+1
	}
	return c.Suit() == Suit(f-zoFK) && int(c.Rank()) == NumRanks-g.lay.size(f)
}

// equatorMayMarry reports whether Equator cards may be married now.
func (g *zodiac) equatorMayMarry() bool {
	if !g.r.eqMarriages {
		return false
	}
	return !g.phase2() || g.r.p2Marriages
}

func (g *zodiac) appendMarriages(dst []Move, src int) []Move {
	c := g.lay.top(src)
	if c == NoCard {
		return dst
	}
	for t := g.marriageTargets(c); t != 0; t &= t - 1 {
		z := zoZ0 + bits.TrailingZeros32(t)
		dst = append(dst, Move{Kind: MoveBuild, From: uint8(src), To: uint8(z), Card: c, Card2: NoCard, Rule: zoRuleI})
	}
	return dst
}

// LegalMoves appends, in phase two, the foundation plays (then the Equator
// marriages of variant phase2-marriages=equator); in phase one the talon
// marriages, the Equator marriages, the Equator fills and the draw or the
// re-deal.
func (g *zodiac) LegalMoves(dst []Move) []Move {
	if g.phase2() {
		for src := zoE0; src < zoZ0+zoZN; src++ {
			c := g.lay.top(src)
			if c == NoCard {
				continue
			}
			s := int(c.Suit())
			if int(c.Rank()) == g.lay.size(zoFA+s)+1 {
				dst = append(dst, Move{Kind: MoveFoundation, From: uint8(src), To: uint8(zoFA + s), Card: c, Card2: NoCard, Rule: zoRuleII})
			}
			if int(c.Rank()) == NumRanks-g.lay.size(zoFK+s) {
				dst = append(dst, Move{Kind: MoveFoundation, From: uint8(src), To: uint8(zoFK + s), Card: c, Card2: NoCard, Rule: zoRuleII})
			}
		}
		if g.equatorMayMarry() {
			for e := zoE0; e < zoE0+8; e++ {
				dst = g.appendMarriages(dst, e)
			}
		}
		return dst
	}
	dst = g.appendMarriages(dst, zoTalon)
	if g.equatorMayMarry() {
		for e := zoE0; e < zoE0+8; e++ {
			dst = g.appendMarriages(dst, e)
		}
	}
	for e := zoE0; e < zoE0+8; e++ {
		if !g.lay.empty(e) {
			continue
		}
		if c := g.lay.top(zoTalon); c != NoCard {
			dst = append(dst, Move{Kind: MoveFill, From: zoTalon, To: uint8(e), Card: c, Card2: NoCard, Rule: zoRuleFill})
		} else {
			dst = append(dst, Move{Kind: MoveFill, From: zoStock, To: uint8(e), Card: NoCard, Card2: NoCard, Rule: zoRuleFill})
		}
	}
	if !g.lay.empty(zoStock) {
		dst = append(dst, Move{Kind: MoveDraw, From: zoStock, To: zoTalon, Card: NoCard, Card2: NoCard, Rule: zoRuleDraw})
	} else if g.placed {
		dst = append(dst, Move{Kind: MoveRedeal, From: zoTalon, To: zoStock, Card: NoCard, Card2: NoCard, Rule: zoRuleRedeal})
	}
	return dst
}

// Check is the legality predicate, rule by rule.
func (g *zodiac) Check(m Move) error {
	if m.Card2 != NoCard {
		return zoErrSecondCard
	}
	from, to := int(m.From), int(m.To)
	p2 := g.phase2()
	switch m.Kind {
	case MoveBuild:
		if m.Rule != zoRuleI {
			return zoErrMarriageRuleID
		}
		switch {
		case from == zoTalon:
			// the talon top, or the pack card just turned onto it
		case from >= zoE0 && from < zoE0+8:
			if !g.r.eqMarriages {
				return zoErrEquatorMarriageOff
			}
		default:
			return zoErrMarriageSource
		}
		if p2 && (from == zoTalon || !g.r.p2Marriages) {
			return zoErrMarriagePhase2
		}
		if to < zoZ0 || to >= zoZ0+zoZN {
			return zoErrMarriageTarget
		}
		if m.Card == NoCard || g.lay.top(from) != m.Card {
			return zoErrNotAvailable
		}
		if !zoMarries(m.Card, g.lay.top(to)) {
			return zoErrNotMarriage
		}
		return nil
	case MoveFill:
		if m.Rule != zoRuleFill {
			return zoErrFillRuleID
		}
		if p2 {
			return zoErrFillPhase2
		}
		if to < zoE0 || to >= zoE0+8 || !g.lay.empty(to) {
			return zoErrNotVacancy
		}
		switch {
		case from == zoTalon:
			if g.lay.empty(zoTalon) || m.Card != g.lay.top(zoTalon) {
				return zoErrNotTalonTop
			}
		case from == zoStock:
			if !g.lay.empty(zoTalon) {
				return zoErrPackFillWithTalon
			}
			if m.Card != NoCard {
				return zoErrPackFillShows
			}
		default:
			return zoErrFillSource
		}
		return nil
	case MoveDraw:
		if m.Rule != zoRuleDraw || from != zoStock || to != zoTalon || m.Card != NoCard {
			return zoErrDrawShape
		}
		if g.lay.empty(zoStock) {
			return zoErrPackEmpty
		}
		return nil
	case MoveRedeal:
		if m.Rule != zoRuleRedeal || from != zoTalon || to != zoStock || m.Card != NoCard {
			return zoErrRedealShape
		}
		if !g.lay.empty(zoStock) || g.lay.empty(zoTalon) {
			return zoErrPackNotOut
		}
		if !g.placed {
			return zoErrStall
		}
		return nil
	case MoveFoundation:
		if m.Rule != zoRuleII {
			return zoErrFoundationRuleID
		}
		if !p2 {
			return zoErrFoundationPhase1
		}
		if from < zoE0 || from >= zoZ0+zoZN {
			return zoErrFoundationSource
		}
		if m.Card == NoCard || g.lay.top(from) != m.Card {
			return zoErrFoundationNotTop
		}
		if to < zoFA || to >= zoFK+4 || !g.accepts(to, m.Card) {
			return zoErrFoundationRefuses
		}
		return nil
	}
	return zoErrNoSuchMove
}

// Apply checks and performs m.
func (g *zodiac) Apply(m Move) error {
	if err := g.Check(m); err != nil {
		return err
	}
	switch m.Kind {
	case MoveRedeal:
		for !g.lay.empty(zoTalon) {
			g.lay.move(zoTalon, zoStock)
		}
		g.redeals++
		g.placed = false
		return nil
	case MoveFoundation:
		g.score++
	case MoveBuild, MoveFill:
		g.placed = true
	}
	from, to := int(m.From), int(m.To)
	if z := from - zoZ0; z >= 0 && z < zoZN {
		g.tops[zoTopKey(g.lay.top(from))] &^= 1 << z
		g.lay.move(from, to)
		g.tops[zoTopKey(g.lay.top(from))] |= 1 << z
		return nil
	}
	if z := to - zoZ0; z >= 0 && z < zoZN {
		g.tops[zoTopKey(g.lay.top(to))] &^= 1 << z
		g.lay.move(from, to)
		g.tops[zoTopKey(g.lay.top(to))] |= 1 << z
		return nil
	}
	g.lay.move(from, to)
	return nil
}

// Ending: won when every foundation is complete, stuck when no move is
// legal (a pass that placed nothing ends the game: zodiac/stall).
func (g *zodiac) Ending() Ending {
	if g.Won() || !g.lay.empty(zoStock) {
		return ending(g.Won(), false, true) // a draw is legal
	}
	var buf [128]Move
	return ending(false, false, len(g.LegalMoves(buf[:0])) > 0)
}

func (g *zodiac) Won() bool    { return g.score == packCards }
func (g *zodiac) Score() int   { return int(g.score) }
func (g *zodiac) Total() int   { return packCards }
func (g *zodiac) Redeals() int { return int(g.redeals) }

// Pile shows every pile but the face-down pack.
func (g *zodiac) Pile(dst []Card, i int) []Card {
	if i == zoStock {
		return appendHidden(dst, g.lay.size(zoStock))
	}
	return g.FullPile(dst, i)
}

// FullPile returns every card of pile i, bottom first.
func (g *zodiac) FullPile(dst []Card, i int) []Card {
	if i < 0 || i >= zoPiles {
		return dst
	}
	return g.lay.appendPile(dst, i)
}

// Hash covers every pile and whether a card was placed in this pass (the
// stall rule); not the number of re-deals, which never decides the future.
func (g *zodiac) Hash() uint64 {
	h := newWordHash(0x20)
	if g.placed {
		h.word(1)
	}
	g.lay.hashPilesWords(&h, zoPiles, -1)
	return h.sum()
}

// ViewHash hashes what the player sees: the piles, the pack's size, the
// number of re-deals and the stall flag.
func (g *zodiac) ViewHash() uint64 {
	h := newWordHash(0x21)
	flags := uint64(g.redeals) << 1
	if g.placed {
		flags |= 1
	}
	h.word(flags)
	g.lay.hashPilesWords(&h, zoPiles, zoStock)
	return h.sum()
}

func (g *zodiac) Clone() Game {
	c := *g
	return &c
}

// CopyFrom makes g a copy of src when src is a Zodiac game.
func (g *zodiac) CopyFrom(src Game) bool { return copyState(g, src) }

// Determinize shuffles the pack.
func (g *zodiac) Determinize(r *Rand) { g.lay.determinize(zoStock, r) }

func (g *zodiac) status() string {
	phase := 1
	if g.phase2() {
		phase = 2
	}
	return fmt.Sprintf("phase %d; %d re-deals; placed this pass: %v", phase, g.redeals, g.placed)
}

func (g *zodiac) String() string { return renderGame(g, g.FullPile, g.status()) }

func (g *zodiac) View() string { return renderGame(g, g.Pile, g.status()) }
