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
//     scores 1), 0 when it is empty; of several with the best score, the
//     one after which most foundation plays and pair removals are open,
//     counting only plays of cards the player could see before the move
//     (see probe: each candidate is tried on a copy of the game); ties go
//     to the first listed;
//  3. turning the pack (MoveDraw, MoveDeal);
//  4. any other tableau move; 5. redeals; 6. passes; 7. anything else.
//
// Cycle avoidance: the player remembers every (ViewHash, move) pair it has
// played in the deal and does not play a tableau move again from a
// position that looks the same, unless nothing else is legal; so A→B→A
// shuffles end after one round. In a game whose positions never come back
// (engine.Acyclic) it would never find one, and remembers nothing.
//
// The tie-break of step 2 used to try the candidates on a copy whose hidden
// cards were first shuffled (determinized) with the player's generator, and
// counted the plays the shuffled cards opened too; it cost a shuffle per
// decision and made choices depend on the luck of the sample.
// docs/tournaments.md compares the two rules.
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
	seen  playedSet // the tableau moves played, by view
	probe probe     // tries tied candidates
	score []int8
	sum   moveScores // of the decision in progress (scoreMoves)
	// noOpenings: the caller of choose found that no legal move opens a
	// progress move (engine.OpeningTeller) in the state of this
	// decision; set and cleared around one call (the book's
	// red-and-black advice), false says nothing.
	noOpenings bool
	// acyclic: the game of the last Reset is an engine.Acyclic one, whose
	// positions never come back, so the memory of the views played
	// (seen) would never be found: it is neither kept nor read, and the
	// view is never asked for.
	acyclic bool
}

func newGreedyPlayer() *greedyPlayer { return &greedyPlayer{} }

func (p *greedyPlayer) Reset(g engine.Game, _ uint64) {
	p.seen.reset()
	p.probe.forget()
	a, ok := g.(engine.Acyclic)
	p.acyclic = ok && a.Acyclic()
}

func (p *greedyPlayer) Choose(g engine.Game, legal []engine.Move) (int, engine.RuleID) {
	p.probe.forget()
	if loneMove(legal) { // choose would return it
		return 0, ""
	}
	return p.choose(g, legal, nil), ""
}

// loneMove reports whether legal holds one move that is not a tableau
// move (which the cycle memory records): choose returns it whatever it
// is, banned or not, so it is returned at once (a draw or a deal alone is
// most decisions of the games that turn a pack).
func loneMove(legal []engine.Move) bool {
	return len(legal) == 1 && kindClass[legal[0].Kind] != classTableau
}

// nextLegal implements nextLegaler: a tie-break that tried the chosen move
// on a copy has the legal moves after it.
func (p *greedyPlayer) nextLegal(m *engine.Move, dst []engine.Move) ([]engine.Move, bool) {
	if !p.probe.haveKept { // the common case, decided without reading m
		return dst, false
	}
	return p.probe.nextLegal(*m, dst)
}

// played records that tableau move m was played from view.
func (p *greedyPlayer) played(view uint64, m engine.Move) {
	p.seen.add(view, moveCode(&m))
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

// Classes of move kinds (kindClass): progress moves (isProgress), tableau
// moves (isTableau), the others.
const (
	classOther uint8 = iota
	classProgress
	classTableau
)

// kindClass[k] is the class of move kind k: one load where the decision
// reads every legal move.
var kindClass = func() (t [256]uint8) {
	for k := range t {
		switch {
		case isProgress(engine.MoveKind(k)):
			t[k] = classProgress
		case isTableau(engine.MoveKind(k)):
			t[k] = classTableau
		}
	}
	return t
}()

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

// choose applies the greedy priority list to the moves i of legal that are
// not banned[i] (all when banned is nil) and returns the chosen index. It
// never returns an index outside legal; if every move is banned it falls
// back to all moves.
func (p *greedyPlayer) choose(g engine.Game, legal []engine.Move, banned []bool) int {
	if loneMove(legal) {
		return 0
	}
	// One pass over the moves finds the first progress move and scores
	// the tableau moves (see scoreMoves); the moves are read in place
	// (&legal[i]): a copy of each move per loop was a good part of a
	// decision's cost.
	ok := func(i int) bool { return banned == nil || !banned[i] }
	sum := &p.sum
	p.scoreMoves(g, legal, banned)
	if sum.progress >= 0 {
		return sum.progress
	}
	if !sum.found {
		if banned == nil {
			return 0
		}
		return p.choose(g, legal, nil)
	}
	tableau, view := sum.tableau, sum.view
	bestScore, nBest, firstBest, rest, repeat := sum.score, sum.n, sum.first, sum.rest, sum.repeat
	chosen := -1
	if nBest == 1 {
		chosen = firstBest
	} else if nBest > 1 {
		chosen = p.mostFoundationPlays(g, legal, bestScore)
	}
	if chosen < 0 {
		best, bestRank := -1, 1<<30
		for i := range legal {
			k := legal[i].Kind
			if !ok(i) || isTableau(k) {
				continue
			}
			if r := greedyRank(k); r < bestRank {
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
	if tableau && !p.acyclic && isTableau(legal[chosen].Kind) {
		p.seen.add(view, moveCode(&legal[chosen]))
	}
	return chosen
}

// moveScores sums up a decision's moves (scoreMoves): the first move not
// banned that is a progress move (-1 if none, and then the rest is not
// filled in); whether any move is not banned, and any of those a tableau
// move, and if so the view of the decision; the best positive score (0 if
// none), how many moves have it and the first of them (-1 if none), the
// first move of score 0 and the first of score -1 (-1 if none).
type moveScores struct {
	progress            int
	found, tableau      bool
	view                uint64
	score               int8
	n                   int
	first, rest, repeat int
}

// scoreMoves sets p.sum to the summary of the moves of legal, and p.score[i]
// for each move before the first progress move: the greedy score of a
// tableau move not banned (2 when its visible source pile holds one card,
// 1 when more, 0 when none), -1 for one played from the decision's view
// before (a repeat), -2 for every other move. The view and the cycle
// memory are read at the first tableau move (never in an acyclic game,
// which has no repeat): a decision whose first move
// is a progress move (red-and-black lists its foundation plays first)
// reads neither. Moves come grouped by source pile: the score of the last
// source read is reused. (One loop for all of it: the passes over the
// moves, for progress moves and then for the scores and their summary,
// were a good part of a red-and-black decision.)
func (p *greedyPlayer) scoreMoves(g engine.Game, legal []engine.Move, banned []bool) {
	if cap(p.score) < len(legal) {
		p.score = make([]int8, len(legal))
	}
	score := p.score[:len(legal)]
	p.score = score
	// (The summary is written in place: returning it was a copy of its
	// fields per decision.)
	sum := &p.sum
	*sum = moveScores{progress: -1, first: -1, rest: -1, repeat: -1}
	played := int32(-1)
	lastFrom, lastScore := -1, int8(0)
	for i := range legal {
		m := &legal[i]
		sc := int8(-2)
		if banned == nil || !banned[i] {
			sum.found = true
			switch kindClass[m.Kind] {
			case classProgress:
				sum.progress = i
				return
			case classTableau:
				if !sum.tableau {
					sum.tableau = true
					if !p.acyclic {
						sum.view = g.ViewHash()
						played = p.seen.lookup(sum.view)
					}
				}
				switch {
				case played >= 0 && p.seen.has(played, moveCode(m)):
					sc = -1
				case int(m.From) == lastFrom:
					sc = lastScore
				default:
					n := g.PileLen(int(m.From))
					lastFrom, lastScore = int(m.From), 0
					if n == 1 {
						lastScore = 2
					} else if n > 1 {
						lastScore = 1
					}
					sc = lastScore
				}
			}
		}
		score[i] = sc
		switch {
		case sc > sum.score:
			sum.score, sum.n, sum.first = sc, 1, i
		case sc == sum.score && sc > 0:
			sum.n++
		case sc == 0 && sum.rest < 0:
			sum.rest = i
		case sc == -1 && sum.repeat < 0:
			sum.repeat = i
		}
	}
}

// hasNoOpenings reports whether g is an engine.OpeningTeller that tells
// that no legal move opens a progress move.
func hasNoOpenings(g engine.Game) bool {
	t, ok := g.(engine.OpeningTeller)
	return ok && t.NoOpenings()
}

// mostFoundationPlays returns the move of score sc after which most
// foundation plays and pair removals of cards the player could see are open
// (see probe), the first listed on ties; -1 if none can be applied.
//
// A game that counts them itself (engine.ProgressCounter, the same count
// as the probe's) spares the probe's listing and fairness tests; the
// probe keeps nothing for nextLegal after such a count, as after its own
// peeks, which list only progress moves.
func (p *greedyPlayer) mostFoundationPlays(g engine.Game, legal []engine.Move, sc int8) int {
	p.probe.forget()
	// A game that tells at once that every candidate counts 0
	// (engine.OpeningTeller, a ProgressCounter) gets the first, as the
	// count would.
	if p.noOpenings || hasNoOpenings(g) {
		for i := range legal {
			if p.score[i] == sc {
				return i
			}
		}
	}
	counter, _ := g.(engine.ProgressCounter)
	probed := false
	best, bestN := -1, -1
	for i := range legal {
		if p.score[i] != sc {
			continue
		}
		n, counted := 0, false
		if counter != nil {
			n, counted = counter.ProgressCountAfter(&legal[i])
		}
		if !counted {
			if !probed {
				p.probe.reset(g)
				probed = true
			}
			n = p.probe.progressAt(i, legal[i])
		}
		if n > bestN {
			best, bestN = i, n
			if counted {
				p.probe.forget()
			} else {
				p.probe.keep(legal[i])
			}
		}
	}
	return best
}
