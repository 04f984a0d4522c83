// The book's advice for the windmill: see bookAdvice in book.go.

package sim

import "github.com/pasyans/pasyans/engine"

// windmill: S1 talon before wings; S2 transfers only with immediate use.
func (p *bookPlayer) windmill(g engine.Game, legal []engine.Move) (int, engine.RuleID) {
	talon, wing := -1, -1
	for i, m := range legal {
		if m.Kind != engine.MoveFoundation {
			continue
		}
		switch {
		case p.kind(m.From) == engine.PileTalon:
			if talon < 0 {
				talon = i
			}
		case p.layoutPile(m.From):
			if wing < 0 {
				wing = i
			}
		}
	}
	if talon >= 0 && wing >= 0 && p.on("windmill/S1") {
		return talon, "windmill/S1"
	}
	if !p.on("windmill/S2") || firstProgress(legal) >= 0 || !hasKind(legal, engine.MoveTransfer) {
		return -1, ""
	}
	for i, m := range legal {
		if m.Kind != engine.MoveTransfer {
			continue
		}
		c := p.probe.after(m)
		useful := false
		if c != nil {
			for _, n := range p.probe.legalAfter(c) {
				if n.Kind == engine.MoveFoundation && (p.kind(n.From) == engine.PileTalon || p.layoutPile(n.From)) && p.probe.fair(c, n) {
					useful = true
					break
				}
			}
		}
		if useful {
			p.probe.keep(m)
			return i, "windmill/S2"
		}
		p.banned[i] = true
	}
	return -1, "windmill/S2"
}
