package sim

import "github.com/pasyans/pasyans/engine"

// Strategy is a way of playing any game of the catalog. A Strategy is
// immutable and safe for concurrent use; the per-deal state lives in the
// Players it makes.
//
// To add a strategy, implement Strategy and Player and pass it to Run in
// Config.Strategies (see the package example). A built-in strategy, known
// by name to NewStrategy and the command line, registers itself with its
// parameters from its own file (see StrategyInfo and random.go): adding
// one is a one-file change plus its test. Strategies only choose among the
// engine's legal moves; the engine is the referee.
type Strategy interface {
	// Name returns the strategy's ID, e.g. "greedy".
	Name() string
	// Params returns the strategy's parameters as canonical JSON ("{}" if none).
	Params() string
	// NewPlayer returns a player for one goroutine; it is Reset before each deal.
	NewPlayer() Player
}

// Player plays deals for one goroutine. Reset prepares it for a new deal;
// Choose picks the index of one move of legal (never empty) in state g and
// names the advice ID that drove the choice ("" if none). A Player other than
// a full-information solver must base its choice only on what the player can
// see (see engine.Game).
type Player interface {
	Reset(g engine.Game, seed uint64)
	Choose(g engine.Game, legal []engine.Move) (index int, advice engine.RuleID)
}
