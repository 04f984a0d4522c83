package engine

import "fmt"

// Duchess de Luynes (Герцогиня де-Люинь; Cadogan "La Duchesse de Luynes";
// GAMES.md §6). Only the tail of the text survives: Rules I–II and the first
// deal are reconstructed (Wikipedia, PySolFC Grand Duchess).
//
// Piles: P0–P3 the four packets, "reserve" (two cards set aside face down
// each round; turned up, every card available, when the pack is out),
// F0–F7 the foundations, F(2s) the ace pile of suit s built up to the king
// ("aces above") and F(2s+1) its king pile built down to the ace ("kings
// below"), and "pack".
//
// Each round (duchess-de-luynes/deal) deals one card face up on each packet,
// covering the last round, then two cards to the reserve; the player plays
// packet tops, then deals the next round. An emptied packet waits for the
// next round. When the pack is out and play stops the packets P0…P3 are
// gathered in turn with the reserve beneath and dealt again; three redeals,
// and on the last deal nothing goes to the reserve.

const (
	dlPackets = 4
	dlReserve = 4
	dlFound   = 5
	dlPack    = 13
	dlPiles   = 14
	dlCards   = 2 * CardsPerDeck
	dlRedeals = 3
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

var dlPileNames = [dlPiles]string{"P0", "P1", "P2", "P3", "reserve", "F0", "F1", "F2", "F3", "F4", "F5", "F6", "F7", "pack"}

func duchessSpec() *Spec {
	return &Spec{
		ID:       "duchess-de-luynes",
		Title:    "La Duchesse de Luynes",
		TitlesRU: []string{"Герцогиня де-Люинь", "Герцогиня де Люинь"},
		Book:     "Cadogan",
		Decks:    2,
		Players:  1,
		MaxMoves: 500,
		Rules: []Rule{
			{ID: dlRuleI, Kind: KindNumbered, Number: "I", Status: StatusLost,
				Summary: "The top card of each of the four packets is available and may be played to a foundation it suits.",
				Source:  "lost in the scan; reconstructed from the tail's reference 'согласно правилу I' (GAMES.md §6)",
				Terms:   []string{"верхняя карта каждой пачки годна"}},
			{ID: dlRuleII, Kind: KindNumbered, Number: "II", Status: StatusLost,
				Summary: "The foundations follow suit: aces built up to the king, kings built down to the ace.",
				Source:  "lost in the scan; reconstructed from Wikipedia 'Duchess of Luynes' and PySolFC Grand Duchess (GAMES.md §6)",
				Terms:   []string{"на основания следуют масти"}},
			{ID: dlRuleDeal, Kind: KindPlay, Status: StatusBook,
				Summary: "Each round deals one card face up on each of four packets, covering the last round, and two cards face down to the reserve; after each round play all suitable cards.",
				Source:  "the first round's description is lost; four packets and a face-down reserve per Wikipedia and PySolFC (GAMES.md §6, §14.5); packets first, then the reserve",
				Terms:   []string{"разложивши первый ряд, приступают к раскладыванию нескольких других рядов", "последующий ряд покрывает предыдущий", "к числу отставных присоединяют каждый раз по две карты", "разложивши ряд, останавливаются и играют на основания все подходящие карты"}},
			{ID: dlRuleFoundation, Kind: KindPlay, Status: StatusBook,
				Summary: "The first ace and the first king of each suit that appear are played to their fixed places, aces above, kings below.",
				Terms:   []string{"если во время раскладки появится одна из этих основных карт, то их играют на определенное место", "тузы вверху, короли внизу"}},
			{ID: dlRuleVacancy, Kind: KindPlay, Status: StatusBook,
				Summary: "A packet emptied by play stays empty until the next round is dealt over it.",
				Terms:   []string{"открывшиеся таким образом пустые места никоим образом не закрывают до тех пор, пока не будет разложен новый ряд карт"}},
			{ID: dlRuleReserve, Kind: KindPlay, Status: StatusBook,
				Summary: "When the pack is used up the reserve is turned up; every reserve card is available and may be played with the packet tops.",
				Source:  "face down until then and fully open afterwards: GAMES.md §14.5 (Wikipedia, PySolFC); variant reserve=top",
				Terms:   []string{"когда израсходована вся колода карт, то снимают отставных, рассматривают их", "если между ними есть подходящие карты, то их играют на основания", "взятую с верха четырех пачек"}},
			{ID: dlRuleRedeal, Kind: KindPlay, Status: StatusBook,
				Summary: "When no further play is possible, take up the four packets one after another, put the reserve beneath and deal again; three redeals, and on the last (fourth) deal no reserve is set aside.",
				Source:  "gather order is a convention (GAMES.md §6): P0…P3 each in the order dealt, then the reserve; variant gather=reversed. The player calls the redeal any time once the pack is out",
				Terms:   []string{"берут одну за другой четыре пачки, кладут отставных под низ и повторяют игру, как прежде", "пасьянс можно раскладывать еще три раза", "в последний или четвертый раз не откладывают более отставных"}},
			{ID: dlRuleWin, Kind: KindPlay, Status: StatusConvention,
				Summary: "The game is won when all eight foundations are complete (104 cards).",
				Source:  "GAMES.md §6"},
		},
		Variants: []Variant{
			{Name: "reserve", Values: []string{"closed", "top"}, Default: "closed",
				Doc: "closed: the reserve lies face down until the pack is out, then every card of it is available (Wikipedia, PySolFC; GAMES.md §14.5); top: the reserve lies face up as a waste pile whose top card is always available (Whitmore Jones)."},
			{Name: "gather", Values: []string{"dealt", "reversed"}, Default: "dealt",
				Doc: "Order of the new pack on a redeal, P0…P3 then the reserve: dealt: each pile's cards in the order they were dealt (GAMES.md §6 convention); reversed: each pile top card first."},
		},
		Start: legacyStart(newDuchess),
	}
}

// duchess is the state of a game of Duchess de Luynes: fixed arrays, so
// Clone is one copy.
type duchess struct {
	opts       Options
	reserveTop bool
	reversed   bool
	redeals    uint8
	pairFoundations
	packet  [dlPackets]stack
	reserve stack
	pack    stack
}

func newDuchess(pack []Card, opts Options) (Game, error) {
	spec := duchessSpec()
	o, err := spec.ResolveOptions(opts)
	if err != nil {
		return nil, err
	}
	if err := verifyPack(spec.ID, pack, spec.Decks); err != nil {
		return nil, err
	}
	g := &duchess{opts: o, reserveTop: o["reserve"] == "top", reversed: o["gather"] == "reversed"}
	g.pack.load(pack)
	g.deal()
	return g, nil
}

func (g *duchess) ID() string       { return "duchess-de-luynes" }
func (g *duchess) Options() Options { return copyOptions(g.opts) }

// deal deals one round: a card on each packet, then two to the reserve
// (none on the last deal).
func (g *duchess) deal() {
	for p := range g.packet {
		if g.pack.n > 0 {
			g.packet[p].push(g.pack.pop())
		}
	}
	if g.redeals < dlRedeals {
		for i := 0; i < 2 && g.pack.n > 0; i++ {
			g.reserve.push(g.pack.pop())
		}
	}
}

// reserveOpen reports whether reserve cards may be played.
func (g *duchess) reserveOpen() bool { return g.reserveTop || g.pack.n == 0 }

// LegalMoves appends the legal moves: packet plays, reserve plays, the next
// round, the redeal.
func (g *duchess) LegalMoves(dst []Move) []Move { return g.gen(dst, false) }

func (g *duchess) gen(dst []Move, first bool) []Move {
	if g.Won() {
		return dst
	}
	for p := range g.packet {
		t := g.packet[p].top()
		if t == NoCard {
			continue
		}
		for f := 2 * int(t.Suit()); f < 2*int(t.Suit())+2; f++ {
			if g.fits(f, t) {
				rule := dlRuleI
				if g.fn[f] == 0 {
					rule = dlRuleFoundation
				}
				dst = append(dst, Move{Kind: MoveFoundation, From: uint8(p), To: uint8(dlFound + f), Card: t, Card2: NoCard, Rule: rule})
				if first {
					return dst
				}
			}
		}
	}
	if g.reserveOpen() && g.reserve.n > 0 {
		lo := 0
		if g.reserveTop {
			lo = int(g.reserve.n) - 1
		}
		for _, c := range g.reserve.c[lo:g.reserve.n] {
			for f := 2 * int(c.Suit()); f < 2*int(c.Suit())+2; f++ {
				if g.fits(f, c) {
					dst = append(dst, Move{Kind: MoveFoundation, From: dlReserve, To: uint8(dlFound + f), Card: c, Card2: NoCard, Rule: dlRuleReserve})
					if first {
						return dst
					}
				}
			}
		}
	}
	if g.pack.n > 0 {
		return append(dst, Move{Kind: MoveDeal, From: dlPack, To: dlPack, Card: NoCard, Card2: NoCard, Rule: dlRuleDeal})
	}
	if g.redeals < dlRedeals {
		dst = append(dst, Move{Kind: MoveRedeal, From: dlPack, To: dlPack, Card: NoCard, Card2: NoCard, Rule: dlRuleRedeal})
	}
	return dst
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
		if t := g.packet[from].top(); t == NoCard || t != m.Card {
			return illegalf(m, "%s is not the top of %s (only packet tops are available)", m.Card, dlPileNames[from])
		}
		if m.Rule == dlRuleFoundation && g.fn[f] != 0 {
			return illegalf(m, "%s already holds its foundation card", dlPileNames[to])
		}
		if m.Rule == dlRuleI && g.fn[f] == 0 {
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
			return illegal("duchess-de-luynes: the reserve stays face down until the pack is out")
		}
		lo := 0
		if g.reserveTop {
			lo = int(g.reserve.n) - 1
		}
		found := false
		for _, c := range g.reserve.c[max(lo, 0):g.reserve.n] {
			if c == m.Card {
				found = true
			}
		}
		if !found || !m.Card.Valid() {
			return illegalf(m, "%s is not an available reserve card", m.Card)
		}
		if !g.fits(f, m.Card) {
			return illegalf(m, "%s does not go on %s (aces up, kings down, in suit)", m.Card, dlPileNames[to])
		}
		return nil
	case dlRuleDeal:
		if m.Kind != MoveDeal || from != dlPack || to != dlPack || m.Card != NoCard {
			return illegal("duchess-de-luynes: the move does not fit its rule, which deals the next round from the pack")
		}
		if g.pack.n == 0 {
			return illegal("duchess-de-luynes: the pack is out")
		}
		return nil
	case dlRuleRedeal:
		if m.Kind != MoveRedeal || from != dlPack || to != dlPack || m.Card != NoCard {
			return illegal("duchess-de-luynes: a redeal gathers the packets and the reserve into the pack")
		}
		if g.pack.n != 0 {
			return illegal("duchess-de-luynes: the pack is not yet out")
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
	switch m.Rule {
	case dlRuleI, dlRuleFoundation:
		g.push(int(m.To)-dlFound, g.packet[m.From].pop())
	case dlRuleReserve:
		r := &g.reserve
		k := int(r.n) - 1
		for r.c[k] != m.Card {
			k--
		}
		copy(r.c[k:r.n-1], r.c[k+1:r.n])
		r.n--
		g.push(int(m.To)-dlFound, m.Card)
	case dlRuleDeal:
		g.deal()
	case dlRuleRedeal:
		g.gather()
		g.redeals++
		g.deal()
	}
	return nil
}

// gather makes the new pack: P0…P3 in turn, then the reserve beneath, each
// pile in the order its cards were dealt (top first when reversed).
func (g *duchess) gather() {
	var buf [dlCards]Card
	cs := buf[:0]
	for p := range g.packet {
		cs = g.packet[p].takeUp(cs, g.reversed)
	}
	g.pack.load(g.reserve.takeUp(cs, g.reversed))
}

func (g *duchess) Over() bool {
	var buf [1]Move
	return len(g.gen(buf[:0], true)) == 0
}

func (g *duchess) Won() bool { return g.Score() == dlCards }

func (g *duchess) Total() int    { return dlCards }
func (g *duchess) Redeals() int  { return int(g.redeals) }
func (g *duchess) NumPiles() int { return dlPiles }

func (g *duchess) PileName(i int) string { return pileName(dlPileNames[:], i) }

// reserveHidden reports whether the reserve cards are face down.
func (g *duchess) reserveHidden() bool { return !g.reserveOpen() }

func (g *duchess) Pile(dst []Card, i int) []Card {
	switch {
	case i == dlPack:
		return appendHidden(dst, int(g.pack.n))
	case i == dlReserve && g.reserveHidden():
		return appendHidden(dst, int(g.reserve.n))
	}
	return g.FullPile(dst, i)
}

// FullPile returns every card of pile i, bottom first.
func (g *duchess) FullPile(dst []Card, i int) []Card {
	switch {
	case i >= 0 && i < dlPackets:
		return append(dst, g.packet[i].cards()...)
	case i == dlReserve:
		return append(dst, g.reserve.cards()...)
	case i >= dlFound && i < dlFound+8:
		return append(dst, g.foundation(i-dlFound)...)
	case i == dlPack:
		return append(dst, g.pack.cards()...)
	}
	return dst
}

// hashVisible mixes the part of the state every view shows into a new
// hasher.
func (g *duchess) hashVisible() hasher {
	h := newHasher()
	h.b(g.redeals)
	g.pairFoundations.hash(&h)
	for p := range g.packet {
		h.cards(g.packet[p].cards())
	}
	return h
}

// Hash covers every pile including the pack's and the reserve's order.
func (g *duchess) Hash() uint64 {
	h := g.hashVisible()
	h.cards(g.reserve.cards())
	h.cards(g.pack.cards())
	return h.sum()
}

// ViewHash is Hash with the pack, and the reserve while face down, reduced
// to their sizes.
func (g *duchess) ViewHash() uint64 {
	h := g.hashVisible()
	if g.reserveHidden() {
		h.hidden(int(g.reserve.n))
	} else {
		h.cards(g.reserve.cards())
	}
	h.hidden(int(g.pack.n))
	return h.sum()
}

func (g *duchess) Clone() Game {
	c := *g
	return &c
}

// Determinize rearranges the hidden cards at random: the pack and, while it
// lies face down, the reserve (their sizes stay).
func (g *duchess) Determinize(r *Rand) {
	if !g.reserveHidden() {
		determinize(g.pack.cards(), r)
		return
	}
	var buf [dlCards]Card
	hidden := append(append(buf[:0], g.pack.cards()...), g.reserve.cards()...)
	determinize(hidden, r)
	np := int(g.pack.n)
	copy(g.pack.c[:np], hidden[:np])
	copy(g.reserve.c[:g.reserve.n], hidden[np:])
}

func (g *duchess) status() string {
	return fmt.Sprintf("score %d/%d  redeals %d/%d  pack %d  reserve %d", g.Score(), dlCards, g.redeals, dlRedeals, g.pack.n, g.reserve.n)
}

func (g *duchess) String() string {
	return renderPiles(dlPiles, g.PileName, g.FullPile, g.status())
}

func (g *duchess) View() string {
	return renderPiles(dlPiles, g.PileName, g.Pile, g.status())
}
