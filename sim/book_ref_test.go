package sim

import "github.com/pasyans/pasyans/engine"

// The advice code of napoleon and salic-law as it was before it was made
// faster (main 7432592, sim/book.go), kept as the reference the tests
// compare the new code with (TestBookNapoleonReference,
// TestBookSalicLawReference). napoleonRef counts the crossed pairs from the
// piles (crossings) at every decision, as the old code did for the
// columns its cache could not read.

// napoleonRef is the old napoleon advice.
func (p *bookPlayer) napoleonRef(g engine.Game, legal []engine.Move) (int, engine.RuleID) {
	colPair := false
	for _, m := range legal {
		if m.Kind == engine.MovePair && m.Rule != "napoleon/reserve" {
			colPair = true
			break
		}
	}
	adv := engine.RuleID("")
	if colPair && p.on("napoleon/S3") {
		for i, m := range legal {
			if m.Rule == "napoleon/reserve" {
				p.banned[i] = true
				adv = "napoleon/S3"
			}
		}
	}
	if pick := p.napoleonTriplesRef(legal); pick >= 0 {
		return pick, "napoleon/S2"
	}
	if !p.on("napoleon/S1") {
		return -1, adv
	}
	p.cross.read(g, p.kinds)
	if before := p.cross.count(-1, -1); before > 0 {
		best, bestGain := -1, 0
		for i, m := range legal {
			if p.banned[i] || m.Kind != engine.MovePair {
				continue
			}
			if gain := before - p.cross.count(p.cross.column(m.From), p.cross.column(m.To)); gain > bestGain {
				best, bestGain = i, gain
			}
		}
		if best >= 0 {
			return best, "napoleon/S1"
		}
	}
	return -1, adv
}

// napoleonTriplesRef is the old napoleonTriples: it applies napoleon/S2: of the allowed pairs of a rank
// with three or more exposed cards, the index of the one after which most
// pairs are open, or -1 (also when S2 is off).
func (p *bookPlayer) napoleonTriplesRef(legal []engine.Move) int {
	if !p.on("napoleon/S2") {
		return -1
	}
	// Three exposed cards of a rank make three pair moves: with fewer
	// pair moves allowed there is nothing to count.
	pairs := 0
	for i := range legal {
		if !p.banned[i] && legal[i].Kind == engine.MovePair {
			pairs++
		}
	}
	if pairs < 3 {
		return -1
	}
	var exposed [engine.NumRanks + 1]int
	for i, m := range legal {
		if p.banned[i] || m.Kind != engine.MovePair {
			continue
		}
		exposed[m.Card.Rank()]++
	}
	best, bestN := -1, -1
	for i, m := range legal {
		if p.banned[i] || m.Kind != engine.MovePair || exposed[m.Card.Rank()] < 3 {
			continue // three exposed cards of a rank make three pair moves
		}
		if n := p.probe.progressAt(i, m); n > bestN {
			best, bestN = i, n
			p.probe.keep(m)
		}
	}
	return best
}

// salicLawRef is the old salic-law advice.
func (p *bookPlayer) salicLawRef(g engine.Game, legal []engine.Move) (int, engine.RuleID) {
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

// windmillRef is the windmill advice before it was made faster (main
// 50d7fda, sim/book_windmill.go): it classifies the moves in three passes
// and tries each transfer on the probe's copy, listing every move after it.
func (p *bookPlayer) windmillRef(g engine.Game, legal []engine.Move) (int, engine.RuleID) {
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
