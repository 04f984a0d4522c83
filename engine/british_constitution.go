package engine

import "fmt"

// Rule IDs of the British Constitution.
const (
	bcRuleI          RuleID = "british-constitution/I"
	bcRuleII         RuleID = "british-constitution/II"
	bcRuleIII        RuleID = "british-constitution/III"
	bcRuleIV         RuleID = "british-constitution/IV"
	bcRuleV          RuleID = "british-constitution/V"
	bcRuleVI         RuleID = "british-constitution/VI"
	bcRuleSetup      RuleID = "british-constitution/setup"
	bcRuleDeal       RuleID = "british-constitution/deal"
	bcRuleOpening    RuleID = "british-constitution/opening"
	bcRuleTalon      RuleID = "british-constitution/talon"
	bcRuleRedeal     RuleID = "british-constitution/redeal"
	bcRuleWin        RuleID = "british-constitution/win"
	bcRuleTalonBuild RuleID = "british-constitution/talon-build"
	bcRuleS1         RuleID = "british-constitution/S1"
	bcRuleS2         RuleID = "british-constitution/S2"
)

// Reasons Check gives for rejecting a move (immutable; see ruleIllegal).
var (
	bcErrSecondCard        = ruleIllegal("", "second card given for a single-card move")
	bcErrVacancyFirst      = ruleIllegal(bcRuleV, "a vacancy must be filled from the division below first")
	bcErrFoundationRuleID  = ruleIllegal(bcRuleI, "a move of this kind carries this rule's ID")
	bcErrNotPrivyCouncil   = ruleIllegal(bcRuleI, "the foundations are formed only from the Privy Council")
	bcErrNotTop            = ruleIllegal(bcRuleIII, "only the top card of a pile is available")
	bcErrNotFoundation     = ruleIllegal(bcRuleI, "not a foundation")
	bcErrFoundationRefuses = ruleIllegal(bcRuleVI, "the foundation does not take this card (suit, next rank, up to the jack)")
	bcErrTalonBuild        = ruleIllegal(bcRuleV, "pack and talon cards enter the Constitution only through People vacancies")
	bcErrTalonBuildTarget  = ruleIllegal(bcRuleTalonBuild, "the talon builds only on the People")
	bcErrBuildRuleID       = ruleIllegal(bcRuleII, "a move of this kind carries this rule's ID")
	bcErrBuildFromCouncil  = ruleIllegal(bcRuleII, "only cards of the three lower divisions are placed on another division")
	bcErrNotDivisionAbove  = ruleIllegal(bcRuleII, "a card goes only on the division immediately above its own")
	bcErrBuildOnVacancy    = ruleIllegal(bcRuleV, "a vacancy is filled, not built on")
	bcErrSequence          = ruleIllegal(bcRuleIV, "sequences descend in alternating colours")
	bcErrFillRuleID        = ruleIllegal(bcRuleV, "a move of this kind carries this rule's ID")
	bcErrNotVacancy        = ruleIllegal(bcRuleV, "the target is not a vacancy of the three upper divisions")
	bcErrNotDivisionBelow  = ruleIllegal(bcRuleV, "a vacancy is filled from the division immediately below")
	bcErrDrawShape         = ruleIllegal(bcRuleTalon, "a draw turns the pack's top card to the talon")
	bcErrNoRedeal          = ruleIllegal(bcRuleRedeal, "the pack is out and there is no re-deal")
	bcErrNoSuchMove        = ruleIllegal("", "no such move in the British Constitution")
)

// Pile layout of the British Constitution. The Constitution is 4 rows of 8
// piles, row 0 the People (bottom) … row 3 the Privy Council (top); pile
// row*8+col.
const (
	bcRows  = 4
	bcCols  = 8
	bcF0    = bcRows * bcCols // F0…F7: foundations, two per suit (♣♣♦♦♥♥♠♠)
	bcStock = bcF0 + 8
	bcTalon = bcStock + 1
	// bcAside (named AsidePile) holds, bottom first, the seven queens thrown
	// aside, the four red kings (judges), the four black kings (bishops)
	// and on top the queen of diamonds, the Sovereign.
	bcAside   = bcTalon + 1
	bcPiles   = bcAside + 1
	bcCouncil = bcRows - 1
	bcPlayed  = 80 // 2–J of two decks
)

var bcRowNames = [bcRows]string{"PEO", "COM", "LRD", "PRV"}

func britishConstitutionSpec() *Spec {
	s := &Spec{
		ID:       "british-constitution",
		Title:    "The British Constitution",
		TitlesRU: []string{"Английская конституция"},
		Book:     "Cadogan",
		Decks:    2,
		Players:  1,
		MaxMoves: 2000,
		Rules: []Rule{
			{ID: bcRuleI, Kind: KindNumbered, Number: "I", Status: StatusBook,
				Summary: "The foundations are formed only from the Privy Council; every other card, and those of the pack or talon, must ascend through all the divisions to the top before it can be played.",
				Terms:   []string{"основания составляются исключительно из Тайного Совета", "должны восходить через все отделения", "пока не дойдут до вершины", "только тогда можно их играть"}},
			{ID: bcRuleII, Kind: KindNumbered, Number: "II", Status: StatusBook,
				Summary: "Cards of the three lower divisions are placed in sequence on cards of the division immediately above; so they move up from one division to the next.",
				Terms:   []string{"карты трех нижних отделений", "по порядку на карты ближайшего отделения", "переводимы из одного отделения в другое"}},
			{ID: bcRuleIII, Kind: KindNumbered, Number: "III", Status: StatusBook,
				Summary: "Only the top card of each sequence is available, until its removal releases the card beneath.",
				Terms:   []string{"годною считается только верхняя карта каждого порядка", "пока не освободится нижняя карта"}},
			{ID: bcRuleIV, Kind: KindNumbered, Number: "IV", Status: StatusBook,
				Summary: "Sequences descend in alternating colours (a red nine on a black ten, a black eight, a red seven …); any number of cards may be so placed.",
				Terms:   []string{"очередующихся мастей", "в нисходящем порядке", "красная девятка на черную десятку", "какое угодно число карт"}},
			{ID: bcRuleV, Kind: KindNumbered, Number: "V", Status: StatusBook,
				Summary: "Every vacancy is filled at once with a card of the division immediately below; a vacancy of the People is filled from the talon, or from the pack when there is no talon.",
				Terms:   []string{"каждое пустое место", "немедленно же занято картою", "из отделения, лежащего непосредственно ниже", "в народе", "картою из талона", "то из колоды"}},
			{ID: bcRuleVI, Kind: KindNumbered, Number: "VI", Status: StatusBook,
				Summary: "The foundations follow suit: each ace is built up in its suit to the jack.",
				Terms:   []string{"на основания должны следовать масти"}},
			{ID: bcRuleSetup, Kind: KindPlay, Status: StatusBook,
				Summary: "Kings, queens and aces are taken out; seven queens are thrown aside; the queen of diamonds (the Sovereign), the black kings (bishops) and the red kings (judges) are laid out for show; the eight aces are the foundations (the Government), built up to the jacks.",
				Terms:   []string{"берут королей, дам и тузов", "семь дам отбрасывают в сторону", "бубновая дама изображает собою государыню", "черные короли – епископов, а красные короли – судей", "восемь тузов составляют основные карты или правительство", "восходят по порядку к валетам"}},
			{ID: bcRuleDeal, Kind: KindPlay, Status: StatusBook,
				Summary: "Four rows of eight cards are dealt starting with the lowest: the People, the House of Commons, the House of Lords and the Privy Council.",
				Terms:   []string{"четыре продольные ряда", "начиная с нижнего", "по восьми карт", "первый или нижний ряд представляет народ", "палату общин", "палату лордов", "тайный совет", "это составляет конституцию"}},
			{ID: bcRuleOpening, Kind: KindPlay, Status: StatusBook,
				Summary: "When the Constitution is laid out, suitable Privy Council cards are played (Rule I), each vacancy being filled as soon as it opens (Rule V); then the Constitution is examined for cards it pays to place in sequence (Rules II and IV).",
				Terms:   []string{"подходящая карта в ряду тайного совета", "наполняя каждое пустое место, как только оно открывается", "выгодно было бы поместить по порядку"}},
			{ID: bcRuleTalon, Kind: KindPlay, Status: StatusBook,
				Summary: "The rest of the pack is turned one card at a time; the cards not needed to fill vacancies of the People form the talon, whose top card is available.",
				Terms:   []string{"выкладывают остальную колоду", "не требуются для пополнения свободных мест в народе", "образуют собою талон"}},
			{ID: bcRuleRedeal, Kind: KindPlay, Status: StatusConvention,
				Summary: "There is no re-deal.",
				Source:  "GAMES.md §7, §14.6 (the text states none; PySolFC, Wikipedia and SolSuite have none)"},
			{ID: bcRuleWin, Kind: KindPlay, Status: StatusConvention,
				Summary: "Won when all eight foundations reach the jack (80 cards played).",
				Source:  "GAMES.md §7"},
			{ID: bcRuleTalonBuild, Kind: KindPlay, Status: StatusConvention,
				Summary: "Variant talon-build=on only: the talon top may be built on a People card in descending alternating colours.",
				Source:  "PySolFC BritishConstitution (id 391); not in the book (GAMES.md §7)"},
			{ID: bcRuleS1, Kind: KindAdvice, Number: "S1", Status: StatusBook,
				Summary: "When filling a vacancy, choose the card with the best chance of reaching the top, or one useful to the cards of the row below.",
				Terms:   []string{"закрывая пустое место", "надобно выбирать карту", "наиболее шансов добраться до вершины", "полезною картам нижнего ряда"}},
			{ID: bcRuleS2, Kind: KindAdvice, Number: "S2", Status: StatusBook,
				Summary: "It is often better to postpone opening a vacancy until a card convenient for play turns up; success depends mainly on skill.",
				Terms:   []string{"успех этого пасьянса главнейшим образом зависит от игры", "отложить на дольше срок открытия пустого места", "карта, удобная для игры"}},
		},
		Variants: []Variant{
			{Name: "fill", Values: []string{"immediate", "free"}, Default: "immediate",
				Doc: "immediate: every vacancy of the three upper divisions must be filled from the division below before any other move (Rule V, GAMES.md §14.6); free: such vacancies may be filled whenever the player likes (PySolFC). People vacancies are always filled at once from the talon or pack."},
			{Name: "talon-build", Values: []string{"off", "on"}, Default: "off",
				Doc: "off: pack and talon cards enter the Constitution only through People vacancies (the book); on: the talon top may also be built on People cards (PySolFC)."},
		},
	}
	s.Start = legacyStart(func(pack []Card, opts Options) (Game, error) {
		o, err := s.ResolveOptions(opts)
		if err != nil {
			return nil, err
		}
		return newBritishConstitution(pack, o)
	})
	return s
}

// britishConstitution is the state of a game of the British Constitution.
type britishConstitution struct {
	below      lsBelow
	piles      [bcPiles]lstack
	score      uint8
	freeFill   bool
	talonBuild bool
	opts       Options
}

func newBritishConstitution(pack []Card, opts Options) (*britishConstitution, error) {
	if err := verifyPack("british-constitution", pack, 2); err != nil {
		return nil, err
	}
	g := &britishConstitution{opts: opts, freeFill: opts["fill"] == "free", talonBuild: opts["talon-build"] == "on"}
	for i := range g.piles {
		g.piles[i] = lsNew()
	}
	for i := range g.below {
		g.below[i] = NoCard
	}
	play := make([]Card, 0, bcPlayed)
	var queens, judges, bishops []Card
	sovereign := NoCard
	for _, c := range pack {
		switch c.Rank() {
		case Ace:
			f := bcF0 + 2*int(c.Suit())
			if g.piles[f].n != 0 {
				f++
			}
			g.piles[f].push(&g.below, c)
		case King:
			if c.Color() == Black {
				bishops = append(bishops, c)
			} else {
				judges = append(judges, c)
			}
		case Queen:
			if c.Suit() == Diamonds && sovereign == NoCard {
				sovereign = c
			} else {
				queens = append(queens, c)
			}
		default:
			play = append(play, c)
		}
	}
	for _, c := range append(append(append(queens, judges...), bishops...), sovereign) {
		g.piles[bcAside].push(&g.below, c)
	}
	// The Constitution is dealt row by row from the People up.
	for i := 0; i < bcRows*bcCols; i++ {
		g.piles[i].push(&g.below, play[i])
	}
	for i := len(play) - 1; i >= bcRows*bcCols; i-- {
		g.piles[bcStock].push(&g.below, play[i])
	}
	return g, nil
}

// bcFoundationSuit is the suit of foundation pile f.
func bcFoundationSuit(f int) Suit { return Suit((f - bcF0) / 2) }

// accepts reports whether foundation pile f takes c next (Rule VI: in suit,
// up to the jack).
func (g *britishConstitution) accepts(f int, c Card) bool {
	top := g.piles[f].top
	return c.Suit() == bcFoundationSuit(f) && top.Rank() < Jack && c.Rank() == top.Rank()+1
}

// bcSequenceFits reports whether c may be placed on d (Rule IV).
func bcSequenceFits(c, d Card) bool {
	return d != NoCard && c.Rank()+1 == d.Rank() && c.Color() != d.Color()
}

// fillable reports whether pile v is a vacancy that a card of the division
// below can fill (Rule V).
func (g *britishConstitution) fillable(v int) bool {
	row := v / bcCols
	if row == 0 || row >= bcRows || g.piles[v].n != 0 {
		return false
	}
	for i := (row - 1) * bcCols; i < row*bcCols; i++ {
		if g.piles[i].n != 0 {
			return true
		}
	}
	return false
}

// pending reports whether a vacancy must be filled before any other move.
func (g *britishConstitution) pending() bool {
	if g.freeFill {
		return false
	}
	for v := bcCols; v < bcRows*bcCols; v++ {
		if g.fillable(v) {
			return true
		}
	}
	return false
}

func (g *britishConstitution) ID() string       { return "british-constitution" }
func (g *britishConstitution) Options() Options { return copyOptions(g.opts) }

func (g *britishConstitution) appendFills(dst []Move) []Move {
	for v := bcCols; v < bcRows*bcCols; v++ {
		if !g.fillable(v) {
			continue
		}
		row := v / bcCols
		for s := (row - 1) * bcCols; s < row*bcCols; s++ {
			if c := g.piles[s].top; c != NoCard {
				dst = append(dst, Move{Kind: MoveFill, From: uint8(s), To: uint8(v), Card: c, Card2: NoCard, Rule: bcRuleV})
			}
		}
	}
	return dst
}

func (g *britishConstitution) LegalMoves(dst []Move) []Move {
	if g.pending() {
		return g.appendFills(dst)
	}
	for s := bcCouncil * bcCols; s < bcRows*bcCols; s++ {
		c := g.piles[s].top
		if c == NoCard {
			continue
		}
		// Only the two foundations of c's suit can take it.
		for f := bcF0 + 2*int(c.Suit()); f < bcF0+2*int(c.Suit())+2; f++ {
			if g.accepts(f, c) {
				dst = append(dst, Move{Kind: MoveFoundation, From: uint8(s), To: uint8(f), Card: c, Card2: NoCard, Rule: bcRuleI})
			}
		}
	}
	// bcSequenceFits(c, t) is altKey(t) == altWant(c): the keys of the tops
	// of the three upper divisions, and per row the set of its keys.
	var key [bcRows * bcCols]int
	var present [bcRows]uint64
	for t := bcCols; t < bcRows*bcCols; t++ {
		key[t] = altKey(g.piles[t].top)
		if key[t] >= 0 {
			present[t/bcCols] |= 1 << key[t]
		}
	}
	for s := 0; s < bcCouncil*bcCols; s++ {
		c := g.piles[s].top
		if c == NoCard {
			continue
		}
		row := s / bcCols
		want := altWant(c)
		if present[row+1]&(1<<want) == 0 {
			continue // no top of the division above takes c
		}
		for t := (row + 1) * bcCols; t < (row+2)*bcCols; t++ {
			if key[t] == want { // bcSequenceFits(c, g.piles[t].top)
				dst = append(dst, Move{Kind: MoveBuild, From: uint8(s), To: uint8(t), Card: c, Card2: NoCard, Rule: bcRuleII})
			}
		}
	}
	if g.freeFill {
		dst = g.appendFills(dst)
	}
	if g.talonBuild {
		if c := g.piles[bcTalon].top; c != NoCard {
			for t := 0; t < bcCols; t++ {
				if bcSequenceFits(c, g.piles[t].top) {
					dst = append(dst, Move{Kind: MoveBuild, From: bcTalon, To: uint8(t), Card: c, Card2: NoCard, Rule: bcRuleTalonBuild})
				}
			}
		}
	}
	if g.piles[bcStock].n > 0 {
		dst = append(dst, Move{Kind: MoveDraw, From: bcStock, To: bcTalon, Card: NoCard, Card2: NoCard, Rule: bcRuleTalon})
	}
	return dst
}

func (g *britishConstitution) Check(m Move) error {
	if err := g.checkMove(m); err != nil {
		return err
	}
	// Rule V: while a vacancy can be filled, nothing else may be done.
	if m.Kind != MoveFill && g.pending() {
		return bcErrVacancyFirst
	}
	return nil
}

// checkMove checks m against every rule but the priority of Rule V's fills.
func (g *britishConstitution) checkMove(m Move) error {
	if m.Card2 != NoCard {
		return bcErrSecondCard
	}
	from, to := int(m.From), int(m.To)
	switch m.Kind {
	case MoveFoundation:
		if m.Rule != bcRuleI {
			return bcErrFoundationRuleID
		}
		if from >= bcRows*bcCols || from/bcCols != bcCouncil {
			return bcErrNotPrivyCouncil
		}
		if m.Card == NoCard || g.piles[from].top != m.Card {
			return bcErrNotTop
		}
		if to < bcF0 || to >= bcF0+8 {
			return bcErrNotFoundation
		}
		if !g.accepts(to, m.Card) {
			return bcErrFoundationRefuses
		}
		return nil
	case MoveBuild:
		if m.Rule == bcRuleTalonBuild {
			if !g.talonBuild {
				return bcErrTalonBuild
			}
			if from != bcTalon || to >= bcCols {
				return bcErrTalonBuildTarget
			}
		} else {
			if m.Rule != bcRuleII {
				return bcErrBuildRuleID
			}
			if from >= bcCouncil*bcCols {
				return bcErrBuildFromCouncil
			}
			if to >= bcRows*bcCols || to/bcCols != from/bcCols+1 {
				return bcErrNotDivisionAbove
			}
		}
		if m.Card == NoCard || g.piles[from].top != m.Card {
			return bcErrNotTop
		}
		if g.piles[to].n == 0 {
			return bcErrBuildOnVacancy
		}
		if !bcSequenceFits(m.Card, g.piles[to].top) {
			return bcErrSequence
		}
		return nil
	case MoveFill:
		if m.Rule != bcRuleV {
			return bcErrFillRuleID
		}
		if to < bcCols || to >= bcRows*bcCols || g.piles[to].n != 0 {
			return bcErrNotVacancy
		}
		if from >= bcRows*bcCols || from/bcCols != to/bcCols-1 {
			return bcErrNotDivisionBelow
		}
		if m.Card == NoCard || g.piles[from].top != m.Card {
			return bcErrNotTop
		}
		return nil
	case MoveDraw:
		if m.Rule != bcRuleTalon || from != bcStock || to != bcTalon || m.Card != NoCard {
			return bcErrDrawShape
		}
		if g.piles[bcStock].n == 0 {
			return bcErrNoRedeal
		}
		return nil
	}
	return bcErrNoSuchMove
}

func (g *britishConstitution) Apply(m Move) error {
	if err := g.Check(m); err != nil {
		return err
	}
	c := g.piles[m.From].pop(&g.below)
	g.piles[m.To].push(&g.below, c)
	if m.Kind == MoveFoundation {
		g.score++
	}
	// Rule V: a People vacancy is filled at once from the talon, or from the
	// pack when there is no talon.
	for p := 0; p < bcCols; p++ {
		if g.piles[p].n != 0 {
			continue
		}
		switch {
		case g.piles[bcTalon].n > 0:
			g.piles[p].push(&g.below, g.piles[bcTalon].pop(&g.below))
		case g.piles[bcStock].n > 0:
			g.piles[p].push(&g.below, g.piles[bcStock].pop(&g.below))
		}
	}
	return nil
}

func (g *britishConstitution) Over() bool {
	if g.Won() {
		return true
	}
	if g.piles[bcStock].n > 0 || g.pending() {
		return false // a draw, or a fill, is legal
	}
	var buf [128]Move
	return len(g.LegalMoves(buf[:0])) == 0
}

func (g *britishConstitution) Won() bool     { return g.score == bcPlayed }
func (g *britishConstitution) Score() int    { return int(g.score) }
func (g *britishConstitution) Total() int    { return bcPlayed }
func (g *britishConstitution) Redeals() int  { return 0 }
func (g *britishConstitution) NumPiles() int { return bcPiles }

func (g *britishConstitution) PileName(i int) string {
	switch {
	case i >= 0 && i < bcRows*bcCols:
		return fmt.Sprintf("%s%d", bcRowNames[i/bcCols], i%bcCols)
	case i >= bcF0 && i < bcF0+8:
		return fmt.Sprintf("F%d", i-bcF0)
	case i == bcStock:
		return "stock"
	case i == bcTalon:
		return "talon"
	case i == bcAside:
		return AsidePile
	}
	return fmt.Sprintf("pile%d", i)
}

func (g *britishConstitution) Pile(dst []Card, i int) []Card {
	if i < 0 || i >= bcPiles {
		return dst
	}
	return lsAppend(dst, &g.below, g.piles[i], i == bcStock)
}

// FullPile returns every card of pile i, bottom first. every card of pile i, bottom first.
func (g *britishConstitution) FullPile(dst []Card, i int) []Card {
	return lsAppend(dst, &g.below, g.piles[i], false)
}

func (g *britishConstitution) Hash() uint64 {
	return lsHash(0, &g.below, g.piles[:])
}

func (g *britishConstitution) ViewHash() uint64 {
	return lsViewHash(1, &g.below, g.piles[:], bcStock)
}

func (g *britishConstitution) Clone() Game {
	c := *g
	return &c
}

func (g *britishConstitution) Determinize(r *Rand) {
	lsDeterminize(&g.below, &g.piles[bcStock], r)
}

func (g *britishConstitution) status() string {
	if g.pending() {
		return fmt.Sprintf("%d of %d cards played; a vacancy must be filled", g.score, bcPlayed)
	}
	return fmt.Sprintf("%d of %d cards played", g.score, bcPlayed)
}

func (g *britishConstitution) String() string {
	return renderPiles(bcPiles, g.PileName, g.FullPile, g.status())
}

func (g *britishConstitution) View() string {
	return renderPiles(bcPiles, g.PileName, g.Pile, g.status())
}
