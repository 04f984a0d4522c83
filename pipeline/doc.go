// Package pipeline is the library behind the pasyans commands: each command
// parses its flags into one of this package's option structs and calls one
// function.
//
// What it owns:
//
//   - the text side, corpus → normalize → link: Documents, LinkCorpus and
//     LoadCorpus give a Corpus (documents, normalizer, links), whose
//     Datasets, Passages and RulePassages are the corpus_blocks,
//     corpus_tokens and rules tables and a game's or rule's book text;
//   - a tournament shard written to a results folder with its provenance:
//     Tournament (TournamentOptions), with Metadata, the one provenance
//     builder of every dataset writer (the run's identity as
//     pasyans.extra.* keys);
//   - writing datasets: WriteCorpusTables, WriteRulesTable,
//     WriteSummaryTables and Export;
//   - the whole job of "pasyans run": Run (RunOptions), six stages reported
//     to an Observer (TextObserver prints them and a tournament's progress);
//   - one deal played by "pasyans play": Play, through the tournament's own
//     play loop (sim.Playout.PlayDeal) and a PlayTracer that writes the game
//     log and the board;
//   - the parsing of the command line's game, variant, strategy and
//     parameter lists (ParseGames, GameConfigs, ParseStrategies,
//     ParseKeyValues), and the normalizer's evaluation (Evaluate).
//
// Data flows one way: corpus → normalize → link → reports and engine → sim
// → reports; pipeline sits on top and imports them all. Nothing below it
// imports pipeline.
package pipeline
