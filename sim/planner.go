package sim

import (
	"context"
	"strconv"

	"github.com/pasyans/pasyans/engine"
	"github.com/pasyans/pasyans/sim/solve"
)

// plannerStrategy is a hidden-information Monte Carlo planner (perfect
// information Monte Carlo, "PIMC"): it sees only what a player sees and
// plays like a player who, at each decision, imagines how the unseen cards
// may lie and tries every move on each imagined deal.
//
// At each decision with more than one legal move it
//
//  1. takes samples determinizations of the position: copies whose hidden
//     cards are rearranged by Game.Determinize with the player's own
//     generator (seeded from the deal's strategy seed, so the same deal
//     is played the same way whatever the workers or shards), consistent
//     with the view and never reading the real hidden order;
//  2. applies every candidate move on each determinization (the same
//     samples for every candidate: common random numbers) and plays the
//     rest of the deal out with greedy (greedyStrategy), at most horizon
//     moves (0: to the end or the move cap);
//  3. values each candidate by its won rollouts, plus the sum of its
//     foundation fractions (Score ÷ Total at the rollout's end) scaled to
//     less than one won rollout — so wins decide, and the fractions break
//     ties, in particular when no rollout wins — plus the prior: when some
//     rollout won, the heuristic's own move (greedy's; the book's for
//     planner-book) is credited prior won rollouts (default 0.5), so that
//     sampling noise alone does not overturn it (when none won, the
//     fractions are all the evidence, and the prior would always outweigh
//     them). The best value is played; exact ties go to the heuristic's
//     move, then to greedy's choice among the tied.
//
// A candidate that leads back to a view the player has already had in
// this deal (a tableau shuffle A→B→A) is tried only when every move does;
// of candidates that lead to the same view only the first is tried (the
// views are read on the first sample, never on the real state, since a
// move may turn up a hidden card).
//
// Positions without hidden cards (Napoleon's open layout, any game once
// its pack is out and every card is face up) are decided by the solver of
// package solve instead, with budget nodes: when it finds a win the
// planner follows the solver's line move by move; when it proves the
// position lost the planner plays greedy; when it stops undecided the
// planner goes on with rollouts. The solver runs on a determinized copy,
// so hidden randomness other than cards (a shuffled redeal) never leaks,
// and a line is followed only up to its first move that turns up a card
// (Move.Card is NoCard), after which the planner decides afresh. With
// replan=1 the planner does the same while cards are hidden: it solves a
// sample and follows its line to the next card turned up (an option for
// experiments; no game's default).
//
// The Zodiac is planned as a whole (see layoutPlan): the solver's won line
// on a sample gives the layout to build, and real play builds it whatever
// order the pack comes in; samples is there the number of samples solved
// for a plan.
//
// The number of samples and the rollout horizon default per game
// (engine.Spec.Planner, docs/tournaments.md): a sample costs one rollout per
// candidate, and the games differ by an order of magnitude in the length
// of a deal and the number of candidates.
//
// planner-book is the same planner with the book's advice (bookStrategy)
// as the prior, and when it plays the book's move the decision names the
// book's advice ID, as book rows do. Its parameter without turns one
// advice label off, as book's does.
type plannerStrategy struct {
	params
	name    string
	samples int     // determinizations per decision, 0: the game's default
	horizon int     // moves per rollout, 0: the game's default, -1: none
	prior   float64 // won rollouts credited to the heuristic's move
	replan  bool    // also solve sampled deals while cards are hidden (see plannerStrategy)
	nodes   int64   // solver budget of each search, 0: never solve
	book    bool
	without string // planner-book: the book's advice label turned off (bookStrategy)
}

// plannerFallback is the default of a game whose Spec gives none (Samples
// 0: the tests' toy game; TestPlannerDefaultsCover checks every game of
// the catalog gives its own).
var plannerFallback = engine.PlannerDefaults{Samples: 4, Horizon: 100}

func init() {
	for _, book := range []bool{false, true} {
		name, summary, order := "planner", "a Monte Carlo planner: greedy rollouts on sampled deals consistent with the view; the solver once nothing is hidden", 60
		if book {
			name, summary, order = "planner-book", "the planner with the books' advice as prior and tie-break (names the advice it followed)", 61
		}
		ps := []ParamInfo{
			{Name: "samples", Summary: "determinizations per decision, 0 = the game's default", Kind: ParamInt, Default: "0", Min: 0, Max: 1024},
			{Name: "horizon", Summary: "moves per rollout, 0 = the game's default, -1 = to the end", Kind: ParamInt, Default: "0", Min: -1, Max: 100000},
			{Name: "prior", Summary: "credit of the heuristic's move, in hundredths of a won rollout", Kind: ParamInt, Default: "50", Min: 0, Max: 100000},
			{Name: "replan", Summary: "1 = also while cards are hidden, follow the solver's line on a sampled deal up to the next card turned up", Kind: ParamInt, Default: "0", Min: 0, Max: 1},
			{Name: "nodes", Summary: "solver nodes per search (open positions, the Zodiac's layout plan, replan), 0 = never solve", Kind: ParamInt, Default: strconv.Itoa(plannerNodes), Min: 0, Max: 1 << 40},
		}
		if book {
			ps = append(ps, withoutParam())
		}
		register(StrategyInfo{
			Name:    name,
			Summary: summary,
			Order:   order,
			Params:  ps,
			build: func(v ParamValues) Strategy {
				return &plannerStrategy{name: name, samples: int(v.Int("samples")), horizon: int(v.Int("horizon")),
					prior: float64(v.Int("prior")) / 100, replan: v.Int("replan") == 1, nodes: v.Int("nodes"), book: book,
					without: v.String("without")}
			},
		})
	}
}

// plannerNodes is the default solver budget of the planner.
const plannerNodes = 20000

// plannerMemory bounds the solver cache of each planner player.
const plannerMemory = 16 << 20

func (s *plannerStrategy) Name() string { return s.name }

func (s *plannerStrategy) NewPlayer() Player {
	p := &plannerPlayer{st: s, greedy: newGreedyPlayer(), roll: newGreedyPlayer()}
	if s.nodes > 0 {
		p.solver = solve.New(solve.Limits{Nodes: s.nodes, Memory: plannerMemory})
	}
	if s.book {
		p.book = newBookPlayer(s.without)
	}
	return p
}

// plannerPlayer plays one goroutine's deals for the planner.
type plannerPlayer struct {
	st     *plannerStrategy
	ctx    context.Context
	rng    engine.Rand
	greedy *greedyPlayer // breaks ties; plays proved-lost positions
	roll   *greedyPlayer // the rollout policy
	book   *bookPlayer   // planner-book: the prior
	solver *solve.Solver
	// layoutSolver solves the Zodiac's sampled openings for a layout plan
	// (made when first needed): its probe is the depth-first one, which
	// finds the layouts' wins within the planner's budget more often than
	// the rollouts (solve.Limits.NoRollouts).
	layoutSolver *solve.Solver

	samples, horizon int
	prior            float64
	maxMoves         int
	moves            int // moves played in this deal

	views keySet // views the player has had in this deal

	replan                  bool
	layoutGame, layoutTried bool
	layout                  layoutPlan

	// The solver's plan for a position without hidden cards.
	line  []engine.Move
	pos   int
	tried bool // the solver was run since the last move that turned up a card
	lost  bool // it proved the position lost
	nodes int64

	// Per decision.
	wins    []int
	grade   []float64
	skip    []bool
	notTop  []bool
	after   []uint64
	det     scratch // the determinized position
	work    scratch // a candidate's rollout
	rollBuf []engine.Move
	cards   []engine.Card
}

// SearchStats reports the solver nodes the planner spent; the planner
// always decides (its outcome is the game's).
func (p *plannerPlayer) SearchStats() (int64, bool) { return p.nodes, true }

func (p *plannerPlayer) Reset(g engine.Game, seed uint64) {
	p.ResetContext(context.Background(), g, seed)
}

// ResetContext is Reset with solver searches that stop when ctx is
// cancelled.
func (p *plannerPlayer) ResetContext(ctx context.Context, g engine.Game, seed uint64) {
	p.ctx = ctx
	p.rng.Seed(engine.SplitMix64(seed ^ 0x706c616e6e6572)) // "planner"
	p.greedy.Reset(g, seed)
	if p.book != nil {
		p.book.Reset(g, seed)
	}
	d := g.Spec().Planner
	if d.Samples == 0 {
		d = plannerFallback
	}
	p.samples, p.horizon, p.prior = d.Samples, d.Horizon, p.st.prior
	p.layoutGame, p.layoutTried, p.replan = d.Layout, false, p.st.replan
	p.layout.active, p.layout.made, p.layout.reached = false, false, false
	if p.st.samples > 0 {
		p.samples = p.st.samples
	}
	switch {
	case p.st.horizon > 0:
		p.horizon = p.st.horizon
	case p.st.horizon < 0:
		p.horizon = 0
	}
	p.maxMoves = g.Spec().MaxMoves
	if p.maxMoves <= 0 {
		p.maxMoves = DefaultMaxMoves
	}
	p.moves = 0
	p.views.reset()
	p.line, p.pos, p.tried, p.lost = p.line[:0], 0, false, false
	p.nodes = 0
}

func (p *plannerPlayer) Choose(g engine.Game, legal []engine.Move) (int, engine.RuleID) {
	p.views.add(g.ViewHash())
	i, adv := p.choose(g, legal)
	if isChance(legal[i]) {
		p.tried, p.lost = false, false // the next position may hide less
	}
	p.moves++
	return i, adv
}

func (p *plannerPlayer) choose(g engine.Game, legal []engine.Move) (int, engine.RuleID) {
	if len(legal) == 1 {
		p.advanceLine(legal[0])
		return 0, ""
	}
	if p.layoutGame {
		if !p.layoutTried {
			p.layoutTried = true
			p.makeLayoutPlan(g)
		}
		if i := p.followLayout(g, legal); i >= 0 {
			return i, ""
		}
	}
	if i := p.followLine(g, legal); i >= 0 {
		return i, ""
	}
	if p.lost {
		return p.greedy.Choose(g, legal)
	}
	// The prior: the heuristic's own move (the book's for planner-book,
	// greedy's for planner).
	var bi int
	var adv engine.RuleID
	if p.book != nil {
		bi, adv = p.book.Choose(g, legal)
	} else {
		bi, adv = p.greedy.Choose(g, legal)
	}
	i := p.evaluate(g, legal, bi)
	if i == bi {
		return i, adv
	}
	return i, ""
}

// followLine returns the index of the solver's next move when a plan is
// being followed, after solving the position if it hides nothing; -1 when
// there is no plan to follow.
func (p *plannerPlayer) followLine(g engine.Game, legal []engine.Move) int {
	if p.pos >= len(p.line) && !p.tried && p.solver != nil {
		open := !p.hidesCards(g)
		if !open && !p.replan {
			return -1
		}
		p.tried = true
		// Hidden randomness other than cards (the seed of a shuffled
		// redeal) is resampled too, so the search never reads it.
		det := p.det.copyOf(g)
		det.Determinize(&p.rng)
		r := p.solver.Solve(p.ctx, det)
		p.nodes += r.Nodes
		switch r.Outcome {
		case solve.Won:
			p.line, p.pos = append(p.line[:0], r.Line...), 0
		case solve.Lost:
			p.lost = open // a lost sample proves nothing when cards are hidden
		}
	}
	if p.pos >= len(p.line) {
		return -1
	}
	want := p.line[p.pos]
	for i, m := range legal {
		if m == want {
			p.pos++
			if isChance(m) { // the sample's card need not be the real one
				p.line = p.line[:0]
				p.pos = 0
			}
			return i
		}
	}
	// The position left the line (a move it did not foresee): solve again.
	p.line, p.pos, p.tried = p.line[:0], 0, false
	return -1
}

// advanceLine keeps the solver's line in step with a forced move m: the
// line goes on when m is its next move and is dropped otherwise.
func (p *plannerPlayer) advanceLine(m engine.Move) {
	if p.pos >= len(p.line) {
		return
	}
	if p.line[p.pos] == m && !isChance(m) {
		p.pos++
		return
	}
	p.line, p.pos = p.line[:0], 0
}

// hidesCards reports whether any pile of g holds a card the player cannot
// see.
func (p *plannerPlayer) hidesCards(g engine.Game) bool {
	for i := 0; i < g.NumPiles(); i++ {
		p.cards = g.Pile(p.cards[:0], i)
		for _, c := range p.cards {
			if c == engine.NoCard {
				return true
			}
		}
	}
	return false
}

// evaluate runs the rollouts of one decision and returns the index of the
// move to play; bi is the book's move (-1 if none).
func (p *plannerPlayer) evaluate(g engine.Game, legal []engine.Move, bi int) int {
	n := len(legal)
	p.wins = resize(p.wins, n)
	p.grade = resize(p.grade, n)
	p.skip = resize(p.skip, n)
	p.after = resize(p.after, n)
	// Candidates leading back to a view already had are skipped (unless
	// all are), and of several leading to the same view only the first is
	// tried. Moves that turn up a card lead to different views. The views
	// are those of the first sample: a move may turn up a hidden card
	// (a compulsory refill from the pack), and the real one must not be
	// read.
	det := p.det.copyOf(g)
	det.Determinize(&p.rng)
	live := 0
	for i, m := range legal {
		p.skip[i] = false
		if isChance(m) {
			continue
		}
		c := p.work.copyOf(det)
		if c.Apply(m) != nil {
			p.skip[i] = true
			continue
		}
		v := c.ViewHash()
		p.after[i] = v
		if isTableau(m.Kind) && p.views.has(v) {
			p.skip[i] = true
			continue
		}
		for j := 0; j < i; j++ {
			if !p.skip[j] && !isChance(legal[j]) && p.after[j] == v {
				p.skip[i] = true
				break
			}
		}
	}
	for i := range legal {
		if !p.skip[i] {
			live++
		}
	}
	if live == 0 {
		return p.greedy.choose(g, legal, nil)
	}
	if live == 1 {
		for i := range legal {
			if !p.skip[i] {
				return i
			}
		}
	}
	maxRoll := p.maxMoves - p.moves - 1
	if p.horizon > 0 {
		maxRoll = min(maxRoll, p.horizon)
	}
	for s := 0; s < p.samples; s++ {
		if s > 0 {
			det = p.det.copyOf(g)
			det.Determinize(&p.rng)
		}
		for i, m := range legal {
			if p.skip[i] {
				continue
			}
			c := p.work.copyOf(det)
			if c.Apply(m) != nil {
				continue
			}
			won, frac := p.rollout(c, maxRoll)
			if won {
				p.wins[i]++
			}
			p.grade[i] += frac
		}
	}
	// value = won rollouts, then the foundation fractions (their sum is
	// below samples+1, so it never outweighs one won rollout), plus the
	// prior for the heuristic's move — only when some rollout won: when
	// none did, the foundation fractions are all the evidence there is,
	// and a prior worth half a win would always outweigh them.
	prior := 0.0
	for i := range legal {
		if !p.skip[i] && p.wins[i] > 0 {
			prior = p.prior
			break
		}
	}
	best, bestV, ties := -1, 0.0, 0
	scale := 1 / float64(p.samples+1)
	for i := range legal {
		if p.skip[i] {
			continue
		}
		v := float64(p.wins[i]) + p.grade[i]*scale
		if i == bi {
			v += prior
		}
		switch {
		case best < 0 || v > bestV:
			best, bestV, ties = i, v, 1
		case v == bestV:
			ties++
		}
	}
	if ties == 1 {
		return best
	}
	if bi >= 0 && !p.skip[bi] && float64(p.wins[bi])+p.grade[bi]*scale+prior == bestV {
		return bi
	}
	p.notTop = resize(p.notTop, n)
	for i := range legal {
		p.notTop[i] = p.skip[i] || float64(p.wins[i])+p.grade[i]*scale != bestV
	}
	return p.greedy.choose(g, legal, p.notTop)
}

// rollout plays c out with greedy for at most maxMoves moves and returns
// whether it was won and the share of the cards on the foundations.
func (p *plannerPlayer) rollout(c engine.Game, maxMoves int) (bool, float64) {
	p.roll.Reset(c, 0)
	legal := c.LegalMoves(p.rollBuf[:0])
	for n := 0; !c.Won() && len(legal) > 0 && n < maxMoves; n++ {
		i, _ := p.roll.Choose(c, legal)
		m := legal[i]
		if !applyListed(c, &legal[i]) {
			break
		}
		var ok bool
		if legal, ok = p.roll.nextLegal(&m, legal[:0]); !ok {
			legal = c.LegalMoves(legal[:0])
		}
	}
	p.rollBuf = legal
	if c.Won() {
		return true, 1
	}
	t := c.Total()
	if t <= 0 {
		return false, 0
	}
	return false, float64(c.Score()) / float64(t)
}

// resize returns s with length n and zeroed elements, reusing its array.
func resize[T any](s []T, n int) []T {
	if cap(s) < n {
		return make([]T, n)
	}
	s = s[:n]
	clear(s)
	return s
}
