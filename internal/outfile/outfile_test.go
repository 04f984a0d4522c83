package outfile

import (
	"bytes"
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"
)

func TestReplaceAndAbort(t *testing.T) {
	dir := t.TempDir()
	p := filepath.Join(dir, "f")
	if err := os.WriteFile(p, []byte("old"), 0o600); err != nil {
		t.Fatal(err)
	}
	f, err := Create(context.Background(), p)
	if err != nil {
		t.Fatal(err)
	}
	f.Write([]byte("half"))
	f.Abort()
	if data, _ := os.ReadFile(p); string(data) != "old" {
		t.Errorf("after Abort: %q", data)
	}
	f, _ = Create(context.Background(), p)
	f.Write([]byte("new"))
	if err := f.Commit(); err != nil {
		t.Fatal(err)
	}
	fi, _ := os.Stat(p)
	if data, _ := os.ReadFile(p); string(data) != "new" || fi.Mode().Perm() != 0o600 {
		t.Errorf("after Commit: %q, mode %v", data, fi.Mode())
	}
	entries, _ := os.ReadDir(dir)
	if len(entries) != 1 {
		t.Errorf("files left: %v", entries)
	}
}

func TestDanglingLinkAndStdout(t *testing.T) {
	dir := t.TempDir()
	link := filepath.Join(dir, "link")
	if err := os.Symlink("target", link); err != nil {
		t.Fatal(err)
	}
	f, err := Create(context.Background(), link)
	if err != nil {
		t.Fatal(err)
	}
	f.Write([]byte("x"))
	if err := f.Commit(); err != nil {
		t.Fatal(err)
	}
	if fi, err := os.Lstat(link); err != nil || fi.Mode()&os.ModeSymlink == 0 {
		t.Errorf("the link was replaced")
	}
	if data, _ := os.ReadFile(filepath.Join(dir, "target")); string(data) != "x" {
		t.Errorf("target holds %q", data)
	}
	var b bytes.Buffer
	f, _ = CreateWith(context.Background(), "-", Options{Stdout: &b})
	f.Write([]byte("out"))
	if err := f.Commit(); err != nil || b.String() != "out" {
		t.Errorf("-: %q, %v", b.String(), err)
	}
}

// TestFIFOWithoutReader: the wait for a reader of a FIFO ends with ctx.
func TestFIFOWithoutReader(t *testing.T) {
	fifo := filepath.Join(t.TempDir(), "fifo")
	if err := syscall.Mkfifo(fifo, 0o600); err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 100*time.Millisecond)
	defer cancel()
	t0 := time.Now()
	if _, err := Create(ctx, fifo); !errors.Is(err, context.DeadlineExceeded) {
		t.Errorf("Create of a FIFO without a reader: %v", err)
	}
	if d := time.Since(t0); d > time.Second {
		t.Errorf("stopped after %v", d)
	}
}

func TestErrorsNameThePath(t *testing.T) {
	dir := t.TempDir()
	for path, want := range map[string]string{
		dir:                           "is a directory",
		filepath.Join(dir, "no", "x"): "no such directory",
	} {
		_, err := Create(context.Background(), path)
		if err == nil || !strings.HasPrefix(err.Error(), path+": ") || !strings.Contains(err.Error(), want) || strings.Contains(err.Error(), TempSuffix) {
			t.Errorf("Create(%s) = %v, want %q", path, err, want)
		}
	}
}
