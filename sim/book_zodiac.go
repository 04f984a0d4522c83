package sim

import "github.com/pasyans/pasyans/engine"

// The Zodiac's part of the book strategy (bookAdvice "zodiac").

// needDistance is how far a card is from the ends of the zodiac's
// foundations (aces up, kings down): 0 for an ace or king, 6 for a seven.
func needDistance(c engine.Card) int {
	r := int(c.Rank())
	return min(r-1, engine.NumRanks-r)
}

// zodiac: S2 careful marriages. A marriage is banned when the card it
// covers is needed sooner than the card it lays (needDistance).
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
	adv := engine.RuleID("")
	if !p.on("zodiac/S2") {
		return -1, adv
	}
	reader, _ := g.(engine.PileReader) // asserted once, not per marriage
	turn := -1                         // the one draw or re-deal
	open := false                      // a move is left to greedy's scoring
	for i := range legal {
		m := &legal[i] // read in place: a copy of each move was a fifth of the advice's cost
		switch m.Kind {
		case engine.MoveBuild:
			if !m.Card.Valid() {
				open = true
				continue
			}
			var under engine.Card
			if reader != nil {
				under = reader.PileTop(int(m.To))
			} else {
				under = p.top(g, int(m.To))
			}
			if under.Valid() && needDistance(under) < needDistance(m.Card) {
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
