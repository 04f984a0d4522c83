package engine

// The facts a strategy may read of a game beyond the Game contract: typed
// interfaces, each implemented by the game it names (asserted at compile
// time below). They report, from the state the game keeps, what a book's
// advice would otherwise compute from the piles; they see only what the
// player sees. Package sim reads them through these interfaces and no
// others.

// BritishConstitutionFacts are the British Constitution's facts for its
// book advice: the kinds of the listed moves, its piles of one card and
// its empty piles, whether the talon's top goes on the Commons, the plays
// a build or fill opens and the openings of its refills.
type BritishConstitutionFacts interface {
	// MoveKinds returns the kinds of the legal moves (bit k for kind k),
	// the piles the builds start from and whether the talon builds.
	MoveKinds() (kinds uint64, sources uint32, talonBuilds bool)
	// Singles returns bit p for each pile p holding one card.
	Singles() uint32
	// Vacancies returns bit p for each empty pile p of the layout.
	Vacancies() uint32
	// TalonFitsCommons reports whether the talon's top can be built on a
	// top card of the Commons.
	TalonFitsCommons() bool
	// PlaysAfter returns the number of plays open after move m, and
	// whether it could tell.
	PlaysAfter(m *Move) (int, bool)
	// OpeningsAfter appends the openings after each of moves to dst.
	OpeningsAfter(moves []Move, dst []Openings) []Openings
}

// DrawPeeker lists the moves after a draw from the moves before it.
type DrawPeeker interface {
	// MovesAfterDraw appends the legal moves after the draw to dst, from
	// before, the legal moves before it; false when it cannot tell.
	MovesAfterDraw(before, dst []Move) ([]Move, bool)
}

// NapoleonColumns is the number of columns of Napoleon's patience (piles
// 0 … NapoleonColumns-1, the piles of kind tableau).
const NapoleonColumns = npCols

// NapoleonFacts are Napoleon's patience's facts for its book advice.
type NapoleonFacts interface {
	// ColumnState returns the ranks of each column top first (4 bits a
	// rank), the columns as dealt, the columns holding each rank and the
	// ranks with two cards left in play.
	ColumnState() (ranks, dealt *[NapoleonColumns]uint32, holding *[16]uint8, two uint16)
	// PairsAfter returns the number of pairs open after the pair m, and
	// whether it could tell.
	PairsAfter(m *Move) (int, bool)
}

// ShahFacts are the Shah's facts for its book advice.
type ShahFacts interface {
	// DrawDistance returns -1 when LegalMoves lists no draw; else how
	// many cards a foundation of the talon top's suit still needs before
	// it takes the card (the fewer of the two), 12 for an empty talon or
	// a card no foundation needs.
	DrawDistance() int
	// Emptying returns bit p for each pile p below 32 from which a listed
	// play or marriage takes the pile's only card.
	Emptying() uint32
}

// ZodiacFacts are the Zodiac's facts for its book advice.
type ZodiacFacts interface {
	// InwardMarriages returns bit i for each marriage legal[i] that
	// covers a card needed sooner than the card it lays.
	InwardMarriages(legal []Move) uint64
}

// Each game's facts, checked by the compiler.
var (
	_ BritishConstitutionFacts = (*britishConstitution)(nil)
	_ DrawPeeker               = (*britishConstitution)(nil)
	_ NapoleonFacts            = (*napoleon)(nil)
	_ ShahFacts                = (*shah)(nil)
	_ ZodiacFacts              = (*zodiac)(nil)
)
