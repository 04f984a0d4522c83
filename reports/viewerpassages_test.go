package reports

import (
	"context"
	"fmt"

	"github.com/pasyans/pasyans/corpus"
	"github.com/pasyans/pasyans/engine"
	"github.com/pasyans/pasyans/normalize"
	"github.com/pasyans/pasyans/reports/viewer"
)

// rulePassagesForTest links the built-in corpus (numbered rules, advice and play
// rules, as "pasyans games show" does) and returns every rule's passages,
// the best first.
func rulePassagesForTest(ctx context.Context) (map[engine.RuleID][]viewer.Passage, error) {
	docs, err := corpus.Embedded()
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
	links, err := normalize.LinkCorpusWith(docs, n, engine.Catalog(), normalize.LinkOptions{Play: true})
	if err != nil {
		return nil, fmt.Errorf("rule passages: link corpus: %w", err)
	}
	return PassagesFromLinks(links), ctx.Err()
}

