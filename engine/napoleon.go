package engine

import (
	"fmt"
	"math/bits"
)

// Napoleon's patience (Наполеоновский пасьянс, Pujol) = Nestor (Cadogan
// 1914; PySolFC game 235).
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
		Sources: []string{
			"Pujol, «Пасьянсы», p. 6 (the corpus text, complete)",
			"Cadogan 1914, \"Nestor\" (the same game; the reserve \"taken up one by one\")",
			"PySolFC game 235 (Nestor): open reserve, no \"in need\" restriction",
		},
		Decks:    1,
		Players:  1,
		MaxMoves: 64,
		Planner:  PlannerDefaults{Samples: 8},
		Piles:    napoleonPiles(),
		Rules: []Rule{
			{ID: npRuleDeal, Kind: KindPlay, Status: StatusBook,
				Summary: "Deal six rows of eight; a card whose rank already lies in its column (even with cards between) is put under the pack and the next card dealt instead; the four cards left are the reserve.",
				Source:  "engine convention: the book does not say what happens when no remaining card fits (variant rectification-fallback)",
				Terms:   []string{"шесть рядов по восьми карт", "две парные карты не приходились одна под другой", "убираются со стола и кладутся под колоду", "оставшиеся четыре, составляющие резерв"}},
			{ID: npRulePair, Kind: KindPlay, Status: StatusBook,
				Summary: "Discard two cards of equal rank regardless of suit, only from the lowest (exposed) row, moving gradually upward.",
				Terms:   []string{"несмотря на масть", "выбирают по две парные карты", "не иначе, как только из нижнего ряда", "переходя постепенно выше"}},
			{ID: npRuleReserve, Kind: KindPlay, Status: StatusBook,
				Summary: "A reserve card may be used only in case of need: when no pair can be made from the exposed column cards.",
				Source:  "the book does not say whether the reserve lies open; open is the modern standard (solitairelaboratory.com, PySolFC 235), ordered is Cadogan's \"taking them up one by one\" (variant reserve)",
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
				Doc: "open: the four reserve cards lie face up and each is available (the modern standard: PySolFC 235); ordered: they lie face down and are taken up one by one (Cadogan 'taking them up one by one'), each taken card staying available."},
			{Name: "reserve-in-need", Values: []string{"on", "off"}, Default: "on",
				Doc: "on: a reserve card is used only when no pair of exposed column cards exists (Pujol 'лишь в случае нужды'); off: any time (PySolFC Nestor)."},
			{Name: "rectification-fallback", Values: []string{"accept", "restart"}, Default: "accept",
				Doc: "When every remaining card conflicts with the column being dealt: accept lays the next card anyway; restart reshuffles the whole pack (a shuffle derived from the deal) and deals again, accepting after 64 attempts."},
			{Name: "deal", Values: []string{"rectified", "plain"}, Default: "rectified",
				Doc: "rectified: the book's deal with no two equal ranks in a column; plain: an unrectified deal (Masten's statistics compare both)."},
		},
		Search: napoleonSearch,
		Start:  startNapoleon,
	}
}

// napoleonSearch explains the search hooks of Napoleon's patience.
const napoleonSearch = `Symmetry: pairs are made by rank regardless of suit, so two positions that differ only in the suits of their cards have the same futures; the eight columns play by the same rules, as do the four open reserve slots. The key hashes each column as its sequence of ranks, the columns in sorted order, the open reserve as a multiset of ranks and the ordered reserve (variant) as its sequence of ranks.

Safe moves: when every card of a rank still in play lies exposed at the foot of a column (two or four of them), pairing two of them is safe. Any win must pair them with each other later; pairing them first keeps every later move of that win legal, since it only exposes column cards earlier (a column pair's legality depends only on its two cards being exposed), and while they lie exposed they form a column pair, so no reserve move of the win (which "in need" forbids while a column pair exists) can come before them.

Dead ends: a rank with exactly two cards left can only go out as that pair, so each card covering one of them must go first. When the covering cards are themselves of ranks with two cards left, this is an order between pairs; a cycle in it (the book's crossed pairs, napoleon/S1, in their last copies) can never be resolved. The order only grows when a rank comes down to its last two cards, so a state whose parent had no cycle can only have one through such a rank; the test follows the ranks that must go before it, and theirs, until it meets the rank again or none is left.

Lines: every move puts one pair out or takes up one reserve card, so no state of a winning line can be reached from an earlier one in fewer moves; the solver's lines have no detours to cut (the solver does not look for any).`

// napoleonPiles is the layout of Napoleon's patience.
func napoleonPiles() []PileInfo {
	ps := make([]PileInfo, 0, npPiles)
	for i := 0; i < npCols; i++ {
		ps = append(ps, PileInfo{Name: fmt.Sprintf("C%d", i), Kind: PileTableau})
	}
	for i := 0; i < npReserve; i++ {
		ps = append(ps, PileInfo{Name: fmt.Sprintf("R%d", i), Kind: PileReserve})
	}
	return append(ps, PileInfo{Name: "stock", Kind: PileStock}, PileInfo{Name: "out", Kind: PileDiscard})
}

// napoleonRules are the typed variant options of Napoleon's patience.
type napoleonRules struct {
	ordered bool // reserve=ordered: face down, taken up one by one
	need    bool // reserve-in-need=on
	accept  bool // rectification-fallback=accept
	plain   bool // deal=plain
}

func startNapoleon(v *VariantReader) (Dealer, error) {
	r := &napoleonRules{
		ordered: v.Is("reserve", "ordered"),
		need:    v.Is("reserve-in-need", "on"),
		accept:  v.Is("rectification-fallback", "accept"),
		plain:   v.Is("deal", "plain"),
	}
	c := newCore(v)
	return func(pack []Card) (Game, error) { return newNapoleon(c, r, pack), nil }, nil
}

// The game contract and the optional interfaces napoleon implements,
// checked by the compiler.
var (
	_ Game           = (*napoleon)(nil)
	_ ProgressMover  = (*napoleon)(nil)
	_ ProgressPeeker = (*napoleon)(nil)
	_ Graded         = (*napoleon)(nil)
)

// napoleon is the state of a game of Napoleon's patience.
type napoleon struct {
	table
	r *napoleonRules
	// Kept up to date by Apply from the piles (which stay the truth), so
	// that the search hooks need not walk them: colRanks[i] holds the
	// ranks of column i top first, 4 bits each (a rank is never 0); left[r]
	// counts the cards of rank r in play (4, 2 or 0: cards go out in
	// pairs of a rank); two has bit r when left[r] is 2.
	colRanks [npCols]uint32
	left     [NumRanks + 1]uint8
	two      uint16
	// dealt holds colRanks as the game was set up (derivePiles): a column
	// only loses its exposed card, so each word of colRanks is the bottom
	// of its word in dealt, its first cards (the word shifted right).
	dealt [npCols]uint32
	// fresh holds the ranks that came down to their last two cards since
	// DeadEnd last found no cycle (all ranks before it first looked): every
	// cycle of the order between pairs passes through one of them. The
	// order only grows when a rank comes down to two cards (a pair of it
	// goes out for the first time); every other move only takes cards out
	// of the piles, which removes pairs from the order and adds none.
	fresh uint16
	// Kept by Apply too, for the search hooks and the legal moves (see
	// engine/napoleon_kept.go): the piles showing each rank, how many
	// piles and columns show each rank, the columns holding each rank,
	// and the search key.
	// (16 entries, indexed by a rank masked with 15: no bounds checks.)
	showing         [16]uint16
	shown, shownCol uint64
	inCol           [16]uint8
	key             Key
	// mix is the table of the key's column elements, filled when the
	// key is first asked for and read-only after it (shared by the copies
	// of a game); key is kept only while mix is not nil.
	mix *npMix
}

func newNapoleon(c core, r *napoleonRules, pack []Card) *napoleon {
	g := new(napoleon)
	g.setUp(c, r, pack)
	return g
}

// setUp deals pack into g with the setup's core and rules, g's earlier
// state, if any, discarded: a game started anew.
func (g *napoleon) setUp(c core, r *napoleonRules, pack []Card) {
	*g = napoleon{table: table{core: c}, r: r}
	g.lay.reset()
	var col [npCols][npRows]Card
	var reserve [npReserve]Card
	if r.plain {
		for i := 0; i < npDealt; i++ {
			col[i%npCols][i/npCols] = pack[i]
		}
		copy(reserve[:], pack[npDealt:])
	} else {
		var work [CardsPerDeck]Card
		copy(work[:], pack)
		seed := deriveSeed(pack)
		for attempt := 0; !rectifiedDeal(work[:], &col, &reserve, attempt >= npTries || r.accept); attempt++ {
			shuffleCards(work[:], &seed)
		}
	}
	for i := range col {
		for _, c := range col[i] {
			g.lay.push(i, c)
		}
	}
	if r.ordered {
		g.lay.loadPack(npStock, reserve[:]) // reserve[0] is taken first
	} else {
		for i, c := range reserve {
			g.lay.push(npRes+i, c)
		}
	}
	g.derivePiles() // the key when the search first asks for it
}

// Redeal starts g again on pack with the same setup (engine.Redealer).
func (g *napoleon) Redeal(pack []Card) error {
	g.setUp(g.core, g.r, pack)
	return nil
}

// derive computes the kept state from the piles, the key included
// (derivePiles, deriveKey).
func (g *napoleon) derive() {
	g.derivePiles()
	g.deriveKey()
}

// derivePiles computes colRanks, left and two from the piles (and makes
// every rank fresh), takes colRanks as dealt, then computes the rest of
// the kept state but the key (deriveKept), which it leaves unkept (mix
// nil).
func (g *napoleon) derivePiles() {
	g.left, g.two, g.fresh = [NumRanks + 1]uint8{}, 0, ^uint16(0)
	for p := 0; p < npOut; p++ {
		var w uint32
		k := 0
		for c := g.lay.top(p); c != NoCard; c, k = g.lay.below[c], k+1 {
			g.left[c.Rank()]++
			w |= uint32(c.Rank()) << (4 * k) // top first; at most 6 cards
		}
		if p < npCols {
			g.colRanks[p] = w
		}
	}
	for r := Rank(1); r <= NumRanks; r++ {
		if g.left[r] == 2 {
			g.two |= 1 << r
		}
	}
	g.dealt = g.colRanks
	g.deriveKept()
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

// avail returns the available card of pile p (an exposed column card or a
// reserve slot), or NoCard.
func (g *napoleon) avail(p int) Card {
	if p < npStock {
		return g.lay.top(p)
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
	var seen uint16
	for i := 0; i < n; i++ {
		if a := g.avail(i); a != NoCard {
			bit := uint16(1) << a.Rank()
			if seen&bit != 0 {
				return true
			}
			seen |= bit
		}
	}
	return false
}

// npAvail holds the available card of each pile below the stock (an
// exposed column card or a reserve slot), NoCard where there is none.
type npAvail [npStock]Card

// avails reads the available cards.
func (g *napoleon) avails(av *npAvail) {
	for p := range av {
		av[p] = g.lay.top(p)
	}
}

// appendPairs appends the pairs of the available cards av, lower pile
// first, then by the higher pile: those of two column cards, and those
// with a reserve card when the reserve may be used (see LegalMoves).
func (g *napoleon) appendPairs(dst []Move, av *npAvail) []Move {
	// rk[p] is the rank of pile p's available card, 0 for none; byRank[r]
	// has bit p when rk[p] is r.
	var rk [npStock]Rank
	var byRank [16]uint16
	var seen, twice, seenCol, twiceCol uint16 // ranks seen; those seen twice (of all piles, of the columns)
	for p, c := range av {
		r := c.Rank()
		if c == NoCard {
			r = 0
		}
		rk[p] = r
		bit := uint16(1) << r
		byRank[r] |= 1 << p
		twice |= seen & bit
		seen |= bit
		if p < npCols {
			twiceCol |= seenCol & bit
			seenCol |= bit
		}
	}
	twice, twiceCol = twice&^1, twiceCol&^1 // rank 0: the empty piles
	usable := uint16(1)<<npStock - 1
	if !g.r.ordered && g.r.need && twiceCol != 0 {
		// the reserve only in need, and a column pair exists
		usable, twice = 1<<npCols-1, twiceCol
	}
	var paired uint16 // the piles of the ranks with two usable piles or more
	for t := twice; t != 0; t &= t - 1 {
		paired |= byRank[bits.TrailingZeros16(t)] & usable
	}
	for ps := paired; ps != 0; ps &= ps - 1 {
		i := bits.TrailingZeros16(ps)
		for m := byRank[rk[i]] & usable &^ (1<<(i+1) - 1); m != 0; m &= m - 1 {
			j := bits.TrailingZeros16(m)
			rule := npRulePair
			if j >= npRes {
				rule = npRuleReserve
			}
			dst = append(dst, Move{Kind: MovePair, From: uint8(i), To: uint8(j), Card: av[i], Card2: av[j], Rule: rule})
		}
	}
	return dst
}

// LegalMoves appends pairs (lower pile first) and, for the ordered reserve,
// taking the next reserve card.
func (g *napoleon) LegalMoves(dst []Move) []Move {
	n := len(dst)
	dst = g.appendKeptPairs(dst)
	// With the ordered reserve every pair is listed, so none was exactly
	// when no two available cards pair (anyPair).
	if g.r.ordered && !g.lay.empty(npStock) && (!g.r.need || len(dst) == n) {
		dst = append(dst, Move{Kind: MoveReserve, From: npStock, To: uint8(npRes + g.freeSlot()), Card: NoCard, Card2: NoCard, Rule: npRuleReserve})
	}
	return dst
}

// freeSlot returns the first empty reserve slot, -1 if none.
func (g *napoleon) freeSlot() int {
	for i := 0; i < npReserve; i++ {
		if g.lay.empty(npRes + i) {
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
		if !g.r.ordered && g.r.need && g.columnPair() {
			return illegalf(m, "the reserve is used only in need, and a column pair exists")
		}
		return nil
	case MoveReserve: // napoleon/reserve, ordered reserve
		if m.Rule != npRuleReserve || m.Card != NoCard || m.Card2 != NoCard || from != npStock {
			return illegalf(m, "taking a reserve card is permitted by %s", npRuleReserve)
		}
		if !g.r.ordered || g.lay.empty(npStock) {
			return illegalf(m, "no face-down reserve card to take")
		}
		if to != npRes+g.freeSlot() {
			return illegalf(m, "a taken reserve card goes to the first free slot R%d", g.freeSlot())
		}
		if g.r.need && g.anyPair() {
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
	g.ApplyListed(&m)
	return nil
}

// ApplyListed performs m, which LegalMoves listed for the current state,
// without checking it again (engine.ListedApplier).
func (g *napoleon) ApplyListed(m *Move) {
	switch m.Kind {
	case MovePair:
		g.lay.move(int(m.From), npOut)
		g.lay.move(int(m.To), npOut)
		r := m.Card.Rank()
		g.takeTop(int(m.From), r)
		g.takeTop(int(m.To), r)
		g.left[r] -= 2
		g.two ^= 1 << r
		if g.left[r] == 2 {
			g.fresh |= 1 << r
		}
	case MoveReserve:
		sw := g.stockWord()
		r := g.lay.move(npStock, int(m.To)).Rank()
		if g.mix != nil {
			g.rekey(npTagStock|sw, npTagStock|sw>>4)
			g.addKey(npTagReserve | uint64(r))
		}
		g.showing[r&15] |= 1 << (m.To & 15)
		g.shown += 1 << (4 * (r & 15))
	}
}

// Ending: won when every card is out, stuck when no move is legal.
func (g *napoleon) Ending() Ending {
	var buf [64]Move
	return ending(g.Won(), false, len(g.LegalMoves(buf[:0])) > 0)
}

func (g *napoleon) Won() bool    { return g.lay.size(npOut) == CardsPerDeck }
func (g *napoleon) Score() int   { return g.lay.size(npOut) }
func (g *napoleon) Total() int   { return CardsPerDeck }
func (g *napoleon) Redeals() int { return 0 }

// Pile shows every pile but the face-down reserve of variant
// reserve=ordered.
func (g *napoleon) Pile(dst []Card, i int) []Card {
	if i == npStock {
		return appendHidden(dst, g.lay.size(npStock))
	}
	return g.FullPile(dst, i)
}

// FullPile returns every card of pile i, bottom first.
func (g *napoleon) FullPile(dst []Card, i int) []Card {
	if i < 0 || i >= npPiles {
		return dst
	}
	return g.lay.appendPile(dst, i)
}

// Hash covers the columns, the reserve (both kinds) and the number of cards
// out; the order in which the pairs went out does not change the position.
func (g *napoleon) Hash() uint64 {
	h := newHasher()
	g.lay.hashPiles(&h, npOut, -1)
	h.hidden(g.lay.size(npOut))
	return h.sum()
}

// ViewHash is Hash with the face-down reserve reduced to its size.
func (g *napoleon) ViewHash() uint64 {
	h := newHasher()
	h.b(1)
	g.lay.hashPiles(&h, npOut, npStock)
	h.hidden(g.lay.size(npOut))
	return h.sum()
}

func (g *napoleon) Clone() Game {
	c := *g
	return &c
}

// CopyFrom makes g a copy of src when src is a Napoleon game.
func (g *napoleon) CopyFrom(src Game) bool { return copyState(g, src) }

// Determinize shuffles the face-down reserve (variant reserve=ordered).
func (g *napoleon) Determinize(r *Rand) {
	sw := g.stockWord()
	g.lay.determinize(npStock, r)
	if g.mix != nil {
		g.rekey(npTagStock|sw, npTagStock|g.stockWord())
	}
	g.fresh = ^uint16(0) // the new order may cover cards anew
}

func (g *napoleon) status() string {
	return fmt.Sprintf("out %d/%d", g.Score(), CardsPerDeck)
}

func (g *napoleon) String() string { return renderGame(g, g.FullPile, g.status()) }

func (g *napoleon) View() string { return renderGame(g, g.Pile, g.status()) }

// Search hooks (SearchHooks): see napoleonSearch.

// SearchKey returns the canonical key described above, which Apply keeps
// (engine/napoleon_kept.go: a multiset hash of the sorted form) once it
// has been asked for: a game that is only played never pays for it.
func (g *napoleon) SearchKey() Key {
	if g.mix == nil {
		g.deriveKey()
	}
	return g.key
}

// Steps counts the pairs out and the reserve cards taken up (variant
// reserve=ordered, as minus the cards still face down): every move raises
// it by one (Graded).
func (g *napoleon) Steps() int { return g.lay.size(npOut)/2 - g.lay.size(npStock) }

// SafeMove returns a column pair of a rank all of whose cards in play are
// exposed in the columns, or -1.
func (g *napoleon) SafeMove(legal []Move) int {
	for i, m := range legal {
		if m.Kind == MovePair && m.To < npRes {
			// the columns showing r are all of r's cards in play
			if r := m.Card.Rank(); uint8(g.shownCol>>(4*(r&15))&15) == g.left[r] {
				return i
			}
		}
	}
	return -1
}

// DeadEnd reports a cycle in the order between pairs of ranks with two
// cards left (see the search hooks above). Every cycle of a state passes
// through a rank of fresh (see there), so only those ranks are followed.
func (g *napoleon) DeadEnd() bool {
	two := g.two
	from := g.fresh & two
	if from == 0 {
		return false // no cycle can pass through a fresh rank
	}
	// A cycle through rank r needs a rank of two above a card of r and one
	// below a card of r (or a card of r above the other: a cycle of one);
	// then the ranks that must go before r, and theirs, are followed until
	// r is among them or none is left.
	if g.lay.empty(npStock) {
		return g.deadEndColumns(from, two) // the same, in the columns alone
	}
	for ; from != 0; from &= from - 1 {
		r := uint32(bits.TrailingZeros16(from))
		above, below, self := g.around(r, two)
		if self {
			return true
		}
		if above == 0 || below == 0 {
			continue
		}
		seen, next := above, above
		for next != 0 && seen>>r&1 == 0 {
			x := uint32(bits.TrailingZeros16(next))
			next &= next - 1
			b := g.covering(x, two)
			next |= b &^ seen
			seen |= b
		}
		if seen>>r&1 != 0 {
			return true
		}
	}
	g.fresh = 0 // no cycle at all
	return false
}

// deadEndColumns is DeadEnd's search from the ranks of from when every
// card in play lies in the columns or the open reserve (no face-down
// reserve): around and covering written out over the columns alone, which
// spares the calls on the search's most frequent path.
func (g *napoleon) deadEndColumns(from, two uint16) bool {
	for ; from != 0; from &= from - 1 {
		r := uint32(bits.TrailingZeros16(from))
		var above, below uint16
		pat := r * 0x111111
		for cs := g.inCol[r&15]; cs != 0; cs &= cs - 1 { // around
			w := g.colRanks[bits.TrailingZeros8(cs)]
			x := w ^ pat
			z := ^(((x & 0x777777) + 0x777777) | x) & 0x888888
			if z == 0 {
				continue // cannot happen: inCol says the column holds r
			}
			if z&(z-1) != 0 {
				return true // one card of r above the other
			}
			k := uint(bits.TrailingZeros32(z)) &^ 3
			above |= nibbleRanks(w&(1<<k-1), two)
			below |= nibbleRanks(w>>k>>4, two)
		}
		if above == 0 || below == 0 {
			continue
		}
		seen, next := above, above
		for next != 0 && seen>>r&1 == 0 {
			x := uint32(bits.TrailingZeros16(next))
			next &= next - 1
			var b uint16
			pat := x * 0x111111
			for cs := g.inCol[x&15]; cs != 0; cs &= cs - 1 { // covering
				w := g.colRanks[bits.TrailingZeros8(cs)]
				y := w ^ pat
				if z := ^(((y & 0x777777) + 0x777777) | y) & 0x888888; z != 0 {
					k := uint(31-bits.LeadingZeros32(z)) &^ 3 // the lowest card of x
					b |= nibbleRanks(w&(1<<k-1), two)
				}
			}
			next |= b &^ seen
			seen |= b
		}
		if seen>>r&1 != 0 {
			return true
		}
	}
	g.fresh = 0 // no cycle at all
	return false
}

// covering returns the ranks of two of which a card lies above a card of
// rank r in a column or the ordered reserve.
func (g *napoleon) covering(r uint32, two uint16) uint16 {
	var above uint16
	pat := r * 0x111111
	for cs := g.inCol[r&15]; cs != 0; cs &= cs - 1 { // the columns holding r
		w := g.colRanks[bits.TrailingZeros8(cs)]
		x := w ^ pat
		z := ^(((x & 0x777777) + 0x777777) | x) & 0x888888
		if z != 0 {
			k := uint(31-bits.LeadingZeros32(z)) &^ 3 // the lowest card of r
			above |= nibbleRanks(w&(1<<k-1), two)
		}
	}
	var acc uint16
	for c := g.lay.top(npStock); c != NoCard; c = g.lay.below[c] {
		if q := uint32(c.Rank()); q == r {
			above |= acc
		} else if two>>q&1 != 0 {
			acc |= 1 << q
		}
	}
	return above
}

// around returns the ranks of two lying above a card of rank r in a
// column or the ordered reserve, those lying below one, and whether one
// card of r lies above another.
func (g *napoleon) around(r uint32, two uint16) (above, below uint16, self bool) {
	pat := r * 0x111111
	for cs := g.inCol[r&15]; cs != 0; cs &= cs - 1 { // the columns holding r
		w := g.colRanks[bits.TrailingZeros8(cs)]
		x := w ^ pat // a nibble of r reads 0
		z := ^(((x & 0x777777) + 0x777777) | x) & 0x888888
		if z == 0 {
			continue // no card of r in this column
		}
		// The nibbles before the first card of r (top first) lie above it,
		// those after it below it; a second card of r lies below the first.
		k := uint(bits.TrailingZeros32(z)) &^ 3
		self = self || z&(z-1) != 0
		above |= nibbleRanks(w&(1<<k-1), two)
		below |= nibbleRanks(w>>k>>4, two)
	}
	var acc uint16
	hit := false
	for c := g.lay.top(npStock); c != NoCard; c = g.lay.below[c] {
		q := uint32(c.Rank())
		switch {
		case q == r:
			self = self || hit
			hit = true
			above |= acc
		case two>>q&1 != 0:
			acc |= 1 << q
			if hit {
				below |= 1 << q
			}
		}
	}
	return above, below, self
}

// nibbleRanks returns the ranks of two among the 4-bit ranks of w (at
// most six; a 0 nibble is no card), three table lookups of two nibbles.
func nibbleRanks(w uint32, two uint16) uint16 {
	rs := npByteRanks[w&0xFF] | npByteRanks[w>>8&0xFF] | npByteRanks[w>>16&0xFF]
	return rs & two &^ 1
}

// npByteRanks[b] holds the ranks of the two nibbles of b (bit 0 for a 0
// nibble). Immutable.
var npByteRanks = func() (t [256]uint16) {
	for b := range t {
		t[b] = 1<<(b&15) | 1<<(b>>4)
	}
	return t
}()
