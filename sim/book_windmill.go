// The book's advice for the windmill: see bookAdvice in book.go.

package sim

import "github.com/pasyans/pasyans/engine"

// windmill: S1 talon before wings; S2 transfers only with immediate use.
//
// The Mill lists its foundation plays before every other move, those of
// the wings before those of the talon (engine's LegalMoves, an order the
// rows depend on anyway): when the first move is no foundation play,
// there is none (and no other progress move), and a talon play listed
// first has no wing play after it. So the first move tells whether S1 may
// apply and whether greedy plays a progress move; only S2 reads on.
func (p *bookPlayer) windmill(g engine.Game, legal []engine.Move) (int, engine.RuleID) {
	if len(legal) > 0 && kindClass[legal[0].Kind] == classProgress {
		return p.windmillS1(legal)
	}
	if !p.on("windmill/S2") || !hasKind(legal, engine.MoveTransfer) {
		return -1, ""
	}
	return p.windmillTransfers(g, legal)
}

// windmillDecide is bookPlayer.decide for the windmill (the advice of
// windmill) without what most of its decisions do not need: the moves
// greedy would pick at once without recording anything (bookPlayer.decide
// returns an advice's pick as it stands) are picked here, the first
// progress move (greedy's first priority) and a lone move that is not a
// tableau move (the draw of nearly half the Mill's decisions), with no
// advice; the probe is reset and the banned moves cleared only for
// windmill/S2, the one advice that bans moves or may probe
// (bookGame.probes is off).
func (p *bookPlayer) windmillDecide(g engine.Game, legal []engine.Move) (int, engine.RuleID) {
	if len(legal) > 0 {
		m := &legal[0]
		if kindClass[m.Kind] == classProgress {
			return p.windmillS1(legal)
		}
		if len(legal) == 1 && !isTableau(m.Kind) {
			return 0, ""
		}
	}
	if !p.on("windmill/S2") || !hasKind(legal, engine.MoveTransfer) {
		return p.choose(g, legal, nil), ""
	}
	p.probe.reset(g)
	if cap(p.banned) < len(legal) {
		p.banned = make([]bool, len(legal))
	}
	p.banned = p.banned[:len(legal)]
	clear(p.banned)
	if pick, adv := p.windmillTransfers(g, legal); pick >= 0 {
		if !p.acyclic { // (the Mill is engine.Acyclic: see greedyPlayer)
			p.played(g.ViewHash(), legal[pick]) // a transfer: a tableau move
		}
		return pick, adv
	}
	for _, b := range p.banned {
		if !b {
			return p.choose(g, legal, p.banned), "windmill/S2"
		}
	}
	return p.choose(g, legal, nil), ""
}

// windmillS1 applies windmill/S1 to legal, whose first move is a progress
// move (see windmill): the first foundation play from the talon when the
// first move is a play from a wing, else that first move (greedy's pick)
// with no advice.
func (p *bookPlayer) windmillS1(legal []engine.Move) (int, engine.RuleID) {
	if m := &legal[0]; m.Kind == engine.MoveFoundation && p.layoutPile(m.From) && p.on("windmill/S1") {
		for i := 1; i < len(legal) && legal[i].Kind == engine.MoveFoundation; i++ {
			if p.kind(legal[i].From) == engine.PileTalon {
				return i, "windmill/S1"
			}
		}
	}
	return 0, ""
}

// windmillTransfers applies windmill/S2 (no progress move is legal): the
// first transfer after which a foundation play of a wing or talon card the
// player saw is open, the others banned. The plays are counted by the
// game where it counts them (engine.ProgressCounter: the probe's count,
// and every foundation play of the Mill is one of a wing or talon card),
// without a copy; else each transfer is tried on the probe's copy (reset
// to g), which lists the foundation plays after it (the game's
// engine.ProgressMover where it has one, else every legal move). Either
// way the book keeps for nextLegal what greedy's tie-break would (the
// moves after the transfer only when the probe listed them all), so the
// play is the same with and without the count (TestCountedChoices).
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
			for _, n := range p.probe.progressMovesAfter(c) {
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
