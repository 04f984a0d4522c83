package reports

import (
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"time"
)

// Lock timing: a writer refreshes its lock's modification time every
// LockRefresh; a lock not refreshed for StaleAfter is stale whatever host
// holds it (on the same host, a lock whose process is gone is stale at
// once).
const (
	LockRefresh = 15 * time.Second
	StaleAfter  = 2 * time.Minute
)

// lockInfo is the content of a lock file.
type lockInfo struct {
	PID     int       `json:"pid"`
	Host    string    `json:"host"`
	Started time.Time `json:"started"`
	Command string    `json:"command"`
}

// folderLock is a held lock file, refreshed in the background.
type folderLock struct {
	path string
	stop chan struct{}
	wg   sync.WaitGroup
}

// LockName returns the lock file name of shard index of count.
func LockName(index, count int) string {
	return "_lock-" + PartName(index, count)[len("part-"):] + ".json"
}

// acquireLock takes the lock of one shard of dir. A live lock is an error;
// a stale one is taken over (with a note) when takeStale, an error
// otherwise.
func acquireLock(dir string, index, count int, takeStale bool, command string) (*folderLock, string, error) {
	path := filepath.Join(dir, LockName(index, count))
	host, _ := os.Hostname()
	info := lockInfo{PID: os.Getpid(), Host: host, Started: time.Now().UTC(), Command: command}
	data, _ := json.Marshal(info) // plain fields: cannot fail
	note := ""
	for attempt := 0; ; attempt++ {
		err := createExclusive(path, data)
		if err == nil {
			break
		}
		if !errors.Is(err, fs.ErrExist) || attempt > 0 {
			return nil, "", fileError(path, "lock", err)
		}
		old, stale, why := readLock(path)
		if !stale {
			return nil, "", fmt.Errorf("--out %s: folder in use by PID %d on %s since %s (%s); wait for it or stop it",
				dir, old.PID, old.Host, old.Started.Format(time.RFC3339), filepath.Base(path))
		}
		if !takeStale {
			return nil, "", fmt.Errorf("--out %s: stale lock %s of PID %d on %s (%s): an interrupted run; use --resume to continue it or --force to replace it",
				dir, filepath.Base(path), old.PID, old.Host, why)
		}
		note = fmt.Sprintf("%s: took over the stale lock of PID %d on %s (%s)", dir, old.PID, old.Host, why)
		if err := os.Remove(path); err != nil && !errors.Is(err, fs.ErrNotExist) {
			return nil, "", fileError(path, "remove stale lock", err)
		}
	}
	l := &folderLock{path: path, stop: make(chan struct{})}
	l.wg.Add(1)
	go l.refresh()
	return l, note, nil
}

// createExclusive writes data to a new file at path; it fails with
// fs.ErrExist when the file exists.
func createExclusive(path string, data []byte) error {
	f, err := os.OpenFile(path, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o644)
	if err != nil {
		return err
	}
	if _, err := f.Write(data); err != nil {
		f.Close()
		os.Remove(path)
		return err
	}
	return f.Close()
}

// readLock reads a lock file and tells whether it is stale, and why. An
// unreadable lock is stale only once it is old.
func readLock(path string) (lockInfo, bool, string) {
	var info lockInfo
	st, err := os.Stat(path)
	if err != nil {
		return info, true, "gone"
	}
	age := time.Since(st.ModTime())
	data, err := os.ReadFile(path)
	if err != nil || json.Unmarshal(data, &info) != nil {
		return info, age > StaleAfter, "unreadable and not refreshed for " + age.Round(time.Second).String()
	}
	host, _ := os.Hostname()
	if info.Host == host && info.PID > 0 && !processAlive(info.PID) {
		return info, true, "no such process"
	}
	if age > StaleAfter {
		return info, true, "not refreshed for " + age.Round(time.Second).String()
	}
	return info, false, ""
}

// refresh touches the lock file every LockRefresh until released.
func (l *folderLock) refresh() {
	defer l.wg.Done()
	t := time.NewTicker(LockRefresh)
	defer t.Stop()
	for {
		select {
		case <-l.stop:
			return
		case <-t.C:
			now := time.Now()
			os.Chtimes(l.path, now, now) // best effort: a failure only ages the lock
		}
	}
}

// release removes the lock file.
func (l *folderLock) release() error {
	close(l.stop)
	l.wg.Wait()
	if err := os.Remove(l.path); err != nil && !errors.Is(err, fs.ErrNotExist) {
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
		if info, stale, _ := readLock(p); !stale {
			return fmt.Errorf("--out %s: folder in use by PID %d on %s (%s): --force cannot replace a run being written",
				dir, info.PID, info.Host, strings.TrimSuffix(filepath.Base(p), ".json"))
		}
	}
	return nil
}
