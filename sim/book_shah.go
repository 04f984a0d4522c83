// The book's advice for the shah: see bookAdvice in book.go.

package sim

import "github.com/pasyans/pasyans/engine"

// shahS2 is the Shah's advice (a constant: a string compare per decision
// is cheaper with it than with a literal).
const shahS2 engine.RuleID = "shah/S2"

// shahDecide is bookPlayer.decide for the Shah without what its advice
// does not use: the advice picks no move and probes no copy, so the probe
// is not reset to g (greedy's tie-break resets it when a count needs it),
// and the facts the advice reads come from the game in two calls at most
// (engine.ShahFacts): shah/S2 applies when DrawDistance() > 2, and then
// bans the moves banVacancies finds. A game without them gets the
// generic decision (decide, with shah).
//
// shah applies when the draw is legal and neededSoon(t) is false for the
// talon top t, which is DrawDistance() > 2: a foundation whose top has
// rank h < t's needs t.Rank()-h-1 cards before t, and t.Rank()-h is 1, 2
// or 3 exactly when that is 0, 1 or 2. Every foundation of the Shah holds
// its ace from the start (none is empty, as neededSoon skips), and a
// complete one (a queen on top) would take a king, which never reaches
// the talon; an empty talon is not needed (12). TestBookShahReaders
// checks the two alike at every decision of the book's play of every
// variant.
func (p *bookPlayer) shahDecide(g engine.Game, legal []engine.Move) (int, engine.RuleID) {
	// A lone move that is not a tableau move (a fifth of the decisions:
	// mostly a draw) is chosen whatever the advice says: shah/S2 bans
	// nothing then or, banning all, leaves greedy to choose among all,
	// and greedy's choice of it leaves nothing behind (choose remembers
	// the view of tableau moves only).
	if len(legal) == 1 && !isTableau(legal[0].Kind) {
		return 0, ""
	}
	r, ok := g.(engine.ShahFacts)
	if !ok {
		return p.decide(g, legal)
	}
	n := 0
	if p.on(shahS2) && r.DrawDistance() > 2 {
		n = p.banVacancies(r, legal)
	}
	// Greedy's first rule, the first play not banned, at once when it is
	// the first move: the Shah lists its plays first, and greedy's choice
	// of a play leaves nothing behind.
	if legal[0].Kind == engine.MoveFoundation {
		if n == 0 {
			return 0, ""
		}
		if !p.banned[0] {
			return 0, shahS2
		}
	}
	if n > 0 && n < len(legal) {
		return p.choose(g, legal, p.banned), shahS2
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

// banVacancies bans the moves shah bans once it applies (see shahDecide):
// the plays and marriages from a layout pile of one card, those from the
// piles of Emptying, so most decisions (none) read no move. It returns how
// many moves of legal it bans, and when that is not 0 p.banned holds them
// (sized to legal), as shah sets it.
func (p *bookPlayer) banVacancies(r engine.ShahFacts, legal []engine.Move) int {
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
