package normalize

import (
	"fmt"
	"os"
	"strings"
	"testing"

	"github.com/pasyans/pasyans/engine"
)

func TestZZDumpLinks(t *testing.T) {
	out := os.Getenv("LINK_DUMP")
	if out == "" {
		t.Skip()
	}
	r, err := linkedCorpus()
	if err != nil {
		t.Fatal(err)
	}
	links, err := LinkCorpusWith(r.docs, r.n, engine.Catalog(), LinkOptions{Play: true})
	if err != nil {
		t.Fatal(err)
	}
	var sb strings.Builder
	for _, l := range links {
		o := []rune(l.Original)
		if len(o) > 60 {
			o = o[:60]
		}
		fmt.Fprintf(&sb, "%s\t%d\t%s\t%s\t%s\t%.2f\t%s\n", l.Doc, l.Block, l.Method, l.RuleID, l.Candidate, l.Score, strings.ReplaceAll(string(o), "\n", " "))
	}
	os.WriteFile(out, []byte(sb.String()), 0o644)
}
