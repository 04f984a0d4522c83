package interop

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/pasyans/pasyans/corpus"
	"github.com/pasyans/pasyans/engine"
	"github.com/pasyans/pasyans/link"
	"github.com/pasyans/pasyans/normalize"
	"github.com/pasyans/pasyans/reports"
)

// TestDocsDuckDBQueries runs every DuckDB example of docs/datasets.md on
// real datasets, with run1/ a traced tournament folder and out/ an export.
func TestDocsDuckDBQueries(t *testing.T) {
	doc, err := os.ReadFile(filepath.Join("..", "docs", "datasets.md"))
	if err != nil {
		t.Fatal(err)
	}
	_, rest, ok := strings.Cut(string(doc), "```sql\n")
	if !ok {
		t.Fatal("docs/datasets.md has no ```sql block")
	}
	block, _, _ := strings.Cut(rest, "```")

	f := newFixture(t)
	run1, out := t.TempDir(), t.TempDir()
	ctx := context.Background()
	// Merged into one part per partition, as the examples' file names say.
	if _, err := reports.ExportResults(ctx, f.dir, run1, reports.FormatParquet, reports.Metadata{}); err != nil {
		t.Fatal(err)
	}
	docs, err := corpus.Embedded(context.Background(), corpus.Options{Games: link.Games(nil)})
	if err != nil {
		t.Fatal(err)
	}
	n, err := normalize.New()
	if err != nil {
		t.Fatal(err)
	}
	cd, err := reports.BuildCorpusData(context.Background(), docs, n, engine.Catalog())
	if err != nil {
		t.Fatal(err)
	}
	if _, err := reports.ExportTable(out, reports.DatasetRules, reports.FormatParquet, cd.Rules, reports.Metadata{}); err != nil {
		t.Fatal(err)
	}
	if _, err := reports.ExportTable(out, reports.DatasetCorpusTokens, reports.FormatParquet, cd.Tokens, reports.Metadata{}); err != nil {
		t.Fatal(err)
	}
	db := openDuckDB(t)
	ran := 0
	for _, stmt := range strings.Split(block, ";\n") {
		var lines []string
		for _, l := range strings.Split(stmt, "\n") {
			if !strings.HasPrefix(strings.TrimSpace(l), "--") {
				lines = append(lines, l)
			}
		}
		q := strings.TrimSpace(strings.Join(lines, "\n"))
		if q == "" {
			continue
		}
		q = strings.ReplaceAll(q, "'run1/", "'"+filepath.ToSlash(run1)+"/")
		q = strings.ReplaceAll(q, "'out/", "'"+filepath.ToSlash(out)+"/")
		rows, err := db.Query(q)
		if err != nil {
			t.Errorf("docs query failed: %v\n%s", err, q)
			continue
		}
		got := 0
		for rows.Next() {
			got++
		}
		if err := rows.Err(); err != nil {
			t.Errorf("docs query: %v\n%s", err, q)
		}
		rows.Close()
		if got == 0 {
			t.Errorf("docs query returned no rows:\n%s", q)
		}
		ran++
	}
	if ran < 5 {
		t.Fatalf("ran %d docs queries", ran)
	}
}
