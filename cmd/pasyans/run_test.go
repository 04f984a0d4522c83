package main

import (
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/parquet-go/parquet-go"

	"github.com/pasyans/pasyans/engine"
	"github.com/pasyans/pasyans/pipeline"
	"github.com/pasyans/pasyans/reports"
	"github.com/pasyans/pasyans/sim"
)

// runSample runs the pipeline on a small sample into dir.
func runSample(t *testing.T, dir string, extra ...string) {
	t.Helper()
	args := append([]string{"run", "--out", dir, "--deals", "40", "--solver-deals", "6", "--solver-nodes", "2000",
		"--games", "napoleon,salic-law,red-and-black", "--quiet"}, extra...)
	code, out, errs := runPlayCLI(t, args...)
	if code != 0 {
		t.Fatalf("pasyans %s: exit %d\n%s", strings.Join(args, " "), code, errs)
	}
	if !strings.Contains(out, "| napoleon |") || !strings.Contains(out, "HTML report: ") {
		t.Fatalf("run printed no summary table:\n%s", out)
	}
}

// TestRunPipeline runs the whole pipeline on a small sample and checks that
// every output exists, is readable and agrees with itself, and that a second
// run with the same seed (and another worker count) writes the same data.
func TestRunPipeline(t *testing.T) {
	ctx := context.Background()
	dir := filepath.Join(t.TempDir(), "out")
	runSample(t, dir, "--workers", "2")

	for _, f := range []string{"corpus_blocks.parquet", "corpus_tokens.parquet", "rules.parquet", "summary.parquet",
		"paired.parquet", "report.md", "report.html", "_manifest-00000-of-00001.json",
		"results/game=napoleon/strategy=book/part-00000-of-00001.parquet",
		"solver/results/game=red-and-black/strategy=solver/part-00000-of-00001.parquet"} {
		if _, err := os.Stat(filepath.Join(dir, f)); err != nil {
			t.Errorf("missing output: %v", err)
		}
	}

	// Results and summary agree: deals and wins per game × strategy.
	type key struct{ game, strategy string }
	deals, wins := map[key]int64{}, map[key]int64{}
	for _, d := range []string{dir, filepath.Join(dir, "solver")} {
		err := reports.ReadResults(ctx, d, func(rows []sim.Result) error {
			for _, r := range rows {
				k := key{r.Game, r.Strategy}
				deals[k]++
				if r.Won {
					wins[k]++
				}
			}
			return nil
		})
		if err != nil {
			t.Fatal(err)
		}
	}
	summary, err := parquet.ReadFile[reports.SummaryRow](filepath.Join(dir, "summary.parquet"))
	if err != nil {
		t.Fatal(err)
	}
	if len(summary) != 3*4 {
		t.Errorf("summary has %d rows, want 12 (3 games × random, greedy, book, solver)", len(summary))
	}
	for _, s := range summary {
		k := key{s.Game, s.Strategy}
		want := int64(40)
		if s.Strategy == "solver" {
			want = 6
		}
		if s.Deals != want || deals[k] != want || s.Wins != wins[k] {
			t.Errorf("%s/%s: summary deals %d wins %d; results deals %d wins %d; want %d deals",
				s.Game, s.Strategy, s.Deals, s.Wins, deals[k], wins[k], want)
		}
	}

	// Every linked rule ID is in the catalog.
	blocks, err := parquet.ReadFile[reports.BlockRow](filepath.Join(dir, "corpus_blocks.parquet"))
	if err != nil {
		t.Fatal(err)
	}
	linked := 0
	for _, b := range blocks {
		for _, id := range append([]string{b.RuleID}, b.LinkedRules...) {
			if id == "" {
				continue
			}
			linked++
			if _, ok := engine.LookupRule(engine.RuleID(id)); !ok {
				t.Errorf("corpus block %s#%d links to %q, which is not in the catalog", b.Document, b.Block, id)
			}
		}
	}
	if linked < 20 {
		t.Errorf("only %d links in corpus_blocks", linked)
	}
	html, err := os.ReadFile(filepath.Join(dir, "report.html"))
	if err != nil || !strings.Contains(string(html), "<svg") || !strings.Contains(string(html), "napoleon") {
		t.Errorf("report.html lacks charts (err %v)", err)
	}
	checkReportInBrowser(t, filepath.Join(dir, "report.html"))

	// Beside the report: a viewer of a deal per game, linked from it.
	for _, game := range []string{"napoleon", "salic-law", "red-and-black"} {
		views, _ := filepath.Glob(filepath.Join(dir, reports.ViewerDir, game+"-*.html"))
		if len(views) == 0 {
			t.Errorf("no deal viewer of %s in %s", game, reports.ViewerDir)
		}
		for _, v := range views {
			link := `href="` + reports.ViewerDir + "/" + filepath.Base(v) + `"`
			if !strings.Contains(string(html), link) {
				t.Errorf("report.html does not link %s", v)
			}
		}
	}

	// Same flags without --force: refused; with --force and one worker: the
	// same datasets apart from the creation time.
	code, _, errs := runPlayCLI(t, "run", "--out", dir, "--deals", "40", "--games", "napoleon", "--quiet")
	if code != 1 || !strings.Contains(errs, "--force") {
		t.Errorf("second run without --force: exit %d, %q", code, errs)
	}
	first := snapshot(t, dir)
	runSample(t, dir, "--workers", "1", "--force")
	second := snapshot(t, dir)
	if len(first) != len(second) {
		t.Fatalf("%d files, then %d", len(first), len(second))
	}
	for name, a := range first {
		if b := second[name]; a != b {
			t.Errorf("%s differs between two runs with the same seed:\n%.300s\n%.300s", name, a, b)
		}
	}
}

// checkReportInBrowser opens the report of "pasyans run" in headless
// Chromium and checks that the DOM the browser built has the charts and the
// book's rules in modern Russian beside their IDs (skipped without Chromium).
func checkReportInBrowser(t *testing.T, page string) {
	t.Helper()
	bin, err := exec.LookPath("chromium")
	if err != nil {
		t.Log("chromium is not installed (apt-get install chromium): browser check skipped")
		return
	}
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	cmd := exec.CommandContext(ctx, bin, "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
		"--disable-background-networking", "--disable-component-update", "--disable-sync",
		"--user-data-dir="+t.TempDir(), "--dump-dom", "file://"+page)
	dom, err := cmd.Output()
	if err != nil {
		t.Fatalf("chromium --dump-dom %s: %v", page, err)
	}
	for _, want := range []string{
		`class="chart win-rate"`, `class="chart moves"`, `class="chart paired"`,
		"salic-law/II", "Основные карты восемь тузов не должны быть выбираемы", // a linked rule, modern text
	} {
		if !strings.Contains(string(dom), want) {
			t.Errorf("the report as Chromium renders it lacks %q", want)
		}
	}
}

// snapshot renders every Parquet file under dir as its rows and its
// metadata without the creation time and the command line (which names the
// worker count), and takes the deal viewers as they are, keyed by the path
// relative to dir.
func snapshot(t *testing.T, dir string) map[string]string {
	t.Helper()
	out := map[string]string{}
	err := filepath.WalkDir(dir, func(p string, d os.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		rel, _ := filepath.Rel(dir, p)
		if filepath.Dir(rel) == reports.ViewerDir {
			b, err := os.ReadFile(p)
			out[rel] = string(b)
			return err
		}
		if !strings.HasSuffix(p, ".parquet") {
			return nil
		}
		md, err := reports.FileMetadata(p)
		if err != nil {
			return err
		}
		keys := make([]string, 0, len(md))
		for k := range md {
			if k != reports.KeyCreated && k != reports.KeyCommand {
				keys = append(keys, k)
			}
		}
		slices.Sort(keys)
		var b strings.Builder
		for _, k := range keys {
			fmt.Fprintf(&b, "%s=%s\n", k, md[k])
		}
		f, err := os.Open(p)
		if err != nil {
			return err
		}
		defer f.Close()
		st, err := f.Stat()
		if err != nil {
			return err
		}
		pf, err := parquet.OpenFile(f, st.Size())
		if err != nil {
			return err
		}
		r := parquet.NewReader(pf)
		defer r.Close()
		row := map[string]any{}
		for {
			clear(row)
			if err := r.Read(&row); err != nil {
				break
			}
			fmt.Fprintf(&b, "%v\n", row)
		}
		out[rel] = b.String()
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return out
}

// TestRunResume interrupts "pasyans run" in its tournament and resumes it:
// the datasets equal those of an uninterrupted run; other flags are
// refused.
func TestRunResume(t *testing.T) {
	args := []string{"--deals", "300", "--solver-deals", "5", "--games", "napoleon,salic-law", "--strategies", "random,greedy"}
	want := filepath.Join(t.TempDir(), "want")
	runSample(t, want, args...)

	out := filepath.Join(t.TempDir(), "out")
	specs, _ := pipeline.ParseGames("napoleon,salic-law")
	games, _ := pipeline.GameConfigs(specs, nil)
	strats, _ := pipeline.ParseStrategies("random,greedy", nil)
	solver, _ := sim.NewStrategy("solver", map[string]string{"nodes": "2000"})
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	_, err := pipeline.Run(ctx, pipeline.RunOptions{Out: out, Games: games, Strategies: strats, Deals: 300, Seed: 1,
		Solver: solver, SolverDeals: 5, Workers: 2, Observer: stopAfter{n: 100, cancel: cancel}})
	if !errors.Is(err, context.Canceled) {
		t.Fatalf("interrupted run: %v", err)
	}
	code, _, errs := runPlayCLI(t, append([]string{"run", "--out", out, "--quiet", "--resume", "--seed", "2"}, args...)...)
	if code != exitFailure || !strings.Contains(errs, "--seed 2 vs the folder's 1") {
		t.Fatalf("run --resume with another seed: exit %d, %q", code, errs)
	}
	runSample(t, out, append(args, "--resume")...)
	a, b := snapshot(t, want), snapshot(t, out)
	if len(a) != len(b) {
		t.Fatalf("%d files, resumed %d", len(a), len(b))
	}
	for name, x := range a {
		if b[name] != x {
			t.Errorf("%s differs between an uninterrupted and a resumed run", name)
		}
	}
}
