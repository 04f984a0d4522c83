package sim

import "github.com/pasyans/pasyans/engine"

// scratch is a reusable clone buffer of one player. The zero value is ready
// to use; the game it holds is overwritten by the next copyOf.
type scratch struct{ g engine.Game }

// copyOf returns an independent copy of src held in the buffer: the
// buffer's own game overwritten in place (Game.CopyFrom) when it holds a
// state of the same game, else a new Clone (which the buffer keeps for the
// next call).
func (s *scratch) copyOf(src engine.Game) engine.Game {
	if s.g != nil && s.g.CopyFrom(src) {
		return s.g
	}
	s.g = src.Clone()
	return s.g
}
