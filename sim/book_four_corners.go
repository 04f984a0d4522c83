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

// fourCornersDecide is the whole decision of the book in Four Corners
// (bookGame.decide): decide with fourCorners, its marriages counted by
// the game itself (engine.ProgressCounter, the probe's count without a
// copy or a fairness test per play; TestProgressCountAfter checks the
// two agree), in one pass over the moves that also finds whether a
// foundation play is open and whether any move is not a marriage. The
// probe's counts of marriages keep no moves for nextLegal (Four Corners
// peeks them, engine.ProgressPeeker, or lists only progress moves after
// them), so none are lost. A game that does not count a marriage
// (during the deal in a variant, say) gets decide's generic decision,
// from the start. TestBookFourCornersDecide compares every decision with
// decide's.
func (p *bookPlayer) fourCornersDecide(g engine.Game, legal []engine.Move) (int, engine.RuleID) {
	counter, ok := g.(engine.ProgressCounter)
	if !ok || !p.on("four-corners/S2") {
		return p.decide(g, legal)
	}
	best, bestN := -1, 0
	builds, others := false, false
	for i := range legal {
		m := &legal[i]
		switch {
		case isProgress(m.Kind):
			return p.choose(g, legal, nil), "" // S2 does not apply
		case m.Kind != engine.MoveBuild:
			others = true
			continue
		}
		builds = true
		n, counted := counter.ProgressCountAfter(m)
		if !counted {
			return p.decide(g, legal)
		}
		if n > bestN {
			best, bestN = i, n
		}
	}
	switch {
	case !builds:
		return p.choose(g, legal, nil), ""
	case best >= 0:
		p.played(g.ViewHash(), legal[best])
		return best, "four-corners/S2"
	case !others: // every move a marriage, all banned: greedy chooses among all
		return p.choose(g, legal, nil), ""
	}
	p.clearBanned(len(legal))
	for i := range legal {
		p.banned[i] = legal[i].Kind == engine.MoveBuild
	}
	return p.choose(g, legal, p.banned), "four-corners/S2"
}
