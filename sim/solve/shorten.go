package solve

import "github.com/pasyans/pasyans/engine"

// shorten returns a winning line from g no longer than line (which wins
// from g), with detours cut out: walking the line, it replaces the next
// move by a move that reaches a later state of the line directly (the
// furthest one), or a won state. Depth-first search finds a win, not a
// short one, so its lines wander (a card moved away and back, a build
// made early and undone); most of that goes. States are matched by their
// full Hash, and the result is replayed before it is returned: should it
// not win (a hash collision), line is returned unchanged.
func (s *Solver) shorten(g engine.Game, line []engine.Move) []engine.Move {
	if len(line) < 2 {
		return line
	}
	// at[h] is the last index of the state with hash h along the line
	// (state i is the one before move i; state len(line) is won).
	at := make(map[uint64]int, len(line)+1)
	cur := g.Clone()
	at[cur.Hash()] = 0
	for i, m := range line {
		if cur.Apply(m) != nil {
			return line
		}
		at[cur.Hash()] = i + 1
	}
	out := make([]engine.Move, 0, len(line))
	cur.CopyFrom(g)
	next := g.Clone()
	var moves []engine.Move
	for i := 0; i < len(line); {
		best, bestJ := line[i], i+1
		moves = cur.LegalMoves(moves[:0])
		for _, m := range moves {
			if !next.CopyFrom(cur) || next.Apply(m) != nil {
				continue
			}
			j, ok := at[next.Hash()]
			if next.Won() {
				j, ok = len(line), true
			}
			if ok && j > bestJ {
				best, bestJ = m, j
			}
		}
		if cur.Apply(best) != nil {
			return line
		}
		out = append(out, best)
		if cur.Won() {
			break
		}
		i = bestJ
	}
	if !cur.Won() || len(out) > len(line) {
		return line
	}
	// Replay from the start: the jumps matched states by hash.
	cur.CopyFrom(g)
	for _, m := range out {
		if cur.Apply(m) != nil {
			return line
		}
	}
	if !cur.Won() {
		return line
	}
	return out
}
