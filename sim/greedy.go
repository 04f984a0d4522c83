package sim

import "github.com/pasyans/pasyans/engine"

// greedyStrategy plays by a fixed, game-independent priority list over
// engine.MoveKind:
//
//  1. foundation plays and pair removals (MoveFoundation, MovePair), first
//     listed first;
//  2. tableau moves (MoveBuild, MoveFill, MoveReserve, MoveTransfer) that
//     open a space (score 2) or free a card (score 1), judged only from
//     the height of the visible source pile: 2 when it holds one card, 1
//     when it holds more (so a sequence move that takes a whole pile
//     scores 1), 0 when it is empty; of
//     several with the best score, the one after which most foundation
//     plays are open is chosen by cloning the game, determinizing the clone
//     with the player's own generator (so compulsory refills from the pack
//     reveal nothing) and applying each candidate; ties go to the first
//     listed;
//  3. turning the pack (MoveDraw, MoveDeal);
//  4. any other tableau move; 5. redeals; 6. passes; 7. anything else.
//
// Cycle avoidance: the player remembers every (ViewHash, move) pair it has
// played in the deal and does not play a tableau move again from a
// position that looks the same, unless nothing else is legal; so A→B→A
// shuffles end after one round.
type greedyStrategy struct{ params }

func init() {
	register(StrategyInfo{
		Name:    "greedy",
		Summary: "a fixed, game-independent priority list over move kinds (foundation plays first)",
		Order:   20,
		build:   func(ParamValues) Strategy { return &greedyStrategy{} },
	})
}

func (*greedyStrategy) Name() string      { return "greedy" }
func (*greedyStrategy) NewPlayer() Player { return newGreedyPlayer() }

// greedyPlayer is the reusable state of greedy play (also used by book and
// as the solver's fallback).
type greedyPlayer struct {
	seen    map[uint64]struct{}
	rng     engine.Rand
	cards   []engine.Card
	moves   []engine.Move
	score   []int8
	tieBase scratch // the determinized copy of a tie-break
	tieCand scratch // tieBase after one candidate move
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

// countProgress counts the foundation plays and pair removals in moves.
func countProgress(moves []engine.Move) int {
	n := 0
	for _, m := range moves {
		if isProgress(m.Kind) {
			n++
		}
	}
	return n
}

// moveKey identifies a move made from a position with view hash view.
func moveKey(view uint64, m engine.Move) uint64 {
	k := uint64(m.Kind) | uint64(m.From)<<8 | uint64(m.To)<<16 | uint64(m.Card)<<24 | uint64(m.Card2)<<32
	return engine.SplitMix64(view ^ engine.SplitMix64(k))
}

// choose applies the greedy priority list to the moves i of legal with
// allowed(i) (all when allowed is nil) and returns the chosen index. It
// never returns an index outside legal; if no allowed move exists it falls
// back to all moves.
func (p *greedyPlayer) choose(g engine.Game, legal []engine.Move, allowed func(int) bool) int {
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
	// Tableau moves: score from the visible source pile; skip repeats.
	var view uint64
	haveView := false
	if cap(p.score) < len(legal) {
		p.score = make([]int8, len(legal))
	}
	p.score = p.score[:len(legal)]
	bestScore, nBest, firstBest, rest, repeat := int8(0), 0, -1, -1, -1
	// Moves come grouped by source pile: the score of the last source
	// read is reused.
	lastFrom, lastScore := -1, int8(0)
	for i, m := range legal {
		p.score[i] = -1
		if !ok(i) || !isTableau(m.Kind) {
			continue
		}
		if !haveView {
			view, haveView = g.ViewHash(), true
		}
		if _, done := p.seen[moveKey(view, m)]; done {
			if repeat < 0 {
				repeat = i
			}
			continue
		}
		if int(m.From) != lastFrom {
			p.cards = g.Pile(p.cards[:0], int(m.From))
			lastFrom, lastScore = int(m.From), 0
			switch {
			case len(p.cards) == 1:
				lastScore = 2
			case len(p.cards) > 1:
				lastScore = 1
			}
		}
		sc := lastScore
		p.score[i] = sc
		if sc == 0 && rest < 0 {
			rest = i
		}
		switch {
		case sc > bestScore:
			bestScore, nBest, firstBest = sc, 1, i
		case sc == bestScore && sc > 0:
			nBest++
		}
	}
	chosen := -1
	if nBest == 1 {
		chosen = firstBest
	} else if nBest > 1 {
		chosen = p.mostFoundationPlays(g, legal, bestScore)
	}
	if chosen < 0 {
		best, bestRank := -1, 1<<30
		for i, m := range legal {
			if !ok(i) || isTableau(m.Kind) {
				continue
			}
			if r := greedyRank(m.Kind); r < bestRank {
				best, bestRank = i, r
			}
		}
		switch {
		case best >= 0 && bestRank <= 3:
			chosen = best
		case rest >= 0:
			chosen = rest
		case best >= 0:
			chosen = best
		case repeat >= 0:
			chosen = repeat
		default:
			for i := range legal {
				if ok(i) {
					chosen = i
					break
				}
			}
		}
	}
	if chosen < 0 {
		return 0
	}
	if haveView && isTableau(legal[chosen].Kind) {
		p.seen[moveKey(view, legal[chosen])] = struct{}{}
	}
	return chosen
}

// mostFoundationPlays returns the move of score sc after which most
// foundation plays and pair removals are open, tried on a determinized
// copy (first listed on ties). The copies live in the player's clone
// buffers; the last candidate is applied to the determinized copy itself,
// which is not needed after it.
func (p *greedyPlayer) mostFoundationPlays(g engine.Game, legal []engine.Move, sc int8) int {
	last := -1
	for i := range legal {
		if p.score[i] == sc {
			last = i
		}
	}
	base := p.tieBase.copyOf(g)
	base.Determinize(&p.rng)
	best, bestN := -1, -1
	for i, m := range legal {
		if p.score[i] != sc {
			continue
		}
		c := base
		if i != last {
			c = p.tieCand.copyOf(base)
		}
		if c.Apply(m) != nil {
			continue
		}
		p.moves = c.LegalMoves(p.moves[:0])
		if n := countProgress(p.moves); n > bestN {
			best, bestN = i, n
		}
	}
	return best
}
