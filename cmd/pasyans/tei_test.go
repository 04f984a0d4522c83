package main

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/pasyans/pasyans/corpus"
	"github.com/pasyans/pasyans/normalize"
	"github.com/pasyans/pasyans/tei"
)

// TestExportTEI writes the corpus as TEI with export --tei alone and reads
// each file back to the normalizer's modern text.
func TestExportTEI(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "tei")
	out, stderr, code := runCLI(t, "", "export", "--tei", dir)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	ctx := context.Background()
	docs, err := corpus.Embedded(ctx, corpus.Options{})
	if err != nil {
		t.Fatal(err)
	}
	n, err := normalize.New()
	if err != nil {
		t.Fatal(err)
	}
	if got := strings.Count(out, "\n"); got != len(docs) {
		t.Errorf("%d files listed for %d documents:\n%s", got, len(docs), out)
	}
	for _, d := range docs {
		f, err := os.Open(filepath.Join(dir, d.Name+".xml"))
		if err != nil {
			t.Fatal(err)
		}
		got, err := tei.PlainText(f, tei.Modern)
		f.Close()
		if err != nil {
			t.Fatal(err)
		}
		res, err := n.Document(ctx, d.Name, d.Text)
		if err != nil {
			t.Fatal(err)
		}
		if got != res.Text {
			t.Errorf("%s: the TEI does not read back to the modern text", d.Name)
		}
	}
	if entries, _ := os.ReadDir(dir); len(entries) != len(docs) {
		t.Errorf("%d entries in the TEI folder, want %d (no temporary file left)", len(entries), len(docs))
	}
}

// TestNormalizeTEILayout: normalize reads ALTO and hOCR by their content;
// --format tei writes one document with the pages of the scan.
func TestNormalizeTEILayout(t *testing.T) {
	alto := filepath.Join("..", "..", "corpus", "testdata", "layout", "sample.alto.xml")
	out, stderr, code := runCLI(t, "", "normalize", alto)
	if code != 0 || out != "ЧЕТЫРЕ УГЛА.\n\nI. Все карты кладутся в ряд и наблюдаются\nигроком.\n\nII. Тузы выходят на место.\n" {
		t.Errorf("normalize ALTO: exit %d, out %q, stderr %q", code, out, stderr)
	}
	raw, err := os.ReadFile(alto)
	if err != nil {
		t.Fatal(err)
	}
	if out2, _, _ := runCLI(t, string(raw), "normalize", "-"); out2 != out {
		t.Errorf("ALTO on standard input: %q", out2)
	}
	out, stderr, code = runCLI(t, "", "normalize", "--format", "tei", alto)
	if code != 0 {
		t.Fatalf("--format tei: exit %d: %s", code, stderr)
	}
	for _, want := range []string{`<pb n="6"/>`, `<pb n="7"/>`, `<div type="rule" n="I" corresp="rule:four-corners/I">`, `ALTO by Hand-written test file`} {
		if !strings.Contains(out, want) {
			t.Errorf("no %s in\n%s", want, out)
		}
	}
	got, err := tei.PlainText(strings.NewReader(out), tei.Modern)
	if err != nil || got != "ЧЕТЫРЕ УГЛА.\n\nI. Все карты кладутся в ряд и наблюдаются\nигроком.\n\nII. Тузы выходят на место.\n" {
		t.Errorf("read back %q, %v", got, err)
	}
	hocr := filepath.Join("..", "..", "corpus", "testdata", "layout", "page.hocr")
	if out, stderr, code = runCLI(t, "", "normalize", hocr); code != 0 || !strings.Contains(out, "Пасьянс раскладывается из двух") {
		t.Errorf("normalize hOCR: exit %d, out %q, stderr %q", code, out, stderr)
	}
	_, stderr, code = runCLI(t, "", "normalize", "--format", "tei", "000", "001")
	if code == 0 || !strings.Contains(stderr, "one document") {
		t.Errorf("two documents as TEI: exit %d, stderr %q", code, stderr)
	}
	_, stderr, code = runCLI(t, "", "normalize", "--format", "pdf", "000")
	if code != 2 || !strings.Contains(stderr, `--format "pdf"`) {
		t.Errorf("bad format: exit %d, stderr %q", code, stderr)
	}
}
