package reports

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"
)

func testIdentity(seed uint64) RunIdentity {
	return RunIdentity{MasterSeed: seed, Deals: 10, ShardCount: 2, Games: []GameIdentity{{ID: "shah"}},
		Strategies: []StrategyIdentity{{Name: "greedy", Params: "{}"}}, Engine: "1", Catalog: "c"}
}

// TestLockOfAnotherHost: a lock of another host is in use while it is
// refreshed and stale once it is not (a killed pod of a batch scheduler).
func TestLockOfAnotherHost(t *testing.T) {
	dir := t.TempDir()
	lock := filepath.Join(dir, LockName(0, 2))
	os.WriteFile(lock, []byte(`{"pid":1,"host":"elsewhere","started":"2026-01-01T00:00:00Z"}`), 0o644)
	o := FolderOptions{Identity: testIdentity(1)}
	if _, err := OpenRunFolder(dir, o); err == nil || !strings.Contains(err.Error(), "folder in use by PID 1 on elsewhere") {
		t.Fatalf("a fresh lock of another host: %v", err)
	}
	old := time.Now().Add(-StaleAfter - time.Minute)
	os.Chtimes(lock, old, old)
	if _, err := OpenRunFolder(dir, o); err == nil || !strings.Contains(err.Error(), "stale lock") || !strings.Contains(err.Error(), "not refreshed for") {
		t.Fatalf("an old lock without --resume: %v", err)
	}
	o.Resume = true
	f, err := OpenRunFolder(dir, o)
	if err != nil {
		t.Fatalf("an old lock with --resume: %v", err)
	}
	if len(f.Notes) != 1 || !strings.Contains(f.Notes[0], "took over the stale lock of PID 1 on elsewhere") {
		t.Errorf("notes %q", f.Notes)
	}
	if err := f.Close(); err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(lock); !os.IsNotExist(err) {
		t.Errorf("lock left after Close: %v", err)
	}
}

// TestConcurrentFirstWriters: shards of one run starting into an empty
// folder at once all get in; a run of another identity starting at the
// same time is refused by all but one.
func TestConcurrentFirstWriters(t *testing.T) {
	for round := 0; round < 20; round++ {
		dir := t.TempDir()
		var wg sync.WaitGroup
		errs := make([]error, 4)
		for i := range errs {
			wg.Add(1)
			go func() {
				defer wg.Done()
				id := testIdentity(1)
				if i == 3 {
					id = testIdentity(2)
				}
				f, err := OpenRunFolder(dir, FolderOptions{Identity: id, ShardIndex: i % 2, Resume: true})
				if err == nil {
					time.Sleep(time.Millisecond)
					f.Close()
				}
				errs[i] = err
			}()
		}
		wg.Wait()
		rf, ok, err := ReadRunFile(dir)
		if err != nil || !ok {
			t.Fatalf("run file: %v %v", ok, err)
		}
		for i, err := range errs {
			id := testIdentity(1)
			if i == 3 {
				id = testIdentity(2)
			}
			same := len(id.Differences(rf.Identity)) == 0
			inUse := err != nil && strings.Contains(err.Error(), "folder in use")
			if same && err != nil && !inUse {
				t.Fatalf("round %d: writer %d of the folder's run refused: %v", round, i, err)
			}
			if !same && (err == nil || !inUse && !strings.Contains(err.Error(), fmt.Sprintf("--seed %d vs the folder's", id.MasterSeed))) {
				t.Fatalf("round %d: writer %d of another run: %v", round, i, err)
			}
		}
	}
}
