// Package sim plays the games of package engine in bulk: strategies that
// choose among the engine's legal moves, a tournament runner that plays
// every strategy on the same deals in parallel and in shards, and the
// statistics that compare them.
//
// Strategies are a registry (Strategies, StrategyHelp, NewStrategy): each
// built-in strategy registers itself, with its parameters, from its own
// file. They are random, greedy (a fixed priority list over move kinds),
// book (the books' own advice, a per-game table of the catalog's advice IDs
// S1, S2 …, otherwise greedy), lookahead (a depth-limited search over
// determinized copies of what the player sees) and solver (the
// full-information search of package sim/solve, which proves losses as
// well as wins). All but solver see
// only what a player sees; new strategies implement Strategy and Player
// (see the example).
//
// greedy's tie-break and the book's advice look one move ahead on a plain
// copy of the game and count only what involves cards the player could see
// before the move (probe): no hidden card is sampled and no random number
// is drawn. Until this rule they looked ahead on a determinized copy (the
// hidden cards shuffled by the player's generator); docs/tournaments.md
// compares the two on paired deals.
//
// The runner (Run) is reproducible: the deal of (game, index) is
// engine.Deal(decks, DealSeed(master, game, index)) and each strategy's
// generator is seeded with StrategySeed, so rows do not depend on the
// number of workers or the sharding (ShardRange, ShardFromEnv). Rows stream
// to a Sink in deal order per (game, strategy), from the goroutine that
// called Run (the workers only play); a Sink that is a Resumer lets an
// interrupted run continue. TestGoldenRows pins the rows of a fixed
// tournament.
//
// The statistics (Wilson95, SolvabilityBounds, McNemarExact, Histogram,
// Tally, PairTally) are exported for package reports. Winnability runs the
// solver alone on the deals of a run and tabulates how many are won, lost
// and undecided ("pasyans solve --games").
//
// The data flows one way: sim imports engine and sim/solve; sim/solve
// imports only engine.
package sim
