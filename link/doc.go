// Package link ties the passages of the books to the rules of the game
// engine: every numbered rule, every piece of strategy advice and, on
// request, the play text of a segmented corpus document to its catalog
// entry (an engine.RuleID such as "four-corners/I" or "windmill/S1"), and
// checks the result against the catalog both ways (Coverage).
//
// Documents is the entry point:
//
//	n, _ := normalize.New()
//	res, err := link.Documents(ctx, docs, link.Options{Normalizer: n})
//	for _, l := range res.Links { … l.RuleID, l.Method, l.Score, l.Span … }
//	err = res.Coverage.Err() // corpus rules the catalog lacks
//
// Structure decides first — a rule block's game and number, the place of a
// rule whose number the OCR damaged — and the text second: the modern text
// of the passage, folded and stemmed, is scored against the key phrases
// (engine.Rule.Terms, plus the extra phrases of this package) of the
// candidate entries. A passage with no good match is reported unlinked,
// never forced, and a passage under the heading of a game the catalog
// does not have is linked to nothing: the heading outranks the likeness.
//
// Games gives the segmenter (corpus.Options.Games) the catalog's games:
// their titles, and the vocabulary this package keeps for each.
package link
