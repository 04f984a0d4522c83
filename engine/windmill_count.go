package engine

import "math/bits"

// ProgressCountAfter counts the foundation plays open after the legal move
// m that involve only cards visible before it (see ProgressCounter),
// without a copy of the game: every move of the Mill changes at most one
// wing, the talon's top, the pack's top and two foundations' heights, and
// the plays after it follow from those alone (LegalMoves: each wing card
// and the talon top, once per foundation that takes its rank), read from
// the kept facts (wmKept) with the changes m makes.
//
// Visibility: every card but the pack's is shown, so a play is unfair only
// when its card is the one just turned from the pack (a fill from the pack
// puts it on the wing, a draw on the talon), or when its foundation is a
// corner that a king just turned from the pack started: that corner took
// nothing before (an empty corner takes a king only with kings=choice,
// when turned kings are not placed), so leaving the foundations' needs as
// they were leaves its plays out. While a vacancy must be filled after m
// (another empty wing and a card left to fill it with) ProgressMoves lists
// nothing. Every kind of move is counted; TestProgressCountAfter (package
// sim) checks each count against the look-ahead.
func (g *windmill) ProgressCountAfter(m *Move) (int, bool) {
	k := &g.k
	empty := k.vacant // the wings empty after m
	var gone uint8    // the wing whose card m plays
	add := NoCard     // the visible card m puts on a wing (a fill from the talon)
	talon := g.lay.top(wmTalon)
	talonSeen := true // the talon's top after m was visible before it
	stock := g.lay.size(wmStock)
	n := &k.n // the foundations' needs after m
	var after wmNeeds
	switch m.Kind {
	case MoveFill:
		fill := int(m.To) & 7
		if m.From == wmTalon {
			add, talon = talon, g.lay.below[talon]
			empty &^= 1 << fill
			break
		}
		stock--
		if !g.turnsToCorner() { // else the king starts a corner: the wing stays empty
			empty &^= 1 << fill // with a card that comes unseen from the pack: not counted
		}
	case MoveDraw:
		stock--
		if !g.turnsToCorner() {
			talon, talonSeen = g.lay.top(wmStock), false
		}
	case MoveFoundation, MoveTransfer:
		after, n = k.n, &after
		switch from := int(m.From); {
		case from < wmWings:
			empty |= 1 << from
			gone = 1 << from
		case from == wmTalon:
			talon = g.lay.below[talon]
		case from >= wmCorner0 && from < wmCorner0+4:
			g.needAt(n, from-wmCentre, g.lay.size(from)-1)
		}
		if f := int(m.To) - wmCentre; f >= 0 && f < 5 {
			g.needAt(n, f, g.lay.size(wmCentre+f)+1)
		}
	default:
		return 0, false
	}
	if empty != 0 && (talon != NoCard || stock > 0) {
		return 0, true // a vacancy must be filled first
	}
	// Each wing card counts once per foundation that takes its rank, so
	// the wings count, per foundation f, the wings holding rank need[f]
	// (the kept wings[r], less the card played; a rank-0 need is none):
	// when m changes neither the needs nor a wing's card (a fill adds
	// one, counted below), the wings of the kept plays, each once per
	// foundation that takes its rank.
	c := 0
	if n == &k.n {
		for p := k.plays; p != 0; p &= p - 1 {
			c += bits.OnesCount8(n.by[g.lay.top(bits.TrailingZeros8(p)).Rank()&15])
		}
	} else {
		for f := 0; f < 5; f++ {
			if r := n.need[f] & 15; r != 0 {
				c += bits.OnesCount8(k.wings[r] &^ gone)
			}
		}
	}
	if add.Valid() {
		c += bits.OnesCount8(n.by[add.Rank()&15])
	}
	if talonSeen && talon.Valid() {
		c += bits.OnesCount8(n.by[talon.Rank()&15])
	}
	return c, true
}

// needAt sets in n what foundation f (0 the centre, 1–4 the corners) takes
// at height h (see wmNeeds).
func (g *windmill) needAt(n *wmNeeds, f, h int) {
	f &= 7 // 0 … 4 (wmNeeds)
	var r Rank
	if f == 0 {
		if h < wmCentreN {
			r = Rank(h%NumRanks + 1)
		}
	} else {
		r = g.cornerNeed(h)
	}
	bit := uint8(1) << f
	n.by[n.need[f]&15] &^= bit
	n.need[f] = r
	n.by[r&15] |= bit
	n.by[0] = 0 // the foundations that take nothing
}

// turnsToCorner reports whether the pack's top card, turned now, goes to
// a corner (see turnTo): a king while a corner is empty, unless
// kings=choice.
func (g *windmill) turnsToCorner() bool {
	if g.r.kingChoice || g.lay.top(wmStock).Rank() != King {
		return false
	}
	for k := wmCorner0; k < wmCorner0+4; k++ {
		if g.lay.empty(k) {
			return true
		}
	}
	return false
}

// cornerNeed returns the rank a corner of height h takes next, 0 if none
// (see wmNeeds).
func (g *windmill) cornerNeed(h int) Rank {
	switch {
	case h == 0:
		if g.r.kingChoice {
			return King
		}
		return 0
	case h < NumRanks:
		return Rank(NumRanks - h) // the corner holds K … 14-h
	}
	return 0
}
