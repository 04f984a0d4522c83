package solve

import "github.com/pasyans/pasyans/engine"

// prober is the probe for a quick win: limited discrepancy search (Harvey
// and Ginsberg 1995) over the search's move order. Iteration k follows the
// move order except for at most k moves (discrepancies), so iteration 0 is
// one greedy dive, iteration 1 every line that leaves the greedy line
// once, and so on, until a win is found or the probe's share of the node
// budget is spent. A move is a discrepancy only when a move tried before
// it from the same state led somewhere (to a new state with moves to
// try): passing over moves that lead to states seen before or to dead ends
// is free. A wrong early choice, which chronological backtracking
// only undoes after exhausting everything below it, costs the probe one
// discrepancy. The probe never proves a loss; the exhaustive search that
// follows does.
type prober struct {
	// seen holds, for each state visited in the current iteration, a
	// 56-bit fingerprint of its key (from slot) and 1 + the most discrepancies it was
	// visited with (the low byte): a state met again with no more
	// discrepancies left has nothing new below it. Open addressing with
	// linear probing; 0 marks an empty slot. A fingerprint that collides
	// can only make the probe skip a state, never report a false win:
	// the probe decides nothing but the wins it finds.
	seen     []uint64
	n        int
	maxSlots int
}

// probeMinSlots is the size of the probe's table between searches.
const probeMinSlots = 1 << 12

// visit records that the state with key k was reached with disc
// discrepancies left, and reports whether it is worth expanding.
func (p *prober) visit(k engine.Key, disc int) bool {
	fp := slot(k) &^ 0xFF
	mark := fp | uint64(min(disc, 254)+1)
	mask := uint64(len(p.seen) - 1)
	i := (fp >> 8) & mask
	for ; p.seen[i] != 0; i = (i + 1) & mask {
		if p.seen[i]&^0xFF == fp {
			if int(p.seen[i]&0xFF) > disc {
				return false
			}
			p.seen[i] = mark
			return true
		}
	}
	if p.n >= len(p.seen)*maxLoad/16 {
		p.grow()
		mask = uint64(len(p.seen) - 1)
		for i = (fp >> 8) & mask; p.seen[i] != 0; i = (i + 1) & mask {
		}
	}
	p.seen[i] = mark
	p.n++
	return true
}

// grow doubles the table below its limit, and forgets every state at the
// limit (the probe only searches again what it forgets).
func (p *prober) grow() {
	if len(p.seen) >= p.maxSlots {
		clear(p.seen)
		p.n = 0
		return
	}
	// The index of a slot is taken from its fingerprint, so the table
	// rehashes from what it holds.
	prev := p.seen
	p.seen = make([]uint64, 2*len(prev))
	p.n = 0
	mask := uint64(len(p.seen) - 1)
	for _, v := range prev {
		if v != 0 {
			i := (v >> 8) & mask
			for p.seen[i] != 0 {
				i = (i + 1) & mask
			}
			p.seen[i] = v
			p.n++
		}
	}
}

// reset empties the table, shrinking it back to its initial size.
func (p *prober) reset() {
	if len(p.seen) != probeMinSlots {
		p.seen = make([]uint64, probeMinSlots)
	} else {
		clear(p.seen)
	}
	p.n = 0
}

// run probes g with iterations of growing discrepancy until it finds a
// win (won, the line in s.line), the budget runs out (halted), or an
// iteration made no discrepancy it was allowed, so that the next would
// search the same (leaf).
func (p *prober) run(s *Solver, g engine.Game) settled {
	p.maxSlots = probeMinSlots
	for int64(p.maxSlots)*2*8 <= s.lim.Memory/4 {
		p.maxSlots *= 2
	}
	s.probing = true
	defer func() { s.probing = false; p.reset() }()
	for k := 0; k < 255; k++ {
		p.reset()
		s.cut = false
		f := s.use(0, g)
		f.plies, f.disc = 0, k
		r, limited := s.lds()
		if r != leaf || !limited {
			return r
		}
	}
	return leaf
}

// lds runs one iteration of limited discrepancy search from frame 0. It
// reports whether the discrepancy limit kept it from a move (if not, a
// further iteration would find nothing new).
func (s *Solver) lds() (r settled, limited bool) {
	switch r := s.settle(0); r {
	case won:
		s.collect(0)
		return won, false
	case halted, leaf:
		return r, false
	}
	d := 0
	for d >= 0 {
		f := &s.stack[d]
		if f.next >= len(f.moves) {
			d--
			continue
		}
		disc := f.disc
		if f.viable {
			if disc == 0 {
				limited = true
				d--
				continue
			}
			disc--
		}
		m := f.moves[f.next]
		f.next++
		c := s.use(d+1, f.g)
		f = &s.stack[d]
		if err := c.g.Apply(m); err != nil {
			continue
		}
		c.plies, c.disc = f.plies+1, disc
		switch s.settle(d + 1) {
		case branch:
			f.viable = true
			d++
		case won:
			s.collect(d + 1)
			return won, limited
		case halted:
			return halted, limited
		}
	}
	return leaf, limited
}
