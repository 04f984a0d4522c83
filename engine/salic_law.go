package engine

import (
	"fmt"
	"math/bits"
)

// Salic Law (Салический закон, Cadogan).
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
	slFound   = 0
	slKings   = 8
	slQueens  = 16
	slStock   = 17
	slPiles   = 18
	slTopRank = Jack
	slTotal   = 8 * int(slTopRank)
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
		Sources: []string{
			"Cadogan 1874/1914, \"The Salic Law\" (the corpus text is the Russian translation; it lost Rule I, taken from the English)",
			"PySolFC game 299 (Salic Law): a single card may be put on a bare king at any time (variant king-fill=any-time)",
			"Parlett: an exposed king used as a temporary reserve (the same any-time reading)",
		},
		Decks:    2,
		Players:  1,
		MaxMoves: 1000,
		Planner:  PlannerDefaults{Samples: 8},
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
				Source:  "the book: after the deal (\"когда пасьянс окончен\" read as the deal ended); engine convention: a king freed again may be refilled (variant king-refill), the book does not say",
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
				Doc: "after-deal: a bare king takes a card only once the deal is ended (the book); any-time: also during the deal (PySolFC 299, Parlett)."},
			{Name: "king-refill", Values: []string{"again", "once"}, Default: "again",
				Doc: "again: a king whose filled card has been played may be filled again (engine convention: the book allows \"one card\" on a free king, and a king freed again is free); once: each king takes at most one filled card in the game."},
		},
		Piles:  salicLawPiles(),
		Search: salicLawSearch,
		Start:  startSalicLaw,
	}
}

// salicLawSearch explains the search hooks of Salic Law.
const salicLawSearch = `Symmetry: suits play no part (foundations go A to J regardless of suit, kings open packets, queens go aside, a fill moves any card), so the key reads every card by its rank only; the foundations are a multiset of heights; the king packets play by the same rules and are sorted, except that during the deal the last packet, which takes the dealt cards, keeps its place. A packet is keyed by the ranks of its cards and, for variant king-refill=once, whether its king has had its card. The pack is keyed by its ranks in order.

Safe moves: a packet's top card c of rank r goes home when the foundations standing at exactly r-1 are at least as many as the cards of rank r that could be played before c: those not yet home, c among them, less the ones lying under c in its packet. Every foundation takes one card of each rank, so these cards compete only for time: with that many foundations waiting, every other card of rank r a line plays before c still finds one (the surplus of waiting foundations over such cards never falls: each play of a card of rank r takes one of each). Any winning line then maps to a win after the move: drop the later moves of c (its play; a fill that moves it to a bare king, which the position ahead keeps bare, at least as good); a card dealt on c lies on the card beneath it instead. A card of rank r under c reaches the surface before c goes home only if a line fills c onto a bare king first; where it then plays that card, the position ahead fills it onto the same king (or, when it lies alone on its own king, keeps it there — the two packets swapped), and the two positions are the same up to suits.

Move order: during the deal, plays from the dealing packet (the next card would cover them), then the deal, then fills (variant king-fill=any-time), then plays from the other packets, whose tops stay available: the play that cannot wait before the one that can. After the deal, plays before fills.

Dead ends (after the deal), first a relaxed test, cheap, then the endgame evaluation below. The relaxed test: let r be the rank the lowest foundations need. Until a card of rank r goes home they stay put, and the others (those higher) can take only what their heights lead to. R, the ranks that could go home before the first card of a rank outside R, is grown from nothing to a fixed point: a rank s joins R when some foundation above the lowest could reach s-1 (it stands there, or s-1 is in R) and some copy of s is reachable. A card is reachable when the cards above it that must wait on a king — those of ranks outside R, and of each rank s in R those beyond room(s), the number of foundations above the lowest standing below s (each takes one card of each rank) — are no more than the holders: the bare kings (not barred by king-refill=once), and the packets holding no card of a rank outside R. The state is dead when no copy of rank r is reachable. Argument: take the first play of a card x of a rank outside R (every win has one: r is outside R). Before it every play home is of a rank in R, on a foundation above the lowest, so at most room(s) cards of rank s went home; every other card above x left by a fill and still lies alone on its king (a card alone on its king moves only home), one card a king. Such a king was bare now, or bared later, which takes its own cards of ranks outside R onto other kings: a packet with k of them frees one king for k, so only the packets with none can add one. So x was reachable in the final R, hence its rank joined R (a foundation could take it) or is r — a contradiction unless a copy of rank r is reachable. During the deal nothing is claimed.

Endgame evaluation: once the deal is ended the position is decided exactly, by a dedicated exhaustive search of the game from there. After the deal cards only leave the packets (home, or onto a bare king), so each packet is a prefix of its cards at the start of the evaluation, or, once that is gone, a bare king, possibly with one filled card on it. The moves are the game's: a packet's top card home onto a foundation standing at the rank below it (which of several such foundations takes it does not matter: they are alike), and, from a packet with two or more cards, the top card onto a bare king (bare kings are alike, and for variant king-refill=once so are the bare ones not yet used: the search tries one). Every move removes a card from the layout or shortens a prefix, so the search has no cycles. A state is keyed as the search key above: the multiset of the packets by their ranks (and fill marks) and the multiset of the foundations' heights (the foundations follow from the cards left: a foundation at height h holds one card of each rank up to h); each packet is hashed in two 64-bit lanes, kept for every prefix, and the packets are combined by adding a mix of each, so the key is as canonical as the search key and merges the end-of-deal positions' endgames wherever they meet. The results are kept in a memo the solver lends for the span of one search (engine.MemoUser; without one, the evaluation keeps its own), so each endgame state is decided once per search. Two moves are made without branching: the safe move above, and a card lying alone on its king that can go home (variant king-refill=again). Argument for the second: take a win; the card c (rank r) stays on its king K until the win plays it home, at time t, and the foundation F that takes c now (at r-1) gets its card of rank r, d, at time u in the win. Play c at once and follow the win, K now bare and unused by it until t; if u < t, d is not played onto F (already at r): it stays where it is when it lies alone on its king (and K stands in for that king, which the win may fill from u on) or else is filled onto K, and at t it goes where the win plays c; if t < u, the win's plays onto c's foundation between t and u go onto F, and d at u onto c's foundation. The foundations and packets are then the same up to swapping alike foundations and kings. An evaluation expands at most 8,192 states the memo does not know and is otherwise inconclusive (then the relaxed test above and the solver's own search go on). A lost endgame is a dead end; in a won one the first move of the win found is the safe move, so the search follows the win at once.`

// salicLawPiles is the layout of Salic Law.
func salicLawPiles() []PileInfo {
	ps := make([]PileInfo, 0, slPiles)
	for i := 0; i < 8; i++ {
		ps = append(ps, PileInfo{Name: fmt.Sprintf("F%d", i), Kind: PileFoundation})
	}
	for i := 0; i < 8; i++ {
		ps = append(ps, PileInfo{Name: fmt.Sprintf("K%d", i), Kind: PileTableau})
	}
	return append(ps, PileInfo{Name: "queens", Kind: PileAside}, PileInfo{Name: "stock", Kind: PileStock})
}

// slRules are the typed variant options of Salic Law.
type slRules struct {
	anyTime bool // king-fill=any-time
	once    bool // king-refill=once
}

func startSalicLaw(v *VariantReader) (Dealer, error) {
	r := &slRules{anyTime: v.Is("king-fill", "any-time"), once: v.Is("king-refill", "once")}
	c := newCore(v)
	return func(pack []Card) (Game, error) { return newSalicLaw(c, r, pack), nil }, nil
}

// The game contract and the optional interfaces salicLaw implements,
// checked by the compiler.
var (
	_ Game           = (*salicLaw)(nil)
	_ ProgressMover  = (*salicLaw)(nil)
	_ ProgressPeeker = (*salicLaw)(nil)
	_ MoveOrderer    = (*salicLaw)(nil)
	_ MemoUser       = (*salicLaw)(nil)
)

// salicLaw is the state of a game of Salic Law.
//
// Besides the layout it keeps a few facts about the piles up to date move
// by move (see slFacts), from which LegalMoves lists the moves without
// walking the piles: a move touches one or two packets and at most one
// foundation, so Apply updates those alone.
type salicLaw struct {
	table
	r      *slRules
	stock  faceHash // rank hash of the pack (see addValue)
	stale  bool     // stock is out of date (until SearchKey first needs it, and after Determinize)
	nk     uint8    // packets opened
	nf     uint8    // foundations started
	filled uint8    // bit p: packet p's king has had a filled card
	score  uint8
	slFacts
	memo *Memo // lent by a search for the endgame evaluation (UseMemo)
}

// UseMemo lends g the memo of the endgame evaluations (see MemoUser).
func (g *salicLaw) UseMemo(m *Memo) { g.memo = m }

func newSalicLaw(c core, r *slRules, pack []Card) *salicLaw {
	g := new(salicLaw)
	g.setUp(c, r, pack)
	return g
}

// setUp deals pack into g with the setup's core and rules, g's earlier
// state, if any, discarded: a game started anew.
func (g *salicLaw) setUp(c core, r *slRules, pack []Card) {
	*g = salicLaw{table: table{core: c}, r: r}
	g.lay.reset()
	k := 0
	for pack[k].Rank() != King {
		k++
	}
	g.lay.push(slKings, pack[k])
	g.nk = 1
	// The rest of the pack, pack[0] on top (loadPack without the king).
	for i := len(pack) - 1; i >= 0; i-- {
		if i != k {
			g.lay.push(slStock, pack[i])
		}
	}
	// The pack's rank hash serves only the search key: it is computed
	// when SearchKey first needs it and kept up to date from then on, so
	// a tournament's deals never pay for it.
	g.stale = true
	g.sync()
}

// Redeal starts g again on pack with the same setup (engine.Redealer).
func (g *salicLaw) Redeal(pack []Card) error {
	g.setUp(g.core, g.r, pack)
	return nil
}

// top returns the available card of packet p (not the king), or NoCard.
func (g *salicLaw) top(p int) Card {
	if g.lay.size(slKings+p) < 2 {
		return NoCard
	}
	return g.lay.top(slKings + p)
}

// height returns the height of foundation f (0 before its ace).
func (g *salicLaw) height(f int) int { return g.lay.size(slFound + f) }

// fillOpen reports whether the king-fill is allowed at this stage.
func (g *salicLaw) fillOpen() bool { return g.lay.empty(slStock) || g.r.anyTime }

// LegalMoves appends foundation plays, king fills and the next deal: the
// plays packet by packet (P0 first), each onto the foundations that take
// it (F0 first); the fills source by source (K0 first), each onto the bare
// kings (K0 first); the deal last.
func (g *salicLaw) LegalMoves(dst []Move) []Move {
	if g.ready != 0 { // most positions of the deal have no play
		dst = g.appendPlays(dst, g.ready, NoCard, NoCard, -1, -1)
	}
	if g.fillOpen() {
		bare := (uint8(1)<<g.nk - 1) &^ g.has // packets that may take a fill
		if g.r.once {
			bare &^= g.filled
		}
		if bare != 0 {
			for pm := g.deep; pm != 0; pm &= pm - 1 {
				p := bits.TrailingZeros8(pm)
				c := g.lay.top(slKings + p)
				for qm := bare; qm != 0; qm &= qm - 1 {
					dst = append(dst, Move{Kind: MoveFill, From: uint8(slKings + p), To: uint8(slKings + bits.TrailingZeros8(qm)), Card: c, Card2: NoCard, Rule: slRuleKingFill})
				}
			}
		}
	}
	if !g.lay.empty(slStock) {
		dst = append(dst, Move{Kind: MoveDeal, From: slStock, To: slKings + g.nk - 1, Card: NoCard, Card2: NoCard, Rule: slRuleDeal})
	}
	return dst
}

// appendPlays appends the foundation plays of the packets in ready (bit
// p), packet by packet, each onto the foundations that take its card,
// F0 first. The card of packet p is its top, except that packets p1 and
// p2 (-1: none) have cards c1 and c2 instead (the tops after a fill, see
// ProgressAfter).
func (g *salicLaw) appendPlays(dst []Move, ready uint8, c1, c2 Card, p1, p2 int) []Move {
	for m := ready; m != 0; m &= m - 1 {
		p := bits.TrailingZeros8(m)
		c := g.lay.top(slKings + p)
		switch p {
		case p1:
			c = c1
		case p2:
			c = c2
		}
		for fm := g.fw[c.Rank()&15]; fm != 0; fm &= fm - 1 {
			dst = append(dst, Move{Kind: MoveFoundation, From: uint8(slKings + p), To: uint8(slFound + bits.TrailingZeros8(fm)), Card: c, Card2: NoCard, Rule: slRuleII})
		}
	}
	return dst
}

// slFacts are the facts about the piles of Salic Law that the game keeps
// up to date move by move (sync computes them from the layout): the
// foundations that take each rank and which packets' cards they take.
// Cards lie on the packets (above their kings) only of ranks 2 to the
// jack: aces, queens and kings never do.
type slFacts struct {
	fw    [16]uint8 // fw[r]: the started foundations standing at r-1 (bit f), which take rank r
	want  uint16    // bit r: fw[r] != 0
	tops  [8]Rank   // the rank of packet p's available card, 0 when it has none
	pk    [16]uint8 // pk[r]: the packets whose available card has rank r (bit p; r > 0)
	has   uint8     // bit p: packet p holds a card on its king
	deep  uint8     // bit p: packet p holds two or more cards on its king
	ready uint8     // bit p: a foundation takes packet p's available card
}

// sync computes the facts (slFacts) from the layout.
func (g *salicLaw) sync() {
	g.slFacts = slFacts{}
	for f := 0; f < int(g.nf); f++ {
		if h := g.height(f); h < int(slTopRank) {
			g.fw[h+1] |= 1 << f
		}
	}
	for r := range g.fw {
		if g.fw[r] != 0 {
			g.want |= 1 << r
		}
	}
	for p := 0; p < 8; p++ {
		g.fixPacket(p)
	}
}

// fixPacket updates the facts of packet p after its cards changed.
func (g *salicLaw) fixPacket(p int) {
	n := g.lay.size(slKings + p)
	bit := uint8(1) << p
	g.has &^= bit
	g.deep &^= bit
	g.ready &^= bit
	g.pk[g.tops[p]&15] &^= bit
	g.tops[p] = 0
	if n < 2 {
		return
	}
	r := g.lay.top(slKings + p).Rank()
	g.tops[p] = r
	g.pk[r&15] |= bit
	g.has |= bit
	if n >= 3 {
		g.deep |= bit
	}
	if g.want>>(r&15)&1 != 0 {
		g.ready |= bit
	}
}

// cover updates the facts of packet p after a card of rank r was dealt
// on it (fixPacket for that case, without its branches).
func (g *salicLaw) cover(p int, r Rank) {
	bit := uint8(1) << p
	g.pk[g.tops[p]&15] &^= bit
	g.pk[r&15] |= bit
	g.tops[p] = r
	if g.has&bit != 0 {
		g.deep |= bit
	}
	g.has |= bit
	g.ready = g.ready&^bit | uint8(g.want>>(r&15)&1)<<p
}

// raise records that foundation f went from rank r-1 to r (r = 1: it was
// started by an ace): when no foundation takes rank r any more, the
// packets showing that rank are no longer ready; those showing rank r+1
// are.
func (g *salicLaw) raise(f int, r Rank) {
	bit := uint8(1) << f
	if r > 1 {
		if g.fw[r] &^= bit; g.fw[r] == 0 {
			g.want &^= 1 << r
			g.ready &^= g.pk[r]
		}
	}
	if r < slTopRank {
		g.fw[r+1] |= bit
		g.want |= 1 << (r + 1)
		g.ready |= g.pk[r+1]
	}
}

// progressMoves appends the foundation plays of the packets' tops, in the
// order LegalMoves lists them (ProgressMoves, see ProgressMover).
func (g *salicLaw) progressMoves(dst []Move) []Move {
	return g.appendPlays(dst, g.ready, NoCard, NoCard, -1, -1)
}

// ProgressAfter handles the king fills (see ProgressPeeker): a fill
// changes no foundation, only the tops of its two packets: the card
// beneath the moved one becomes the source's, the moved card the bare
// king's.
func (g *salicLaw) ProgressAfter(m Move, dst []Move) ([]Move, bool) {
	if m.Kind != MoveFill || g.Check(m) != nil {
		return dst, false
	}
	p, q := int(m.From)-slKings, int(m.To)-slKings
	c := m.Card
	under := g.lay.below[c] // a fill leaves the source a card on its king
	ready := g.ready &^ (1<<p | 1<<q)
	if g.want>>(under.Rank()&15)&1 != 0 {
		ready |= 1 << p
	}
	if g.want>>(c.Rank()&15)&1 != 0 {
		ready |= 1 << q
	}
	return g.appendPlays(dst, ready, under, c, p, q), true
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
		if g.lay.empty(slStock) {
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
		if g.height(f) != int(m.Card.Rank())-1 {
			return illegalf(m, "foundation %s needs rank %d", g.PileName(to), g.height(f)+1)
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
		if g.lay.size(to) != 1 {
			return illegalf(m, "%s is not a bare king", g.PileName(to))
		}
		if g.r.once && g.filled&(1<<(to-slKings)) != 0 {
			return illegalf(m, "%s has had its card (variant king-refill=once)", g.PileName(to))
		}
		if g.lay.size(from) < 3 {
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
	g.ApplyListed(&m)
	return nil
}

// ApplyListed performs m, which LegalMoves listed for the current state,
// without checking it again (engine.ListedApplier).
func (g *salicLaw) ApplyListed(m *Move) {
	switch m.Kind {
	case MoveDeal:
		c := g.lay.top(slStock)
		if !g.stale {
			g.stock.addValue(g.lay.size(slStock)-1, -uint64(c.Rank()))
		}
		switch c.Rank() {
		case King:
			g.lay.move(slStock, slKings+int(g.nk))
			g.nk++
		case Ace:
			g.lay.move(slStock, slFound+int(g.nf))
			g.raise(int(g.nf), Ace)
			g.nf++
			g.score++
		case Queen:
			g.lay.move(slStock, slQueens)
		default: // onto the last packet, whose available card it becomes
			p := int(g.nk) - 1
			g.lay.move(slStock, slKings+p)
			g.cover(p, c.Rank())
		}
	case MoveFoundation:
		g.lay.move(int(m.From), int(m.To))
		g.raise(int(m.To)-slFound, m.Card.Rank())
		g.fixPacket(int(m.From) - slKings) // after raise: with the new want
		g.score++
	case MoveFill:
		g.lay.move(int(m.From), int(m.To))
		g.filled |= 1 << (int(m.To) - slKings)
		g.fixPacket(int(m.From) - slKings)
		g.fixPacket(int(m.To) - slKings)
	}
}

// rehash recomputes the rank hash of the pack.
func (g *salicLaw) rehash() {
	g.stock = g.stockHash()
	g.stale = false
}

// stockHash computes the rank hash of the pack.
func (g *salicLaw) stockHash() faceHash {
	var h faceHash
	i := g.lay.size(slStock)
	for c := g.lay.top(slStock); c != NoCard; c = g.lay.below[c] {
		i--
		h.addValue(i, uint64(c.Rank()))
	}
	return h
}

// Ending: won when every foundation reaches the jack, stuck when no move
// is legal.
func (g *salicLaw) Ending() Ending {
	var buf [160]Move
	return ending(g.Won(), false, len(g.LegalMoves(buf[:0])) > 0)
}

func (g *salicLaw) Won() bool    { return int(g.score) == slTotal }
func (g *salicLaw) Score() int   { return int(g.score) }
func (g *salicLaw) Total() int   { return slTotal }
func (g *salicLaw) Redeals() int { return 0 }

// visibleCards adds the cards of every pile but the pack to set (see
// PileReader): once the pack is out and the piles hold the two decks,
// every card, without walking the piles (the greedy tie-break between
// king fills asks for them at every decision of the endgame).
func (g *salicLaw) visibleCards(set *[4]uint64) {
	n := 0
	for p := 0; p < slPiles; p++ {
		n += g.lay.size(p)
	}
	if !g.lay.empty(slStock) || n != packCards {
		g.lay.markPiles(set, slPiles, 1<<slStock)
		return
	}
	set[0] = ^uint64(0)
	set[1] |= 1<<(packCards-64) - 1
}

// Pile shows every pile but the pack.
func (g *salicLaw) Pile(dst []Card, i int) []Card {
	if i == slStock {
		return appendHidden(dst, g.lay.size(slStock))
	}
	return g.FullPile(dst, i)
}

// FullPile returns every card of pile i, bottom first.
func (g *salicLaw) FullPile(dst []Card, i int) []Card {
	if i < 0 || i >= slPiles {
		return dst
	}
	return g.lay.appendPile(dst, i)
}

// hashVisible mixes the part of the state every view shows: the
// foundations started and their heights (not which cards: suits do not
// matter there), the packets, the fills used (variant king-refill=once)
// and the queens set aside.
func (g *salicLaw) hashVisible() uint64 {
	var heights uint64
	for f := 0; f < 8; f++ {
		heights = heights<<4 | uint64(g.height(f))
	}
	w := heights | uint64(g.nf)<<32 | uint64(g.lay.size(slQueens))<<40
	if g.r.once {
		w |= uint64(g.filled) << 48
	}
	h := SplitMix64(w)
	for p := slKings; p < slKings+8; p++ {
		h = g.lay.mixPile(h, p)
	}
	return h
}

// Hash covers the visible state and the pack.
func (g *salicLaw) Hash() uint64 { return g.lay.mixPile(g.hashVisible(), slStock) }

// ViewHash is Hash with the pack reduced to its size.
func (g *salicLaw) ViewHash() uint64 {
	return SplitMix64(g.hashVisible() ^ uint64(g.lay.size(slStock)) ^ 0xFD<<8)
}

func (g *salicLaw) Clone() Game {
	c := *g
	return &c
}

// CopyFrom makes g a copy of src when src is a Salic Law game.
func (g *salicLaw) CopyFrom(src Game) bool { return copyState(g, src) }

// Determinize shuffles the pack.
func (g *salicLaw) Determinize(r *Rand) {
	g.lay.determinize(slStock, r)
	g.stale = true // the pack's rank hash; SearchKey recomputes it
}

func (g *salicLaw) status() string {
	return fmt.Sprintf("score %d/%d  stock %d", g.Score(), g.Total(), g.lay.size(slStock))
}

func (g *salicLaw) String() string { return renderGame(g, g.FullPile, g.status()) }

func (g *salicLaw) View() string { return renderGame(g, g.Pile, g.status()) }

// Search hooks (SearchHooks): see salicLawSearch.

// packetKey returns the key of packet p: two words, the first an exact
// encoding when the packet holds at most 14 cards on its king (a flag, the
// fill mark, the count and 4 bits a rank), else a hash of its ranks with
// the top bit set, the second word a second hash then.
func (g *salicLaw) packetKey(p int) (uint64, uint64) {
	if p >= int(g.nk) {
		return 0, 0
	}
	n := g.lay.size(slKings+p) - 1
	mark := uint64(0)
	if g.r.once && g.filled&(1<<p) != 0 {
		mark = 1
	}
	if n <= 14 {
		w := 1 | mark<<1 | uint64(n)<<2
		i := 6
		for c := g.lay.top(slKings + p); i < 6+4*n; c = g.lay.below[c] {
			w |= uint64(c.Rank()) << i
			i += 4
		}
		return w, 0
	}
	var h faceHash
	i := 0
	for c := g.lay.top(slKings + p); i < n; c = g.lay.below[c] {
		h.addValue(i, uint64(c.Rank()))
		i++
	}
	return h[0] | 1<<63, h[1] ^ mark ^ uint64(n)<<56
}

// SearchKey returns the canonical key described in salicLawSearch.
func (g *salicLaw) SearchKey() Key {
	var heights [8]uint64
	for f := range heights {
		heights[f] = uint64(g.height(f))
	}
	sortWords(heights[:])
	var hw uint64
	for _, h := range heights {
		hw = hw<<4 | h
	}
	var a, b [8]uint64
	for p := 0; p < 8; p++ {
		a[p], b[p] = g.packetKey(p)
	}
	k := newKeyHash(0x534C) // "SL"
	last := -1
	if !g.lay.empty(slStock) {
		last = int(g.nk) - 1 // the dealt cards go on it: it keeps its place
		k.word(a[last])
		k.word(b[last])
		a[last], b[last] = 0, 0
	}
	sortPairs(a[:], b[:])
	k.word(hw | uint64(g.lay.size(slStock))<<32 | uint64(g.nk)<<40 | uint64(last+1)<<48)
	for p := range a {
		k.word(a[p])
		if a[p]>>63 != 0 {
			k.word(b[p])
		}
	}
	if g.stale {
		// Computed once, then kept up to date by Apply (a cache: the key
		// and every other view of the state are as before).
		g.rehash()
	}
	k.word(g.stock[0])
	k.word(g.stock[1])
	return k.sum()
}

// sortPairs sorts the pairs (a[i], b[i]) by a, then b (insertion sort).
func sortPairs(a, b []uint64) {
	for i := 1; i < len(a); i++ {
		for j := i; j > 0 && (a[j] < a[j-1] || a[j] == a[j-1] && b[j] < b[j-1]); j-- {
			a[j], a[j-1] = a[j-1], a[j]
			b[j], b[j-1] = b[j-1], b[j]
		}
	}
}

// SafeMove returns, once the deal is ended, the first move of the win the
// endgame evaluation (slEnd) finds, or else a foundation play of a card of
// rank r when at least as many foundations stand at r-1 as there are cards
// of rank r that could be played before it: the card itself and the others
// not yet home, except those lying under it in its packet (see
// salicLawSearch); or -1.
func (g *salicLaw) SafeMove(legal []Move) int {
	if g.lay.empty(slStock) {
		if v, first := slEndgame(g, true); v == slEndWon {
			if i := first.find(legal); i >= 0 {
				return i
			}
		}
	}
	var at, atLeast [NumRanks + 2]int // foundations at exactly h, at h or higher
	for f := 0; f < 8; f++ {
		at[g.height(f)]++
	}
	for h := NumRanks; h >= 0; h-- {
		atLeast[h] = atLeast[h+1] + at[h]
	}
	for i, m := range legal {
		if m.Kind != MoveFoundation {
			continue
		}
		r := m.Card.Rank()
		rivals := 8 - atLeast[r] // cards of rank r not home, c among them
		if at[r-1] < rivals {
			for c := g.lay.below[m.Card]; c != NoCard; c = g.lay.below[c] {
				if c.Rank() == r {
					rivals--
				}
			}
		}
		if at[r-1] >= rivals {
			return i
		}
	}
	return -1
}

// OrderMoves orders the moves for a search. During the deal: plays from
// the dealing packet (the next card would cover them), the deal, fills
// (variant king-fill=any-time), then plays from the other packets, whose
// tops stay available (nothing is dealt on them), so that a play that
// can wait is tried after the one that cannot. After the deal: plays,
// then fills.
func (g *salicLaw) OrderMoves(moves []Move) {
	last := slKings + int(g.nk) - 1
	dealing := !g.lay.empty(slStock)
	rank := func(m Move) int {
		switch m.Kind {
		case MoveFoundation:
			if !dealing || int(m.From) == last {
				return 0
			}
			return 3
		case MoveFill:
			return 2
		}
		return 1
	}
	for i := 1; i < len(moves); i++ {
		for j := i; j > 0 && rank(moves[j]) < rank(moves[j-1]); j-- {
			moves[j], moves[j-1] = moves[j-1], moves[j]
		}
	}
}

// DeadEnd reports, once the deal is ended, a position the relaxed test
// (deadRelaxed) or the endgame evaluation (slEnd) proves lost (see
// salicLawSearch).
func (g *salicLaw) DeadEnd() bool {
	if !g.lay.empty(slStock) {
		return false
	}
	if g.deadRelaxed() {
		return true
	}
	v, _ := slEndgame(g, false)
	return v == slEndLost
}

// deadRelaxed reports, once the deal is ended, that no card of the lowest
// rank r the foundations need can ever be played home: R, the ranks that
// could be played before the first card of rank r, is grown to its fixed
// point (a rank joins R when a foundation could reach the rank below it and
// a copy lies under no more cards outside R than there are kings that
// could hold them), and then no copy of rank r lies so (see
// salicLawSearch).
func (g *salicLaw) deadRelaxed() bool {
	low := int(slTopRank)
	for f := 0; f < int(g.nf); f++ {
		low = min(low, g.height(f))
	}
	if low == int(slTopRank) {
		return false
	}
	r := Rank(low + 1)
	var inR, cand uint16 // bit s: rank s is in R; a foundation could take rank s
	for f := 0; f < int(g.nf); f++ {
		if h := g.height(f); h > low && h < int(slTopRank) {
			cand |= 1 << (h + 1)
		}
	}
	// room[s]: the foundations above the lowest height that could take a
	// card of rank s before the first card of rank r goes home (each takes
	// one of each rank above its height).
	var room [NumRanks + 2]uint8
	for f := 0; f < int(g.nf); f++ {
		if h := g.height(f); h > low {
			for s := h + 1; s <= int(slTopRank); s++ {
				room[s]++
			}
		}
	}
	for {
		holders := g.slHolders(inR)
		all := g.slReachable(inR, &room, holders)
		if all&(1<<r) != 0 {
			return false // R only grows, and with it what is reachable
		}
		reach := all & cand &^ inR
		if reach == 0 {
			return true
		}
		inR |= reach
		cand |= reach << 1 & (1<<(slTopRank+1) - 1)
	}
}

// slHolders counts the kings that could hold a card whose rank is not in
// inR before the first such card goes home: bare now, or bared later with
// no such card of their own to place (a packet with k of them frees one
// king for the k it needs), and not barred by variant king-refill=once.
func (g *salicLaw) slHolders(inR uint16) int {
	holders := 0
	for q := 0; q < int(g.nk); q++ {
		if g.r.once && g.filled&(1<<q) != 0 {
			continue
		}
		free := true
		c := g.lay.top(slKings + q)
		for i := g.lay.size(slKings+q) - 1; i > 0 && free; i, c = i-1, g.lay.below[c] {
			free = inR&(1<<c.Rank()) != 0
		}
		if free {
			holders++
		}
	}
	return holders
}

// slReachable returns the ranks (bit s for rank s) of the cards that lie
// under at most holders cards that must wait on a king: those whose rank
// is not in inR, and of each rank s in inR those beyond the room[s] that
// the foundations could take.
func (g *salicLaw) slReachable(inR uint16, room *[NumRanks + 2]uint8, holders int) uint16 {
	var reach uint16
	for p := 0; p < int(g.nk); p++ {
		need := 0
		var above [NumRanks + 2]uint8 // cards of each rank seen above
		c := g.lay.top(slKings + p)
		for i := g.lay.size(slKings+p) - 1; i > 0 && need <= holders; i, c = i-1, g.lay.below[c] {
			s := c.Rank()
			reach |= 1 << s
			if above[s]++; inR&(1<<s) == 0 || above[s] > room[s] {
				need++
			}
		}
	}
	return reach
}

// VisibleCards adds the cards of every pile but the stock to set (see
// PileReader and salicLaw.visibleCards).
func (g *salicLaw) VisibleCards(set *[4]uint64) { g.visibleCards(set) }
