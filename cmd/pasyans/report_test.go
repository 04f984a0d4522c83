package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func runReportCLI(t *testing.T, args ...string) (string, string, int) {
	t.Helper()
	var stdout, stderr bytes.Buffer
	code := run(args, &stdout, &stderr)
	return stdout.String(), stderr.String(), code
}

// reportTournament runs a small tournament (optionally one shard of
// several) into out through the CLI.
func reportTournament(t *testing.T, out string, extra ...string) {
	t.Helper()
	args := append([]string{"tournament", "--games", "napoleon,red-and-black", "--strategies", "random,greedy",
		"--deals", "90", "--seed", "3", "--workers", "2", "--timing=false", "--quiet", "--out", out}, extra...)
	if _, stderr, code := runReportCLI(t, args...); code != 0 {
		t.Fatalf("tournament %v: exit %d: %s", extra, code, stderr)
	}
}

func TestReportCommand(t *testing.T) {
	single, sharded := t.TempDir(), t.TempDir()
	reportTournament(t, single, "--trace")
	for i := 0; i < 3; i++ {
		reportTournament(t, sharded, "--trace", "--shard-index", string(rune('0'+i)), "--shard-count", "3")
	}
	page := filepath.Join(t.TempDir(), "r.html")
	md1, stderr, code := runReportCLI(t, "report", single, "--html", page, "--curve", "../../docs/planner-curve.parquet")
	if code != 0 {
		t.Fatalf("report: exit %d: %s", code, stderr)
	}
	md3, stderr, code := runReportCLI(t, "report", "--verify", sharded)
	if code != 0 {
		t.Fatalf("report of shards: exit %d: %s", code, stderr)
	}
	if md1 != md3 {
		t.Fatalf("report of 3 merged shards differs from one run:\n%s\n----\n%s", md1, md3)
	}
	for _, want := range []string{"## Win rates", "| napoleon | default | random | 90 |", "## Paired comparisons", "## Rule usage"} {
		if !strings.Contains(md1, want) {
			t.Errorf("report lacks %q:\n%s", want, md1)
		}
	}
	html, err := os.ReadFile(page)
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"<svg", `id="rules"`, "napoleon/", `id="strength"`, "planner: win rate against samples"} {
		if !strings.Contains(string(html), want) {
			t.Errorf("HTML lacks %q", want)
		}
	}
}

func TestReportCommandErrors(t *testing.T) {
	missing := filepath.Join(t.TempDir(), "nothing")
	_, stderr, code := runReportCLI(t, "report", missing)
	if code != 1 || !strings.HasPrefix(stderr, "pasyans: ") || !strings.Contains(stderr, missing) || strings.Count(stderr, "\n") != 1 {
		t.Errorf("missing folder: exit %d, stderr %q", code, stderr)
	}
	partial := t.TempDir()
	reportTournament(t, partial, "--shard-index", "0", "--shard-count", "2")
	if _, stderr, code := runReportCLI(t, "report", "--verify", partial); code != 1 || !strings.Contains(stderr, "missing shards [1] of 2") {
		t.Errorf("--verify of 1 of 2 shards: exit %d, stderr %q", code, stderr)
	}
	if _, _, code := runReportCLI(t, "report"); code != 2 {
		t.Errorf("no folder: exit %d, want 2", code)
	}
	if _, stderr, code := runReportCLI(t, "report", partial, "--curve", "../../docs/planner-curve.parquet"); code != 2 || !strings.Contains(stderr, "--curve needs --html") {
		t.Errorf("--curve without --html: exit %d, stderr %q", code, stderr)
	}
	page := filepath.Join(t.TempDir(), "r.html")
	stdout, stderr, code := runReportCLI(t, "report", partial, "--html", page, "--curve", missing)
	if code != 1 || !strings.HasPrefix(stderr, "pasyans: ") || !strings.Contains(stderr, missing) || strings.Count(stderr, "\n") != 1 || stdout != "" {
		t.Errorf("missing curve file: exit %d, stderr %q", code, stderr)
	}
	if _, err := os.Stat(page); err == nil {
		t.Errorf("a report was written although its curve could not be read")
	}
}

func TestExportCommand(t *testing.T) {
	run1, out := t.TempDir(), t.TempDir()
	reportTournament(t, run1)
	stdout, stderr, code := runReportCLI(t, "export", "--what", "all", "--format", "arrow", "--out", out, "--results", run1)
	if code != 0 {
		t.Fatalf("export: exit %d: %s", code, stderr)
	}
	for _, name := range []string{"corpus_blocks.arrow", "corpus_tokens.arrow", "rules.arrow", "summary.arrow", "paired.arrow",
		"results/game=napoleon/strategy=greedy/part-00000-of-00001.arrow"} {
		p := filepath.Join(out, filepath.FromSlash(name))
		if st, err := os.Stat(p); err != nil || st.Size() == 0 {
			t.Errorf("%s: %v", name, err)
		}
		if !strings.Contains(stdout, p) {
			t.Errorf("stdout does not list %s:\n%s", p, stdout)
		}
	}
	stdout, stderr, code = runReportCLI(t, "export", "--what", "rules,summary", "--out", out, "--results", run1)
	if code != 0 || !strings.Contains(stdout, "rules.parquet") || !strings.Contains(stdout, "summary.parquet") {
		t.Errorf("export rules,summary: exit %d, stdout %q, stderr %q", code, stdout, stderr)
	}
	for _, bad := range [][]string{
		{"export", "--what", "results", "--out", out},
		{"export", "--what", "tables", "--out", out},
		{"export", "--format", "csv", "--out", out},
		{"export", "--what", "rules"},
	} {
		if _, stderr, code := runReportCLI(t, bad...); code != 2 {
			t.Errorf("%v: exit %d (%s), want 2", bad, code, stderr)
		}
	}
	if _, stderr, code := runReportCLI(t, "export", "--what", "results", "--out", out, "--results", filepath.Join(out, "none")); code != 1 || !strings.Contains(stderr, "none") {
		t.Errorf("missing results folder: exit %d, stderr %q", code, stderr)
	}
}
