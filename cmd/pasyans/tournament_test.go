package main

import (
	"bytes"
	"context"
	"fmt"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/pasyans/pasyans/reports"
	"github.com/pasyans/pasyans/sim"
)

// tourArgs are the arguments of a small, quick tournament.
func tourArgs(out string, extra ...string) []string {
	return append([]string{"tournament", "--games", "napoleon,red-and-black,sultan", "--strategies", "random,greedy,book",
		"--deals", "61", "--seed", "9", "--workers", "2", "--timing=false", "--quiet", "--out", out}, extra...)
}

func runTourCLI(t *testing.T, args ...string) (string, string, int) {
	t.Helper()
	var stdout, stderr bytes.Buffer
	code := run(args, &stdout, &stderr)
	return stdout.String(), stderr.String(), code
}

// readRows reads every results row of dir, sorted by game, strategy, deal.
func readRows(t *testing.T, dir string) []sim.Result {
	t.Helper()
	var rows []sim.Result
	err := reports.ReadResults(context.Background(), dir, func(rs []sim.Result) error {
		rows = append(rows, rs...)
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	slices.SortFunc(rows, func(a, b sim.Result) int {
		if c := strings.Compare(a.Game, b.Game); c != 0 {
			return c
		}
		if c := strings.Compare(a.Strategy, b.Strategy); c != 0 {
			return c
		}
		return int(a.DealIndex - b.DealIndex)
	})
	return rows
}

// TestTournamentShardsEqualOneRun runs 4 shards into one folder through
// the real writer and checks the merged rows (and the report) equal one
// unsharded run.
func TestTournamentShardsEqualOneRun(t *testing.T) {
	whole := filepath.Join(t.TempDir(), "whole")
	if _, stderr, code := runTourCLI(t, tourArgs(whole)...); code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	sharded := filepath.Join(t.TempDir(), "sharded")
	for i := 0; i < 4; i++ {
		args := tourArgs(sharded, "--shard-index", string(rune('0'+i)), "--shard-count", "4")
		if _, stderr, code := runTourCLI(t, args...); code != 0 {
			t.Fatalf("shard %d: exit %d: %s", i, code, stderr)
		}
	}
	a, b := readRows(t, whole), readRows(t, sharded)
	if len(a) != 3*3*61 {
		t.Fatalf("one run: %d rows, want %d", len(a), 3*3*61)
	}
	if !reflect.DeepEqual(a, b) {
		t.Fatalf("4 shards merged (%d rows) differ from one run (%d rows)", len(b), len(a))
	}
	ra, _, code := runTourCLI(t, "report", whole)
	rb, _, code2 := runTourCLI(t, "report", sharded)
	if code != 0 || code2 != 0 {
		t.Fatalf("report exit %d, %d", code, code2)
	}
	if ra != rb {
		t.Fatalf("report of merged shards differs from one run:\n%s\n---\n%s", ra, rb)
	}
}

// TestTournamentShardFromEnv takes the shard from a Kubernetes Indexed Job's
// environment.
func TestTournamentShardFromEnv(t *testing.T) {
	t.Setenv("JOB_COMPLETION_INDEX", "1")
	t.Setenv("PASYANS_SHARD_COUNT", "3")
	out := t.TempDir()
	if _, stderr, code := runTourCLI(t, tourArgs(out)...); code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	rows := readRows(t, out)
	lo, hi := sim.ShardRange(61, 1, 3)
	for _, r := range rows {
		if r.DealIndex < lo || r.DealIndex >= hi {
			t.Fatalf("deal %d outside shard [%d, %d)", r.DealIndex, lo, hi)
		}
	}
	if len(rows) != int(hi-lo)*9 {
		t.Fatalf("%d rows, want %d", len(rows), (hi-lo)*9)
	}
	matches, _ := filepath.Glob(filepath.Join(out, "results", "game=napoleon", "strategy=greedy", "part-00001-of-00003.parquet"))
	if len(matches) != 1 {
		t.Fatal("part file not named after the shard from the environment")
	}
}

// TestTournamentResume interrupts a run and resumes it; the final rows
// equal an uninterrupted run.
func TestTournamentResume(t *testing.T) {
	want := filepath.Join(t.TempDir(), "want")
	if _, stderr, code := runTourCLI(t, tourArgs(want, "--deals", "400")...); code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	for _, after := range []time.Duration{0, 100 * time.Millisecond, 400 * time.Millisecond} {
		out := filepath.Join(t.TempDir(), "out")
		ctx, cancel := context.WithCancel(context.Background())
		if after == 0 {
			cancel()
		} else {
			time.AfterFunc(after, cancel)
		}
		var stdout, stderr bytes.Buffer
		root := newRootCmd(&ioStreams{in: strings.NewReader(""), out: &stdout, errOut: &stderr})
		root.SetArgs(tourArgs(out, "--deals", "400"))
		root.SetOut(&stdout)
		root.SetErr(&stderr)
		err := root.ExecuteContext(ctx)
		cancel()
		if err != nil && !strings.Contains(stderr.String(), "--resume") {
			t.Fatalf("interrupted run: %v, stderr %q", err, stderr.String())
		}
		if _, stderr, code := runTourCLI(t, tourArgs(out, "--deals", "400", "--resume")...); code != 0 {
			t.Fatalf("resume: exit %d: %s", code, stderr)
		}
		if !reflect.DeepEqual(readRows(t, want), readRows(t, out)) {
			t.Fatalf("interrupted after %v and resumed: rows differ from an uninterrupted run", after)
		}
	}
}

func TestTournamentUsageErrors(t *testing.T) {
	out := t.TempDir()
	for _, c := range []struct {
		args []string
		msg  string
	}{
		{[]string{"tournament", "--deals", "5"}, "--out"},
		{[]string{"tournament", "--games", "nope", "--out", out}, "unknown game"},
		{[]string{"tournament", "--strategies", "nope", "--out", out}, "unknown strategy"},
		{[]string{"tournament", "--strategies", "lookahead", "--param", "lookahead:depth=x", "--out", out}, "depth"},
		{[]string{"tournament", "--param", "solver:nodes=5", "--out", out}, "not in --strategies"},
		{[]string{"tournament", "--games", "napoleon", "--variant", "napoleon:nope=1", "--out", out}, "nope"},
		{[]string{"tournament", "--variant", "bad", "--out", out}, "name:key=value"},
		{[]string{"tournament", "--shard-index", "4", "--shard-count", "4", "--out", out}, "shard"},
		{[]string{"tournament", "--deals", "0", "--out", out}, "--deals"},
	} {
		_, stderr, code := runTourCLI(t, c.args...)
		if code != exitUsage || !strings.Contains(stderr, c.msg) || strings.Count(strings.TrimSpace(stderr), "\n") != 0 {
			t.Errorf("%v: exit %d, stderr %q; want exit 2 and one line containing %q", c.args, code, stderr, c.msg)
		}
	}
}

func TestTournamentSummaryOnStdout(t *testing.T) {
	out := t.TempDir()
	stdout, stderr, code := runTourCLI(t, tourArgs(out, "--deals", "20")...)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	for _, want := range []string{"95% Wilson", "McNemar exact p", "red-and-black", "book"} {
		if !strings.Contains(stdout, want) {
			t.Fatalf("stdout lacks %q:\n%s", want, stdout)
		}
	}
	if stderr != "" {
		t.Fatalf("--quiet but stderr %q", stderr)
	}
}

// TestTournamentTraceAndProgress writes the moves dataset and prints plain
// progress lines when stderr is not a terminal.
func TestTournamentTraceAndProgress(t *testing.T) {
	out := t.TempDir()
	args := []string{"tournament", "--games", "napoleon", "--strategies", "greedy,book", "--deals", "8",
		"--out", out, "--trace", "--progress-interval", "1ms"}
	_, stderr, code := runTourCLI(t, args...)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	if !strings.Contains(stderr, "tournament: 8/8 deals (100.0%)") {
		t.Fatalf("no final progress line in %q", stderr)
	}
	var moves int
	err := reports.ReadMoves(context.Background(), out, func(rs []sim.MoveRecord) error {
		for _, r := range rs {
			if r.Rule == "" || r.Kind == "" {
				return fmt.Errorf("move row without rule or kind: %+v", r)
			}
		}
		moves += len(rs)
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	var total int32
	for _, r := range readRows(t, out) {
		total += r.Moves
	}
	if moves == 0 || int32(moves) != total {
		t.Fatalf("%d move rows, want the sum of moves %d", moves, total)
	}
}
