package pipeline

import (
	"context"
	"crypto/sha256"
	"encoding/json"
	"fmt"
	"hash"
	"io/fs"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/pasyans/pasyans/reports"
	"github.com/pasyans/pasyans/sim"
)

// crashEnv makes the test binary a writer of one of crashJobs ("kind dir"):
// it resumes the job in dir to its end, unless it is killed first.
const crashEnv = "PASYANS_PIPELINE_CRASH"

func TestMain(m *testing.M) {
	if job := os.Getenv(crashEnv); job != "" {
		kind, dir, _ := strings.Cut(job, " ")
		if err := crashJob(context.Background(), kind, dir); err != nil {
			fmt.Fprintln(os.Stderr, err)
			os.Exit(3)
		}
		return
	}
	os.Exit(m.Run())
}

// crashJob runs a traced tournament or a traced "pasyans run" (kind) into
// dir with Resume: the same command whether dir is empty, interrupted or
// complete.
func crashJob(ctx context.Context, kind, dir string) error {
	specs, err := ParseGames("napoleon,salic-law")
	if err != nil {
		return err
	}
	games, err := GameConfigs(specs, nil)
	if err != nil {
		return err
	}
	strats, err := ParseStrategies("random,greedy", nil)
	if err != nil {
		return err
	}
	switch kind {
	case "tournament":
		_, err = Tournament(ctx, TournamentOptions{Out: dir, Games: games, Strategies: strats, Deals: 1500, Seed: 9,
			Workers: 2, Trace: true, Resume: true, Command: "crash test"})
	case "run":
		solver, serr := sim.NewStrategy("solver", map[string]string{"nodes": "2000"})
		if serr != nil {
			return serr
		}
		_, err = Run(ctx, RunOptions{Out: dir, Games: games, Strategies: strats, Deals: 800, Seed: 9, Workers: 2,
			Solver: solver, SolverDeals: 30, Trace: true, Resume: true, Command: "crash test"})
	default:
		err = fmt.Errorf("unknown crash job %q", kind)
	}
	return err
}

// crashChild starts the test binary as a writer of the job.
func crashChild(t *testing.T, kind, dir string) *exec.Cmd {
	t.Helper()
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(exe, "-test.run=^$")
	cmd.Env = append(os.Environ(), crashEnv+"="+kind+" "+dir)
	cmd.Stderr = os.Stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	return cmd
}

// rowHashes hashes the rows of every partition of the results and moves
// datasets of a results folder (the time per deal left out): two folders
// with the same hashes hold the same rows in the same order.
func rowHashes(t *testing.T, dir string) map[string]string {
	t.Helper()
	type sum struct {
		h hash.Hash
		n int
	}
	hs := map[string]*sum{}
	add := func(ds, game, strategy string, row any) error {
		k := ds + " " + game + "/" + strategy
		e, ok := hs[k]
		if !ok {
			e = &sum{h: sha256.New()}
			hs[k] = e
		}
		b, err := json.Marshal(row)
		if err != nil {
			return err
		}
		e.h.Write(append(b, '\n'))
		e.n++
		return nil
	}
	ctx := context.Background()
	err := reports.ReadResults(ctx, dir, func(rows []sim.Result) error {
		for _, r := range rows {
			r.CPUNanos = 0
			if err := add("results", r.Game, r.Strategy, r); err != nil {
				return err
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	err = reports.ReadMoves(ctx, dir, func(rows []sim.MoveRecord) error {
		for _, r := range rows {
			if err := add("moves", r.Game, r.Strategy, r); err != nil {
				return err
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	out := map[string]string{}
	for k, e := range hs {
		out[k] = fmt.Sprintf("%x %d", e.h.Sum(nil)[:8], e.n)
	}
	return out
}

// TestKillTracedRunsAndResume kills a traced tournament and a traced
// "pasyans run" (SIGKILL) at points spread over their whole length, again
// and again, resuming each time; the final folders hold the same results
// and moves rows as an uninterrupted run (by row hash, every partition of
// both datasets, the solver's too), verify as complete, and hold no
// temporary file.
func TestKillTracedRunsAndResume(t *testing.T) {
	if testing.Short() {
		t.Skip("kills subprocesses; skipped with -short")
	}
	for _, kind := range []string{"tournament", "run"} {
		t.Run(kind, func(t *testing.T) {
			want := filepath.Join(t.TempDir(), "want")
			began := time.Now()
			if err := crashChild(t, kind, want).Wait(); err != nil {
				t.Fatalf("uninterrupted %s: %v", kind, err)
			}
			full := time.Since(began)
			dir := filepath.Join(t.TempDir(), "out")
			rng := rand.New(rand.NewPCG(27, uint64(len(kind))))
			kills := 0
			for i := 0; i < 7; i++ {
				cmd := crashChild(t, kind, dir)
				// Spread the kills over the job's length, start-up included.
				time.Sleep(time.Duration(float64(full) * (0.05 + 0.9*rng.Float64())))
				cmd.Process.Signal(syscall.SIGKILL)
				if err := cmd.Wait(); err == nil {
					continue // finished first: the next child resumes a complete run
				} else if ee, ok := err.(*exec.ExitError); !ok || ee.ExitCode() != -1 {
					t.Fatalf("kill %d: the writer failed: %v", i, err)
				}
				kills++
			}
			if kills == 0 {
				t.Fatal("no writer was killed")
			}
			if err := crashChild(t, kind, dir).Wait(); err != nil {
				t.Fatalf("resumed %s after %d kills: %v", kind, kills, err)
			}
			folders := []string{""}
			if kind == "run" {
				folders = append(folders, "solver")
			}
			for _, sub := range folders {
				a, b := rowHashes(t, filepath.Join(want, sub)), rowHashes(t, filepath.Join(dir, sub))
				if len(a) == 0 || fmt.Sprint(a) != fmt.Sprint(b) {
					t.Errorf("%s %s: after %d kills and a resume the rows differ:\nwant %v\n got %v", kind, sub, kills, a, b)
				}
				v, err := reports.Verify(context.Background(), filepath.Join(dir, sub))
				if err != nil || !v.Complete {
					t.Errorf("%s %s: verify after %d kills: %v %q", kind, sub, kills, err, v.Problems)
				}
			}
			filepath.WalkDir(dir, func(path string, d fs.DirEntry, err error) error {
				if err == nil && strings.HasSuffix(d.Name(), ".tmp") {
					t.Errorf("temporary file left after the resume: %s", path)
				}
				return err
			})
			t.Logf("%s: %d kills over %v", kind, kills, full.Round(time.Millisecond))
		})
	}
}
