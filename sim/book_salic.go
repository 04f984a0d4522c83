package sim

import "github.com/pasyans/pasyans/engine"

// salicLaw: S3 best king fill; S2 strip a king bare.
//
// A first pass over the moves only notes their kinds (no branch per move),
// and S3 and S2 read the moves again only when their kinds are listed. The
// two advice never both apply: S3 only when no progress move is listed, S2
// only when two foundation plays are.
//
// Its entry in bookAdvice does not memoize probe counts (probes): the
// memo pays only when greedy's tie-break probes a state the advice
// probed, and S3, the only advice that probes, decides every position it
// probes (a fill listed can always be made).
func (p *bookPlayer) salicLaw(g engine.Game, legal []engine.Move) (int, engine.RuleID) {
	var kinds uint64 // bit k: a move of kind k is listed
	for i := range legal {
		kinds |= 1 << (legal[i].Kind & 63)
	}
	progress := kinds&(1<<engine.MoveFoundation|1<<engine.MovePair) != 0
	if !progress && kinds>>engine.MoveFill&1 != 0 && p.on("salic-law/S3") {
		best, bestN := -1, -1
		for i := range legal {
			m := &legal[i]
			if m.Kind != engine.MoveFill {
				continue
			}
			if n := p.probe.progressAt(i, *m); n > bestN {
				best, bestN = i, n
				p.probe.keep(*m)
			}
		}
		if best >= 0 {
			return best, "salic-law/S3"
		}
	}
	if kinds>>engine.MoveFoundation&1 == 0 || !p.on("salic-law/S2") {
		return -1, ""
	}
	best, bestLen, count := -1, 1<<30, 0
	for i := range legal {
		m := &legal[i]
		if m.Kind != engine.MoveFoundation || !p.layoutPile(m.From) {
			continue
		}
		count++
		l := g.PileLen(int(m.From))
		if l < bestLen {
			best, bestLen = i, l
		}
	}
	if count > 1 && best >= 0 {
		return best, "salic-law/S2"
	}
	return -1, ""
}
