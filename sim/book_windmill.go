// The book's advice for the windmill: see bookAdvice in book.go.

package sim

import "github.com/pasyans/pasyans/engine"

// windmill: S1 talon before wings; S2 transfers only with immediate use.
func (p *bookPlayer) windmill(g engine.Game, legal []engine.Move) (int, engine.RuleID) {
	pick, adv, s2 := p.windmillPlays(legal)
	if !s2 {
		return pick, adv
	}
	return p.windmillTransfers(g, legal)
}

// windmillDecide is bookPlayer.decide for the windmill without what its
// advice does not need at most decisions: the probe is reset and the
// banned moves cleared only for windmill/S2, the one advice that bans
// moves or may probe (bookGame.probes is off).
func (p *bookPlayer) windmillDecide(g engine.Game, legal []engine.Move) (int, engine.RuleID) {
	pick, adv, s2 := p.windmillPlays(legal)
	if s2 {
		p.probe.reset(g)
		if cap(p.banned) < len(legal) {
			p.banned = make([]bool, len(legal))
		}
		p.banned = p.banned[:len(legal)]
		clear(p.banned)
		pick, adv = p.windmillTransfers(g, legal)
	}
	if pick >= 0 {
		if isTableau(legal[pick].Kind) {
			p.played(g.ViewHash(), legal[pick])
		}
		return pick, adv
	}
	if adv != "" { // windmill/S2 banned some transfers
		for _, b := range p.banned {
			if !b {
				return p.choose(g, legal, p.banned), adv
			}
		}
	}
	return p.choose(g, legal, nil), ""
}

// windmillPlays applies windmill/S1 to legal in one pass over the moves
// (read in place): the first foundation play from the talon when one from
// a wing is open too. It also returns the moves greedy would pick at once
// without recording anything (bookPlayer.decide returns an advice's pick
// as it stands): the first progress move when there is one (greedy's
// first priority), and a lone move that is not a tableau move (the draw
// of most of the Mill's decisions), each with no advice. Else it returns
// -1, and s2 when windmill/S2 must judge the transfers (no progress move,
// a transfer legal, S2 on); otherwise greedy decides.
func (p *bookPlayer) windmillPlays(legal []engine.Move) (pick int, adv engine.RuleID, s2 bool) {
	talon, wing, progress := -1, -1, -1
	transfer := false
	for i := range legal {
		m := &legal[i]
		switch m.Kind {
		case engine.MoveFoundation:
			if progress < 0 {
				progress = i
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
		case engine.MovePair:
			if progress < 0 {
				progress = i
			}
		case engine.MoveTransfer:
			transfer = true
		}
	}
	switch {
	case talon >= 0 && wing >= 0 && p.on("windmill/S1"):
		return talon, "windmill/S1", false
	case progress >= 0:
		return progress, "", false
	case transfer && p.on("windmill/S2"):
		return -1, "", true
	case len(legal) == 1 && !isTableau(legal[0].Kind):
		return 0, "", false
	}
	return -1, "", false
}

// windmillTransfers applies windmill/S2 (no progress move is legal): the
// first transfer after which a foundation play of a wing or talon card the
// player saw is open, the others banned. The plays are counted by the
// game where it counts them (engine.ProgressCounter: the probe's count,
// and every foundation play of the Mill is one of a wing or talon card),
// without a copy, and then nothing is kept for nextLegal; else each
// transfer is tried on the probe's copy (reset to g).
func (p *bookPlayer) windmillTransfers(g engine.Game, legal []engine.Move) (int, engine.RuleID) {
	counter, _ := g.(engine.ProgressCounter)
	for i := range legal {
		m := &legal[i]
		if m.Kind != engine.MoveTransfer {
			continue
		}
		if counter != nil {
			if n, ok := counter.ProgressCountAfter(m); ok {
				if n > 0 {
					return i, "windmill/S2"
				}
				p.banned[i] = true
				continue
			}
		}
		c := p.probe.after(*m)
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
			p.probe.keep(*m)
			return i, "windmill/S2"
		}
		p.banned[i] = true
	}
	return -1, "windmill/S2"
}
