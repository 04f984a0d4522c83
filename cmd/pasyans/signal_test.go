package main

import (
	"bytes"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"
	"unsafe"
)

// TestHelperMain is the pasyans command in a child process for the signal
// tests: it runs the arguments in PASYANS_HELPER_ARGS (split at newlines)
// and exits with the command's code.
func TestHelperMain(t *testing.T) {
	args := os.Getenv("PASYANS_HELPER_ARGS")
	if args == "" {
		t.Skip("only as a child of TestSignalStopsInputWaits")
	}
	os.Exit(runIO(strings.Split(args, "\n"), os.Stdin, os.Stdout, os.Stderr))
}

// openPTY opens a new pseudo-terminal and returns its master and slave.
func openPTY(t *testing.T) (*os.File, *os.File) {
	t.Helper()
	master, err := os.OpenFile("/dev/ptmx", os.O_RDWR, 0)
	if err != nil {
		t.Skipf("no pseudo-terminals: %v", err)
	}
	var unlock int32
	if _, _, e := syscall.Syscall(syscall.SYS_IOCTL, master.Fd(), syscall.TIOCSPTLCK, uintptr(unsafe.Pointer(&unlock))); e != 0 {
		master.Close()
		t.Skipf("unlockpt: %v", e)
	}
	var n uint32
	if _, _, e := syscall.Syscall(syscall.SYS_IOCTL, master.Fd(), syscall.TIOCGPTN, uintptr(unsafe.Pointer(&n))); e != 0 {
		master.Close()
		t.Skipf("ptsname: %v", e)
	}
	slave, err := os.OpenFile(fmt.Sprintf("/dev/pts/%d", n), os.O_RDWR|syscall.O_NOCTTY, 0)
	if err != nil {
		master.Close()
		t.Skipf("open the pty's slave: %v", err)
	}
	return master, slave
}

// TestSignalStopsInputWaits: a command waiting for input — a FIFO without
// a writer, an idle pipe, a terminal — stops within a second of SIGINT or
// SIGTERM with exit code 130 (issue 27: each ran until SIGKILL).
func TestSignalStopsInputWaits(t *testing.T) {
	dir := t.TempDir()
	fifo := filepath.Join(dir, "fifo")
	if err := syscall.Mkfifo(fifo, 0o600); err != nil {
		t.Fatal(err)
	}
	results := filepath.Join(dir, "tour")
	if _, stderr, code := runCLI(t, "", "tournament", "--games", "napoleon", "--strategies", "random", "--deals", "2",
		"--quiet", "--out", results); code != 0 {
		t.Fatalf("tournament: %s", stderr)
	}
	type stdinKind int
	const (
		none stdinKind = iota
		idlePipe
		pty
	)
	cases := []struct {
		name  string
		args  []string
		stdin stdinKind
		sig   syscall.Signal
		code  int // 130, or 1 for a refusal without waiting
	}{
		{"normalize FIFO", []string{"normalize", fifo}, none, syscall.SIGINT, 130},
		{"corpus FIFO", []string{"corpus", fifo}, none, syscall.SIGTERM, 130},
		{"link FIFO", []string{"link", fifo}, none, syscall.SIGINT, 130},
		{"replay FIFO", []string{"replay", fifo}, none, syscall.SIGTERM, 130},
		{"normalize - idle pipe", []string{"normalize", "-"}, idlePipe, syscall.SIGINT, 130},
		{"link - idle pipe", []string{"link", "-"}, idlePipe, syscall.SIGTERM, 130},
		{"normalize - terminal", []string{"normalize", "-"}, pty, syscall.SIGINT, 130},
		{"corpus - terminal", []string{"corpus", "-"}, pty, syscall.SIGTERM, 130},
		{"report --curve FIFO", []string{"report", results, "--html", filepath.Join(dir, "r.html"), "--curve", fifo}, none, syscall.SIGINT, 1},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			cmd := exec.Command(os.Args[0], "-test.run=^TestHelperMain$", "-test.count=1")
			cmd.Env = append(os.Environ(), "PASYANS_HELPER_ARGS="+strings.Join(c.args, "\n"))
			var stderr bytes.Buffer
			cmd.Stderr = &stderr
			switch c.stdin {
			case idlePipe:
				r, w, err := os.Pipe()
				if err != nil {
					t.Fatal(err)
				}
				defer w.Close() // the writer stays open and silent
				defer r.Close()
				cmd.Stdin = r
			case pty:
				master, slave := openPTY(t)
				defer master.Close()
				defer slave.Close()
				cmd.Stdin = slave
			}
			if err := cmd.Start(); err != nil {
				t.Fatal(err)
			}
			exited := make(chan error, 1)
			go func() { exited <- cmd.Wait() }()
			select {
			case err := <-exited:
				if c.code == 1 {
					checkExit(t, err, 1, stderr.String())
					return
				}
				t.Fatalf("exited before the signal: %v: %s", err, stderr.String())
			case <-time.After(700 * time.Millisecond): // the child waits for input
			}
			if c.code == 1 {
				cmd.Process.Kill()
				t.Fatalf("still running after 700 ms: it waits on the FIFO instead of refusing it")
			}
			cmd.Process.Signal(c.sig)
			select {
			case err := <-exited:
				checkExit(t, err, 130, stderr.String())
			case <-time.After(time.Second):
				cmd.Process.Kill()
				<-exited
				t.Fatalf("still running 1 s after %v", c.sig)
			}
		})
	}
}

// checkExit checks a child's exit code and its one-line message.
func checkExit(t *testing.T, err error, code int, stderr string) {
	t.Helper()
	var ee *exec.ExitError
	got := 0
	if errors.As(err, &ee) {
		got = ee.ExitCode()
	} else if err != nil {
		t.Fatal(err)
	}
	if got != code || strings.Count(stderr, "\n") != 1 {
		t.Errorf("exit %d, stderr %q; want %d and one line", got, stderr, code)
	}
}
