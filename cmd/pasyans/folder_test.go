package main

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"reflect"
	"strconv"
	"strings"
	"testing"

	"github.com/pasyans/pasyans/pipeline"
	"github.com/pasyans/pasyans/reports"
	"github.com/pasyans/pasyans/sim"
)

// The tests of this file follow the table of "a results folder is one run"
// (docs/tournaments.md, "Results folders"): each mistake either refuses
// with a clear message, leaving the folder as it was, or ends with exactly
// the rows of one uninterrupted run.

// folderArgs are the arguments of the small tournament of these tests.
func folderArgs(out string, extra ...string) []string {
	return append([]string{"tournament", "--games", "napoleon,salic-law", "--strategies", "random,greedy",
		"--deals", "400", "--seed", "1", "--workers", "2", "--timing=false", "--quiet", "--out", out}, extra...)
}

// mustRun runs the CLI and fails the test unless it exits 0.
func mustRun(t *testing.T, args ...string) string {
	t.Helper()
	stdout, stderr, code := runTourCLI(t, args...)
	if code != 0 {
		t.Fatalf("pasyans %s: exit %d: %s", strings.Join(args, " "), code, stderr)
	}
	return stdout
}

// mustRefuse runs the CLI, wants exit 1 with one line containing want, and
// checks that the folder's rows did not change.
func mustRefuse(t *testing.T, out, want string, args ...string) {
	t.Helper()
	before := folderRows(t, out)
	_, stderr, code := runTourCLI(t, args...)
	if code != exitFailure || !strings.Contains(stderr, want) || strings.Count(strings.TrimSpace(stderr), "\n") != 0 {
		t.Fatalf("pasyans %s: exit %d, stderr %q; want exit 1 and one line containing %q", strings.Join(args[1:], " "), code, stderr, want)
	}
	if after := folderRows(t, out); !reflect.DeepEqual(before, after) {
		t.Fatalf("refused command changed the rows of %s", out)
	}
}

// folderRows returns the rows of a folder (nil if it has none).
func folderRows(t *testing.T, dir string) []sim.Result {
	t.Helper()
	parts, _ := reports.ListParts(filepath.Join(dir, "results"))
	if len(parts) == 0 {
		return nil
	}
	return readRows(t, dir)
}

// verifyOK runs report --verify and fails unless the folder verifies.
func verifyOK(t *testing.T, dir string) {
	t.Helper()
	if _, stderr, code := runTourCLI(t, "report", "--verify", dir); code != 0 {
		t.Fatalf("report --verify %s: exit %d: %s", dir, code, stderr)
	}
}

// wantRows fails unless dir holds exactly the rows of an uninterrupted run
// with args.
func wantRows(t *testing.T, dir string, args ...string) {
	t.Helper()
	ref := filepath.Join(t.TempDir(), "ref")
	mustRun(t, folderArgs(ref, args...)...)
	if a, b := readRows(t, ref), readRows(t, dir); !reflect.DeepEqual(a, b) {
		t.Fatalf("%s: %d rows, an uninterrupted run has %d (or they differ)", dir, len(b), len(a))
	}
	verifyOK(t, dir)
}

// stopAfter is an Observer that cancels a run once it has played n units.
type stopAfter struct {
	n      int64
	cancel context.CancelFunc
}

func (s stopAfter) Stage(pipeline.Stage) {}
func (s stopAfter) Note(string)          {}
func (s stopAfter) Progress(p pipeline.Progress) {
	if p.Done >= s.n {
		s.cancel()
	}
}

// interrupt plays the tournament of folderArgs (with seed and deals) into
// out through the pipeline and cancels it after n units; it reports
// whether the run was cut short.
func interrupt(t *testing.T, out string, seed uint64, deals int64, resume bool, n int64) bool {
	t.Helper()
	specs, _ := pipeline.ParseGames("napoleon,salic-law")
	games, _ := pipeline.GameConfigs(specs, nil)
	strats, _ := pipeline.ParseStrategies("random,greedy", nil)
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	_, err := pipeline.Tournament(ctx, pipeline.TournamentOptions{
		Out: out, Games: games, Strategies: strats, Deals: deals, Seed: seed, Workers: 2, Resume: resume,
		Observer: stopAfter{n: n, cancel: cancel},
	})
	if err != nil && !errors.Is(err, context.Canceled) {
		t.Fatalf("interrupted run: %v", err)
	}
	return err != nil
}

// Row 1: a complete or interrupted seed-1 folder resumed with --seed 2.
func TestFolderResumeOtherSeed(t *testing.T) {
	out := filepath.Join(t.TempDir(), "x")
	mustRun(t, folderArgs(out)...)
	mustRefuse(t, out, "--seed 2 vs the folder's 1", folderArgs(out, "--seed", "2", "--resume")...)

	cut := filepath.Join(t.TempDir(), "cut")
	interrupt(t, cut, 1, 400, false, 100)
	mustRefuse(t, cut, "--seed 2 vs the folder's 1", folderArgs(cut, "--seed", "2", "--resume")...)
	mustRun(t, folderArgs(cut, "--resume")...)
	wantRows(t, cut)
}

// Row 2: --strategies greedy --resume on a random,greedy folder.
func TestFolderResumeFewerStrategies(t *testing.T) {
	out := filepath.Join(t.TempDir(), "x")
	interrupt(t, out, 1, 400, false, 150)
	mustRefuse(t, out, "--strategies greedy vs the folder's random,greedy", folderArgs(out, "--strategies", "greedy", "--resume")...)
	mustRun(t, folderArgs(out, "--resume")...)
	wantRows(t, out)
}

// Row 3: a run resumed with fewer deals refuses; with more deals it grows.
func TestFolderResumeDeals(t *testing.T) {
	out := filepath.Join(t.TempDir(), "x")
	mustRun(t, folderArgs(out)...)
	mustRefuse(t, out, "--deals 200 vs the folder's 400: a run cannot shrink", folderArgs(out, "--deals", "200", "--resume")...)
	mustRun(t, folderArgs(out, "--deals", "500", "--resume")...)
	wantRows(t, out, "--deals", "500")

	sharded := filepath.Join(t.TempDir(), "s")
	mustRun(t, folderArgs(sharded, "--shard-index", "0", "--shard-count", "2")...)
	mustRefuse(t, sharded, "a sharded run cannot grow", folderArgs(sharded, "--deals", "500", "--resume", "--shard-index", "0", "--shard-count", "2")...)
}

// Rows 4 and 5: another run into a folder is refused without --force;
// --force removes the old run's files first, nothing of it is adopted.
func TestFolderAnotherRun(t *testing.T) {
	out := filepath.Join(t.TempDir(), "x")
	mustRun(t, folderArgs(out)...)
	mustRefuse(t, out, "holds another run (--seed 2 vs the folder's 1; --games napoleon vs the folder's napoleon,salic-law)",
		folderArgs(out, "--games", "napoleon", "--seed", "2")...)
	mustRefuse(t, out, "--seed 2 vs the folder's 1", folderArgs(out, "--seed", "2")...)
	mustRefuse(t, out, "holds this run already", folderArgs(out)...)
	mustRun(t, folderArgs(out, "--games", "napoleon", "--seed", "2", "--force")...)
	if m, _ := filepath.Glob(filepath.Join(out, "results", "game=salic-law")); len(m) != 0 {
		t.Fatalf("--force left the old run's files: %v", m)
	}
	wantRows(t, out, "--games", "napoleon", "--seed", "2")
	// The same run again with --force: its shard is replaced.
	mustRun(t, folderArgs(out, "--games", "napoleon", "--seed", "2", "--force")...)
	wantRows(t, out, "--games", "napoleon", "--seed", "2")
}

// Row 6: a second writer fails at once; a stale lock is reported, and
// taken over only by --resume.
func TestFolderLock(t *testing.T) {
	out := filepath.Join(t.TempDir(), "x")
	specs, _ := pipeline.ParseGames("napoleon,salic-law")
	games, _ := pipeline.GameConfigs(specs, nil)
	strats, _ := pipeline.ParseStrategies("random,greedy", nil)
	started, release := make(chan struct{}), make(chan struct{})
	done := make(chan error)
	go func() {
		_, err := pipeline.Tournament(context.Background(), pipeline.TournamentOptions{
			Out: out, Games: games, Strategies: strats, Deals: 400, Seed: 1, Workers: 1,
			Observer: blockingObserver{started: started, release: release},
		})
		done <- err
	}()
	<-started
	_, stderr, code := runTourCLI(t, folderArgs(out, "--resume")...)
	if code != exitFailure || !strings.Contains(stderr, fmt.Sprintf("folder in use by PID %d", os.Getpid())) {
		t.Errorf("second writer: exit %d, stderr %q", code, stderr)
	}
	_, stderr, code = runTourCLI(t, folderArgs(out, "--seed", "7", "--force")...)
	if code != exitFailure || !strings.Contains(stderr, "folder in use by PID") {
		t.Errorf("--force while another writer runs: exit %d, stderr %q", code, stderr)
	}
	close(release)
	if err := <-done; err != nil {
		t.Fatal(err)
	}
	wantRows(t, out)

	// A lock left by a process that is gone.
	dead := exec.Command("true")
	if err := dead.Run(); err != nil {
		t.Skip("cannot start a process:", err)
	}
	host, _ := os.Hostname()
	stale := filepath.Join(t.TempDir(), "stale")
	interrupt(t, stale, 1, 400, false, 100)
	lock := filepath.Join(stale, reports.LockName(0, 1))
	data := fmt.Sprintf(`{"pid":%d,"host":%q,"started":"2026-01-01T00:00:00Z","command":"pasyans tournament"}`, dead.Process.Pid, host)
	if err := os.WriteFile(lock, []byte(data), 0o644); err != nil {
		t.Fatal(err)
	}
	mustRefuse(t, stale, fmt.Sprintf("stale lock _lock-00000-of-00001.json of PID %d", dead.Process.Pid), folderArgs(stale)...)
	_, stderr, code = runTourCLI(t, folderArgs(stale, "--resume")...)
	if code != 0 || !strings.Contains(stderr, "took over the stale lock") {
		t.Fatalf("--resume over a stale lock: exit %d, stderr %q", code, stderr)
	}
	if _, err := os.Stat(lock); !errors.Is(err, fs.ErrNotExist) {
		t.Errorf("lock left after the run: %v", err)
	}
	wantRows(t, stale)
}

// blockingObserver holds a tournament at its first progress report until
// released.
type blockingObserver struct{ started, release chan struct{} }

func (b blockingObserver) Stage(pipeline.Stage) {}
func (b blockingObserver) Note(string)          {}
func (b blockingObserver) Progress(p pipeline.Progress) {
	if p.Done == 0 && !p.Final {
		close(b.started)
		<-b.release
	}
}

// Row 7: a variant on resume that the folder was not played with.
func TestFolderResumeOtherVariant(t *testing.T) {
	out := filepath.Join(t.TempDir(), "x")
	interrupt(t, out, 1, 400, false, 100)
	mustRefuse(t, out, "--variant salic-law:king-fill=any-time vs the folder's (default)",
		folderArgs(out, "--variant", "salic-law:king-fill=any-time", "--resume")...)
}

// Row 8: shards of two seeds copied into one folder fail verification.
func TestFolderVerifyMixedSeeds(t *testing.T) {
	a, b, mixed := t.TempDir(), t.TempDir(), t.TempDir()
	mustRun(t, folderArgs(a, "--shard-index", "0", "--shard-count", "2")...)
	mustRun(t, folderArgs(b, "--shard-index", "1", "--shard-count", "2", "--seed", "2")...)
	copyTree(t, a, mixed)
	copyTree(t, b, mixed)
	_, stderr, code := runTourCLI(t, "report", "--verify", mixed)
	if code != exitFailure || !strings.Contains(stderr, "mixed runs") || !strings.Contains(stderr, "master seed") {
		t.Fatalf("verify of mixed seeds: exit %d, stderr %q", code, stderr)
	}
	_, stderr, code = runTourCLI(t, "report", mixed)
	if code != 0 || !strings.Contains(stderr, "report: warning: ") {
		t.Fatalf("report of mixed seeds: exit %d, stderr %q; want a warning", code, stderr)
	}
}

// Row 9: more shards than deals: the empty shards are complete.
func TestFolderEmptyShards(t *testing.T) {
	out := t.TempDir()
	for i := 0; i < 8; i++ {
		mustRun(t, folderArgs(out, "--deals", "3", "--shard-index", strconv.Itoa(i), "--shard-count", "8")...)
	}
	verifyOK(t, out)
	wantRows(t, out, "--deals", "3")
}

// Row 10: report and export of an interrupted run say so.
func TestFolderIncompleteReportAndExport(t *testing.T) {
	out := filepath.Join(t.TempDir(), "x")
	if !interrupt(t, out, 1, 400, false, 100) {
		t.Fatal("the run was not interrupted")
	}
	_, stderr, code := runTourCLI(t, "report", out)
	if code != 0 || !strings.Contains(stderr, "is not one complete run") || !strings.Contains(stderr, "incomplete") {
		t.Fatalf("report of an interrupted run: exit %d, stderr %q", code, stderr)
	}
	exp := t.TempDir()
	_, stderr, code = runTourCLI(t, "export", "--what", "summary", "--out", exp, "--results", out)
	if code != 0 || !strings.Contains(stderr, "is not one complete run") {
		t.Fatalf("export of an interrupted run: exit %d, stderr %q", code, stderr)
	}
	md, err := reports.FileMetadata(filepath.Join(exp, "summary.parquet"))
	if err != nil || md[reports.KeyComplete] != "false" {
		t.Fatalf("summary of an interrupted run: complete=%q (%v)", md[reports.KeyComplete], err)
	}
}

// TestFolderFaults interrupts runs at random points and resumes them with
// random wrong flags, which must be refused without changing the rows, and
// with the right flags, until the run is whole: its rows must equal an
// uninterrupted run.
func TestFolderFaults(t *testing.T) {
	wrong := [][]string{
		{"--seed", "2"}, {"--strategies", "greedy"}, {"--strategies", "greedy,random"}, {"--games", "napoleon"},
		{"--deals", "300"}, {"--variant", "napoleon:reserve=any"}, {"--trace"}, {"--timing=true"},
		{"--shard-index", "0", "--shard-count", "2"}, {"--param", "greedy:x=1"},
	}
	for round := range 4 {
		rng := rand.New(rand.NewPCG(uint64(round), 17))
		out := filepath.Join(t.TempDir(), "x")
		if !interrupt(t, out, 1, 400, false, 1+rng.Int64N(400)) {
			t.Fatalf("round %d: the first run was not interrupted", round)
		}
		for step := 0; step < 20; step++ {
			w := wrong[rng.IntN(len(wrong))]
			before := folderRows(t, out)
			_, stderr, code := runTourCLI(t, folderArgs(out, append(w, "--resume")...)...)
			if code == 0 || strings.Count(strings.TrimSpace(stderr), "\n") != 0 {
				t.Fatalf("round %d: resume with %v: exit %d, stderr %q; want a one-line refusal", round, w, code, stderr)
			}
			if !reflect.DeepEqual(before, folderRows(t, out)) {
				t.Fatalf("round %d: refused resume with %v changed the rows", round, w)
			}
			if rng.IntN(3) == 0 {
				break
			}
			interrupt(t, out, 1, 400, true, 1+rng.Int64N(300))
		}
		mustRun(t, folderArgs(out, "--resume")...)
		wantRows(t, out)
	}
}

// copyTree copies the files of src into dst.
func copyTree(t *testing.T, src, dst string) {
	t.Helper()
	err := filepath.WalkDir(src, func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		rel, _ := filepath.Rel(src, p)
		data, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		if err := os.MkdirAll(filepath.Dir(filepath.Join(dst, rel)), 0o755); err != nil {
			return err
		}
		return os.WriteFile(filepath.Join(dst, rel), data, 0o644)
	})
	if err != nil {
		t.Fatal(err)
	}
}
