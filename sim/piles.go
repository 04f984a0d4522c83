package sim

import "github.com/pasyans/pasyans/engine"

// pileLen returns the number of cards of pile i of g, as Pile shows
// them: through engine.PileReader, which copies nothing, when the game
// has it, else by reading the pile into *buf.
func pileLen(g engine.Game, i int, buf *[]engine.Card) int {
	if r, ok := g.(engine.PileReader); ok {
		return r.PileLen(i)
	}
	*buf = g.Pile((*buf)[:0], i)
	return len(*buf)
}

// pileTop returns the top card of pile i of g as Pile shows it (NoCard
// when the pile is empty or its top is hidden): through
// engine.PileReader when the game has it, else by reading the pile into
// *buf.
func pileTop(g engine.Game, i int, buf *[]engine.Card) engine.Card {
	if r, ok := g.(engine.PileReader); ok {
		return r.PileTop(i)
	}
	*buf = g.Pile((*buf)[:0], i)
	if len(*buf) == 0 {
		return engine.NoCard
	}
	return (*buf)[len(*buf)-1]
}
