package engine

import "fmt"

// The Mill / Windmill (Мельница; Cadogan "The Mill"; GAMES.md §4).
//
// Piles: W0–W7 the eight wing cards (four arms of two), F0 the centre (the
// ace taken out at once, built up A→K four times regardless of suit), F1–F4
// the corners (the first four kings that appear, each built down K→A
// regardless of suit), "talon" (face up, top available) and "pack".
//
// Compulsory moves done inside Apply: a king turned while a corner is still
// empty goes there at once (windmill/II). A vacancy in the wings must be
// filled before anything else, from the talon or the pack at the player's
// choice (windmill/vacancy); the lowest vacant wing is filled first (the
// wings are all alike). The transfer from a king pile to the centre
// (windmill/transfer) moves one card, never a corner's king itself, and by
// default only when it brings into use a wing or talon card that could not
// be played before.

const (
	wmWings   = 8
	wmCentre  = 8
	wmCorner0 = 9
	wmTalon   = 13
	wmPack    = 14
	wmPiles   = 15
	wmCentreN = 4 * NumRanks

	wmTransferImmediate = 0
	wmTransferAny       = 1
	wmTransferNone      = 2
)

// Rule IDs of windmill.
const (
	wmRuleI        RuleID = "windmill/I"
	wmRuleII       RuleID = "windmill/II"
	wmRuleDeal     RuleID = "windmill/deal"
	wmRuleDraw     RuleID = "windmill/draw"
	wmRulePlay     RuleID = "windmill/play"
	wmRuleVacancy  RuleID = "windmill/vacancy"
	wmRuleTransfer RuleID = "windmill/transfer"
	wmRuleRedeal   RuleID = "windmill/redeal"
	wmRuleWin      RuleID = "windmill/win"
)

var wmPileNames = [wmPiles]string{"W0", "W1", "W2", "W3", "W4", "W5", "W6", "W7", "F0", "F1", "F2", "F3", "F4", "talon", "pack"}

func windmillSpec() *Spec {
	return &Spec{
		ID:       "windmill",
		Title:    "The Mill",
		TitlesRU: []string{"Мельница"},
		Book:     "Cadogan",
		Decks:    2,
		Players:  1,
		MaxMoves: 1000,
		Rules: []Rule{
			{ID: wmRuleI, Kind: KindNumbered, Number: "I", Status: StatusBook,
				Summary: "All eight wing cards are available (the inner ones are not blocked by the outer ones) and may be played to any foundation they suit.",
				Terms:   []string{"все карты в крыльях годны"}},
			{ID: wmRuleII, Kind: KindNumbered, Number: "II", Status: StatusBook,
				Summary: "Five foundations regardless of suit: the centre ace, taken out at once, built up A→K four times; and the first four kings that appear, put in the corners at once and built down to the ace.",
				Source:  "RU adds how the five foundations arise (EN Rule II: only 'do not follow suit'); footnote [7]",
				Terms:   []string{"пять оснований", "одно из них берется из колоды тотчас, остальные четыре во время игры", "на основания идут карты не по мастям"}},
			{ID: wmRuleDeal, Kind: KindPlay, Status: StatusBook,
				Summary: "Take an ace out of the pack (the first from the top) for the centre, then deal eight wing cards round it; kings among them go to the corners.",
				Source:  "which ace: the first one from the top of the pack (engine convention; the suit does not matter)",
				Terms:   []string{"берут из колоды туза и кладут его посредине", "раскладывают восемь карт, располагая их вокруг туза", "крылья ветряной мельницы", "берут из крыльев короля для основных карт", "заменять их картами, находящимися в руках", "первые четыре короля, вынимаемые из колод, кладут по четырем углам"}},
			{ID: wmRuleDraw, Kind: KindPlay, Status: StatusBook,
				Summary: "Turn the pack one card at a time; a card that cannot be used goes to the talon, whose top is available.",
				Terms:   []string{"переворачивают карты одну за другою", "карты, которые не могут быть употреблены в дело, складываются в особую пачку и образуют собою талон"}},
			{ID: wmRulePlay, Kind: KindPlay, Status: StatusBook,
				Summary: "The card turned (the talon top) may be played to a foundation it suits.",
				Terms:   []string{"играют те из них, которые по достоинству своему могут быть приняты в число основных карт", "каждый из четырех королей должен нисходить по порядку до туза", "на среднего туза следует наложить четыре полных подбора карт, идущих по порядку", "начинаются каждый тузом и оканчиваются королем"}},
			{ID: wmRuleVacancy, Kind: KindPlay, Status: StatusBook,
				Summary: "A vacancy in the wings is filled at once, from the pack or the talon at the player's choice, before any other move.",
				Source:  "GAMES.md §14.3 (the source is the player's choice)",
				Terms:   []string{"пустые места в крыльях следует немедленно же закрывать картами, взятыми от колоды или талона"}},
			{ID: wmRuleTransfer, Kind: KindPlay, Status: StatusBook,
				Summary: "The top card of a king pile may be moved to the centre, one card at a time, only when it brings another available wing or talon card into immediate use (one way; a corner king itself never moves).",
				Source:  "GAMES.md §14.3; 'immediate use' read as: after the transfer a wing or talon card that fits no foundation now goes on the centre",
				Terms:   []string{"верхняя карта каждой из королевских пачек может быть, если нужно, переложена на тузовую пачку", "за один раз можно брать только одну карту с пачки", "можно немедленно же употребить в дело другую годную карту из крыльев или талона"}},
			{ID: wmRuleRedeal, Kind: KindPlay, Status: StatusBook,
				Summary: "No redeal: the game ends when the pack is out and no card can be played.",
				Terms:   []string{"пасьянс вторично не раскладывается"}},
			{ID: wmRuleWin, Kind: KindPlay, Status: StatusConvention,
				Summary: "The game is won when the centre holds four sequences A→K (52 cards) and each corner K→A.",
				Source:  "Cadogan EN; GAMES.md §4"},
			{ID: "windmill/S1", Kind: KindAdvice, Number: "S1", Status: StatusBook,
				Summary: "Prefer taking a card from the talon to taking it from the wings.",
				Terms:   []string{"лучше брать карты из талона, нежели из крыльев"}},
			{ID: "windmill/S2", Kind: KindAdvice, Number: "S2", Status: StatusBook,
				Summary: "Resort to moving a king pile's top card to the centre only when it at once brings another wing or talon card into use.",
				Terms:   []string{"к этому средству прибегают только тогда", "можно немедленно же употребить в дело другую годную карту"}},
		},
		Variants: []Variant{
			{Name: "transfer", Values: []string{"immediate", "any", "none"}, Default: "immediate",
				Doc: "immediate: a king pile's top card goes to the centre only when a wing or talon card that fits no foundation then fits the centre (the book); any: whenever the centre takes it (PySolFC allows foundation moves freely); none: no transfers."},
			{Name: "kings", Values: []string{"first-four", "choice"}, Default: "first-four",
				Doc: "first-four: the first four kings that appear go to the corners at once (the book, Rule II; GAMES.md §14.3); choice: a king is an ordinary available card that the player may put in an empty corner or on the centre's queen (PySolFC Windmill)."},
		},
		Start: legacyStart(newWindmill),
	}
}

// windmill is the state of a game of The Mill: fixed arrays, so Clone is
// one copy.
type windmill struct {
	opts       Options
	transfer   uint8
	kingChoice bool
	cn         uint8
	kn         [4]uint8
	wing       [wmWings]Card // NoCard is a vacancy
	centre     [wmCentreN]Card
	corner     [4][NumRanks]Card
	talon      stack
	pack       stack
}

func newWindmill(pack []Card, opts Options) (Game, error) {
	spec := windmillSpec()
	o, err := spec.ResolveOptions(opts)
	if err != nil {
		return nil, err
	}
	if err := verifyPack(spec.ID, pack, spec.Decks); err != nil {
		return nil, err
	}
	g := &windmill{opts: o, kingChoice: o["kings"] == "choice"}
	switch o["transfer"] {
	case "any":
		g.transfer = wmTransferAny
	case "none":
		g.transfer = wmTransferNone
	}
	var rest [2 * CardsPerDeck]Card
	n := 0
	for _, c := range pack {
		if c.Rank() == Ace && g.cn == 0 {
			g.centre[0] = c
			g.cn = 1
			continue
		}
		rest[n] = c
		n++
	}
	g.pack.load(rest[:n])
	for w := range g.wing {
		g.wing[w] = NoCard
		c := g.pack.pop()
		if !g.placeKing(c) {
			g.wing[w] = c
		}
	}
	return g, nil
}

func (g *windmill) ID() string       { return "windmill" }
func (g *windmill) Options() Options { return copyOptions(g.opts) }

// placeKing puts c in the first empty corner if it is a king and a corner
// is still empty (the first four kings go to the corners at once; not with
// variant kings=choice).
func (g *windmill) placeKing(c Card) bool {
	if c.Rank() != King || g.kingChoice {
		return false
	}
	for k := range g.kn {
		if g.kn[k] == 0 {
			g.corner[k][0] = c
			g.kn[k] = 1
			return true
		}
	}
	return false
}

// fits reports whether c goes on foundation f (0 the centre, 1–4 corners).
func (g *windmill) fits(f int, c Card) bool {
	if !c.Valid() {
		return false
	}
	if f == 0 {
		return g.cn < wmCentreN && int(c.Rank()) == int(g.cn)%NumRanks+1
	}
	k := f - 1
	n := g.kn[k]
	if n == 0 {
		return g.kingChoice && c.Rank() == King
	}
	return n < NumRanks && c.Rank()+1 == g.corner[k][n-1].Rank()
}

// needs returns the rank each foundation takes next (centre first, then
// the four corners), 0 where none fits: fits(f, c) is exactly c.Valid() &&
// needs()[f] == c.Rank(), computed once for a whole move generation.
func (g *windmill) needs() (need [5]Rank) {
	if g.cn < wmCentreN {
		need[0] = Rank(int(g.cn)%NumRanks + 1)
	}
	for k, n := range g.kn {
		switch {
		case n == 0:
			if g.kingChoice {
				need[k+1] = King
			}
		case n < NumRanks:
			need[k+1] = g.corner[k][n-1].Rank() - 1
		}
	}
	return need
}

func (g *windmill) playable(c Card) bool {
	for f := 0; f < 5; f++ {
		if g.fits(f, c) {
			return true
		}
	}
	return false
}

// vacancy returns the wing to fill next, or -1 when none must be filled
// (no vacancy, or nothing left to fill it with).
func (g *windmill) vacancy() int {
	if g.talon.n == 0 && g.pack.n == 0 {
		return -1
	}
	for w, c := range g.wing {
		if c == NoCard {
			return w
		}
	}
	return -1
}

// transferOK reports whether the top card of corner k may go to the centre.
func (g *windmill) transferOK(k int) bool {
	n := g.kn[k]
	if g.transfer == wmTransferNone || n < 2 {
		return false
	}
	x := g.corner[k][n-1]
	if !g.fits(0, x) {
		return false
	}
	if g.transfer == wmTransferAny {
		return true
	}
	// After the transfer the centre takes rank r+1; it must bring into use a
	// wing or talon card of that rank that fits nowhere now.
	want := x.Rank() + 1
	for _, c := range g.wing {
		if c != NoCard && c.Rank() == want && !g.playable(c) {
			return true
		}
	}
	if t := g.talon.top(); t != NoCard && t.Rank() == want && !g.playable(t) {
		return true
	}
	return false
}

// LegalMoves appends the legal moves: fills of a vacancy (which exclude
// everything else), else wing plays, talon plays, transfers and the draw.
func (g *windmill) LegalMoves(dst []Move) []Move { return g.gen(dst, false) }

func (g *windmill) gen(dst []Move, first bool) []Move {
	if v := g.vacancy(); v >= 0 {
		if t := g.talon.top(); t != NoCard {
			dst = append(dst, Move{Kind: MoveFill, From: wmTalon, To: uint8(v), Card: t, Card2: NoCard, Rule: wmRuleVacancy})
			if first {
				return dst
			}
		}
		if g.pack.n > 0 {
			dst = append(dst, Move{Kind: MoveFill, From: wmPack, To: uint8(v), Card: NoCard, Card2: NoCard, Rule: wmRuleVacancy})
		}
		return dst
	}
	need := g.needs()
	for w, c := range g.wing {
		if !c.Valid() {
			continue
		}
		r := c.Rank()
		for f := 0; f < 5; f++ {
			if need[f] == r { // g.fits(f, c)
				dst = append(dst, Move{Kind: MoveFoundation, From: uint8(w), To: uint8(wmCentre + f), Card: c, Card2: NoCard, Rule: wmRuleI})
				if first {
					return dst
				}
			}
		}
	}
	if t := g.talon.top(); t.Valid() {
		r := t.Rank()
		for f := 0; f < 5; f++ {
			if need[f] == r { // g.fits(f, t)
				dst = append(dst, Move{Kind: MoveFoundation, From: wmTalon, To: uint8(wmCentre + f), Card: t, Card2: NoCard, Rule: wmRulePlay})
				if first {
					return dst
				}
			}
		}
	}
	for k := range g.kn {
		if g.transferOK(k) {
			dst = append(dst, Move{Kind: MoveTransfer, From: uint8(wmCorner0 + k), To: wmCentre, Card: g.corner[k][g.kn[k]-1], Card2: NoCard, Rule: wmRuleTransfer})
			if first {
				return dst
			}
		}
	}
	if g.pack.n > 0 {
		dst = append(dst, Move{Kind: MoveDraw, From: wmPack, To: wmTalon, Card: NoCard, Card2: NoCard, Rule: wmRuleDraw})
	}
	return dst
}

// Check is the legality predicate, rule by rule.
func (g *windmill) Check(m Move) error {
	if m.Card2 != NoCard {
		return illegal("windmill: no move of windmill has a second card")
	}
	from, to := int(m.From), int(m.To)
	v := g.vacancy()
	if m.Rule == wmRuleVacancy {
		if m.Kind != MoveFill || to >= wmWings {
			return illegal("windmill: the move does not fit its rule, which fills a wing")
		}
		if v < 0 {
			return illegal("windmill: no vacancy to fill")
		}
		if to != v {
			return illegalf(m, "the wing to fill is %s", wmPileNames[v])
		}
		switch from {
		case wmTalon:
			if t := g.talon.top(); t == NoCard || t != m.Card {
				return illegalf(m, "%s is not the talon top", m.Card)
			}
		case wmPack:
			if g.pack.n == 0 || m.Card != NoCard {
				return illegal("windmill: a fill from the pack turns its hidden top card")
			}
		default:
			return illegal("windmill: a wing is filled from the pack or the talon")
		}
		return nil
	}
	if v >= 0 {
		return illegal("windmill: a vacancy in the wings must be filled first (windmill/vacancy)")
	}
	f := to - wmCentre
	switch m.Rule {
	case wmRuleI, wmRulePlay:
		if m.Kind != MoveFoundation || f < 0 || f >= 5 {
			return illegal("windmill: the move does not fit its rule, which plays a card to a foundation")
		}
		if m.Rule == wmRuleI {
			if from >= wmWings || g.wing[from] == NoCard || g.wing[from] != m.Card {
				return illegalf(m, "%s is not a wing card", m.Card)
			}
		} else if from != wmTalon || g.talon.top() == NoCard || g.talon.top() != m.Card {
			return illegalf(m, "%s is not the talon top", m.Card)
		}
		if !g.fits(f, m.Card) {
			return illegalf(m, "%s does not go on %s", m.Card, wmPileNames[to])
		}
		return nil
	case wmRuleTransfer:
		if m.Kind != MoveTransfer || to != wmCentre || from < wmCorner0 || from >= wmCorner0+4 {
			return illegal("windmill: the move does not fit its rule, which moves a king pile's top card to the centre")
		}
		k := from - wmCorner0
		if g.kn[k] == 0 || g.corner[k][g.kn[k]-1] != m.Card {
			return illegalf(m, "%s is not the top of %s", m.Card, wmPileNames[from])
		}
		if g.kn[k] == 1 {
			return illegal("windmill: the corner king is the foundation itself and stays")
		}
		if !g.fits(0, m.Card) {
			return illegalf(m, "the centre does not take %s", m.Card)
		}
		if g.transfer == wmTransferNone {
			return illegal("windmill: transfers are off (variant transfer=none)")
		}
		if !g.transferOK(k) {
			return illegal("windmill: the transfer would bring no other wing or talon card into immediate use")
		}
		return nil
	case wmRuleDraw:
		if m.Kind != MoveDraw || from != wmPack || to != wmTalon || m.Card != NoCard {
			return illegal("windmill: a draw turns the pack onto the talon")
		}
		if g.pack.n == 0 {
			return illegal("windmill: the pack is out")
		}
		return nil
	}
	return illegal("windmill: no rule of windmill permits this move")
}

// Apply checks and performs m; a king turned while a corner is empty goes
// there at once.
func (g *windmill) Apply(m Move) error {
	if err := g.Check(m); err != nil {
		return err
	}
	switch m.Rule {
	case wmRuleVacancy:
		if m.From == wmTalon {
			g.wing[m.To] = g.talon.pop()
		} else if c := g.pack.pop(); !g.placeKing(c) {
			g.wing[m.To] = c
		}
	case wmRuleI:
		g.push(int(m.To)-wmCentre, m.Card)
		g.wing[m.From] = NoCard
	case wmRulePlay:
		g.push(int(m.To)-wmCentre, g.talon.pop())
	case wmRuleTransfer:
		k := int(m.From) - wmCorner0
		g.kn[k]--
		g.push(0, m.Card)
	case wmRuleDraw:
		if c := g.pack.pop(); !g.placeKing(c) {
			g.talon.push(c)
		}
	}
	return nil
}

func (g *windmill) push(f int, c Card) {
	if f == 0 {
		g.centre[g.cn] = c
		g.cn++
		return
	}
	g.corner[f-1][g.kn[f-1]] = c
	g.kn[f-1]++
}

func (g *windmill) Over() bool {
	var buf [1]Move
	return len(g.gen(buf[:0], true)) == 0
}

func (g *windmill) Won() bool { return g.Score() == 2*CardsPerDeck }

func (g *windmill) Score() int {
	s := int(g.cn)
	for _, n := range g.kn {
		s += int(n)
	}
	return s
}

func (g *windmill) Total() int    { return 2 * CardsPerDeck }
func (g *windmill) Redeals() int  { return 0 }
func (g *windmill) NumPiles() int { return wmPiles }

func (g *windmill) PileName(i int) string { return pileName(wmPileNames[:], i) }

func (g *windmill) Pile(dst []Card, i int) []Card {
	if i == wmPack {
		return appendHidden(dst, int(g.pack.n))
	}
	return g.FullPile(dst, i)
}

// FullPile returns every card of pile i, bottom first.
func (g *windmill) FullPile(dst []Card, i int) []Card {
	switch {
	case i >= 0 && i < wmWings:
		if g.wing[i] != NoCard {
			dst = append(dst, g.wing[i])
		}
		return dst
	case i == wmCentre:
		return append(dst, g.centre[:g.cn]...)
	case i >= wmCorner0 && i < wmCorner0+4:
		return append(dst, g.corner[i-wmCorner0][:g.kn[i-wmCorner0]]...)
	case i == wmTalon:
		return append(dst, g.talon.cards()...)
	case i == wmPack:
		return append(dst, g.pack.cards()...)
	}
	return dst
}

// hashVisible mixes the part of the state every view shows into a new
// hasher.
func (g *windmill) hashVisible() hasher {
	h := newHasher()
	for _, c := range g.wing {
		h.b(byte(c))
	}
	h.cards(g.centre[:g.cn])
	for k := range g.corner {
		h.cards(g.corner[k][:g.kn[k]])
	}
	h.cards(g.talon.cards())
	return h
}

// Hash covers every pile including the pack's order.
func (g *windmill) Hash() uint64 { return g.hashVisible().sumCards(g.pack.cards()) }

// ViewHash is Hash with the pack reduced to its size.
func (g *windmill) ViewHash() uint64 { return g.hashVisible().sumHidden(int(g.pack.n)) }

func (g *windmill) Clone() Game {
	c := *g
	return &c
}

// Determinize rearranges the pack at random (the only hidden cards).
func (g *windmill) Determinize(r *Rand) { determinize(g.pack.cards(), r) }

func (g *windmill) status() string {
	return fmt.Sprintf("score %d/%d  centre %d/%d  pack %d  talon %d", g.Score(), 2*CardsPerDeck, g.cn, wmCentreN, g.pack.n, g.talon.n)
}

func (g *windmill) String() string {
	return renderPiles(wmPiles, g.PileName, g.FullPile, g.status())
}

func (g *windmill) View() string {
	return renderPiles(wmPiles, g.PileName, g.Pile, g.status())
}
