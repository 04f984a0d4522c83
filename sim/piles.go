package sim

import "github.com/pasyans/pasyans/engine"

// pileView reads the piles of a game as Pile shows them: through
// engine.PileReader, which copies nothing, when the game has it, else by
// reading the pile into a buffer. It remembers the game it read last and
// its PileReader, so that a decision that reads many piles of one state
// asserts the interface once. The zero value is ready to use.
type pileView struct {
	g   engine.Game
	r   engine.PileReader // g's PileReader, nil if it has none
	buf []engine.Card
}

// of makes g the game read.
func (v *pileView) of(g engine.Game) {
	if v.g != g {
		v.g = g
		v.r, _ = g.(engine.PileReader)
	}
}

// len returns the number of cards of pile i of g.
func (v *pileView) len(g engine.Game, i int) int {
	v.of(g)
	if v.r != nil {
		return v.r.PileLen(i)
	}
	v.buf = g.Pile(v.buf[:0], i)
	return len(v.buf)
}

// top returns the top card of pile i of g (NoCard when the pile is empty
// or its top is hidden).
func (v *pileView) top(g engine.Game, i int) engine.Card {
	v.of(g)
	if v.r != nil {
		return v.r.PileTop(i)
	}
	v.buf = g.Pile(v.buf[:0], i)
	if len(v.buf) == 0 {
		return engine.NoCard
	}
	return v.buf[len(v.buf)-1]
}
