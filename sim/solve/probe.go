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
	// seen maps the key of each state visited in the current iteration
	// to 1 + the most discrepancies it was visited with: a state met
	// again with no more discrepancies left has nothing new below it.
	seen map[engine.Key]int32
	// cap bounds len(seen); the map is cleared when it is reached (the
	// probe only searches again what it forgets).
	cap int
}

// visit records that the state with key k was reached with disc
// discrepancies left, and reports whether it is worth expanding.
func (p *prober) visit(k engine.Key, disc int) bool {
	if v, ok := p.seen[k]; ok && int(v) > disc {
		return false
	}
	if len(p.seen) >= p.cap {
		clear(p.seen)
	}
	p.seen[k] = int32(disc) + 1
	return true
}

// run probes g with iterations of growing discrepancy until it finds a
// win (won, the line in s.line), the budget runs out (halted), or an
// iteration made no discrepancy it was allowed, so that the next would
// search the same (leaf).
func (p *prober) run(s *Solver, g engine.Game) settled {
	if p.seen == nil {
		p.seen = make(map[engine.Key]int32, 1024)
		p.cap = int(max(s.lim.Memory/64, 1<<16))
	}
	s.probing = true
	defer func() { s.probing = false; clear(p.seen) }()
	for k := 0; ; k++ {
		clear(p.seen)
		s.cut = false
		f := s.use(0, g)
		f.plies, f.disc = 0, k
		r, limited := s.lds()
		if r != leaf || !limited {
			return r
		}
	}
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
