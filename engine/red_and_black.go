package engine

import "fmt"

// Red and Black (Пасьянс «Красные — черные», Pujol; GAMES.md §12).
//
// Piles: F0–F7 foundations (F(2s+d) starts with the ace of suit s from deck
// d and builds up in suit to the king; either copy of a card may go on
// either foundation of its suit), T0–T7 the eight tableau piles
// ("Volunteers"), "stock" (face down) and "talon".
//
// Forced moves applied inside Apply: an empty tableau pile is refilled at
// once from the pack, or from the talon when the pack is empty
// (red-and-black/fill); this also happens after the opening and a redeal.

const (
	rbFound  = 0
	rbTab    = 8
	rbStock  = 16
	rbTalon  = 17
	rbPiles  = 18
	rbNoAces = 2*CardsPerDeck - 8
	// rbIdleLimit is the cycle rule: at most this many consecutive moves
	// between tableau piles.
	rbIdleLimit = 24
)

// Rule IDs of red-and-black.
const (
	rbRuleSetup      RuleID = "red-and-black/setup"
	rbRuleFoundation RuleID = "red-and-black/foundation"
	rbRuleFill       RuleID = "red-and-black/fill"
	rbRuleDraw       RuleID = "red-and-black/draw"
	rbRuleBuild      RuleID = "red-and-black/build"
	rbRuleShift      RuleID = "red-and-black/shift"
	rbRuleRedeal     RuleID = "red-and-black/redeal"
	rbRuleWin        RuleID = "red-and-black/win"
	rbRuleCycle      RuleID = "red-and-black/cycle"
)

func redAndBlackSpec() *Spec {
	return &Spec{
		ID:       "red-and-black",
		Title:    "Red and Black",
		TitlesRU: []string{"Красные — черные", "Пасьянс «Красные — черные»"},
		Book:     "Pujol",
		Decks:    2,
		Players:  1,
		MaxMoves: 15000,
		Rules: []Rule{
			{ID: rbRuleSetup, Kind: KindPlay, Status: StatusBook,
				Summary: "Take out all 8 aces as foundations in one row; shuffle the rest and deal 8 cards in a row beneath them.",
				Terms:   []string{"две полные колоды", "выбираются все 8 тузов", "кладутся в один ряд", "тщательно тасуются", "под тузами кладется в ряд 8 карт"}},
			{ID: rbRuleFoundation, Kind: KindPlay, Status: StatusBook,
				Summary: "Foundations build up in suit from the ace to the king, from the tableau tops or the talon top.",
				Source:  "Cadogan 1914 Rule I (the foundations follow suit)",
				Terms:   []string{"на каждого туза кладутся карты его же масти", "двойки на тузов", "тройки на двойки", "до королей"}},
			{ID: rbRuleFill, Kind: KindPlay, Status: StatusBook,
				Summary: "A gap in the row of eight is filled at once from the pack (from the talon when the pack is out); forced, applied by the engine.",
				Source:  "GAMES.md §14.11 (later gaps and the talon fallback)",
				Terms:   []string{"пробел этот тотчас же заполняется из колоды"}},
			{ID: rbRuleDraw, Kind: KindPlay, Status: StatusBook,
				Summary: "Turn the pack to the side one card at a time onto the talon, whose top card is available.",
				Source:  "GAMES.md §14.11 (talon top available)",
				Terms:   []string{"мечут колоду к стороне"}},
			{ID: rbRuleBuild, Kind: KindPlay, Status: StatusBook,
				Summary: "Build the talon top on a tableau top in descending order and alternating colour (red on black, black on red).",
				Source:  "Cadogan 1914 Rule II",
				Terms:   []string{"по нисходящему порядку", "семерка на восьмерку", "в различных мастях", "красная на черную, черная на красную"}},
			{ID: rbRuleShift, Kind: KindPlay, Status: StatusBook,
				Summary: "Move the top card (variant: a sequence) from one tableau pile to another in descending alternating-colour order.",
				Source:  "GAMES.md §14.11 (single card by default)",
				Terms:   []string{"с одной пачки (из восьми) можно перекладывать на другую", "в понижающемся порядке"}},
			{ID: rbRuleRedeal, Kind: KindPlay, Status: StatusBook,
				Summary: "When the pack is out, the talon may be dealt once more in the same order (one redeal).",
				Source:  "GAMES.md §14.11 (Cadogan shuffles: variant redeal=shuffled)",
				Terms:   []string{"остатки колоды, лежащие в стороне", "прометать еще раз в том же порядке"}},
			{ID: rbRuleWin, Kind: KindPlay, Status: StatusBook,
				Summary: "The game is won when all eight foundations reach the king.",
				Terms:   []string{"пасьянс вышел"}},
			{ID: rbRuleCycle, Kind: KindPlay, Status: StatusConvention,
				Summary: fmt.Sprintf("Cycle rule: at most %d consecutive moves between tableau piles; then a card must be drawn, played or built from the talon.", rbIdleLimit),
				Source:  "engine convention (play could loop moving a card back and forth)"},
			{ID: "red-and-black/S1", Kind: KindAdvice, Number: "S1", Status: StatusBook,
				Summary: "Shift cards between the eight piles to prepare them for transfer to the aces.",
				Terms:   []string{"для того, чтобы подготовить эти пачки для переноса на тузов"}},
			{ID: "red-and-black/S2", Kind: KindAdvice, Number: "S2", Status: StatusBook,
				Summary: "Move a pile's top card to the aces as soon as it is needed there.",
				Terms:   []string{"как только верхняя карта пачки", "надобна для тузов", "тотчас же перекладывают"}},
		},
		Variants: []Variant{
			{Name: "moves", Values: []string{"single", "sequence"}, Default: "single",
				Doc: "single: only the top card moves between piles (Cadogan, solitaireforever; GAMES.md §14.11); sequence: a descending alternating-colour run moves as a unit (PySolFC)."},
			{Name: "redeal", Values: []string{"unshuffled", "shuffled"}, Default: "unshuffled",
				Doc: "unshuffled: the talon is dealt again in the same order (Pujol); shuffled: it is shuffled first (Cadogan), with a shuffle derived from the deal."},
		},
		Start: legacyStart(newRedAndBlack),
	}
}

// redAndBlack is the state of a game of Red and Black. It is a value type of
// fixed arrays: Clone is one copy.
type redAndBlack struct {
	opts     Options
	sequence bool
	shuffled bool
	redeals  uint8
	idle     uint16
	rng      uint64
	fn       [8]uint8
	tn       [8]uint8
	sn       uint8
	wn       uint8
	found    [8][NumRanks]Card
	tab      [8][16]Card
	stock    [rbNoAces]Card // stock[sn-1] is the top
	talon    [rbNoAces]Card // talon[wn-1] is the top
}

func newRedAndBlack(pack []Card, opts Options) (Game, error) {
	spec := redAndBlackSpec()
	o, err := spec.ResolveOptions(opts)
	if err != nil {
		return nil, err
	}
	if err := verifyPack(spec.ID, pack, spec.Decks); err != nil {
		return nil, err
	}
	g := &redAndBlack{opts: o, sequence: o["moves"] == "sequence", shuffled: o["redeal"] == "shuffled", rng: deriveSeed(pack)}
	// Setup: the aces come out; the rest keeps the pack's order.
	rest := make([]Card, 0, rbNoAces)
	for _, c := range pack {
		if c.Rank() == Ace {
			f := 2*int(c.Suit()) + c.Deck()
			g.found[f][0] = c
			g.fn[f] = 1
			continue
		}
		rest = append(rest, c)
	}
	for i, c := range rest {
		g.stock[len(rest)-1-i] = c
	}
	g.sn = uint8(len(rest))
	g.refill()
	return g, nil
}

func (g *redAndBlack) ID() string { return "red-and-black" }

func (g *redAndBlack) Options() Options { return copyOptions(g.opts) }

// refill fills every empty tableau pile from the pack, then the talon.
func (g *redAndBlack) refill() {
	for i := 0; i < 8; i++ {
		if g.tn[i] != 0 {
			continue
		}
		switch {
		case g.sn > 0:
			g.sn--
			g.tab[i][0] = g.stock[g.sn]
			g.tn[i] = 1
		case g.wn > 0:
			g.wn--
			g.tab[i][0] = g.talon[g.wn]
			g.tn[i] = 1
		}
	}
}

// foundationAccepts reports whether foundation f takes card c.
func (g *redAndBlack) foundationAccepts(f int, c Card) bool {
	return int(c.Suit()) == f/2 && int(g.fn[f]) == int(c.Rank())-1
}

// buildsOn reports whether c may lie on top in descending alternating colour.
func buildsOn(c, top Card) bool {
	return c.Rank()+1 == top.Rank() && c.Color() != top.Color()
}

func (g *redAndBlack) tabTop(i int) Card {
	if g.tn[i] == 0 {
		return NoCard
	}
	return g.tab[i][g.tn[i]-1]
}

func (g *redAndBlack) talonTop() Card {
	if g.wn == 0 {
		return NoCard
	}
	return g.talon[g.wn-1]
}

// LegalMoves appends the legal moves: foundation plays (tableau, then
// talon), builds from the talon, shifts between piles, draw, redeal.
func (g *redAndBlack) LegalMoves(dst []Move) []Move {
	if g.Won() {
		return dst
	}
	for i := 0; i < 8; i++ {
		if c := g.tabTop(i); c != NoCard {
			dst = g.appendFoundation(dst, rbTab+i, c)
		}
	}
	// t != NoCard && buildsOn(c, t) for a tableau top t is key[j] ==
	// altWant(c): the keys of the tops are computed once.
	var key [8]int
	var present uint64 // bit k: some top has key k
	for j := range key {
		key[j] = altKey(g.tabTop(j))
		if key[j] >= 0 {
			present |= 1 << key[j]
		}
	}
	if c := g.talonTop(); c != NoCard {
		dst = g.appendFoundation(dst, rbTalon, c)
		want := altWant(c)
		for j := 0; j < 8; j++ {
			if key[j] == want { // t := g.tabTop(j); t != NoCard && buildsOn(c, t)
				dst = append(dst, Move{Kind: MoveBuild, From: rbTalon, To: uint8(rbTab + j), Card: c, Card2: NoCard, Rule: rbRuleBuild})
			}
		}
	}
	if g.idle < rbIdleLimit {
		for i := 0; i < 8; i++ {
			n := int(g.tn[i])
			if n == 0 {
				continue
			}
			low := n - 1
			if g.sequence {
				for low > 0 && buildsOn(g.tab[i][low], g.tab[i][low-1]) {
					low--
				}
			}
			for k := n - 1; k >= low; k-- {
				c := g.tab[i][k]
				want := altWant(c)
				if present&(1<<want) == 0 {
					continue // no top takes c
				}
				for j := 0; j < 8; j++ {
					if j == i {
						continue
					}
					if key[j] == want { // t := g.tabTop(j); t != NoCard && buildsOn(c, t)
						dst = append(dst, Move{Kind: MoveBuild, From: uint8(rbTab + i), To: uint8(rbTab + j), Card: c, Card2: NoCard, Rule: rbRuleShift})
					}
				}
			}
		}
	}
	if g.sn > 0 {
		dst = append(dst, Move{Kind: MoveDraw, From: rbStock, To: rbTalon, Card: NoCard, Card2: NoCard, Rule: rbRuleDraw})
	} else if g.wn > 0 && g.redeals < 1 {
		dst = append(dst, Move{Kind: MoveRedeal, From: rbTalon, To: rbStock, Card: NoCard, Card2: NoCard, Rule: rbRuleRedeal})
	}
	return dst
}

func (g *redAndBlack) appendFoundation(dst []Move, from int, c Card) []Move {
	for f := 2 * int(c.Suit()); f < 2*int(c.Suit())+2; f++ {
		if g.foundationAccepts(f, c) {
			dst = append(dst, Move{Kind: MoveFoundation, From: uint8(from), To: uint8(rbFound + f), Card: c, Card2: NoCard, Rule: rbRuleFoundation})
		}
	}
	return dst
}

// Check is the legality predicate, rule by rule.
func (g *redAndBlack) Check(m Move) error {
	if g.Won() {
		return illegalf(m, "the game is won")
	}
	if m.Card2 != NoCard {
		return illegalf(m, "no move of this game has a second card")
	}
	from, to := int(m.From), int(m.To)
	switch m.Kind {
	case MoveFoundation: // red-and-black/foundation
		if m.Rule != rbRuleFoundation {
			return illegalf(m, "a foundation play is permitted by %s", rbRuleFoundation)
		}
		f := to - rbFound
		if f < 0 || f >= 8 {
			return illegalf(m, "destination is not a foundation")
		}
		var src Card
		switch {
		case from >= rbTab && from < rbTab+8:
			src = g.tabTop(from - rbTab)
		case from == rbTalon:
			src = g.talonTop()
		default:
			return illegalf(m, "only a tableau top or the talon top may be played")
		}
		if src == NoCard || src != m.Card {
			return illegalf(m, "%s is not the top card of %s", m.Card, g.PileName(from))
		}
		if int(m.Card.Suit()) != f/2 {
			return illegalf(m, "foundations follow suit")
		}
		if int(g.fn[f]) != int(m.Card.Rank())-1 {
			return illegalf(m, "foundation %s needs rank %d", g.PileName(to), g.fn[f]+1)
		}
		return nil
	case MoveBuild:
		if to < rbTab || to >= rbTab+8 {
			return illegalf(m, "builds go on the tableau")
		}
		top := g.tabTop(to - rbTab)
		if top == NoCard {
			return illegalf(m, "no building on an empty place; gaps are filled from the pack")
		}
		if !m.Card.Valid() || !buildsOn(m.Card, top) {
			return illegalf(m, "%s does not go on %s (descending, alternating colour)", m.Card, top)
		}
		if from == rbTalon { // red-and-black/build
			if m.Rule != rbRuleBuild {
				return illegalf(m, "a build from the talon is permitted by %s", rbRuleBuild)
			}
			if g.talonTop() != m.Card {
				return illegalf(m, "%s is not the talon top", m.Card)
			}
			return nil
		}
		// red-and-black/shift
		if from < rbTab || from >= rbTab+8 || from == to {
			return illegalf(m, "a shift moves between two different tableau piles")
		}
		if m.Rule != rbRuleShift {
			return illegalf(m, "a move between piles is permitted by %s", rbRuleShift)
		}
		if g.idle >= rbIdleLimit {
			return illegalf(m, "cycle rule %s: %d moves between piles in a row", rbRuleCycle, g.idle)
		}
		p := g.tab[from-rbTab][:g.tn[from-rbTab]]
		k := -1
		for i := range p {
			if p[i] == m.Card {
				k = i
			}
		}
		if k < 0 {
			return illegalf(m, "%s is not in %s", m.Card, g.PileName(from))
		}
		if k != len(p)-1 {
			if !g.sequence {
				return illegalf(m, "only the top card moves (variant moves=single)")
			}
			for i := k + 1; i < len(p); i++ {
				if !buildsOn(p[i], p[i-1]) {
					return illegalf(m, "%s..top is not a descending alternating sequence", m.Card)
				}
			}
		}
		return nil
	case MoveDraw: // red-and-black/draw
		if m.Rule != rbRuleDraw || from != rbStock || to != rbTalon || m.Card != NoCard {
			return illegalf(m, "a draw turns the stock onto the talon (%s)", rbRuleDraw)
		}
		if g.sn == 0 {
			return illegalf(m, "the pack is out")
		}
		return nil
	case MoveRedeal: // red-and-black/redeal
		if m.Rule != rbRuleRedeal || from != rbTalon || to != rbStock || m.Card != NoCard {
			return illegalf(m, "a redeal turns the talon into the pack (%s)", rbRuleRedeal)
		}
		if g.sn != 0 {
			return illegalf(m, "the pack is not yet out")
		}
		if g.wn == 0 {
			return illegalf(m, "the talon is empty")
		}
		if g.redeals >= 1 {
			return illegalf(m, "only one redeal")
		}
		return nil
	}
	return illegalf(m, "no rule of red-and-black permits a %s move", m.Kind)
}

// Apply checks and performs m, then refills gaps.
func (g *redAndBlack) Apply(m Move) error {
	if err := g.Check(m); err != nil {
		return err
	}
	from, to := int(m.From), int(m.To)
	idle := uint16(0)
	switch m.Kind {
	case MoveFoundation:
		g.pop(from)
		f := to - rbFound
		g.found[f][g.fn[f]] = m.Card
		g.fn[f]++
	case MoveBuild:
		t := to - rbTab
		if from == rbTalon {
			g.wn--
			g.tab[t][g.tn[t]] = m.Card
			g.tn[t]++
			break
		}
		s := from - rbTab
		k := int(g.tn[s]) - 1
		for g.tab[s][k] != m.Card {
			k--
		}
		for i := k; i < int(g.tn[s]); i++ {
			g.tab[t][g.tn[t]] = g.tab[s][i]
			g.tn[t]++
		}
		g.tn[s] = uint8(k)
		idle = g.idle + 1
	case MoveDraw:
		g.sn--
		g.talon[g.wn] = g.stock[g.sn]
		g.wn++
	case MoveRedeal:
		// The talon's first-turned card (its bottom) becomes the top again.
		n := int(g.wn)
		for i := 0; i < n; i++ {
			g.stock[i] = g.talon[n-1-i]
		}
		g.sn, g.wn = uint8(n), 0
		if g.shuffled {
			shuffleCards(g.stock[:n], &g.rng)
		}
		g.redeals++
	}
	g.idle = idle
	g.refill()
	return nil
}

func (g *redAndBlack) pop(from int) {
	if from == rbTalon {
		g.wn--
		return
	}
	g.tn[from-rbTab]--
}

func (g *redAndBlack) Over() bool {
	if g.Won() {
		return true
	}
	if g.sn > 0 {
		return false // a draw is legal
	}
	var buf [160]Move
	return len(g.LegalMoves(buf[:0])) == 0
}

func (g *redAndBlack) Won() bool { return g.Score() == g.Total() }

func (g *redAndBlack) Score() int {
	s := 0
	for _, n := range g.fn {
		s += int(n)
	}
	return s
}

func (g *redAndBlack) Total() int    { return 2 * CardsPerDeck }
func (g *redAndBlack) Redeals() int  { return int(g.redeals) }
func (g *redAndBlack) NumPiles() int { return rbPiles }

func (g *redAndBlack) PileName(i int) string {
	switch {
	case i >= rbFound && i < rbFound+8:
		return fmt.Sprintf("F%d", i-rbFound)
	case i >= rbTab && i < rbTab+8:
		return fmt.Sprintf("T%d", i-rbTab)
	case i == rbStock:
		return "stock"
	case i == rbTalon:
		return "talon"
	}
	return fmt.Sprintf("pile(%d)", i)
}

func (g *redAndBlack) Pile(dst []Card, i int) []Card {
	if i == rbStock {
		return appendHidden(dst, int(g.sn))
	}
	return g.FullPile(dst, i)
}

// FullPile returns every card of pile i, bottom first.
func (g *redAndBlack) FullPile(dst []Card, i int) []Card {
	switch {
	case i >= rbFound && i < rbFound+8:
		return append(dst, g.found[i][:g.fn[i]]...)
	case i >= rbTab && i < rbTab+8:
		return append(dst, g.tab[i-rbTab][:g.tn[i-rbTab]]...)
	case i == rbStock:
		return append(dst, g.stock[:g.sn]...)
	case i == rbTalon:
		return append(dst, g.talon[:g.wn]...)
	}
	return dst
}

// hashVisible mixes the part of the state every view shows into a new
// hasher.
func (g *redAndBlack) hashVisible() hasher {
	h := newHasher()
	for _, n := range g.fn {
		h.b(n)
	}
	for i := range g.tab {
		h.cards(g.tab[i][:g.tn[i]])
	}
	h.cards(g.talon[:g.wn])
	h.b(g.redeals)
	return h
}

// Hash covers the foundation heights, the tableau, talon, stock order,
// redeals used and the seed of a pending shuffled redeal (not the
// cycle-rule counter, so that repetitions show).
func (g *redAndBlack) Hash() uint64 {
	h := g.hashVisible()
	h.cards(g.stock[:g.sn])
	if g.shuffled && g.redeals == 0 {
		for i := 0; i < 64; i += 8 {
			h.b(byte(g.rng >> i))
		}
	}
	return h.sum()
}

// ViewHash is Hash with the stock reduced to its size.
func (g *redAndBlack) ViewHash() uint64 { return g.hashVisible().sumHidden(int(g.sn)) }

func (g *redAndBlack) Clone() Game {
	c := *g
	return &c
}

// Determinize shuffles the stock and redraws the seed of a shuffled redeal.
func (g *redAndBlack) Determinize(r *Rand) {
	determinize(g.stock[:g.sn], r)
	g.rng = r.Uint64()
}

func (g *redAndBlack) status() string {
	return fmt.Sprintf("score %d/%d  redeals %d/1  stock %d  talon %d", g.Score(), g.Total(), g.redeals, g.sn, g.wn)
}

func (g *redAndBlack) String() string {
	return renderPiles(rbPiles, g.PileName, g.FullPile, g.status())
}

func (g *redAndBlack) View() string {
	return renderPiles(rbPiles, g.PileName, g.Pile, g.status())
}
