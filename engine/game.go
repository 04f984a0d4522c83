package engine

import (
	"errors"
	"fmt"
	"strconv"
)

// RuleID names the rule that permits a move or describes play: a numbered
// rule of the book ("salic-law/II"), a catalogued play rule for what the book
// says without numbering ("red-and-black/redeal"), or an advice passage
// ("windmill/S1"). Moves, corpus passages and datasets meet on this ID.
type RuleID string

// Game returns the game ID part of the rule ID ("salic-law" for
// "salic-law/II").
func (id RuleID) Game() string {
	for i := 0; i < len(id); i++ {
		if id[i] == '/' {
			return string(id[:i])
		}
	}
	return string(id)
}

// Local returns the part after the slash ("II" for "salic-law/II").
func (id RuleID) Local() string {
	for i := 0; i < len(id); i++ {
		if id[i] == '/' {
			return string(id[i+1:])
		}
	}
	return ""
}

// MoveKind classifies a move so that generic strategies and reports can
// reason about it without knowing the game.
type MoveKind uint8

// Move kinds.
const (
	// MoveFoundation plays a card to a foundation ("to play" in the books).
	MoveFoundation MoveKind = iota + 1
	// MoveBuild puts a card on a tableau pile (a marriage or a sequence).
	MoveBuild
	// MoveFill fills a vacancy.
	MoveFill
	// MoveDraw turns the next card of the pack (to the talon or a slot).
	MoveDraw
	// MoveDeal deals the next card(s) of a deal that is itself the play.
	MoveDeal
	// MoveRedeal gathers the cards and starts the next pass.
	MoveRedeal
	// MovePair removes a pair of cards (pairing games).
	MovePair
	// MoveReserve takes a card from a reserve.
	MoveReserve
	// MoveTransfer moves a card between foundations (Windmill's king → centre).
	MoveTransfer
	// MovePass ends a turn or a phase without moving a card.
	MovePass
)

var moveKindNames = [...]string{"", "foundation", "build", "fill", "draw", "deal", "redeal", "pair", "reserve", "transfer", "pass"}

// String returns the kind's stable lower-case name, e.g. "foundation".
func (k MoveKind) String() string {
	if int(k) < len(moveKindNames) && k != 0 {
		return moveKindNames[k]
	}
	return fmt.Sprintf("kind(%d)", uint8(k))
}

// ParseMoveKind is the inverse of MoveKind.String.
func ParseMoveKind(s string) (MoveKind, error) {
	for i, n := range moveKindNames {
		if i > 0 && n == s {
			return MoveKind(i), nil
		}
	}
	return 0, fmt.Errorf("unknown move kind %q", s)
}

// Move is one action of a game. Moves are small comparable values: two moves
// are the same move exactly when they compare equal with ==.
//
// From and To are pile indices of the game (see Game.PileName). Card is the
// card moved when the player can see it, and NoCard when the move reveals a
// hidden card (turning the pack): a move never leaks hidden information.
// Card2 is the second card of a pairing move, NoCard otherwise. Rule is the
// ID of the rule that permits the move.
type Move struct {
	Kind  MoveKind
	From  uint8
	To    uint8
	Card  Card
	Card2 Card
	Rule  RuleID
}

// String renders the move with pile indices, e.g. "foundation 7♥ 9→12
// [red-and-black/play]"; Describe uses the game's pile names instead.
func (m Move) String() string {
	return m.format(strconv.Itoa(int(m.From)), strconv.Itoa(int(m.To)))
}

// Describe renders the move with the pile names of g, e.g. "foundation 7♥
// talon→F3 [red-and-black/play]".
func (m Move) Describe(g Game) string {
	return m.format(g.PileName(int(m.From)), g.PileName(int(m.To)))
}

func (m Move) format(from, to string) string {
	s := m.Kind.String() + " " + m.Card.String()
	if m.Card2 != NoCard {
		s += "+" + m.Card2.String()
	}
	return s + " " + from + "→" + to + " [" + string(m.Rule) + "]"
}

// ErrIllegal is wrapped by every error that rejects a move as illegal.
var ErrIllegal = errors.New("illegal move")

// Options are variant settings by name as a user gives them; a missing name
// takes its default. Valid names and values are listed in the game's
// Spec.Variants. Spec.Setup parses them once into the game's typed rules.
type Options map[string]string

// PileKind is the role of a pile in a game's layout. Strategies, the solver
// and the renderers read it instead of guessing the role from pile names.
type PileKind uint8

// Pile kinds.
const (
	// PileFoundation holds cards played "home"; they leave it only by a
	// MoveTransfer (Windmill's king piles feeding the centre).
	PileFoundation PileKind = iota + 1
	// PileTableau is a packet, column, row or circle place of the layout:
	// cards are built on it or taken from its top.
	PileTableau
	// PileReserve is a reserve slot whose cards are used as need arises
	// (Napoleon's reserve, the Sultan's Divan, the Duchess's reserve).
	PileReserve
	// PileStock is the face-down pack, turned one card at a time.
	PileStock
	// PileTalon is the face-up waste pile of the turned pack.
	PileTalon
	// PileAside holds cards set aside by the setup that take no further part
	// (thrown-out queens, the Sultan); they never move again.
	PileAside
	// PileDiscard holds cards removed from play for good (pairs gone out).
	PileDiscard
)

var pileKindNames = [...]string{"", "foundation", "tableau", "reserve", "stock", "talon", "aside", "discard"}

// String returns the kind's stable lower-case name, e.g. "foundation".
func (k PileKind) String() string {
	if k != 0 && int(k) < len(pileKindNames) {
		return pileKindNames[k]
	}
	return fmt.Sprintf("pilekind(%d)", uint8(k))
}

// PileInfo describes one pile of a game's layout: its stable short name
// (used in logs, e.g. "talon", "F3", "K0") and its kind.
type PileInfo struct {
	Name string
	Kind PileKind
}

// Ending says how a game ended, or that it has not.
type Ending uint8

// Endings.
const (
	// Playing: the game is not over; at least one move is legal.
	Playing Ending = iota
	// EndWon: the game is won.
	EndWon
	// EndStuck: no move is legal and the game is not won.
	EndStuck
	// EndCycle: the game's catalogued cycle rule ended it (a repetition
	// the rules of play would otherwise allow without end).
	EndCycle
	// EndMoveCap: play was stopped at the move cap (Spec.MaxMoves). Games
	// never return it themselves; the play loop of package sim sets it.
	EndMoveCap
)

var endingNames = [...]string{"playing", "won", "stuck", "cycle", "move-cap"}

// String returns the ending's stable name: "playing", "won", "stuck",
// "cycle" or "move-cap".
func (e Ending) String() string {
	if int(e) < len(endingNames) {
		return endingNames[e]
	}
	return fmt.Sprintf("ending(%d)", uint8(e))
}

// Game is the state of one game in progress. A Game is not safe for
// concurrent use; Clone it to search or to share.
//
// Hidden information: cards in the pack (stock) and face-down cards are
// hidden. Everything a strategy other than a full-information solver uses
// must be derived from LegalMoves, visible piles (Pile reports hidden cards
// as NoCard), ViewHash and Score. Determinize lets a strategy sample the
// hidden cards without peeking at them. FullPile, Hash and the SearchHooks
// see everything: they exist for validation, rendering and full-information
// search, and a strategy that plays fair must not call them.
//
// Game is composed of small interfaces, each a concern of its own; every
// game of the catalog implements all of them, and its file asserts so at
// compile time (var _ Game = (*g)(nil)), together with each optional
// interface it implements (Graded, MoveOrderer, Roller, the facts of
// facts.go …).
type Game interface {
	Identity
	Rules
	Outcome
	Piles
	Snapshot
	Redealer
	SearchHooks
}

// Identity names a game: its catalog entry and resolved variant options.
type Identity interface {
	// Spec returns the game's catalog entry (read-only).
	Spec() *Spec
	// ID returns the game's catalog ID, e.g. "red-and-black".
	ID() string
	// Options returns the fully resolved variant options.
	Options() Options
}

// Rules are a game's rules of play: which moves are legal, and making them.
type Rules interface {
	// LegalMoves appends every legal move to dst and returns the result, in
	// a deterministic order that depends only on the visible state.
	LegalMoves(dst []Move) []Move
	// Check reports whether m is legal now, returning an error that wraps
	// ErrIllegal and names the rule it breaks if not. Check is the
	// legality predicate: it is written per rule, independently of
	// LegalMoves, and is what the replayer trusts.
	Check(m Move) error
	// Apply checks m and performs it, together with any moves the rules make
	// compulsory afterwards (immediate refills, forced deals). On error the
	// state is unchanged.
	Apply(m Move) error
	ListedApplier
}

// Outcome is how far a game has come: its ending, score and redeals.
type Outcome interface {
	// Won reports whether the game has been won; it is cheap.
	Won() bool
	// Ending reports how the game ended (EndWon, EndStuck, EndCycle) or
	// Playing while a move is legal. It may generate the legal moves.
	Ending() Ending
	// Score returns the number of cards on foundations (for pairing games:
	// the number of cards removed in pairs).
	Score() int
	// Total returns the score of a won game.
	Total() int
	// Redeals returns the number of redeals used so far.
	Redeals() int
}

// Piles reads a game's layout: its piles, as the player sees them and in
// full.
type Piles interface {
	// NumPiles returns the number of piles; pile indices are 0 … NumPiles-1.
	NumPiles() int
	// PileName returns pile i's short stable name, e.g. "talon", "F3", "L0".
	PileName(i int) string
	// PileKind returns pile i's kind.
	PileKind(i int) PileKind
	// Pile appends the cards of pile i, bottom first, to dst; cards the player
	// cannot see are appended as NoCard.
	Pile(dst []Card, i int) []Card
	// FullPile appends the cards of pile i, bottom first, including the
	// cards the player cannot see (validation, rendering, solvers only).
	FullPile(dst []Card, i int) []Card
	PileReader
}

// Snapshot hashes, copies, samples and renders a game's state.
type Snapshot interface {
	// Hash returns a 64-bit hash of the full state (including hidden cards),
	// for cycle detection.
	Hash() uint64
	// ViewHash returns a 64-bit hash of what the player can see.
	ViewHash() uint64

	// Clone returns an independent deep copy.
	Clone() Game
	// CopyFrom overwrites the receiver with an independent copy of src (the
	// state src.Clone() would return) without allocating, and reports true;
	// when src is not a state of the same game it reports false and leaves
	// the receiver unchanged. Strategies that try moves on copies keep one
	// buffer and refill it with CopyFrom.
	CopyFrom(src Game) bool
	// Determinize replaces the hidden cards by a random arrangement of the
	// same cards drawn from r. The result depends only on the visible state
	// and r, never on the actual order of the hidden cards.
	Determinize(r *Rand)

	// String renders the full layout as text, one pile per line.
	String() string
	// View renders what the player can see (hidden cards as "##").
	View() string
}
