// The book's advice for the four corners: see bookAdvice in book.go.

package sim

import "github.com/pasyans/pasyans/engine"

// fourCorners: S2, marriages only when they free suitable cards.
func (p *bookPlayer) fourCorners(g engine.Game, legal []engine.Move) (int, engine.RuleID) {
	if !p.on("four-corners/S2") || firstProgress(legal) >= 0 || !hasKind(legal, engine.MoveBuild) {
		return -1, ""
	}
	best, bestN := -1, 0
	for i, m := range legal {
		if m.Kind != engine.MoveBuild {
			continue
		}
		if n := p.probe.progressAt(i, m); n > bestN {
			best, bestN = i, n
			p.probe.keep(m)
		}
		p.banned[i] = true
	}
	if best >= 0 {
		return best, "four-corners/S2"
	}
	return -1, "four-corners/S2"
}
