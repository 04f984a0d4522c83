package sim

// keySet is a set of 64-bit hash keys that a player fills during one deal
// (greedy's cycle avoidance): open addressing with linear probing, emptied
// in constant time between deals by a generation stamp. The keys are hash
// values (engine.SplitMix64 outputs), so the low bits index the table.
type keySet struct {
	slots []keySlot
	gen   uint32 // slots of another generation are empty
	n     int    // keys of this generation
}

type keySlot struct {
	key uint64
	gen uint32
}

// keySetMin is the initial number of slots; keySetKeep bounds the table
// kept from one deal to the next.
const (
	keySetMin  = 256
	keySetKeep = 1 << 14
)

// reset empties the set.
func (s *keySet) reset() {
	if len(s.slots) > keySetKeep {
		s.slots = nil // do not keep a huge table between deals
	}
	s.gen++
	if s.gen == 0 { // the stamps wrapped around: clear them for real
		clear(s.slots)
		s.gen = 1
	}
	s.n = 0
}

// has reports whether k is in the set.
func (s *keySet) has(k uint64) bool {
	if s.n == 0 {
		return false
	}
	mask := uint64(len(s.slots) - 1)
	for i := k & mask; ; i = (i + 1) & mask {
		sl := &s.slots[i]
		if sl.gen != s.gen {
			return false
		}
		if sl.key == k {
			return true
		}
	}
}

// add puts k in the set.
func (s *keySet) add(k uint64) {
	if s.gen == 0 {
		s.gen = 1
	}
	if 2*(s.n+1) > len(s.slots) {
		s.grow()
	}
	mask := uint64(len(s.slots) - 1)
	for i := k & mask; ; i = (i + 1) & mask {
		sl := &s.slots[i]
		if sl.gen != s.gen {
			*sl = keySlot{key: k, gen: s.gen}
			s.n++
			return
		}
		if sl.key == k {
			return
		}
	}
}

// grow doubles the table (at least keySetMin slots) and re-inserts the keys
// of this generation.
func (s *keySet) grow() {
	old := s.slots
	s.slots = make([]keySlot, max(keySetMin, 2*len(old)))
	s.n = 0
	for _, sl := range old {
		if sl.gen == s.gen {
			s.add(sl.key)
		}
	}
}
