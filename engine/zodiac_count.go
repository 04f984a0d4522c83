package engine

// ProgressCountAfter counts the foundation plays open after the legal move
// m that involve only cards visible before it (see ProgressCounter),
// without a copy of the game. Foundation plays exist only in phase two
// (ProgressMoves), so after a move that leaves a card in the pack or the
// talon the count is 0 at once: that is every draw and re-deal and nearly
// every marriage and fill, the candidates of greedy's tie-break. A move
// that ends phase one (the last card placed) or is made in phase two
// changes at most two Equator or Zodiac tops and one foundation's height,
// and the plays after it follow from those alone (ProgressMoves: each
// Equator card and Zodiac top, once for each foundation of its suit that
// takes it). Every card but the pack's is shown, so the only unfair play
// is that of the card a fill from the pack puts on the Equator. Every kind
// of move is counted; TestProgressCountAfter (package sim) checks each
// count against the look-ahead.
func (g *zodiac) ProgressCountAfter(m *Move) (int, bool) {
	stock, talon := g.lay.size(zoStock), g.lay.size(zoTalon)
	from, to := int(m.From), int(m.To)
	switch m.Kind {
	case MoveDraw:
		stock, talon = stock-1, talon+1
	case MoveRedeal:
		stock, talon = stock+talon, 0
	case MoveBuild, MoveFill:
		switch from {
		case zoTalon:
			talon--
		case zoStock:
			stock--
		}
	case MoveFoundation:
	default:
		return 0, false
	}
	if stock > 0 || talon > 0 {
		return 0, true // still phase one: no foundation play
	}
	// The sources after m (the Equator cells and the Zodiac tops): pile
	// from loses its card (a Zodiac pile then shows the card beneath, an
	// Equator cell is empty; the talon and the pack are empty here and
	// are no sources), pile to shows it, except the card of a fill from
	// the pack, unseen before m.
	var up, down [NumSuits]int // the ranks the ace and king foundations take
	for s := range up {
		up[s] = g.lay.size(zoFA+s) + 1
		down[s] = NumRanks - g.lay.size(zoFK+s)
	}
	if m.Kind == MoveFoundation {
		s := int(m.Card.Suit())
		if to < zoFK {
			up[s]++
		} else {
			down[s]--
		}
	}
	n := 0
	for src := zoE0; src < zoZ0+zoZN; src++ {
		c := g.lay.top(src)
		switch {
		case src == to:
			if from == zoStock {
				continue // turned unseen from the pack
			}
			c = m.Card
		case src == from:
			if from < zoZ0 {
				continue // an Equator cell holds one card
			}
			c = g.lay.below[c]
		}
		if c == NoCard {
			continue
		}
		s, r := int(c.Suit()), int(c.Rank())
		if r == up[s] {
			n++
		}
		if r == down[s] {
			n++
		}
	}
	return n, true
}
