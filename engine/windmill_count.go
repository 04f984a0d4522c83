package engine

import "math/bits"

// ProgressCountAfter counts the foundation plays open after the legal move
// m that involve only cards visible before it (see ProgressCounter),
// without a copy of the game: every move of the Mill changes at most one
// wing, the talon's top, the pack's top and two foundations' heights, and
// the plays after it follow from those alone (appendPlays: each wing card
// and the talon top, once per foundation that takes its rank).
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
	var empty uint8 // the wings empty after m
	for w := 0; w < wmWings; w++ {
		if g.lay.empty(w) {
			empty |= 1 << w
		}
	}
	talon := g.lay.top(wmTalon)
	talonSeen := true // the talon's top after m was visible before it
	stock := g.lay.size(wmStock)
	fill, fillCard, hidden := -1, NoCard, false // the wing m fills, its card, and whether it comes unseen from the pack
	cn := g.centreN()
	var h [4]int // the corners' heights after m
	for k := range h {
		h[k] = g.lay.size(wmCorner0 + k)
	}
	switch m.Kind {
	case MoveFill:
		fill = int(m.To) & 7
		if m.From == wmTalon {
			fillCard, talon = talon, g.lay.below[talon]
			empty &^= 1 << fill
			break
		}
		stock--
		if g.turnsToCorner() {
			fill = -1 // the king starts a corner: the wing stays empty
			break
		}
		empty &^= 1 << fill
		fillCard, hidden = g.lay.top(wmStock), true
	case MoveDraw:
		stock--
		if !g.turnsToCorner() {
			talon, talonSeen = g.lay.top(wmStock), false
		}
	case MoveFoundation, MoveTransfer:
		switch from := int(m.From); {
		case from < wmWings:
			empty |= 1 << from
		case from == wmTalon:
			talon = g.lay.below[talon]
		case from >= wmCorner0 && from < wmCorner0+4:
			h[from-wmCorner0]--
		}
		if f := int(m.To) - wmCentre; f == 0 {
			cn++
		} else if f > 0 && f < 5 {
			h[f-1]++
		}
	default:
		return 0, false
	}
	if empty != 0 && (talon != NoCard || stock > 0) {
		return 0, true // a vacancy must be filled first
	}
	// by[r]: the foundations that take rank r after m (bit f, as in
	// wmNeeds; a corner that takes nothing sets a bit of by[0], cleared), so a card of
	// rank r has bits.OnesCount8(by[r]) plays.
	var by [16]uint8
	if cn < wmCentreN {
		by[cn%NumRanks+1] = 1
	}
	for k, n := range h {
		by[g.cornerNeed(n)&15] |= 2 << k
	}
	by[0] = 0 // the corners that take nothing
	plays := func(c Card) int { return bits.OnesCount8(by[c.Rank()&15]) }
	n := 0
	for w := 0; w < wmWings; w++ {
		c := g.lay.top(w)
		if w == fill {
			if hidden {
				continue
			}
			c = fillCard
		}
		if empty>>w&1 == 0 && c.Valid() {
			n += plays(c)
		}
	}
	if talonSeen && talon.Valid() {
		n += plays(talon)
	}
	return n, true
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
// (see needs).
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
