package pipeline

import (
	"context"
	"strings"
	"testing"

	"github.com/pasyans/pasyans/corpus"
)

// TestDocumentsStdin: "-" is standard input for every command that reads
// documents (run --corpus, corpus, link), read once.
func TestDocumentsStdin(t *testing.T) {
	ctx := context.Background()
	d, err := corpus.Open(ctx, "004", CorpusOptions())
	if err != nil {
		t.Fatal(err)
	}
	docs, err := Documents(ctx, []string{"-"}, strings.NewReader(d.Text))
	if err != nil {
		t.Fatal(err)
	}
	if len(docs) != 1 || docs[0].Name != "stdin" || len(docs[0].Blocks) != len(d.Blocks) {
		t.Fatalf("got %d documents, first %q with %d blocks; want stdin with %d", len(docs), docs[0].Name, len(docs[0].Blocks), len(d.Blocks))
	}
	if _, err := Documents(ctx, []string{"-", "-"}, strings.NewReader(d.Text)); err == nil {
		t.Fatal("stdin read twice")
	}
	c, err := LoadCorpus(ctx, []string{"-"}, strings.NewReader(d.Text))
	if err != nil {
		t.Fatal(err)
	}
	if len(c.Passages("napoleon")) == 0 {
		t.Fatal("no napoleon passages linked from stdin")
	}
}
