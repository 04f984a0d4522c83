// Package sim plays the games of package engine in bulk: strategies that
// choose among the engine's legal moves, a tournament runner that plays
// every strategy on the same deals in parallel and in shards, and the
// statistics that compare them.
//
// Strategies (a registry: Strategies, StrategyHelp, NewStrategy): random, greedy, book (the books'
// own advice, the catalog's advice IDs S1, S2 …), lookahead (a depth-limited search over
// determinized copies of what the player sees) and solver (a
// full-information search with a transposition table). All but solver see
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
// Tally, PairTally) are exported for package reports.
package sim
