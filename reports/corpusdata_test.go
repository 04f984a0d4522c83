package reports

import (
	"context"
	"strings"
	"testing"

	"github.com/pasyans/pasyans/corpus"
	"github.com/pasyans/pasyans/engine"
	"github.com/pasyans/pasyans/link"
	"github.com/pasyans/pasyans/normalize"
)

func buildCorpusForTest(t *testing.T) *CorpusData {
	t.Helper()
	docs, err := corpus.Embedded(context.Background(), corpus.Options{Games: link.Games(nil)})
	if err != nil {
		t.Fatal(err)
	}
	n, err := normalize.New()
	if err != nil {
		t.Fatal(err)
	}
	cd, err := BuildCorpusData(context.Background(), docs, n, engine.Catalog())
	if err != nil {
		t.Fatal(err)
	}
	return cd
}

func TestBuildCorpusData(t *testing.T) {
	cd := buildCorpusForTest(t)
	docs, _ := corpus.Embedded(context.Background(), corpus.Options{Games: link.Games(nil)})
	nBlocks := 0
	for _, d := range docs {
		nBlocks += len(d.Blocks)
	}
	if len(cd.Blocks) != nBlocks {
		t.Fatalf("%d block rows for %d blocks", len(cd.Blocks), nBlocks)
	}
	// The tokens of a document concatenate to its text.
	var sb strings.Builder
	for _, tok := range cd.Tokens {
		if tok.Document == docs[0].Name {
			sb.WriteString(tok.Original)
		}
	}
	if sb.String() != docs[0].Text {
		t.Fatal("token originals do not concatenate to the document text")
	}
	linked, modernDiffers := 0, 0
	for _, b := range cd.Blocks {
		if b.RuleID != "" {
			linked++
			if !strings.HasPrefix(b.RuleID, b.Game+"/") && b.Game != "" {
				t.Errorf("%s#%d: game %s linked to %s", b.Document, b.Block, b.Game, b.RuleID)
			}
		}
		if b.Modern != strings.TrimSpace(b.Original) {
			modernDiffers++
		}
		if b.Modern == "" && strings.TrimSpace(b.Original) != "" {
			t.Errorf("%s#%d: empty modern text for %q", b.Document, b.Block, b.Original)
		}
	}
	if linked == 0 || modernDiffers == 0 {
		t.Fatalf("linked blocks %d, modernized blocks %d", linked, modernDiffers)
	}
	nRules := 0
	for _, s := range engine.Catalog() {
		nRules += len(s.Rules)
	}
	withText := 0
	for _, r := range cd.Rules {
		if r.TextModern != "" {
			withText++
		}
	}
	if len(cd.Rules) != nRules || withText == 0 {
		t.Fatalf("%d rule rows (catalog %d), %d with linked text", len(cd.Rules), nRules, withText)
	}
	t.Logf("%d blocks (%d linked), %d tokens, %d rules (%d with modern text)", len(cd.Blocks), linked, len(cd.Tokens), len(cd.Rules), withText)
}
