package reports

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"time"
)

// A shard's lock is the kernel's advisory lock (flock) on its lock file,
// held through an open descriptor for the writer's whole life: it is free
// exactly when no process holds it, whatever the time — a writer stopped
// (Ctrl-Z, SIGSTOP) for hours keeps it, a killed one loses it at once. The
// file's content (PID, host, start, command) only names the holder in
// messages. The file appears filled and locked (written and locked under
// a temporary name, then linked into place), so an empty or unreadable lock
// file is one that no writer holds: damaged, and taken over like any
// stale lock.

// lockInfo is the content of a lock file.
type lockInfo struct {
	PID     int       `json:"pid"`
	Host    string    `json:"host"`
	Started time.Time `json:"started"`
	Command string    `json:"command"`
}

// folderLock is a held lock: the lock file, open, with the advisory lock
// on it.
type folderLock struct {
	path string
	f    *os.File
}

// errLockUnsupported says that the system has no advisory file lock (see
// lock_other.go): a lock file's presence alone then tells a held lock.
var errLockUnsupported = errors.New("no advisory file locks on this system")

// LockName returns the lock file name of shard index of count.
func LockName(index, count int) string {
	return "_lock-" + PartName(index, count)[len("part-"):] + ".json"
}

// acquireLock takes the lock of one shard of dir. A lock held by a live
// process is an error; a lock file that no process holds (left by a
// killed writer, or damaged) is taken over (with a note) when takeStale,
// an error otherwise.
func acquireLock(dir string, index, count int, takeStale bool, command string) (*folderLock, string, error) {
	path := filepath.Join(dir, LockName(index, count))
	host, _ := os.Hostname()
	info := lockInfo{PID: os.Getpid(), Host: host, Started: time.Now().UTC(), Command: command}
	data, _ := json.Marshal(info) // plain fields: cannot fail
	for attempt := 0; attempt < 10; attempt++ {
		l, err := createLock(path, data)
		if err == nil {
			return l, "", nil
		}
		if !errors.Is(err, fs.ErrExist) {
			return nil, "", err
		}
		l, note, err := takeLock(dir, path, data, takeStale)
		if l != nil || err != nil {
			return l, note, err
		}
		// The lock file went away (its writer finished): try again.
	}
	return nil, "", fmt.Errorf("--out %s: %s: other writers keep taking and releasing the lock; try again", dir, filepath.Base(path))
}

// createLock makes a new lock file at path holding data, locked; it fails
// with fs.ErrExist when there is one.
func createLock(path string, data []byte) (*folderLock, error) {
	f, err := os.CreateTemp(filepath.Dir(path), "."+filepath.Base(path)+".*"+tmpSuffix)
	if err != nil {
		return nil, fileError(path, "lock", err)
	}
	tmp := f.Name()
	defer os.Remove(tmp)
	if err := lockFile(f); err != nil && !errors.Is(err, errLockUnsupported) {
		f.Close()
		return nil, fileError(path, "lock", err)
	}
	if _, err := f.Write(data); err != nil {
		f.Close()
		return nil, fileError(path, "lock", err)
	}
	if err := os.Link(tmp, path); err != nil {
		f.Close()
		if errors.Is(err, fs.ErrExist) {
			return nil, fs.ErrExist
		}
		return nil, fileError(path, "lock", err)
	}
	return &folderLock{path: path, f: f}, nil
}

// takeLock looks at the existing lock file at path: held by a live writer
// (an error), stale (taken over with a note when takeStale, an error
// otherwise), or gone (nil lock and error: try again).
func takeLock(dir, path string, data []byte, takeStale bool) (*folderLock, string, error) {
	f, err := os.OpenFile(path, os.O_RDWR, 0)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, "", nil
	}
	if err != nil {
		return nil, "", fileError(path, "lock", err)
	}
	err = lockFile(f)
	switch {
	case errors.Is(err, errLocked):
		f.Close()
		return nil, "", inUse(dir, path, "wait for it or stop it")
	case errors.Is(err, errLockUnsupported):
		if !takeStale {
			f.Close()
			return nil, "", fmt.Errorf("--out %s: lock %s exists and this system cannot tell whether its writer is alive: if no pasyans writes to the folder, use --resume or --force", dir, filepath.Base(path))
		}
	case err != nil:
		f.Close()
		return nil, "", fileError(path, "lock", err)
	}
	if !sameFile(f, path) {
		f.Close() // released and removed while we opened it
		return nil, "", nil
	}
	what := describeLock(f)
	if !takeStale {
		f.Close()
		return nil, "", fmt.Errorf("--out %s: stale lock %s %s: an interrupted run; use --resume to continue it or --force to replace it",
			dir, filepath.Base(path), what)
	}
	if err := f.Truncate(0); err != nil {
		f.Close()
		return nil, "", fileError(path, "lock", err)
	}
	if _, err := f.WriteAt(data, 0); err != nil {
		f.Close()
		return nil, "", fileError(path, "lock", err)
	}
	return &folderLock{path: path, f: f}, fmt.Sprintf("%s: took over the stale lock %s", dir, what), nil
}

// describeLock renders who left the lock file f: "of PID 12 on host (no
// process holds it)", or what is wrong with the file.
func describeLock(f *os.File) string {
	var info lockInfo
	data, err := io.ReadAll(io.NewSectionReader(f, 0, 1<<20))
	switch {
	case err != nil:
		return fmt.Sprintf("(unreadable: %v)", err)
	case len(strings.TrimSpace(string(data))) == 0:
		return "(an empty lock file that no process holds)"
	case json.Unmarshal(data, &info) != nil:
		return "(not a valid lock file, and no process holds it)"
	}
	return fmt.Sprintf("of PID %d on %s (no process holds it)", info.PID, info.Host)
}

// inUse is the error for a lock held by a live writer, naming it from the
// lock file when it can.
func inUse(dir, path, advice string) error {
	var info lockInfo
	data, _ := os.ReadFile(path)
	if json.Unmarshal(data, &info) != nil || info.PID == 0 {
		return fmt.Errorf("--out %s: folder in use by another process (%s); %s", dir, filepath.Base(path), advice)
	}
	return fmt.Errorf("--out %s: folder in use by PID %d on %s since %s (%s); %s",
		dir, info.PID, info.Host, info.Started.Format(time.RFC3339), filepath.Base(path), advice)
}

// sameFile reports whether f is still the file at path.
func sameFile(f *os.File, path string) bool {
	a, err := f.Stat()
	if err != nil {
		return false
	}
	b, err := os.Stat(path)
	return err == nil && os.SameFile(a, b)
}

// release removes the lock file, then lets the lock go (in this order: a
// writer that opened the file meanwhile finds it removed and looks again).
func (l *folderLock) release() error {
	err := os.Remove(l.path)
	l.f.Close()
	if err != nil && !errors.Is(err, fs.ErrNotExist) {
		return fileError(l.path, "unlock", err)
	}
	return nil
}

// checkNoLiveLocks fails when a shard lock of dir other than own is held
// by a live writer (a Force must not remove files being written).
func checkNoLiveLocks(dir string, own *folderLock) error {
	locks, _ := filepath.Glob(filepath.Join(dir, "_lock-*.json"))
	for _, p := range locks {
		if own != nil && p == own.path {
			continue
		}
		f, err := os.Open(p)
		if err != nil {
			continue // gone
		}
		err = lockFile(f)
		f.Close()
		if errors.Is(err, errLocked) {
			return inUse(dir, p, "--force cannot replace a run being written")
		}
	}
	return nil
}
