// Package reports writes and reads pasyans's datasets and renders reports.
//
// Datasets (documented column by column in docs/datasets.md):
//
//   - results: one row per deal and strategy (sim.Result), Hive-partitioned as
//     results/game=<id>/strategy=<id>/part-<shard>-of-<count>.parquet and
//     written by ResultsWriter, the sim.Sink of a tournament;
//   - moves: one row per move (sim.MoveRecord) when a tournament is traced,
//     partitioned like results;
//   - summary and paired: per game × strategy × variant statistics and the
//     paired strategy comparisons (SummaryRow, PairRow), computed by
//     Summarize from a results folder;
//   - corpus_blocks, corpus_tokens: the segmented and normalized corpus
//     (BlockRow, TokenRow);
//   - rules: the engine's rule catalog (RuleRow);
//   - curve: a strength curve (CurveRow, StrengthCurve, ReadCurve);
//   - ablation: what each advice of the books is worth to a strategy
//     (AblationRow, AdviceAblation).
//
// Every Parquet file is zstd-compressed, uses dictionary encoding for
// low-cardinality strings, carries provenance in its key/value metadata
// (keys "pasyans.*", see the Key constants) and is written to a temporary
// name in its final directory and renamed only when complete. Arrow IPC files
// (ExportTable, ExportResults) carry the same schema.
//
// Report renders a Summary as Markdown tables and as one self-contained HTML
// page with inline SVG charts; WriteDealViewers writes beside it, for each
// game, a viewer (package reports/viewer) of one won and one lost deal of
// the best strategy, with the book's passages (PassagesFromLinks), and the
// report links them. The text and JSON listings of the corpus, its
// links and the rule catalog (listing.go, catalog.go) are rendered here too.
//
// A results folder is one run: RunIdentity is what makes its rows, recorded
// in every shard manifest and written by the pipeline into every file's
// provenance (Metadata.Extra).
package reports
