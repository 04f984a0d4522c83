// The book's advice for the british constitution: see bookAdvice in book.go.

package sim

import "github.com/pasyans/pasyans/engine"

// bcBookGame is what britishConstitutionDecide reads of the British
// Constitution (engine.britishConstitution) besides engine.Game and its
// piles (engine.PileReader): what kinds of moves it lists and the piles
// its builds start from (MoveKinds), its refills' openings
// (engine.BritishConstitutionFacts), its piles of one card and its empty
// piles (Vacancies), whether its talon's top goes on the Commons
// (TalonFitsCommons) and the plays after a build or fill (PlaysAfter), all
// from the state the engine keeps; and the moves after a draw
// (engine.DrawPeeker).
type bcBookGame interface {
	engine.Game
	engine.BritishConstitutionFacts
	engine.DrawPeeker
}

// britishConstitutionDecide is bookPlayer.decide for the British
// Constitution — britishConstitution's advice, then greedy's choose among
// the moves it did not ban — making the same decisions from the state the
// game keeps: the kinds of the moves and the builds' sources in one call
// (MoveKinds), not a pass over the moves; S2 reads the Commons' tops in
// one call (TalonFitsCommons); when S2 bans every move but the draw, the
// draw is chosen at once (greedy would take it: it is the one move left,
// and no tableau move); the first foundation play at once when there is
// one (greedy's first rule); otherwise greedy's rules by bcGreedy. A game
// without those methods (the tests' plainGame) is decided by
// decide (the generic decision), which TestBookBritishConstitutionDecide plays against
// this for every variant.
func (p *bookPlayer) britishConstitutionDecide(g engine.Game, legal []engine.Move) (int, engine.RuleID) {
	bc := p.bc
	if g != p.bcGame {
		bc, _ = g.(bcBookGame)
	}
	if bc == nil || p.talon < 0 || len(legal) == 0 {
		return p.decide(g, legal)
	}
	// What the advice asks of the moves, from the game (MoveKinds): their
	// kinds (bit k: a move of kind k is legal), the piles the builds of
	// the Constitution start from, whether a build starts from the talon.
	kinds, sources, talonBuilds := bc.MoveKinds()
	if kinds>>engine.MoveFill&1 != 0 && p.on("british-constitution/S1") {
		p.probe.reset(g) // for a refill that OpeningsAfter does not count
		if best := p.bestRefill(g, legal); best >= 0 {
			if !p.acyclic { // (see greedyPlayer: the game is engine.Acyclic)
				p.played(g.ViewHash(), legal[best]) // a fill is a tableau move
			}
			return best, "british-constitution/S1"
		}
	}
	if kinds&(1<<engine.MoveFoundation|1<<engine.MovePair) != 0 {
		return firstProgress(legal), "" // greedy plays the first
	}
	if kinds>>engine.MoveDraw&1 == 0 || !p.on("british-constitution/S2") || bc.TalonFitsCommons() {
		return p.bcGreedy(bc, legal, nil), ""
	}
	// S2: the builds that empty a pile of the layout are banned (see
	// postponeVacancies). When every move but the draw is such a build
	// of the Constitution, greedy would take the draw (the last move
	// listed); else the bans are listed move by move, and greedy's rules
	// choose among the moves left.
	singles := bc.Singles() & p.layout32
	if !talonBuilds && kinds&^(1<<engine.MoveBuild|1<<engine.MoveDraw) == 0 && sources&^singles == 0 {
		draw := len(legal) - 1
		for legal[draw].Kind != engine.MoveDraw {
			draw--
		}
		p.drawn, p.drawGame, p.drew = legal, bc, true // for nextLegal, as Choose keeps them
		return draw, "british-constitution/S2"
	}
	p.clearBanned(len(legal))
	for i := range legal {
		p.banned[i] = p.bcBans(bc, &legal[i], singles)
	}
	return p.bcGreedy(bc, legal, p.banned), "british-constitution/S2"
}

// bcBans reports whether british-constitution/S2 bans m, a legal move of
// g whose layout piles of one card among the first 32 are singles: a
// build from a layout pile of one card (see postponeVacancies).
func (p *bookPlayer) bcBans(g engine.PileReader, m *engine.Move, singles uint32) bool {
	switch {
	case m.Kind != engine.MoveBuild:
		return false
	case m.From < 32:
		return singles>>m.From&1 != 0
	}
	return p.layoutPile(m.From) && g.PileLen(int(m.From)) == 1
}

// bcCount is the count of greedy's tie-break for move i of legal, the
// moves of g: PlaysAfter's, or the probe's for a move it does not count
// (the probe reset to g first unless *probed).
func (p *bookPlayer) bcCount(g bcBookGame, legal []engine.Move, i int, probed *bool) int {
	if n, ok := g.PlaysAfter(&legal[i]); ok {
		return n
	}
	return p.bcProbe(g, legal, i, probed)
}

// bcProbe is bcCount by the probe.
func (p *bookPlayer) bcProbe(g bcBookGame, legal []engine.Move, i int, probed *bool) int {
	if !*probed {
		p.probe.reset(g)
		*probed = true
	}
	return p.probe.progressAt(i, legal[i])
}

// bcGreedy is greedyPlayer.choose(g, legal, banned) — the same move, the
// same cycle memory (none, as the game is engine.Acyclic) — with the source piles' heights read from the game's
// kept sets (Singles, Vacancies) and the plays after each tied candidate
// counted by PlaysAfter, in place of greedy's probe (which lists the plays
// after each candidate and tests each play's cards); a candidate
// PlaysAfter does not count (a talon build) is probed as greedy probes
// it. TestBookBritishConstitutionGreedy checks it against choose at every
// decision of the book's play of every variant.
func (p *bookPlayer) bcGreedy(g bcBookGame, legal []engine.Move, banned []bool) int {
	// The scores, as greedy's scoreMoves gives them (p.score), with the
	// best positive one, how many have it and the first.
	if cap(p.score) < len(legal) {
		p.score = make([]int8, len(legal))
	}
	score := p.score[:len(legal)]
	p.score = score
	singles, empty := g.Singles(), g.Vacancies()
	found, tableau := false, false // a move not banned; a tableau move not banned
	var view uint64
	played := int32(-1)
	bestScore, nBest, first := int8(0), 0, -1
	for i := range legal {
		sc := int8(-2)
		if banned == nil || !banned[i] {
			found = true
			m := &legal[i]
			switch kindClass[m.Kind] {
			case classProgress:
				return i
			case classTableau:
				if !tableau {
					tableau = true
					if !p.acyclic {
						view = g.ViewHash()
						played = p.seen.lookup(view)
					}
				}
				switch from := m.From; {
				case played >= 0 && p.seen.has(played, moveCode(m)):
					sc = -1
				case from < 32:
					sc = 1
					if singles>>from&1 != 0 {
						sc = 2
					} else if empty>>from&1 != 0 {
						sc = 0
					}
				default:
					sc = 0
					switch n := g.PileLen(int(from)); {
					case n == 1:
						sc = 2
					case n > 1:
						sc = 1
					}
				}
			}
		}
		score[i] = sc
		if sc > bestScore {
			bestScore, nBest, first = sc, 1, i
		} else if sc == bestScore && sc > 0 {
			nBest++
		}
	}
	if !found {
		if banned == nil {
			return 0
		}
		return p.bcGreedy(g, legal, nil)
	}
	chosen := first // nBest == 1, or -1 when no score is positive
	if nBest > 1 {
		// greedy's tie-break (mostFoundationPlays): the first with most
		// plays after it, -1 when none can be made.
		chosen = -1
		probed, bestN := false, -1 // the probe was reset to g (bcCount)
		for i := first; i < len(legal); i++ {
			if score[i] != bestScore {
				continue
			}
			if n := p.bcCount(g, legal, i, &probed); n > bestN {
				chosen, bestN = i, n
			}
		}
	}
	if chosen < 0 {
		chosen = p.bcFallback(legal, banned)
	}
	if tableau && !p.acyclic && isTableau(legal[chosen].Kind) {
		p.seen.add(view, moveCode(&legal[chosen]))
	}
	return chosen
}

// bcFallback is the rest of greedy's choose when no move of a positive
// score is chosen: a draw (the best move but tableau moves by greedyRank,
// if of rank 3 or better), else the first of score 0 (p.score), else the
// best other move, else the first repeat (score -1), else the first move
// not banned.
func (p *bookPlayer) bcFallback(legal []engine.Move, banned []bool) int {
	other, otherRank, rest, repeat := -1, 1<<30, -1, -1
	for i := range legal {
		if banned != nil && banned[i] {
			continue
		}
		if k := legal[i].Kind; !isTableau(k) {
			if r := greedyRank(k); r < otherRank {
				other, otherRank = i, r
			}
		}
		switch p.score[i] {
		case 0:
			if rest < 0 {
				rest = i
			}
		case -1:
			if repeat < 0 {
				repeat = i
			}
		}
	}
	switch {
	case other >= 0 && otherRank <= 3:
		return other
	case rest >= 0:
		return rest
	case other >= 0:
		return other
	case repeat >= 0:
		return repeat
	}
	for i := range legal {
		if banned == nil || !banned[i] {
			return i
		}
	}
	return 0
}

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
	if sr, ok := g.(engine.BritishConstitutionFacts); ok && p.talon >= 0 {
		return p.postponeVacancies(sr, g, legal)
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
	// engine.BritishConstitutionFacts); nothing is kept for nextLegal then, and the play
	// loop lists the moves after the chosen fill itself.
	p.openings = p.openings[:0]
	if op, ok := g.(engine.BritishConstitutionFacts); ok {
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

// postponeVacancies is british-constitution/S2 (see britishConstitution)
// with the piles of one card read from sr in one call and the piles'
// tops through r, asserted once, instead of a PileReader assertion and
// call per pile. A layout pile beyond the first 32 is read as before.
func (p *bookPlayer) postponeVacancies(sr engine.BritishConstitutionFacts, r engine.PileReader, legal []engine.Move) (int, engine.RuleID) {
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
