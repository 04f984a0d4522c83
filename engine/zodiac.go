package engine

import "fmt"

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
	zoFA    = zoZ0 + 24 // F0–F3: the ace foundations ♣ ♦ ♥ ♠, up to the king
	zoFK    = zoFA + 4  // F4–F7: the king foundations ♣ ♦ ♥ ♠, down to the ace
	zoStock = zoFK + 4
	zoTalon = zoStock + 1
	zoPiles = zoTalon + 1
)

func zodiacSpec() *Spec {
	s := &Spec{
		ID:       "zodiac",
		Title:    "The Zodiac",
		TitlesRU: []string{"Зодиак"},
		Book:     "Cadogan",
		Decks:    2,
		Players:  1,
		// Each re-deal needs a card placed since the last one (zodiac/stall);
		// at most 2×72+8 placements are possible, so at most 153 passes of at
		// most 72 draws, plus the placements and 104 foundation plays.
		MaxMoves: 12000,
		Rules: []Rule{
			{ID: zoRuleI, Kind: KindNumbered, Number: "I", Status: StatusBook,
				Summary: "Marriages (same suit, one rank up or down; both directions in one packet) are made on the Zodiac with cards of the talon, the pack or the Equator, never among Zodiac cards, among Equator cards, nor from the Zodiac to the Equator.",
				Source:  "RU wording garbled; Cadogan EN: marriages from the Equator to the Zodiac \"but not vice versâ\" (GAMES.md §8)",
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
				Source:  "GAMES.md §8, §14.7 (stall rule for \"as often as required\")",
				Terms:   []string{"если этого нельзя сделать", "пасьянс считается неудавшимся"}},
			{ID: zoRulePhase2, Kind: KindPlay, Status: StatusBook,
				Summary: "No foundation is laid until every card is placed; then four aces of different suits are built up to the kings and four kings down to the aces, from the Zodiac tops and the Equator; no marriages in this phase.",
				Source:  "no marriages in phase two: GAMES.md §14.7 (the text is silent)",
				Terms:   []string{"основных карт не кладут до самого конца игры", "четырех тузов и четырех королей различных мастей", "тузы восходят по порядку до королей", "короли нисходят по порядку до тузов", "восемь оснований из зодиака и экватора"}},
			{ID: zoRuleWin, Kind: KindPlay, Status: StatusConvention,
				Summary: "Won when all eight foundations are complete.",
				Source:  "GAMES.md §8"},
			{ID: zoRuleS1, Kind: KindAdvice, Number: "S1", Status: StatusBook,
				Summary: "Marry and fill only when a favourable chance occurs; neither is obligatory.",
				Terms:   []string{"нет надобности делать ни того, ни другого", "пока не представится удобного случая"}},
			{ID: zoRuleS2, Kind: KindAdvice, Number: "S2", Status: StatusBook,
				Summary: "Great care is needed with marriages, or cards get so covered that the foundations cannot be formed.",
				Terms:   []string{"при составлении марьяжа требуется большая осторожность", "карты будут так закрыты другими", "невозможно будет составить основания"}},
		},
		Variants: []Variant{
			{Name: "phase2-marriages", Values: []string{"off", "equator"}, Default: "off",
				Doc: "off: no marriages once the foundations are being built (GAMES.md §14.7); equator: Equator cards may still be married onto Zodiac piles in phase two (PySolFC)."},
			{Name: "equator-marriages", Values: []string{"on", "off"}, Default: "on",
				Doc: "on: Equator cards may be married onto the Zodiac (Cadogan EN); off: the literal reading of the garbled Russian Rule I, no marriages between Zodiac and Equator cards at all."},
		},
	}
	s.Start = legacyStart(func(pack []Card, opts Options) (Game, error) {
		o, err := s.ResolveOptions(opts)
		if err != nil {
			return nil, err
		}
		return newZodiac(pack, o)
	})
	return s
}

// zodiac is the state of a game of the Zodiac.
type zodiac struct {
	below       lsBelow
	piles       [zoPiles]lstack
	score       uint8
	redeals     uint16
	placed      bool // a card was placed since the last re-deal (zodiac/stall)
	eqMarriages bool
	p2Marriages bool
	opts        Options
}

func newZodiac(pack []Card, opts Options) (*zodiac, error) {
	if err := verifyPack("zodiac", pack, 2); err != nil {
		return nil, err
	}
	g := &zodiac{opts: opts, eqMarriages: opts["equator-marriages"] != "off", p2Marriages: opts["phase2-marriages"] == "equator"}
	for i := range g.piles {
		g.piles[i] = lsNew()
	}
	for i := range g.below {
		g.below[i] = NoCard
	}
	for i := 0; i < 32; i++ { // the Equator, then the Zodiac
		g.piles[zoE0+i].push(&g.below, pack[i])
	}
	for i := len(pack) - 1; i >= 32; i-- {
		g.piles[zoStock].push(&g.below, pack[i])
	}
	return g, nil
}

// phase2 reports whether every card is placed: the foundations may be built.
func (g *zodiac) phase2() bool { return g.piles[zoStock].n == 0 && g.piles[zoTalon].n == 0 }

// zoMarries reports whether c zoMarries onto d: same suit, one rank apart.
func zoMarries(c, d Card) bool {
	if c == NoCard || d == NoCard || c.Suit() != d.Suit() {
		return false
	}
	return c.Rank()+1 == d.Rank() || d.Rank()+1 == c.Rank()
}

// zoTops holds the suitKey of the top of every zodiac pile, and the set of
// those keys (bit k for key k ≥ 0) for a quick test that a card marries
// none of them.
type zoTops struct {
	key     [24]int
	present uint64
}

// zodiacKeys returns the keys of the zodiac pile tops.
func (g *zodiac) zodiacKeys() (zk zoTops) {
	for z := range zk.key {
		k := suitKey(g.piles[zoZ0+z].top)
		zk.key[z] = k
		if k >= 0 {
			zk.present |= 1 << k
		}
	}
	return zk
}

// accepts reports whether foundation pile f takes c next (Rule II).
func (g *zodiac) accepts(f int, c Card) bool {
	if f < zoFK {
		return c.Suit() == Suit(f-zoFA) && int(c.Rank()) == int(g.piles[f].n)+1
	}
	return c.Suit() == Suit(f-zoFK) && int(c.Rank()) == NumRanks-int(g.piles[f].n)
}

// equatorMayMarry reports whether Equator cards may be married now.
func (g *zodiac) equatorMayMarry() bool {
	if !g.eqMarriages {
		return false
	}
	return !g.phase2() || g.p2Marriages
}

func (g *zodiac) ID() string       { return "zodiac" }
func (g *zodiac) Options() Options { return copyOptions(g.opts) }

func (g *zodiac) appendMarriages(dst []Move, src int, zk *zoTops) []Move {
	c := g.piles[src].top
	if c == NoCard {
		return dst
	}
	k := suitKey(c)
	if zk.present&(1<<(k-1)|1<<(k+1)) == 0 {
		return dst // no zodiac top one rank apart in the suit
	}
	for z := zoZ0; z < zoZ0+24; z++ {
		if d := zk.key[z-zoZ0] - k; d == 1 || d == -1 { // zoMarries(c, g.piles[z].top)
			dst = append(dst, Move{Kind: MoveBuild, From: uint8(src), To: uint8(z), Card: c, Card2: NoCard, Rule: zoRuleI})
		}
	}
	return dst
}

func (g *zodiac) LegalMoves(dst []Move) []Move {
	if g.phase2() {
		for src := zoE0; src < zoZ0+24; src++ {
			c := g.piles[src].top
			if c == NoCard {
				continue
			}
			for f := zoFA; f < zoFK+4; f++ {
				if g.accepts(f, c) {
					dst = append(dst, Move{Kind: MoveFoundation, From: uint8(src), To: uint8(f), Card: c, Card2: NoCard, Rule: zoRuleII})
				}
			}
		}
		if g.equatorMayMarry() {
			zk := g.zodiacKeys()
			for e := zoE0; e < zoE0+8; e++ {
				dst = g.appendMarriages(dst, e, &zk)
			}
		}
		return dst
	}
	zk := g.zodiacKeys()
	dst = g.appendMarriages(dst, zoTalon, &zk)
	if g.equatorMayMarry() {
		for e := zoE0; e < zoE0+8; e++ {
			dst = g.appendMarriages(dst, e, &zk)
		}
	}
	for e := zoE0; e < zoE0+8; e++ {
		if g.piles[e].n != 0 {
			continue
		}
		if c := g.piles[zoTalon].top; c != NoCard {
			dst = append(dst, Move{Kind: MoveFill, From: zoTalon, To: uint8(e), Card: c, Card2: NoCard, Rule: zoRuleFill})
		} else {
			dst = append(dst, Move{Kind: MoveFill, From: zoStock, To: uint8(e), Card: NoCard, Card2: NoCard, Rule: zoRuleFill})
		}
	}
	if g.piles[zoStock].n > 0 {
		dst = append(dst, Move{Kind: MoveDraw, From: zoStock, To: zoTalon, Card: NoCard, Card2: NoCard, Rule: zoRuleDraw})
	} else if g.placed {
		dst = append(dst, Move{Kind: MoveRedeal, From: zoTalon, To: zoStock, Card: NoCard, Card2: NoCard, Rule: zoRuleRedeal})
	}
	return dst
}

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
			if !g.eqMarriages {
				return zoErrEquatorMarriageOff
			}
		default:
			return zoErrMarriageSource
		}
		if p2 && (from == zoTalon || !g.p2Marriages) {
			return zoErrMarriagePhase2
		}
		if to < zoZ0 || to >= zoZ0+24 {
			return zoErrMarriageTarget
		}
		if m.Card == NoCard || g.piles[from].top != m.Card {
			return zoErrNotAvailable
		}
		if !zoMarries(m.Card, g.piles[to].top) {
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
		if to < zoE0 || to >= zoE0+8 || g.piles[to].n != 0 {
			return zoErrNotVacancy
		}
		switch {
		case from == zoTalon:
			if g.piles[zoTalon].n == 0 || m.Card != g.piles[zoTalon].top {
				return zoErrNotTalonTop
			}
		case from == zoStock:
			if g.piles[zoTalon].n != 0 {
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
		if g.piles[zoStock].n == 0 {
			return zoErrPackEmpty
		}
		return nil
	case MoveRedeal:
		if m.Rule != zoRuleRedeal || from != zoTalon || to != zoStock || m.Card != NoCard {
			return zoErrRedealShape
		}
		if g.piles[zoStock].n != 0 || g.piles[zoTalon].n == 0 {
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
		if from < zoE0 || from >= zoZ0+24 {
			return zoErrFoundationSource
		}
		if m.Card == NoCard || g.piles[from].top != m.Card {
			return zoErrFoundationNotTop
		}
		if to < zoFA || to >= zoFK+4 || !g.accepts(to, m.Card) {
			return zoErrFoundationRefuses
		}
		return nil
	}
	return zoErrNoSuchMove
}

func (g *zodiac) Apply(m Move) error {
	if err := g.Check(m); err != nil {
		return err
	}
	switch m.Kind {
	case MoveRedeal:
		for g.piles[zoTalon].n > 0 {
			g.piles[zoStock].push(&g.below, g.piles[zoTalon].pop(&g.below))
		}
		g.redeals++
		g.placed = false
	default:
		g.piles[m.To].push(&g.below, g.piles[m.From].pop(&g.below))
		switch m.Kind {
		case MoveFoundation:
			g.score++
		case MoveBuild, MoveFill:
			g.placed = true
		}
	}
	return nil
}

func (g *zodiac) Over() bool {
	if g.Won() {
		return true
	}
	if g.piles[zoStock].n > 0 {
		return false // a draw is legal
	}
	var buf [128]Move
	return len(g.LegalMoves(buf[:0])) == 0
}

func (g *zodiac) Won() bool     { return g.score == lsCards }
func (g *zodiac) Score() int    { return int(g.score) }
func (g *zodiac) Total() int    { return lsCards }
func (g *zodiac) Redeals() int  { return int(g.redeals) }
func (g *zodiac) NumPiles() int { return zoPiles }

func (g *zodiac) PileName(i int) string {
	switch {
	case i >= zoE0 && i < zoE0+8:
		return fmt.Sprintf("E%d", i-zoE0)
	case i >= zoZ0 && i < zoZ0+24:
		return fmt.Sprintf("Z%d", i-zoZ0)
	case i >= zoFA && i < zoFK+4:
		return fmt.Sprintf("F%d", i-zoFA)
	case i == zoStock:
		return "stock"
	case i == zoTalon:
		return "talon"
	}
	return fmt.Sprintf("pile%d", i)
}

func (g *zodiac) Pile(dst []Card, i int) []Card {
	if i < 0 || i >= zoPiles {
		return dst
	}
	return lsAppend(dst, &g.below, g.piles[i], i == zoStock)
}

// FullPile returns every card of pile i, bottom first. every card of pile i, bottom first.
func (g *zodiac) FullPile(dst []Card, i int) []Card {
	return lsAppend(dst, &g.below, g.piles[i], false)
}

func (g *zodiac) flags() uint64 {
	f := uint64(g.redeals) << 8
	if g.placed {
		f |= 1
	}
	return f
}

func (g *zodiac) Hash() uint64 {
	return lsHash(g.flags(), &g.below, g.piles[:])
}

func (g *zodiac) ViewHash() uint64 {
	return lsViewHash(g.flags()|1<<40, &g.below, g.piles[:], zoStock)
}

func (g *zodiac) Clone() Game {
	c := *g
	return &c
}

func (g *zodiac) Determinize(r *Rand) { lsDeterminize(&g.below, &g.piles[zoStock], r) }

func (g *zodiac) status() string {
	phase := 1
	if g.phase2() {
		phase = 2
	}
	return fmt.Sprintf("phase %d; %d re-deals; placed this pass: %v", phase, g.redeals, g.placed)
}

func (g *zodiac) String() string { return renderPiles(zoPiles, g.PileName, g.FullPile, g.status()) }
func (g *zodiac) View() string   { return renderPiles(zoPiles, g.PileName, g.Pile, g.status()) }
