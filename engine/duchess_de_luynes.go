package engine

import (
	"fmt"
	"math/bits"
	"slices"
)

// Duchess de Luynes (Герцогиня де-Люинь; Cadogan "La Duchesse de Luynes";
// PySolFC game 557, Grand Duchess). Only the tail of the text survives:
// Rules I–II and the first deal are reconstructed (Wikipedia "Duchess of
// Luynes", PySolFC 557).
//
// Piles: P0–P3 the four packets, "reserve" (two cards set aside face down
// each round; turned up, every card available, when the stock is out),
// F0–F7 the foundations, F(2s) the ace pile of suit s built up to the king
// ("aces above") and F(2s+1) its king pile built down to the ace ("kings
// below"), and "stock" (the face-down pack).
//
// Each round (duchess-de-luynes/deal) deals one card face up on each packet,
// covering the last round, then two cards to the reserve; the player plays
// packet tops, then deals the next round. An emptied packet waits for the
// next round. When the stock is out and play stops the packets P0…P3 are
// gathered in turn with the reserve beneath and dealt again; three redeals,
// and on the last deal nothing goes to the reserve.

const (
	dlPackets = 4
	dlReserve = 4
	dlFound   = 5
	dlStock   = 13
	dlPiles   = 14
	dlCards   = 2 * CardsPerDeck
	dlRedeals = 3
	// dlPlaces bounds the places the reserve deals between two gathers
	// (two a round: 34 at most, on the first deal), a power of two so
	// that a place from a bit index needs no bounds check.
	dlPlaces = 64
	// dlRoom is the room LegalMoves makes in its list: more than the
	// legal moves of any position (each foundation takes one face, two
	// copies, so at most 16 plays, and the deal or the redeal), a power
	// of two so that a masked index needs no bounds check.
	dlRoom = 32
	// dlFitCards is the size of the fit table, a power of two above the
	// cards: NoCard masked to it falls on an entry that stays 0.
	dlFitCards = 128
)

// Rule IDs of duchess-de-luynes.
const (
	dlRuleI          RuleID = "duchess-de-luynes/I"
	dlRuleII         RuleID = "duchess-de-luynes/II"
	dlRuleDeal       RuleID = "duchess-de-luynes/deal"
	dlRuleFoundation RuleID = "duchess-de-luynes/foundation"
	dlRuleVacancy    RuleID = "duchess-de-luynes/vacancy"
	dlRuleReserve    RuleID = "duchess-de-luynes/reserve"
	dlRuleRedeal     RuleID = "duchess-de-luynes/redeal"
	dlRuleWin        RuleID = "duchess-de-luynes/win"
)

var dlPileNames = [dlPiles]string{"P0", "P1", "P2", "P3", "reserve", "F0", "F1", "F2", "F3", "F4", "F5", "F6", "F7", "stock"}

func duchessSpec() *Spec {
	return &Spec{
		ID:       "duchess-de-luynes",
		Title:    "La Duchesse de Luynes",
		TitlesRU: []string{"Герцогиня де-Люинь", "Герцогиня де Люинь"},
		Book:     "Cadogan",
		Sources: []string{
			"Cadogan, «Пасьянсы» (the corpus text: only the tail survives, from the foundations on; the game is not in the 1914 English edition)",
			"PySolFC game 557 (Grand Duchess): four packets, two face-down reserve piles turned up when the stock is out, three redeals, no reserve on the last deal",
			"Wikipedia, \"Duchess of Luynes\" (the reserve face down until the pack is used up)",
		},
		Decks:    2,
		Players:  1,
		MaxMoves: 500,
		Planner:  PlannerDefaults{Samples: 16},
		Piles:    duchessPiles(),
		Rules: []Rule{
			{ID: dlRuleI, Kind: KindNumbered, Number: "I", Status: StatusLost,
				Summary: "The top card of each of the four packets is available and may be played to a foundation it suits.",
				Source:  "lost in the scan; reconstructed from the tail's reference 'согласно правилу I' and PySolFC 557 (packet tops available)",
				Terms:   []string{"верхняя карта каждой пачки годна"}},
			{ID: dlRuleII, Kind: KindNumbered, Number: "II", Status: StatusLost,
				Summary: "The foundations follow suit: aces built up to the king, kings built down to the ace.",
				Source:  "lost in the scan; reconstructed from Wikipedia 'Duchess of Luynes' and PySolFC 557 (Grand Duchess)",
				Terms:   []string{"на основания следуют масти"}},
			{ID: dlRuleDeal, Kind: KindPlay, Status: StatusBook,
				Summary: "Each round deals one card face up on each of four packets, covering the last round, and two cards face down to the reserve; after each round play all suitable cards.",
				Source:  "the first round's description is lost; four packets and a face-down reserve per Wikipedia and PySolFC 557; packets first, then the reserve (engine convention)",
				Terms:   []string{"разложивши первый ряд, приступают к раскладыванию нескольких других рядов", "последующий ряд покрывает предыдущий", "к числу отставных присоединяют каждый раз по две карты", "разложивши ряд, останавливаются и играют на основания все подходящие карты"}},
			{ID: dlRuleFoundation, Kind: KindPlay, Status: StatusBook,
				Summary: "The first ace and the first king of each suit that appear are played to their fixed places, aces above, kings below.",
				Terms:   []string{"если во время раскладки появится одна из этих основных карт, то их играют на определенное место", "тузы вверху, короли внизу"}},
			{ID: dlRuleVacancy, Kind: KindPlay, Status: StatusBook,
				Summary: "A packet emptied by play stays empty until the next round is dealt over it.",
				Terms:   []string{"открывшиеся таким образом пустые места никоим образом не закрывают до тех пор, пока не будет разложен новый ряд карт"}},
			{ID: dlRuleReserve, Kind: KindPlay, Status: StatusBook,
				Summary: "When the pack is used up the reserve is turned up; every reserve card is available and may be played with the packet tops.",
				Source:  "face down until then and fully open afterwards: Wikipedia and PySolFC 557; variant reserve=top",
				Terms:   []string{"когда израсходована вся колода карт, то снимают отставных, рассматривают их", "если между ними есть подходящие карты, то их играют на основания", "взятую с верха четырех пачек"}},
			{ID: dlRuleRedeal, Kind: KindPlay, Status: StatusBook,
				Summary: "When no further play is possible, take up the four packets one after another, put the reserve beneath and deal again; three redeals, and on the last (fourth) deal no reserve is set aside.",
				Source:  "engine convention for the gather order: P0…P3 each in the order dealt, then the reserve (variant gather=reversed). The player calls the redeal any time once the stock is out",
				Terms:   []string{"берут одну за другой четыре пачки, кладут отставных под низ и повторяют игру, как прежде", "пасьянс можно раскладывать еще три раза", "в последний или четвертый раз не откладывают более отставных"}},
			{ID: dlRuleWin, Kind: KindPlay, Status: StatusConvention,
				Summary: "The game is won when all eight foundations are complete (104 cards).",
				Source:  "engine convention (the surviving text does not state it; Wikipedia and PySolFC 557 agree)"},
		},
		Variants: []Variant{
			{Name: "reserve", Values: []string{"closed", "top"}, Default: "closed",
				Doc: "closed: the reserve lies face down until the pack is out, then every card of it is available (Wikipedia, PySolFC 557); top: the reserve lies face up as a waste pile whose top card is always available (Whitmore Jones)."},
			{Name: "gather", Values: []string{"dealt", "reversed"}, Default: "dealt",
				Doc: "Order of the new stock on a redeal, P0…P3 then the reserve: dealt: each pile's cards in the order they were dealt (engine convention); reversed: each pile top card first."},
		},
		Search: duchessSearch,
		Start:  startDuchess,
	}
}

// duchessSearch explains the search hooks of the Duchess de Luynes.
const duchessSearch = `Symmetry: no rule tells the two copies of a card apart, so the key hashes every pile as the faces of its cards (in order: the packets, the reserve and the stock are dealt and gathered in order), the foundations by their heights (a pile of height n holds the n ranks from its base) and the redeals used. The packets are not interchangeable: each round deals P0 … P3 in turn and the redeal gathers them in that order.

Safe moves: only on the last deal (no redeal left), a card played to a foundation whose other copy is already home. From then on the piles are stacks that only lose cards to the foundations, and the card is the only one left that can ever take that place, so every win plays it there; playing it at once only uncovers the card beneath it earlier and lets a later round fall on that card instead, which keeps every later move of the win legal. One step earlier, when the stock is out on the deal before the last: a play of the card that the redeal would gather last (the top of the reserve, or of the last packet holding cards; the bottom with variant gather=reversed), again with its other copy home. A win either plays it before the redeal (then at once is as good: no card is dealt in between) or gathers it, and then the last deal brings it last, every other card falling where it would fall without it, and its foundation waits for it the whole deal. Otherwise, while a redeal is left, no foundation play is known to be safe: a card left in the packets changes the order of the gathered stock, and so where every later card falls.

Dead ends: only on the last deal, where every card still to come has a known packet and round (the stock deals P0 … P3 in turn, no reserve) and a card leaves its packet only for a foundation. A lower bound on the phase in which each card can be played (phase 0 now, phase j after the j-th round still to come) rises to a fixed point by three rules: a card is played no earlier than it arrives; a card lying beneath another is played after it, and a card arriving in phase j surely lies on an earlier card of its packet whose bound is j or more; a card goes to one of its suit's foundations, the ace pile at a needing one copy each of the ranks a+1 … below it first, the king pile at k the ranks 13-k … above it, so it is played no earlier than the best of the two allows, taking for each rank its earliest copy that the card does not itself cover. A card whose bound becomes infinite (every copy of a rank it needs first lies beneath it, now or surely later, or can never be played) can never go home: the game is lost. So is a cycle in the order the cards must keep: each card before every card it surely covers, and after the one copy left of the rank its only possible foundation needs just before it.

Move order (MoveOrderer): the foundation plays first, from the reserve and then from the packets P3 … P0, the deal or the redeal last. A depth-first search reconsiders its last choices first, here the plays of the cards a redeal gathers earliest: leaving one of them out of the gather moves every later card of the next deal (on deals 1–40 this order found two more wins at the default budget, with fewer nodes).`

// duchessPiles is the layout of the Duchess de Luynes.
func duchessPiles() []PileInfo {
	ps := make([]PileInfo, dlPiles)
	for i, n := range dlPileNames {
		k := PileTableau
		switch {
		case i == dlReserve:
			k = PileReserve
		case i >= dlFound && i < dlFound+8:
			k = PileFoundation
		case i == dlStock:
			k = PileStock
		}
		ps[i] = PileInfo{Name: n, Kind: k}
	}
	return ps
}

// duchessRules are the typed variant options of the Duchess de Luynes.
type duchessRules struct {
	reserveTop bool // reserve=top
	reversed   bool // gather=reversed
}

func startDuchess(v *VariantReader) (Dealer, error) {
	r := &duchessRules{reserveTop: v.Is("reserve", "top"), reversed: v.Is("gather", "reversed")}
	c := newCore(v)
	return func(pack []Card) (Game, error) { return newDuchess(c, r, pack), nil }, nil
}

// The game contract and the optional interfaces duchess implements,
// checked by the compiler.
var (
	_ Game        = (*duchess)(nil)
	_ MoveOrderer = (*duchess)(nil)
)

// duchess is the state of a game of Duchess de Luynes.
//
// Besides the layout it keeps a few facts up to date move by move (sync
// computes them from the layout): the score, so that Won is one
// comparison; the foundations that take each card next, so that a packet
// top costs one load; and the reserve's cards with the places they came
// to, and which of those places hold a card a foundation takes, so that
// the reserve's plays are read off one mask in the reserve's order,
// without walking it or sorting.
type duchess struct {
	table
	r       *duchessRules
	redeals uint8
	score   uint8             // cards on the foundations
	nseq    uint8             // the places dealt to the reserve since it was last empty (gathered)
	fit     [dlFitCards]uint8 // bit f: foundation f (0–7) takes card c next (0 past the cards; read at c&(dlFitCards-1))
	res     [2]uint64         // bit c: card c lies in the reserve
	resAt   uint64            // bit i: place i of the reserve holds a card (slot)
	resFit  uint64            // bit i: the reserve card at place i is one a foundation takes
	seq     [dlCards]uint8    // for a card in the reserve, its place from the bottom, with gaps where cards left
	slot    [dlPlaces]Card    // the card dealt to each place of the reserve (stale once it left)
}

// cardBit returns the word and the bit of card c (a real card) in a
// [2]uint64 card set.
func cardBit(c Card) (int, uint64) { return int(c>>6) & 1, 1 << (c & 63) }

func newDuchess(c core, r *duchessRules, pack []Card) *duchess {
	g := new(duchess)
	g.setUp(c, r, pack)
	return g
}

// setUp deals pack into g with the setup's core and rules, g's earlier
// state, if any, discarded: a game started anew.
func (g *duchess) setUp(c core, r *duchessRules, pack []Card) {
	*g = duchess{table: table{core: c}, r: r}
	g.lay.reset()
	g.lay.loadPack(dlStock, pack)
	g.fit = g.fits0()
	g.deal()
}

// Redeal starts g again on pack with the same setup (engine.Redealer).
func (g *duchess) Redeal(pack []Card) error {
	g.setUp(g.core, g.r, pack)
	return nil
}

// sync computes the facts the game keeps (see duchess) from the layout.
func (g *duchess) sync() {
	g.score = 0
	for f := dlFound; f < dlFound+8; f++ {
		g.score += uint8(g.lay.size(f))
	}
	g.fit = g.fitsOf()
	g.res, g.resAt, g.resFit = [2]uint64{}, 0, 0
	n := g.lay.size(dlReserve)
	g.nseq = uint8(n)
	for c := g.lay.top(dlReserve); c != NoCard; c = g.lay.below[c] {
		w, b := cardBit(c)
		g.res[w] |= b
		n--
		g.seq[c] = uint8(n)
		g.slot[n] = c
		g.resAt |= 1 << n
		if g.fit[c] != 0 {
			g.resFit |= 1 << n
		}
	}
}

// raise updates the foundations that take each card after foundation f
// (0–7) took card c: f no longer takes either copy of c's face (its
// partner, the suit's other pile, may still take one), and takes both
// copies of the next face, the rank above c on an ace pile, below it on
// a king pile (none once complete).
// Card c itself has just left its pile, so it is not in the reserve.
// (The masks only tell the compiler the ranges: no shift or bounds
// checks.)
func (g *duchess) raise(f int, c Card) {
	f &= 7
	bit := uint8(1) << f
	g.fit[c&(dlFitCards-1)] &^= bit
	o := dlOtherCopy[c&(dlFitCards-1)]
	g.setFit(o, g.fit[o&(dlFitCards-1)]&^bit)
	if g.lay.piles[(dlFound+f)&(maxPiles-1)].n < NumRanks {
		next := c + 1 // the same deck's card of the next rank of the suit
		if f&1 != 0 {
			next = c - 1
		}
		g.setFit(next, g.fit[next&(dlFitCards-1)]|bit)
		o := dlOtherCopy[next&(dlFitCards-1)]
		g.setFit(o, g.fit[o&(dlFitCards-1)]|bit)
	}
}

// dlOtherCopy is otherCopy as a table (a load where the deck of the card
// would be a branch taken at random).
var dlOtherCopy = func() (t [dlFitCards]Card) {
	for c := range t {
		t[c] = NoCard
		if c < dlCards {
			t[c] = otherCopy(Card(c))
		}
	}
	return t
}()

// setFit sets the foundations that take card c to m, and the place of c
// in resFit when c lies in the reserve.
func (g *duchess) setFit(c Card, m uint8) {
	g.fit[c&(dlFitCards-1)] = m
	if w, b := cardBit(c); g.res[w]&b != 0 {
		place := uint64(1) << (g.seq[c] & (dlPlaces - 1))
		if m != 0 {
			g.resFit |= place
		} else {
			g.resFit &^= place
		}
	}
}

// deal deals one round: a card on each packet, then two to the reserve
// (none on the last deal). The cards are linked from pile to pile
// directly (move would also clear each card's link, which the push
// overwrites).
func (g *duchess) deal() {
	l := &g.lay
	st := &l.piles[dlStock]
	top, left := st.top, st.n // the stock's, kept in locals
	if left >= dlPackets {    // a full round, unrolled
		ps := (*[dlPackets]pileHead)(l.piles[:dlPackets])
		c0 := top
		c1 := l.below[c0]
		c2 := l.below[c1]
		c3 := l.below[c2]
		top = l.below[c3]
		l.below[c0], l.below[c1], l.below[c2], l.below[c3] = ps[0].top, ps[1].top, ps[2].top, ps[3].top
		ps[0] = pileHead{top: c0, n: ps[0].n + 1}
		ps[1] = pileHead{top: c1, n: ps[1].n + 1}
		ps[2] = pileHead{top: c2, n: ps[2].n + 1}
		ps[3] = pileHead{top: c3, n: ps[3].n + 1}
		left -= dlPackets
	} else {
		for p := range int(left) {
			c := top
			top = l.below[c]
			h := &l.piles[p]
			l.below[c] = h.top
			*h = pileHead{top: c, n: h.n + 1}
		}
		left = 0
	}
	if g.redeals < dlRedeals && left != 0 {
		k := min(left, 2)
		left -= k
		h := &l.piles[dlReserve]
		rtop, place := h.top, g.nseq
		for range k {
			c := top
			top = l.below[c]
			l.below[c] = rtop
			rtop = c
			w, b := cardBit(c)
			g.res[w] |= b
			place &= dlPlaces - 1
			g.seq[c] = place
			g.slot[place] = c
			g.resAt |= 1 << place
			if g.fit[c&(dlFitCards-1)] != 0 {
				g.resFit |= 1 << place
			}
			place++
		}
		*h = pileHead{top: rtop, n: h.n + k}
		g.nseq = place
	}
	*st = pileHead{top: top, n: left}
}

// fits reports whether c goes on foundation f (0–7).
func (g *duchess) fits(f int, c Card) bool {
	return c.Valid() && int(c.Suit()) == f/2 && c.Rank() == pairWant(f, g.lay.size(dlFound+f))
}

// fitsOf returns, for each card, the foundations (bit f, 0–7) that take
// it next, from the foundations' heights: both copies of each
// foundation's next face (bit f of fitsOf()[c] is fits(f, c)).
func (g *duchess) fitsOf() (fit [dlFitCards]uint8) {
	for f := 0; f < 8; f++ {
		if r := pairWant(f, g.lay.size(dlFound+f)); r != 0 {
			for d := 0; d < 2; d++ {
				fit[NewCard(r, Suit(f/2), d)] |= 1 << f
			}
		}
	}
	return fit
}

// dlFits0 is fitsOf with every foundation empty: the aces go to the ace
// piles, the kings to the king piles.
var dlFits0 = func() (fit [dlFitCards]uint8) {
	for s := 0; s < NumSuits; s++ {
		for d := 0; d < 2; d++ {
			fit[NewCard(Ace, Suit(s), d)] = 1 << (2 * s)
			fit[NewCard(King, Suit(s), d)] = 2 << (2 * s)
		}
	}
	return fit
}()

// fits0 returns dlFits0 (the foundations of a new deal are empty).
func (g *duchess) fits0() [dlFitCards]uint8 { return dlFits0 }

// inReserve reports whether card c lies in the reserve.
func (g *duchess) inReserve(c Card) bool {
	w, b := cardBit(c)
	return c < dlCards && g.res[w]&b != 0
}

// reserveOpen reports whether reserve cards may be played.
func (g *duchess) reserveOpen() bool { return g.r.reserveTop || g.lay.empty(dlStock) }

// LegalMoves appends the legal moves: packet plays, reserve plays, the next
// round, the redeal. The moves are written in place field by field (see
// dlSetMove) into room made once for the most a position can have.
func (g *duchess) LegalMoves(dst []Move) []Move {
	if g.Won() {
		return dst
	}
	l := &g.lay
	// Byte p of pm: the foundations that take the top of packet p.
	pm := uint32(g.fit[l.piles[0].top&(dlFitCards-1)]) | uint32(g.fit[l.piles[1].top&(dlFitCards-1)])<<8 |
		uint32(g.fit[l.piles[2].top&(dlFitCards-1)])<<16 | uint32(g.fit[l.piles[3].top&(dlFitCards-1)])<<24
	stockOut := l.piles[dlStock].n == 0
	reserve := (stockOut || g.r.reserveTop) && l.piles[dlReserve].n != 0
	if pm == 0 && !reserve { // no play: the deal or the redeal alone, the common case
		switch {
		case !stockOut:
			return dlAppend(dst, MoveDeal, dlRuleDeal)
		case g.redeals < dlRedeals:
			return dlAppend(dst, MoveRedeal, dlRuleRedeal)
		}
		return dst
	}
	n := len(dst)
	if cap(dst)-n < dlRoom {
		dst = slices.Grow(dst, dlRoom)
	}
	out := (*[dlRoom]Move)(dst[n : n+dlRoom])
	i := 0
	for ; pm != 0; pm &= pm - 1 { // packet p = b/8 in order, then foundation f = b%8: g.fits(f, top)
		b := bits.TrailingZeros32(pm)
		p, f := b>>3, b&7
		rule := dlRuleI
		if l.piles[dlFound+f].n == 0 {
			rule = dlRuleFoundation
		}
		dlSetMove(&out[i&(dlRoom-1)], MoveFoundation, p, dlFound+f, l.piles[p&3].top, rule)
		i++
	}
	if reserve {
		i = g.appendReserve(out, i)
	}
	switch {
	case !stockOut:
		dlSetMove(&out[i&(dlRoom-1)], MoveDeal, dlStock, dlStock, NoCard, dlRuleDeal)
		i++
	case g.redeals < dlRedeals:
		dlSetMove(&out[i&(dlRoom-1)], MoveRedeal, dlStock, dlStock, NoCard, dlRuleRedeal)
		i++
	}
	return dst[:n+i]
}

// dlAppend appends the deal or the redeal (kind k, rule), written field
// by field like dlSetMove.
func dlAppend(dst []Move, k MoveKind, rule RuleID) []Move {
	n := len(dst)
	if n < cap(dst) {
		dst = dst[:n+1]
	} else {
		dst = append(dst, Move{})
	}
	dlSetMove(&dst[n], k, dlStock, dlStock, NoCard, rule)
	return dst
}

// dlSetMove makes *m the move of kind k of card c from pile from to pile
// to under rule. The fields are stored one by one into the list: a Move
// literal is built on the stack and copied in 16-byte halves, whose loads
// wait for the byte stores just made.
func dlSetMove(m *Move, k MoveKind, from, to int, c Card, rule RuleID) {
	m.Kind, m.From, m.To, m.Card, m.Card2, m.Rule = k, uint8(from), uint8(to), c, NoCard, rule
}

// appendReserve writes the plays of the available reserve cards, bottom
// first, each onto the foundations that take it (F0 first), into out from
// index i on, and returns the index after them. The reserve's cards a
// foundation takes are the places of resFit, bottom first.
func (g *duchess) appendReserve(out *[dlRoom]Move, i int) int {
	if g.r.reserveTop {
		c := g.lay.top(dlReserve)
		for m := g.fit[c&(dlFitCards-1)]; m != 0; m &= m - 1 { // g.fits(f, c)
			dlSetMove(&out[i&(dlRoom-1)], MoveFoundation, dlReserve, dlFound+bits.TrailingZeros8(m), c, dlRuleReserve)
			i++
		}
		return i
	}
	for pm := g.resFit; pm != 0; pm &= pm - 1 {
		c := g.slot[bits.TrailingZeros64(pm)]
		for m := g.fit[c&(dlFitCards-1)]; m != 0; m &= m - 1 { // g.fits(f, c)
			dlSetMove(&out[i&(dlRoom-1)], MoveFoundation, dlReserve, dlFound+bits.TrailingZeros8(m), c, dlRuleReserve)
			i++
		}
	}
	return i
}

// anyMove reports whether some move is legal (LegalMoves would list one).
func (g *duchess) anyMove() bool {
	if g.Won() {
		return false
	}
	l := &g.lay
	for p := 0; p < dlPackets; p++ {
		if g.fit[l.piles[p].top&(dlFitCards-1)] != 0 {
			return true
		}
	}
	if l.piles[dlStock].n != 0 || g.redeals < dlRedeals {
		return true // the deal or the redeal
	}
	return l.piles[dlReserve].n != 0 && (g.r.reserveTop && g.fit[l.top(dlReserve)&(dlFitCards-1)] != 0 || !g.r.reserveTop && g.resFit != 0)
}

// Check is the legality predicate, rule by rule.
func (g *duchess) Check(m Move) error {
	if m.Card2 != NoCard {
		return illegal("duchess-de-luynes: no move of duchess-de-luynes has a second card")
	}
	if g.Won() {
		return illegal("duchess-de-luynes: the game is won")
	}
	from, to := int(m.From), int(m.To)
	f := to - dlFound
	switch m.Rule {
	case dlRuleI, dlRuleFoundation:
		if m.Kind != MoveFoundation || from >= dlPackets || f < 0 || f >= 8 {
			return illegal("duchess-de-luynes: the move does not fit its rule, which plays a packet top to a foundation")
		}
		if t := g.lay.top(from); t == NoCard || t != m.Card {
			return illegalf(m, "%s is not the top of %s (only packet tops are available)", m.Card, dlPileNames[from])
		}
		if m.Rule == dlRuleFoundation && !g.lay.empty(to) {
			return illegalf(m, "%s already holds its foundation card", dlPileNames[to])
		}
		if m.Rule == dlRuleI && g.lay.empty(to) {
			return illegalf(m, "a foundation card to its place is %s", dlRuleFoundation)
		}
		if !g.fits(f, m.Card) {
			return illegalf(m, "%s does not go on %s (aces up, kings down, in suit)", m.Card, dlPileNames[to])
		}
		return nil
	case dlRuleReserve:
		if m.Kind != MoveFoundation || from != dlReserve || f < 0 || f >= 8 {
			return illegal("duchess-de-luynes: the move does not fit its rule, which plays a reserve card to a foundation")
		}
		if !g.reserveOpen() {
			return illegal("duchess-de-luynes: the reserve stays face down until the stock is out")
		}
		found := g.inReserve(m.Card)
		if g.r.reserveTop {
			found = m.Card == g.lay.top(dlReserve)
		}
		if !found || !m.Card.Valid() {
			return illegalf(m, "%s is not an available reserve card", m.Card)
		}
		if !g.fits(f, m.Card) {
			return illegalf(m, "%s does not go on %s (aces up, kings down, in suit)", m.Card, dlPileNames[to])
		}
		return nil
	case dlRuleDeal:
		if m.Kind != MoveDeal || from != dlStock || to != dlStock || m.Card != NoCard {
			return illegal("duchess-de-luynes: the move does not fit its rule, which deals the next round from the stock")
		}
		if g.lay.empty(dlStock) {
			return illegal("duchess-de-luynes: the stock is out")
		}
		return nil
	case dlRuleRedeal:
		if m.Kind != MoveRedeal || from != dlStock || to != dlStock || m.Card != NoCard {
			return illegal("duchess-de-luynes: a redeal gathers the packets and the reserve into the stock")
		}
		if !g.lay.empty(dlStock) {
			return illegal("duchess-de-luynes: the stock is not yet out")
		}
		if g.redeals >= dlRedeals {
			return illegalf(m, "only %d redeals", dlRedeals)
		}
		return nil
	}
	return illegal("duchess-de-luynes: no rule of duchess-de-luynes permits this move")
}

// Apply checks and performs m.
func (g *duchess) Apply(m Move) error {
	if err := g.Check(m); err != nil {
		return err
	}
	g.ApplyListed(&m)
	return nil
}

// ApplyListed performs m, which LegalMoves listed for the current state,
// without checking it again (engine.ListedApplier).
func (g *duchess) ApplyListed(m *Move) {
	// Check matched the rule to the move's kind and source: a switch on
	// them spares comparing the rule's text again.
	switch {
	case m.Kind == MoveFoundation && m.From != dlReserve: // dlRuleI, dlRuleFoundation
		g.lay.move(int(m.From), int(m.To))
		g.raise(int(m.To)-dlFound, m.Card)
		g.score++
	case m.Kind == MoveFoundation: // dlRuleReserve
		g.takeReserve(m.Card)
		g.lay.push(int(m.To), m.Card)
		g.raise(int(m.To)-dlFound, m.Card)
		g.score++
	case m.Kind == MoveDeal: // dlRuleDeal
		g.deal()
	case m.Kind == MoveRedeal: // dlRuleRedeal
		g.gather()
		g.redeals++
		g.deal()
	}
}

// takeReserve takes card c, which lies in the reserve, out of it; the
// cards above it close up. The card just above c is the one at the
// lowest place above c's that still holds a card (resAt).
func (g *duchess) takeReserve(c Card) {
	w, b := cardBit(c)
	g.res[w] &^= b
	place := g.seq[c] & (dlPlaces - 1)
	g.resFit &^= 1 << place
	g.resAt &^= 1 << place
	l := &g.lay
	h := &l.piles[dlReserve]
	if h.top == c {
		l.pop(dlReserve)
		return
	}
	above := g.slot[bits.TrailingZeros64(g.resAt>>place<<place)]
	l.below[above] = l.below[c]
	l.below[c] = NoCard
	h.n--
}

// gather makes the new stock (empty before): P0…P3 in turn, then the
// reserve beneath, each pile in the order its cards were dealt (top first
// when reversed). The piles' lists are spliced in place into the stock's,
// top first: a pile taken in dealt order is reversed (its bottom card
// comes first), one taken top first keeps its links; the layout is then
// exactly what taking the cards up one by one and loading them as the
// pack gives.
func (g *duchess) gather() {
	l := &g.lay
	head, tail := NoCard, NoCard // the new stock's top and bottom cards
	n := 0
	for _, p := range [...]int{0, 1, 2, 3, dlReserve} {
		h := &l.piles[p]
		if h.n == 0 {
			continue
		}
		first, last := h.top, h.top // the pile's cards in stock order
		if g.r.reversed {
			for l.below[last] != NoCard {
				last = l.below[last]
			}
		} else {
			prev := NoCard
			for c := h.top; c != NoCard; {
				next := l.below[c]
				l.below[c] = prev
				prev, c = c, next
			}
			first = prev
		}
		if head == NoCard {
			head = first
		} else {
			l.below[tail] = first
		}
		tail = last
		n += int(h.n)
		*h = pileHead{top: NoCard}
	}
	if tail != NoCard {
		l.below[tail] = NoCard
	}
	l.piles[dlStock] = pileHead{top: head, n: uint8(n)}
	g.res, g.resAt, g.resFit, g.nseq = [2]uint64{}, 0, 0, 0
}

// Ending: won when every card is on the foundations, stuck when no move is
// legal.
func (g *duchess) Ending() Ending {
	return ending(g.Won(), false, g.anyMove())
}

// Score is the number of cards on the foundations.
func (g *duchess) Score() int { return int(g.score) }

func (g *duchess) Won() bool    { return g.score == dlCards }
func (g *duchess) Total() int   { return dlCards }
func (g *duchess) Redeals() int { return int(g.redeals) }

// reserveHidden reports whether the reserve cards are face down.
func (g *duchess) reserveHidden() bool { return !g.reserveOpen() }

// Pile shows every pile but the face-down stock and, until the stock is
// out, the face-down reserve.
func (g *duchess) Pile(dst []Card, i int) []Card {
	switch {
	case i == dlStock:
		return appendHidden(dst, g.lay.size(dlStock))
	case i == dlReserve && g.reserveHidden():
		return appendHidden(dst, g.lay.size(dlReserve))
	}
	return g.FullPile(dst, i)
}

// FullPile returns every card of pile i, bottom first.
func (g *duchess) FullPile(dst []Card, i int) []Card {
	if i < 0 || i >= dlPiles {
		return dst
	}
	return g.lay.appendPile(dst, i)
}

// Hash covers every pile including the stock's and the reserve's order,
// and the redeals used.
func (g *duchess) Hash() uint64 { return g.lay.hashWords(uint64(g.redeals), dlCards, dlPiles, 0) }

// ViewHash is Hash with the stock, and the reserve while face down, reduced
// to their sizes (while both are hidden, which hidden card lies where is
// hidden too).
func (g *duchess) ViewHash() uint64 {
	hidden := uint64(1) << dlStock
	if g.reserveHidden() {
		hidden |= 1 << dlReserve
	}
	return g.lay.hashWords(uint64(g.redeals), dlCards, dlPiles, hidden)
}

func (g *duchess) Clone() Game {
	c := *g
	return &c
}

// CopyFrom makes g a copy of src when src is a Duchess game.
func (g *duchess) CopyFrom(src Game) bool { return copyState(g, src) }

// Determinize rearranges the hidden cards at random: the stock and, while
// it lies face down, the reserve (their sizes stay).
func (g *duchess) Determinize(r *Rand) {
	if !g.reserveHidden() {
		g.lay.determinize(dlStock, r)
		return
	}
	var buf [packCards]Card
	np := g.lay.size(dlStock)
	n := len(g.lay.drain(&buf, dlStock))
	for !g.lay.empty(dlReserve) {
		buf[n] = g.lay.pop(dlReserve)
		n++
	}
	hidden := buf[:n]
	determinize(hidden, r)
	for _, c := range hidden[:np] {
		g.lay.push(dlStock, c)
	}
	for _, c := range hidden[np:] {
		g.lay.push(dlReserve, c)
	}
	g.sync()
}

// Search hooks (SearchHooks): see duchessSearch.

// SearchKey returns the canonical key described above.
func (g *duchess) SearchKey() Key {
	k := newKeyHash(0x444C) // "DL"
	var hs uint64
	for f := 0; f < 8; f++ {
		hs = hs<<4 | uint64(g.lay.size(dlFound+f))
	}
	k.word(hs | uint64(g.redeals)<<32)
	for p := 0; p < dlPackets; p++ {
		pileKey(&k, &g.lay, p, 8, faceValue{}, false)
	}
	pileKey(&k, &g.lay, dlReserve, 8, faceValue{}, false)
	pileKey(&k, &g.lay, dlStock, 8, faceValue{}, false)
	return k.sum()
}

// SafeMove returns a foundation play of a card whose other copy is home:
// any on the last deal, and at the end of the deal before it (stock out)
// the card the redeal would gather last; or -1.
func (g *duchess) SafeMove(legal []Move) int {
	switch {
	case g.redeals == dlRedeals:
		for i, m := range legal {
			if m.Kind == MoveFoundation && homePair(&g.lay, dlFound, m.Card.Suit(), m.Card.Rank()) > 0 {
				return i
			}
		}
	case g.redeals == dlRedeals-1 && g.lay.empty(dlStock):
		last := g.lastGathered()
		for i, m := range legal {
			if m.Kind == MoveFoundation && m.Card == last && homePair(&g.lay, dlFound, last.Suit(), last.Rank()) > 0 {
				return i
			}
		}
	}
	return -1
}

// lastGathered returns the card the next redeal would gather last (and the
// last deal would deal last): the top of the last pile of P0 … P3, reserve
// that holds a card, or its bottom with variant gather=reversed.
func (g *duchess) lastGathered() Card {
	for _, p := range [...]int{dlReserve, 3, 2, 1, 0} {
		if g.lay.empty(p) {
			continue
		}
		if g.r.reversed {
			return g.lay.at(p, g.lay.size(p)-1)
		}
		return g.lay.top(p)
	}
	return NoCard
}

// DeadEnd reports, on the last deal, a card that no line can ever play
// (see duchessSearch and dlPlan).
func (g *duchess) DeadEnd() bool {
	if g.redeals < dlRedeals {
		return false
	}
	var pl dlPlan
	return pl.dead(g)
}

// OrderMoves puts the foundation plays first, those from the reserve
// first and then from the packets P3 … P0, and the deal or redeal last.
// A depth-first search reconsiders the last choices first: here the plays
// of the cards the redeal gathers earliest, whose absence from the gather
// moves every later card of the next deal.
func (g *duchess) OrderMoves(moves []Move) {
	rank := func(m Move) int {
		switch {
		case m.Kind != MoveFoundation:
			return dlPackets + 1
		case m.From == dlReserve:
			return 0
		}
		return dlPackets - int(m.From)
	}
	for i := 1; i < len(moves); i++ { // stable insertion sort by rank
		for j := i; j > 0 && rank(moves[j]) < rank(moves[j-1]); j-- {
			moves[j], moves[j-1] = moves[j-1], moves[j]
		}
	}
}

// dlInf is an unreachable phase.
const dlInf = 0xFFFF

// dlPlan bounds, on the last deal, the phase in which each card not home
// can be played at the earliest. Phase 0 is now; phase j follows the j-th
// round still to be dealt from the stock. Each packet receives its cards
// in a known order: those it holds, bottom first, then every fourth card
// of the stock (P0 the top card, P1 the next …, round by round). A card
// that arrives on a packet lies on every earlier card still there. The
// bounds only rise, by three rules, to a fixed point:
//   - a card is played no earlier than it arrives;
//   - a card that lies, or will surely lie, beneath another is played
//     after it: a card arriving in phase j surely covers an earlier card
//     of its packet whose bound is j or more;
//   - a card goes to one of its suit's foundations (the ace pile at a
//     needs one copy of each rank a+1 … below it first, the king pile at k
//     each rank 13-k … above it), so it is played no earlier than the
//     best foundation allows: for each rank needed, the earliest copy that
//     it does not cover itself.
//
// A card whose bound becomes infinite can never be played.
type dlPlan struct {
	pk  [dlCards]int8   // the packet a card is in or will arrive on, -1 home
	idx [dlCards]uint8  // its place in the packet's order of arrival
	arr [dlCards]uint8  // the phase it arrives in (0: on a packet now)
	e   [dlCards]uint16 // the bound
	seq [dlPackets][dlCards]Card
	n   [dlPackets]int
}

// dead reports whether some card of g can never be played.
func (pl *dlPlan) dead(g *duchess) bool {
	for c := range pl.pk {
		pl.pk[c] = -1
	}
	var buf [dlCards]Card
	for q := 0; q < dlPackets; q++ {
		for _, c := range g.lay.appendPile(buf[:0], q) {
			pl.add(q, c, 0)
		}
	}
	i := 0
	for c := g.lay.top(dlStock); c != NoCard; c = g.lay.below[c] {
		pl.add(i%dlPackets, c, uint8(i/dlPackets+1))
		i++
	}
	for changed := true; changed; {
		changed = false
		for q := 0; q < dlPackets; q++ {
			for j := 0; j < pl.n[q]; j++ {
				c := pl.seq[q][j]
				v := pl.bound(g, c)
				if v > pl.e[c] {
					pl.e[c] = v
					changed = true
				}
				if v == dlInf {
					return true
				}
			}
		}
	}
	return pl.cyclic(g)
}

// cyclic reports a cycle in the order the cards must keep: a card before
// every card it surely covers, and a card after the one copy left of the
// rank its only foundation needs just before it (the other copy home or
// covered by the card). Cards in a cycle can never all be played.
func (pl *dlPlan) cyclic(g *duchess) bool {
	var after [dlCards][2]uint64 // after[c]: the cards that must come after c
	set := func(x, y Card) { after[x][y>>6] |= 1 << (y & 63) }
	for q := 0; q < dlPackets; q++ {
		for i := 0; i < pl.n[q]; i++ {
			x := pl.seq[q][i]
			for j := 0; j < i; j++ {
				if y := pl.seq[q][j]; pl.covers(x, y) {
					set(x, y)
				}
			}
			if y := pl.onlyBefore(g, x); y != NoCard {
				set(y, x)
			}
		}
	}
	// Close the relation: a card reaching itself closes a cycle.
	for changed := true; changed; {
		changed = false
		for c := Card(0); c < dlCards; c++ {
			a := after[c]
			if a == [2]uint64{} {
				continue
			}
			n := a
			for w := 0; w < 2; w++ {
				for m := a[w]; m != 0; m &= m - 1 {
					d := Card(w*64 + bits.TrailingZeros64(m))
					n[0] |= after[d][0]
					n[1] |= after[d][1]
				}
			}
			if n[c>>6]&(1<<(c&63)) != 0 {
				return true
			}
			if n != a {
				after[c], changed = n, true
			}
		}
	}
	return false
}

// onlyBefore returns the card that must be played just before c when c
// has one foundation it can go to and one copy left of the rank that
// foundation needs before c (the other copy home or covered by c), else
// NoCard.
func (pl *dlPlan) onlyBefore(g *duchess, c Card) Card {
	s, r := c.Suit(), c.Rank()
	a := g.lay.size(dlFound + 2*int(s))
	k := g.lay.size(dlFound + 2*int(s) + 1)
	ace, king := int(r) > a, int(r) <= NumRanks-k
	var q Rank
	switch {
	case ace && !king && int(r) > a+1:
		q = r - 1
	case king && !ace && int(r) < NumRanks-k:
		q = r + 1
	default:
		return NoCard
	}
	only := NoCard
	for d := 0; d < 2; d++ {
		if y := NewCard(q, s, d); pl.pk[y] >= 0 && !pl.covers(c, y) {
			if only != NoCard {
				return NoCard // two copies could come first
			}
			only = y
		}
	}
	return only
}

// add records that card c arrives on packet q in phase a.
func (pl *dlPlan) add(q int, c Card, a uint8) {
	pl.pk[c], pl.idx[c], pl.arr[c], pl.e[c] = int8(q), uint8(pl.n[q]), a, uint16(a)
	pl.seq[q][pl.n[q]] = c
	pl.n[q]++
}

// covers reports whether card x surely lies on card y (same packet, y
// earlier and still there when x arrives), with the current bounds.
func (pl *dlPlan) covers(x, y Card) bool {
	return pl.pk[x] == pl.pk[y] && pl.idx[y] < pl.idx[x] && (pl.arr[x] == 0 || pl.e[y] >= uint16(pl.arr[x]))
}

// bound returns the bound of card c from the three rules.
func (pl *dlPlan) bound(g *duchess, c Card) uint16 {
	v := pl.e[c]
	q := int(pl.pk[c])
	for j := int(pl.idx[c]) + 1; j < pl.n[q]; j++ { // the cards on c
		if x := pl.seq[q][j]; pl.covers(x, c) && pl.e[x] > v {
			v = pl.e[x]
		}
	}
	s, r := c.Suit(), c.Rank()
	a := g.lay.size(dlFound + 2*int(s))
	k := g.lay.size(dlFound + 2*int(s) + 1)
	best := uint16(dlInf)
	if int(r) > a { // the ace pile
		best = min(best, pl.chain(c, s, Rank(a+1), r-1))
	}
	if int(r) <= NumRanks-k { // the king pile
		best = min(best, pl.chain(c, s, r+1, Rank(NumRanks-k)))
	}
	return max(v, best)
}

// chain returns the earliest phase by which one copy each of the ranks lo
// … hi of suit s, none of them covered by c, can have been played.
func (pl *dlPlan) chain(c Card, s Suit, lo, hi Rank) uint16 {
	v := uint16(0)
	for q := lo; q <= hi; q++ {
		e := uint16(dlInf)
		for d := 0; d < 2; d++ {
			y := NewCard(q, s, d)
			if pl.pk[y] >= 0 && !pl.covers(c, y) && pl.e[y] < e {
				e = pl.e[y]
			}
		}
		if e > v {
			v = e
		}
	}
	return v
}

func (g *duchess) status() string {
	return fmt.Sprintf("score %d/%d  redeals %d/%d  stock %d  reserve %d", g.Score(), dlCards, g.redeals, dlRedeals, g.lay.size(dlStock), g.lay.size(dlReserve))
}

func (g *duchess) String() string { return renderGame(g, g.FullPile, g.status()) }

func (g *duchess) View() string { return renderGame(g, g.Pile, g.status()) }

// PileTop returns the visible top card of pile i (see PileReader).
func (g *duchess) PileTop(i int) Card {
	if i < 0 || i >= dlPiles || i == dlStock || (i == dlReserve && g.reserveHidden()) {
		return NoCard
	}
	return g.lay.top(i)
}

// VisibleCards adds the cards of every pile but the stock and, while it is
// face down, the reserve to set (see PileReader).
func (g *duchess) VisibleCards(set *[4]uint64) {
	hidden := uint64(1) << dlStock
	if g.reserveHidden() {
		hidden |= 1 << dlReserve
	}
	g.lay.markPiles(set, dlPiles, hidden)
}
