package engine

// Key is a 128-bit key of a game state, for the cache of visited states of
// a full-information search. Two independent 64-bit halves make an
// accidental collision (and so a wrong "proved lost") vanishingly unlikely:
// about 2^-64 for a cache of 2^32 states.
type Key struct{ Hi, Lo uint64 }

// SearchHooks is implemented by every game of the catalog: what a
// full-information search (the solver of package sim) needs beyond the Game
// interface. The hooks see the full state, hidden cards included; a
// strategy that plays fair must not call them. Each game's file states and
// argues its hooks (which moves are safe, which positions are dead ends,
// which states are identified by the key), and tests check them against
// exhaustive search on small positions.
type SearchHooks interface {
	// SearchKey returns a 128-bit key of the full state, canonical under
	// the symmetries of the game's rules (the two copies of a card in a
	// two-deck game where the rules do not tell them apart; piles of the
	// same role and rules): states with the same key have the same futures
	// up to that relabelling, so a search may treat them as one. The key
	// covers everything that decides the future — redeals left, cycle-rule
	// counters, phase flags — and nothing that does not (a redeal count
	// whose value no longer matters, say).
	SearchKey() Key
	// SafeMove returns the index in legal (the current state's legal moves,
	// as LegalMoves returned them) of a move that can be made at once
	// without losing any win — a dominance move — or -1 if there is none.
	// A search makes a safe move without branching.
	SafeMove(legal []Move) int
	// DeadEnd reports that the state can never be won, whatever is played
	// (a needed card buried for good, say). It must never report a
	// winnable state; false is always a correct answer.
	DeadEnd() bool
}

// MoveOrderer is implemented by games that know a better order in which a
// search should try moves than the generic one (progress first). OrderMoves
// reorders moves in place, most promising first; it must only permute them.
type MoveOrderer interface {
	OrderMoves(moves []Move)
}

// CounterKeyer is implemented by games whose state holds the counter of a
// cycle rule that only ever forbids moves: a limit on moves of some kind
// in a row, which every other move resets. CounterKey returns the state's
// key with the counter left out (canonical as SearchKey's, and covering
// everything else SearchKey covers) and the counter, 0 when its value
// cannot matter. Of two states with the same key, the one with the lower
// counter dominates: every move legal in the other is legal in it and
// leaves the two with the same key again and the counters in the same
// order, so it can play every line the other can. A search that has
// searched a state need not search it again with a counter no lower —
// which a key with the counter in it (SearchKey) cannot tell it.
type CounterKeyer interface {
	CounterKey() (Key, uint8)
}
