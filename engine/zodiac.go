package engine

import "fmt"

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
		Planner:  PlannerDefaults{Samples: 2, Horizon: 60, Layout: true},
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
		Search: zodiacSearch,
		Start:  startZodiac,
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

// The game contract and the optional interfaces zodiac implements,
// checked by the compiler.
var (
	_ Game            = (*zodiac)(nil)
	_ ProgressMover   = (*zodiac)(nil)
	_ ProgressCounter = (*zodiac)(nil)
	_ MoveOrderer     = (*zodiac)(nil)
	_ Roller          = (*zodiac)(nil)
	_ ProbeSharer     = (*zodiac)(nil)
)

// zodiac is the state of a game of the Zodiac.
type zodiac struct {
	table
	r       *zodiacRules
	score   uint8
	placed  bool // a card was placed since the last re-deal (zodiac/stall)
	redeals uint16
	// feasible has bit s set when DeadEnd found the relaxation of suit s
	// (zodiacSearch) winnable; Apply clears it when a move changes the
	// suit's Zodiac piles or foundations. It is not part of the state.
	feasible uint8
	// stuck[s] counts the unplaced cards of suit s that no marriage can
	// ever take (see overflow); stuckKnown has bit s while stuck[s] holds;
	// Apply clears it on a marriage in suit s.
	stuck      [NumSuits]uint8
	stuckKnown uint8
	// plan is what the layout search of phase one found (zodiac_plan.go);
	// like feasible it is derived, not part of the state.
	plan zoPlan
	// keys[k] has bit p set when pile p, an Equator cell or a Zodiac pile
	// (p < zoFA), has a top card of key k (zoTopKey): the Zodiac piles a
	// card marries onto are those of keys[k-1] | keys[k+1].
	keys [64]uint32
	// eqMarry[e] has bit z set when the card of Equator cell e marries
	// onto Zodiac pile z; eqAny has bit e when eqMarry[e] is not 0. See
	// zodiac_moves.go.
	eqMarry [8]uint32
	eqAny   uint8
	// talonLinks is the exclusive or of the links (linkWord) of the
	// talon's cards, kept by Apply once talonKept: ViewHash adds it to the
	// layout's links of the other piles shown (see zodiac_moves.go).
	talonLinks uint64
	talonKept  bool
}

func newZodiac(c core, r *zodiacRules, pack []Card) *zodiac {
	g := new(zodiac)
	g.setUp(c, r, pack)
	return g
}

// setUp deals pack into g with the setup's core and rules, g's earlier
// state, if any, discarded: a game started anew.
func (g *zodiac) setUp(c core, r *zodiacRules, pack []Card) {
	*g = zodiac{table: table{core: c}, r: r}
	g.lay.reset()
	for i := 0; i < 32; i++ { // the Equator, then the Zodiac
		g.lay.push(zoE0+i, pack[i])
	}
	g.lay.loadPack(zoStock, pack[32:])
	g.indexTops()
}

// Redeal starts g again on pack with the same setup (engine.Redealer).
func (g *zodiac) Redeal(pack []Card) error {
	g.setUp(g.core, g.r, pack)
	return nil
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

// accepts reports whether foundation pile f takes c next (Rule II).
func (g *zodiac) accepts(f int, c Card) bool {
	if f < zoFK {
		return c.Suit() == Suit(f-zoFA) && int(c.Rank()) == g.lay.size(f)+1
	}
	return c.Suit() == Suit(f-zoFK) && int(c.Rank()) == NumRanks-g.lay.size(f)
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
	g.ApplyListed(&m)
	return nil
}

// ApplyListed performs m, which LegalMoves listed for the current state,
// without checking it again (engine.ListedApplier).
func (g *zodiac) ApplyListed(m *Move) {
	switch m.Kind {
	case MoveRedeal:
		g.turnTalon()
		g.redeals++
		g.placed = false
		return
	case MoveFoundation:
		g.score++
		g.feasible &^= 1 << m.Card.Suit()
	case MoveBuild:
		g.notePlan(m)
		g.placed = true
		g.feasible &^= 1 << m.Card.Suit()
		g.stuckKnown &^= 1 << m.Card.Suit()
	case MoveFill:
		g.placed = true
	}
	// A move changes the tops of at most two Equator cells or Zodiac
	// piles (both only for a marriage from the Equator, whose cell is
	// updated first): the kept facts follow (retop).
	from, to := int(m.From), int(m.To)
	oldFrom, oldTo := g.lay.top(from), g.lay.top(to)
	if g.talonKept { // the card turned onto the talon, or taken off it
		if to == zoTalon {
			g.talonLinks ^= linkWord(oldFrom, oldTo, zoTalon)
		} else if from == zoTalon {
			g.talonLinks ^= linkWord(oldFrom, g.lay.below[oldFrom], zoTalon)
		}
	}
	if g.lay.linked&(1<<from|1<<to) == 0 {
		g.lay.move(from, to) // (a draw: neither pile's links are kept)
	} else {
		g.lay.moveLinked(from, to)
	}
	if from < zoFA {
		g.retop(from, oldFrom)
	}
	if to < zoFA {
		g.retop(to, oldTo)
	}
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
	g.lay.hashTable(&h, zoPiles, -1, nil)
	return h.sum()
}

// ViewHash hashes what the player sees: the piles, the pack's size, the
// number of re-deals and the stall flag.
func (g *zodiac) ViewHash() uint64 {
	flags := uint64(g.redeals)<<1 | uint64(g.lay.size(zoStock))<<32
	if g.placed {
		flags |= 1
	}
	if !g.talonKept {
		g.talonLinks = zoPileLinks(&g.lay, zoTalon)
		g.talonKept = true
	}
	return viewHash(g.lay.linkHash(zoLinked)^g.talonLinks, flags)
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

// Search hooks (SearchHooks): see zodiacSearch.

// zodiacSearch explains the search hooks of the Zodiac.
const zodiacSearch = `Structure: a Zodiac pile is its dealt card and the cards married on it, each of the same suit and one rank from the card below (zodiac/I), so a pile is a walk within one suit; its cards never leave in phase one and leave only for the foundations, top first, in phase two. Phase two therefore splits by suit: the piles of a suit, that suit's Equator cards and its two foundations (aces up, kings down) are a game of their own.

Symmetry: no rule tells the two copies of a card apart, nor one Zodiac pile from another, nor one Equator cell from another. The key holds each Zodiac pile exactly as its dealt card's suit and rank, its length and the direction of each step of its walk, the piles as a sorted list; the Equator as a sorted list of suit and rank; the foundations' heights; the pack and talon in order by suit and rank; and the stall flag (a card placed since the last re-deal). The number of re-deals does not decide the future and is not in the key.

Dead ends: (1) the relaxation in which the present Zodiac piles are fixed stacks and every other card (Equator, pack, talon) is free to go home at any time is decided exactly, suit by suit. Each card left goes to the aces' foundation or the kings' (one copy of each rank to each); a schedule is fixed by how many of the kings' foundation's steps come before each step of the aces'; two cards lying on each other in a pile differ by one rank, so the order they must leave in bounds that count at one of two neighbouring ranks; and a sweep over the ranks, keeping for each choice of which copy goes to the aces the least bound so far, decides the suit in a few hundred steps. Cards placed later only cover the piles (more constraints), and the Equator cards of phase two are free, so when the relaxation is lost the game is lost; in phase two the relaxation is the game itself, so the test is exact there and the search never backtracks in phase two. The game remembers which suits it found winnable until a move changes that suit's piles or foundations. (2) A suit with no Zodiac pile can place its cards only on the Equator: more such cards than the eight cells is lost. (3) The cards not yet in the Zodiac must all be married at last, but for the at most eight the Equator keeps. A pile is frozen when every unplaced card that could go on it next would make the relaxation lost (later placements only add constraints, so it stays frozen); the cards married on a pile form a walk of unplaced cards starting next to its top, so a card can only be married when its rank lies in a run of ranks, all with unplaced cards of its suit, that meets a card which could go next on a pile that is not frozen. More than eight cards outside those runs is lost. The state remembers, per suit, how many cards no marriage can take, until a marriage in that suit. (4) The layout search below: when no final layout of phase one is won, the game is lost.

Phase one as a layout: the order of the pack decides nothing. A pass shows every card of the pack and the talon once on the talon's top, and a pass that places a card lets the next one begin, so from the deal — and from any state in which the pass has placed a card, or the talon is empty — any free card (in the pack, the talon or on the Equator) can be placed next: turn the pack until it shows, and place it. An Equator card may still be married, so a card put on the Equator and married later could have been married straight from the pack: the Equator only counts for the cards it keeps at the end, at most eight. (With variant equator-marriages=off no Equator card leaves, so no cell ever falls vacant: the search counts the Equator's cards as left over and must marry every other free card.) The game is therefore won exactly when there is a final layout — each Zodiac pile grown by a walk of free cards of its suit, every other free card on the Equator, at most eight there in all — whose phase two is won; phase two splits by suit, and relaxation (1) with the Equator cards free decides it exactly (the Equator marriages of variant phase2-marriages=equator cannot help: they only cover Zodiac cards with cards that were free). The layout search finds, suit by suit, the fewest cards the suit must leave on the Equator: it grows the suit's piles one after the other, each walk card by card (so it meets every final layout once), cuts a growth as soon as its relaxation is lost (growing a pile only adds constraints) or as soon as more cards are out of reach than allowed (a walk never leaves the run of ranks with free cards that it entered, so the cards of the runs next to no open pile's top are left over), and tries each count from the suit's lower bound up, only as far as the other suits' bounds leave cells. Every line of the game ends phase one in such a layout, so when none is won the game is lost; the search is exact from the deal, and a relaxation in a pass that has placed nothing while the talon holds cards. It makes at most eight million sweeps of the relaxation (deals 0–999 of seed 2026 take well under a second each); one that reaches the bound decides nothing and is not run again below its state. The state remembers the verdict and the layout found (derived, not part of the state), keeps them while the marriages follow the layout, and forgets them on a marriage off it.

Safe moves, in phase one, once the layout search has found a layout: the move that builds it — the marriage of a pile's next planned card (from the talon before the Equator), the fill of an Equator cell with a card the layout leaves there beyond those already there, the re-deal, or the draw, when the pass has placed a card or when a card the plan places at once (a pile's next card, or a card for the Equator while a cell is vacant) is still to come in the pack. Each keeps a won position won: after a marriage or a fill the pass has placed a card, so any free card can still be placed next and the rest of the layout is a won layout of the new state; a draw leaves a pass that has placed a card so, and in a pass that has placed nothing a card the plan places at once is still to come. No pass stalls: while the layout is unfinished some pile's next card is in the pack, the talon or on the Equator (placed at once), and once only the Equator's cards are left a cell is vacant for each. So from the deal the safe moves alone build the layout, and phase two follows with its own safe moves and exact dead ends: a deal the search calls won is won by the solver's first look, along a line of a few hundred moves that replays.

Safe moves, in phase two (variant phase2-marriages=off): a card goes to a foundation when it can go nowhere else (the other foundation of its suit has passed its rank: the other copy is home), or when both foundations of its suit want its rank and the other copy is available too. Any win plays the card (or, in the second case, the two copies) to those foundations at some later time; nothing else can go there before, and playing now only uncovers cards sooner, so every move of the win stays legal. Phase one has no other safe moves: every marriage covers a card for phase two, and every fill or draw changes which card the next re-deal shows.

Move order (phase one): the Equator fills first (an Equator card is free in phase two); then the marriages that continue a pile's walk in its direction, or grow a dealt card near an end towards the middle ranks; then the draw or re-deal; and last the marriages that turn a walk back or grow a dealt card towards its end. Measured on deals 1–60 at 20,000 nodes this order wins 20 where the engine's order wins 1.

Rollouts (engine.Roller), for a position the layout search leaves undecided: the solver's probe looks for a win by nested rollouts, playing every candidate move out with a heuristic. In phase one the heuristic follows the move order above but for the Equator fills: first the marriages that continue a walk or grow a dealt card towards the middle ranks, then the fills, then the marriages towards an end, then the draw or re-deal, and last the marriages that turn a walk back, the first listed among equals; it passes over any marriage after which its suit's relaxation (dead end 1) is lost. In phase two it plays home, the first play after which its suit's relaxation stays winnable; as the relaxation is the game itself there, a phase two that begins with every suit winnable is always won. A playout's end is rated by the cards home (a thousand each), then 150 for each suit whose relaxation is still winnable and 3 for each card placed (at most 912), so a won state rates highest. The hooks only steer the search for a win: a line the rollouts find wins when replayed, and they prove nothing, so they cannot make a wrong "won" or "lost". A playout is some 300 moves and its nodes skip the costly dead-end tests, so the rollouts spend the whole budget after the first look (engine.ProbeSharer) in a few CPU seconds. Before the layout search, on deals 0–39 of seed 2026 at the default budget they won 28 where the limited discrepancy probe and the exhaustive search won 26, and no deal took more than 6 CPU seconds (the exhaustive search, 30 s a deal it leaves), and 70 of deals 0–99; filling the Equator before those marriages won 26, and after the marriages towards an end 25; rating a playout's end without the winnable suits won 27; leaving a tenth of the budget to the exhaustive search after the rollouts decided none of the four deals tried.

Before the layout search, phase one was where deals stayed undecided (on deals 0–999 of seed 2026 the rollouts won 648 and proved nothing): its states are every way of building 24 piles out of 72 cards over any number of passes, and a search of the moves keeps revising its last placements while the mistake that dooms the layout was one of the first. The layout search decides every one of those deals at the deal itself, so the rollouts now only run where it reaches its bound.`

// zoFace is the face of c (suit and rank, 0 … 51) for the search key, 63
// for no card.
func zoFace(c Card) uint64 {
	if c == NoCard {
		return 63
	}
	return uint64(c.Face())
}

// pileWord encodes Zodiac pile p exactly: the face of its dealt (bottom)
// card, its length and the direction of each step of its walk (bit set:
// the card above is one rank higher), top first.
func (g *zodiac) pileWord(p int) uint64 {
	n := g.lay.size(p)
	if n == 0 {
		return 0
	}
	var steps uint64
	c := g.lay.top(p)
	for d := g.lay.below[c]; d != NoCard; c, d = d, g.lay.below[d] {
		steps <<= 1
		if c.Rank() > d.Rank() {
			steps |= 1
		}
	}
	return zoFace(c) | uint64(n)<<6 | steps<<12
}

// SearchKey returns the canonical key described in zodiacSearch.
func (g *zodiac) SearchKey() Key {
	k := newKeyHash(0x5A4F) // "ZO"
	var z [zoZN]uint64
	for i := range z {
		z[i] = g.pileWord(zoZ0 + i)
	}
	sortWords(z[:])
	for _, w := range z {
		k.fastWord(w)
	}
	var e [8]uint64
	for i := range e {
		e[i] = zoFace(g.lay.top(zoE0 + i))
	}
	sortWords(e[:])
	var eq, f uint64
	for i := range e {
		eq = eq<<6 | e[i]
	}
	for i := 0; i < 8; i++ {
		f = f<<4 | uint64(g.lay.size(zoFA+i))
	}
	if g.placed {
		f |= 1 << 32
	}
	k.fastWord(eq)
	k.fastWord(f)
	pileKey(&k, &g.lay, zoStock, 6, cardFunc(zoFace), true)
	pileKey(&k, &g.lay, zoTalon, 6, cardFunc(zoFace), true)
	return k.fastSum()
}

// wants returns the ranks the two foundations of suit s take next: a for
// the ace foundation (14 when complete), k for the king foundation (0
// when complete).
func (g *zodiac) wants(s Suit) (a, k int) {
	return g.lay.size(zoFA+int(s)) + 1, NumRanks - g.lay.size(zoFK+int(s))
}

// available reports whether card c is the top of a Zodiac pile or on the
// Equator.
func (g *zodiac) available(c Card) bool {
	for p := zoE0; p < zoZ0+zoZN; p++ {
		if g.lay.top(p) == c {
			return true
		}
	}
	return false
}

// SafeMove returns the move that builds the layout the layout search found
// in phase one (planMove), or a phase-two foundation play, as described in
// zodiacSearch, or -1.
func (g *zodiac) SafeMove(legal []Move) int {
	if !g.phase2() {
		if g.plan.verdict == zpWon {
			return g.planMove(legal)
		}
		return -1
	}
	if g.r.p2Marriages {
		return -1
	}
	// m.Card's other copy is (m.Card + 52) mod 104.
	for i, m := range legal {
		if m.Kind != MoveFoundation {
			continue
		}
		r := int(m.Card.Rank())
		a, k := g.wants(m.Card.Suit())
		other := a
		if int(m.To) < zoFK {
			other = k
		}
		switch {
		case int(m.To) < zoFK && k < r, int(m.To) >= zoFK && a > r:
			return i // the other copy is home
		case other == r && g.available((m.Card+CardsPerDeck)%packCards):
			return i // both foundations want r, both copies available
		}
	}
	return -1
}

// DeadEnd reports the dead ends described in zodiacSearch. It remembers
// in g which suits it found winnable, so that a search that copies states
// tests again only the suit a move changed, and what the layout search of
// phase one found (zoPlan).
func (g *zodiac) DeadEnd() bool {
	if !g.phase2() {
		// Cards of suits without a Zodiac pile can lie only on the Equator
		// (in phase one no pile is ever empty).
		var hasPile [NumSuits]bool
		for z := 0; z < zoZN; z++ {
			if c := g.lay.top(zoZ0 + z); c != NoCard {
				hasPile[c.Suit()] = true
			}
		}
		if n := g.unplacedWithout(hasPile); n > 8 {
			return true
		}
	}
	if !g.phase2() && g.overflow() {
		return true
	}
	if !g.phase2() && g.layoutLost() {
		return true
	}
	if g.feasible == 1<<NumSuits-1 {
		return false
	}
	var s zoSuit
	for su := Suit(0); su < NumSuits; su++ {
		if g.feasible&(1<<su) != 0 {
			continue
		}
		if !s.feasible(g, su) {
			return true
		}
		g.feasible |= 1 << su
	}
	return false
}

// unplacedWithout counts the cards not in the Zodiac of the suits for
// which hasPile is false.
func (g *zodiac) unplacedWithout(hasPile [NumSuits]bool) int {
	n := 0
	count := func(c Card) {
		if !hasPile[c.Suit()] {
			n++
		}
	}
	for e := zoE0; e < zoE0+8; e++ {
		if c := g.lay.top(e); c != NoCard {
			count(c)
		}
	}
	for _, p := range [2]int{zoStock, zoTalon} {
		for c := g.lay.top(p); c != NoCard; c = g.lay.below[c] {
			count(c)
		}
	}
	return n
}

// zoSuit decides the relaxation of zodiacSearch for one suit: the suit's
// Zodiac piles are stacks, every other card of the suit is free.
//
// Each card left goes to the ace foundation A or the king foundation K.
// Number A's steps a … 13 and K's steps k … 1, and let m(r) be the number
// of K's steps made before A takes rank r: a schedule is a non-decreasing
// m with values in 0 … k. Two cards next to each other in a stack, u above
// l, must leave in that order; their ranks differ by one (a pile is a
// walk), so the order is one of: both to A (then u's rank must be the
// lower), both to K (then the higher), u to A before l to K (m(u) ≤ k − l),
// or u to K before l to A (m(l) ≥ k − u + 1). Free cards are never
// constrained. Which copy of a rank goes to A is a choice σ(r), and the
// constraints only link ranks r and r+1, so a sweep over the ranks with
// states (σ(r), the bound U(r) so far, the least running maximum of the
// lower bounds) decides the suit exactly.
type zoSuit struct {
	a, k  int
	left  [NumRanks + 2]uint8 // copies of each rank left (0, 1 or 2)
	edges [2 * NumRanks]zoEdge
	ne    int
	from  [NumRanks + 2]uint8 // edges with lower rank r are edges[from[r]:from[r+1]]
}

// zoEdge is a card u lying directly on a card l in a stack: rank and copy
// index (0 or 1 among the copies of its rank left) of each.
type zoEdge struct{ ru, iu, rl, il uint8 }

// zoInf marks an unreachable state of the sweep.
const zoInf = 0xFF

// feasible reports whether suit su's relaxation can be won.
func (z *zoSuit) feasible(g *zodiac, su Suit) bool { return z.feasibleWith(g, su, -1, NoCard) }

// feasibleWith reports whether suit su's relaxation can be won with card
// extra (of suit su) lying on Zodiac pile pile as well (none if pile < 0).
func (z *zoSuit) feasibleWith(g *zodiac, su Suit, pile int, extra Card) bool {
	a, k := g.wants(su)
	return z.feasibleAt(g, su, pile, extra, -1, a, k)
}

// feasibleAt reports whether suit su's relaxation can be won when its
// foundations want ranks a and k, with card extra (of suit su) lying on
// Zodiac pile pile as well (none if pile < 0) and the top card of pile
// skip gone (none if skip < 0).
func (z *zoSuit) feasibleAt(g *zodiac, su Suit, pile int, extra Card, skip, a, k int) bool {
	z.a, z.k = a, k
	z.ne = 0
	var seen [NumRanks + 2]uint8 // copies of each rank met in the stacks
	for p := zoZ0; p < zoZ0+zoZN; p++ {
		c := g.lay.top(p)
		if p == skip && c != NoCard {
			c = g.lay.below[c]
		}
		if c == NoCard || c.Suit() != su {
			continue
		}
		var above zoCopy
		if p == pile {
			above = z.under(above, uint8(extra.Rank()), &seen)
		}
		for ; c != NoCard; c = g.lay.below[c] {
			above = z.under(above, uint8(c.Rank()), &seen)
		}
	}
	return z.finish()
}

// zoCopy is a card of a stack as the sweep sees it: its rank (0: no card)
// and its copy index among the copies of its rank met so far.
type zoCopy struct{ r, i uint8 }

// under reads a stack top first: a card of rank r lies directly beneath
// above (no card at the stack's top). It records the edge between the two,
// counts r's copy in seen and returns the card, the one above the next.
func (z *zoSuit) under(above zoCopy, r uint8, seen *[NumRanks + 2]uint8) zoCopy {
	c := zoCopy{r, seen[r]}
	seen[r]++
	if above.r != 0 {
		z.edges[z.ne] = zoEdge{ru: above.r, iu: above.i, rl: r, il: c.i}
		z.ne++
	}
	return c
}

// finish decides the relaxation from the edges gathered in z and its
// foundations' wants (z.a, z.k).
func (z *zoSuit) finish() bool {
	// Bucket the edges by their lower rank (a counting sort).
	var count [NumRanks + 2]uint8
	for _, e := range z.edges[:z.ne] {
		count[min(e.ru, e.rl)]++
	}
	z.from[1] = 0
	for r := 1; r <= NumRanks; r++ {
		z.from[r+1] = z.from[r] + count[r]
	}
	pos := z.from
	var sorted [2 * NumRanks]zoEdge
	for _, e := range z.edges[:z.ne] {
		lo := min(e.ru, e.rl)
		sorted[pos[lo]] = e
		pos[lo]++
	}
	z.edges = sorted
	for r := 1; r <= NumRanks; r++ {
		z.left[r] = 0
		if r >= z.a {
			z.left[r]++
		}
		if r <= z.k {
			z.left[r]++
		}
	}
	return z.sweep()
}

// toA reports whether copy idx of rank r goes to A under choice sigma.
func (z *zoSuit) toA(r, idx, sigma uint8) bool {
	if z.left[r] == 2 {
		return idx == sigma
	}
	return int(r) >= z.a
}

// sweep runs the sweep over the ranks described at zoSuit.
func (z *zoSuit) sweep() bool {
	k := z.k
	// A state of rank r is σ(r) with the bound U(r) so far and the least
	// running maximum of the lower bounds of m over A's ranks up to r
	// (with r's own so far). The bound U(r) so far comes from the edges
	// below r alone, so it is fixed by σ(r−1) and σ(r): each σ(r) has at
	// most two states, one per σ(r−1).
	type state struct {
		u, m uint8
		ok   bool
	}
	var cur, next [2][2]state
	cur[0][0] = state{u: uint8(k), ok: true}
	if z.left[1] == 2 {
		cur[1][0] = state{u: uint8(k), ok: true}
	}
	for r := 1; r <= NumRanks; r++ {
		next = [2][2]state{}
		nextChoices := uint8(1)
		if r < NumRanks && z.left[r+1] == 2 {
			nextChoices = 2
		}
		any := false
		for s := uint8(0); s < 2; s++ {
			for t := uint8(0); t < nextChoices; t++ {
				lr, ur, ln, un, ok := z.bounds(r, s, t)
				if !ok {
					continue
				}
				best := zoInf
				for _, st := range cur[s] {
					if !st.ok {
						continue
					}
					L, U := max(int(st.m), lr), min(int(st.u), ur)
					if r >= z.a && L > U {
						continue
					}
					if r < z.a {
						L = 0
					}
					best = min(best, L)
				}
				if best == zoInf {
					continue
				}
				if r == NumRanks {
					return true
				}
				next[t][s] = state{u: uint8(min(un, k)), m: uint8(max(best, ln)), ok: true}
				any = true
			}
		}
		if !any {
			return false
		}
		cur = next
	}
	return false
}

// bounds returns the bounds the stack edges between ranks r and r+1 put
// on m(r) (lr, ur) and on m(r+1) (ln, un) when σ(r) = s and σ(r+1) = t,
// and false when an edge cannot be kept.
func (z *zoSuit) bounds(r int, s, t uint8) (lr, ur, ln, un int, ok bool) {
	k := z.k
	ur, un = k, k
	for _, e := range z.edges[z.from[r]:z.from[r+1]] {
		su, sl := s, t // the choices that decide u's and l's foundation
		if e.ru > e.rl {
			su, sl = t, s
		}
		au, al := z.toA(e.ru, e.iu, su), z.toA(e.rl, e.il, sl)
		switch {
		case au && al:
			if e.ru > e.rl {
				return 0, 0, 0, 0, false
			}
		case !au && !al:
			if e.ru < e.rl {
				return 0, 0, 0, 0, false
			}
		case au: // u to A before l to K: m(u) ≤ k − l
			b := k - int(e.rl)
			if int(e.ru) == r {
				ur = min(ur, b)
			} else {
				un = min(un, b)
			}
		default: // u to K before l to A: m(l) ≥ k − u + 1
			b := k - int(e.ru) + 1
			if int(e.rl) == r {
				lr = max(lr, b)
			} else {
				ln = max(ln, b)
			}
		}
	}
	return lr, ur, ln, un, true
}

// OrderMoves orders the moves of phase one for a search (zodiac/S2: plan
// the marriages for phase two). First the Equator fills: an Equator card
// is free in phase two. A pile that is a monotone walk goes home in one
// foundation's order (a descending walk to the aces' foundation, an
// ascending one to the kings'), so next come the marriages that continue
// a pile's walk in its direction, and those that start a walk from a dealt
// card towards the middle ranks when the card lies near an end (an ace
// grows up into a run for the kings' foundation, a king down into one for
// the aces'); then the draw or re-deal, and last the marriages that turn a
// walk back or grow a dealt card towards its end.
func (g *zodiac) OrderMoves(moves []Move) {
	score := func(m Move) int {
		switch m.Kind {
		case MoveFoundation:
			return -20
		case MoveBuild:
			return g.marriageScore(m)
		case MoveDraw, MoveRedeal:
			return 20
		}
		return -10
	}
	for i := 1; i < len(moves); i++ { // a stable insertion sort
		for j := i; j > 0 && score(moves[j]) < score(moves[j-1]); j-- {
			moves[j], moves[j-1] = moves[j-1], moves[j]
		}
	}
}

// marriageScore ranks a marriage for OrderMoves (lower first).
func (g *zodiac) marriageScore(m Move) int {
	d := g.lay.top(int(m.To))
	step := int(m.Card.Rank()) - int(d.Rank())
	if under := g.lay.below[d]; under != NoCard {
		if int(d.Rank())-int(under.Rank()) == step {
			return -5 // continues the walk
		}
		return 45 // turns the walk back
	}
	switch r := int(d.Rank()); {
	case r <= 5 && step > 0, r >= 9 && step < 0:
		return -4 // from near an end towards the middle
	case r > 5 && r < 9:
		return -3 // from the middle, either way
	}
	return 8 // from near an end towards it
}

// overflow reports that more unplaced cards than the Equator can hold can
// never be married: a pile is frozen when every card that could go on it
// next would make the relaxation lost (later placements only add
// constraints, so it stays frozen); a card can be married only within a
// run of ranks, all with unplaced cards of its suit, that meets a card
// which could go on a pile that is not frozen.
func (g *zodiac) overflow() bool {
	if g.stuckKnown != 1<<NumSuits-1 {
		g.countStuck()
	}
	n := 0
	for _, k := range g.stuck {
		n += int(k)
	}
	return n > 8
}

// countStuck computes stuck for the suits whose count is not known: the
// unplaced cards outside every run of ranks that a pile could take up.
func (g *zodiac) countStuck() {
	var unplaced [NumSuits][NumRanks + 2]uint8
	count := func(c Card) {
		if g.stuckKnown&(1<<c.Suit()) == 0 {
			unplaced[c.Suit()][c.Rank()]++
		}
	}
	for e := zoE0; e < zoE0+8; e++ {
		if c := g.lay.top(e); c != NoCard {
			count(c)
		}
	}
	for _, p := range [2]int{zoStock, zoTalon} {
		for c := g.lay.top(p); c != NoCard; c = g.lay.below[c] {
			count(c)
		}
	}
	// run[s][r] numbers the runs of ranks with unplaced cards (1, 2, …;
	// 0 for a rank with none); reached has bit i when run i can be taken
	// up: a card of one of its ranks could go next on a pile.
	var run [NumSuits][NumRanks + 2]uint8
	for su := range run {
		id := uint8(0)
		for r := 1; r <= NumRanks; r++ {
			if unplaced[su][r] > 0 {
				if unplaced[su][r-1] == 0 {
					id++
				}
				run[su][r] = id
			}
		}
	}
	var reached [NumSuits]uint16
	var z zoSuit
	for p := zoZ0; p < zoZ0+zoZN; p++ {
		t := g.lay.top(p)
		if t == NoCard || g.stuckKnown&(1<<t.Suit()) != 0 {
			continue
		}
		su := t.Suit()
		for _, r := range [2]int{int(t.Rank()) - 1, int(t.Rank()) + 1} {
			if r < 1 || r > NumRanks || run[su][r] == 0 || reached[su]&(1<<run[su][r]) != 0 {
				continue
			}
			if z.feasibleWith(g, su, p, NewCard(Rank(r), su, 0)) {
				reached[su] |= 1 << run[su][r]
			}
		}
	}
	for su := Suit(0); su < NumSuits; su++ {
		if g.stuckKnown&(1<<su) != 0 {
			continue
		}
		g.stuck[su] = 0
		for r := 1; r <= NumRanks; r++ {
			if reached[su]&(1<<run[su][r]) == 0 {
				g.stuck[su] += unplaced[su][r]
			}
		}
	}
	g.stuckKnown = 1<<NumSuits - 1
}
