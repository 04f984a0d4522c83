// The book's advice for the shah: see bookAdvice in book.go.

package sim

import "github.com/pasyans/pasyans/engine"

// shah: S2 control when vacancies open.
func (p *bookPlayer) shah(g engine.Game, legal []engine.Move) (int, engine.RuleID) {
	if !p.on("shah/S2") || !hasKind(legal, engine.MoveDraw) {
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
			adv = "shah/S2"
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
