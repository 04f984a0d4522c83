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

// Graded is implemented by games in which every move raises a measure of
// progress by exactly one (Napoleon's patience: each move puts one pair
// out or takes one reserve card); Steps returns the measure. In such a
// game a state of a line is never reachable from an earlier one in fewer
// moves than the line takes, so a search's winning line has no detours to
// cut, and a search need not look for any.
type Graded interface {
	Steps() int
}

// ListedApplier is implemented by every game of the catalog: it makes a
// move it listed more cheaply than Apply, which checks it first.
// ApplyListed performs m, which LegalMoves listed for the current state (or
// the state of a copy of it), without checking it; given any other move its
// effect is undefined. A play loop or a search that makes only moves listed
// for the state it makes them in may call it instead of Apply (the
// engine's property tests check at every position of random games that
// every listed move passes Check and that ApplyListed leaves the state
// Apply does).
type ListedApplier interface {
	ApplyListed(m *Move)
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

// MemoUser is implemented by games whose search hooks make searches of
// their own (an endgame evaluation) and can keep what those found in a
// Memo lent by the searcher. A searcher that lends one calls UseMemo on
// every copy of the game it searches (after Clone and CopyFrom, which copy
// the game's memo with it) and clears the memo before each search of a
// new deal, so that a search's result is a function of the state searched
// and its limits. A game without a memo lent works alone, more slowly.
type MemoUser interface {
	UseMemo(m *Memo)
}

// Memo is a table from 128-bit keys to small values (0–2) with a bounded
// size: a full table forgets everything it holds. Lookups and stores
// allocate nothing once the table has grown. It is not safe for
// concurrent use.
type Memo struct {
	slots []Key // open addressing; Lo's low 2 bits hold value+1 (0: empty)
	n     int
	max   int
}

// memoMinSlots is the size of a Memo's table before it grows.
const memoMinSlots = 1 << 12

// NewMemo returns an empty Memo that holds at most maxSlots/2 keys
// (maxSlots is rounded up to a power of two, at least 4,096).
func NewMemo(maxSlots int) *Memo {
	m := memoMinSlots
	for m < maxSlots {
		m *= 2
	}
	return &Memo{slots: make([]Key, memoMinSlots), max: m}
}

// Reset empties the memo.
func (m *Memo) Reset() {
	if m.n > 0 {
		clear(m.slots)
		m.n = 0
	}
}

// memoSlot returns the first slot to probe for k in a table of n slots.
func memoSlot(k Key, n int) int { return int(SplitMix64(k.Hi^k.Lo>>2) & uint64(n-1)) }

// Get returns the value stored under k.
func (m *Memo) Get(k Key) (v uint8, ok bool) {
	mask := len(m.slots) - 1
	for i := memoSlot(k, len(m.slots)); ; i = (i + 1) & mask {
		s := m.slots[i]
		switch {
		case s.Lo == 0:
			return 0, false
		case s.Hi == k.Hi && s.Lo>>2 == k.Lo>>2:
			return uint8(s.Lo&3) - 1, true
		}
	}
}

// Put stores v (0–2) under k; the key's two lowest bits of Lo are not told
// apart.
func (m *Memo) Put(k Key, v uint8) {
	if m.n >= len(m.slots)/2 {
		if len(m.slots) < m.max {
			m.grow()
		} else {
			m.Reset()
		}
	}
	k.Lo = k.Lo&^3 | uint64(v%3+1)
	mask := len(m.slots) - 1
	for i := memoSlot(k, len(m.slots)); ; i = (i + 1) & mask {
		s := m.slots[i]
		switch {
		case s.Lo == 0:
			m.slots[i] = k
			m.n++
			return
		case s.Hi == k.Hi && s.Lo>>2 == k.Lo>>2:
			m.slots[i] = k
			return
		}
	}
}

// grow doubles the table.
func (m *Memo) grow() {
	prev := m.slots
	m.slots = make([]Key, 2*len(prev))
	m.n = 0
	mask := len(m.slots) - 1
	for _, s := range prev {
		if s.Lo == 0 {
			continue
		}
		i := memoSlot(s, len(m.slots))
		for m.slots[i].Lo != 0 {
			i = (i + 1) & mask
		}
		m.slots[i] = s
		m.n++
	}
}

// Roller is implemented by games with a heuristic good enough to play a
// deal out: RolloutMove returns the index in legal (the current state's
// legal moves, as LegalMoves returned them) of the move a rollout plays. A
// search for a win may follow it in nested rollouts: each move of the line
// chosen by playing every candidate out with the heuristic. Like the other
// hooks it may read hidden cards, so a strategy that plays fair must not
// call it; it must be a function of the state and legal, and allocate
// nothing.
type Roller interface {
	RolloutMove(legal []Move) int
	// RolloutValue rates the state a playout ended in, higher better; a
	// won state rates highest.
	RolloutValue() int
}

// ProbeSharer is implemented by games whose exhaustive search cannot use
// the share of the node budget that a search's probe for a quick win
// leaves it (it proves no loss the probe leaves, and wins fewer deals
// with those nodes than the probe would): ProbeShare returns the share, in
// percent (1 to 100), the search should give its probe instead of its
// default. The probe is the game's own: the nested rollouts of a game with
// a rollout heuristic (Roller), else the limited discrepancy search; a
// search told to probe another way keeps its default share.
type ProbeSharer interface {
	ProbeShare() int
}
