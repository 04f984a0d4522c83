package reports

import (
	"context"
	"fmt"

	"github.com/pasyans/pasyans/corpus"
	"github.com/pasyans/pasyans/engine"
	"github.com/pasyans/pasyans/link"
	"github.com/pasyans/pasyans/normalize"
	"github.com/pasyans/pasyans/reports/viewer"
)

// rulePassagesForTest links the built-in corpus (numbered rules, advice and play
// rules, as "pasyans games show" does) and returns every rule's passages,
// the best first.
func rulePassagesForTest(ctx context.Context) (map[engine.RuleID][]viewer.Passage, error) {
	docs, err := corpus.Embedded(ctx, corpus.Options{Games: link.Games(nil)})
	if err != nil {
		return nil, fmt.Errorf("rule passages: embedded corpus: %w", err)
	}
	n, err := normalize.New()
	if err != nil {
		return nil, fmt.Errorf("rule passages: normalizer: %w", err)
	}
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	res, err := link.Documents(ctx, docs, link.Options{Catalog: engine.Catalog(), Normalizer: n, Play: true})
	if err != nil {
		return nil, fmt.Errorf("rule passages: link corpus: %w", err)
	}
	return PassagesFromLinks(res.Links), ctx.Err()
}
