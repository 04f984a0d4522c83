package sim

import (
	"math/bits"

	"github.com/pasyans/pasyans/engine"
)

// The Zodiac's part of the book strategy (bookAdvice "zodiac").

// needDistance is how far a card is from the ends of the zodiac's
// foundations (aces up, kings down): 0 for an ace or king, 6 for a seven.
func needDistance(c engine.Card) int {
	r := int(c.Rank())
	return min(r-1, engine.NumRanks-r)
}

// zodiac: S2 careful marriages. A marriage is banned when the card it
// covers is needed sooner than the card it lays (needDistance): the
// marriages the game reports inward (engine.ZodiacFacts), read in one call.
//
// When the only move the advice leaves is the draw or the re-deal (no
// marriage left, no fill, no foundation play: most of the book's
// decisions in the Zodiac, each a turn of the pack), the advice returns
// that move itself, naming S2 when it banned marriages: greedy's priority
// list, which would decide among the moves left (greedyPlayer.choose),
// finds no progress and no tableau move and takes the draw or re-deal,
// the only move of another kind, without touching its cycle memory. The
// decision and its advice ID are the same; only greedy's scoring is
// skipped (TestBookZodiacDecisions compares every decision with the
// advice banning and greedy choosing).
func (p *bookPlayer) zodiac(g engine.Game, legal []engine.Move) (int, engine.RuleID) {
	if !p.on("zodiac/S2") {
		return -1, ""
	}
	im, ok := g.(engine.ZodiacFacts)
	if !ok || len(legal) > 64 {
		return p.zodiacByPiles(g, legal)
	}
	in, turn, adv := zodiacInward(im, legal)
	if turn >= 0 {
		return turn, adv // (banned is not read after a pick)
	}
	for m := in; m != 0; m &= m - 1 {
		p.banned[bits.TrailingZeros64(m)] = true
	}
	return -1, adv
}

// zodiacInward reads the inward marriages of legal (at most 64 moves) in
// one call: bit i of in is set when S2 bans legal[i]; turn is the index
// of the draw or re-deal when it is the only move left (else -1); adv
// names S2 when it banned any move.
func zodiacInward(im engine.ZodiacFacts, legal []engine.Move) (in uint64, turn int, adv engine.RuleID) {
	in = im.InwardMarriages(legal)
	if in != 0 {
		adv = "zodiac/S2"
	}
	// (1<<64 is 0 in Go, so a list of 64 moves gives every bit.)
	if left := (uint64(1)<<len(legal) - 1) &^ in; bits.OnesCount64(left) == 1 {
		i := bits.TrailingZeros64(left)
		if k := legal[i].Kind; k == engine.MoveDraw || k == engine.MoveRedeal {
			return in, i, adv
		}
	}
	return in, -1, adv
}

// zodiacDecide is the whole decision of the book in the Zodiac
// (bookGame.decide): decide with zodiac, without the generic decision's
// upkeep (the probe, which the advice does not use, and the banned list,
// filled only when greedy must choose among the moves left): the inward
// marriages read in one call and the draw or re-deal that is the only
// move left returned at once, as the advice does (zodiacInward; most
// decisions), greedy's choice among all moves when the advice bans none
// or every one, else greedy's choice among the moves not banned. A game
// that does not report its inward marriages, or a list of more than 64
// moves, gets decide's generic decision. TestBookZodiacDecide compares
// every decision with decide's.
func (p *bookPlayer) zodiacDecide(g engine.Game, legal []engine.Move) (int, engine.RuleID) {
	im, ok := g.(engine.ZodiacFacts)
	if !ok || len(legal) > 64 || !p.on("zodiac/S2") {
		return p.decide(g, legal)
	}
	in, turn, adv := zodiacInward(im, legal)
	if turn >= 0 {
		return turn, adv
	}
	if in == 0 || in == uint64(1)<<len(legal)-1 { // nothing banned, or everything: greedy chooses among all
		return p.choose(g, legal, nil), ""
	}
	p.clearBanned(len(legal))
	for m := in; m != 0; m &= m - 1 {
		p.banned[bits.TrailingZeros64(m)] = true
	}
	return p.choose(g, legal, p.banned), "zodiac/S2"
}

// zodiacByPiles is zodiac for a game that does not report its inward
// marriages: the covered cards are read from the target piles.
func (p *bookPlayer) zodiacByPiles(g engine.Game, legal []engine.Move) (int, engine.RuleID) {
	adv := engine.RuleID("")
	turn := -1    // the one draw or re-deal
	open := false // a move is left to greedy's scoring
	for i := range legal {
		m := &legal[i]
		switch m.Kind {
		case engine.MoveBuild:
			if !m.Card.Valid() {
				open = true
				continue
			}
			if under := p.top(g, int(m.To)); under.Valid() && needDistance(under) < needDistance(m.Card) {
				p.banned[i] = true
				adv = "zodiac/S2"
			} else {
				open = true
			}
		case engine.MoveDraw, engine.MoveRedeal:
			if turn >= 0 {
				open = true // two of them: greedy ranks them
			}
			turn = i
		default:
			open = true
		}
	}
	if !open && turn >= 0 {
		return turn, adv
	}
	return -1, adv
}
