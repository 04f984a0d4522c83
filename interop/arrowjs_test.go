package interop

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/pasyans/pasyans/corpus"
	"github.com/pasyans/pasyans/engine"
	"github.com/pasyans/pasyans/link"
	"github.com/pasyans/pasyans/normalize"
	"github.com/pasyans/pasyans/reports"
)

// TestArrowJSReadsOurFiles writes every dataset as Arrow IPC with each body
// compression (zstd, lz4, none) and reads them with Arrow JS
// (arrowjs/read.mjs, apache-arrow 21 pinned in arrowjs/package.json): every
// table must decode, and to the same rows whatever the compression. It is
// skipped without node or without "npm ci" in interop/arrowjs (.ci/run
// does both).
func TestArrowJSReadsOurFiles(t *testing.T) {
	node, err := exec.LookPath("node")
	if err != nil {
		t.Skip("node is not installed: Arrow JS check skipped")
	}
	if _, err := os.Stat(filepath.Join("arrowjs", "node_modules", "apache-arrow")); err != nil {
		t.Skip("run \"npm ci\" in interop/arrowjs for the Arrow JS check")
	}
	ctx := context.Background()
	f := newFixture(t)
	docs, err := corpus.Embedded(ctx, corpus.Options{Games: link.Games(nil)})
	if err != nil {
		t.Fatal(err)
	}
	n, err := normalize.New()
	if err != nil {
		t.Fatal(err)
	}
	cd, err := reports.BuildCorpusData(ctx, docs, n, engine.Catalog())
	if err != nil {
		t.Fatal(err)
	}
	sum, err := reports.Summarize(ctx, f.dir)
	if err != nil {
		t.Fatal(err)
	}
	root := t.TempDir()
	for _, c := range reports.ArrowCompressions {
		dir := filepath.Join(root, c)
		meta := reports.Metadata{Command: "interop test", ArrowCompression: c}
		for _, write := range []func() (string, error){
			func() (string, error) {
				return reports.ExportTable(dir, reports.DatasetCorpusBlocks, reports.FormatArrow, cd.Blocks, meta)
			},
			func() (string, error) {
				return reports.ExportTable(dir, reports.DatasetCorpusTokens, reports.FormatArrow, cd.Tokens, meta)
			},
			func() (string, error) {
				return reports.ExportTable(dir, reports.DatasetRules, reports.FormatArrow, cd.Rules, meta)
			},
			func() (string, error) {
				return reports.ExportTable(dir, reports.DatasetSummary, reports.FormatArrow, sum.Rows, meta)
			},
			func() (string, error) {
				return reports.ExportTable(dir, reports.DatasetPaired, reports.FormatArrow, sum.Pairs, meta)
			},
		} {
			if _, err := write(); err != nil {
				t.Fatal(err)
			}
		}
		if _, err := reports.ExportResults(ctx, f.dir, dir, reports.FormatArrow, meta); err != nil {
			t.Fatal(err)
		}
	}
	out, err := exec.Command(node, filepath.Join("arrowjs", "read.mjs"), root).CombinedOutput()
	if err != nil {
		t.Fatalf("Arrow JS: %v\n%s", err, out)
	}
	// The row counts Arrow JS saw are those written.
	want := map[string]int{"corpus_blocks.arrow": len(cd.Blocks), "corpus_tokens.arrow": len(cd.Tokens), "rules.arrow": len(cd.Rules),
		"summary.arrow": len(sum.Rows), "paired.arrow": len(sum.Pairs)}
	results, moves, files := 0, 0, 0
	for _, line := range strings.Split(strings.TrimSpace(string(out)), "\n") {
		fs := strings.Fields(line)
		if len(fs) != 3 || fs[0] != "ok" {
			continue
		}
		files++
		rows, _ := strconv.Atoi(fs[2])
		switch {
		case strings.HasPrefix(fs[1], "results"+string(filepath.Separator)):
			results += rows
		case strings.HasPrefix(fs[1], "moves"+string(filepath.Separator)):
			moves += rows
		default:
			if w, ok := want[fs[1]]; !ok || rows != w {
				t.Errorf("Arrow JS read %d rows of %s, %d written", rows, fs[1], w)
			}
		}
	}
	if results != len(f.rows) || moves != len(f.moves) || files != len(want)+2*len(games)*len(strategies) {
		t.Fatalf("Arrow JS read %d result and %d move rows (%d and %d written) in %d files:\n%s", results, moves, len(f.rows), len(f.moves), files, out)
	}
}
