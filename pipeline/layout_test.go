package pipeline

import (
	"bytes"
	"context"
	"encoding/json"
	"path/filepath"
	"strings"
	"testing"

	"github.com/pasyans/pasyans/normalize"
	"github.com/pasyans/pasyans/reports"
)

// TestTokensLayout: the tokens of a document read from ALTO carry their
// page, line and box; the classes column names the edit classes.
func TestTokensLayout(t *testing.T) {
	ctx := context.Background()
	c, err := LoadCorpus(ctx, []string{filepath.Join("..", "corpus", "testdata", "layout", "sample.alto.xml")}, nil)
	if err != nil {
		t.Fatal(err)
	}
	cd, err := c.Datasets(ctx)
	if err != nil {
		t.Fatal(err)
	}
	found := map[string]bool{}
	for _, tk := range cd.Tokens {
		switch tk.Original {
		case "карты":
			found[tk.Original] = true
			if tk.Page != 1 || tk.PageLine != 2 || tk.BoxX0 != 300 || tk.BoxY0 != 200 || tk.BoxX1 != 500 || tk.BoxY1 != 260 || len(tk.Classes) != 0 {
				t.Errorf("карты: %+v", tk)
			}
		case "мѣсто":
			found[tk.Original] = true
			if tk.Page != 2 || tk.PageLine != 1 || tk.BoxX0 != 780 || strings.Join(tk.Classes, ",") != normalize.ClassReform {
				t.Errorf("мѣсто: %+v", tk)
			}
		case "наблю-\nдаются":
			found[tk.Original] = true
			if tk.Page != 1 || tk.PageLine != 2 || strings.Join(tk.Classes, ",") != normalize.ClassJoin {
				t.Errorf("наблю-даются: %+v", tk)
			}
		case " ":
			if tk.Page == 0 || tk.BoxX1 != 0 {
				t.Errorf("space: %+v", tk)
			}
		}
	}
	if len(found) != 3 {
		t.Errorf("tokens found: %v", found)
	}
	const want = "edits=7 reform=6 ocr_repair=0 split=0 join=1 unresolved=0"
	if got := EditClassCounts(cd.Tokens); got != want {
		t.Errorf("edit classes %q", got)
	}
	ps, err := WriteCorpusTables(t.TempDir(), reports.FormatParquet, cd, reports.Metadata{})
	if err != nil {
		t.Fatal(err)
	}
	md, err := reports.FileMetadata(ps[1])
	if err != nil || md[reports.KeyEditClasses] != want {
		t.Errorf("%s: %s = %q, %v", ps[1], reports.KeyEditClasses, md[reports.KeyEditClasses], err)
	}
}

// TestTokenSummaryMatchesExplain: the class counts of the corpus_tokens
// rows are the sums of the summaries "normalize --explain" prints.
func TestTokenSummaryMatchesExplain(t *testing.T) {
	ctx := context.Background()
	var out bytes.Buffer
	if err := Normalize(ctx, NormalizeOptions{Explain: true, Out: &out}); err != nil {
		t.Fatal(err)
	}
	var sum normalize.Summary
	docs := 0
	for _, l := range strings.Split(strings.TrimSpace(out.String()), "\n") {
		if !strings.HasPrefix(l, `{"summary"`) {
			continue
		}
		var s SummaryLine
		if err := json.Unmarshal([]byte(l), &s); err != nil {
			t.Fatal(err)
		}
		docs++
		sum.Edits += s.Summary.Edits
		sum.Reform += s.Summary.Reform
		sum.OCR += s.Summary.OCR
		sum.Split += s.Summary.Split
		sum.Join += s.Summary.Join
		sum.Unresolved += s.Summary.Unresolved
	}
	c, err := LoadCorpus(ctx, nil, nil)
	if err != nil {
		t.Fatal(err)
	}
	cd, err := c.Datasets(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if got := TokenSummary(cd.Tokens); docs != len(c.Documents) || got != sum || got.Edits == 0 {
		t.Errorf("tokens %+v, explain %+v over %d documents", got, sum, docs)
	}
}
