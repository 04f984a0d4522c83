package engine

import "fmt"

// Salic Law (Салический закон, Cadogan; GAMES.md §2).
//
// Piles: F0–F7 the foundations in the order their aces appeared, K0–K7 the
// king packets in the order the kings appeared (the king is the packet's
// bottom card), "queens" the decorative row, "stock" the face-down pack.
//
// The deal is the play: each MoveDeal turns the next card of the pack. Its
// placement is forced and applied inside Apply: a king opens the next
// packet, an ace starts the next foundation, a queen goes to the queens'
// row, any other card goes on the last king's packet (from where it may be
// played at once). Between deal moves the player plays packet tops to the
// foundations.

const (
	slFound    = 0
	slKings    = 8
	slQueens   = 16
	slStock    = 17
	slPiles    = 18
	slTopRank  = Jack
	slPackSize = 2 * CardsPerDeck
)

// Rule IDs of salic-law.
const (
	slRuleI        RuleID = "salic-law/I"
	slRuleII       RuleID = "salic-law/II"
	slRuleSetup    RuleID = "salic-law/setup"
	slRuleDeal     RuleID = "salic-law/deal"
	slRuleKing     RuleID = "salic-law/king"
	slRuleAce      RuleID = "salic-law/ace"
	slRuleQueen    RuleID = "salic-law/queen"
	slRuleKingFill RuleID = "salic-law/king-fill"
	slRuleCycle    RuleID = "salic-law/cycle"
	slRuleNoRedeal RuleID = "salic-law/no-redeal"
	slRuleWin      RuleID = "salic-law/win"
)

func salicLawSpec() *Spec {
	return &Spec{
		ID:       "salic-law",
		Title:    "The Salic Law",
		TitlesRU: []string{"Салический закон"},
		Book:     "Cadogan",
		Decks:    2,
		Players:  1,
		MaxMoves: 1000,
		Rules: []Rule{
			{ID: slRuleI, Kind: KindNumbered, Number: "I", Status: StatusLost,
				Summary: "Only the cards on the surface of the king packets are available; removing them releases those beneath. All cards of each packet may be examined.",
				Source:  "Cadogan EN Rule I (lost in the scan; the Play text cites it as правило I)",
				Terms:   []string{"только карты на поверхности королевских пачек годны", "снятие верхних карт освобождает нижние", "все карты пачки можно рассматривать"}},
			{ID: slRuleII, Kind: KindNumbered, Number: "II", Status: StatusBook,
				Summary: "The eight aces are the foundations, not taken out beforehand; they build up to the jack regardless of suit.",
				Terms:   []string{"основные карты восемь тузов", "не должны быть выбираемы тотчас же", "масти не соблюдаются"}},
			{ID: slRuleSetup, Kind: KindPlay, Status: StatusBook,
				Summary: "Take one king out of the two-deck pack and lay it as the first of a row of eight kings.",
				Source:  "engine convention: the king nearest the top of the pack",
				Terms:   []string{"берут из пачки в две колоды короля", "для начала ряда из восьми королей"}},
			{ID: slRuleDeal, Kind: KindPlay, Status: StatusBook,
				Summary: "Turn the pack one card at a time onto the last king's packet; after the eighth king all remaining cards go on it.",
				Terms:   []string{"кладут из колоды карты одну на другую", "на последнего короля кладутся все остальные карты"}},
			{ID: slRuleKing, Kind: KindPlay, Status: StatusBook,
				Summary: "A king, as it appears, opens a new packet beside the previous one (forced, part of the deal).",
				Terms:   []string{"пока не появится следующий король, который кладется рядом с первым", "в поперечной линии"}},
			{ID: slRuleAce, Kind: KindPlay, Status: StatusBook,
				Summary: "An ace, as it appears, goes at once to the row above the king packets as a new foundation (forced, part of the deal).",
				Terms:   []string{"если во время пасьянса появится туз", "немедленно положить в линию выше пачек с королем", "восемь тузов будут составлять основные карты", "в восходящем порядке до валетов"}},
			{ID: slRuleQueen, Kind: KindPlay, Status: StatusBook,
				Summary: "A queen, as it appears, goes to a row above the foundations and takes no further part (forced, part of the deal).",
				Terms:   []string{"когда же появятся дамы", "помещают в ряд над основными картами"}},
			{ID: slRuleKingFill, Kind: KindPlay, Status: StatusBook,
				Summary: "When the deal is ended, one card from the surface of any packet may be placed on a bare king; a king freed again may be refilled.",
				Source:  "GAMES.md §14.1 (after the deal; refilling a freed king is an interpretation, variant king-refill)",
				Terms:   []string{"когда пасьянс окончен", "одну карту из какой бы то ни было пачки", "класть на свободного короля"}},
			{ID: slRuleCycle, Kind: KindPlay, Status: StatusConvention,
				Summary: "Cycle rule: a card lying alone on its king is not moved to another bare king (that only exchanges two bare kings).",
				Source:  "engine convention (otherwise the king-fill could loop)"},
			{ID: slRuleNoRedeal, Kind: KindPlay, Status: StatusBook,
				Summary: "There is no redeal.",
				Terms:   []string{"вторично пасьянс не раскладывается"}},
			{ID: slRuleWin, Kind: KindPlay, Status: StatusBook,
				Summary: "The game is won when all eight foundations reach the jack: eight queens above, eight jacks, eight kings below.",
				Terms:   []string{"восьми дам наверху", "восьми валетов, заканчивающих основные карты", "восьми королей внизу"}},
			{ID: "salic-law/S1", Kind: KindAdvice, Number: "S1", Status: StatusBook,
				Summary: "Keep examining the surface of the king packets during the deal and play every suitable card.",
				Terms:   []string{"необходимо постоянно смотреть на поверхность королевских пачек", "класть на основание всякую подходящую карту"}},
			{ID: "salic-law/S2", Kind: KindAdvice, Number: "S2", Status: StatusBook,
				Summary: "During the deal try to strip one of the kings bare: an empty king is a free place once the deal ends.",
				Terms:   []string{"стараться совершенно освободить одного из королей"}},
			{ID: "salic-law/S3", Kind: KindAdvice, Number: "S3", Status: StatusBook,
				Summary: "When filling a bare king, choose the card that releases the most suitable cards, after examining all the packets.",
				Terms:   []string{"освобождают наибольшее число подходящих карт", "следует просматривать все пачки"}},
		},
		Variants: []Variant{
			{Name: "king-fill", Values: []string{"after-deal", "any-time"}, Default: "after-deal",
				Doc: "after-deal: a bare king takes a card only once the deal is ended (the book, GAMES.md §14.1); any-time: also during the deal (PySolFC, Parlett)."},
			{Name: "king-refill", Values: []string{"again", "once"}, Default: "again",
				Doc: "again: a king whose filled card has been played may be filled again (GAMES.md §2 recommended reading); once: each king takes at most one filled card in the game."},
		},
		Start: legacyStart(newSalicLaw),
	}
}

// salicLaw is the state of a game of Salic Law.
type salicLaw struct {
	opts    Options
	anyTime bool
	once    bool
	nk      uint8 // packets opened
	nf      uint8 // foundations started
	qn      uint8
	sn      uint8
	fn      [8]uint8
	kn      [8]uint8 // packet size including the king
	filled  [8]bool
	found   [8][slTopRank]Card
	queens  [8]Card
	pk      [8][slPackSize]Card
	stock   [slPackSize - 1]Card // stock[sn-1] is the top
}

func newSalicLaw(pack []Card, opts Options) (Game, error) {
	spec := salicLawSpec()
	o, err := spec.ResolveOptions(opts)
	if err != nil {
		return nil, err
	}
	if err := verifyPack(spec.ID, pack, spec.Decks); err != nil {
		return nil, err
	}
	g := &salicLaw{opts: o, anyTime: o["king-fill"] == "any-time", once: o["king-refill"] == "once"}
	k := 0
	for pack[k].Rank() != King {
		k++
	}
	g.pk[0][0] = pack[k]
	g.kn[0], g.nk = 1, 1
	n := 0
	for i := len(pack) - 1; i >= 0; i-- {
		if i != k {
			g.stock[n] = pack[i]
			n++
		}
	}
	g.sn = uint8(n)
	return g, nil
}

func (g *salicLaw) ID() string { return "salic-law" }

func (g *salicLaw) Options() Options { return copyOptions(g.opts) }

// top returns the available card of packet p (not the king), or NoCard.
func (g *salicLaw) top(p int) Card {
	if g.kn[p] < 2 {
		return NoCard
	}
	return g.pk[p][g.kn[p]-1]
}

// accepts reports whether foundation f takes c (up to the jack, any suit).
func (g *salicLaw) accepts(f int, c Card) bool {
	return f < int(g.nf) && c.Rank() <= slTopRank && int(g.fn[f]) == int(c.Rank())-1
}

// fillOpen reports whether the king-fill is allowed at this stage.
func (g *salicLaw) fillOpen() bool { return g.sn == 0 || g.anyTime }

// LegalMoves appends foundation plays, king fills and the next deal.
func (g *salicLaw) LegalMoves(dst []Move) []Move {
	for p := 0; p < int(g.nk); p++ {
		c := g.top(p)
		if c == NoCard {
			continue
		}
		for f := 0; f < int(g.nf); f++ {
			if g.accepts(f, c) {
				dst = append(dst, Move{Kind: MoveFoundation, From: uint8(slKings + p), To: uint8(slFound + f), Card: c, Card2: NoCard, Rule: slRuleII})
			}
		}
	}
	if g.fillOpen() {
		for p := 0; p < int(g.nk); p++ {
			if g.kn[p] < 3 {
				continue
			}
			c := g.pk[p][g.kn[p]-1]
			for q := 0; q < int(g.nk); q++ {
				if g.kn[q] == 1 && !(g.once && g.filled[q]) {
					dst = append(dst, Move{Kind: MoveFill, From: uint8(slKings + p), To: uint8(slKings + q), Card: c, Card2: NoCard, Rule: slRuleKingFill})
				}
			}
		}
	}
	if g.sn > 0 {
		dst = append(dst, Move{Kind: MoveDeal, From: slStock, To: slKings + g.nk - 1, Card: NoCard, Card2: NoCard, Rule: slRuleDeal})
	}
	return dst
}

// Check is the legality predicate, rule by rule.
func (g *salicLaw) Check(m Move) error {
	if m.Card2 != NoCard {
		return illegalf(m, "no move of this game has a second card")
	}
	from, to := int(m.From), int(m.To)
	switch m.Kind {
	case MoveDeal: // salic-law/deal
		if m.Rule != slRuleDeal || from != slStock || m.Card != NoCard {
			return illegalf(m, "a deal turns the next card of the pack (%s)", slRuleDeal)
		}
		if g.sn == 0 {
			return illegalf(m, "the deal is ended")
		}
		if to != slKings+int(g.nk)-1 {
			return illegalf(m, "cards are dealt on the last king, K%d", g.nk-1)
		}
		return nil
	case MoveFoundation: // salic-law/II, from the surface (salic-law/I)
		if m.Rule != slRuleII {
			return illegalf(m, "a foundation play is permitted by %s", slRuleII)
		}
		if from < slKings || from >= slKings+int(g.nk) {
			return illegalf(m, "only the surface of a king packet is available (%s)", slRuleI)
		}
		if c := g.top(from - slKings); c == NoCard || c != m.Card {
			return illegalf(m, "%s is not on the surface of %s", m.Card, g.PileName(from))
		}
		f := to - slFound
		if f < 0 || f >= int(g.nf) {
			return illegalf(m, "%s is not a foundation started by an ace", g.PileName(to))
		}
		if m.Card.Rank() > slTopRank {
			return illegalf(m, "foundations end at the jack")
		}
		if int(g.fn[f]) != int(m.Card.Rank())-1 {
			return illegalf(m, "foundation %s needs rank %d", g.PileName(to), g.fn[f]+1)
		}
		return nil
	case MoveFill: // salic-law/king-fill
		if m.Rule != slRuleKingFill {
			return illegalf(m, "a card on a bare king is permitted by %s", slRuleKingFill)
		}
		if !g.fillOpen() {
			return illegalf(m, "a bare king is filled only when the deal is ended (variant king-fill=after-deal)")
		}
		if from < slKings || from >= slKings+int(g.nk) || to < slKings || to >= slKings+int(g.nk) || from == to {
			return illegalf(m, "a king-fill moves between two king packets")
		}
		if c := g.top(from - slKings); c == NoCard || c != m.Card {
			return illegalf(m, "%s is not on the surface of %s", m.Card, g.PileName(from))
		}
		if g.kn[to-slKings] != 1 {
			return illegalf(m, "%s is not a bare king", g.PileName(to))
		}
		if g.once && g.filled[to-slKings] {
			return illegalf(m, "%s has had its card (variant king-refill=once)", g.PileName(to))
		}
		if g.kn[from-slKings] < 3 {
			return illegalf(m, "cycle rule %s: the card lies alone on its king", slRuleCycle)
		}
		return nil
	}
	return illegalf(m, "no rule of salic-law permits a %s move", m.Kind)
}

// Apply checks and performs m; a deal move places its card as the rules
// force (new packet, foundation, queens' row or the last packet).
func (g *salicLaw) Apply(m Move) error {
	if err := g.Check(m); err != nil {
		return err
	}
	switch m.Kind {
	case MoveDeal:
		g.sn--
		c := g.stock[g.sn]
		switch c.Rank() {
		case King:
			g.pk[g.nk][0] = c
			g.kn[g.nk] = 1
			g.nk++
		case Ace:
			g.found[g.nf][0] = c
			g.fn[g.nf] = 1
			g.nf++
		case Queen:
			g.queens[g.qn] = c
			g.qn++
		default:
			p := g.nk - 1
			g.pk[p][g.kn[p]] = c
			g.kn[p]++
		}
	case MoveFoundation:
		g.kn[int(m.From)-slKings]--
		f := int(m.To) - slFound
		g.found[f][g.fn[f]] = m.Card
		g.fn[f]++
	case MoveFill:
		g.kn[int(m.From)-slKings]--
		q := int(m.To) - slKings
		g.pk[q][1] = m.Card
		g.kn[q] = 2
		g.filled[q] = true
	}
	return nil
}

func (g *salicLaw) Over() bool {
	var buf [160]Move
	return g.Won() || len(g.LegalMoves(buf[:0])) == 0
}

func (g *salicLaw) Won() bool { return g.Score() == g.Total() }

func (g *salicLaw) Score() int {
	s := 0
	for _, n := range g.fn {
		s += int(n)
	}
	return s
}

func (g *salicLaw) Total() int    { return 8 * int(slTopRank) }
func (g *salicLaw) Redeals() int  { return 0 }
func (g *salicLaw) NumPiles() int { return slPiles }

func (g *salicLaw) PileName(i int) string {
	switch {
	case i >= slFound && i < slFound+8:
		return fmt.Sprintf("F%d", i-slFound)
	case i >= slKings && i < slKings+8:
		return fmt.Sprintf("K%d", i-slKings)
	case i == slQueens:
		return "queens"
	case i == slStock:
		return "stock"
	}
	return fmt.Sprintf("pile(%d)", i)
}

func (g *salicLaw) Pile(dst []Card, i int) []Card {
	if i == slStock {
		return appendHidden(dst, int(g.sn))
	}
	return g.FullPile(dst, i)
}

// FullPile returns every card of pile i, bottom first.
func (g *salicLaw) FullPile(dst []Card, i int) []Card {
	switch {
	case i >= slFound && i < slFound+8:
		return append(dst, g.found[i-slFound][:g.fn[i-slFound]]...)
	case i >= slKings && i < slKings+8:
		return append(dst, g.pk[i-slKings][:g.kn[i-slKings]]...)
	case i == slQueens:
		return append(dst, g.queens[:g.qn]...)
	case i == slStock:
		return append(dst, g.stock[:g.sn]...)
	}
	return dst
}

// hashVisible mixes the part of the state every view shows into a new
// hasher.
func (g *salicLaw) hashVisible() hasher {
	h := newHasher()
	h.b(g.nf)
	for _, n := range g.fn {
		h.b(n)
	}
	for i := range g.pk {
		h.cards(g.pk[i][:g.kn[i]])
		if g.once && g.filled[i] {
			h.b(1)
		}
	}
	h.b(g.qn)
	return h
}

// Hash covers foundation heights, packets, fills used, queens and the stock.
func (g *salicLaw) Hash() uint64 { return g.hashVisible().sumCards(g.stock[:g.sn]) }

// ViewHash is Hash with the stock reduced to its size.
func (g *salicLaw) ViewHash() uint64 { return g.hashVisible().sumHidden(int(g.sn)) }

func (g *salicLaw) Clone() Game {
	c := *g
	return &c
}

// Determinize shuffles the pack.
func (g *salicLaw) Determinize(r *Rand) { determinize(g.stock[:g.sn], r) }

func (g *salicLaw) status() string {
	return fmt.Sprintf("score %d/%d  stock %d", g.Score(), g.Total(), g.sn)
}

func (g *salicLaw) String() string {
	return renderPiles(slPiles, g.PileName, g.FullPile, g.status())
}

func (g *salicLaw) View() string {
	return renderPiles(slPiles, g.PileName, g.Pile, g.status())
}
