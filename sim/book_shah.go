// The book's advice for the shah: see bookAdvice in book.go.

package sim

import "github.com/pasyans/pasyans/engine"

// shahS2 is the Shah's advice (a constant: a string compare per decision
// is cheaper with it than with a literal).
const shahS2 engine.RuleID = "shah/S2"

// shahDecide is bookPlayer.decide for the Shah without what its advice
// does not use: the advice picks no move and probes no copy, so the probe
// is not reset to g (greedy's tie-break resets it when a count needs it),
// and the facts the advice reads come from the game in a few calls
// (shahFactsReader, waitForNeeded). A game without them gets the generic
// decision (decide, with shah).
func (p *bookPlayer) shahDecide(g engine.Game, legal []engine.Move) (int, engine.RuleID) {
	r, ok := g.(shahFactsReader)
	if !ok || p.talon < 0 {
		return p.decide(g, legal)
	}
	if p.on(shahS2) {
		if n := p.waitForNeeded(r, legal); n > 0 && n < len(legal) {
			return p.choose(g, legal, p.banned), shahS2
		}
	}
	return p.choose(g, legal, nil), ""
}

// shah: S2 control when vacancies open.
func (p *bookPlayer) shah(g engine.Game, legal []engine.Move) (int, engine.RuleID) {
	if !p.on(shahS2) || !hasKind(legal, engine.MoveDraw) {
		return -1, ""
	}
	t := p.talonTop(g)
	if t != engine.NoCard && p.neededSoon(g, t) {
		return -1, ""
	}
	adv := engine.RuleID("")
	for i, m := range legal {
		if (m.Kind == engine.MoveFoundation || m.Kind == engine.MoveBuild) && p.layoutPile(m.From) && p.pileLen(g, m.From) == 1 {
			p.banned[i] = true
			adv = shahS2
		}
	}
	return -1, adv
}

// neededSoon reports whether c is within three ranks above the top of a
// foundation of its suit.
func (p *bookPlayer) neededSoon(g engine.Game, c engine.Card) bool {
	for _, i := range p.founds {
		t := p.top(g, i)
		if t.Valid() && t.Suit() == c.Suit() && c.Rank() > t.Rank() && c.Rank()-t.Rank() <= 3 {
			return true
		}
	}
	return false
}

// shahFactsReader is implemented by the Shah (engine.shah.CanDraw,
// FoundationWants and Emptying): whether the draw is legal and what its
// foundations take next, kept by the engine, and the places its plays and
// marriages would leave empty, read from what it keeps; and its piles.
type shahFactsReader interface {
	engine.PileReader
	// CanDraw reports whether LegalMoves lists a draw (MoveDraw).
	CanDraw() bool
	// FoundationWants returns bit 16 × suit + rank for each card a
	// foundation takes next.
	FoundationWants() uint64
	// Emptying returns bit p for each pile p below 32 from which a
	// listed play (MoveFoundation) or marriage (MoveBuild) takes the
	// pile's only card. (No such move takes a card from a layout pile of
	// 32 or beyond: the Shah's are its star places, piles 0–23.)
	Emptying() uint32
}

// waitForNeeded is shah (shah/S2) with the facts read from r in a few
// calls instead of a look for the draw among the moves and a PileReader
// assertion and call per foundation and per source pile: it returns how
// many moves of legal the advice bans, and when that is not 0 p.banned
// holds them (sized to legal), as shah sets it. TestBookShahReaders checks
// the two alike at every decision of the book's play of every variant.
//
// neededSoon(t) is a test of FoundationWants: a foundation whose top has
// rank h takes rank h+1 next, and t.Rank()-h is 1, 2 or 3 exactly when
// that next rank is t's or one or two below it: the bits of the keys
// key(t)-2 … key(t) (ranks below the ace have no card, so no bit). Every
// foundation of the Shah holds its ace from the start (none is empty, as
// neededSoon skips), and a complete one (a queen on top), which
// FoundationWants leaves out, would take a king, which never reaches the
// talon; so the test is neededSoon's.
//
// The moves shah bans are the plays and marriages from a layout pile of
// one card: those from the piles of Emptying, so most decisions (none)
// read no move.
func (p *bookPlayer) waitForNeeded(r shahFactsReader, legal []engine.Move) int {
	if !r.CanDraw() {
		return 0
	}
	if t := r.PileTop(p.talon); t != engine.NoCard {
		key := uint(16*int(t.Suit())+int(t.Rank())) & 63
		if r.FoundationWants()<<2>>key&7 != 0 { // bits key-2 … key
			return 0
		}
	}
	from := r.Emptying() & p.layout32
	if from == 0 {
		return 0
	}
	if cap(p.banned) < len(legal) {
		p.banned = make([]bool, len(legal))
	}
	p.banned = p.banned[:len(legal)]
	clear(p.banned)
	n := 0
	for i := range legal {
		m := &legal[i]
		if (m.Kind == engine.MoveFoundation || m.Kind == engine.MoveBuild) && m.From < 32 && from>>m.From&1 != 0 {
			p.banned[i] = true
			n++
		}
	}
	return n
}
