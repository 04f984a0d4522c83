package main

import (
	"io"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"
)

// outputFlag is one flag that writes a file: the command writing it at a
// path, and text its output must hold.
type outputFlag struct {
	name string
	args func(path string) []string
	want string
}

// outputFlags are every flag of the CLI that writes a file at a path the
// user names (issue 27: each replaced a symlink, a FIFO or a device node
// with a regular file). setup makes the inputs in dir: a game log and a
// results folder.
func outputFlags(t *testing.T, dir string) []outputFlag {
	t.Helper()
	logFile := filepath.Join(dir, "in.jsonl")
	if _, stderr, code := runCLI(t, "", "play", "napoleon", "--seed", "3", "--log", logFile); code != 0 {
		t.Fatalf("play: %s", stderr)
	}
	results := filepath.Join(dir, "tour")
	if _, stderr, code := runCLI(t, "", "tournament", "--games", "napoleon", "--strategies", "random", "--deals", "4",
		"--quiet", "--out", results); code != 0 {
		t.Fatalf("tournament: %s", stderr)
	}
	return []outputFlag{
		{"play --log", func(p string) []string { return []string{"play", "napoleon", "--seed", "3", "--log", p} }, `"type":"header"`},
		{"play --html", func(p string) []string { return []string{"play", "napoleon", "--seed", "3", "--html", p} }, "</html>"},
		{"replay --html", func(p string) []string { return []string{"replay", logFile, "--html", p} }, "</html>"},
		{"solve --log", func(p string) []string {
			return []string{"solve", "napoleon", "--seed", "1", "--nodes", "20000", "--log", p}
		}, `"type":"header"`},
		{"solve --rows", func(p string) []string {
			return []string{"solve", "--games", "napoleon", "--deals", "2", "--nodes", "2000", "--quiet", "--rows", p}
		}, `"game":"napoleon"`},
		{"report --html", func(p string) []string { return []string{"report", results, "--html", p} }, "</html>"},
	}
}

// TestOutputPaths: every flag that writes a file follows a symbolic link
// (the link stays, its target is replaced), writes through a FIFO,
// /dev/null and "-" (standard output), and names the user's path (never a
// temporary file) in its errors. As root it runs again as the user nobody.
func TestOutputPaths(t *testing.T) {
	child := os.Getenv("PASYANS_OUTPATHS_CHILD") == "1"
	dir := t.TempDir()
	flags := outputFlags(t, dir)
	for _, f := range flags {
		t.Run(f.name, func(t *testing.T) { checkOutputFlag(t, f, t.TempDir()) })
	}
	if child {
		return
	}
	if os.Geteuid() != 0 {
		t.Log("not root: the run as another user is skipped (it needs to drop privileges)")
		return
	}
	runAsNobody(t)
}

// checkOutputFlag checks one flag in dir.
func checkOutputFlag(t *testing.T, f outputFlag, dir string) {
	noTemps := func() {
		t.Helper()
		entries, _ := os.ReadDir(dir)
		for _, e := range entries {
			if strings.HasSuffix(e.Name(), ".tmp") {
				t.Errorf("temporary file %s left", e.Name())
			}
		}
	}

	// A regular file is replaced, a symbolic link to it kept.
	target, link := filepath.Join(dir, "target"), filepath.Join(dir, "link")
	if err := os.WriteFile(target, []byte("old"), 0o640); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink("target", link); err != nil {
		t.Fatal(err)
	}
	if _, stderr, code := runCLI(t, "", f.args(link)...); code != 0 {
		t.Fatalf("symlink: exit %d: %s", code, stderr)
	}
	if fi, err := os.Lstat(link); err != nil || fi.Mode()&fs.ModeSymlink == 0 {
		t.Errorf("symlink: the link was replaced (%v)", err)
	}
	if data, _ := os.ReadFile(target); !strings.Contains(string(data), f.want) {
		t.Errorf("symlink: the target holds %.60q, want %q", data, f.want)
	}
	if fi, err := os.Stat(target); err != nil || fi.Mode().Perm() != 0o640 {
		t.Errorf("symlink: the target's permissions changed: %v %v", fi.Mode(), err)
	}
	noTemps()

	// A FIFO is written through.
	fifo := filepath.Join(dir, "fifo")
	if err := syscall.Mkfifo(fifo, 0o600); err != nil {
		t.Fatal(err)
	}
	got := make(chan string, 1)
	go func() {
		r, err := os.Open(fifo)
		if err != nil {
			got <- err.Error()
			return
		}
		defer r.Close()
		data, _ := io.ReadAll(r)
		got <- string(data)
	}()
	if _, stderr, code := runCLI(t, "", f.args(fifo)...); code != 0 {
		t.Fatalf("FIFO: exit %d: %s", code, stderr)
	}
	select {
	case data := <-got:
		if !strings.Contains(data, f.want) {
			t.Errorf("FIFO: the reader got %.60q, want %q", data, f.want)
		}
	case <-time.After(10 * time.Second):
		// The FIFO was replaced: release the reader still waiting on it.
		if w, err := os.OpenFile(fifo, os.O_WRONLY|syscall.O_NONBLOCK, 0); err == nil {
			w.Close()
		}
		t.Errorf("FIFO: nothing written to it in 10 s")
	}
	if fi, err := os.Lstat(fifo); err != nil || fi.Mode()&fs.ModeNamedPipe == 0 {
		t.Errorf("FIFO replaced: %v %v", fi.Mode(), err)
	}
	noTemps()

	// A device is written through, never replaced.
	if _, stderr, code := runCLI(t, "", f.args(os.DevNull)...); code != 0 {
		t.Fatalf("/dev/null: exit %d: %s", code, stderr)
	}
	if fi, err := os.Lstat(os.DevNull); err != nil || fi.Mode()&fs.ModeCharDevice == 0 {
		t.Fatalf("/dev/null is no longer a device: %v %v", fi.Mode(), err)
	}

	// "-" is standard output.
	out, stderr, code := runCLI(t, "", f.args("-")...)
	if code != 0 || !strings.Contains(out, f.want) {
		t.Errorf("-: exit %d, stdout %.60q, stderr %s", code, out, stderr)
	}
	if _, err := os.Stat("-"); err == nil {
		t.Errorf(`-: a file named "-" was written`)
	}

	// Errors name the user's path, never a temporary file.
	bad := filepath.Join(dir, "missing", "x")
	_, stderr, code = runCLI(t, "", f.args(bad)...)
	if code == 0 || !strings.Contains(stderr, bad) || strings.Contains(stderr, ".tmp") || strings.Count(stderr, "\n") != 1 {
		t.Errorf("missing folder: exit %d, %q", code, stderr)
	}
	if os.Geteuid() != 0 {
		// A folder the user cannot write: the file cannot be replaced.
		ro := filepath.Join(dir, "ro")
		if err := os.Mkdir(ro, 0o755); err != nil {
			t.Fatal(err)
		}
		p := filepath.Join(ro, "out")
		if err := os.WriteFile(p, []byte("old"), 0o644); err != nil {
			t.Fatal(err)
		}
		if err := os.Chmod(ro, 0o555); err != nil {
			t.Fatal(err)
		}
		defer os.Chmod(ro, 0o755)
		_, stderr, code = runCLI(t, "", f.args(p)...)
		if code == 0 || !strings.Contains(stderr, p+":") || strings.Contains(stderr, ".tmp") || !strings.Contains(stderr, "permission denied") {
			t.Errorf("read-only folder: exit %d, %q", code, stderr)
		}
		if data, _ := os.ReadFile(p); string(data) != "old" {
			t.Errorf("read-only folder: the file was changed to %.40q", data)
		}
	}
}

// runAsNobody runs TestOutputPaths again in a child process as the user
// nobody (65534), from a copy of the test binary that user can execute.
func runAsNobody(t *testing.T) {
	self, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	dir, err := os.MkdirTemp("", "outpaths-")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { os.RemoveAll(dir) })
	if err := os.Chmod(dir, 0o777); err != nil {
		t.Fatal(err)
	}
	data, err := os.ReadFile(self)
	if err != nil {
		t.Fatal(err)
	}
	bin := filepath.Join(dir, "pasyans.test")
	if err := os.WriteFile(bin, data, 0o755); err != nil {
		t.Fatal(err)
	}
	tmp := filepath.Join(dir, "tmp")
	if err := os.Mkdir(tmp, 0o777); err != nil {
		t.Fatal(err)
	}
	if err := os.Chmod(tmp, 0o777); err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(bin, "-test.run=^TestOutputPaths$", "-test.count=1")
	cmd.Dir = tmp
	cmd.Env = []string{"PASYANS_OUTPATHS_CHILD=1", "TMPDIR=" + tmp, "HOME=" + tmp, "PATH=/usr/bin:/bin"}
	cmd.SysProcAttr = &syscall.SysProcAttr{Credential: &syscall.Credential{Uid: 65534, Gid: 65534}}
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("as nobody: %v\n%s", err, out)
	}
	if !strings.Contains(string(out), "PASS") {
		t.Fatalf("as nobody: no PASS:\n%s", out)
	}
}
