package solve

import "github.com/pasyans/pasyans/engine"

// frame is one level of the depth-first search: a branching state, the
// moves to try from it and the forced moves that led to it.
type frame struct {
	g     engine.Game
	hooks engine.SearchHooks  // g's hooks; nil when the game has none
	ord   engine.MoveOrderer  // g's move order; nil when the game has none
	ctr   engine.CounterKeyer // g's key with a counter; nil when none
	memo  engine.MemoUser     // g, when its hooks keep results in a memo
	// listed is g when it can make a move it listed without checking it
	// again (the search makes only the moves LegalMoves listed).
	listed engine.ListedApplier
	// moves are the moves to try from g, in order; next is the index of
	// the next one.
	moves []engine.Move
	next  int
	// key is g's cache key (packed with its counter), kept so that the
	// state can be pinned in the cache while it is on the search path.
	key engine.Key
	// forced are the moves applied to g in place after the move of the
	// parent frame: each left a single move to make (a safe move, or the
	// only legal one), so no branch point was needed for it.
	forced []engine.Move
	// plies is the number of moves from the root to g, forced ones
	// included.
	plies int
	// disc is the number of discrepancies the probe may still make below
	// g; viable says whether a move tried from g led to a state with moves
	// of its own to try (only the moves after such a one are
	// discrepancies).
	disc   int
	viable bool
}

// settled says what settle found.
type settled uint8

const (
	// branch: the frame's state has two or more moves to try.
	branch settled = iota
	// leaf: nothing to search below (seen before, a dead end, no move, or
	// the depth limit).
	leaf
	// won: the frame's state is won.
	won
	// halted: a limit was reached.
	halted
)

// use returns frame i, made ready to hold a copy of g.
func (s *Solver) use(i int, g engine.Game) *frame {
	for len(s.stack) <= i {
		s.stack = append(s.stack, frame{})
	}
	f := &s.stack[i]
	if f.g == nil || !f.g.CopyFrom(g) {
		f.g = g.Clone()
		f.hooks, _ = f.g.(engine.SearchHooks)
		f.ord, _ = f.g.(engine.MoveOrderer)
		f.ctr, _ = f.g.(engine.CounterKeyer)
		f.memo, _ = f.g.(engine.MemoUser)
		f.listed, _ = f.g.(engine.ListedApplier)
	}
	if f.memo != nil {
		f.memo.UseMemo(s.memo) // the copy carried g's
	}
	return f
}

// apply makes *m, a move LegalMoves listed for f's state, and reports
// whether the game took it. m points into a move list (an address of a
// local would move the local to the heap: the game is an interface).
func (f *frame) apply(m *engine.Move) bool {
	if f.listed != nil {
		f.listed.ApplyListed(m)
		return true
	}
	return f.g.Apply(*m) == nil
}

// settle expands the state of frame depth, just reached: it stops at a
// win, at a state seen before or a dead end, and at the depth limit; it
// makes forced moves in place; it leaves the frame at its next branch point
// with its moves ordered.
func (s *Solver) settle(depth int) settled {
	f := &s.stack[depth]
	f.forced = f.forced[:0]
	for {
		if f.g.Won() {
			return won
		}
		var k engine.Key
		var ctr uint8
		switch {
		case f.ctr != nil:
			k, ctr = f.ctr.CounterKey()
		case f.hooks != nil:
			k = f.hooks.SearchKey()
		default:
			k = engine.Key{Hi: f.g.Hash(), Lo: f.g.ViewHash()}
		}
		k = pack(k, ctr)
		if s.probing {
			// The probe tells counters apart (it proves nothing, and a
			// state with a higher counter may still lead to a win).
			if !s.probe.visit(engine.Key{Hi: k.Hi ^ uint64(ctr)*0x9E3779B97F4A7C15, Lo: k.Lo}, f.disc) {
				return leaf
			}
		} else {
			if !s.tab.add(k) {
				return leaf
			}
			if s.tab.evictions != s.pinned {
				s.pin(depth)
			}
		}
		if f.hooks != nil && f.hooks.DeadEnd() {
			s.dead++
			if depth == 0 && !s.probing {
				s.rootDead = engine.DeadEndGeneric
				if n, ok := f.g.(engine.DeadEndNamer); ok {
					s.rootDead = n.DeadEndName()
				}
			}
			return leaf
		}
		if s.limited() {
			return halted
		}
		s.nodes++
		if f.plies > s.maxPlies {
			s.maxPlies = f.plies
		}
		f.moves = f.g.LegalMoves(f.moves[:0])
		if len(f.moves) == 0 {
			return leaf
		}
		if f.plies >= s.depthLimit {
			s.cut = true
			return leaf
		}
		if f.hooks != nil {
			if i := f.hooks.SafeMove(f.moves); i >= 0 {
				f.moves[0] = f.moves[i]
				f.moves = f.moves[:1]
			}
		}
		if len(f.moves) > 1 {
			s.branched = s.branched || !s.probing
			f.key = k
			f.next = 0
			f.viable = false
			s.order(f)
			return branch
		}
		m := f.moves[0]
		if !f.apply(&f.moves[0]) {
			return leaf // cannot happen: the engine listed m as legal
		}
		f.forced = append(f.forced, m)
		f.plies++
	}
}

// pin re-inserts the keys of the branch states on the search path after
// the cache evicted a generation: a path must keep knowing its own states,
// or a cycle of moves could lead the search round it without end.
func (s *Solver) pin(depth int) {
	for i := 0; i < depth; i++ {
		s.tab.keep(s.stack[i].key)
	}
	s.pinned = s.tab.evictions
}

// dfs searches depth-first from the root, which use(0, …) holds with
// plies 0. It returns won (with the line in s.line), halted, or leaf when
// the search is exhausted.
func (s *Solver) dfs() settled {
	switch r := s.settle(0); r {
	case won, halted, leaf:
		if r == won {
			s.collect(0)
		}
		return r
	}
	d := 0
	for d >= 0 {
		f := &s.stack[d]
		if f.next >= len(f.moves) {
			d--
			continue
		}
		mi := f.next
		f.next++
		c := s.use(d+1, f.g)
		f = &s.stack[d] // use may have grown the stack
		if !c.apply(&f.moves[mi]) {
			continue // cannot happen: the engine listed m as legal
		}
		c.plies = f.plies + 1
		switch s.settle(d + 1) {
		case branch:
			d++
		case won:
			s.collect(d + 1)
			return won
		case halted:
			return halted
		}
	}
	return leaf
}

// collect puts the line from the root to the state of frame depth into
// s.line.
func (s *Solver) collect(depth int) {
	s.line = append(s.line[:0], s.stack[0].forced...)
	for i := 1; i <= depth; i++ {
		p := &s.stack[i-1]
		s.line = append(s.line, p.moves[p.next-1])
		s.line = append(s.line, s.stack[i].forced...)
	}
}

// order puts the moves of f in the order the search tries them: the
// game's own order when it has one, else by kind (see kindRank), each
// group in the order the engine listed its moves.
func (s *Solver) order(f *frame) {
	if f.ord != nil {
		f.ord.OrderMoves(f.moves)
		return
	}
	ms := f.moves
	for i := 1; i < len(ms); i++ { // stable insertion sort; lists are short
		m := ms[i]
		r := kindRank[m.Kind]
		j := i
		for ; j > 0 && kindRank[ms[j-1].Kind] > r; j-- {
			ms[j] = ms[j-1]
		}
		ms[j] = m
	}
}

// kindRank is the generic move order: progress first (cards home, pairs
// out), then moves within the layout, then turning the pack, then
// redealing or passing.
var kindRank = [...]uint8{
	engine.MoveFoundation: 0,
	engine.MovePair:       0,
	engine.MoveTransfer:   1,
	engine.MoveBuild:      1,
	engine.MoveFill:       1,
	engine.MoveReserve:    1,
	engine.MoveDeal:       2,
	engine.MoveDraw:       2,
	engine.MoveRedeal:     3,
	engine.MovePass:       3,
	255:                   3,
}
