package reports

import (
	"bufio"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"
)

func testIdentity(seed uint64) RunIdentity {
	return RunIdentity{MasterSeed: seed, Deals: 10, ShardCount: 2, Games: []GameIdentity{{ID: "shah"}},
		Strategies: []StrategyIdentity{{Name: "greedy", Params: "{}"}}, Engine: "1", Catalog: "c"}
}

// lockHolderEnv makes the test binary a writer that opens the folder and
// holds its lock until killed.
const lockHolderEnv = "PASYANS_REPORTS_LOCK_DIR"

func holdLock(dir string) {
	f, err := OpenRunFolder(dir, FolderOptions{Identity: testIdentity(1), Resume: true, Command: "holder"})
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(3)
	}
	fmt.Println("locked")
	defer f.Close()
	select {}
}

// TestLockOfStoppedWriter: a writer stopped (SIGSTOP) keeps its lock
// however old its lock file looks — a second writer is refused, with
// --resume and --force too; once it is killed its lock is stale at once,
// refused without --resume and taken over with it.
func TestLockOfStoppedWriter(t *testing.T) {
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	cmd := exec.Command(exe, "-test.run=^$")
	cmd.Env = append(os.Environ(), lockHolderEnv+"="+dir)
	out, _ := cmd.StdoutPipe()
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	defer cmd.Process.Kill()
	line, _ := bufio.NewReader(out).ReadString('\n')
	if line != "locked\n" {
		t.Fatalf("holder: %q", line)
	}
	cmd.Process.Signal(syscall.SIGSTOP)
	lock := filepath.Join(dir, LockName(0, 2))
	old := time.Now().Add(-24 * time.Hour)
	os.Chtimes(lock, old, old)
	inUse := fmt.Sprintf("folder in use by PID %d", cmd.Process.Pid)
	for _, o := range []FolderOptions{{Identity: testIdentity(1)}, {Identity: testIdentity(1), Resume: true}, {Identity: testIdentity(1), Force: true}, {Identity: testIdentity(2), Force: true}} {
		if f, err := OpenRunFolder(dir, o); err == nil || !strings.Contains(err.Error(), inUse) {
			if f != nil {
				f.Close()
			}
			t.Fatalf("a stopped writer's lock (resume %v, force %v): %v", o.Resume, o.Force, err)
		}
	}
	// Another shard may write beside it, but --force of another run may not
	// remove its files.
	o := FolderOptions{Identity: testIdentity(2), ShardIndex: 1, Force: true}
	if _, err := OpenRunFolder(dir, o); err == nil || !strings.Contains(err.Error(), inUse) {
		t.Fatalf("--force beside a stopped writer: %v", err)
	}
	cmd.Process.Signal(syscall.SIGKILL)
	cmd.Wait()
	if _, err := OpenRunFolder(dir, FolderOptions{Identity: testIdentity(1)}); err == nil ||
		!strings.Contains(err.Error(), fmt.Sprintf("stale lock %s of PID %d", filepath.Base(lock), cmd.Process.Pid)) || !strings.Contains(err.Error(), "--resume") {
		t.Fatalf("a killed writer's lock without --resume: %v", err)
	}
	f, err := OpenRunFolder(dir, FolderOptions{Identity: testIdentity(1), Resume: true})
	if err != nil {
		t.Fatalf("a killed writer's lock with --resume: %v", err)
	}
	if len(f.Notes) != 1 || !strings.Contains(f.Notes[0], "took over the stale lock") {
		t.Errorf("notes %q", f.Notes)
	}
	// Held now by this process: a second open is refused.
	if _, err := OpenRunFolder(dir, FolderOptions{Identity: testIdentity(1), Resume: true}); err == nil || !strings.Contains(err.Error(), fmt.Sprintf("folder in use by PID %d", os.Getpid())) {
		t.Errorf("second writer in one process: %v", err)
	}
	if err := f.Close(); err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(lock); !os.IsNotExist(err) {
		t.Errorf("lock left after Close: %v", err)
	}
}

// TestDamagedLockAndRunFile: an empty or unreadable lock file that no
// process holds, and an empty or damaged run file, get a one-line message
// naming the file and the way out; --force works there.
func TestDamagedLockAndRunFile(t *testing.T) {
	for _, content := range []string{"", "{\"pid\": 12", "\x00\x00"} {
		dir := t.TempDir()
		lock := filepath.Join(dir, LockName(0, 2))
		os.WriteFile(lock, []byte(content), 0o644)
		_, err := OpenRunFolder(dir, FolderOptions{Identity: testIdentity(1)})
		if err == nil || strings.Contains(err.Error(), "\n") || !strings.Contains(err.Error(), filepath.Base(lock)) || !strings.Contains(err.Error(), "--force") {
			t.Errorf("lock file %q: %v", content, err)
		}
		f, err := OpenRunFolder(dir, FolderOptions{Identity: testIdentity(1), Force: true})
		if err != nil {
			t.Fatalf("lock file %q with --force: %v", content, err)
		}
		f.Close()
	}
	for _, content := range []string{"", "  \n", "{\"identity\": ", "{}", "null"} {
		dir := t.TempDir()
		path := filepath.Join(dir, RunFileName)
		os.WriteFile(path, []byte(content), 0o644)
		os.MkdirAll(filepath.Join(dir, "results"), 0o755)
		for _, resume := range []bool{false, true} {
			_, err := OpenRunFolder(dir, FolderOptions{Identity: testIdentity(1), Resume: resume})
			if err == nil || strings.Contains(err.Error(), "\n") || !strings.Contains(err.Error(), path) || !strings.Contains(err.Error(), "use --force") {
				t.Errorf("run file %q (resume %v): %v", content, resume, err)
			}
		}
		f, err := OpenRunFolder(dir, FolderOptions{Identity: testIdentity(1), Force: true})
		if err != nil {
			t.Fatalf("run file %q with --force: %v", content, err)
		}
		f.Close()
		if rf, ok, err := ReadRunFile(dir); err != nil || !ok || rf.Identity.MasterSeed != 1 {
			t.Errorf("run file %q after --force: %v %v %+v", content, ok, err, rf)
		}
	}
}

// TestStaleTempsRemoved: the hidden temporary files a killed writer left
// (a manifest's, a report's, a viewer's, an Arrow copy's) are removed when
// the run's folder is opened again; a nested results folder's are its own.
func TestStaleTempsRemoved(t *testing.T) {
	dir := t.TempDir()
	id := testIdentity(1)
	id.ShardCount = 1
	gone := []string{"._manifest-00000-of-00001.json.0123456789ab.tmp", ".report.md.0123456789ab.tmp",
		"viewers/.shah-1.html.0123456789ab.tmp", "arrow/results/game=shah/strategy=greedy/.part-00000-of-00001.arrow.0123456789ab.tmp"}
	kept := []string{"solver/._manifest-00000-of-00001.json.0123456789ab.tmp", "report.md", ".hidden"}
	for _, p := range append(append([]string{"solver/" + RunFileName}, gone...), kept...) {
		os.MkdirAll(filepath.Dir(filepath.Join(dir, p)), 0o755)
		os.WriteFile(filepath.Join(dir, p), []byte("x"), 0o644)
	}
	f, err := OpenRunFolder(dir, FolderOptions{Identity: id})
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	for _, p := range gone {
		if _, err := os.Stat(filepath.Join(dir, p)); !os.IsNotExist(err) {
			t.Errorf("%s: not removed (%v)", p, err)
		}
	}
	for _, p := range kept {
		if _, err := os.Stat(filepath.Join(dir, p)); err != nil {
			t.Errorf("%s: removed (%v)", p, err)
		}
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
