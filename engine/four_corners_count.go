package engine

import "math/bits"

// The one-move look-ahead of greedy's tie-break and of the book's advice
// (ProgressCounter, ProgressPeeker) for Four Corners, without a copy of
// the game.

// ProgressCountAfter counts the foundation plays open after the legal move
// m that involve only cards visible before it (see ProgressCounter).
//
// After the deal a marriage or a play from a packet changes the tops of
// at most two packets and, for a play, what one foundation takes next:
// ProgressMoves then lists every packet top once per foundation that
// takes it, and every packet card and every foundation top is visible.
//
// While dealing with deal-play=card (the default), the moves after
// laying or playing the card about to land are the plays of the next card
// about to land, which comes unseen from the pack: none counts, as long
// as a card does come (the pack holds more cards than the eight firsts of
// a foundation that go home on their own, four-corners/II). Other cases
// (the variant's packet tops during the deal, the last cards of the pack,
// the redeal, after which the next card comes from the packets, seen) are
// left to the look-ahead. TestProgressCountAfter
// (package sim) checks each count against it.
func (g *fourCorners) ProgressCountAfter(m *Move) (int, bool) {
	from, to := int(m.From), int(m.To)
	switch {
	case m.Kind == MoveDeal || m.Kind == MoveFoundation && from == fcCard:
		return 0, !g.r.dealTops && g.lay.size(fcStock) > fcNumFound
	case g.dealing() || from >= fcPackets:
		return 0, false
	case m.Kind == MoveBuild:
		// The plays of the packet tops now (from the kept tops and
		// wants by key), with the target's top replaced by the married
		// card and the source's by the card beneath it.
		n := 0
		for ks := g.topKeys & g.wantKeys; ks != 0; ks &= ks - 1 {
			k := bits.TrailingZeros64(ks)
			n += bits.OnesCount16(g.tops[k]) * bits.OnesCount8(g.want[k])
		}
		return n - g.plays(g.lay.top(to)) + g.plays(g.lay.below[m.Card]), true
	case m.Kind == MoveFoundation:
		// Foundation f no longer takes m.Card's key, and takes next the
		// key of the rank after it (none once complete).
		f := (to - fcFound) & 7
		gone, next := suitKey(m.Card)&63, -1
		if r := pairWant(f, g.lay.size(to)+1); r != 0 {
			next = (f/2)*16 + int(r)
		}
		n := 0
		for q := 0; q < fcPackets; q++ {
			c := g.lay.top(q)
			if q == from {
				c = g.lay.below[c]
			}
			k := suitKey(c) & 63
			w := g.want[k]
			if k == gone {
				w &^= 1 << f
			}
			if k == next {
				w |= 1 << f
			}
			n += bits.OnesCount8(w)
		}
		return n, true
	}
	return 0, false
}

// ProgressAfter handles the marriages (see ProgressPeeker): a marriage,
// made only after the deal, moves a packet top onto another packet and
// changes no foundation, so the plays after it are those of the packet
// tops with the two packets' new tops (the order of ProgressMoves).
func (g *fourCorners) ProgressAfter(m Move, dst []Move) ([]Move, bool) {
	from, to := int(m.From), int(m.To)
	if m.Kind != MoveBuild || from >= fcPackets || to >= fcPackets || from == to || g.dealing() || g.lay.top(from) != m.Card || m.Card == NoCard {
		return dst, false
	}
	for q := 0; q < fcPackets; q++ {
		c := g.lay.top(q)
		switch q {
		case from:
			c = g.lay.below[m.Card]
		case to:
			c = m.Card
		}
		for w := g.want[suitKey(c)&63]; w != 0; w &= w - 1 {
			dst = append(dst, Move{Kind: MoveFoundation, From: uint8(q), To: uint8(fcFound + bits.TrailingZeros8(w)), Card: c, Card2: NoCard, Rule: fcRuleI})
		}
	}
	return dst, true
}

// plays returns how many foundations take card c now (none for NoCard,
// whose key reads entry 0, which no card has).
func (g *fourCorners) plays(c Card) int { return bits.OnesCount8(g.want[suitKey(c)&63]) }
