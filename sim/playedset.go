package sim

import "github.com/pasyans/pasyans/engine"

// playedSet is greedy's cycle memory: for each view (engine.Game.ViewHash)
// from which the player made a tableau move in the deal, the moves it made
// from there. One look-up of the view per decision answers both whether
// the view was met before and, by a walk of its few moves, whether each
// legal move was played from it; a set of (view, move) hashes needed a
// look-up per legal move besides the view's, and a second insert per move
// played, each a likely cache miss.
//
// The views hash into an open-addressing table emptied in constant time
// between deals by a generation stamp (like keySet); the moves of a view
// are a list, newest first, in an array reused from deal to deal.
type playedSet struct {
	slots []playedSlot
	gen   uint32 // slots of another generation are empty
	n     int    // views of this generation
	moves []playedMove
}

type playedSlot struct {
	view uint64
	gen  uint32
	head int32 // index in moves of the view's newest move
}

type playedMove struct {
	code uint64 // moveCode
	next int32  // the view's next older move, -1 for none
}

// playedKeep bounds the moves kept from one deal to the next (the table's
// bound is keySetKeep).
const playedKeep = 1 << 16

// moveCode packs the fields of a move that tell moves apart (all but the
// rule, which follows from them) into one word.
func moveCode(m *engine.Move) uint64 {
	return uint64(m.Kind) | uint64(m.From)<<8 | uint64(m.To)<<16 | uint64(m.Card)<<24 | uint64(m.Card2)<<32
}

// reset empties the set.
func (s *playedSet) reset() {
	if len(s.slots) > keySetKeep {
		s.slots = nil // do not keep a huge table between deals
	}
	if cap(s.moves) > playedKeep {
		s.moves = nil
	}
	s.gen++
	if s.gen == 0 { // the stamps wrapped around: clear them for real
		clear(s.slots)
		s.gen = 1
	}
	s.n = 0
	s.moves = s.moves[:0]
}

// lookup returns the newest move played from view, -1 if none was.
func (s *playedSet) lookup(view uint64) int32 {
	if s.n == 0 {
		return -1
	}
	mask := uint64(len(s.slots) - 1)
	for i := view & mask; ; i = (i + 1) & mask {
		sl := &s.slots[i]
		if sl.gen != s.gen {
			return -1
		}
		if sl.view == view {
			return sl.head
		}
	}
}

// has reports whether the move of code c is in the list that starts at
// head (a lookup result).
func (s *playedSet) has(head int32, c uint64) bool {
	for i := head; i >= 0; i = s.moves[i].next {
		if s.moves[i].code == c {
			return true
		}
	}
	return false
}

// add records that the move of code c was played from view.
func (s *playedSet) add(view uint64, c uint64) {
	if s.gen == 0 {
		s.gen = 1
	}
	if 2*(s.n+1) > len(s.slots) {
		s.grow()
	}
	mask := uint64(len(s.slots) - 1)
	for i := view & mask; ; i = (i + 1) & mask {
		sl := &s.slots[i]
		if sl.gen != s.gen {
			s.moves = append(s.moves, playedMove{code: c, next: -1})
			*sl = playedSlot{view: view, gen: s.gen, head: int32(len(s.moves) - 1)}
			s.n++
			return
		}
		if sl.view == view {
			if !s.has(sl.head, c) {
				s.moves = append(s.moves, playedMove{code: c, next: sl.head})
				sl.head = int32(len(s.moves) - 1)
			}
			return
		}
	}
}

// grow doubles the table (at least keySetMin slots) and re-inserts the
// views of this generation with their lists.
func (s *playedSet) grow() {
	old := s.slots
	s.slots = make([]playedSlot, max(keySetMin, 2*len(old)))
	mask := uint64(len(s.slots) - 1)
	for _, sl := range old {
		if sl.gen != s.gen {
			continue
		}
		for i := sl.view & mask; ; i = (i + 1) & mask {
			if s.slots[i].gen != s.gen {
				s.slots[i] = sl
				break
			}
		}
	}
}
