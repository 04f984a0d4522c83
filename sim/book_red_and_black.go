package sim

import "github.com/pasyans/pasyans/engine"

// The advice IDs of red-and-black (a string compare per decision is
// cheaper with constants than with literals spread over the code).
const (
	rbAdviceS1 engine.RuleID = "red-and-black/S1"
	rbAdviceS2 engine.RuleID = "red-and-black/S2"
)

// redAndBlackDecide is bookPlayer.decide for red-and-black without what
// its advice does not use: the advice bans no move and memoizes no probe
// (bookGame.probes is off), and the probe is reset to g only when a count
// needs it (redAndBlack, greedy's tie-break).
func (p *bookPlayer) redAndBlackDecide(g engine.Game, legal []engine.Move) (int, engine.RuleID) {
	pick, adv, none := p.redAndBlack(g, legal)
	if pick >= 0 {
		if isTableau(legal[pick].Kind) {
			p.played(g.ViewHash(), legal[pick])
		}
		return pick, adv
	}
	// What the advice learnt spares greedy's tie-break the question.
	p.noOpenings = none
	pick = p.choose(g, legal, nil)
	p.noOpenings = false
	return pick, ""
}

// redAndBlackAdvice is redAndBlack as a bookGame's choose.
func (p *bookPlayer) redAndBlackAdvice(g engine.Game, legal []engine.Move) (int, engine.RuleID) {
	pick, adv, _ := p.redAndBlack(g, legal)
	return pick, adv
}

// redAndBlack: S2 foundation plays at once; S1 shifts that open a play.
//
// The game counts the plays a shift opens (engine.ProgressCounter) for
// every shift, so the advice never probes a copy, and its table entry
// does not memoize probes (bookGame.probes).
//
// It also reports whether the game told that no legal move opens a play
// (engine.OpeningTeller): then no shift is chosen.
func (p *bookPlayer) redAndBlack(g engine.Game, legal []engine.Move) (int, engine.RuleID, bool) {
	// The moves are read in place (&legal[i]), as greedy reads them.
	// Red and Black lists its foundation plays first (tableau, then
	// talon: the order engine's LegalMoves gives, which the rows depend
	// on anyway), so the scan stops at the first other move.
	s2 := p.on(rbAdviceS2)
	progress := false
	for i := range legal {
		m := &legal[i]
		if kindClass[m.Kind] != classProgress {
			break
		}
		if m.Kind == engine.MoveFoundation && s2 && p.layoutPile(m.From) {
			return i, rbAdviceS2, false
		}
		progress = true
	}
	if progress || !p.on(rbAdviceS1) {
		return -1, "", false
	}
	best, bestN := -1, 0
	// A game that counts the plays a shift opens (engine.ProgressCounter,
	// the probe's count) is not probed: the probe would keep nothing for
	// nextLegal after it either (its peeks list only progress moves). A
	// game that lists the plays after a shift without a copy
	// (engine.ProgressPeeker) needs no quick test first. A game that
	// tells that no move opens a play (engine.OpeningTeller) has no shift
	// for S1: each would count 0.
	if hasNoOpenings(g) {
		return -1, "", true
	}
	counter, _ := g.(engine.ProgressCounter)
	probed, peeks, haveWants := false, false, false
	var wants [engine.NumSuits]uint16
	for i := range legal {
		m := &legal[i]
		if m.Kind != engine.MoveBuild || !p.layoutPile(m.From) || !p.layoutPile(m.To) {
			continue
		}
		n, counted := 0, false
		if counter != nil {
			n, counted = counter.ProgressCountAfter(m)
		}
		if !counted {
			if !probed {
				p.probe.reset(g)
				probed = true
				peeks = p.probe.peek != nil
				haveWants = peeks
			}
			if !haveWants {
				wants, haveWants = p.foundationWants(g), true
			}
			if !peeks && !p.mayExposePlay(g, *m, &wants) {
				continue // tried on a copy it would open no play: skip the copy
			}
			n = p.probe.progressAt(i, *m)
		}
		if n > bestN {
			best, bestN = i, n
			if counted {
				p.probe.forget()
			} else {
				p.probe.keep(*m)
			}
		}
	}
	if best >= 0 {
		return best, rbAdviceS1, false
	}
	return -1, "", false
}

// foundationWants returns, per suit, the ranks the foundations take next
// in a game whose foundations build up in suit from the ace (bit r of
// wants[s]: a card of suit s and rank r fits a foundation).
func (p *bookPlayer) foundationWants(g engine.Game) [engine.NumSuits]uint16 {
	var wants [engine.NumSuits]uint16
	for _, i := range p.founds {
		t := p.top(g, i)
		switch {
		case t == engine.NoCard:
			for s := range wants {
				wants[s] |= 1 << 1 // an empty foundation takes an ace
			}
		case t.Valid():
			wants[t.Suit()] |= 1 << (t.Rank() + 1)
		}
	}
	return wants
}

// mayExposePlay reports whether shifting m's card off its pile can open a
// foundation play in red-and-black: the card it uncovers fits a foundation
// (wants, see foundationWants), or the shift empties the pile (refilled
// from the pack or the talon). A shift touches no foundation and uncovers
// only that card, so when this is false the move opens no play; it is a
// quick test that spares the copy of probe.progressAfter, which decides.
func (p *bookPlayer) mayExposePlay(g engine.Game, m engine.Move, wants *[engine.NumSuits]uint16) bool {
	p.cards2 = g.Pile(p.cards2[:0], int(m.From))
	for k := len(p.cards2) - 1; k >= 0; k-- {
		if p.cards2[k] != m.Card {
			continue
		}
		if k == 0 {
			return true // the pile empties
		}
		e := p.cards2[k-1]
		return !e.Valid() || wants[e.Suit()]&(1<<e.Rank()) != 0
	}
	return true // m.Card not found: let the copy decide
}
