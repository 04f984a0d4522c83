package solve

import "github.com/pasyans/pasyans/engine"

// nester is the probe of games with a rollout heuristic (engine.Roller):
// a nested rollout search of level 1 (Cazenave's nested Monte Carlo
// search). At each state of its line it plays every legal move out to the
// end with the heuristic (a playout, safe moves first), and it advances by
// the first move of the best line found so far — the playout that ended in
// the state the game rates highest (RolloutValue), the first found among
// equals — which it keeps from state to state, so the rating of the line's
// end never falls. A playout that wins ends the search. A safe move or a
// single legal move is made without playouts. When the line reaches a
// state with no move, the search starts again from the root, its
// playouts now making a uniformly random legal move instead of the
// heuristic's with a probability that grows by 1/16 a restart up to 1/4,
// from a generator seeded by the restart's number (so the result is a
// function of the deal and the budget). Every state of the line and of the
// playouts counts as a node. Like the probe, it proves nothing: it only
// finds wins, which replay.
type nester struct {
	cur, trial engine.Game
	legal      []engine.Move
	tlegal     []engine.Move
	line       []engine.Move // from the root to cur
	best       []engine.Move // the best line found from cur
	play       []engine.Move // the line of the current playout
	// rng, when noise > 0, makes a playout's move a uniformly random legal
	// one with probability noise/16 (the restarts after the first).
	// Restarts seed it with their number.
	rng   engine.Rand
	noise int
}

// ready makes *dst a copy of g, reusing it when it can.
func (s *Solver) ready(dst *engine.Game, g engine.Game) {
	if *dst == nil || !(*dst).CopyFrom(g) {
		*dst = g.Clone()
	}
	if m, ok := (*dst).(engine.MemoUser); ok {
		m.UseMemo(s.memo)
	}
}

// rollouts runs the nested rollout search on g, which must be an
// engine.Roller, restarting it until it wins (won, the line in s.line) or
// a limit is reached (halted).
func (s *Solver) rollouts(g engine.Game) settled {
	n := &s.nest
	for k := 0; ; k++ {
		n.noise = min(k, 4)
		n.rng.Seed(uint64(k))
		if r := s.nested(g); r != leaf {
			return r
		}
	}
}

// nested runs one nested rollout search from g, its playouts with the
// noise of n. It returns won (the line in s.line), halted, or leaf when
// its line reached a state with no move or the depth limit.
func (s *Solver) nested(g engine.Game) settled {
	n := &s.nest
	s.ready(&n.cur, g)
	s.ready(&n.trial, g)
	hooks, _ := n.cur.(engine.SearchHooks)
	n.line, n.best = n.line[:0], n.best[:0]
	bestScore := -1
	for {
		if n.cur.Won() {
			s.line = append(s.line[:0], n.line...)
			return won
		}
		if s.limited() {
			return halted
		}
		s.nodes++
		n.legal = n.cur.LegalMoves(n.legal[:0])
		if len(n.legal) == 0 || len(n.line) >= s.depthLimit {
			return leaf
		}
		if len(n.line) > s.maxPlies {
			s.maxPlies = len(n.line)
		}
		one := -1
		if len(n.legal) == 1 {
			one = 0
		} else if hooks != nil {
			one = hooks.SafeMove(n.legal)
		}
		if one < 0 {
			for _, m := range n.legal {
				n.trial.CopyFrom(n.cur)
				n.play = append(n.play[:0], m)
				if n.trial.Apply(m) != nil {
					continue // cannot happen: the engine listed m as legal
				}
				switch r := s.playout(len(n.line) + 1); r {
				case won:
					s.line = append(append(s.line[:0], n.line...), n.play...)
					return won
				case halted:
					return halted
				}
				if sc := n.trial.(engine.Roller).RolloutValue(); sc > bestScore {
					bestScore = sc
					n.best = append(n.best[:0], n.play...)
				}
			}
		}
		var m engine.Move
		switch {
		case one >= 0:
			m = n.legal[one]
			if len(n.best) > 0 && n.best[0] == m {
				n.best = n.best[:copy(n.best, n.best[1:])]
			} else {
				n.best, bestScore = n.best[:0], -1
			}
		case len(n.best) > 0:
			m = n.best[0]
			n.best = n.best[:copy(n.best, n.best[1:])]
		default:
			return leaf // every candidate failed to apply: cannot happen
		}
		if n.cur.Apply(m) != nil {
			return leaf // cannot happen: the engine listed m as legal
		}
		n.line = append(n.line, m)
	}
}

// playout plays n.trial out with the game's heuristic (safe moves first),
// appending its moves to n.play; plies is the length of the line to
// n.trial. It returns won, halted, or leaf at a state with no move or at
// the depth limit.
func (s *Solver) playout(plies int) settled {
	n := &s.nest
	hooks, _ := n.trial.(engine.SearchHooks)
	roll := n.trial.(engine.Roller)
	for {
		if n.trial.Won() {
			return won
		}
		if s.limited() {
			return halted
		}
		s.nodes++
		n.tlegal = n.trial.LegalMoves(n.tlegal[:0])
		if len(n.tlegal) == 0 || plies >= s.depthLimit {
			return leaf
		}
		i := -1
		if hooks != nil {
			i = hooks.SafeMove(n.tlegal)
		}
		if i < 0 {
			if n.noise > 0 && n.rng.IntN(16) < n.noise {
				i = n.rng.IntN(len(n.tlegal))
			} else {
				i = roll.RolloutMove(n.tlegal)
			}
		}
		m := n.tlegal[i]
		if n.trial.Apply(m) != nil {
			return leaf // cannot happen: the engine listed m as legal
		}
		n.play = append(n.play, m)
		plies++
	}
}
