package engine

import "fmt"

// Napoleon's patience (Наполеоновский пасьянс, Pujol) = Nestor (GAMES.md §11).
//
// Piles: C0–C7 the eight columns (bottom first = the top row, first dealt;
// the last card is the exposed one of the lowest row), R0–R3 the reserve
// slots, "stock" the face-down reserve of variant reserve=ordered (empty in
// the default open reserve), "out" the discarded pairs.
//
// The deal is done by NewDeal (it is not part of the play): six rows of
// eight dealt row by row, a card whose rank already lies in its column is
// put under the pack and the next card is dealt instead (napoleon/deal);
// the four cards left form the reserve. No forced moves.

const (
	npCols    = 8
	npRows    = 6
	npReserve = 4
	npRes     = npCols          // R0 is pile 8
	npStock   = npCols + 4      // 12
	npOut     = npCols + 4 + 1  // 13
	npPiles   = npCols + 4 + 2  // 14
	npTries   = 64              // restarts of rectification-fallback=restart
	npDealt   = npCols * npRows // 48
)

// Rule IDs of napoleon.
const (
	npRuleDeal    RuleID = "napoleon/deal"
	npRulePair    RuleID = "napoleon/pair"
	npRuleReserve RuleID = "napoleon/reserve"
	npRuleWin     RuleID = "napoleon/win"
)

func napoleonSpec() *Spec {
	return &Spec{
		ID:       "napoleon",
		Title:    "Napoleon (Nestor)",
		TitlesRU: []string{"Наполеоновский пасьянс"},
		Book:     "Pujol",
		Decks:    1,
		Players:  1,
		MaxMoves: 64,
		Rules: []Rule{
			{ID: npRuleDeal, Kind: KindPlay, Status: StatusBook,
				Summary: "Deal six rows of eight; a card whose rank already lies in its column (even with cards between) is put under the pack and the next card dealt instead; the four cards left are the reserve.",
				Source:  "GAMES.md §14.10 (when no remaining card fits: variant rectification-fallback)",
				Terms:   []string{"шесть рядов по восьми карт", "две парные карты не приходились одна под другой", "убираются со стола и кладутся под колоду", "оставшиеся четыре, составляющие резерв"}},
			{ID: npRulePair, Kind: KindPlay, Status: StatusBook,
				Summary: "Discard two cards of equal rank regardless of suit, only from the lowest (exposed) row, moving gradually upward.",
				Terms:   []string{"несмотря на масть", "выбирают по две парные карты", "не иначе, как только из нижнего ряда", "переходя постепенно выше"}},
			{ID: npRuleReserve, Kind: KindPlay, Status: StatusBook,
				Summary: "A reserve card may be used only in case of need: when no pair can be made from the exposed column cards.",
				Source:  "GAMES.md §14.10 (open reserve and the need rule are variants)",
				Terms:   []string{"лишь в случае нужды можно взять карту из резерва"}},
			{ID: npRuleWin, Kind: KindPlay, Status: StatusBook,
				Summary: "The game is won when all the cards have gone out in pairs.",
				Terms:   []string{"когда все карты выйдут попарно", "пасьянс вышел"}},
			{ID: "napoleon/S1", Kind: KindAdvice, Number: "S1", Status: StatusBook,
				Summary: "Look for crossed pairs (two columns with the same two ranks in opposite vertical order) and free those cards first.",
				Terms:   []string{"в перпендикулярных рядах", "в противоположном направлении", "семерка над восьмеркой", "прежде всего как можно скорее освобождать эти карты"}},
			{ID: "napoleon/S2", Kind: KindAdvice, Number: "S2", Status: StatusBook,
				Summary: "With three equal cards exposed, choose the pair that also lets the third card go out later.",
				Terms:   []string{"три одинаковые карты", "откинуть пару в сторону", "каким бы образом выкинуть и оставшуюся карту"}},
			{ID: "napoleon/S3", Kind: KindAdvice, Number: "S3", Status: StatusBook,
				Summary: "Keep the reserve for real need.",
				Terms:   []string{"в случае нужды"}},
		},
		Variants: []Variant{
			{Name: "reserve", Values: []string{"open", "ordered"}, Default: "open",
				Doc: "open: the four reserve cards lie face up and each is available (modern standard, GAMES.md §14.10); ordered: they lie face down and are taken up one by one (Cadogan 'taking them up one by one'), each taken card staying available."},
			{Name: "reserve-in-need", Values: []string{"on", "off"}, Default: "on",
				Doc: "on: a reserve card is used only when no pair of exposed column cards exists (Pujol 'лишь в случае нужды'); off: any time (PySolFC Nestor)."},
			{Name: "rectification-fallback", Values: []string{"accept", "restart"}, Default: "accept",
				Doc: "When every remaining card conflicts with the column being dealt: accept lays the next card anyway; restart reshuffles the whole pack (a shuffle derived from the deal) and deals again, accepting after 64 attempts."},
			{Name: "deal", Values: []string{"rectified", "plain"}, Default: "rectified",
				Doc: "rectified: the book's deal with no two equal ranks in a column; plain: an unrectified deal (Masten's statistics compare both)."},
		},
		NewDeal: newNapoleon,
	}
}

// napoleon is the state of a game of Napoleon's patience.
type napoleon struct {
	opts    Options
	ordered bool
	need    bool
	cn      [npCols]uint8
	col     [npCols][npRows]Card
	res     [npReserve]Card // NoCard = empty slot
	sn      uint8
	stock   [npReserve]Card // ordered reserve, stock[sn-1] is taken next
	on      uint8
	out     [CardsPerDeck]Card
}

func newNapoleon(pack []Card, opts Options) (Game, error) {
	spec := napoleonSpec()
	o, err := spec.ResolveOptions(opts)
	if err != nil {
		return nil, err
	}
	if err := verifyPack(spec.ID, pack, spec.Decks); err != nil {
		return nil, err
	}
	g := &napoleon{opts: o, ordered: o["reserve"] == "ordered", need: o["reserve-in-need"] == "on"}
	var reserve [npReserve]Card
	switch {
	case o["deal"] == "plain":
		for i := 0; i < npDealt; i++ {
			g.col[i%npCols][i/npCols] = pack[i]
		}
		copy(reserve[:], pack[npDealt:])
	default:
		var work [CardsPerDeck]Card
		copy(work[:], pack)
		seed := deriveSeed(pack)
		for attempt := 0; ; attempt++ {
			ok := rectifiedDeal(work[:], &g.col, &reserve, attempt >= npTries || o["rectification-fallback"] == "accept")
			if ok {
				break
			}
			shuffleCards(work[:], &seed)
		}
	}
	for i := range g.cn {
		g.cn[i] = npRows
	}
	for i := range g.res {
		g.res[i] = NoCard
	}
	if g.ordered {
		for i, c := range reserve {
			g.stock[npReserve-1-i] = c
		}
		g.sn = npReserve
	} else {
		g.res = reserve
	}
	return g, nil
}

// rectifiedDeal deals pack (top first) into 8 columns of 6 row by row: a
// card whose rank is already in its column goes under the pack. When a full
// turn of the remaining pack finds no card for a place, it lays the next
// card anyway if accept, or reports false. The four cards left are the
// reserve, in pack order.
func rectifiedDeal(pack []Card, col *[npCols][npRows]Card, reserve *[npReserve]Card, accept bool) bool {
	var q [CardsPerDeck]Card // ring queue of the pack: q[head%52] is the top
	head, tail := 0, copy(q[:], pack)
	for pos := 0; pos < npDealt; pos++ {
		c, r := pos%npCols, pos/npCols
		placed := false
		for n := tail - head; n > 0; n-- {
			card := q[head%len(q)]
			head++
			clash := false
			for k := 0; k < r; k++ {
				if col[c][k].Rank() == card.Rank() {
					clash = true
				}
			}
			if !clash {
				col[c][r] = card
				placed = true
				break
			}
			q[tail%len(q)] = card // under the pack
			tail++
		}
		if !placed {
			if !accept {
				return false
			}
			col[c][r] = q[head%len(q)]
			head++
		}
	}
	for i := range reserve {
		reserve[i] = q[head%len(q)]
		head++
	}
	return true
}

func (g *napoleon) ID() string { return "napoleon" }

func (g *napoleon) Options() Options { return copyOptions(g.opts) }

// avail returns the available card of pile p (an exposed column card or a
// reserve slot), or NoCard.
func (g *napoleon) avail(p int) Card {
	switch {
	case p < npCols:
		if g.cn[p] == 0 {
			return NoCard
		}
		return g.col[p][g.cn[p]-1]
	case p < npStock:
		return g.res[p-npRes]
	}
	return NoCard
}

// columnPair reports whether two exposed column cards pair.
func (g *napoleon) columnPair() bool { return g.pairAmong(npCols) }

// anyPair reports whether any two available cards pair.
func (g *napoleon) anyPair() bool { return g.pairAmong(npStock) }

// pairAmong reports whether two of the available cards of piles 0 … n-1
// are of equal rank.
func (g *napoleon) pairAmong(n int) bool {
	for i := 0; i < n; i++ {
		a := g.avail(i)
		if a == NoCard {
			continue
		}
		for j := i + 1; j < n; j++ {
			if b := g.avail(j); b != NoCard && a.Rank() == b.Rank() {
				return true
			}
		}
	}
	return false
}

// reserveUsable reports whether pairs with an open reserve card are allowed.
func (g *napoleon) reserveUsable() bool {
	return g.ordered || !g.need || !g.columnPair()
}

// LegalMoves appends pairs (lower pile first) and, for the ordered reserve,
// taking the next reserve card.
func (g *napoleon) LegalMoves(dst []Move) []Move {
	resOK := g.reserveUsable()
	for i := 0; i < npStock; i++ {
		a := g.avail(i)
		if a == NoCard || (i >= npRes && !resOK) {
			continue
		}
		for j := i + 1; j < npStock; j++ {
			b := g.avail(j)
			if b == NoCard || a.Rank() != b.Rank() || (j >= npRes && !resOK) {
				continue
			}
			rule := npRulePair
			if j >= npRes {
				rule = npRuleReserve
			}
			dst = append(dst, Move{Kind: MovePair, From: uint8(i), To: uint8(j), Card: a, Card2: b, Rule: rule})
		}
	}
	if g.ordered && g.sn > 0 && (!g.need || !g.anyPair()) {
		dst = append(dst, Move{Kind: MoveReserve, From: npStock, To: uint8(npRes + g.freeSlot()), Card: NoCard, Card2: NoCard, Rule: npRuleReserve})
	}
	return dst
}

func (g *napoleon) freeSlot() int {
	for i, c := range g.res {
		if c == NoCard {
			return i
		}
	}
	return -1
}

// Check is the legality predicate, rule by rule.
func (g *napoleon) Check(m Move) error {
	from, to := int(m.From), int(m.To)
	switch m.Kind {
	case MovePair:
		if from >= to || to >= npStock {
			return illegalf(m, "a pair names two available piles, the lower first")
		}
		a, b := g.avail(from), g.avail(to)
		if a == NoCard || a != m.Card {
			return illegalf(m, "%s is not available on %s", m.Card, g.PileName(from))
		}
		if b == NoCard || b != m.Card2 {
			return illegalf(m, "%s is not available on %s", m.Card2, g.PileName(to))
		}
		if a.Rank() != b.Rank() {
			return illegalf(m, "%s and %s are not of equal rank", a, b)
		}
		if to < npRes { // napoleon/pair: both from the exposed row
			if m.Rule != npRulePair {
				return illegalf(m, "a pair of column cards is permitted by %s", npRulePair)
			}
			return nil
		}
		// napoleon/reserve
		if m.Rule != npRuleReserve {
			return illegalf(m, "a pair with a reserve card is permitted by %s", npRuleReserve)
		}
		if !g.ordered && g.need && g.columnPair() {
			return illegalf(m, "the reserve is used only in need, and a column pair exists")
		}
		return nil
	case MoveReserve: // napoleon/reserve, ordered reserve
		if m.Rule != npRuleReserve || m.Card != NoCard || m.Card2 != NoCard || from != npStock {
			return illegalf(m, "taking a reserve card is permitted by %s", npRuleReserve)
		}
		if !g.ordered || g.sn == 0 {
			return illegalf(m, "no face-down reserve card to take")
		}
		if to != npRes+g.freeSlot() {
			return illegalf(m, "a taken reserve card goes to the first free slot R%d", g.freeSlot())
		}
		if g.need && g.anyPair() {
			return illegalf(m, "the reserve is used only in need, and a pair exists")
		}
		return nil
	}
	return illegalf(m, "no rule of napoleon permits a %s move", m.Kind)
}

// Apply checks and performs m.
func (g *napoleon) Apply(m Move) error {
	if err := g.Check(m); err != nil {
		return err
	}
	switch m.Kind {
	case MovePair:
		g.take(int(m.From))
		g.take(int(m.To))
		g.out[g.on], g.out[g.on+1] = m.Card, m.Card2
		g.on += 2
	case MoveReserve:
		g.sn--
		g.res[int(m.To)-npRes] = g.stock[g.sn]
	}
	return nil
}

func (g *napoleon) take(p int) {
	if p < npCols {
		g.cn[p]--
		return
	}
	g.res[p-npRes] = NoCard
}

func (g *napoleon) Over() bool {
	var buf [64]Move
	return g.Won() || len(g.LegalMoves(buf[:0])) == 0
}

func (g *napoleon) Won() bool     { return g.on == CardsPerDeck }
func (g *napoleon) Score() int    { return int(g.on) }
func (g *napoleon) Total() int    { return CardsPerDeck }
func (g *napoleon) Redeals() int  { return 0 }
func (g *napoleon) NumPiles() int { return npPiles }

func (g *napoleon) PileName(i int) string {
	switch {
	case i < npCols:
		return fmt.Sprintf("C%d", i)
	case i < npStock:
		return fmt.Sprintf("R%d", i-npRes)
	case i == npStock:
		return "stock"
	case i == npOut:
		return "out"
	}
	return fmt.Sprintf("pile(%d)", i)
}

func (g *napoleon) Pile(dst []Card, i int) []Card {
	if i == npStock {
		return appendHidden(dst, int(g.sn))
	}
	return g.FullPile(dst, i)
}

// FullPile implements FullView.
func (g *napoleon) FullPile(dst []Card, i int) []Card {
	switch {
	case i < npCols:
		return append(dst, g.col[i][:g.cn[i]]...)
	case i < npStock:
		if c := g.res[i-npRes]; c != NoCard {
			dst = append(dst, c)
		}
		return dst
	case i == npStock:
		return append(dst, g.stock[:g.sn]...)
	case i == npOut:
		return append(dst, g.out[:g.on]...)
	}
	return dst
}

// hashVisible mixes the part of the state every view shows into a new
// hasher.
func (g *napoleon) hashVisible() hasher {
	h := newHasher()
	for i := range g.col {
		h.cards(g.col[i][:g.cn[i]])
	}
	h.cards(g.res[:])
	h.b(g.on)
	return h
}

// Hash covers the columns, the reserve (both kinds) and the number of cards
// out; which pairs went out is implied by the rest.
func (g *napoleon) Hash() uint64 { return g.hashVisible().sumCards(g.stock[:g.sn]) }

// ViewHash is Hash with the face-down reserve reduced to its size.
func (g *napoleon) ViewHash() uint64 { return g.hashVisible().sumHidden(int(g.sn)) }

func (g *napoleon) Clone() Game {
	c := *g
	return &c
}

// Determinize shuffles the face-down reserve (variant reserve=ordered).
func (g *napoleon) Determinize(r *Rand) { determinize(g.stock[:g.sn], r) }

func (g *napoleon) status() string {
	return fmt.Sprintf("out %d/%d", g.on, CardsPerDeck)
}

func (g *napoleon) String() string {
	return renderPiles(npPiles, g.PileName, g.FullPile, g.status())
}

func (g *napoleon) View() string {
	return renderPiles(npPiles, g.PileName, g.Pile, g.status())
}
