package sim

import "github.com/pasyans/pasyans/engine"

// greedyStrategy plays by a fixed, game-independent priority list over
// engine.MoveKind:
//
//  1. foundation plays and pair removals (MoveFoundation, MovePair), first
//     listed first;
//  2. tableau moves (MoveBuild, MoveFill, MoveReserve, MoveTransfer) that
//     free a card or open a space, scored on a determinized clone after the
//     move: +4 for each foundation play the move makes available, +2 if it
//     empties its source pile, +1 if it uncovers a card; the best score
//     wins, ties go to the first listed;
//  3. turning the pack (MoveDraw, MoveDeal);
//  4. any other tableau move; 5. redeals; 6. passes; 7. anything else.
//
// Cycle avoidance: the player remembers the ViewHash of every position it
// has seen in the deal and skips a tableau move whose result (on the
// clone) it has already seen, unless nothing else is legal.
//
// The clone is determinized with the player's own generator before moves
// are tried on it, so that compulsory refills from the pack do not reveal
// the real next card: greedy sees only what the player sees.
type greedyStrategy struct{ params }

func (*greedyStrategy) Name() string      { return "greedy" }
func (*greedyStrategy) NewPlayer() Player { return newGreedyPlayer() }

// greedyPlayer is the reusable state of greedy play (also used by book and
// as the solver's fallback).
type greedyPlayer struct {
	seen  map[uint64]struct{}
	rng   engine.Rand
	cards []engine.Card
	moves []engine.Move
}

func newGreedyPlayer() *greedyPlayer {
	return &greedyPlayer{seen: make(map[uint64]struct{}, 256)}
}

func (p *greedyPlayer) Reset(_ engine.Game, seed uint64) {
	clear(p.seen)
	p.rng.Seed(seed)
}

func (p *greedyPlayer) Choose(g engine.Game, legal []engine.Move) (int, engine.RuleID) {
	return p.choose(g, legal, nil), ""
}

// isProgress reports whether a move kind plays to a foundation or removes
// cards for good.
func isProgress(k engine.MoveKind) bool {
	return k == engine.MoveFoundation || k == engine.MovePair
}

// isTableau reports whether a move kind rearranges visible cards (and can
// therefore be part of a cycle).
func isTableau(k engine.MoveKind) bool {
	switch k {
	case engine.MoveBuild, engine.MoveFill, engine.MoveReserve, engine.MoveTransfer:
		return true
	}
	return false
}

// greedyRank is the priority class of kinds other than progress and
// tableau moves (lower is better).
func greedyRank(k engine.MoveKind) int {
	switch k {
	case engine.MoveDraw, engine.MoveDeal:
		return 3
	case engine.MoveRedeal:
		return 5
	case engine.MovePass:
		return 6
	}
	return 7
}

// countKind counts the foundation plays and pair removals in moves.
func countProgress(moves []engine.Move) int {
	n := 0
	for _, m := range moves {
		if isProgress(m.Kind) {
			n++
		}
	}
	return n
}

// choose applies the greedy priority list to the moves i of legal with
// allowed(i) (all when allowed is nil) and returns the chosen index. It
// never returns an index outside legal; if no allowed move exists it falls
// back to all moves.
func (p *greedyPlayer) choose(g engine.Game, legal []engine.Move, allowed func(int) bool) int {
	p.seen[g.ViewHash()] = struct{}{}
	ok := func(i int) bool { return allowed == nil || allowed(i) }
	found := false
	for i, m := range legal {
		if !ok(i) {
			continue
		}
		found = true
		if isProgress(m.Kind) {
			return i
		}
	}
	if !found {
		if allowed == nil {
			return 0
		}
		return p.choose(g, legal, nil)
	}
	// Tableau moves: score them on a determinized clone.
	var base engine.Game
	bestFree, bestFreeScore := -1, 0
	bestRest, firstCyclic := -1, -1
	for i, m := range legal {
		if !ok(i) || !isTableau(m.Kind) {
			continue
		}
		if base == nil {
			base = g.Clone()
			base.Determinize(&p.rng)
		}
		c := base.Clone()
		if err := c.Apply(m); err != nil {
			continue
		}
		if _, cyc := p.seen[c.ViewHash()]; cyc {
			if firstCyclic < 0 {
				firstCyclic = i
			}
			continue
		}
		score := 0
		p.moves = c.LegalMoves(p.moves[:0])
		score += 4 * countProgress(p.moves)
		p.cards = g.Pile(p.cards[:0], int(m.From))
		switch {
		case len(p.cards) == 1:
			score += 2
		case len(p.cards) > 1:
			score++
		}
		if score > bestFreeScore {
			bestFree, bestFreeScore = i, score
		}
		if bestRest < 0 {
			bestRest = i
		}
	}
	if bestFree >= 0 {
		return bestFree
	}
	best, bestRank := -1, 1<<30
	for i, m := range legal {
		if !ok(i) || isTableau(m.Kind) {
			continue
		}
		if r := greedyRank(m.Kind); r < bestRank {
			best, bestRank = i, r
		}
	}
	if best >= 0 && bestRank <= 3 {
		return best
	}
	if bestRest >= 0 {
		return bestRest
	}
	if best >= 0 {
		return best
	}
	if firstCyclic >= 0 {
		return firstCyclic
	}
	for i := range legal {
		if ok(i) {
			return i
		}
	}
	return 0
}
