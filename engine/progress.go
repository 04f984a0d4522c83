package engine

import (
	"math/bits"
	"slices"
)

// ProgressMover is implemented by games that can list their progress moves
// (foundation plays and pair removals) without generating every legal
// move. A one-move look-ahead that only counts the progress a move opens
// (the greedy and book strategies of package sim) calls it on the state
// after each candidate instead of LegalMoves, which for most games spends
// its time on builds and shifts.
//
// ProgressMoves appends exactly the moves of LegalMoves whose Kind is
// MoveFoundation or MovePair, in the order LegalMoves lists them
// (TestProgressMoves checks this for every game and variant at every
// position of random playouts).
type ProgressMover interface {
	ProgressMoves(dst []Move) []Move
}

// ProgressMoves appends the foundation plays: from the tableau tops, then
// the talon (see LegalMoves).
func (g *redAndBlack) ProgressMoves(dst []Move) []Move {
	if g.score == rbTotal {
		return dst
	}
	for m := g.wantTops; m != 0; m &= m - 1 {
		j := bits.TrailingZeros8(m)
		dst = g.appendFoundation(dst, rbTab+j, g.lay.top(rbTab+j))
	}
	if c := g.lay.top(rbTalon); c != NoCard && g.want&(1<<cardFaces[c]) != 0 {
		dst = g.appendFoundation(dst, rbTalon, c)
	}
	return dst
}

// ProgressMoves appends the foundation plays: from the rays of the phase
// being dealt, or from the ray tops and then the talon (see LegalMoves).
func (g *shah) ProgressMoves(dst []Move) []Move {
	dst = slices.Grow(dst, shMaxMoves) // room for shSlot
	w := g.wants()
	if g.phase < 2 {
		base := int(g.phase) * shRays
		for p := base; p < base+shRays; p++ {
			dst = g.appendPlays(dst, &w, p, g.at(p))
		}
		return dst
	}
	if g.Won() {
		return dst
	}
	for k := 0; k < shRays; k++ {
		if p := g.rayTop(k); p >= 0 {
			dst = g.appendPlays(dst, &w, p, g.at(p))
		}
	}
	return g.appendPlays(dst, &w, shTalon, g.lay.top(shTalon))
}

// ProgressMoves appends the foundation plays from the Council's piles;
// none while a refill is pending (see LegalMoves).
func (g *britishConstitution) ProgressMoves(dst []Move) []Move {
	if g.pending() {
		return dst
	}
	return g.appendPlays(dst, g.k.plays, -1, NoCard) // from the kept plays (engine/british_constitution.go)
}

// ProgressMoves appends the foundation plays: of the card in hand (and the
// packet tops with variant deal-tops) while dealing, else of the packet
// tops (see gen).
func (g *fourCorners) ProgressMoves(dst []Move) []Move {
	if g.dealing() {
		hand := g.hand()
		p := int(g.pos)
		rule := fcRuleSide
		if fcCorner(p) {
			rule = fcRuleCorner
		}
		for f := 2 * int(hand.Suit()); f < 2*int(hand.Suit())+2; f++ {
			if fcDealMayPlay(p, f) && g.fits(f, hand) {
				dst = append(dst, Move{Kind: MoveFoundation, From: fcCard, To: uint8(fcFound + f), Card: hand, Card2: NoCard, Rule: rule})
			}
		}
		if g.r.dealTops {
			for q := 0; q < fcPackets; q++ {
				t := g.lay.top(q)
				if t == NoCard {
					continue
				}
				for f := 2 * int(t.Suit()); f < 2*int(t.Suit())+2; f++ {
					if fcDealMayPlay(q, f) && g.fits(f, t) {
						dst = append(dst, Move{Kind: MoveFoundation, From: uint8(q), To: uint8(fcFound + f), Card: t, Card2: NoCard, Rule: fcRuleI})
					}
				}
			}
		}
		return dst
	}
	if g.Won() {
		return dst
	}
	w := pairWantsOf(&g.lay, fcFound)
	for q := 0; q < fcPackets; q++ {
		t := g.lay.top(q)
		if t == NoCard {
			continue
		}
		for m := w[suitKey(t)]; m != 0; m &= m - 1 {
			dst = append(dst, Move{Kind: MoveFoundation, From: uint8(q), To: uint8(fcFound + bits.TrailingZeros8(m)), Card: t, Card2: NoCard, Rule: fcRuleI})
		}
	}
	return dst
}

// ProgressMoves appends the foundation plays of the wings, then the
// talon; none while a vacancy must be filled: the moves LegalMoves lists
// first (greedy and the book count the Mill's plays with
// ProgressCountAfter, so this is seldom asked).
func (g *windmill) ProgressMoves(dst []Move) []Move {
	if g.vacancy() >= 0 {
		return dst
	}
	n := len(dst)
	dst = g.LegalMoves(dst)
	for i := n; i < len(dst); i++ {
		if dst[i].Kind != MoveFoundation {
			return dst[:i]
		}
	}
	return dst
}

// ProgressMoves appends the foundation plays of the packets' tops (see
// LegalMoves), from the facts the game keeps (engine/salic_law.go).
func (g *salicLaw) ProgressMoves(dst []Move) []Move { return g.progressMoves(dst) }

// ProgressMoves appends the pair removals (see LegalMoves): every move but
// taking a card of the ordered reserve.
func (g *napoleon) ProgressMoves(dst []Move) []Move {
	var av npAvail
	g.avails(&av)
	return g.appendPairs(dst, &av)
}

// ProgressPeeker is implemented by games that can list the progress moves
// of the state after some legal move without making it: a one-move
// look-ahead (greedy's tie-break) then needs no copy of the game.
//
// ProgressAfter appends to dst exactly what ProgressMoves would append in
// the state after the legal move m, and reports true; it reports false
// (dst unchanged) for a move it does not handle, and the caller applies m
// to a copy instead. g is not changed. When it reports true, the target
// pile of every move appended holds the same cards after m as before, so
// a caller may read it in g (a pair removal has no target: its two cards
// just go out). TestProgressAfter checks the contract for
// every game and variant that has it, at every legal move of the positions
// of random playouts.
type ProgressPeeker interface {
	ProgressAfter(m Move, dst []Move) ([]Move, bool)
}

// ProgressAfter handles the shifts between tableau piles (see
// ProgressPeeker): a shift changes no foundation and no want, only the
// tops of its two piles and, when its source empties, the pack or the
// talon that refills it.
func (g *redAndBlack) ProgressAfter(m Move, dst []Move) ([]Move, bool) {
	from, to := int(m.From), int(m.To)
	if m.Kind != MoveBuild || from < rbTab || from >= rbTab+8 || to < rbTab || to >= rbTab+8 || g.score == rbTotal {
		return dst, false
	}
	// The new tops of the two piles; the other piles keep theirs.
	talon := g.lay.top(rbTalon)
	newTo := g.lay.top(from) // the run's top card
	newFrom := g.lay.below[m.Card]
	if newFrom == NoCard { // the source empties and is refilled
		switch {
		case !g.lay.empty(rbStock):
			newFrom = g.lay.top(rbStock)
		case talon != NoCard:
			newFrom = talon
			talon = g.lay.below[talon]
		}
	}
	// The wanted tops: those of the other piles as kept (wantTops), and
	// the two new ones.
	// (cardFaces[NoCard] is 63, which no foundation wants; the masks
	// spare the compiler's shift-width checks.)
	want := g.want
	i, j := (from-rbTab)&7, (to-rbTab)&7
	tops := g.wantTops &^ (1<<i | 1<<j)
	tops |= uint8(want>>(cardFaces[newFrom]&63)&1)<<i | uint8(want>>(cardFaces[newTo]&63)&1)<<j
	for m := tops; m != 0; m &= m - 1 {
		k := bits.TrailingZeros8(m)
		c := g.lay.top(rbTab + k)
		switch k {
		case i:
			c = newFrom
		case j:
			c = newTo
		}
		dst = g.appendFoundation(dst, rbTab+k, c)
	}
	if want>>(cardFaces[talon]&63)&1 != 0 {
		dst = g.appendFoundation(dst, rbTalon, talon)
	}
	return dst, true
}

// ProgressAfter handles the pair removals (see ProgressPeeker): a pair
// takes the available cards of its two piles, whose new available cards
// are the ones beneath (none for a reserve slot), and changes nothing else.
func (g *napoleon) ProgressAfter(m Move, dst []Move) ([]Move, bool) {
	from, to := int(m.From), int(m.To)
	if m.Kind != MovePair || from >= npStock || to >= npStock || from == to {
		return dst, false
	}
	var av npAvail
	g.avails(&av)
	if av[from] == NoCard || av[to] == NoCard {
		return dst, false
	}
	av[from], av[to] = g.lay.below[av[from]], g.lay.below[av[to]]
	return g.appendPairs(dst, &av), true
}

// ProgressAfter handles the builds and fills within the Constitution (see
// ProgressPeeker): such a move takes the top card of one pile onto
// another, and a People pile it empties is refilled from the talon or the
// pack (Rule V), which touches neither the Privy Council nor the
// foundations; so the plays after it are those of the Council's tops with
// the target's new top, unless a vacancy then waits to be filled.
func (g *britishConstitution) ProgressAfter(m Move, dst []Move) ([]Move, bool) {
	return g.progressAfter(m, dst) // from the kept plays (engine/british_constitution.go)
}
