package reports

import (
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"time"
)

// RunFileName is the file of a results folder that records the run's
// identity (RunFile).
const RunFileName = "_run.json"

// RunFile is the content of a results folder's RunFileName: the identity of
// the run the folder holds, and who started it.
type RunFile struct {
	Identity RunIdentity `json:"identity"`
	RunID    string      `json:"run_id"`
	Version  string      `json:"version"`
	Command  string      `json:"command"`
	Created  time.Time   `json:"created"`
}

// ErrBadRunFile is the cause of ReadRunFile's error for a run file that
// is empty or not a run file (errors.Is).
var ErrBadRunFile = errors.New("not a valid run file")

// ReadRunFile reads the run identity recorded in dir; ok is false when the
// folder has none. An empty or damaged run file is an error wrapping
// ErrBadRunFile.
func ReadRunFile(dir string) (rf RunFile, ok bool, err error) {
	path := filepath.Join(dir, RunFileName)
	data, err := os.ReadFile(path)
	if errors.Is(err, fs.ErrNotExist) {
		return rf, false, nil
	}
	if err != nil {
		return rf, false, fileError(path, "read", err)
	}
	if len(strings.TrimSpace(string(data))) == 0 {
		return rf, false, fmt.Errorf("%s: empty: %w", path, ErrBadRunFile)
	}
	if err := json.Unmarshal(data, &rf); err != nil {
		return rf, false, fmt.Errorf("%s: %w (%v)", path, ErrBadRunFile, err)
	}
	if rf.RunID == "" || len(rf.Identity.Games) == 0 || len(rf.Identity.Strategies) == 0 {
		return rf, false, fmt.Errorf("%s: %w (no run identity in it)", path, ErrBadRunFile)
	}
	return rf, true, nil
}

// FolderOptions configure OpenRunFolder.
type FolderOptions struct {
	// Identity is the run the command was asked to play; ShardIndex its
	// shard (of Identity.ShardCount).
	Identity   RunIdentity
	ShardIndex int
	// Resume continues the run the folder holds: it must be exactly this
	// run, or the same run with more deals (unsharded only).
	Resume bool
	// Force replaces whatever run the folder holds: its files are removed
	// first (all of them for another run, this shard's for the same run).
	Force bool
	// Outputs are further file and folder names of the folder that belong
	// to a run (the datasets and report of "pasyans run"): Force removes
	// them, and without Resume their presence is refused like a run's.
	Outputs []string
	// Command and Version are recorded in the run file.
	Command, Version string
}

// RunFolder is a results folder opened for writing one shard of a run: it
// holds the shard's lock until Close.
type RunFolder struct {
	// Dir is the folder.
	Dir string
	// Extended is true when a resumed run got more deals than it had.
	Extended bool
	// Notes are things the user should be told (a stale lock taken over).
	Notes []string

	lock *folderLock
}

// OpenRunFolder prepares dir for writing shard o.ShardIndex of the run
// o.Identity, under the rules of a results folder:
//
//   - the folder is one run: its identity is recorded once (RunFileName)
//     and a command for another run is refused with the differences named
//     ("--seed 2 vs the folder's 1"), unless Force;
//   - without Resume, a shard that already has files is refused (use
//     Resume or Force); with Resume it continues them, and a run may grow
//     (more --deals, unsharded only) but never shrink;
//   - Force removes the old run's files before anything is written;
//   - each shard has a lock file (_lock-<index>-of-<count>.json with the
//     PID), locked with the kernel's advisory lock for the writer's whole
//     life: a second writer fails at once with "folder in use by PID …"
//     however long the first has been stopped; a lock file no process
//     holds (its writer was killed, or the file is empty or damaged) is
//     reported, and taken over only with Resume or Force;
//   - an empty or damaged run file is refused with its name; Force
//     replaces the folder's run;
//   - the hidden temporary files a killed writer of this run left are
//     removed (see removeStaleTemps).
//
// Close the RunFolder to release the lock.
func OpenRunFolder(dir string, o FolderOptions) (*RunFolder, error) {
	if fi, err := os.Stat(dir); err == nil && !fi.IsDir() {
		return nil, fmt.Errorf("--out %s: not a directory", dir)
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return nil, fileError(dir, "create", err)
	}
	count := max(o.Identity.ShardCount, 1)
	f := &RunFolder{Dir: dir}
	lock, note, err := acquireLock(dir, o.ShardIndex, count, o.Resume || o.Force, o.Command)
	if err != nil {
		return nil, err
	}
	f.lock = lock
	if note != "" {
		f.Notes = append(f.Notes, note)
	}
	if err := f.claim(o); err != nil {
		f.Close()
		return nil, err
	}
	if err := removeStaleTemps(dir, o.ShardIndex, count); err != nil {
		f.Close()
		return nil, err
	}
	return f, nil
}

// removeStaleTemps removes the hidden temporary files (".name.xxxx.tmp")
// that a killed writer of the run left in dir. When the run has one shard,
// its lock covers the whole folder: every temporary file is removed, except
// in a nested results folder (which has its own run file and lock) and
// those of lock files. Of a sharded run only the shard's manifest's are
// (each shard's part files are its ResultsWriter's to clean; the other
// shards may be writing theirs).
func removeStaleTemps(dir string, index, count int) error {
	if count > 1 {
		ms, _ := filepath.Glob(filepath.Join(dir, "."+ManifestName(index, count)+".*"+tmpSuffix))
		for _, m := range ms {
			if err := os.Remove(m); err != nil && !errors.Is(err, fs.ErrNotExist) {
				return fileError(m, "remove", err)
			}
		}
		return nil
	}
	return filepath.WalkDir(dir, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			if errors.Is(err, fs.ErrNotExist) {
				return nil
			}
			return fileError(path, "clean", err)
		}
		if d.IsDir() {
			if path != dir {
				if _, err := os.Stat(filepath.Join(path, RunFileName)); err == nil {
					return fs.SkipDir // a results folder of its own (pasyans run's solver/)
				}
			}
			return nil
		}
		if !d.Type().IsRegular() || !isTempName(d.Name()) || strings.HasPrefix(d.Name(), "._lock-") {
			return nil
		}
		if err := os.Remove(path); err != nil && !errors.Is(err, fs.ErrNotExist) {
			return fileError(path, "remove", err)
		}
		return nil
	})
}

// Close releases the folder's lock.
func (f *RunFolder) Close() error {
	if f.lock == nil {
		return nil
	}
	err := f.lock.release()
	f.lock = nil
	return err
}

// errRaced says that another writer recorded its run in the folder while
// claim was looking at it; claim then looks again.
var errRaced = errors.New("the folder's run file appeared while it was being claimed")

// claim checks the folder's run against o and records o's identity. When
// another writer records its run at the same moment, it looks again (a few
// times: a run file, once written, stays until a --force run replaces it).
func (f *RunFolder) claim(o FolderOptions) error {
	for try := 0; ; try++ {
		err := f.claimOnce(o)
		if !errors.Is(err, errRaced) {
			return err
		}
		if try == 3 {
			return fmt.Errorf("--out %s: %w (another writer is starting): try again", f.Dir, err)
		}
	}
}

// claimOnce is one look at the folder for claim.
func (f *RunFolder) claimOnce(o FolderOptions) error {
	rf, ok, err := ReadRunFile(f.Dir)
	if errors.Is(err, ErrBadRunFile) {
		return f.claimDamaged(o, err)
	}
	if err != nil {
		return err
	}
	switch {
	case !ok:
		return f.claimUnidentified(o)
	case len(o.Identity.Differences(rf.Identity)) > 0:
		return f.claimOther(o, rf.Identity)
	}
	has, err := shardHasFiles(f.Dir, o.ShardIndex, max(o.Identity.ShardCount, 1))
	if err != nil {
		return err
	}
	if !o.Resume && (has || f.hasOutputs(o.Outputs)) {
		if !o.Force {
			return fmt.Errorf("--out %s: holds %s already: use --resume to continue it or --force to replace it", f.Dir, f.shardName(o))
		}
		return removeShard(f.Dir, o.ShardIndex, max(o.Identity.ShardCount, 1), o.Outputs)
	}
	return nil
}

// shardName names the shard in messages.
func (f *RunFolder) shardName(o FolderOptions) string {
	if o.Identity.ShardCount <= 1 {
		return "this run"
	}
	return fmt.Sprintf("shard %d of %d of this run", o.ShardIndex, o.Identity.ShardCount)
}

// claimUnidentified takes a folder without a run file: empty (or holding
// nothing of a run), or written by an older pasyans.
func (f *RunFolder) claimUnidentified(o FolderOptions) error {
	found := f.runFiles(o.Outputs)
	if slices.Contains(found, RunFileName) {
		return errRaced // written since claim read the folder
	}
	if len(found) > 0 {
		if !o.Force {
			return fmt.Errorf("--out %s: holds the outputs of an earlier run (%s) without its identity (%s): use --force to replace them",
				f.Dir, strings.Join(found, ", "), RunFileName)
		}
		if err := removeRun(f.Dir, o.Outputs); err != nil {
			return err
		}
	}
	// Two shards (or two runs) may start into an empty folder at once: the
	// first run file wins, and the others are checked against it.
	err := writeRunFileExclusive(f.Dir, o)
	if errors.Is(err, fs.ErrExist) {
		return errRaced
	}
	return err
}

// claimDamaged takes a folder whose run file is empty or damaged (why):
// its run is unknown, so only Force replaces it.
func (f *RunFolder) claimDamaged(o FolderOptions, why error) error {
	if !o.Force {
		return fmt.Errorf("%v: the folder's run is unknown, so it can be neither resumed nor added to; use --force to replace it", why)
	}
	if err := checkNoLiveLocks(f.Dir, f.lock); err != nil {
		return err
	}
	if err := removeRun(f.Dir, o.Outputs); err != nil {
		return err
	}
	err := writeRunFileExclusive(f.Dir, o)
	if errors.Is(err, fs.ErrExist) {
		return errRaced
	}
	return err
}

// claimOther takes a folder holding another run: refused, except with
// Force (replaced) or a resumed run that grows.
func (f *RunFolder) claimOther(o FolderOptions, folder RunIdentity) error {
	diffs := o.Identity.Differences(folder)
	if o.Resume && !o.Force && len(diffs) == 1 && diffs[0].Flag == "--deals" {
		switch {
		case o.Identity.Deals < folder.Deals:
			return fmt.Errorf("--resume: --deals %d vs the folder's %d: a run cannot shrink", o.Identity.Deals, folder.Deals)
		case folder.ShardCount > 1:
			return fmt.Errorf("--resume: --deals %d vs the folder's %d: a sharded run cannot grow (its shards' deal ranges would move)", o.Identity.Deals, folder.Deals)
		}
		f.Extended = true
		return writeRunFile(f.Dir, o)
	}
	what := strings.Join(o.Identity.Diff(folder), "; ")
	if !o.Force {
		if o.Resume {
			return fmt.Errorf("--resume: %s holds another run: %s", f.Dir, what)
		}
		return fmt.Errorf("--out %s: holds another run (%s): use --force to replace it", f.Dir, what)
	}
	if err := checkNoLiveLocks(f.Dir, f.lock); err != nil {
		return err
	}
	if err := removeRun(f.Dir, o.Outputs); err != nil {
		return err
	}
	return writeRunFile(f.Dir, o)
}

// runFiles lists the names in the folder that belong to a run.
func (f *RunFolder) runFiles(outputs []string) []string {
	var found []string
	for _, name := range append([]string{DatasetResults, DatasetMoves, RunFileName}, outputs...) {
		if _, err := os.Stat(filepath.Join(f.Dir, name)); err == nil {
			found = append(found, name)
		}
	}
	ms, _ := filepath.Glob(filepath.Join(f.Dir, "_manifest-*.json"))
	for _, m := range ms {
		found = append(found, filepath.Base(m))
	}
	return found
}

// hasOutputs reports whether any of the outputs exists.
func (f *RunFolder) hasOutputs(outputs []string) bool {
	for _, name := range outputs {
		if _, err := os.Stat(filepath.Join(f.Dir, name)); err == nil {
			return true
		}
	}
	return false
}

// writeRunFile records o's identity in dir, replacing any run file.
func writeRunFile(dir string, o FolderOptions) error {
	return writeRunFileAt(filepath.Join(dir, RunFileName), o)
}

// writeRunFileAt writes the run file of o to path atomically.
func writeRunFileAt(path string, o FolderOptions) error {
	rf := RunFile{Identity: o.Identity, RunID: o.Identity.Hash(), Version: o.Version, Command: o.Command, Created: time.Now().UTC()}
	data, err := json.MarshalIndent(rf, "", "  ")
	if err != nil {
		return fmt.Errorf("run file: %w", err)
	}
	return writeAtomic(path, append(data, '\n'))
}

// writeRunFileExclusive records o's identity in dir unless a run file is
// there already (fs.ErrExist).
func writeRunFileExclusive(dir string, o FolderOptions) error {
	tmp, err := os.CreateTemp(dir, "."+RunFileName+".*.tmp")
	if err != nil {
		return fileError(dir, "create", err)
	}
	tmp.Close()
	defer os.Remove(tmp.Name())
	if err := writeRunFileAt(tmp.Name(), o); err != nil {
		return err
	}
	if err := os.Link(tmp.Name(), filepath.Join(dir, RunFileName)); err != nil {
		if errors.Is(err, fs.ErrExist) {
			return fs.ErrExist
		}
		return fileError(filepath.Join(dir, RunFileName), "create", err)
	}
	return nil
}

// shardHasFiles reports whether shard index of count has a manifest or
// part files in dir.
func shardHasFiles(dir string, index, count int) (bool, error) {
	if _, err := os.Stat(filepath.Join(dir, ManifestName(index, count))); err == nil {
		return true, nil
	}
	for _, ds := range []string{DatasetResults, DatasetMoves} {
		parts, err := listPartitioned(filepath.Join(dir, ds), false)
		if err != nil {
			return false, err
		}
		for _, p := range parts {
			if p.Shard == index && p.Count == count {
				return true, nil
			}
		}
	}
	return false, nil
}

// removeShard removes the files of one shard of the folder's run (and the
// outputs).
func removeShard(dir string, index, count int, outputs []string) error {
	for _, ds := range []string{DatasetResults, DatasetMoves} {
		parts, err := listPartitioned(filepath.Join(dir, ds), true)
		if err != nil {
			return err
		}
		for _, p := range parts {
			if p.Shard == index && p.Count == count {
				if err := os.Remove(p.Path); err != nil {
					return fileError(p.Path, "remove", err)
				}
			}
		}
	}
	names := append([]string{ManifestName(index, count)}, outputs...)
	return removeNames(dir, names)
}

// removeRun removes every file of the folder's run: results, moves,
// manifests, the run file and the outputs.
func removeRun(dir string, outputs []string) error {
	names := append([]string{DatasetResults, DatasetMoves, RunFileName}, outputs...)
	ms, _ := filepath.Glob(filepath.Join(dir, "_manifest-*.json"))
	for _, m := range ms {
		names = append(names, filepath.Base(m))
	}
	return removeNames(dir, names)
}

// removeNames removes the named files and folders of dir.
func removeNames(dir string, names []string) error {
	for _, name := range names {
		p := filepath.Join(dir, name)
		if err := os.RemoveAll(p); err != nil {
			return fileError(p, "remove", err)
		}
	}
	return nil
}
