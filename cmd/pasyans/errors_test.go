package main

import (
	"errors"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// wantOneLine runs the CLI and checks the exit code and that stderr is one
// line starting "pasyans: <command>: " and containing want.
func wantOneLine(t *testing.T, code int, command, want string, args ...string) string {
	t.Helper()
	_, stderr, got := runTourCLI(t, args...)
	line := strings.TrimSuffix(stderr, "\n")
	if got != code || strings.Contains(line, "\n") || !strings.HasPrefix(line, "pasyans: "+command+": ") || !strings.Contains(line, want) {
		t.Errorf("pasyans %.80s: exit %d, stderr %.300q; want exit %d and one line \"pasyans: %s: …%s…\"",
			strings.Join(args, " "), got, stderr, code, command, want)
	}
	return line
}

// TestOneLineErrors covers the bad inputs whose messages used to be raw
// system errors, Go syntax or very long.
func TestOneLineErrors(t *testing.T) {
	dir := t.TempDir()
	afile := filepath.Join(dir, "afile")
	os.WriteFile(afile, []byte("x"), 0o644)
	res := filepath.Join(dir, "res")
	mustRun(t, "tournament", "--games", "napoleon", "--strategies", "random", "--deals", "3", "--quiet", "--out", res)

	wantOneLine(t, exitUsage, "report", "--html "+dir+": is a directory", "report", res, "--html", dir)
	wantOneLine(t, exitFailure, "tournament", "--out "+afile+": not a directory", "tournament", "--games", "napoleon", "--deals", "3", "--out", afile)
	wantOneLine(t, exitUsage, "export", "--out "+afile+": not a directory", "export", "--what", "rules", "--out", afile)
	wantOneLine(t, exitFailure, "run", "--out "+afile+": not a directory", "run", "--deals", "3", "--out", afile)

	// A 100 KB flag value is not echoed in full.
	huge := strings.Repeat("n", 100_000)
	for _, args := range [][]string{
		{"tournament", "--games", huge, "--out", dir},
		{"tournament", "--deals", huge, "--out", dir},
		{"play", huge, "--seed", "1"},
	} {
		if line := wantOneLine(t, exitUsage, args[0], "bytes)", args...); len(line) > 1100 {
			t.Errorf("%s %s: a %d-byte error line", args[0], args[1], len(line))
		}
	}

	// The same strategy twice is a usage error that writes nothing.
	twice := filepath.Join(dir, "twice")
	wantOneLine(t, exitUsage, "tournament", "--strategies: random named twice", "tournament", "--strategies", "random,random", "--out", twice)
	if _, err := os.Stat(twice); !errors.Is(err, fs.ErrNotExist) {
		t.Errorf("a refused command created %s", twice)
	}

	// --shard-index without --shard-count: the documented default count 1.
	one := filepath.Join(dir, "one")
	mustRun(t, "tournament", "--games", "napoleon", "--strategies", "random", "--deals", "3", "--quiet", "--out", one, "--shard-index", "0")
	if _, err := os.Stat(filepath.Join(one, "results/game=napoleon/strategy=random/part-00000-of-00001.parquet")); err != nil {
		t.Errorf("--shard-index 0 alone: %v", err)
	}
}

// TestReplayErrors: a tampered outcome and an endless line are reported in
// words, not Go syntax or a scanner error.
func TestReplayErrors(t *testing.T) {
	dir := t.TempDir()
	log := filepath.Join(dir, "g.jsonl")
	mustRun(t, "play", "napoleon", "--seed", "3", "--log", log)
	data, _ := os.ReadFile(log)
	lines := strings.Split(strings.TrimSpace(string(data)), "\n")
	lines[len(lines)-1] = strings.Replace(lines[len(lines)-1], `"won":false`, `"won":true`, 1)
	bad := filepath.Join(dir, "bad.jsonl")
	os.WriteFile(bad, []byte(strings.Join(lines, "\n")+"\n"), 0o644)
	line := wantOneLine(t, exitFailure, "replay", "outcome won=true score=", "replay", bad)
	if strings.Contains(line, "{") {
		t.Errorf("Go struct syntax in %q", line)
	}
	long := filepath.Join(dir, "long.jsonl")
	os.WriteFile(long, []byte(`{"type":"header"`+strings.Repeat(" ", 2<<20)+"}\n"), 0o644)
	wantOneLine(t, exitFailure, "replay", "line 1: longer than 1048576 bytes: not a game log", "replay", long)
}

// TestDiskFullOnce fills a small tmpfs: the error names the file and the
// cause once (skipped where a tmpfs cannot be mounted).
func TestDiskFullOnce(t *testing.T) {
	if testing.Short() {
		t.Skip("mounts a tmpfs")
	}
	dir := t.TempDir()
	if out, err := exec.Command("mount", "-t", "tmpfs", "-o", "size=256k", "tmpfs", dir).CombinedOutput(); err != nil {
		t.Skipf("cannot mount a tmpfs (%v: %s)", err, strings.TrimSpace(string(out)))
	}
	defer exec.Command("umount", dir).Run()
	out := filepath.Join(dir, "r")
	line := wantOneLine(t, exitFailure, "tournament", "no space left on device",
		"tournament", "--games", "all", "--strategies", "random,greedy", "--deals", "3000", "--quiet", "--timing=false", "--out", out)
	if strings.Count(line, "no space left") != 1 || strings.Count(line, ".parquet") != 1 || strings.Contains(line, ".tmp") {
		t.Errorf("disk full: %q; want the file and the cause once", line)
	}
}
