package main

import (
	"context"
	"encoding/json"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strings"
	"testing"
	"time"

	"github.com/pasyans/pasyans/reports"
	"github.com/pasyans/pasyans/sim"
)

// TestSolveDeal checks the three outcomes of "pasyans solve GAME": a won
// deal prints its line and writes a log that "pasyans replay" accepts, a
// lost deal says it is proved, and a deal the budget cannot decide says
// undecided with the reason — as "pasyans play --strategy solver" does.
func TestSolveDeal(t *testing.T) {
	dir := t.TempDir()
	log := filepath.Join(dir, "won.jsonl")
	code, out, errs := runPlayCLI(t, "solve", "napoleon", "--seed", "7", "--log", log)
	if code != 0 || !strings.Contains(out, "napoleon seed 7: won in 26 moves") || !strings.Contains(out, "26. pair") {
		t.Fatalf("won: exit %d: %s%s", code, out, errs)
	}
	// Without --log the line is printed and nothing written.
	code, out, errs = runPlayCLI(t, "solve", "napoleon", "--seed", "7")
	if code != 0 || !strings.Contains(out, "26. pair") || strings.Contains(out, "log written") {
		t.Fatalf("won without --log: exit %d: %s%s", code, out, errs)
	}
	code, out, errs = runPlayCLI(t, "replay", log)
	if code != 0 || !strings.Contains(out, "won, score 52/52") {
		t.Fatalf("replay: exit %d: %s%s", code, out, errs)
	}
	data, err := os.ReadFile(log)
	if err != nil {
		t.Fatal(err)
	}
	var head map[string]any
	if err := json.Unmarshal([]byte(strings.SplitN(string(data), "\n", 2)[0]), &head); err != nil || head["strategy"] != "solver" {
		t.Fatalf("log header %v (%v)", head, err)
	}

	lost := filepath.Join(dir, "lost.jsonl")
	code, out, errs = runPlayCLI(t, "solve", "napoleon", "--seed", "3", "--log", lost)
	if code != 0 || !strings.Contains(out, "napoleon seed 3: lost: no reachable state is won") || !strings.Contains(out, "no log written") {
		t.Fatalf("lost: exit %d: %s%s", code, out, errs)
	}
	if _, err := os.Stat(lost); !os.IsNotExist(err) {
		t.Fatalf("a log was written for a lost deal (%v)", err)
	}

	code, out, errs = runPlayCLI(t, "solve", "salic-law", "--seed", "3", "--nodes", "50")
	if code != 0 || !strings.Contains(out, "salic-law seed 3: undecided: the node limit of 50 was reached (50 nodes") {
		t.Fatalf("undecided: exit %d: %s%s", code, out, errs)
	}
	code, out, errs = runPlayCLI(t, "play", "salic-law", "--seed", "3", "--strategy", "solver", "--param", "nodes=50")
	if code != 0 || !strings.Contains(out, "salic-law seed 3: unknown (undecided: the solver stopped at its node limit after 50 nodes") {
		t.Fatalf("play: exit %d: %s%s", code, out, errs)
	}
}

// TestSolveTable checks the winnability table: the same counts for one
// and two workers, Markdown output, and the per-deal rows file.
func TestSolveTable(t *testing.T) {
	rows := filepath.Join(t.TempDir(), "rows.jsonl")
	args := []string{"solve", "--games", "napoleon,duchess-de-luynes", "--deals", "12", "--seed", "2026", "--nodes", "20000", "--quiet"}
	code, one, errs := runPlayCLI(t, append(args, "--workers", "1", "--markdown", "--rows", rows)...)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	if !strings.Contains(one, "| napoleon | 12 |") || !strings.Contains(one, "| duchess-de-luynes | 12 |") || !strings.Contains(one, "budget 20000 nodes") {
		t.Fatalf("table:\n%s", one)
	}
	code, two, errs := runPlayCLI(t, append(args, "--workers", "2", "--markdown")...)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	// The counts (the first columns, up to the times) agree.
	counts := func(s string) []string {
		var out []string
		for _, l := range strings.Split(s, "\n") {
			if f := strings.Split(l, "|"); len(f) > 9 {
				out = append(out, strings.Join(f[:9], "|"))
			}
		}
		return out
	}
	if a, b := counts(one), counts(two); strings.Join(a, "\n") != strings.Join(b, "\n") || len(a) != 4 {
		t.Fatalf("counts differ between 1 and 2 workers:\n%s\n%s", one, two)
	}
	data, err := os.ReadFile(rows)
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSpace(string(data)), "\n")
	if len(lines) != 24 {
		t.Fatalf("rows file has %d lines, want 24", len(lines))
	}
	var r struct {
		Game      string `json:"game"`
		DealIndex int64  `json:"deal_index"`
		Outcome   string `json:"outcome"`
		Nodes     int64  `json:"nodes"`
	}
	if err := json.Unmarshal([]byte(lines[13]), &r); err != nil || r.Game != "duchess-de-luynes" || r.DealIndex != 1 || r.Nodes <= 0 || r.Outcome == "" {
		t.Fatalf("row 13: %+v (%v)", r, err)
	}
}

// TestSolveUsage checks that bad flags are usage errors naming the flag.
func TestSolveUsage(t *testing.T) {
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"solve"}, "solve: want GAME"},
		{[]string{"solve", "napoleon"}, "solve: --seed: required"},
		{[]string{"solve", "nosuch", "--seed", "1"}, "solve: "},
		{[]string{"solve", "napoleon", "--seed", "1", "--deals", "5"}, "solve: --deals: only with --games"},
		{[]string{"solve", "napoleon", "--seed", "1", "--nodes", "0"}, "solve: --nodes 0"},
		{[]string{"solve", "napoleon", "--seed", "1", "--variant", "reserve=lost"}, "solve: --variant"},
		{[]string{"solve", "--games", "all", "--log", "x.jsonl"}, "solve: --log: only with GAME"},
		{[]string{"solve", "--games", "napoleon", "--deals", "0"}, "solve: --deals 0"},
		{[]string{"solve", "--games", "napoleon", "--deals", "9223372036854775807"}, "solve: --deals 9223372036854775807: want 1 … 1099511627776 (2^40)"},
		{[]string{"solve", "--games", "napoleon", "--deals", "1099511627777"}, "solve: --deals 1099511627777"},
		{[]string{"solve", "--games", "napoleon", "--variant", "zodiac:x=y"}, "solve: --variant zodiac: game not in --games"},
		{[]string{"solve", "--games", "nosuch"}, "solve: --games"},
		{[]string{"solve", "--games", "napoleon", "--resume"}, "solve: --resume: only with --out"},
		{[]string{"solve", "--games", "napoleon", "--out", "d", "--rows", "x"}, "solve: --rows: only with the table, not with --out"},
		{[]string{"solve", "napoleon", "--seed", "1", "--out", "d"}, "solve: --out: only with --games"},
	} {
		code, _, errs := runPlayCLI(t, c.args...)
		if code != 2 || !strings.HasPrefix(errs, "pasyans: "+c.want) || strings.Count(errs, "\n") != 1 {
			t.Errorf("%v: exit %d, stderr %q; want 2 and %q", c.args, code, errs, c.want)
		}
	}
	// A log path whose folder is missing is a failure (exit 1), as for play.
	if code, _, errs := runPlayCLI(t, "solve", "napoleon", "--seed", "1", "--log", "/no/such/dir/x.jsonl"); code != 1 ||
		!strings.HasPrefix(errs, "pasyans: solve: --log /no/such/dir/x.jsonl: no such directory /no/such/dir") || strings.Count(errs, "\n") != 1 {
		t.Errorf("--log in a missing folder: exit %d, stderr %q", code, errs)
	}
}

// TestSolveCheck runs --check on the table and on one deal: every Napoleon
// loss among the first deals is re-proved by the plain exhaustive search.
func TestSolveCheck(t *testing.T) {
	code, out, errs := runPlayCLI(t, "solve", "--games", "napoleon,sympathy", "--deals", "10", "--seed", "2026", "--quiet", "--check", "--check-states", "50000")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	if !strings.Contains(out, "napoleon: 6 lost: 5 agreed, 0 disagreed, 1 out of budget") || !strings.Contains(out, "sympathy: 8 lost: ") {
		t.Fatalf("output:\n%s", out)
	}
	code, out, errs = runPlayCLI(t, "solve", "napoleon", "--seed", "2", "--check")
	if code != 0 || !strings.Contains(out, "lost: no reachable state is won (proved by exhaustive search") || !strings.Contains(out, "check: agreed") {
		t.Fatalf("exit %d: %s%s", code, out, errs)
	}
	if code, _, errs := runPlayCLI(t, "solve", "napoleon", "--seed", "2", "--check-states", "5"); code != 2 || !strings.Contains(errs, "--check-states: only with --check") {
		t.Fatalf("exit %d: %s", code, errs)
	}
}

// TestSolveHelperProcess is not a test: run as a child process by
// TestSolveOutKilled (PASYANS_SOLVE_ARGS set), it runs the command line
// in that variable and exits.
func TestSolveHelperProcess(t *testing.T) {
	args := os.Getenv("PASYANS_SOLVE_ARGS")
	if args == "" {
		t.Skip("a helper process, run by TestSolveOutKilled")
	}
	os.Exit(run(strings.Split(args, "\x1f"), io.Discard, io.Discard))
}

// TestSolveOutKilled kills "solve --out" with SIGKILL mid-run, resumes
// it, and requires the deals dataset of an uninterrupted run, row for
// row, and a folder that verifies.
func TestSolveOutKilled(t *testing.T) {
	base := []string{"solve", "--games", "napoleon,salic-law", "--deals", "80", "--seed", "7", "--nodes", "30000",
		"--workers", "1", "--quiet", "--timing=false"}
	dir := t.TempDir()
	whole, cut := filepath.Join(dir, "whole"), filepath.Join(dir, "cut")
	if code, _, errs := runPlayCLI(t, append(base, "--out", whole)...); code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	killed := false
	for _, after := range []time.Duration{300 * time.Millisecond, 700 * time.Millisecond} {
		cmd := exec.Command(os.Args[0], "-test.run=^TestSolveHelperProcess$")
		cmd.Env = append(os.Environ(), "PASYANS_SOLVE_ARGS="+strings.Join(append(base, "--out", cut, "--resume"), "\x1f"))
		if err := cmd.Start(); err != nil {
			t.Fatal(err)
		}
		time.Sleep(after)
		if cmd.Process.Kill() == nil {
			killed = true
		}
		_ = cmd.Wait()
	}
	if !killed {
		t.Fatal("no run was killed")
	}
	if code, _, errs := runPlayCLI(t, append(base, "--out", cut, "--resume")...); code != 0 {
		t.Fatalf("resume: exit %d: %s", code, errs)
	}
	rows := func(d string) []string {
		var out []string
		err := reports.ReadResults(context.Background(), d, func(rs []sim.Result) error {
			for _, r := range rs {
				b, _ := json.Marshal(r)
				out = append(out, string(b))
			}
			return nil
		})
		if err != nil {
			t.Fatal(err)
		}
		sort.Strings(out)
		return out
	}
	a, b := rows(whole), rows(cut)
	if len(a) != 160 || strings.Join(a, "\n") != strings.Join(b, "\n") {
		t.Fatalf("%d rows uninterrupted, %d after a kill and resume, or they differ", len(a), len(b))
	}
	if !strings.Contains(strings.Join(a, ""), `"proof":"exhaustive search"`) {
		t.Fatal("no proof column in the deals dataset")
	}
	if code, _, errs := runPlayCLI(t, "report", "--verify", cut); code != 0 {
		t.Fatalf("verify: exit %d: %s", code, errs)
	}
}
