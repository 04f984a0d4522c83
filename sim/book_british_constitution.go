// The book's advice for the british constitution: see bookAdvice in book.go.

package sim

import "github.com/pasyans/pasyans/engine"

// britishConstitution: S1 best refill; S2 postpone opening vacancies.
func (p *bookPlayer) britishConstitution(g engine.Game, legal []engine.Move) (int, engine.RuleID) {
	// One pass over the moves finds what both advice ask for (the
	// moves are read in place, as greedy reads them).
	var kinds uint64 // bit k: a move of kind k is legal (no branch per move)
	for i := range legal {
		kinds |= 1 << (legal[i].Kind & 63)
	}
	fill := kinds>>engine.MoveFill&1 != 0
	draw := kinds>>engine.MoveDraw&1 != 0
	progress := kinds&(1<<engine.MoveFoundation|1<<engine.MovePair) != 0
	if fill && p.on("british-constitution/S1") {
		if best := p.bestRefill(g, legal); best >= 0 {
			return best, "british-constitution/S1"
		}
	}
	if progress || !draw || !p.on("british-constitution/S2") {
		return -1, ""
	}
	if sr, ok := g.(singlesReader); ok && p.talon >= 0 {
		if r, ok := g.(engine.PileReader); ok {
			return p.postponeVacancies(sr, r, legal)
		}
	}
	t := p.talonTop(g)
	if t != engine.NoCard && p.buildableAbovePeople(g, t) {
		return -1, ""
	}
	for i := range legal {
		m := &legal[i]
		if m.Kind == engine.MoveBuild && p.layoutPile(m.From) && p.pileLen(g, m.From) == 1 {
			p.banned[i] = true
		}
	}
	return -1, "british-constitution/S2"
}

// bestRefill applies british-constitution/S1 in g (the state the probe was
// reset to): the index of the fill of legal after which most foundation
// plays (4 each) and builds (1 each) are open, counting only moves of cards
// the player saw before it, the first listed on ties; -1 if no fill can be
// made.
func (p *bookPlayer) bestRefill(g engine.Game, legal []engine.Move) int {
	// The same score without a copy where the game counts it (see
	// openingsPeeker); nothing is kept for nextLegal then, and the play
	// loop lists the moves after the chosen fill itself.
	p.openings = p.openings[:0]
	if op, ok := g.(openingsPeeker); ok {
		p.openings = op.OpeningsAfter(legal, p.openings)
	}
	best, bestScore := -1, -1
	for i := range legal {
		if legal[i].Kind != engine.MoveFill {
			continue
		}
		if i < len(p.openings) && p.openings[i].OK {
			if score := 4*p.openings[i].Plays + p.openings[i].Builds; score > bestScore {
				best, bestScore = i, score
			}
			continue
		}
		score := p.refillScore(legal[i])
		if score < 0 {
			continue
		}
		if score > bestScore {
			best, bestScore = i, score
			p.probe.keep(legal[i])
		}
	}
	return best
}

// refillScore is the score of british-constitution/S1 for move m, tried on
// a copy (see probe): 4 for each foundation play and 1 for each build
// legal after m that involves only cards the player saw before it; -1 if m
// cannot be applied.
func (p *bookPlayer) refillScore(m engine.Move) int {
	c := p.probe.after(m)
	if c == nil {
		return -1
	}
	score := 0
	for _, n := range p.probe.legalAfter(c) {
		if !p.probe.fair(c, n) {
			continue
		}
		switch n.Kind {
		case engine.MoveFoundation:
			score += 4
		case engine.MoveBuild:
			score++
		}
	}
	return score
}

// openingsPeeker is implemented by the British Constitution
// (engine.britishConstitution.OpeningsAfter): it counts the foundation
// plays and the builds legal after a build or fill without making it,
// leaving out the moves of a card that was face down in the pack before
// it. Every other card of the game is face up (Pile shows every pile but
// the pack), so those are exactly the moves probe.fair accepts: the count
// equals refillScore's, 4 × plays + builds (fills and the draw score
// nothing), which TestOpeningsScore checks at every refill of the book's
// play of every variant.
type openingsPeeker interface {
	OpeningsAfter(moves []engine.Move, dst []engine.Openings) []engine.Openings
}

// buildableAbovePeople reports whether card t could be built (descending,
// alternate colour) on a top card of the Commons row ("COM…" piles).
func (p *bookPlayer) buildableAbovePeople(g engine.Game, t engine.Card) bool {
	for _, i := range p.commons {
		if c := p.top(g, i); fitsOn(t, c) {
			return true
		}
	}
	return false
}

// fitsOn reports whether card t builds on card c in a descending sequence
// of alternate colours (false when c is NoCard).
func fitsOn(t, c engine.Card) bool {
	return c != engine.NoCard && c.Rank() == t.Rank()+1 && c.Color() != t.Color()
}

// singlesReader is implemented by the British Constitution
// (engine.britishConstitution.Singles): the set of the piles of the
// Constitution (piles 0 … 31) that hold one card, kept by the engine.
type singlesReader interface {
	Singles() uint32
}

// postponeVacancies is british-constitution/S2 (see britishConstitution)
// with the piles of one card read from sr in one call and the piles'
// tops through r, asserted once, instead of a PileReader assertion and
// call per pile. A layout pile beyond the first 32 is read as before.
func (p *bookPlayer) postponeVacancies(sr singlesReader, r engine.PileReader, legal []engine.Move) (int, engine.RuleID) {
	// The tests below read bits (of the piles of one card, of the keys
	// of the Commons' tops) instead of branching on each pile: which
	// piles qualify changes from decision to decision, and such branches
	// are mispredicted.
	if t := r.PileTop(p.talon); t != engine.NoCard {
		var keys uint32
		for _, i := range p.commons {
			keys |= keyBit(r.PileTop(i))
		}
		if keys>>wantKey(t)&1 != 0 { // fitsOn(t, c) for some Commons top c
			return -1, ""
		}
	}
	singles := sr.Singles() & p.layout32
	for i := range legal {
		m := &legal[i]
		if m.Kind != engine.MoveBuild {
			continue
		}
		if m.From < 32 {
			p.banned[i] = singles>>m.From&1 != 0 // banned is all false before
		} else if p.layoutPile(m.From) && r.PileLen(int(m.From)) == 1 {
			p.banned[i] = true
		}
	}
	return -1, "british-constitution/S2"
}

// keyBit returns bit 2 × rank + colour of card c (bits 2 … 27: the
// colours are 0 and 1), 0 for NoCard. c builds on d in a descending
// sequence of alternate colours (fitsOn(c, d)) exactly when keyBit(d) is
// bit wantKey(c).
func keyBit(c engine.Card) uint32 {
	b := uint32(1) << (uint(2*int(c.Rank())+int(c.Color())) & 31)
	if c == engine.NoCard {
		b = 0
	}
	return b
}

// wantKey returns the key (see keyBit) of the cards c builds on: one rank
// higher, the other colour.
func wantKey(c engine.Card) uint {
	return uint(2*(int(c.Rank())+1)+1-int(c.Color())) & 31
}
