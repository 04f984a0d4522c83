package engine

import "fmt"

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
	sulPlayed = lsCards - 9
)

// sulFoundationSuits is the suit of each foundation, in the reading order of
// Cadogan's tableau without the centre: K♦ A♥ K♦ / K♠ · K♠ / K♣ K♥ K♣.
var sulFoundationSuits = [8]Suit{Diamonds, Hearts, Diamonds, Spades, Spades, Clubs, Hearts, Clubs}

// sulAceSlot is the foundation that starts from the ace of hearts.
const sulAceSlot = 1

func sultanSpec() *Spec {
	s := &Spec{
		ID:       "sultan",
		Title:    "The Sultan",
		TitlesRU: []string{"Султан"},
		Book:     "Pujol",
		Decks:    2,
		Players:  1,
		MaxMoves: 1000,
		Rules: []Rule{
			{ID: sulRuleI, Kind: KindNumbered, Number: "I", Status: StatusLost,
				Summary: "The foundations follow suit: each of the seven kings takes the ace of its suit, then 2 up to the queen; the ace of hearts takes 2 up to the queen.",
				Source:  "Cadogan EN (1914), The Sultan, rule: \"The foundations must follow suit\"; GAMES.md §10",
				Terms:   []string{"на основания следуют масти"}},
			{ID: sulRuleSetup, Kind: KindPlay, Status: StatusLost,
				Summary: "Take the eight kings and one ace of hearts out of the pack and lay them as in the tableau: the centre king of hearts is the Sultan, the other seven kings and the ace of hearts are the foundations.",
				Source:  "Cadogan EN (1914), The Sultan; GAMES.md §10"},
			{ID: sulRuleSultan, Kind: KindPlay, Status: StatusBook,
				Summary: "Nothing is ever played on the king of hearts in the centre: he is the Sultan himself.",
				Terms:   []string{"на короля червей, лежащего посередине, не кладут ничего", "лежащего посередине", "не кладут ничего", "самого султана"}},
			{ID: sulRuleDivan, Kind: KindPlay, Status: StatusLost,
				Summary: "Eight cards dealt four on each side form the Divan; every Divan card is available.",
				Source:  "Cadogan EN (1914), The Sultan; GAMES.md §10, §14.9"},
			{ID: sulRuleDraw, Kind: KindPlay, Status: StatusLost,
				Summary: "The pack is turned one card at a time; a suitable card is played, the rest form the talon, whose top card is available.",
				Source:  "Cadogan EN (1914), The Sultan; GAMES.md §10"},
			{ID: sulRuleFill, Kind: KindPlay, Status: StatusLost,
				Summary: "A Divan vacancy is filled at once from the talon, or from the pack when there is no talon (done by the engine after the move that made it).",
				Source:  "Cadogan EN (1914), The Sultan; GAMES.md §14.9"},
			{ID: sulRuleRedeal, Kind: KindPlay, Status: StatusBook,
				Summary: "When the pack is out and cards remain in the talon, it is laid out again the same way, up to three times in all (three passes; unshuffled by default, shuffled in Cadogan's reading).",
				Source:  "Pujol; the count of passes and the shuffle are GAMES.md §10/§14.9 conventions (Cadogan: shuffled, twice re-dealt)",
				Terms:   []string{"при перекладывании", "перекладывают подобным образом снова", "до трех раз"}},
			{ID: sulRuleWin, Kind: KindPlay, Status: StatusBook,
				Summary: "Won when no card is left in hand and the eight queens, the Sultan's harem, lie round the king of hearts; lost if cards remain after the third time.",
				Terms:   []string{"в кону не останется ни одной карты", "8 дам", "гарем султана", "кругом короля червей", "пасьянс сошелся", "после третьего раза", "не сошелся"}},
		},
		Variants: []Variant{
			{Name: "passes", Values: []string{"3", "4"}, Default: "3",
				Doc: "3: three passes in total (Cadogan's two re-deals; GAMES.md §14.9 reading of Pujol's \"до трех раз\"); 4: three re-deals after the first deal (the other reading of Pujol)."},
			{Name: "shuffle", Values: []string{"off", "on"}, Default: "off",
				Doc: "off: the talon is turned over unshuffled (Pujol, PySolFC); on: the talon is shuffled before each re-deal (Cadogan), with a generator seeded from the deal so replays agree."},
		},
	}
	s.Start = legacyStart(func(pack []Card, opts Options) (Game, error) {
		o, err := s.ResolveOptions(opts)
		if err != nil {
			return nil, err
		}
		return newSultan(pack, o)
	})
	return s
}

// sultan is the state of a game of the Sultan.
type sultan struct {
	below     lsBelow
	piles     [sulPiles]lstack
	score     uint8
	pass      uint8 // passes begun (1 during the first deal)
	maxPasses uint8
	shuffle   bool
	seed      uint64
	opts      Options
}

func newSultan(pack []Card, opts Options) (*sultan, error) {
	if err := verifyPack("sultan", pack, 2); err != nil {
		return nil, err
	}
	g := &sultan{pass: 1, maxPasses: 3, seed: deriveSeed(pack), opts: opts}
	if opts["passes"] == "4" {
		g.maxPasses = 4
	}
	g.shuffle = opts["shuffle"] == "on"
	for i := range g.piles {
		g.piles[i] = lsNew()
	}
	for i := range g.below {
		g.below[i] = NoCard
	}
	rest := make([]Card, 0, lsCards)
	aceTaken := false
	for _, c := range pack {
		switch {
		case c.Rank() == King && c.Suit() == Hearts && g.piles[sulSultan].n == 0:
			g.piles[sulSultan].push(&g.below, c)
		case c.Rank() == King:
			placed := false
			for f, s := range sulFoundationSuits {
				if f != sulAceSlot && s == c.Suit() && g.piles[sulF0+f].n == 0 {
					g.piles[sulF0+f].push(&g.below, c)
					placed = true
					break
				}
			}
			if !placed {
				return nil, fmt.Errorf("sultan: no foundation left for %v", c)
			}
		case c.Rank() == Ace && c.Suit() == Hearts && !aceTaken:
			g.piles[sulF0+sulAceSlot].push(&g.below, c)
			aceTaken = true
		default:
			rest = append(rest, c)
		}
	}
	for i := 0; i < 8; i++ {
		g.piles[sulD0+i].push(&g.below, rest[i])
	}
	for i := len(rest) - 1; i >= 8; i-- {
		g.piles[sulStock].push(&g.below, rest[i])
	}
	return g, nil
}

// accepts reports whether foundation pile f (a pile index) takes c next.
func (g *sultan) accepts(f int, c Card) bool {
	top := g.piles[f].top
	if top == NoCard || top.Rank() == Queen || c.Suit() != top.Suit() {
		return false
	}
	if top.Rank() == King {
		return c.Rank() == Ace
	}
	return c.Rank() == top.Rank()+1
}

func (g *sultan) ID() string       { return "sultan" }
func (g *sultan) Options() Options { return copyOptions(g.opts) }

func (g *sultan) LegalMoves(dst []Move) []Move {
	// accepts(f, c) is suitKey(c) == want[f], the suitKey of the card
	// foundation f takes next (-1 when it takes none); present is the set
	// of the wanted keys.
	var want [8]int
	var present uint64
	for f := range want {
		want[f] = -1
		top := g.piles[sulF0+f].top
		switch {
		case top == NoCard || top.Rank() == Queen:
			continue
		case top.Rank() == King:
			want[f] = int(top.Suit())*16 + int(Ace)
		default:
			want[f] = int(top.Suit())*16 + int(top.Rank()) + 1
		}
		present |= 1 << want[f]
	}
	for src := sulD0; src <= sulTalon; src++ {
		if src == sulStock {
			continue
		}
		c := g.piles[src].top
		if c == NoCard {
			continue
		}
		k := suitKey(c)
		if present&(1<<k) == 0 {
			continue // no foundation takes c
		}
		for f := sulF0; f < sulF0+8; f++ {
			if want[f-sulF0] == k { // g.accepts(f, c)
				dst = append(dst, Move{Kind: MoveFoundation, From: uint8(src), To: uint8(f), Card: c, Card2: NoCard, Rule: sulRuleI})
			}
		}
	}
	if g.piles[sulStock].n > 0 {
		dst = append(dst, Move{Kind: MoveDraw, From: sulStock, To: sulTalon, Card: NoCard, Card2: NoCard, Rule: sulRuleDraw})
	} else if g.piles[sulTalon].n > 0 && g.pass < g.maxPasses {
		dst = append(dst, Move{Kind: MoveRedeal, From: sulTalon, To: sulStock, Card: NoCard, Card2: NoCard, Rule: sulRuleRedeal})
	}
	return dst
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
		if m.Card == NoCard || g.piles[from].top != m.Card {
			return sulErrNotAvailable
		}
		if !g.accepts(to, m.Card) {
			return sulErrFoundationRefuses
		}
		return nil
	case MoveDraw:
		if m.Rule != sulRuleDraw || m.From != sulStock || m.To != sulTalon || m.Card != NoCard {
			return sulErrDrawShape
		}
		if g.piles[sulStock].n == 0 {
			return sulErrPackEmpty
		}
		return nil
	case MoveRedeal:
		if m.Rule != sulRuleRedeal || m.From != sulTalon || m.To != sulStock || m.Card != NoCard {
			return sulErrRedealShape
		}
		if g.piles[sulStock].n != 0 {
			return sulErrPackNotOut
		}
		if g.piles[sulTalon].n == 0 {
			return sulErrNothingToRedeal
		}
		if g.pass >= g.maxPasses {
			return sulErrNoPassLeft
		}
		return nil
	}
	return sulErrNoSuchMove
}

func (g *sultan) Apply(m Move) error {
	if err := g.Check(m); err != nil {
		return err
	}
	switch m.Kind {
	case MoveFoundation:
		g.piles[m.To].push(&g.below, g.piles[m.From].pop(&g.below))
		g.score++
	case MoveDraw:
		g.piles[sulTalon].push(&g.below, g.piles[sulStock].pop(&g.below))
	case MoveRedeal:
		var buf [lsCards]Card
		n := lsDrain(&buf, &g.below, &g.piles[sulTalon])
		cs := buf[:n] // talon top first: pushing in this order puts the talon's bottom on top
		if g.shuffle {
			var r Rand
			r.Seed(SplitMix64(g.seed ^ uint64(g.pass)))
			r.Shuffle(cs)
		}
		for _, c := range cs {
			g.piles[sulStock].push(&g.below, c)
		}
		g.pass++
	}
	g.fillDivan()
	return nil
}

// fillDivan fills every Divan vacancy at once from the talon, or from the
// pack when there is no talon (sultan/fill).
func (g *sultan) fillDivan() {
	for d := sulD0; d < sulD0+8; d++ {
		if g.piles[d].n != 0 {
			continue
		}
		switch {
		case g.piles[sulTalon].n > 0:
			g.piles[d].push(&g.below, g.piles[sulTalon].pop(&g.below))
		case g.piles[sulStock].n > 0:
			g.piles[d].push(&g.below, g.piles[sulStock].pop(&g.below))
		}
	}
}

func (g *sultan) Over() bool {
	if g.Won() {
		return true
	}
	if g.piles[sulStock].n > 0 {
		return false // a draw is legal
	}
	var buf [128]Move
	return len(g.LegalMoves(buf[:0])) == 0
}

func (g *sultan) Won() bool     { return g.score == sulPlayed }
func (g *sultan) Score() int    { return int(g.score) }
func (g *sultan) Total() int    { return sulPlayed }
func (g *sultan) Redeals() int  { return int(g.pass) - 1 }
func (g *sultan) NumPiles() int { return sulPiles }

func (g *sultan) PileName(i int) string {
	switch {
	case i == sulSultan:
		return AsidePile
	case i >= sulF0 && i < sulF0+8:
		return fmt.Sprintf("F%d", i-sulF0)
	case i >= sulD0 && i < sulD0+8:
		return fmt.Sprintf("D%d", i-sulD0)
	case i == sulStock:
		return "stock"
	case i == sulTalon:
		return "talon"
	}
	return fmt.Sprintf("pile%d", i)
}

func (g *sultan) Pile(dst []Card, i int) []Card {
	if i < 0 || i >= sulPiles {
		return dst
	}
	return lsAppend(dst, &g.below, g.piles[i], i == sulStock)
}

// FullPile returns every card of pile i, bottom first. every card of pile i, bottom first.
func (g *sultan) FullPile(dst []Card, i int) []Card {
	return lsAppend(dst, &g.below, g.piles[i], false)
}

func (g *sultan) Hash() uint64 {
	return lsHash(uint64(g.pass), &g.below, g.piles[:])
}

func (g *sultan) ViewHash() uint64 {
	return lsViewHash(uint64(g.pass)|1<<32, &g.below, g.piles[:], sulStock)
}

func (g *sultan) Clone() Game {
	c := *g
	return &c
}

func (g *sultan) Determinize(r *Rand) { lsDeterminize(&g.below, &g.piles[sulStock], r) }

func (g *sultan) status() string {
	return fmt.Sprintf("pass %d of %d; %d of %d cards played", g.pass, g.maxPasses, g.score, sulPlayed)
}

func (g *sultan) String() string { return renderPiles(sulPiles, g.PileName, g.FullPile, g.status()) }
func (g *sultan) View() string   { return renderPiles(sulPiles, g.PileName, g.Pile, g.status()) }
