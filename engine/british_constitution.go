package engine

import (
	"fmt"
	"math/bits"
	"slices"
)

// The British Constitution (Английская конституция; Cadogan 1874, "The
// British Constitution", 1914 ed. "The Constitution"; PySolFC game 391).
//
// Piles: PEO0–PEO7, COM0–COM7, LRD0–LRD7, PRV0–PRV7 the four divisions of
// the Constitution (the People at the bottom … the Privy Council at the
// top; a pile's cards bottom first, the available card last); F0–F7 the
// foundations, two per suit in the order ♣♣♦♦♥♥♠♠, each built up from its
// ace to the jack; "stock" the face-down pack; "talon" its face-up waste;
// "aside" the court cards set aside by the setup.
//
// The setup and the deal are done by NewDeal. Forced moves (Rule V), made
// by Apply: a People vacancy is filled at once from the talon top, or from
// the pack when there is no talon. A vacancy of the three upper divisions
// must be filled (by the player's choice of a card of the division below)
// before any other move, unless variant fill=free.

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
	bcCons  = bcRows * bcCols // the piles of the Constitution
	bcF0    = bcCons          // F0…F7: foundations, two per suit (♣♣♦♦♥♥♠♠)
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

// bcRow is the mask of the piles of row r in a Constitution bit set.
func bcRow(r int) uint32 { return 0xFF << (bcCols * r) }

func britishConstitutionSpec() *Spec {
	return &Spec{
		ID:       "british-constitution",
		Title:    "The British Constitution",
		TitlesRU: []string{"Английская конституция"},
		Book:     "Cadogan",
		Sources: []string{
			"Cadogan 1874, \"The British Constitution\" (1914 ed. \"The Constitution\"): the corpus text is its Russian translation, complete (Rules I–VI, the play, footnote 20)",
			"PySolFC game 391 (British Constitution): no re-deal; vacancies above the People filled when the player likes, the talon built on the People (variants fill=free, talon-build=on)",
		},
		Decks:    2,
		Players:  1,
		MaxMoves: 2000,
		Planner:  PlannerDefaults{Samples: 2},
		Piles:    britishConstitutionPiles(),
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
				Source:  "engine convention: the text states no re-deal; PySolFC game 391 has none"},
			{ID: bcRuleWin, Kind: KindPlay, Status: StatusConvention,
				Summary: "Won when all eight foundations reach the jack (80 cards played).",
				Source:  "engine convention: the setup builds the foundations to the jacks (british-constitution/setup), so the game is won when the 80 cards 2–J are played"},
			{ID: bcRuleTalonBuild, Kind: KindPlay, Status: StatusConvention,
				Summary: "Variant talon-build=on only: the talon top may be built on a People card in descending alternating colours.",
				Source:  "PySolFC game 391 (British Constitution); not in the book"},
			{ID: bcRuleS1, Kind: KindAdvice, Number: "S1", Status: StatusBook,
				Summary: "When filling a vacancy, choose the card with the best chance of reaching the top, or one useful to the cards of the row below.",
				Terms:   []string{"закрывая пустое место", "надобно выбирать карту", "наиболее шансов добраться до вершины", "полезною картам нижнего ряда"}},
			{ID: bcRuleS2, Kind: KindAdvice, Number: "S2", Status: StatusBook,
				Summary: "It is often better to postpone opening a vacancy until a card convenient for play turns up; success depends mainly on skill.",
				Terms:   []string{"успех этого пасьянса главнейшим образом зависит от игры", "отложить на дольше срок открытия пустого места", "карта, удобная для игры"}},
		},
		Variants: []Variant{
			{Name: "fill", Values: []string{"immediate", "free"}, Default: "immediate",
				Doc: "immediate: every vacancy of the three upper divisions must be filled from the division below before any other move (Rule V: \"immediately\"); free: such vacancies may be filled whenever the player likes (PySolFC game 391). People vacancies are always filled at once from the talon or pack."},
			{Name: "talon-build", Values: []string{"off", "on"}, Default: "off",
				Doc: "off: pack and talon cards enter the Constitution only through People vacancies (the book); on: the talon top may also be built on People cards (PySolFC game 391)."},
		},
		Search: bcSearch,
		Start:  startBritishConstitution,
	}
}

// britishConstitutionPiles is the layout of the British Constitution.
func britishConstitutionPiles() []PileInfo {
	ps := make([]PileInfo, 0, bcPiles)
	for i := 0; i < bcCons; i++ {
		ps = append(ps, PileInfo{Name: fmt.Sprintf("%s%d", bcRowNames[i/bcCols], i%bcCols), Kind: PileTableau})
	}
	for i := 0; i < 8; i++ {
		ps = append(ps, PileInfo{Name: fmt.Sprintf("F%d", i), Kind: PileFoundation})
	}
	return append(ps,
		PileInfo{Name: "stock", Kind: PileStock},
		PileInfo{Name: "talon", Kind: PileTalon},
		PileInfo{Name: AsidePile, Kind: PileAside})
}

// bcRules are the typed variant options of the British Constitution.
type bcRules struct {
	freeFill   bool // fill=free: upper vacancies wait (PySolFC)
	talonBuild bool // talon-build=on: the talon top builds on the People
}

func startBritishConstitution(v *VariantReader) (Dealer, error) {
	r := &bcRules{
		freeFill:   v.Is("fill", "free"),
		talonBuild: v.Is("talon-build", "on"),
	}
	c := newCore(v)
	return func(pack []Card) (Game, error) { return newBritishConstitution(c, r, pack), nil }, nil
}

// The game contract and the optional interfaces britishConstitution implements,
// checked by the compiler.
var (
	_ Game           = (*britishConstitution)(nil)
	_ Acyclic        = (*britishConstitution)(nil)
	_ ProgressMover  = (*britishConstitution)(nil)
	_ ProgressPeeker = (*britishConstitution)(nil)
	_ MoveOrderer    = (*britishConstitution)(nil)
	_ Roller         = (*britishConstitution)(nil)
)

// britishConstitution is the state of a game of the British Constitution.
type britishConstitution struct {
	table
	r     *bcRules
	score uint8
	// empty has bit p set when Constitution pile p is empty, single when
	// it holds exactly one card (kept by setEmpty; read by Singles).
	empty, single uint32
	k             bcKept
}

// bcKept is what the British Constitution keeps of its piles besides
// empty and single, updated by Apply at each move instead of re-read at
// every move generation (a move changes the tops of its two piles and of
// a People pile it refills): TestBritishConstitutionKept compares it, with
// empty, single and score, with what index reads from the piles at every
// position of random playouts of every variant.
type bcKept struct {
	// keys[r][k] has bit c set when the top of pile c of division r has
	// key k (bcKey: altKey, 0 for a vacancy), so the piles of division r
	// a card c goes on are keys[r][bcWant[c]] (bcWant[NoCard] is 1, a key
	// no top has).
	keys [bcRows][32]uint8
	// wants[r][w] has bit c set when the top of pile c of division r goes
	// on a card of key w (bcWant: altWant, 1 for a vacancy, which no top
	// has as key).
	wants [bcRows][32]uint8
	// builds has bit p set when the top of pile p of the three lower
	// divisions goes on some top of the division above (a build of Rule
	// II): bit p is keys[r+1][bcWant[top p]] != 0.
	builds uint32
	// accept[f] is the rank foundation F0+f takes next, 0 once it holds
	// the jack (see accepts).
	accept [8]Rank
	// plays has bit c set when a foundation takes the top of Privy
	// Council pile c; nPlays is the number of foundation plays of those
	// tops (a top that both foundations of its suit take counts twice).
	plays, nPlays uint8
	// pending: a vacancy must be filled before any other move (see
	// pending).
	pending bool
}

func newBritishConstitution(c core, r *bcRules, pack []Card) *britishConstitution {
	g := new(britishConstitution)
	g.setUp(c, r, pack)
	return g
}

// setUp deals pack into g with the setup's core and rules, g's earlier
// state, if any, discarded: a game started anew.
func (g *britishConstitution) setUp(c core, r *bcRules, pack []Card) {
	*g = britishConstitution{table: table{core: c}, r: r}
	g.lay.reset()
	var play [bcPlayed]Card
	var queens, kings [8]Card
	nq, nj, np := 0, 0, 0
	var bishops [4]Card
	nb := 0
	sovereign := NoCard
	for _, c := range pack {
		switch c.Rank() {
		case Ace:
			f := bcF0 + 2*int(c.Suit())
			if !g.lay.empty(f) {
				f++
			}
			g.lay.push(f, c)
		case King:
			if c.Color() == Black {
				bishops[nb] = c
				nb++
			} else {
				kings[nj] = c // the judges
				nj++
			}
		case Queen:
			if c.Suit() == Diamonds && sovereign == NoCard {
				sovereign = c
			} else {
				queens[nq] = c
				nq++
			}
		default:
			play[np] = c
			np++
		}
	}
	for _, c := range queens[:nq] {
		g.lay.push(bcAside, c)
	}
	for _, c := range kings[:nj] {
		g.lay.push(bcAside, c)
	}
	for _, c := range bishops[:nb] {
		g.lay.push(bcAside, c)
	}
	g.lay.push(bcAside, sovereign)
	// The Constitution is dealt row by row from the People up.
	for i := 0; i < bcCons; i++ {
		g.lay.push(i, play[i])
	}
	g.lay.loadPack(bcStock, play[bcCons:])
	g.index()
}

// Redeal starts g again on pack with the same setup (engine.Redealer).
func (g *britishConstitution) Redeal(pack []Card) error {
	g.setUp(g.core, g.r, pack)
	return nil
}

// index recomputes empty, single, score and the kept facts (bcKept) from
// the layout.
func (g *britishConstitution) index() {
	g.k = bcKept{}
	for p := 0; p < bcCons; p++ {
		g.setEmpty(p)
		g.k.keys[p/bcCols][bcKey[g.lay.top(p)]] |= 1 << (p % bcCols)
		g.k.wants[p/bcCols][bcWant[g.lay.top(p)]] |= 1 << (p % bcCols)
	}
	for p := 0; p < bcCouncil*bcCols; p++ {
		if g.k.keys[p/bcCols+1][bcWant[g.lay.top(p)]] != 0 {
			g.k.builds |= 1 << p
		}
	}
	g.score = 0
	for f := range g.k.accept {
		g.score += uint8(g.lay.size(bcF0+f) - 1) // the ace is no card played
		g.setAccept(f)
	}
	g.setPlays()
	g.setPending()
}

// retop records in keys that the top of Constitution pile p changed from
// old to c.
// It keeps wants and builds too: pile p builds when the division above
// has a top of its new want; the piles of the division below that go on
// the old or the new key of p build when the division has a top of that
// key (the others keep their builds).
func (g *britishConstitution) retop(p int, old, c Card) {
	// (The masks spare bounds and shift checks: p < 32, keys and wants
	// < 32.)
	u := uint(p) & 31
	r, bit := u/bcCols&3, uint8(1)<<(u%bcCols)
	k := &g.k
	ko, kn := bcKey[old]&31, bcKey[c]&31
	keys := &k.keys[r]
	keys[ko] &^= bit
	keys[kn] |= bit
	wants := &k.wants[r]
	wants[bcWant[old]&31] &^= bit
	wants[bcWant[c]&31] |= bit
	if r < bcCouncil {
		one := uint32(0)
		if k.keys[(r+1)&3][bcWant[c]&31] != 0 {
			one = 1
		}
		k.builds = k.builds&^(1<<u) | one<<u
	}
	if r > 0 {
		below := &k.wants[(r-1)&3]
		sh := 8 * (r - 1) & 31
		row := uint8(k.builds >> sh)
		row &^= below[ko]
		if keys[ko] != 0 {
			row |= below[ko]
		}
		row &^= below[kn]
		if keys[kn] != 0 {
			row |= below[kn]
		}
		k.builds = k.builds&^(0xFF<<sh) | uint32(row)<<sh
	}
}

// setAccept records the rank foundation F0+f takes next (accept).
func (g *britishConstitution) setAccept(f int) {
	r := g.lay.top(bcF0+f&7).Rank() + 1 // a foundation is never empty
	if r > Jack {
		r = 0
	}
	g.k.accept[f&7] = r
}

// setPlays records which tops of the Privy Council a foundation takes
// (plays), and how many plays they make (nPlays).
func (g *britishConstitution) setPlays() {
	var m, n uint8
	for c := 0; c < bcCols; c++ {
		if t := g.lay.top(bcCouncil*bcCols + c); t != NoCard {
			f := 2 * int(t.Suit()) & 7
			a, b := g.k.accept[f] == t.Rank(), g.k.accept[f+1] == t.Rank()
			if a || b {
				m |= 1 << c
			}
			if a {
				n++
			}
			if b {
				n++
			}
		}
	}
	g.k.plays, g.k.nPlays = m, n
}

// setPending records whether a vacancy must be filled first (pending).
func (g *britishConstitution) setPending() {
	g.k.pending = !g.r.freeFill && bcVacancyToFill(g.empty)
}

// bcFoundationSuit is the suit of foundation pile f.
func bcFoundationSuit(f int) Suit { return Suit((f - bcF0) / 2) }

// accepts reports whether foundation pile f takes c next (Rule VI: in suit,
// up to the jack).
// It reads the kept accept.
func (g *britishConstitution) accepts(f int, c Card) bool {
	return c.Suit() == bcFoundationSuit(f) && c.Rank() == g.k.accept[(f-bcF0)&7]
}

// bcSequenceFits reports whether c may be placed on d (Rule IV).
func bcSequenceFits(c, d Card) bool {
	return d != NoCard && c.Rank()+1 == d.Rank() && c.Color() != d.Color()
}

// pending reports whether a vacancy must be filled before any other move
// (kept by Apply: it changes only with empty).
func (g *britishConstitution) pending() bool { return g.k.pending }

// bcVacancyToFill reports whether some vacancy of the three upper
// divisions has a card of the division below to fill it (Rule V), for the
// empty piles empty (bit p: pile p is empty).
func bcVacancyToFill(empty uint32) bool {
	for row := 1; row < bcRows; row++ {
		below := bcRow(row - 1)
		if empty&bcRow(row) != 0 && empty&below != below {
			return true
		}
	}
	return false
}

// setEmpty records whether Constitution pile p is empty, and whether it
// holds one card.
func (g *britishConstitution) setEmpty(p int) {
	if p >= bcCons {
		return
	}
	// Without branches: whether a pile is empty or holds one card after
	// a move is not predictable.
	n := g.lay.size(p)
	e, one := uint32(0), uint32(0)
	if n == 0 {
		e = 1
	}
	if n == 1 {
		one = 1
	}
	g.empty = g.empty&^(1<<p) | e<<p
	g.single = g.single&^(1<<p) | one<<p
}

// appendFills appends the fills of Rule V: for each vacancy of the three
// upper divisions in pile order (fillable), every card of the division
// below in pile order.
func (g *britishConstitution) appendFills(dst []Move) []Move {
	for holes := g.empty &^ bcRow(0); holes != 0; holes &= holes - 1 {
		v := bits.TrailingZeros32(holes)
		row := v / bcCols
		full := ^g.empty & bcRow(row-1) // the piles below that hold a card
		for ; full != 0; full &= full - 1 {
			s := bits.TrailingZeros32(full)
			dst = bcPush(dst, MoveFill, uint8(s), uint8(v), g.lay.top(s), bcRuleV)
		}
	}
	return dst
}

// Singles returns the set of the Constitution's piles (pile row*8 +
// column: the People are row 0 … the Privy Council row 3) that hold exactly
// one card, bit p for pile p: the moves from them open a vacancy, which the
// book strategy postpones (british-constitution/S2). The set is kept by
// every move, so this is one read instead of a PileReader call per pile.
// TestBritishConstitutionSingles checks it against Pile.
func (g *britishConstitution) Singles() uint32 { return g.single }

// Openings is what OpeningsAfter counts after one move.
type Openings struct {
	Plays  int  // the foundation plays then legal
	Builds int  // the builds then legal
	OK     bool // the move is one OpeningsAfter handles (else both counts are 0)
}

// bcKey and bcWant are altKey and altWant of every byte value, with 0 and 1
// for NoCard: no card has key 0 or 1 (keys are 2 … 27, wants 4 … 29), so a
// missing top neither takes nor goes on any card.
var bcKey, bcWant = func() (k, w [256]uint8) {
	for c := range k {
		if Card(c) == NoCard {
			k[c], w[c] = 0, 1
			continue
		}
		k[c], w[c] = uint8(altKey(Card(c))&31), uint8(altWant(Card(c))&31)
	}
	return k, w
}()

// OpeningsAfter appends to dst, for each move of moves (legal moves of g),
// what is legal after it without making it: for a build or a fill within
// the Constitution, the foundation plays and the builds then legal; the
// book strategy weighs each refill by them (british-constitution/S1).
// Builds are those of Rule II and, with variant talon-build=on, the
// talon's builds on the People; fills and the draw are not counted. A move
// whose card, or whose target's top card, lay face down in the pack before
// the move is left out: the only such card is the one the pack deals into
// a People pile that the move empties while the talon is empty. Both
// counts are 0 when a vacancy then waits to be filled (only fills are
// legal). Every other move gets OK false, and the caller makes it on a
// copy. g is not changed. The state is read once for all the moves:
// each move changes only the tops of its two piles (and the talon's), so
// its counts are those of the state less the pairs of the old tops plus
// those of the new. TestOpeningsAfter checks it against Apply on a copy and
// LegalMoves at every legal move of random playouts of every variant.
func (g *britishConstitution) OpeningsAfter(moves []Move, dst []Openings) []Openings {
	// The tables read are the kept ones (bcKept): a vacancy (NoCard)
	// sets keys[r][0] and wants[r][1], which are never read (the reads
	// index keys by a want, 1 or 4 … 29, and wants by a key, 0 or 2 …
	// 27); the plays of the Council's tops are kept too (nPlays).
	// builds: the pairs of tops that make a build (as if no vacancy
	// waited), from the tops that have one.
	builds := 0
	for b := g.k.builds; b != 0; b &= b - 1 {
		p := bits.TrailingZeros32(b)
		builds += bits.OnesCount8(g.k.keys[(p/bcCols+1)&3][bcWant[g.lay.top(p&31)]])
	}
	for i := range moves {
		dst = append(dst, g.openingsAfter(builds, &moves[i]))
	}
	return dst
}

// openingsAfter is OpeningsAfter for one move m of g, whose tops make
// builds builds.
func (g *britishConstitution) openingsAfter(builds int, m *Move) Openings {
	s, v := int(m.From), int(m.To)
	if (m.Kind != MoveBuild && m.Kind != MoveFill) || s >= bcCouncil*bcCols || v >= bcCons || v/bcCols != s/bcCols+1 {
		return Openings{}
	}
	x, z := g.lay.top(s), g.lay.top(v) // the card moved, and the top it goes on (NoCard: a fill)
	if x == NoCard {
		return Openings{}
	}
	q := s / bcCols // the division of s; v is in the one above
	// The new top y of s (see Apply): the card under x or, when s empties,
	// for a People pile the talon's top, else the pack's (face down
	// before: counted as no card), else none. No other People pile waits
	// for a card while the talon or the pack has one, so s takes it.
	empty := g.empty &^ (1 << v)
	talon := g.lay.top(bcTalon)
	y := g.lay.below[x]
	if y == NoCard {
		switch {
		case q == 0 && talon != NoCard:
			y = talon
			talon = g.lay.below[talon]
		case q == 0 && !g.lay.empty(bcStock):
			// s is not empty, but its card was face down: counted as none.
		default:
			empty |= 1 << s
		}
	}
	if !g.r.freeFill && bcVacancyToFill(empty) {
		return Openings{OK: true} // only fills are legal
	}
	o := Openings{Plays: int(g.k.nPlays), OK: true}
	if v >= bcCouncil*bcCols {
		o.Plays += g.playsOf(x) - g.playsOf(z)
	}
	// The builds: take away the pairs of x on s and of z on v, add those
	// of y on s and of x on v. Only divisions q and q+1 change, so the
	// tables of the others are read as they are, and those of q and q+1
	// without s and v; a pair of s and v (x on z before, y on x after) is
	// counted once.
	keys, wants := &g.k.keys, &g.k.wants
	bs, bv := uint8(1)<<(s%bcCols), uint8(1)<<(v%bcCols)
	n := builds
	n -= bits.OnesCount8(keys[q+1][bcWant[x]]) // x onto division q+1 (z too if x fits on it)
	n -= bits.OnesCount8(wants[q][bcKey[z]])   // division q onto z (x too if it fits)
	if bcWant[x] == bcKey[z] {
		n++ // x on z, taken away twice
	}
	n += bits.OnesCount8(wants[q][bcKey[x]] &^ bs)   // division q but s onto x
	n += bits.OnesCount8(keys[q+1][bcWant[y]] &^ bv) // y onto division q+1 but v
	if bcWant[y] == bcKey[x] {
		n++ // y onto x
	}
	if q > 0 {
		n += bits.OnesCount8(wants[q-1][bcKey[y]]) - bits.OnesCount8(wants[q-1][bcKey[x]])
	}
	if q+2 < bcRows {
		n += bits.OnesCount8(keys[q+2][bcWant[x]]) - bits.OnesCount8(keys[q+2][bcWant[z]])
	}
	if g.r.talonBuild && talon != NoCard {
		for t := 0; t < bcCols; t++ {
			top := g.lay.top(t)
			if t == s {
				top = y
			}
			if bcSequenceFits(talon, top) {
				n++
			}
		}
	}
	o.Builds = n
	return o
}

// LegalMoves appends, while a vacancy must be filled, only the fills;
// otherwise the plays from the Privy Council, the builds on the division
// above, the fills (variant fill=free), the talon builds (variant
// talon-build=on) and the draw.
func (g *britishConstitution) LegalMoves(dst []Move) []Move {
	if g.pending() {
		return g.appendFills(dst)
	}
	dst = g.appendPlays(dst, g.k.plays, -1, NoCard) // the plays from the Privy Council (ProgressMoves)
	// bcSequenceFits(c, t) is bcKey[t] == bcWant[c]: the kept keys give,
	// per division, the columns whose top has each key.
	// The kept builds are the sources in pile order.
	for b := g.k.builds; b != 0; b &= b - 1 {
		s := bits.TrailingZeros32(b)
		row := s / bcCols
		c := g.lay.top(s)
		for m := g.k.keys[(row+1)&3][bcWant[c]&31]; m != 0; m &= m - 1 {
			t := (row+1)*bcCols + bits.TrailingZeros8(m)
			dst = bcPush(dst, MoveBuild, uint8(s), uint8(t), c, bcRuleII)
		}
	}
	if g.r.freeFill {
		dst = g.appendFills(dst)
	}
	return g.appendTalonMoves(dst)
}

// appendPlays appends the foundation plays from the Privy Council, in the
// order of ProgressMoves (its piles in order, each to the lower foundation
// of its suit first), from the kept accept: those of the piles in plays
// (bit c: Council pile c), the top of pile to read as c (to < 0: every top
// as it lies).
func (g *britishConstitution) appendPlays(dst []Move, plays uint8, to int, c Card) []Move {
	for m := plays; m != 0; m &= m - 1 {
		s := bcCouncil*bcCols + bits.TrailingZeros8(m)
		t := g.lay.top(s)
		if s == to {
			t = c
		}
		f := 2 * int(t.Suit()) & 7
		if g.k.accept[f] == t.Rank() {
			dst = bcPush(dst, MoveFoundation, uint8(s), uint8(bcF0+f), t, bcRuleI)
		}
		if g.k.accept[f+1] == t.Rank() {
			dst = bcPush(dst, MoveFoundation, uint8(s), uint8(bcF0+f+1), t, bcRuleI)
		}
	}
	return dst
}

// progressAfter is ProgressAfter (engine/progress.go): the plays after a
// build or fill within the Constitution are those of the kept plays with
// the target's new top c, unless a vacancy then waits to be filled.
func (g *britishConstitution) progressAfter(m Move, dst []Move) ([]Move, bool) {
	from, to := int(m.From), int(m.To)
	if (m.Kind != MoveBuild && m.Kind != MoveFill) || from >= bcCouncil*bcCols || to >= bcCons || from == to {
		return dst, false
	}
	c := g.lay.top(from)
	if c == NoCard {
		return dst, false
	}
	empty := g.empty &^ (1 << to)
	if g.lay.below[c] == NoCard && (from >= bcCols || g.lay.empty(bcTalon) && g.lay.empty(bcStock)) {
		empty |= 1 << from // a vacancy (a People pile stays empty only when nothing refills it)
	}
	if !g.r.freeFill && bcVacancyToFill(empty) {
		return dst, true // only fills are legal
	}
	plays := g.k.plays
	if col := to - bcCouncil*bcCols; col >= 0 { // c becomes the top of Council pile col
		bit := uint8(1) << (col & 7)
		plays &^= bit
		if f := 2 * int(c.Suit()) & 7; g.k.accept[f] == c.Rank() || g.k.accept[f+1] == c.Rank() {
			plays |= bit
		}
	}
	return g.appendPlays(dst, plays, to, c), true
}

// appendTalonMoves appends the moves LegalMoves lists last: the talon
// builds (variant talon-build=on) and the draw.
func (g *britishConstitution) appendTalonMoves(dst []Move) []Move {
	if g.r.talonBuild {
		if c := g.lay.top(bcTalon); c != NoCard {
			for t := 0; t < bcCols; t++ {
				if bcSequenceFits(c, g.lay.top(t)) {
					dst = bcPush(dst, MoveBuild, bcTalon, uint8(t), c, bcRuleTalonBuild)
				}
			}
		}
	}
	if !g.lay.empty(bcStock) {
		dst = bcPush(dst, MoveDraw, bcStock, bcTalon, NoCard, bcRuleTalon)
	}
	return dst
}

// MovesAfterDraw appends to dst the legal moves of g, the state right
// after a draw, given before, the legal moves LegalMoves listed in the
// state of the draw, and reports true; it reports false (dst unchanged)
// when before does not end with a draw. A draw turns the pack's top card
// onto the talon and changes nothing else (no vacancy waits while a draw
// is legal, and no People pile is empty while the talon or the pack has a
// card), so the plays, builds and fills are those listed before it, in
// the same order; the talon's builds (variant talon-build=on) are those of
// the new talon top, and the draw is listed again while the pack has
// cards. dst must not overlap before, unless it is before[:0]: the moves
// are then listed in place. The book strategy, which turns
// the pack at about half of its decisions, lists the moves after its draws
// with it instead of LegalMoves. TestMovesAfterDraw checks it against
// LegalMoves after every draw of random playouts of every variant.
func (g *britishConstitution) MovesAfterDraw(before, dst []Move) ([]Move, bool) {
	n := len(before)
	if n == 0 || before[n-1].Kind != MoveDraw {
		return dst, false
	}
	if len(dst) == 0 && cap(dst) >= n && &dst[:1][0] == &before[0] && !g.r.talonBuild && !g.lay.empty(bcStock) {
		// In place, without talon builds, and the draw listed again:
		// the very moves of before.
		return before, true
	}
	k := n - 1
	for k > 0 && before[k-1].From == bcTalon { // the talon's builds
		k--
	}
	dst = append(dst, before[:k]...)
	return g.appendTalonMoves(dst), true
}

// Check is the legality predicate, rule by rule.
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
		if from >= bcCons || from/bcCols != bcCouncil {
			return bcErrNotPrivyCouncil
		}
		if m.Card == NoCard || g.lay.top(from) != m.Card {
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
			if !g.r.talonBuild {
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
			if to >= bcCons || to/bcCols != from/bcCols+1 {
				return bcErrNotDivisionAbove
			}
		}
		if m.Card == NoCard || g.lay.top(from) != m.Card {
			return bcErrNotTop
		}
		if g.lay.empty(to) {
			return bcErrBuildOnVacancy
		}
		if !bcSequenceFits(m.Card, g.lay.top(to)) {
			return bcErrSequence
		}
		return nil
	case MoveFill:
		if m.Rule != bcRuleV {
			return bcErrFillRuleID
		}
		if to < bcCols || to >= bcCons || !g.lay.empty(to) {
			return bcErrNotVacancy
		}
		if from >= bcCons || from/bcCols != to/bcCols-1 {
			return bcErrNotDivisionBelow
		}
		if m.Card == NoCard || g.lay.top(from) != m.Card {
			return bcErrNotTop
		}
		return nil
	case MoveDraw:
		if m.Rule != bcRuleTalon || from != bcStock || to != bcTalon || m.Card != NoCard {
			return bcErrDrawShape
		}
		if g.lay.empty(bcStock) {
			return bcErrNoRedeal
		}
		return nil
	}
	return bcErrNoSuchMove
}

// Apply checks and performs m, then fills People vacancies from the talon
// or the pack (Rule V).
func (g *britishConstitution) Apply(m Move) error {
	if err := g.Check(m); err != nil {
		return err
	}
	g.ApplyListed(&m)
	return nil
}

// ApplyListed performs m, which LegalMoves listed for the current state,
// without checking it again (engine.ListedApplier).
func (g *britishConstitution) ApplyListed(m *Move) {
	if m.Kind == MoveDraw {
		// A draw turns the pack's top card onto the talon and changes
		// nothing else that is kept: it is listed only while no vacancy
		// waits, and no People pile is empty while the pack has a card.
		g.lay.moveLinked(bcStock, bcTalon)
		return
	}
	from, to := int(m.From), int(m.To)
	old := g.lay.top(to) // NoCard for a fill; a foundation's is not kept
	c := g.lay.moveLinked(from, to)
	if from < bcCons {
		g.retop(from, c, g.lay.top(from))
		g.setEmpty(from)
	}
	if to < bcCons {
		g.retop(to, old, c)
		g.setEmpty(to)
	}
	if m.Kind == MoveFoundation {
		g.score++
		g.setAccept(to - bcF0)
	}
	// Rule V: a People vacancy is filled at once from the talon, or from the
	// pack when there is no talon.
	for holes := g.empty & bcRow(0); holes != 0; holes &= holes - 1 {
		p := bits.TrailingZeros32(holes)
		switch {
		case !g.lay.empty(bcTalon):
			g.retop(p, NoCard, g.lay.moveLinked(bcTalon, p))
		case !g.lay.empty(bcStock):
			g.retop(p, NoCard, g.lay.moveLinked(bcStock, p))
		default:
			continue
		}
		g.empty &^= 1 << p
		g.single |= 1 << p // the card that filled it
	}
	// The Council's plays change only with its tops and the foundations.
	if from >= bcCouncil*bcCols && from < bcF0+8 || to >= bcCouncil*bcCols && to < bcF0+8 {
		g.setPlays()
	}
	g.setPending()
}

// Acyclic reports that no position of the British Constitution comes back
// (engine.Acyclic, every variant): every move makes the cards out of the
// pack, plus each card of the Constitution counted once for each division
// from the People (1) up to the Privy Council (4), plus five for each card
// on the foundations, go up — a card moves only up a division, or from
// the Council to its foundation, or from the pack to the talon, or from
// the talon or the pack into the People. TestBritishConstitutionAcyclic
// checks the measure at every move.
func (g *britishConstitution) Acyclic() bool { return true }

// Ending: won when every foundation reaches the jack, stuck when no move
// is legal.
func (g *britishConstitution) Ending() Ending {
	if g.Won() || !g.lay.empty(bcStock) || g.pending() {
		return ending(g.Won(), false, true) // a draw, or a fill, is legal
	}
	var buf [128]Move
	return ending(false, false, len(g.LegalMoves(buf[:0])) > 0)
}

func (g *britishConstitution) Won() bool    { return g.score == bcPlayed }
func (g *britishConstitution) Score() int   { return int(g.score) }
func (g *britishConstitution) Total() int   { return bcPlayed }
func (g *britishConstitution) Redeals() int { return 0 }

// Pile shows every pile but the face-down pack.
func (g *britishConstitution) Pile(dst []Card, i int) []Card {
	if i == bcStock {
		return appendHidden(dst, g.lay.size(bcStock))
	}
	return g.FullPile(dst, i)
}

// FullPile returns every card of pile i, bottom first.
func (g *britishConstitution) FullPile(dst []Card, i int) []Card {
	if i < 0 || i >= bcPiles {
		return dst
	}
	return g.lay.appendPile(dst, i)
}

// Hash covers every pile but the aside, which never changes (the score is
// the foundations' size).
func (g *britishConstitution) Hash() uint64 {
	h := newWordHash(0xBC)
	g.lay.hashTable(&h, bcAside, -1, nil)
	return h.sum()
}

// ViewHash is Hash with the pack reduced to its size: the kept links of
// every other pile (see layout.linkHash; the thrown-out queens never move).
func (g *britishConstitution) ViewHash() uint64 {
	return viewHash(g.lay.linkHash(^uint64(1<<bcStock)), uint64(g.lay.size(bcStock)))
}

func (g *britishConstitution) Clone() Game {
	c := *g
	return &c
}

// CopyFrom makes g a copy of src when src is a British Constitution game.
func (g *britishConstitution) CopyFrom(src Game) bool { return copyState(g, src) }

// Determinize shuffles the pack.
func (g *britishConstitution) Determinize(r *Rand) { g.lay.determinize(bcStock, r) }

func (g *britishConstitution) status() string {
	if g.pending() {
		return fmt.Sprintf("%d of %d cards played; a vacancy must be filled", g.score, bcPlayed)
	}
	return fmt.Sprintf("%d of %d cards played", g.score, bcPlayed)
}

func (g *britishConstitution) String() string { return renderGame(g, g.FullPile, g.status()) }

func (g *britishConstitution) View() string { return renderGame(g, g.Pile, g.status()) }

// bcSearch explains the search hooks of the British Constitution.
const bcSearch = `Symmetry: no rule tells the two copies of a card apart (foundations go by suit and rank, sequences by rank and colour), so the key sees cards by suit and rank only; the eight piles of a division play by the same rules (a card goes on any pile of the division above, a vacancy takes a card from any pile of the division below, and People vacancies never wait while the talon or pack has a card), so each division is taken as a sorted list of piles; and the two foundations of a suit as a sorted pair of heights. Every pile of the Constitution is its base card and a descending run on it, at most ten cards, so each pile is one exact 64-bit word. The pack and the talon are kept in order.

Safe moves: a Privy Council card that is not alone in its pile (or is, when the House of Lords is empty, so that the vacancy it leaves can never be filled) goes to its foundation when no card still in play can ever be placed on it (it is a two, or both cards of the rank below in both suits of the other colour are home) and the suit's other foundation either holds the other copy already or stands at the same height. Any win plays the card from that pile at some time t; nothing is built on it before t, and no other card can go to that foundation before t except the other copy, which then goes to the other foundation at the same height; so playing it now keeps every move of the win legal (the card under it is only uncovered sooner, and no vacancy opens that a card would have to fill). A card alone in its pile is not safe in general: the vacancy must be filled at once (Rule V), pulling a card of the Lords up before the win would.

Move order: the plays, then the draw, then the rest in the engine's order. A search then first turns the whole pack onto the talon and revises how far to turn it before each People vacancy opens, which is when a talon card comes into play (british-constitution/S2: postpone opening a vacancy until a convenient card turns up). Measured on deals 1–80 at 50,000 nodes it wins 23 where the engine's order (the draw last) wins 9.

Rollouts (engine.Roller): the solver's probe looks for a win by nested rollouts, playing every candidate move out with a heuristic. The heuristic plays a card home when it can; else it makes the build or fill that goes to the highest division (cards nearer the foundations first), above all one onto the Privy Council that a foundation then takes, and among equals one that empties its pile (the vacancy brings the next card up), the first listed breaking the last ties; it turns the pack only when nothing else is legal. A playout's end is rated by the cards played (a thousand each), then by how high the rest stand (each card of the Constitution one more than its division's number, the People 0 … the Privy Council 3: at most 320, so one card played outweighs every rise, and a won state rates highest). The hooks only steer the search for a win: a line the rollouts find wins when replayed, and they prove nothing, so they cannot make a wrong "won" or "lost". The deal's difficulty was the order of a search, not its size: chronological backtracking, whose early choices (how far to turn the pack before each vacancy, which card fills it) are revised only after everything below them is spent, found the wins after a median of 0.53 M nodes; the rollouts, which weigh every early choice by a whole game played out from it, find most of them within 0.1 M.

Dead ends: none are detected. Cards of the Privy Council leave it only for the foundations, and a pile of it is a descending run, so its cards go home in the order the foundations need them; a position is lost only when no vacancy can be opened for the cards still in the pack and talon, which depends on the whole Constitution and is left to the search.

Undecided deals: no loss is proved at the default budget. The pack is turned once, but every card of it can enter the People at any of the moments a vacancy opens, and every build and fill is a choice among up to eight piles, so the positions of one deal run to many millions; a loss is proved only by visiting them all. The few deals the rollouts do not win within their share of the budget are left to the exhaustive search (deal 3 of seed 2026, undecided at the default budget, is won by the rollouts at a budget of 20 M nodes, after 4.2 M). Deciding losses would take a dead-end test that shows no People vacancy can ever open again (no card of the People can ever go up a division) while cards wait in the pack or talon.`

// bcFace is the face of c (suit and rank, 0 … 51) for the search key.
func bcFace(c Card) uint64 { return uint64(c.Face()) }

// SearchKey returns the canonical key described in bcSearch.
func (g *britishConstitution) SearchKey() Key {
	k := newKeyHash(0x4243) // "BC"
	for row := 0; row < bcRows; row++ {
		var w [bcCols]uint64
		for i := range w {
			p := row*bcCols + i
			x := uint64(g.lay.size(p)) // at most ten cards: 4 + 60 bits
			for c := g.lay.top(p); c != NoCard; c = g.lay.below[c] {
				x = x<<6 | bcFace(c)
			}
			w[i] = x
		}
		sortWords(w[:])
		for _, x := range w {
			k.fastWord(x)
		}
	}
	var f uint64
	for s := 0; s < NumSuits; s++ {
		a, b := uint64(g.lay.size(bcF0+2*s)), uint64(g.lay.size(bcF0+2*s+1))
		if a > b {
			a, b = b, a
		}
		f = f<<8 | a<<4 | b
	}
	k.fastWord(f)
	pileKey(&k, &g.lay, bcStock, 6, faceValue{}, true)
	pileKey(&k, &g.lay, bcTalon, 6, faceValue{}, true)
	return k.fastSum()
}

// home reports whether both copies of rank r of suit s are on the
// foundations.
func (g *britishConstitution) home(r Rank, s Suit) bool {
	f := bcF0 + 2*int(s)
	return g.lay.size(f) >= int(r) && g.lay.size(f+1) >= int(r)
}

// SafeMove returns a foundation play described in bcSearch, or -1.
func (g *britishConstitution) SafeMove(legal []Move) int {
	for i, m := range legal {
		if m.Kind != MoveFoundation {
			continue
		}
		// No vacancy may open, or none that a card could be forced to fill.
		lords := bcRow(bcCouncil - 1)
		if g.lay.size(int(m.From)) < 2 && g.empty&lords != lords {
			continue
		}
		c := m.Card
		r := c.Rank()
		if r > 2 {
			other := [2]Suit{Clubs, Spades}
			if c.Color() == Black {
				other = [2]Suit{Diamonds, Hearts}
			}
			if !g.home(r-1, other[0]) || !g.home(r-1, other[1]) {
				continue
			}
		}
		to := int(m.To)
		mate := to ^ 1 // the suit's other foundation (F0/F1, F2/F3, …)
		if h := g.lay.size(mate); h == g.lay.size(to) || h >= int(r) {
			return i
		}
	}
	return -1
}

// DeadEnd reports false: no dead end is detected (see bcSearch).
func (g *britishConstitution) DeadEnd() bool { return false }

// OrderMoves puts the plays first, then the draw, then the builds and
// fills in the engine's order (see bcSearch).
func (g *britishConstitution) OrderMoves(moves []Move) {
	score := func(m Move) int {
		switch {
		case m.Kind == MoveFoundation:
			return 0
		case m.Kind == MoveDraw:
			return 1
		}
		return 2
	}
	for i := 1; i < len(moves); i++ { // a stable insertion sort
		for j := i; j > 0 && score(moves[j]) < score(moves[j-1]); j-- {
			moves[j], moves[j-1] = moves[j-1], moves[j]
		}
	}
}

// Scores of the rollout heuristic (see bcSearch): a play first, then a
// build or fill by the division it goes to, one that a foundation then
// takes before it, one that empties its pile breaking ties; the draw last.
const (
	bcRollPlay     = 1000
	bcRollTableau  = 100
	bcRollDivision = 10
	bcRollPlayable = 50
	bcRollEmpties  = 5
)

// RolloutMove returns the move of the rollout heuristic described in
// bcSearch: the legal move of the highest score, the first listed among
// equals.
func (g *britishConstitution) RolloutMove(legal []Move) int {
	best, bi := -1, 0
	for i := range legal {
		m := &legal[i]
		sc := 0
		switch m.Kind {
		case MoveFoundation:
			sc = bcRollPlay
		case MoveBuild, MoveFill:
			row := int(m.To) / bcCols
			sc = bcRollTableau + bcRollDivision*row
			if row == bcCouncil {
				f := bcF0 + 2*int(m.Card.Suit())
				if g.accepts(f, m.Card) || g.accepts(f+1, m.Card) {
					sc += bcRollPlayable
				}
			}
			if int(m.From) < bcCons && g.lay.size(int(m.From)) == 1 {
				sc += bcRollEmpties
			}
		}
		if sc > best {
			best, bi = sc, i
		}
	}
	return bi
}

// RolloutValue rates a state for the rollouts (see bcSearch): a thousand
// for each card played, and for each card of the Constitution one more
// than the number of its division (0 for the People … 3 for the Privy
// Council); at most 320 for the Constitution, so a card played outweighs
// any rise, and a won state rates highest.
func (g *britishConstitution) RolloutValue() int {
	v := 1000 * int(g.score)
	for p := 0; p < bcCons; p++ {
		v += g.lay.size(p) * (p/bcCols + 1)
	}
	return v
}

// bcPush appends the move of kind k from pile from to pile to with card
// c and rule, storing its fields one by one into the list: a Move literal
// is built on the stack and copied in 16-byte halves, whose loads cannot
// be forwarded from the byte stores just made (a stall per move; see
// sulSetPlay).
func bcPush(dst []Move, k MoveKind, from, to uint8, c Card, rule RuleID) []Move {
	n := len(dst)
	dst = slices.Grow(dst, 1)[:n+1]
	m := &dst[n]
	m.Kind, m.From, m.To, m.Card, m.Card2, m.Rule = k, from, to, c, NoCard, rule
	return dst
}
