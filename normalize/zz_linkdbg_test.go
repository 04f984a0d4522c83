package normalize

import (
	"fmt"
	"testing"

	"github.com/pasyans/pasyans/engine"
)

func TestZZLinkDbg(t *testing.T) {
	_, links := linkCorpusForTest(t)
	for _, l := range links {
		fmt.Printf("%s\t%d\t%s\t%-24s\t%-10s\t%.3f\t%s\t%d:%d-%d:%d\t%q\t%q\n", l.Doc[:3], l.Block, l.Kind, l.RuleID, l.Method, l.Score, l.Candidate, l.Span.StartLine, l.Span.StartCol, l.Span.EndLine, l.Span.EndCol, linkFirstWords(l.Modern, 6), linkFirstWords(l.Original, 6))
	}
	rep := Coverage(links, engine.Catalog())
	for _, m := range rep.Missing {
		fmt.Println("missing", m.ID, m.Kind, m.Status, m.Source)
	}
	for _, s := range engine.Catalog() {
		fmt.Println(s.ID, s.TitlesRU, len(s.Rules))
		for _, r := range s.Rules {
			fmt.Println("   ", r.ID, r.Kind, r.Status, len(r.Terms), r.Terms)
		}
	}
}
