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
	"four-corners":         {advice: []engine.RuleID{"four-corners/S2"}, choose: (*bookPlayer).fourCorners, probes: true, decide: (*bookPlayer).fourCornersDecide},
	"windmill":             {advice: []engine.RuleID{"windmill/S1", "windmill/S2"}, choose: (*bookPlayer).windmill, decide: (*bookPlayer).windmillDecide},
	"british-constitution": {advice: []engine.RuleID{"british-constitution/S1", "british-constitution/S2"}, choose: (*bookPlayer).britishConstitution, decide: (*bookPlayer).britishConstitutionDecide},
	"napoleon":             {advice: []engine.RuleID{"napoleon/S1", "napoleon/S2", "napoleon/S3"}, choose: (*bookPlayer).napoleon, decide: (*bookPlayer).napoleonDecide},
	"salic-law":            {advice: []engine.RuleID{"salic-law/S2", "salic-law/S3"}, choose: (*bookPlayer).salicLaw},
	"zodiac":               {advice: []engine.RuleID{"zodiac/S2"}, choose: (*bookPlayer).zodiac, decide: (*bookPlayer).zodiacDecide},
	"shah":                 {advice: []engine.RuleID{"shah/S2"}, choose: (*bookPlayer).shah, decide: (*bookPlayer).shahDecide},
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
	// (engine.BritishConstitutionFacts)
	openings []engine.Openings
	// bcGame, bc: british-constitution, the game of the last Reset and
	// it as a bcBookGame (nil if it is none)
	bcGame engine.Game
	bc     bcBookGame
	// layout32: bit i for each of the first 32 piles that is a layout
	// pile (layoutPile)
	layout32 uint32
	banned   []bool
	cards2   []engine.Card
	founds   []int     // the foundation piles
	cross    crossings // napoleon
	npt      npTables  // napoleon, of the last deal read
	// drew: the last move chosen was a draw in a game that is a
	// engine.DrawPeeker (drawGame), whose legal moves before it were drawn.
	drew     bool
	drawGame engine.DrawPeeker
	drawn    []engine.Move // the legal moves before the draw (not a copy)
	// peeks: the game of spec is an engine.DrawPeeker (as the game of the Reset
	// that read spec was), so Choose asks a draw's game for it; the
	// others skip that assertion.
	peeks bool
}

func (p *bookPlayer) Reset(g engine.Game, seed uint64) {
	p.greedyPlayer.Reset(g, seed)
	p.drew, p.drawGame = false, nil
	p.bcGame, p.bc = g, nil
	if bc, ok := g.(bcBookGame); ok {
		p.bc = bc
	}
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
		_, p.peeks = g.(engine.DrawPeeker)
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

func (p *bookPlayer) pileLen(g engine.Game, i uint8) int { return g.PileLen(int(i)) }

func (p *bookPlayer) top(g engine.Game, i int) engine.Card { return g.PileTop(i) }

func (p *bookPlayer) Choose(g engine.Game, legal []engine.Move) (int, engine.RuleID) {
	p.drew = false
	// The decision: the game's own (bookGame.decide) where it has one,
	// else decide's generic one (called from here: a call less a
	// decision).
	p.probe.forget()
	var i int
	var adv engine.RuleID
	if a := p.advice; a != nil && a.decide != nil {
		i, adv = a.decide(p, g, legal)
	} else {
		i, adv = p.decide(g, legal)
	}
	if p.peeks && !p.drew && i >= 0 && i < len(legal) && legal[i].Kind == engine.MoveDraw { // (a game's decide may have done it)
		if d, ok := g.(engine.DrawPeeker); ok {
			// Keep the moves for nextLegal: not a copy, since the play
			// loop hands their array back to nextLegal, unchanged, as
			// the list for the moves after the draw (nextLegal checks
			// that it is the same array), where the moves are listed in
			// place.
			p.drawn = legal
			p.drawGame, p.drew = d, true
		}
	}
	return i, adv
}

// nextLegal implements nextLegaler: after a draw in a game that lists the
// moves after it from the moves before (engine.DrawPeeker; the book draws at
// about half of its decisions in the British Constitution), those, listed
// in place when dst is the array of the moves Choose was given (as in
// PlayDeal, which leaves them unchanged until then; any other dst gets
// none); else greedy's (see greedyPlayer.nextLegal).
func (p *bookPlayer) nextLegal(m *engine.Move, dst []engine.Move) ([]engine.Move, bool) {
	if p.drew {
		p.drew = false
		if m.Kind == engine.MoveDraw && len(dst) == 0 && cap(dst) >= len(p.drawn) && &dst[:1][0] == &p.drawn[0] {
			p.probe.forget()
			return p.drawGame.MovesAfterDraw(p.drawn, dst)
		}
	}
	return p.greedyPlayer.nextLegal(m, dst)
}

// decide is Choose without the bookkeeping of draws, for a game without
// a decision of its own (bookGame.decide), the probe's kept moves
// forgotten: the advice's choose, then greedy among the moves it did not
// ban.
func (p *bookPlayer) decide(g engine.Game, legal []engine.Move) (int, engine.RuleID) {
	if p.advice == nil {
		return p.choose(g, legal, nil), ""
	}
	p.probe.reset(g)
	if p.advice.probes {
		// The advice and greedy's tie-break probe the same state: a
		// candidate probed by both is probed once. (The memo is only a
		// cache: without it every count is probed again, the same.)
		p.probe.memoize(len(legal))
		defer p.probe.unmemoize()
	}
	p.clearBanned(len(legal))
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

// clearBanned makes banned n moves long, none banned.
func (p *bookPlayer) clearBanned(n int) {
	if cap(p.banned) < n {
		p.banned = make([]bool, n)
	}
	p.banned = p.banned[:n]
	clear(p.banned)
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

// talonTop returns the top of the game's talon (NoCard without one).
func (p *bookPlayer) talonTop(g engine.Game) engine.Card {
	if p.talon < 0 {
		return engine.NoCard
	}
	return p.top(g, p.talon)
}
