package engine

import (
	"fmt"
	"math/bits"
)

// Red and Black (Пасьянс «Красные — черные», Pujol; Cadogan 1914 "Red and
// Black", Hoffmann "Rouge et Noir").
//
// Piles: F0–F7 foundations (F(2s+d) starts with the ace of suit s from deck
// d and builds up in suit to the king; either copy of a card may go on
// either foundation of its suit), T0–T7 the eight tableau piles
// ("Volunteers"), "stock" (face down) and "talon".
//
// Forced moves applied inside Apply: an empty tableau pile is refilled at
// once from the pack, or from the talon when the pack is empty
// (red-and-black/fill); this also happens after the opening and a redeal.
//
// Every tableau pile is a descending alternating-colour sequence: it starts
// as one card (the deal, a refill) and grows only by builds and shifts,
// which keep the order. The search key and the hooks rely on it.

const (
	rbFound = 0
	rbTab   = 8
	rbStock = 16
	rbTalon = 17
	rbPiles = 18
	// rbTotal is the score of a won game: every card on the foundations.
	rbTotal = 2 * CardsPerDeck
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
		Sources: []string{
			"Pujol, «Пасьянсы», p. 6 (the corpus text, complete)",
			"Cadogan 1914, \"Red and Black\": Rule I (the foundations follow suit), Rule II (descending, alternate colours on the Volunteers), one redeal of the shuffled talon",
			"Hoffmann, \"Rouge et Noir\" (the same game: top card only, gaps filled from the pack, one redeal)",
			"PySolFC game 126 (Red and Black) is a different game: foundations in alternate colours, sequence moves, no redeal",
		},
		Decks:    2,
		Players:  1,
		MaxMoves: 15000,
		Planner:  PlannerDefaults{Samples: 4},
		Piles:    redAndBlackPiles(),
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
				Source:  "engine convention: the book states the refill for the opening; later gaps are refilled the same way (Hoffmann: from the pack), from the talon once the pack is out",
				Terms:   []string{"пробел этот тотчас же заполняется из колоды"}},
			{ID: rbRuleDraw, Kind: KindPlay, Status: StatusBook,
				Summary: "Turn the pack to the side one card at a time onto the talon, whose top card is available.",
				Source:  "engine convention: the talon's top card is available (Cadogan's talon; implicit in the book)",
				Terms:   []string{"мечут колоду к стороне"}},
			{ID: rbRuleBuild, Kind: KindPlay, Status: StatusBook,
				Summary: "Build the talon top on a tableau top in descending order and alternating colour (red on black, black on red).",
				Source:  "Cadogan 1914 Rule II",
				Terms:   []string{"по нисходящему порядку", "семерка на восьмерку", "в различных мастях", "красная на черную, черная на красную"}},
			{ID: rbRuleShift, Kind: KindPlay, Status: StatusBook,
				Summary: "Move the top card (variant: a sequence) from one tableau pile to another in descending alternating-colour order.",
				Source:  "engine convention: the book does not say whether a sequence moves; Cadogan and Hoffmann move the top card only (variant moves)",
				Terms:   []string{"с одной пачки (из восьми) можно перекладывать на другую", "в понижающемся порядке"}},
			{ID: rbRuleRedeal, Kind: KindPlay, Status: StatusBook,
				Summary: "When the pack is out, the talon may be dealt once more in the same order (one redeal).",
				Source:  "the book: once more, in the same order; Cadogan 1914 shuffles the talon first (variant redeal=shuffled)",
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
				Doc: "single: only the top card moves between piles (Cadogan 1914, Hoffmann); sequence: a descending alternating-colour run moves as a unit (as in PySolFC 126)."},
			{Name: "redeal", Values: []string{"unshuffled", "shuffled"}, Default: "unshuffled",
				Doc: "unshuffled: the talon is dealt again in the same order (Pujol); shuffled: it is shuffled first (Cadogan), with a shuffle derived from the deal."},
		},
		Search: redAndBlackSearch,
		Start:  startRedAndBlack,
	}
}

// redAndBlackSearch explains the search hooks of Red and Black.
const redAndBlackSearch = `Symmetry: the two copies of a card are never told apart by the rules (either copy goes on either foundation of its suit, builds go by rank and colour), so the key names cards by face only; the two foundations of a suit are interchangeable (a multiset of two heights); the eight tableau piles play by the same rules and a refill gives the same multiset of piles whichever gap takes which card, so the piles are sorted. Each pile is a descending alternating-colour sequence, so it is keyed exactly by its bottom card, its length and one bit per card for the suit within the colour. The key includes the redeal left, the shuffle generator while a shuffled redeal is pending, and the cycle-rule counter (consecutive shifts) whenever a shift could be made at all; when none could, every legal move resets the counter and it does not decide the future. CounterKey gives the key without the counter, and the counter: of two states alike but for it, the one with fewer consecutive shifts can make every move the other can (a shift adds one to both counters, any other move resets both), so it dominates, and a search that has searched a state skips it when it comes again with a counter no lower.

Safe moves: a card c of rank r goes home from the talon, or from a tableau pile of two or more cards (or of one, when neither pack nor talon is left to refill the gap), when both foundations of each suit of the other colour stand at r-1 or higher — the four cards that could ever be built on c are home, so c can only go home — and the other foundation of c's suit stands at r-1 or higher, so the other copy of c never needs the foundation c takes. Any win then maps to a win after the move: drop the later moves of c (c is never built on and, from the tableau, never alone in its pile, so no refill changes; from the talon, where the line would later fill a gap with c, the position ahead fills it with the card beneath, one step ahead), and where the line plays a card of rank r of c's suit the foundations still offer r-1. One caveat, from the cycle rule only: a move of c that the line makes later (its play, its build, its turning from the pack after the redeal) resets the counter of consecutive shifts, and dropping it joins two runs of shifts; a win that needs two such runs of more than 24 shifts together, split only by that move, is not kept. The argument is otherwise exact.

Move order: foundation plays, builds from the talon, shifts that open a foundation play or empty their pile, the other shifts, then the draw and the redeal: the search exhausts what the table offers before it turns the pack.

Dead ends: none are detected (most deals are won).`

// redAndBlackPiles is the layout of Red and Black.
func redAndBlackPiles() []PileInfo {
	ps := make([]PileInfo, 0, rbPiles)
	for i := 0; i < 8; i++ {
		ps = append(ps, PileInfo{Name: fmt.Sprintf("F%d", i), Kind: PileFoundation})
	}
	for i := 0; i < 8; i++ {
		ps = append(ps, PileInfo{Name: fmt.Sprintf("T%d", i), Kind: PileTableau})
	}
	return append(ps, PileInfo{Name: "stock", Kind: PileStock}, PileInfo{Name: "talon", Kind: PileTalon})
}

// rbRules are the typed variant options of Red and Black.
type rbRules struct {
	sequence bool // moves=sequence
	shuffled bool // redeal=shuffled
}

func startRedAndBlack(v *VariantReader) (Dealer, error) {
	r := &rbRules{
		sequence: v.Is("moves", "sequence"),
		shuffled: v.Is("redeal", "shuffled"),
	}
	c := newCore(v)
	return func(pack []Card) (Game, error) { return newRedAndBlack(c, r, pack), nil }, nil
}

// The game contract and the optional interfaces redAndBlack implements,
// checked by the compiler.
var (
	_ Game            = (*redAndBlack)(nil)
	_ ProgressMover   = (*redAndBlack)(nil)
	_ ProgressPeeker  = (*redAndBlack)(nil)
	_ ProgressCounter = (*redAndBlack)(nil)
	_ OpeningTeller   = (*redAndBlack)(nil)
	_ MoveOrderer     = (*redAndBlack)(nil)
	_ CounterKeyer    = (*redAndBlack)(nil)
)

// redAndBlack is the state of a game of Red and Black.
type redAndBlack struct {
	table
	r       *rbRules
	rng     uint64      // generator state of a shuffled redeal
	view    uint64      // hash of the tableau and talon (see link)
	seq     [2]faceHash // face hashes of the stock and the talon
	stale   bool        // seq[0] is out of date (after Determinize)
	score   uint8       // cards on the foundations
	redeals uint8
	idle    uint8 // consecutive shifts (the cycle rule)
	// want is wanted(), kept up to date by every foundation play so that
	// move generation need not read the foundations.
	want uint64
	// The tableau tops as move generation needs them, kept up to date by
	// every move (retop): topKey[j] is rbKeys of pile Tj's top, byKey[k]
	// has bit j when Tj's top has key k (empty piles in none), wantTops
	// has bit j when a foundation takes Tj's top.
	topKey   [8]uint8
	byKey    [32]uint8
	wantTops uint8
	// The shifts of the top cards (variant moves=single), kept by retop
	// too: topWant[j] is rbWants of Tj's top, byWant[k] has bit j when
	// Tj's top builds on tops of key k, and bit 8i+j of shifts is set
	// when Ti's top builds on Tj's (i ≠ j, both piles non-empty) — a
	// move changes the tops of three piles at most, so the shifts are
	// updated by row and column instead of searched for each generation.
	topWant [8]uint8
	byWant  [32]uint8
	shifts  uint64
	// heights is heightsWord(), kept up to date by every foundation play
	// for the view hash.
	heights uint64
}

func newRedAndBlack(c core, r *rbRules, pack []Card) *redAndBlack {
	g := new(redAndBlack)
	g.setUp(c, r, pack)
	return g
}

// setUp deals pack into g with the setup's core and rules, g's earlier
// state, if any, discarded: a game started anew.
func (g *redAndBlack) setUp(c core, r *rbRules, pack []Card) {
	*g = redAndBlack{table: table{core: c}, r: r, rng: deriveSeed(pack)}
	g.lay.reset()
	// Setup: the aces come out; the rest keeps the pack's order.
	var buf [packCards]Card
	rest := buf[:0]
	for _, c := range pack {
		if c.Rank() == Ace {
			g.lay.push(rbFound+2*int(c.Suit())+c.Deck(), c)
			g.score++
			continue
		}
		rest = append(rest, c)
	}
	g.lay.loadPack(rbStock, rest)
	g.refill()
	g.rehash()
}

// Redeal starts g again on pack with the same setup (engine.Redealer).
func (g *redAndBlack) Redeal(pack []Card) error {
	g.setUp(g.core, g.r, pack)
	return nil
}

// refill fills every empty tableau pile from the pack, then the talon.
// After a move only its source pile can have become empty: a gap left
// while both pack and talon are out stays a gap for good (nothing can
// refill either again), so Apply refills that pile alone.
func (g *redAndBlack) refill() {
	for p := rbTab; p < rbTab+8; p++ {
		if g.lay.empty(p) {
			g.refillPile(p)
		}
	}
}

// refillPile fills the empty tableau pile p from the pack, else the talon.
func (g *redAndBlack) refillPile(p int) {
	switch {
	case !g.lay.empty(rbStock):
		g.popped(rbStock, g.lay.top(rbStock))
		g.view ^= g.link(g.lay.move(rbStock, p), p)
	case !g.lay.empty(rbTalon):
		c := g.lay.top(rbTalon)
		g.popped(rbTalon, c)
		g.view ^= g.link(c, rbTalon)
		g.view ^= g.link(g.lay.move(rbTalon, p), p)
	}
	g.retop(p - rbTab)
}

// retop updates topKey, byKey, wantTops, topWant, byWant and shifts for
// tableau pile Tj after its top card changed. (The indices are masked to
// what they are — keys below 32, faces below 64, piles below 8 — so that
// the compiler drops its bounds and shift-width checks.)
func (g *redAndBlack) retop(j int) {
	j &= 7
	c := g.lay.top(rbTab + j)
	bit := uint8(1) << j
	g.byKey[g.topKey[j]&31] &^= bit
	g.byWant[g.topWant[j]&31] &^= bit
	g.wantTops &^= bit
	key, want := rbKeys[c], rbWants[c]
	g.topKey[j], g.topWant[j] = key, want
	// Row j (Tj's top onto the others) and column j (the others onto Tj).
	shifts := g.shifts &^ (0xFF<<(8*j) | 0x0101010101010101<<j)
	if c != NoCard {
		g.byKey[key&31] |= bit
		g.byWant[want&31] |= bit
		g.wantTops |= uint8(g.want>>(cardFaces[c]&63)&1) << j
		shifts |= uint64(g.byKey[want&31]&^bit)<<(8*j) | rbColumn[g.byWant[key&31]&^bit]<<j
	}
	g.shifts = shifts
}

// rbColumn[m] has bit 8i for each bit i of m: the pile set m as column 0
// of the shift matrix (a table load where a loop over the bits was).
var rbColumn = func() (t [256]uint64) {
	for m := range t {
		for i := 0; i < 8; i++ {
			if m&(1<<i) != 0 {
				t[m] |= 1 << (8 * i)
			}
		}
	}
	return t
}()

// retopAll recomputes topKey, byKey, wantTops, topWant, byWant and
// shifts from the piles.
func (g *redAndBlack) retopAll() {
	g.topKey, g.byKey, g.wantTops = [8]uint8{}, [32]uint8{}, 0
	g.topWant, g.byWant, g.shifts = [8]uint8{}, [32]uint8{}, 0
	for j := 0; j < 8; j++ {
		g.retop(j)
	}
}

// rewant recomputes want and wantTops after a foundation of suit s grew:
// only the wants of that suit change.
func (g *redAndBlack) rewant(s int) {
	f := rbFound + 2*(s&3)
	want := g.want &^ (uint64(1<<13-1) << (13 * (s & 3)))
	for _, h := range [2]uint8{g.lay.piles[f].n, g.lay.piles[f+1].n} {
		if h < uint8(King) {
			want |= 1 << ((13*(s&3) + int(h)) & 63)
		}
	}
	g.want = want
	var tops uint8
	for j := 0; j < 8; j++ {
		// cardFaces[NoCard] is 63, a face no foundation wants.
		tops |= uint8(want>>(cardFaces[g.lay.piles[rbTab+j].top]&63)&1) << j
	}
	g.wantTops = tops
}

// buildsOn reports whether c may lie on top in descending alternating colour.
func buildsOn(c, top Card) bool {
	return c.Rank()+1 == top.Rank() && c.Color() != top.Color()
}

// cardFaces maps a card to its face (suit*13 + rank-1, 0 … 51), the same
// for both copies; NoCard maps to 63.
var cardFaces = func() (t [256]uint8) {
	for c := range t {
		t[c] = 63
		if Card(c).Valid() {
			t[c] = uint8(Card(c).Face())
		}
	}
	return t
}()

// wanted returns the set of faces the foundations take next: bit
// suit*13 + height for each foundation below the king.
func (g *redAndBlack) wanted() uint64 {
	var w uint64
	for f := 0; f < 8; f++ {
		if h := g.lay.size(rbFound + f); h < int(King) {
			w |= 1 << (13*(f>>1) + h)
		}
	}
	return w
}

// appendFoundation appends the plays of c from pile from to the
// foundations of its suit that take it.
func (g *redAndBlack) appendFoundation(dst []Move, from int, c Card) []Move {
	f := 2 * int(c.Suit()&3) // rbFound is 0
	need := uint8(c.Rank()) - 1
	// (Moves are copied from a table and the card written in place, see
	// rbSlot.)
	plays := &rbFoundationMoves[(from-rbTab)&15]
	if g.lay.piles[f].n == need {
		dst = rbSlot(dst)
		dst[len(dst)-1] = plays[f]
		dst[len(dst)-1].Card = c
	}
	if g.lay.piles[f+1].n == need {
		dst = rbSlot(dst)
		dst[len(dst)-1] = plays[f+1]
		dst[len(dst)-1].Card = c
	}
	return dst
}

// rbSlot returns dst extended by one move, the new one to be assigned.
//
// The moves of Red and Black are copied from tables (rbShiftMoves …)
// into a slot of the list, their card written in place after: appending
// a move — a composite literal, or a table entry — first copies it to a
// temporary on the stack and reads it back with wide loads that span
// several of the stores that wrote it, a failed store forwarding (a
// stall of a dozen cycles) for every move listed; a move built on the
// stack and copied is read back before its byte stores have landed, the
// same stall.
func rbSlot(dst []Move) []Move {
	if n := len(dst); n < cap(dst) {
		return dst[:n+1]
	}
	return append(dst, Move{})
}

// rbFoundationMoves[p-rbTab][f] is the foundation play from pile p (a
// tableau pile or the talon) to foundation f, its card NoCard; the
// talon builds (rbTalonBuilds[j]: onto Tj), the draw and the redeal as
// tables too (see rbSlot).
var (
	rbFoundationMoves = func() (t [16][8]Move) {
		for k := range t {
			for f := range t[k] {
				t[k][f] = Move{Kind: MoveFoundation, From: uint8(rbTab + k), To: uint8(rbFound + f), Card: NoCard, Card2: NoCard, Rule: rbRuleFoundation}
			}
		}
		return t
	}()
	rbTalonBuilds = func() (t [8]Move) {
		for j := range t {
			t[j] = Move{Kind: MoveBuild, From: rbTalon, To: uint8(rbTab + j), Card: NoCard, Card2: NoCard, Rule: rbRuleBuild}
		}
		return t
	}()
	rbDrawMoves = [2]Move{
		{Kind: MoveDraw, From: rbStock, To: rbTalon, Card: NoCard, Card2: NoCard, Rule: rbRuleDraw},
		{Kind: MoveRedeal, From: rbTalon, To: rbStock, Card: NoCard, Card2: NoCard, Rule: rbRuleRedeal},
	}
)

// rbKeys and rbWants are altKey and altWant as tables (0 for NoCard, which
// no want matches): c builds on t exactly when rbWants[c] == rbKeys[t].
var rbKeys, rbWants = func() (k, w [256]uint8) {
	for c := 0; c < packCards; c++ {
		k[c] = uint8(altKey(Card(c)))
		w[c] = uint8(altWant(Card(c)))
	}
	return k, w
}()

// rbTops holds the tableau tops of a position and, for each key (see
// rbKeys), the set of tableau piles whose top has it.
type rbTops struct {
	top   [8]Card
	byKey [32]uint8
}

// tops reads the tableau tops into t.
func (g *redAndBlack) tops(t *rbTops) {
	for j := 0; j < 8; j++ {
		c := g.lay.top(rbTab + j)
		t.top[j] = c
		if c != NoCard {
			t.byKey[rbKeys[c]] |= 1 << j
		}
	}
}

// LegalMoves appends the legal moves: foundation plays (tableau, then
// talon), builds from the talon, shifts between piles, draw, redeal.
func (g *redAndBlack) LegalMoves(dst []Move) []Move {
	if g.score == rbTotal {
		return dst
	}
	talon := g.lay.top(rbTalon)
	if g.wantTops != 0 || g.want>>(cardFaces[talon]&63)&1 != 0 {
		dst = g.ProgressMoves(dst) // else there is none to list
	}
	if c := talon; c != NoCard {
		for m := g.byKey[rbWants[c]]; m != 0; m &= m - 1 {
			dst = rbSlot(dst)
			dst[len(dst)-1] = rbTalonBuilds[bits.TrailingZeros8(m)&7]
			dst[len(dst)-1].Card = c
		}
	}
	if g.idle < rbIdleLimit {
		dst = g.appendShifts(dst)
	}
	if !g.lay.empty(rbStock) {
		dst = rbSlot(dst)
		dst[len(dst)-1] = rbDrawMoves[0]
	} else if !g.lay.empty(rbTalon) && g.redeals < 1 {
		dst = rbSlot(dst)
		dst[len(dst)-1] = rbDrawMoves[1]
	}
	return dst
}

// appendShifts appends the moves between tableau piles: for each source
// pile, its top card (variant sequence: each card of the run at its top,
// top first) onto each pile whose top takes it. With single moves these
// are the bits of shifts, in that order.
func (g *redAndBlack) appendShifts(dst []Move) []Move {
	if g.r.sequence {
		return g.appendShiftsScan(dst)
	}
	for s := g.shifts; s != 0; s &= s - 1 {
		b := bits.TrailingZeros64(s) & 63
		// Copied from a table of the 64 shifts with the card left out
		// into the list's new slot, then the card written in place (see
		// rbSlot: append(dst, rbShiftMoves[b]) went through a temporary
		// whose read failed its store forwarding — the larger part of
		// this function's time).
		dst = rbSlot(dst)
		dst[len(dst)-1] = rbShiftMoves[b]
		dst[len(dst)-1].Card = g.lay.piles[rbTab+b>>3].top
	}
	return dst
}

// rbShiftMoves[8i+j] is the shift from Ti to Tj, its card NoCard.
var rbShiftMoves = func() (t [64]Move) {
	for b := range t {
		t[b] = Move{Kind: MoveBuild, From: uint8(rbTab + b>>3), To: uint8(rbTab + b&7), Card: NoCard, Card2: NoCard, Rule: rbRuleShift}
	}
	return t
}()

// appendShiftsScan is appendShifts reading the tops of the eight piles
// (and, variant sequence, the runs beneath them).
func (g *redAndBlack) appendShiftsScan(dst []Move) []Move {
	for i := 0; i < 8; i++ {
		c := g.lay.top(rbTab + i)
		for c != NoCard {
			for m := g.byKey[rbWants[c]] &^ (1 << i); m != 0; m &= m - 1 {
				dst = append(dst, Move{})
				mv := &dst[len(dst)-1]
				mv.Kind, mv.From, mv.To, mv.Card, mv.Card2, mv.Rule = MoveBuild, uint8(rbTab+i), uint8(rbTab+bits.TrailingZeros8(m)), c, NoCard, rbRuleShift
			}
			if !g.r.sequence {
				break
			}
			under := g.lay.below[c]
			if under == NoCard || !buildsOn(c, under) {
				break
			}
			c = under
		}
	}
	return dst
}

// talonTop returns the top card of the talon, NoCard if empty.
func (g *redAndBlack) talonTop() Card { return g.lay.top(rbTalon) }

// depth returns how many cards lie above c in pile p (0: c is the top), or
// -1 when c is not in p.
func (g *redAndBlack) depth(p int, c Card) int {
	d := 0
	for x := g.lay.top(p); x != NoCard; x = g.lay.below[x] {
		if x == c {
			return d
		}
		d++
	}
	return -1
}

// keptShift reports whether m is a shift of a top card that the kept
// shift matrix lists (variant moves=single), with the fields LegalMoves
// gives it: exactly the shifts Check accepts in that variant (a set bit
// means two different non-empty piles whose tops build, so the game is
// not won), decided without Check's walk through the rules.
func (g *redAndBlack) keptShift(m *Move) bool {
	i, j := int(m.From)-rbTab, int(m.To)-rbTab
	return m.Kind == MoveBuild && uint(i) < 8 && uint(j) < 8 && !g.r.sequence &&
		g.shifts>>((8*i+j)&63)&1 != 0 && m.Card == g.lay.piles[rbTab+i].top &&
		m.Card2 == NoCard && g.idle < rbIdleLimit && m.Rule == rbRuleShift
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
			src = g.lay.top(from)
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
		if h := g.lay.size(to); h != int(m.Card.Rank())-1 {
			return illegalf(m, "foundation %s needs rank %d", g.PileName(to), h+1)
		}
		return nil
	case MoveBuild:
		if to < rbTab || to >= rbTab+8 {
			return illegalf(m, "builds go on the tableau")
		}
		top := g.lay.top(to)
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
		d := g.depth(from, m.Card)
		if d < 0 {
			return illegalf(m, "%s is not in %s", m.Card, g.PileName(from))
		}
		if d > 0 {
			if !g.r.sequence {
				return illegalf(m, "only the top card moves (variant moves=single)")
			}
			for x := g.lay.top(from); x != m.Card; x = g.lay.below[x] {
				if !buildsOn(x, g.lay.below[x]) {
					return illegalf(m, "%s..top is not a descending alternating sequence", m.Card)
				}
			}
		}
		return nil
	case MoveDraw: // red-and-black/draw
		if m.Rule != rbRuleDraw || from != rbStock || to != rbTalon || m.Card != NoCard {
			return illegalf(m, "a draw turns the stock onto the talon (%s)", rbRuleDraw)
		}
		if g.lay.empty(rbStock) {
			return illegalf(m, "the pack is out")
		}
		return nil
	case MoveRedeal: // red-and-black/redeal
		if m.Rule != rbRuleRedeal || from != rbTalon || to != rbStock || m.Card != NoCard {
			return illegalf(m, "a redeal turns the talon into the pack (%s)", rbRuleRedeal)
		}
		if !g.lay.empty(rbStock) {
			return illegalf(m, "the pack is not yet out")
		}
		if g.lay.empty(rbTalon) {
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
	if !g.keptShift(&m) {
		if err := g.Check(m); err != nil {
			return err
		}
	}
	g.ApplyListed(&m)
	return nil
}

// ApplyListed performs m, which LegalMoves listed for the current state,
// without checking it again (engine.ListedApplier).
func (g *redAndBlack) ApplyListed(m *Move) {
	from, to := int(m.From), int(m.To)
	idle := uint8(0)
	switch m.Kind {
	case MoveFoundation:
		g.view ^= g.link(m.Card, from)
		if from == rbTalon {
			g.popped(rbTalon, m.Card)
		}
		g.lay.move(from, to)
		g.score++
		g.heights += 1 << (4 * (rbFound + 7 - to))
		g.rewant(int(m.Card.Suit()))
		if from != rbTalon {
			g.retop(from - rbTab)
		}
	case MoveBuild:
		// Only the bottom card of what moves (the card named) changes the
		// card it lies on.
		g.view ^= g.link(m.Card, from)
		if from == rbTalon {
			g.popped(rbTalon, m.Card)
			g.lay.move(rbTalon, to)
		} else {
			n := 1 // Check saw m.Card on top, unless runs move
			if g.r.sequence {
				n = g.depth(from, m.Card) + 1
			}
			g.lay.moveRun(from, to, n)
			idle = g.idle + 1
			g.retop(from - rbTab)
		}
		g.view ^= g.link(m.Card, to)
		g.retop(to - rbTab)
	case MoveDraw:
		c := g.lay.top(rbStock)
		g.popped(rbStock, c)
		g.lay.move(rbStock, rbTalon)
		g.pushed(rbTalon, c)
		g.view ^= g.link(c, rbTalon)
	case MoveRedeal:
		// The talon's first-turned card (its bottom) becomes the top again:
		// popping the talon top first and pushing in that order does it.
		var buf [packCards]Card
		cs := g.lay.drain(&buf, rbTalon) // the new pack, bottom first
		if g.r.shuffled {
			shuffleCards(cs, &g.rng)
		}
		for _, c := range cs {
			g.lay.push(rbStock, c)
		}
		g.redeals++
	}
	g.idle = idle
	if m.Kind == MoveRedeal {
		g.refill()
		g.rehash()
	} else if from >= rbTab && from < rbTab+8 && g.lay.empty(from) {
		g.refillPile(from)
	}
}

// pushed updates the face hash of the stock or talon p after c was put on
// its top; popped before c, still on top, is taken off.
func (g *redAndBlack) pushed(p int, c Card) { g.seq[p-rbStock].add(g.lay.size(p)-1, c) }

func (g *redAndBlack) popped(p int, c Card) { g.seq[p-rbStock].sub(g.lay.size(p)-1, c) }

// seqHash recomputes the face hashes of the stock and the talon.
func (g *redAndBlack) seqHash() {
	g.seq[0] = g.lay.faceHashOf(rbStock)
	g.seq[1] = g.lay.faceHashOf(rbTalon)
	g.stale = false
}

// link is the hash word of card c lying in visible pile p on the card
// below it, or at the bottom of p. The view hash of the table is the
// exclusive or of the links of every card of the tableau and the talon:
// a set of links describes the piles exactly, and a move changes the link
// of one card only, so Apply keeps the hash up to date in O(1).
func (g *redAndBlack) link(c Card, p int) uint64 {
	under := uint64(g.lay.below[c])
	if under == uint64(NoCard) {
		under = 0x100 + uint64(p)
	}
	return SplitMix64(uint64(c)<<16 | under | 0x5242<<32)
}

// rehash recomputes the view hash, the face hashes, the foundations' wants
// and the tops' keys from the piles.
func (g *redAndBlack) rehash() {
	g.want = g.wanted()
	g.heights = g.heightsWord()
	g.retopAll()
	g.seqHash()
	g.view = 0
	for p := rbTab; p <= rbTalon; p++ {
		if p == rbStock {
			continue
		}
		for c := g.lay.top(p); c != NoCard; c = g.lay.below[c] {
			g.view ^= g.link(c, p)
		}
	}
}

// Ending: won; stuck when no move is legal; ended by the cycle rule when
// only shifts, which it forbids, remain.
func (g *redAndBlack) Ending() Ending {
	if g.Won() {
		return EndWon
	}
	var buf [160]Move
	if len(g.LegalMoves(buf[:0])) > 0 {
		return Playing
	}
	if g.idle >= rbIdleLimit && g.shiftPossible() {
		return EndCycle
	}
	return EndStuck
}

func (g *redAndBlack) Won() bool    { return g.score == rbTotal }
func (g *redAndBlack) Score() int   { return int(g.score) }
func (g *redAndBlack) Total() int   { return rbTotal }
func (g *redAndBlack) Redeals() int { return int(g.redeals) }

// Pile shows every pile but the stock.
func (g *redAndBlack) Pile(dst []Card, i int) []Card {
	if i == rbStock {
		return appendHidden(dst, g.lay.size(rbStock))
	}
	return g.FullPile(dst, i)
}

// FullPile returns every card of pile i, bottom first.
func (g *redAndBlack) FullPile(dst []Card, i int) []Card {
	if i < 0 || i >= rbPiles {
		return dst
	}
	return g.lay.appendPile(dst, i)
}

// hashVisible mixes the part of the state every view shows: the
// foundation heights (which copy lies on which foundation does not
// matter), the tableau piles and the talon (the view word, see link), the
// redeals used and the size of the stock.
func (g *redAndBlack) hashVisible() uint64 {
	return SplitMix64(g.view ^ SplitMix64(g.heights|uint64(g.redeals)<<32|uint64(g.lay.size(rbStock))<<40))
}

// heightsWord packs the foundation heights, four bits each, F0 highest.
func (g *redAndBlack) heightsWord() uint64 {
	var heights uint64
	for f := 0; f < 8; f++ {
		heights = heights<<4 | uint64(g.lay.size(rbFound+f))
	}
	return heights
}

// Hash covers the visible state, the stock's order, the cycle-rule
// counter and the generator of a pending shuffled redeal.
func (g *redAndBlack) Hash() uint64 {
	h := g.lay.mixPile(g.hashVisible(), rbStock)
	if g.r.shuffled && g.redeals == 0 {
		h = SplitMix64(h ^ g.rng)
	}
	return SplitMix64(h ^ uint64(g.idle))
}

// ViewHash is the visible state with the stock reduced to its size. It
// leaves out the cycle-rule counter, as before: a strategy recognises a
// position it has seen by what lies on the table.
func (g *redAndBlack) ViewHash() uint64 { return g.hashVisible() }

func (g *redAndBlack) Clone() Game {
	c := *g
	return &c
}

// CopyFrom makes g a copy of src when src is a Red and Black game.
func (g *redAndBlack) CopyFrom(src Game) bool { return copyState(g, src) }

// Determinize shuffles the stock and redraws the seed of a shuffled redeal.
func (g *redAndBlack) Determinize(r *Rand) {
	g.lay.determinize(rbStock, r)
	g.rng = r.Uint64()
	g.stale = true // the stock's face hash; SearchKey recomputes it
}

func (g *redAndBlack) status() string {
	return fmt.Sprintf("score %d/%d  redeals %d/1  stock %d  talon %d", g.Score(), g.Total(), g.redeals, g.lay.size(rbStock), g.lay.size(rbTalon))
}

func (g *redAndBlack) String() string { return renderGame(g, g.FullPile, g.status()) }

func (g *redAndBlack) View() string { return renderGame(g, g.Pile, g.status()) }

// recount recomputes the score, the view hash and the foundations' wants
// from the piles (for positions built by hand).
func (g *redAndBlack) recount() {
	g.rehash()
	g.score = 0
	for f := 0; f < 8; f++ {
		g.score += uint8(g.lay.size(rbFound + f))
	}
}

// Search hooks (SearchHooks): see redAndBlackSearch.

// rbPileWord is the exact key of a tableau pile: bottom face, length and
// one bit per card above the bottom for its suit within its colour (21
// bits); a pile that is not a descending alternating sequence (play never
// makes one) is keyed by a hash of its faces with the top bit set.
func (g *redAndBlack) rbPileWord(p int) uint64 {
	n := g.lay.size(p)
	if n == 0 {
		return 0
	}
	var bits uint64
	c := g.lay.top(p)
	for k := 0; ; k++ {
		under := g.lay.below[c]
		if under == NoCard {
			break
		}
		if rbWants[c] != rbKeys[under] {
			return g.rbPileHash(p)
		}
		bits |= uint64(c.Suit()>>1) << k // spades/hearts 1, clubs/diamonds 0
		c = under
	}
	return uint64(cardFaces[c]) + 1 | uint64(n)<<6 | bits<<10
}

// rbPileHash hashes the faces of pile p (see rbPileWord).
func (g *redAndBlack) rbPileHash(p int) uint64 {
	h := uint64(g.lay.size(p))
	for c := g.lay.top(p); c != NoCard; c = g.lay.below[c] {
		h = SplitMix64(h ^ uint64(cardFaces[c]))
	}
	return h | 1<<63
}

// shiftPossible reports whether some shift would be legal if the cycle
// rule allowed it.
func (g *redAndBlack) shiftPossible() bool {
	if !g.r.sequence {
		return g.shifts != 0
	}
	var t rbTops
	g.tops(&t)
	for i, c := range t.top {
		for c != NoCard {
			if t.byKey[rbWants[c]]&^(1<<i) != 0 {
				return true
			}
			if !g.r.sequence {
				break
			}
			under := g.lay.below[c]
			if under == NoCard || !buildsOn(c, under) {
				break
			}
			c = under
		}
	}
	return false
}

// SearchKey returns the canonical key described in redAndBlackSearch.
func (g *redAndBlack) SearchKey() Key { return g.searchKey(g.counter()) }

// CounterKey returns the key without the cycle-rule counter, and the
// counter (see redAndBlackSearch).
func (g *redAndBlack) CounterKey() (Key, uint8) { return g.searchKey(0), g.counter() }

// counter returns the cycle-rule counter as the key covers it: 0 when no
// shift is possible, so that its value cannot matter.
func (g *redAndBlack) counter() uint8 {
	if g.idle > 0 && g.shiftPossible() {
		return g.idle
	}
	return 0
}

// searchKey returns the key of the state with idle as its counter.
func (g *redAndBlack) searchKey(idle uint8) Key {
	var piles [8]uint64
	for i := range piles {
		piles[i] = g.rbPileWord(rbTab + i)
	}
	sortWords(piles[:])
	k := newKeyHash(0x5242) // "RB"
	var found uint64
	for s := 0; s < NumSuits; s++ {
		a, b := g.lay.size(rbFound+2*s), g.lay.size(rbFound+2*s+1)
		if a > b {
			a, b = b, a
		}
		found = found<<8 | uint64(a)<<4 | uint64(b)
	}
	k.word(found | uint64(g.redeals)<<32 | uint64(idle)<<40 | uint64(g.lay.size(rbStock))<<48 | uint64(g.lay.size(rbTalon))<<56)
	if (piles[0]|piles[1]|piles[2]|piles[3]|piles[4]|piles[5]|piles[6]|piles[7])>>21 == 0 {
		// exact 21-bit words (always, in play): three to a key word
		k.word(piles[0] | piles[1]<<21 | piles[2]<<42)
		k.word(piles[3] | piles[4]<<21 | piles[5]<<42)
		k.word(piles[6] | piles[7]<<21)
	} else {
		for _, w := range piles {
			k.word(w)
		}
	}
	stock := g.seq[0]
	if g.stale {
		stock = g.lay.faceHashOf(rbStock)
	}
	k.word(stock[0])
	k.word(stock[1])
	k.word(g.seq[1][0])
	k.word(g.seq[1][1])
	if g.r.shuffled && g.redeals == 0 {
		k.word(g.rng)
	}
	return k.sum()
}

// SafeMove returns a foundation play that cannot lose a win (see
// redAndBlackSearch), or -1.
func (g *redAndBlack) SafeMove(legal []Move) int {
	var low [NumSuits]int // the lower foundation of each suit
	for s := range low {
		low[s] = min(g.lay.size(rbFound+2*s), g.lay.size(rbFound+2*s+1))
	}
	noRefill := g.lay.empty(rbStock) && g.lay.empty(rbTalon)
	for i, m := range legal {
		if m.Kind != MoveFoundation {
			continue
		}
		if m.From != rbTalon && g.lay.size(int(m.From)) < 2 && !noRefill {
			continue
		}
		r := int(m.Card.Rank())
		s := int(m.Card.Suit())
		if low[s] < r-1 {
			continue // the other copy may need this foundation
		}
		// The suits of the other colour: clubs/spades (0, 3) for a red
		// card, diamonds/hearts (1, 2) for a black one.
		o1, o2 := 0, 3
		if m.Card.Color() == Black {
			o1, o2 = 1, 2
		}
		if low[o1] >= r-1 && low[o2] >= r-1 {
			return i
		}
	}
	return -1
}

// OrderMoves orders the moves for a search: foundation plays, builds from
// the talon, shifts that open a foundation play or empty their pile (the
// gap is refilled), the other shifts, the draw, the redeal. Turning the pack comes last: the search exhausts what the
// table offers before it changes the talon.
func (g *redAndBlack) OrderMoves(moves []Move) {
	want := g.wanted()
	rank := func(m Move) int {
		switch m.Kind {
		case MoveFoundation:
			return 0
		case MoveDraw:
			return 4
		case MoveRedeal:
			return 5
		}
		if m.From == rbTalon {
			return 1
		}
		under := g.lay.below[m.Card]
		if under == NoCard || want&(1<<cardFaces[under]) != 0 {
			return 2
		}
		return 3
	}
	for i := 1; i < len(moves); i++ {
		for j := i; j > 0 && rank(moves[j]) < rank(moves[j-1]); j-- {
			moves[j], moves[j-1] = moves[j-1], moves[j]
		}
	}
}

// DeadEnd detects no dead ends (see redAndBlackSearch).
func (g *redAndBlack) DeadEnd() bool { return false }
