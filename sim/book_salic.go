package sim

import "github.com/pasyans/pasyans/engine"

// salicLaw: S3 best king fill; S2 strip a king bare.
func (p *bookPlayer) salicLaw(g engine.Game, legal []engine.Move) (int, engine.RuleID) {
	if p.on("salic-law/S3") && hasKind(legal, engine.MoveFill) && firstProgress(legal) < 0 {
		best, bestN := -1, -1
		for i, m := range legal {
			if m.Kind != engine.MoveFill {
				continue
			}
			if n := p.probe.progressAt(i, m); n > bestN {
				best, bestN = i, n
				p.probe.keep(m)
			}
		}
		if best >= 0 {
			return best, "salic-law/S3"
		}
	}
	if !p.on("salic-law/S2") {
		return -1, ""
	}
	best, bestLen, count := -1, 1<<30, 0
	for i, m := range legal {
		if m.Kind != engine.MoveFoundation || !p.layoutPile(m.From) {
			continue
		}
		count++
		if l := p.pileLen(g, m.From); l < bestLen {
			best, bestLen = i, l
		}
	}
	if count > 1 && best >= 0 {
		return best, "salic-law/S2"
	}
	return -1, ""
}
