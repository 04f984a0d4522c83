package sim

import (
	"slices"
	"strings"

	"github.com/pasyans/pasyans/engine"
)

// bookStrategy plays by the strategy advice of the books (the advice
// passages of the engine's rule catalog, IDs "<game>/S1", "<game>/S2" …;
// see docs/games.md) and otherwise like greedy. The advice is a per-game
// table (bookAdvice). Piles are told apart by their kind (Game.PileKind):
// the "layout" piles the advice talks about are the tableau piles and
// reserves. Each decision the advice drove is returned with its advice ID;
// a decision the advice did not touch is greedy's and names no advice.
//
// Advice by game (what the implementation does). "The move after which
// most plays are open" is judged as greedy's tie-break is: the move is
// tried on a copy and only plays of cards the player saw before it count
// (see probe).
//
//	four-corners/S2        make only the marriages (MoveBuild) that free suitable cards: the
//	                       marriage after which most foundation plays are open is made; marriages
//	                       that free none are not made.
//	windmill/S1            when a foundation play is open both from the talon and from a wing,
//	                       play from the talon.
//	windmill/S2            make a king→centre transfer (MoveTransfer) only when it opens a new
//	                       foundation play from a wing or the talon.
//	british-constitution/S1 fill a vacancy with the card after which most foundation plays and
//	                       builds are open.
//	british-constitution/S2 postpone moves that open a vacancy (empty their pile) while the
//	                       talon's top card could not be built in the row above the People and
//	                       the pack can still be turned.
//	napoleon/S3            use a reserve card only when no pair can be made from the columns.
//	napoleon/S2            when three or more cards of a rank are exposed, remove the pair after
//	                       which most pairs are open.
//	napoleon/S1            otherwise prefer the pair that undoes the most crossed pairs (two
//	                       columns holding the same two ranks in opposite order).
//	salic-law/S3           fill an empty king with the card after which most foundation plays
//	                       are open.
//	salic-law/S2           of several foundation plays, take the one from the packet with fewest
//	                       cards, to strip a king bare.
//	zodiac/S2              marry a card only onto a card that will be needed no earlier than it
//	                       (distance to ace or king), so no marriage blocks a needed card.
//	shah/S2                postpone opening a vacancy until the talon shows a card needed soon
//	                       (within three of its foundation) while the pack can still be turned.
//	red-and-black/S2       move a card to the foundations as soon as it is needed.
//	red-and-black/S1       shift cards between the eight piles when that opens a foundation play.
//
// Games without advice in the books (duchess-de-luynes, sultan, sympathy)
// are played exactly as greedy, and their rows name no advice.
//
// The parameter without (an advice label such as "S1"; empty, the default,
// for none) turns off the advice <game>/<label> in every game that has it,
// to measure what each advice is worth (reports.AdviceAblation). Turned
// off, an advice is skipped as if the book did not give it: its decisions
// fall to the game's other advice, in the order above, and then to greedy,
// and no row names it. In detail:
//
//	four-corners/S2        off: marriages are chosen as greedy chooses (the game is then greedy).
//	windmill/S1            off: no preference between talon and wing; S2 still applies.
//	windmill/S2            off: transfers are not restricted (greedy decides). Greedy makes the
//	                       same moves: turning it off changes none (*).
//	british-constitution/S1 off: vacancies are filled as greedy fills them; S2 still applies.
//	british-constitution/S2 off: moves that open a vacancy are not postponed.
//	napoleon/S3            off: reserve pairs are not banned by the strategy. In the engine's
//	                       default variant (reserve-in-need=on) the rules already forbid them
//	                       while a column pair exists, so this changes nothing there; it matters
//	                       only with reserve-in-need=off.
//	napoleon/S2            off: three exposed cards of a rank get no special treatment; S1 decides.
//	napoleon/S1            off: pairs are not chosen by the crossed pairs they undo (greedy decides).
//	salic-law/S3           off: kings are filled as greedy fills them; S2 still applies. Greedy's
//	                       tie-break counts the same open plays: turning it off changes no move (*).
//	salic-law/S2           off: foundation plays are chosen as greedy chooses them.
//	zodiac/S2              off: marriages are not restricted (the game is then greedy).
//	shah/S2                off: vacancies are opened whenever greedy opens them (the game is then greedy).
//	red-and-black/S2       off: foundation plays are not forced first: greedy decides while a
//	                       foundation play is open (S1 still applies when none is). Greedy plays
//	                       them first anyway: turning it off changes no move (*).
//	red-and-black/S1       off: shifts are chosen as greedy chooses them.
//
// (*) No move changed in TestBookWithout's deals and no deal ended
// differently in 10,000 (docs/tournaments.md, "What each advice is
// worth"); the advice still names the decisions it drove. A game without
// advice of that label is played unchanged (S3 exists only in napoleon and
// salic-law). With without empty the strategy's rows are
// exactly those of the book before the parameter existed, and its
// parameter JSON is still "{}" (an empty string parameter is left out).
type bookStrategy struct {
	params
	without string // the advice label turned off, "" for none
}

func init() {
	register(StrategyInfo{
		Name:    "book",
		Summary: "the books' own strategy advice for each game, otherwise greedy",
		Order:   30,
		Params:  []ParamInfo{withoutParam()},
		build:   func(v ParamValues) Strategy { return &bookStrategy{without: v.String("without")} },
	})
}

// withoutParam is the parameter of book and planner-book that turns one
// advice off (see bookStrategy).
func withoutParam() ParamInfo {
	return ParamInfo{Name: "without", Summary: "the advice <game>/S to turn off in every game that has it, empty = none",
		Kind: ParamString, Default: "", Allowed: AdviceLabels()}
}

// AdviceLabels returns the advice labels the book strategy applies in some
// game ("S1", "S2" …, the local part of the advice IDs of bookAdvice), in
// order: the values of the without parameter of book and planner-book.
func AdviceLabels() []string {
	var labels []string
	for _, g := range bookAdvice {
		for _, id := range g.advice {
			if l := id.Local(); !slices.Contains(labels, l) {
				labels = append(labels, l)
			}
		}
	}
	slices.Sort(labels)
	return labels
}

// GameAdvice returns the advice IDs the book strategy applies in game id
// (nil for a game without advice), in the order of bookAdvice.
func GameAdvice(id string) []engine.RuleID {
	return slices.Clone(bookAdvice[id].advice)
}

func (*bookStrategy) Name() string { return "book" }
func (s *bookStrategy) NewPlayer() Player {
	return newBookPlayer(s.without)
}

// newBookPlayer returns a book player with the advice label without turned
// off ("" for none).
func newBookPlayer(without string) *bookPlayer {
	return &bookPlayer{greedyPlayer: newGreedyPlayer(), without: without}
}

// bookGame is the advice of one game: every advice ID it can name, and the
// function that applies it to a decision. choose returns the index of the
// move the advice picks (or -1) and the advice ID that drove the decision
// ("" if none); a -1 with an ID means the advice banned some moves
// (bookPlayer.banned) and greedy chooses among the others.
type bookGame struct {
	advice []engine.RuleID
	choose func(p *bookPlayer, g engine.Game, legal []engine.Move) (int, engine.RuleID)
	// probes: the advice counts plays after candidates (probe.progressAt),
	// so Choose memoizes the counts for greedy's tie-break.
	probes bool
	// decide, when set, makes the whole decision in place of
	// bookPlayer.decide's generic one (which it must match).
	decide func(p *bookPlayer, g engine.Game, legal []engine.Move) (int, engine.RuleID)
}

// bookAdvice is the per-game table of the book strategy, by game ID. Games
// without an entry are played as greedy. TestBookAdviceInCatalog checks
// that every ID listed exists in the engine's catalog and that play names
// no other.
var bookAdvice = map[string]bookGame{
	"four-corners":         {advice: []engine.RuleID{"four-corners/S2"}, choose: (*bookPlayer).fourCorners, probes: true},
	"windmill":             {advice: []engine.RuleID{"windmill/S1", "windmill/S2"}, choose: (*bookPlayer).windmill},
	"british-constitution": {advice: []engine.RuleID{"british-constitution/S1", "british-constitution/S2"}, choose: (*bookPlayer).britishConstitution},
	"napoleon":             {advice: []engine.RuleID{"napoleon/S1", "napoleon/S2", "napoleon/S3"}, choose: (*bookPlayer).napoleon},
	"salic-law":            {advice: []engine.RuleID{"salic-law/S2", "salic-law/S3"}, choose: (*bookPlayer).salicLaw},
	"zodiac":               {advice: []engine.RuleID{"zodiac/S2"}, choose: (*bookPlayer).zodiac},
	"shah":                 {advice: []engine.RuleID{"shah/S2"}, choose: (*bookPlayer).shah},
	"red-and-black":        {advice: []engine.RuleID{"red-and-black/S1", "red-and-black/S2"}, choose: (*bookPlayer).redAndBlackAdvice, decide: (*bookPlayer).redAndBlackDecide},
}

type bookPlayer struct {
	*greedyPlayer
	without string            // the advice label turned off, "" for none
	spec    *engine.Spec      // the game of the last Reset
	advice  *bookGame         // its advice, nil if none
	off     engine.RuleID     // the advice of spec turned off, "" for none
	kinds   []engine.PileKind // pile kinds of spec
	talon   int               // index of the talon, -1 if none
	commons []int             // british-constitution: the Commons row (COM piles)
	// openings: british-constitution, the counts after each legal move
	// (openingsPeeker)
	openings []engine.Openings
	// layout32: bit i for each of the first 32 piles that is a layout
	// pile (layoutPile)
	layout32 uint32
	banned   []bool
	cards2   []engine.Card
	founds   []int      // the foundation piles
	cross    crossings  // napoleon
	xc       crossWords // napoleon, kept through a deal
	// drew: the last move chosen was a draw in a game that is a
	// drawPeeker (drawGame), whose legal moves before it were drawn.
	drew     bool
	drawGame drawPeeker
	drawn    []engine.Move
}

func (p *bookPlayer) Reset(g engine.Game, seed uint64) {
	p.greedyPlayer.Reset(g, seed)
	p.drew, p.drawGame = false, nil
	if spec := g.Spec(); spec != p.spec || len(p.kinds) != g.NumPiles() {
		p.spec = spec
		p.advice = nil
		p.off = ""
		if a, ok := bookAdvice[g.ID()]; ok {
			p.advice = &a
			if id := engine.RuleID(g.ID() + "/" + p.without); p.without != "" && slices.Contains(a.advice, id) {
				p.off = id
			}
		}
		p.kinds = p.kinds[:0]
		p.commons = p.commons[:0]
		p.founds = p.founds[:0]
		p.talon = -1
		p.layout32 = 0
		for i := 0; i < g.NumPiles(); i++ {
			k := g.PileKind(i)
			p.kinds = append(p.kinds, k)
			if k == engine.PileFoundation {
				p.founds = append(p.founds, i)
			}
			if k == engine.PileTalon && p.talon < 0 {
				p.talon = i
			}
			if k == engine.PileTableau && strings.HasPrefix(g.PileName(i), "COM") {
				p.commons = append(p.commons, i)
			}
			if i < 32 && p.layoutPile(uint8(i)) {
				p.layout32 |= 1 << i
			}
		}
	}
}

// on reports whether advice id is applied (not turned off by without).
func (p *bookPlayer) on(id engine.RuleID) bool { return id != p.off }

// kind returns the kind of pile i (0 if out of range).
func (p *bookPlayer) kind(i uint8) engine.PileKind {
	if int(i) < len(p.kinds) {
		return p.kinds[i]
	}
	return 0
}

// layoutPile reports whether pile i is a pile of the layout the player
// takes cards from and builds on: a tableau pile or a reserve.
func (p *bookPlayer) layoutPile(i uint8) bool {
	k := p.kind(i)
	return k == engine.PileTableau || k == engine.PileReserve
}

func (p *bookPlayer) pileLen(g engine.Game, i uint8) int { return pileLen(g, int(i), &p.cards2) }

func (p *bookPlayer) top(g engine.Game, i int) engine.Card { return pileTop(g, i, &p.cards2) }

func (p *bookPlayer) Choose(g engine.Game, legal []engine.Move) (int, engine.RuleID) {
	p.drew = false
	i, adv := p.decide(g, legal)
	if i >= 0 && i < len(legal) && legal[i].Kind == engine.MoveDraw {
		if d, ok := g.(drawPeeker); ok {
			// Keep the moves for nextLegal (a copy: the caller reuses
			// legal for the moves after the draw).
			p.drawn = append(p.drawn[:0], legal...)
			p.drawGame, p.drew = d, true
		}
	}
	return i, adv
}

// drawPeeker is implemented by the British Constitution
// (engine.britishConstitution.MovesAfterDraw): it lists the legal moves
// after a draw from those listed before it, without generating them.
type drawPeeker interface {
	MovesAfterDraw(before, dst []engine.Move) ([]engine.Move, bool)
}

// nextLegal implements nextLegaler: after a draw in a game that lists the
// moves after it from the moves before (drawPeeker; the book draws at
// about half of its decisions in the British Constitution), those; else
// greedy's (see greedyPlayer.nextLegal).
func (p *bookPlayer) nextLegal(m *engine.Move, dst []engine.Move) ([]engine.Move, bool) {
	if p.drew {
		p.drew = false
		if m.Kind == engine.MoveDraw {
			p.probe.forget()
			return p.drawGame.MovesAfterDraw(p.drawn, dst)
		}
	}
	return p.greedyPlayer.nextLegal(m, dst)
}

// decide is Choose without the bookkeeping of draws.
func (p *bookPlayer) decide(g engine.Game, legal []engine.Move) (int, engine.RuleID) {
	p.probe.forget()
	if p.advice == nil {
		return p.choose(g, legal, nil), ""
	}
	if p.advice.decide != nil {
		return p.advice.decide(p, g, legal)
	}
	p.probe.reset(g)
	if p.advice.probes {
		// The advice and greedy's tie-break probe the same state: a
		// candidate probed by both is probed once. (The memo is only a
		// cache: without it every count is probed again, the same.)
		p.probe.memoize(len(legal))
		defer p.probe.unmemoize()
	}
	if cap(p.banned) < len(legal) {
		p.banned = make([]bool, len(legal))
	}
	p.banned = p.banned[:len(legal)]
	clear(p.banned)
	pick, adv := p.advice.choose(p, g, legal)
	if pick >= 0 {
		if isTableau(legal[pick].Kind) {
			p.played(g.ViewHash(), legal[pick])
		}
		return pick, adv
	}
	if adv != "" { // the advice banned some moves
		allBanned := true
		for _, b := range p.banned {
			allBanned = allBanned && b
		}
		if !allBanned {
			return p.choose(g, legal, p.banned), adv
		}
	}
	return p.choose(g, legal, nil), ""
}

// firstProgress returns the index of the first foundation play or pair
// removal, or -1.
func firstProgress(legal []engine.Move) int {
	for i, m := range legal {
		if isProgress(m.Kind) {
			return i
		}
	}
	return -1
}

func hasKind(legal []engine.Move, k engine.MoveKind) bool {
	for _, m := range legal {
		if m.Kind == k {
			return true
		}
	}
	return false
}

// fourCorners: S2, marriages only when they free suitable cards.
func (p *bookPlayer) fourCorners(g engine.Game, legal []engine.Move) (int, engine.RuleID) {
	if !p.on("four-corners/S2") || firstProgress(legal) >= 0 || !hasKind(legal, engine.MoveBuild) {
		return -1, ""
	}
	best, bestN := -1, 0
	for i, m := range legal {
		if m.Kind != engine.MoveBuild {
			continue
		}
		if n := p.probe.progressAt(i, m); n > bestN {
			best, bestN = i, n
			p.probe.keep(m)
		}
		p.banned[i] = true
	}
	if best >= 0 {
		return best, "four-corners/S2"
	}
	return -1, "four-corners/S2"
}

// windmill: S1 talon before wings; S2 transfers only with immediate use.
func (p *bookPlayer) windmill(g engine.Game, legal []engine.Move) (int, engine.RuleID) {
	talon, wing := -1, -1
	for i, m := range legal {
		if m.Kind != engine.MoveFoundation {
			continue
		}
		switch {
		case p.kind(m.From) == engine.PileTalon:
			if talon < 0 {
				talon = i
			}
		case p.layoutPile(m.From):
			if wing < 0 {
				wing = i
			}
		}
	}
	if talon >= 0 && wing >= 0 && p.on("windmill/S1") {
		return talon, "windmill/S1"
	}
	if !p.on("windmill/S2") || firstProgress(legal) >= 0 || !hasKind(legal, engine.MoveTransfer) {
		return -1, ""
	}
	for i, m := range legal {
		if m.Kind != engine.MoveTransfer {
			continue
		}
		c := p.probe.after(m)
		useful := false
		if c != nil {
			for _, n := range p.probe.legalAfter(c) {
				if n.Kind == engine.MoveFoundation && (p.kind(n.From) == engine.PileTalon || p.layoutPile(n.From)) && p.probe.fair(c, n) {
					useful = true
					break
				}
			}
		}
		if useful {
			p.probe.keep(m)
			return i, "windmill/S2"
		}
		p.banned[i] = true
	}
	return -1, "windmill/S2"
}

// britishConstitution: S1 best refill; S2 postpone opening vacancies.
func (p *bookPlayer) britishConstitution(g engine.Game, legal []engine.Move) (int, engine.RuleID) {
	// One pass over the moves finds what both advice ask for (the
	// moves are read in place, as greedy reads them).
	var kinds uint64 // bit k: a move of kind k is legal (no branch per move)
	for i := range legal {
		kinds |= 1 << (legal[i].Kind & 63)
	}
	fill := kinds>>engine.MoveFill&1 != 0
	draw := kinds>>engine.MoveDraw&1 != 0
	progress := kinds&(1<<engine.MoveFoundation|1<<engine.MovePair) != 0
	if fill && p.on("british-constitution/S1") {
		if best := p.bestRefill(g, legal); best >= 0 {
			return best, "british-constitution/S1"
		}
	}
	if progress || !draw || !p.on("british-constitution/S2") {
		return -1, ""
	}
	if sr, ok := g.(singlesReader); ok && p.talon >= 0 {
		if r, ok := g.(engine.PileReader); ok {
			return p.postponeVacancies(sr, r, legal)
		}
	}
	t := p.talonTop(g)
	if t != engine.NoCard && p.buildableAbovePeople(g, t) {
		return -1, ""
	}
	for i := range legal {
		m := &legal[i]
		if m.Kind == engine.MoveBuild && p.layoutPile(m.From) && p.pileLen(g, m.From) == 1 {
			p.banned[i] = true
		}
	}
	return -1, "british-constitution/S2"
}

// bestRefill applies british-constitution/S1 in g (the state the probe was
// reset to): the index of the fill of legal after which most foundation
// plays (4 each) and builds (1 each) are open, counting only moves of cards
// the player saw before it, the first listed on ties; -1 if no fill can be
// made.
func (p *bookPlayer) bestRefill(g engine.Game, legal []engine.Move) int {
	// The same score without a copy where the game counts it (see
	// openingsPeeker); nothing is kept for nextLegal then, and the play
	// loop lists the moves after the chosen fill itself.
	p.openings = p.openings[:0]
	if op, ok := g.(openingsPeeker); ok {
		p.openings = op.OpeningsAfter(legal, p.openings)
	}
	best, bestScore := -1, -1
	for i := range legal {
		if legal[i].Kind != engine.MoveFill {
			continue
		}
		if i < len(p.openings) && p.openings[i].OK {
			if score := 4*p.openings[i].Plays + p.openings[i].Builds; score > bestScore {
				best, bestScore = i, score
			}
			continue
		}
		score := p.refillScore(legal[i])
		if score < 0 {
			continue
		}
		if score > bestScore {
			best, bestScore = i, score
			p.probe.keep(legal[i])
		}
	}
	return best
}

// refillScore is the score of british-constitution/S1 for move m, tried on
// a copy (see probe): 4 for each foundation play and 1 for each build
// legal after m that involves only cards the player saw before it; -1 if m
// cannot be applied.
func (p *bookPlayer) refillScore(m engine.Move) int {
	c := p.probe.after(m)
	if c == nil {
		return -1
	}
	score := 0
	for _, n := range p.probe.legalAfter(c) {
		if !p.probe.fair(c, n) {
			continue
		}
		switch n.Kind {
		case engine.MoveFoundation:
			score += 4
		case engine.MoveBuild:
			score++
		}
	}
	return score
}

// openingsPeeker is implemented by the British Constitution
// (engine.britishConstitution.OpeningsAfter): it counts the foundation
// plays and the builds legal after a build or fill without making it,
// leaving out the moves of a card that was face down in the pack before
// it. Every other card of the game is face up (Pile shows every pile but
// the pack), so those are exactly the moves probe.fair accepts: the count
// equals refillScore's, 4 × plays + builds (fills and the draw score
// nothing), which TestOpeningsScore checks at every refill of the book's
// play of every variant.
type openingsPeeker interface {
	OpeningsAfter(moves []engine.Move, dst []engine.Openings) []engine.Openings
}

func (p *bookPlayer) talonTop(g engine.Game) engine.Card {
	if p.talon < 0 {
		return engine.NoCard
	}
	return p.top(g, p.talon)
}

// buildableAbovePeople reports whether card t could be built (descending,
// alternate colour) on a top card of the Commons row ("COM…" piles).
func (p *bookPlayer) buildableAbovePeople(g engine.Game, t engine.Card) bool {
	for _, i := range p.commons {
		if c := p.top(g, i); fitsOn(t, c) {
			return true
		}
	}
	return false
}

// fitsOn reports whether card t builds on card c in a descending sequence
// of alternate colours (false when c is NoCard).
func fitsOn(t, c engine.Card) bool {
	return c != engine.NoCard && c.Rank() == t.Rank()+1 && c.Color() != t.Color()
}

// singlesReader is implemented by the British Constitution
// (engine.britishConstitution.Singles): the set of the piles of the
// Constitution (piles 0 … 31) that hold one card, kept by the engine.
type singlesReader interface {
	Singles() uint32
}

// postponeVacancies is british-constitution/S2 (see britishConstitution)
// with the piles of one card read from sr in one call and the piles'
// tops through r, asserted once, instead of a PileReader assertion and
// call per pile. A layout pile beyond the first 32 is read as before.
func (p *bookPlayer) postponeVacancies(sr singlesReader, r engine.PileReader, legal []engine.Move) (int, engine.RuleID) {
	// The tests below read bits (of the piles of one card, of the keys
	// of the Commons' tops) instead of branching on each pile: which
	// piles qualify changes from decision to decision, and such branches
	// are mispredicted.
	if t := r.PileTop(p.talon); t != engine.NoCard {
		var keys uint32
		for _, i := range p.commons {
			keys |= keyBit(r.PileTop(i))
		}
		if keys>>wantKey(t)&1 != 0 { // fitsOn(t, c) for some Commons top c
			return -1, ""
		}
	}
	singles := sr.Singles() & p.layout32
	for i := range legal {
		m := &legal[i]
		if m.Kind != engine.MoveBuild {
			continue
		}
		if m.From < 32 {
			p.banned[i] = singles>>m.From&1 != 0 // banned is all false before
		} else if p.layoutPile(m.From) && r.PileLen(int(m.From)) == 1 {
			p.banned[i] = true
		}
	}
	return -1, "british-constitution/S2"
}

// keyBit returns bit 2 × rank + colour of card c (bits 2 … 27: the
// colours are 0 and 1), 0 for NoCard. c builds on d in a descending
// sequence of alternate colours (fitsOn(c, d)) exactly when keyBit(d) is
// bit wantKey(c).
func keyBit(c engine.Card) uint32 {
	b := uint32(1) << (uint(2*int(c.Rank())+int(c.Color())) & 31)
	if c == engine.NoCard {
		b = 0
	}
	return b
}

// wantKey returns the key (see keyBit) of the cards c builds on: one rank
// higher, the other colour.
func wantKey(c engine.Card) uint {
	return uint(2*(int(c.Rank())+1)+1-int(c.Color())) & 31
}

// shah: S2 control when vacancies open.
func (p *bookPlayer) shah(g engine.Game, legal []engine.Move) (int, engine.RuleID) {
	if !p.on("shah/S2") || !hasKind(legal, engine.MoveDraw) {
		return -1, ""
	}
	t := p.talonTop(g)
	if t != engine.NoCard && p.neededSoon(g, t) {
		return -1, ""
	}
	adv := engine.RuleID("")
	for i, m := range legal {
		if (m.Kind == engine.MoveFoundation || m.Kind == engine.MoveBuild) && p.layoutPile(m.From) && p.pileLen(g, m.From) == 1 {
			p.banned[i] = true
			adv = "shah/S2"
		}
	}
	return -1, adv
}

// neededSoon reports whether c is within three ranks above the top of a
// foundation of its suit.
func (p *bookPlayer) neededSoon(g engine.Game, c engine.Card) bool {
	for _, i := range p.founds {
		t := p.top(g, i)
		if t.Valid() && t.Suit() == c.Suit() && c.Rank() > t.Rank() && c.Rank()-t.Rank() <= 3 {
			return true
		}
	}
	return false
}
