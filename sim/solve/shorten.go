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
	// hashes[i] is the Hash of state i along the line (the one before
	// move i; state len(line) is won); at finds the last index of a hash.
	hashes := make([]uint64, 0, len(line)+1)
	cur := g.Clone()
	hashes = append(hashes, cur.Hash())
	for _, m := range line {
		if cur.Apply(m) != nil {
			return line
		}
		hashes = append(hashes, cur.Hash())
	}
	at := lastIndex(hashes)
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
			j, ok := at(next.Hash())
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

// lastIndex returns a function that finds the last index of a hash in
// hashes: a scan for a short line (no map to build), a map for a long one.
func lastIndex(hashes []uint64) func(h uint64) (int, bool) {
	if len(hashes) <= 64 {
		return func(h uint64) (int, bool) {
			for i := len(hashes) - 1; i >= 0; i-- {
				if hashes[i] == h {
					return i, true
				}
			}
			return 0, false
		}
	}
	at := make(map[uint64]int, len(hashes))
	for i, h := range hashes {
		at[h] = i
	}
	return func(h uint64) (int, bool) {
		i, ok := at[h]
		return i, ok
	}
}
