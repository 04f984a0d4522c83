// Package sim plays the games of package engine in bulk: strategies that
// choose among the engine's legal moves, a tournament runner that plays
// every strategy on the same deals in parallel and in shards, and the
// statistics that compare them.
//
// Strategies (NewStrategy, StrategyNames): random, greedy, book (the books'
// own advice, GAMES.md S1, S2 …), lookahead (a depth-limited search over
// determinized copies of what the player sees) and solver (the
// full-information search of package sim/solve, which proves losses as
// well as wins). All but solver see
// only what a player sees; new strategies implement Strategy and Player
// (see the example).
//
// The runner (Run) is reproducible: the deal of (game, index) is
// engine.Deal(decks, DealSeed(master, game, index)) and each strategy's
// generator is seeded with StrategySeed, so rows do not depend on the
// number of workers or the sharding (ShardRange, ShardFromEnv). Rows stream
// to a Sink in deal order per (game, strategy); a Sink that is a Resumer
// lets an interrupted run continue.
//
// The statistics (Wilson95, SolvabilityBounds, McNemarExact, Histogram,
// Tally, PairTally) are exported for package reports. Winnability runs the
// solver alone on the deals of a run and tabulates how many are won, lost
// and undecided ("pasyans solve --games").
//
// The data flows one way: sim imports engine and sim/solve; sim/solve
// imports only engine.
package sim
