package sim

import "github.com/pasyans/pasyans/engine"

// copier is implemented by games that can overwrite themselves with a copy
// of another state of the same game (see engine.Copier), so that a clone
// buffer is reused instead of allocating a new Clone at every decision.
type copier interface {
	CopyFrom(src engine.Game) bool
}

// scratch is a reusable clone buffer of one player. The zero value is ready
// to use; the game it holds is overwritten by the next copyOf.
type scratch struct{ g engine.Game }

// copyOf returns an independent copy of src held in the buffer: the
// buffer's own game overwritten in place when it supports CopyFrom for src,
// else a new Clone (which the buffer keeps for the next call).
func (s *scratch) copyOf(src engine.Game) engine.Game {
	if c, ok := s.g.(copier); ok && c.CopyFrom(src) {
		return s.g
	}
	s.g = src.Clone()
	return s.g
}
