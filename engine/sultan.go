package engine

import (
	"fmt"
	"math/bits"
	"slices"
)

// The Sultan (Султан; Pujol, whose text keeps only the end of the game —
// the rest is Cadogan 1914, "The Sultan").
//
// Piles: "aside" the Sultan (the centre king of hearts, alone), F0–F7 the
// eight foundations in the reading order of Cadogan's tableau without the
// centre (K♦ A♥ K♦ / K♠ · K♠ / K♣ K♥ K♣), D0–D7 the Divan (every card
// available), "stock" the face-down pack and "talon".
//
// Forced moves applied inside Apply: a Divan vacancy is filled at once from
// the talon, or from the pack when there is no talon (sultan/fill); after a
// re-deal every vacancy is filled from the new pack.

// Rule IDs of the Sultan.
const (
	sulRuleI      RuleID = "sultan/I"
	sulRuleSetup  RuleID = "sultan/setup"
	sulRuleSultan RuleID = "sultan/sultan"
	sulRuleDivan  RuleID = "sultan/divan"
	sulRuleDraw   RuleID = "sultan/draw"
	sulRuleFill   RuleID = "sultan/fill"
	sulRuleRedeal RuleID = "sultan/redeal"
	sulRuleWin    RuleID = "sultan/win"
)

// Reasons Check gives for rejecting a move (immutable; see ruleIllegal).
var (
	sulErrSecondCard        = ruleIllegal("", "second card given for a single-card move")
	sulErrFoundationRuleID  = ruleIllegal(sulRuleI, "a move of this kind carries this rule's ID")
	sulErrSource            = ruleIllegal(sulRuleDraw, "only Divan cards and the talon top are available")
	sulErrNotFoundation     = ruleIllegal(sulRuleSultan, "cards are played only on the eight foundations, never on the Sultan")
	sulErrNotAvailable      = ruleIllegal(sulRuleDivan, "the card is not the available card of its pile")
	sulErrFoundationRefuses = ruleIllegal(sulRuleI, "the foundation does not take this card (suit, next rank, up to the queen)")
	sulErrDrawShape         = ruleIllegal(sulRuleDraw, "a draw turns the pack's top card to the talon")
	sulErrPackEmpty         = ruleIllegal(sulRuleDraw, "the pack is empty")
	sulErrRedealShape       = ruleIllegal(sulRuleRedeal, "a re-deal gathers the talon into the pack")
	sulErrPackNotOut        = ruleIllegal(sulRuleRedeal, "the pack is not yet out")
	sulErrNothingToRedeal   = ruleIllegal(sulRuleRedeal, "no card left to re-deal")
	sulErrNoPassLeft        = ruleIllegal(sulRuleRedeal, "no pass left")
	sulErrNoSuchMove        = ruleIllegal("", "no such move in the Sultan")
)

// Pile layout of the Sultan.
const (
	sulSultan = 0            // the Sultan (K♥), alone
	sulF0     = 1            // F0…F7: the eight foundations
	sulD0     = sulF0 + 8    // D0…D7: the Divan
	sulStock  = sulD0 + 8    // the pack, face down
	sulTalon  = sulStock + 1 // the talon
	sulPiles  = sulTalon + 1
	// sulPlayed is the number of cards played onto the foundations in a won
	// game: 104 less the Sultan, seven kings and the ace of hearts.
	sulPlayed = packCards - 9
)

// sulFoundationSuits is the suit of each foundation, in the reading order of
// Cadogan's tableau without the centre: K♦ A♥ K♦ / K♠ · K♠ / K♣ K♥ K♣.
var sulFoundationSuits = [8]Suit{Diamonds, Hearts, Diamonds, Spades, Spades, Clubs, Hearts, Clubs}

// sulTwin is the other foundation of the same suit as each foundation.
var sulTwin = [8]int{2, 6, 0, 4, 3, 7, 1, 5}

// sulAceSlot is the foundation that starts from the ace of hearts.
const sulAceSlot = 1

func sultanSpec() *Spec {
	return &Spec{
		ID:       "sultan",
		Title:    "The Sultan",
		TitlesRU: []string{"Султан"},
		Book:     "Pujol",
		Sources: []string{
			"Pujol, «Пасьянсы», p. 6 (the corpus text: only the end of the game — the Sultan gets nothing, the re-deals, the win)",
			"Cadogan 1914, \"The Sultan\": the setup, the Divan, the play and \"The foundations must follow suit\"; the talon shuffled and re-dealt twice",
			"PySolFC game 331 (Sultan +, eight reserve cells; game 330 has six): re-deals unshuffled",
		},
		Decks:    2,
		Players:  1,
		MaxMoves: 1000,
		Planner:  PlannerDefaults{Samples: 16},
		Piles:    sultanPiles(),
		Rules: []Rule{
			{ID: sulRuleI, Kind: KindNumbered, Number: "I", Status: StatusLost,
				Summary: "The foundations follow suit: each of the seven kings takes the ace of its suit, then 2 up to the queen; the ace of hearts takes 2 up to the queen.",
				Source:  "Cadogan 1914, The Sultan, rule: \"The foundations must follow suit\"",
				Terms:   []string{"на основания следуют масти"}},
			{ID: sulRuleSetup, Kind: KindPlay, Status: StatusLost,
				Summary: "Take the eight kings and one ace of hearts out of the pack and lay them as in the tableau: the centre king of hearts is the Sultan, the other seven kings and the ace of hearts are the foundations.",
				Source:  "Cadogan 1914, The Sultan"},
			{ID: sulRuleSultan, Kind: KindPlay, Status: StatusBook,
				Summary: "Nothing is ever played on the king of hearts in the centre: he is the Sultan himself.",
				Terms:   []string{"на короля червей, лежащего посередине, не кладут ничего", "лежащего посередине", "не кладут ничего", "самого султана"}},
			{ID: sulRuleDivan, Kind: KindPlay, Status: StatusLost,
				Summary: "Eight cards dealt four on each side form the Divan; every Divan card is available.",
				Source:  "Cadogan 1914, The Sultan (eight cards, four on each side; PySolFC 331 has eight cells, 330 six)"},
			{ID: sulRuleDraw, Kind: KindPlay, Status: StatusLost,
				Summary: "The pack is turned one card at a time; a suitable card is played, the rest form the talon, whose top card is available.",
				Source:  "Cadogan 1914, The Sultan"},
			{ID: sulRuleFill, Kind: KindPlay, Status: StatusLost,
				Summary: "A Divan vacancy is filled at once from the talon, or from the pack when there is no talon (done by the engine after the move that made it).",
				Source:  "Cadogan 1914, The Sultan (PySolFC leaves the cells to the player instead)"},
			{ID: sulRuleRedeal, Kind: KindPlay, Status: StatusBook,
				Summary: "When the pack is out and cards remain in the talon, it is laid out again the same way, up to three times in all (three passes; unshuffled by default, shuffled in Cadogan's reading).",
				Source:  "Pujol; engine convention: \"до трех раз\" read as three passes in all, as Cadogan's two re-deals (variant passes), and unshuffled as the book says nothing of a shuffle (Cadogan shuffles: variant shuffle)",
				Terms:   []string{"при перекладывании", "перекладывают подобным образом снова", "до трех раз"}},
			{ID: sulRuleWin, Kind: KindPlay, Status: StatusBook,
				Summary: "Won when no card is left in hand and the eight queens, the Sultan's harem, lie round the king of hearts; lost if cards remain after the third time.",
				Terms:   []string{"в кону не останется ни одной карты", "8 дам", "гарем султана", "кругом короля червей", "пасьянс сошелся", "после третьего раза", "не сошелся"}},
		},
		Variants: []Variant{
			{Name: "passes", Values: []string{"3", "4"}, Default: "3",
				Doc: "3: three passes in total (Cadogan's two re-deals; one reading of Pujol's \"до трех раз\"); 4: three re-deals after the first deal (the other reading of Pujol)."},
			{Name: "shuffle", Values: []string{"off", "on"}, Default: "off",
				Doc: "off: the talon is turned over unshuffled (Pujol, PySolFC); on: the talon is shuffled before each re-deal (Cadogan), with a generator seeded from the deal so replays agree."},
		},
		Search: sultanSearch,
		Start:  startSultan,
	}
}

// sultanSearch explains the search hooks of the Sultan.
const sultanSearch = `Symmetry: the two copies of a card are never told apart by the rules, so the key names cards by face; the two foundations of a suit (the king of hearts and the ace of hearts count alike: each takes the next rank of hearts) are interchangeable, keyed as a multiset of heights; the Divan is a multiset (every card of it is available, and a vacancy is filled whatever its place). The key includes the passes used and, for variant shuffle=on, the deal's shuffle seed.

Safe moves: cards only ever go home, and a play can spoil two things. The other copy's way home: playing card c of rank r takes a foundation at r-1, which the other copy of c needs too unless the other foundation of the suit stands at r-1 or higher or the other copy waits in the Divan (call such a play unrivalled). And the refills: a playable card in the Divan is a choice held open — playing it later pulls whatever then lies on top of the talon into the Divan — and while cards can still be turned (a draw, a re-deal) the top of the talon changes between now and then, so playing now may pull a worse card; a talon card left in place may likewise be pulled later. So a play is made without branching only once no card can be turned any more: the pack is out and no re-deal is left (or neither pack nor talon is left), and it is unrivalled. Then the talon only loses cards from its top, by plays and pulls alike, so a pull pulls the same card whenever it is made, and the position after the play keeps every winning line of the one before: replay the line, dropping the later play of c; the position ahead holds the talon's top in its Divan where the line still has it on the talon, and catches up when the line plays c (or plays the other copy first: it takes the foundation left at r-1, or swaps roles with c's copy in the Divan).

Move order: unrivalled plays first (from the talon, then from the Divan), then the others, then the draw or re-deal: the search finds the wins of the "play everything" line first.

Dead ends: none are detected.

Probe share (engine.ProbeSharer): the solver's limited discrepancy probe gets the whole node budget after the first look. Without dead ends the exhaustive search proves no loss within the budget, and the probe finds wins it misses: on deals 0–999 of seed 2026 at the default budget the probe's default fifth won 979 deals and left 21 undecided; the whole budget won 990, every deal won before among them.`

// sultanPiles is the layout of the Sultan.
func sultanPiles() []PileInfo {
	ps := make([]PileInfo, 0, sulPiles)
	ps = append(ps, PileInfo{Name: AsidePile, Kind: PileAside})
	for i := 0; i < 8; i++ {
		ps = append(ps, PileInfo{Name: fmt.Sprintf("F%d", i), Kind: PileFoundation})
	}
	for i := 0; i < 8; i++ {
		ps = append(ps, PileInfo{Name: fmt.Sprintf("D%d", i), Kind: PileReserve})
	}
	return append(ps, PileInfo{Name: "stock", Kind: PileStock}, PileInfo{Name: "talon", Kind: PileTalon})
}

// sultanRules are the typed variant options of the Sultan.
type sultanRules struct {
	maxPasses uint8 // passes=3 or 4
	shuffle   bool  // shuffle=on
}

func startSultan(v *VariantReader) (Dealer, error) {
	r := &sultanRules{maxPasses: 3, shuffle: v.Is("shuffle", "on")}
	if v.Is("passes", "4") {
		r.maxPasses = 4
	}
	c := newCore(v)
	return func(pack []Card) (Game, error) { return newSultan(c, r, pack) }, nil
}

// The game contract and the optional interfaces sultan implements,
// checked by the compiler.
var (
	_ Game        = (*sultan)(nil)
	_ MoveOrderer = (*sultan)(nil)
	_ ProbeSharer = (*sultan)(nil)
)

// sultan is the state of a game of the Sultan.
type sultan struct {
	table
	r    *sultanRules
	seed uint64      // the shuffle seed of the deal (variant shuffle=on)
	seq  [2]faceHash // face hashes of the pack and the talon, while keyed (see pushed)
	// keyed: seq is kept up to date, from the first SearchKey on (and in
	// copies made after it); play that never asks for a key (the
	// tournament's strategies) skips the hashing of every draw.
	keyed bool
	stale bool // seq[0] is out of date (after Determinize)
	score uint8
	pass  uint8 // passes begun (1 during the first deal)
	// The legal plays, kept up to date by Apply (see refresh) so that
	// LegalMoves reads them off bit masks: want[k] has bit f when
	// foundation f takes the card of suitKey k next (want[0] stays 0:
	// no card has key 0, NoCard's key in sulKeys); divan has bit 8·d+f
	// when foundation f takes the card of Divan place d, talon bit f when
	// it takes the talon's top. A draw changes only the talon's top, so
	// most moves update talon alone.
	want  [64]uint8
	divan uint64
	talon uint8
}

// sulSetupCard[c] is 1 for the cards the setup may take out of the pack
// (kings and the ace of hearts), 0 for the others.
var sulSetupCard = func() (t [256]uint8) {
	for c := Card(0); c < packCards; c++ {
		if c.Rank() == King || c.Rank() == Ace && c.Suit() == Hearts {
			t[c] = 1
		}
	}
	return t
}()

func newSultan(c core, r *sultanRules, pack []Card) (*sultan, error) {
	g := new(sultan)
	if err := g.setUp(c, r, pack); err != nil {
		return nil, err
	}
	return g, nil
}

// setUp deals pack into g with the setup's core and rules, g's earlier
// state, if any, discarded: a game started anew.
func (g *sultan) setUp(c core, r *sultanRules, pack []Card) error {
	*g = sultan{table: table{core: c}, r: r, pass: 1}
	if r.shuffle {
		// Only the shuffles (and the hashes of variant shuffle=on) read
		// the seed: an unshuffled game leaves it 0 and skips the hashing.
		g.seed = deriveSeed(pack)
	}
	g.lay.reset()
	// The cards the setup does not take out, in pack order: the first
	// eight to the Divan, the others linked straight into the pack, the
	// ninth on top (as loadPack would lay them); the pack's face hash
	// waits for the first SearchKey (keyed).
	l := &g.lay
	aceTaken := false
	i := 0 // the next card of pack
	for d := 0; d < 8; i++ {
		if i == len(pack) {
			return fmt.Errorf("sultan: %d cards left for the Divan", d)
		}
		c := pack[i]
		if sulSetupCard[c] != 0 { // kings and the ace of hearts: rare
			taken, err := g.setAside(c, &aceTaken)
			if err != nil {
				return err
			}
			if taken {
				continue
			}
		}
		l.push(sulD0+d, c)
		d++
	}
	n, last := 0, NoCard // the pack's cards and bottom card so far
	for ; i < len(pack); i++ {
		c := pack[i]
		if sulSetupCard[c] != 0 {
			taken, err := g.setAside(c, &aceTaken)
			if err != nil {
				return err
			}
			if taken {
				continue
			}
		}
		if n == 0 {
			l.piles[sulStock].top = c
		} else {
			l.below[last] = c
		}
		last = c
		n++
	}
	l.piles[sulStock].n = uint8(n)
	for f := 0; f < 8; f++ {
		g.want[sulNext[g.lay.top(sulF0+f)]] |= 1 << f
	}
	g.want[0] = 0
	g.refresh()
	return nil
}

// setAside lays setup card c (a king or an ace of hearts) where the setup
// puts it and reports true, or reports false for the second ace of hearts,
// an ordinary card; *aceTaken tells whether the first was laid.
func (g *sultan) setAside(c Card, aceTaken *bool) (bool, error) {
	switch {
	case c.Rank() == King && c.Suit() == Hearts && g.lay.empty(sulSultan):
		g.lay.push(sulSultan, c)
	case c.Rank() == King:
		for f, s := range sulFoundationSuits {
			if f != sulAceSlot && s == c.Suit() && g.lay.empty(sulF0+f) {
				g.lay.push(sulF0+f, c)
				return true, nil
			}
		}
		return false, fmt.Errorf("sultan: no foundation left for %v", c)
	case !*aceTaken: // the first ace of hearts
		g.lay.push(sulF0+sulAceSlot, c)
		*aceTaken = true
	default:
		return false, nil
	}
	return true, nil
}

// Redeal starts g again on pack with the same setup (engine.Redealer).
func (g *sultan) Redeal(pack []Card) error { return g.setUp(g.core, g.r, pack) }

// refresh recomputes the masks of the plays (divan, talon) from want and
// the tops of the Divan and the talon.
// The Divan's eight places are read from one array of pile heads, the
// keys masked to want's size (they are below 64): no bounds checks.
func (g *sultan) refresh() {
	d := (*[8]pileHead)(g.lay.piles[sulD0 : sulD0+8])
	w := &g.want
	g.divan = uint64(w[sulKeys[d[0].top]&63]) | uint64(w[sulKeys[d[1].top]&63])<<8 |
		uint64(w[sulKeys[d[2].top]&63])<<16 | uint64(w[sulKeys[d[3].top]&63])<<24 |
		uint64(w[sulKeys[d[4].top]&63])<<32 | uint64(w[sulKeys[d[5].top]&63])<<40 |
		uint64(w[sulKeys[d[6].top]&63])<<48 | uint64(w[sulKeys[d[7].top]&63])<<56
	g.refreshTalon()
}

// refreshTalon recomputes the talon's mask after its top changed.
func (g *sultan) refreshTalon() { g.talon = g.want[sulKeys[g.lay.top(sulTalon)]&63] }

// height returns the rank of the top card of foundation f (0 … 7), the
// king counting as 0.
func (g *sultan) height(f int) int {
	top := g.lay.top(sulF0 + f)
	if top.Rank() == King {
		return 0
	}
	return int(top.Rank())
}

// sulKeys is suitKey as a table (0 for NoCard, which no foundation
// wants); sulNext is, for the top card of a foundation, the suitKey of the
// card it takes next (0 when it takes none: complete at the queen).
var sulKeys, sulNext = func() (k, n [256]uint8) {
	for c := Card(0); c < packCards; c++ {
		k[c] = uint8(suitKey(c))
		switch c.Rank() {
		case Queen:
		case King:
			n[c] = uint8(int(c.Suit())*16 + int(Ace))
		default:
			n[c] = uint8(suitKey(c) + 1)
		}
	}
	return k, n
}()

// LegalMoves lists the plays from the Divan places in order, then from
// the talon (each to its foundations in order), then the draw or the
// re-deal; the plays are read off the masks Apply keeps. Most positions
// have no play: that path is kept small (appendPlays has the loop).
func (g *sultan) LegalMoves(dst []Move) []Move {
	if g.divan != 0 || g.talon != 0 {
		dst = g.appendPlays(dst)
	}
	if g.lay.piles[sulStock].n != 0 {
		return appendTurn(dst, MoveDraw, sulStock, sulTalon, sulRuleDraw)
	}
	if !g.lay.empty(sulTalon) && g.pass < g.r.maxPasses {
		return appendTurn(dst, MoveRedeal, sulTalon, sulStock, sulRuleRedeal)
	}
	return dst
}

// appendTurn appends the draw or the re-deal (kind k from pile from to
// pile to under rule), field by field like sulSetPlay.
func appendTurn(dst []Move, k MoveKind, from, to uint8, rule RuleID) []Move {
	n := len(dst)
	if n < cap(dst) {
		dst = dst[:n+1]
	} else {
		dst = append(dst, Move{})
	}
	m := &dst[n]
	m.Kind, m.From, m.To, m.Card, m.Card2, m.Rule = k, from, to, NoCard, NoCard, rule
	return dst
}

// sulSetPlay makes *m the play of card c from pile from to foundation to.
// The fields are stored one by one into the list: a Move literal is built
// on the stack and copied in 16-byte halves, whose loads cannot be
// forwarded from the byte stores just made (a stall per move).
func sulSetPlay(m *Move, from, to int, c Card) {
	m.Kind, m.From, m.To, m.Card, m.Card2, m.Rule = MoveFoundation, uint8(from), uint8(to), c, NoCard, sulRuleI
}

// sulRoom is the room appendPlays makes: more than the plays of any
// position (each of the eight Divan cards and the talon's top to at most
// both foundations of its suit: 18) and the draw or re-deal after them,
// a power of two so that a masked index needs no bounds check.
const sulRoom = 32

// appendPlays appends the plays of the masks divan and talon, in that
// order (bit 8·d+f: Divan place d, then foundation f).
func (g *sultan) appendPlays(dst []Move) []Move {
	n := len(dst)
	if cap(dst)-n < sulRoom {
		dst = slices.Grow(dst, sulRoom)
	}
	out := (*[sulRoom]Move)(dst[n : n+sulRoom])
	i := 0
	for m := g.divan; m != 0; m &= m - 1 {
		b := bits.TrailingZeros64(m)
		src := sulD0 + b>>3
		sulSetPlay(&out[i&(sulRoom-1)], src, sulF0+b&7, g.lay.piles[src&(maxPiles-1)].top)
		i++
	}
	c := g.lay.top(sulTalon)
	for m := g.talon; m != 0; m &= m - 1 {
		sulSetPlay(&out[i&(sulRoom-1)], sulTalon, sulF0+bits.TrailingZeros8(m), c)
		i++
	}
	return dst[:n+i]
}

func (g *sultan) Check(m Move) error {
	if m.Card2 != NoCard {
		return sulErrSecondCard
	}
	switch m.Kind {
	case MoveFoundation:
		if m.Rule != sulRuleI {
			return sulErrFoundationRuleID
		}
		from, to := int(m.From), int(m.To)
		if !(from >= sulD0 && from < sulD0+8 || from == sulTalon) {
			return sulErrSource
		}
		if to < sulF0 || to >= sulF0+8 {
			return sulErrNotFoundation
		}
		if m.Card == NoCard || g.lay.top(from) != m.Card {
			return sulErrNotAvailable
		}
		if g.want[sulKeys[m.Card]]&(1<<(to-sulF0)) == 0 { // accepts, from the table
			return sulErrFoundationRefuses
		}
		return nil
	case MoveDraw:
		if m.Rule != sulRuleDraw || m.From != sulStock || m.To != sulTalon || m.Card != NoCard {
			return sulErrDrawShape
		}
		if g.lay.empty(sulStock) {
			return sulErrPackEmpty
		}
		return nil
	case MoveRedeal:
		if m.Rule != sulRuleRedeal || m.From != sulTalon || m.To != sulStock || m.Card != NoCard {
			return sulErrRedealShape
		}
		if !g.lay.empty(sulStock) {
			return sulErrPackNotOut
		}
		if g.lay.empty(sulTalon) {
			return sulErrNothingToRedeal
		}
		if g.pass >= g.r.maxPasses {
			return sulErrNoPassLeft
		}
		return nil
	}
	return sulErrNoSuchMove
}

func (g *sultan) Apply(m Move) error {
	// The draw, most of the Sultan's moves, is checked here with exactly
	// Check's conditions for it; any other move, or a draw that fails
	// them, goes through Check (for its error).
	if m.Kind == MoveDraw && m.From == sulStock && m.To == sulTalon && m.Card == NoCard && m.Card2 == NoCard &&
		m.Rule == sulRuleDraw && !g.lay.empty(sulStock) {
		g.draw()
		return nil
	}
	if err := g.Check(m); err != nil {
		return err
	}
	g.ApplyListed(&m)
	return nil
}

// ApplyListed performs m, which LegalMoves listed for the current state,
// without checking it again (engine.ListedApplier). The draw, most of the
// Sultan's moves, comes first, written out (draw is too large to be
// inlined, and the call was a good part of it).
func (g *sultan) ApplyListed(m *Move) {
	if m.Kind == MoveDraw {
		if g.keyed {
			g.drawKeyed()
			return
		}
		l := &g.lay
		s, t := &l.piles[sulStock], &l.piles[sulTalon]
		c := s.top
		s.top = l.below[c]
		s.n--
		l.below[c] = t.top
		t.top = c
		t.n++
		g.talon = g.want[sulKeys[c]&63]
		return
	}
	switch m.Kind {
	case MoveFoundation:
		from := int(m.From)
		if from == sulTalon {
			g.popped(sulTalon)
		}
		g.lay.move(from, int(m.To))
		g.score++
		if from != sulTalon {
			g.fill(from)
		}
		// Foundation f now takes the card after m.Card (none after a
		// queen: sulNext is 0, and want[0] stays 0).
		f := uint8(1) << (m.To - sulF0)
		g.want[sulKeys[m.Card]] &^= f
		if k := sulNext[m.Card]; k != 0 {
			g.want[k] |= f
		}
		g.refresh()
	case MoveRedeal:
		if g.r.shuffle {
			var buf [packCards]Card
			cs := g.lay.drain(&buf, sulTalon) // talon top first: pushing in this order puts the talon's bottom on top
			var r Rand
			r.Seed(SplitMix64(g.seed ^ uint64(g.pass)))
			r.Shuffle(cs)
			for _, c := range cs {
				g.lay.push(sulStock, c)
			}
			if g.keyed {
				g.rehash()
			}
		} else {
			g.turnOver()
		}
		g.pass++
		for d := sulD0; d < sulD0+8; d++ {
			if g.lay.empty(d) {
				g.fill(d)
			}
		}
		g.refresh()
	}
}

// draw turns the top card of the pack onto the talon: the two piles'
// links written directly (move would also clear the card's link, which
// the push overwrites), the face hashes only when keyed. ApplyListed has
// the same lines.
func (g *sultan) draw() {
	if g.keyed {
		g.drawKeyed()
		return
	}
	l := &g.lay
	s, t := &l.piles[sulStock], &l.piles[sulTalon]
	c := s.top
	s.top = l.below[c]
	s.n--
	l.below[c] = t.top
	t.top = c
	t.n++
	g.talon = g.want[sulKeys[c]&63]
}

// drawKeyed is draw with the face hashes (keyed).
func (g *sultan) drawKeyed() {
	g.popped(sulStock)
	g.lay.move(sulStock, sulTalon)
	g.pushed(sulTalon)
	g.refreshTalon()
}

// turnOver turns the talon over into the (empty) pack unshuffled, the
// talon's top becoming the pack's bottom: the cards moved one by one, as
// drain then push did, in one pass that also sums the pack's face hash
// (rehash's) when keyed and leaves the talon's empty.
func (g *sultan) turnOver() {
	if !g.keyed { // the talon's links reversed in place: the same pack
		l := &g.lay
		prev := NoCard
		for c := l.piles[sulTalon].top; c != NoCard; {
			next := l.below[c]
			l.below[c] = prev
			prev, c = c, next
		}
		l.piles[sulStock] = pileHead{top: prev, n: l.piles[sulTalon].n}
		l.piles[sulTalon] = pileHead{top: NoCard}
		return
	}
	var h faceHash
	for i := 0; !g.lay.empty(sulTalon); i++ {
		h.add(i, g.lay.move(sulTalon, sulStock))
	}
	g.seq = [2]faceHash{h, {}}
	g.stale = false
}

// fill fills the Divan vacancy d at once from the talon, or from the pack
// when there is no talon (sultan/fill). After a move only the place it
// emptied can be a new vacancy: a vacancy left while pack and talon are
// both out stays one for good, as nothing can fill either again.
func (g *sultan) fill(d int) {
	switch {
	case !g.lay.empty(sulTalon):
		g.popped(sulTalon)
		g.lay.move(sulTalon, d)
	case !g.lay.empty(sulStock):
		g.popped(sulStock)
		g.lay.move(sulStock, d)
	}
}

// pushed updates the face hash of the pack or talon p, when keyed, after
// a card was put on its top; popped before its top card is taken off.
func (g *sultan) pushed(p int) {
	if g.keyed {
		g.seq[p-sulStock].add(g.lay.size(p)-1, g.lay.top(p))
	}
}

func (g *sultan) popped(p int) {
	if g.keyed {
		g.seq[p-sulStock].sub(g.lay.size(p)-1, g.lay.top(p))
	}
}

// rehash recomputes the face hashes of the pack and the talon.
func (g *sultan) rehash() {
	g.seq[0] = g.lay.faceHashOf(sulStock)
	g.seq[1] = g.lay.faceHashOf(sulTalon)
	g.stale = false
}

// Ending: won when every card is played, stuck when no move is legal.
func (g *sultan) Ending() Ending {
	if g.Won() {
		return EndWon
	}
	if !g.lay.empty(sulStock) {
		return Playing // a draw is legal
	}
	var buf [64]Move
	return ending(false, false, len(g.LegalMoves(buf[:0])) > 0)
}

func (g *sultan) Won() bool    { return g.score == sulPlayed }
func (g *sultan) Score() int   { return int(g.score) }
func (g *sultan) Total() int   { return sulPlayed }
func (g *sultan) Redeals() int { return int(g.pass) - 1 }

// Pile shows every pile but the pack.
func (g *sultan) Pile(dst []Card, i int) []Card {
	if i == sulStock {
		return appendHidden(dst, g.lay.size(sulStock))
	}
	return g.FullPile(dst, i)
}

// FullPile returns every card of pile i, bottom first.
func (g *sultan) FullPile(dst []Card, i int) []Card {
	if i < 0 || i >= sulPiles {
		return dst
	}
	return g.lay.appendPile(dst, i)
}

// Hash covers every pile and the passes begun (and, shuffled, the seed the
// coming shuffles depend on).
func (g *sultan) Hash() uint64 {
	h := SplitMix64(uint64(g.pass))
	if g.r.shuffle {
		h = SplitMix64(h ^ g.seed)
	}
	for p := 0; p < sulPiles; p++ {
		h = g.lay.mixPile(h, p)
	}
	return h
}

// ViewHash is Hash with the pack reduced to its size.
func (g *sultan) ViewHash() uint64 {
	h := SplitMix64(uint64(g.pass) | 1<<32)
	for p := 0; p < sulPiles; p++ {
		if p == sulStock {
			h = SplitMix64(h ^ uint64(g.lay.size(p)))
			continue
		}
		h = g.lay.mixPile(h, p)
	}
	return h
}

func (g *sultan) Clone() Game {
	c := *g
	return &c
}

// CopyFrom makes g a copy of src when src is a Sultan game.
func (g *sultan) CopyFrom(src Game) bool { return copyState(g, src) }

// Determinize shuffles the pack.
func (g *sultan) Determinize(r *Rand) {
	g.lay.determinize(sulStock, r)
	g.stale = true // the pack's face hash; SearchKey recomputes it
}

func (g *sultan) status() string {
	return fmt.Sprintf("pass %d of %d; %d of %d cards played", g.pass, g.r.maxPasses, g.score, sulPlayed)
}

func (g *sultan) String() string { return renderGame(g, g.FullPile, g.status()) }
func (g *sultan) View() string   { return renderGame(g, g.Pile, g.status()) }

// Search hooks (SearchHooks): see sultanSearch.

// SearchKey returns the canonical key described in sultanSearch.
func (g *sultan) SearchKey() Key {
	k := newKeyHash(0x5355) // "SU"
	var found uint64
	for f := 0; f < 8; f++ {
		if t := sulTwin[f]; t > f {
			a, b := g.height(f), g.height(t)
			if a > b {
				a, b = b, a
			}
			found = found<<8 | uint64(a)<<4 | uint64(b)
		}
	}
	var divan [8]uint64
	for i := range divan {
		divan[i] = 63
		if c := g.lay.top(sulD0 + i); c != NoCard {
			divan[i] = uint64(c.Face())
		}
	}
	sortWords(divan[:])
	var dw uint64
	for _, f := range divan {
		dw = dw<<6 | f
	}
	k.word(found | uint64(g.pass)<<32 | uint64(g.lay.size(sulStock))<<40 | uint64(g.lay.size(sulTalon))<<48)
	k.word(dw)
	if !g.keyed { // the first key: hash the pack and the talon, and keep them from now on
		g.rehash()
		g.keyed = true
	}
	stock := g.seq[0]
	if g.stale {
		stock = g.lay.faceHashOf(sulStock)
	}
	k.word(stock[0])
	k.word(stock[1])
	k.word(g.seq[1][0])
	k.word(g.seq[1][1])
	if g.r.shuffle {
		k.word(g.seed)
	}
	return k.sum()
}

// otherCopy returns the other copy of card c (the same face, the other
// deck).
func otherCopy(c Card) Card {
	if c >= CardsPerDeck {
		return c - CardsPerDeck
	}
	return c + CardsPerDeck
}

// unrivalled reports whether foundation play m leaves the other copy of
// its card a way home: the other foundation of the suit stands at r-1 or
// higher (r the card's rank), so it is home already or finds a foundation
// waiting; or it lies in the Divan (or the play's refill brings it
// there).
func (g *sultan) unrivalled(m Move) bool {
	f := int(m.To) - sulF0
	if g.height(sulTwin[f]) >= g.height(f) {
		return true
	}
	o := otherCopy(m.Card)
	for d := sulD0; d < sulD0+8; d++ {
		if g.lay.top(d) == o {
			return true
		}
	}
	if m.From != sulTalon {
		src := sulTalon
		if g.lay.empty(sulTalon) {
			src = sulStock
		}
		return g.lay.top(src) == o
	}
	return false
}

// SafeMove returns an unrivalled foundation play once no card can be
// turned any more — the pack is out and no re-deal is left, or neither
// pack nor talon is left (see sultanSearch) — or -1.
func (g *sultan) SafeMove(legal []Move) int {
	if !g.lay.empty(sulStock) || (g.pass < g.r.maxPasses && !g.lay.empty(sulTalon)) {
		return -1
	}
	for i, m := range legal {
		if m.Kind == MoveFoundation && g.unrivalled(m) {
			return i
		}
	}
	return -1
}

// OrderMoves puts unrivalled plays first (talon plays before Divan plays,
// which pull the talon's top into the Divan), then the other plays, then
// the draw or re-deal.
func (g *sultan) OrderMoves(moves []Move) {
	rank := func(m Move) int {
		switch {
		case m.Kind != MoveFoundation:
			return 4
		case !g.unrivalled(m):
			return 3
		case m.From == sulTalon:
			return 1
		}
		return 2
	}
	// insertion sort: a handful of moves, stable
	for i := 1; i < len(moves); i++ {
		for j := i; j > 0 && rank(moves[j]) < rank(moves[j-1]); j-- {
			moves[j], moves[j-1] = moves[j-1], moves[j]
		}
	}
}

// ProbeShare gives the solver's probe the whole node budget after its
// first look (engine.ProbeSharer; see sultanSearch).
func (g *sultan) ProbeShare() int { return 100 }

// DeadEnd detects no dead ends (see sultanSearch).
func (g *sultan) DeadEnd() bool { return false }
