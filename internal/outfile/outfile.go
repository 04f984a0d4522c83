// Package outfile creates the files that pasyans writes at paths the user
// names (--log, --html, --rows, the reports of a results folder …), the
// same way for every command:
//
//   - "-" is standard output;
//   - a FIFO or a device (/dev/null, /dev/stdout, a terminal) is written
//     through: opened for writing, never replaced, no temporary file;
//   - a regular file, or a new one, is replaced atomically: the text goes
//     to a hidden temporary file beside it (".NAME.RANDOM.tmp"), which is
//     renamed over it only by Commit, so a reader never sees half a file
//     and an error or an interrupt leaves the old file as it was;
//   - a symbolic link is followed: the regular file it points to is
//     replaced atomically (the link stays), a FIFO or device it points to
//     is written through;
//   - a directory, or a path whose parent is missing or not a directory,
//     is an error.
//
// Errors name the path the user gave, never the temporary file.
package outfile

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"syscall"
	"time"
)

// Stdout is the path that stands for standard output.
const Stdout = "-"

// TempSuffix ends the names of the temporary files; they also start with a
// dot, so listings of datasets skip them.
const TempSuffix = ".tmp"

// File is an output file being written. Write to it, then Commit (or
// Abort) it once.
type File struct {
	path   string    // as the user gave it
	target string    // the file renamed over ("" when written through)
	tmp    string    // the temporary file ("" when written through)
	f      *os.File  // the file written (nil for a plain writer as "-")
	w      io.Writer // the plain writer "-" stands for, when not a file
	std    bool      // standard output: never closed
	werr   error     // the first write error
	done   bool
	stop   func() bool // ends the cancellation of a write-through file
}

// Options tune Create.
type Options struct {
	// MkdirAll creates the missing parent directories of a new file;
	// otherwise a missing parent is an error (a mistyped path must not
	// create directories).
	MkdirAll bool
	// Stdout is the writer "-" stands for (default os.Stdout). A writer
	// that is not an *os.File is written as is.
	Stdout io.Writer
}

// Create opens path for writing (see the package doc). ctx bounds the wait
// for a reader when path is a FIFO and the writes to it.
func Create(ctx context.Context, path string) (*File, error) {
	return CreateWith(ctx, path, Options{})
}

// CreateWith is Create with options.
func CreateWith(ctx context.Context, path string, o Options) (*File, error) {
	if path == "" {
		return nil, errors.New("empty output path")
	}
	if path == Stdout {
		return stdoutFile(o.Stdout), nil
	}
	fi, err := os.Stat(path) // follows a symbolic link
	switch {
	case err == nil && fi.IsDir():
		return nil, fmt.Errorf("%s: is a directory", path)
	case err == nil && fi.Mode().IsRegular():
		return createAtomic(path, path, fi)
	case err == nil:
		return openThrough(ctx, path, fi)
	case errors.Is(err, fs.ErrNotExist):
		// A new file (or a dangling link: its target is created).
		return createNew(path, o.MkdirAll)
	case errors.Is(err, syscall.ENOTDIR):
		return nil, fmt.Errorf("%s: %s is not a directory", path, notDir(path))
	default:
		return nil, pathError(path, "open", err)
	}
}

// stdoutFile is "-".
func stdoutFile(w io.Writer) *File {
	if w == nil {
		w = os.Stdout
	}
	if f, ok := w.(*os.File); ok {
		return &File{path: Stdout, f: f, std: true}
	}
	return &File{path: Stdout, w: w, std: true}
}

// createNew creates a file that does not exist yet at path (or at the end
// of the dangling symbolic link path).
func createNew(path string, mkdir bool) (*File, error) {
	target := path
	if dst, err := os.Readlink(path); err == nil {
		if !filepath.IsAbs(dst) {
			dst = filepath.Join(filepath.Dir(path), dst)
		}
		target = dst
	}
	dir := filepath.Dir(target)
	fi, err := os.Stat(dir)
	switch {
	case err == nil && !fi.IsDir():
		return nil, fmt.Errorf("%s: %s is not a directory", path, dir)
	case errors.Is(err, fs.ErrNotExist) && mkdir:
		if err := os.MkdirAll(dir, 0o755); err != nil {
			return nil, pathError(path, "create", err)
		}
	case errors.Is(err, fs.ErrNotExist):
		return nil, fmt.Errorf("%s: no such directory %s", path, dir)
	case err != nil:
		return nil, pathError(path, "create", err)
	}
	return createAtomic(path, target, nil)
}

// createAtomic starts the atomic replacement of the regular file target,
// which path names (through symbolic links) — old, its FileInfo, gives the
// permissions and owner to keep — or the creation of target when old is
// nil.
func createAtomic(path, target string, old fs.FileInfo) (*File, error) {
	if dst, err := filepath.EvalSymlinks(target); err == nil {
		target = dst
	}
	var rnd [6]byte
	if _, err := rand.Read(rnd[:]); err != nil {
		return nil, pathError(target, "create", err)
	}
	dir, base := filepath.Split(target)
	tmp := filepath.Join(dir, "."+base+"."+hex.EncodeToString(rnd[:])+TempSuffix)
	f, err := os.OpenFile(tmp, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o644)
	if err != nil {
		var pe *fs.PathError
		if errors.As(err, &pe) {
			err = pe.Err
		}
		return nil, fmt.Errorf("%s: cannot create a file in %s to replace it atomically: %w", path, filepath.Clean(dir), err)
	}
	if old != nil {
		// The replacement keeps the old file's permissions and, where
		// allowed (as root), its owner.
		if err := f.Chmod(old.Mode().Perm()); err != nil {
			f.Close()
			os.Remove(tmp)
			return nil, pathError(path, "create", err)
		}
		if st, ok := old.Sys().(*syscall.Stat_t); ok && (int(st.Uid) != os.Getuid() || int(st.Gid) != os.Getgid()) {
			f.Chown(int(st.Uid), int(st.Gid)) // best effort
		}
	}
	return &File{path: path, target: target, tmp: tmp, f: f}, nil
}

// openThrough opens a FIFO, a device or a socket for writing in place.
// A FIFO without a reader is waited for until ctx is done.
func openThrough(ctx context.Context, path string, fi fs.FileInfo) (*File, error) {
	var f *os.File
	var err error
	if fi.Mode()&fs.ModeNamedPipe != 0 {
		f, err = openFIFO(ctx, path)
	} else {
		f, err = os.OpenFile(path, os.O_WRONLY, 0)
	}
	if err != nil {
		if ctx.Err() != nil {
			return nil, ctx.Err()
		}
		return nil, pathError(path, "open", err)
	}
	out := &File{path: path, f: f}
	// A pollable file (a FIFO, a terminal) stops writing when ctx is done.
	out.stop = context.AfterFunc(ctx, func() { f.SetWriteDeadline(time.Unix(1, 0)) })
	return out, nil
}

// openFIFO opens the FIFO at path for writing, waiting for a reader until
// ctx is done. A non-blocking open fails with ENXIO while no reader has
// the FIFO open; it is retried every 20 ms.
func openFIFO(ctx context.Context, path string) (*os.File, error) {
	t := time.NewTicker(20 * time.Millisecond)
	defer t.Stop()
	for {
		f, err := os.OpenFile(path, os.O_WRONLY|syscall.O_NONBLOCK, 0)
		if err == nil {
			return f, nil
		}
		if !errors.Is(err, syscall.ENXIO) {
			return nil, err
		}
		select {
		case <-ctx.Done():
			return nil, ctx.Err()
		case <-t.C:
		}
	}
}

// notDir returns the first ancestor of path that exists and is not a
// directory.
func notDir(path string) string {
	for dir := filepath.Dir(path); ; dir = filepath.Dir(dir) {
		if fi, err := os.Stat(dir); err == nil && !fi.IsDir() {
			return dir
		} else if err == nil || dir == filepath.Dir(dir) {
			return filepath.Dir(path)
		}
	}
}

// Path is the path the user gave.
func (f *File) Path() string { return f.path }

// Write writes p. The first error is kept and returned by every later
// call and by Commit; it names the user's path.
func (f *File) Write(p []byte) (int, error) {
	if f.werr != nil {
		return 0, f.werr
	}
	var n int
	var err error
	if f.f != nil {
		n, err = f.f.Write(p)
	} else {
		n, err = f.w.Write(p)
	}
	if err != nil {
		if errors.Is(err, os.ErrDeadlineExceeded) {
			err = context.Canceled
		}
		f.werr = pathError(f.path, "write", err)
		return n, f.werr
	}
	return n, nil
}

// Commit finishes the file: a replaced file is synced, closed and renamed
// into place; a file written through is closed. Commit after Commit or
// Abort does nothing.
func (f *File) Commit() error {
	if f.done {
		return nil
	}
	f.done = true
	if f.stop != nil {
		f.stop()
	}
	if f.werr != nil {
		f.abort()
		return f.werr
	}
	if f.std {
		return nil
	}
	if f.tmp == "" {
		return closeErr(f.path, f.f.Close())
	}
	if err := f.f.Sync(); err != nil {
		f.abort()
		return pathError(f.path, "write", err)
	}
	if err := f.f.Close(); err != nil {
		os.Remove(f.tmp)
		return pathError(f.path, "write", err)
	}
	if err := os.Rename(f.tmp, f.target); err != nil {
		os.Remove(f.tmp)
		return pathError(f.path, "replace", err)
	}
	if d, err := os.Open(filepath.Dir(f.target)); err == nil {
		d.Sync() // best effort: make the rename durable
		d.Close()
	}
	return nil
}

// Abort drops the file: a replacement is removed (the old file stays); a
// file written through is closed, with what was written left in it.
// Abort after Commit does nothing.
func (f *File) Abort() {
	if f.done {
		return
	}
	f.done = true
	if f.stop != nil {
		f.stop()
	}
	f.abort()
}

func (f *File) abort() {
	if f.std {
		return
	}
	f.f.Close()
	if f.tmp != "" {
		os.Remove(f.tmp)
	}
}

// WriteFile writes path (see Create) with write, committing the file only
// when write succeeds.
func WriteFile(ctx context.Context, path string, o Options, write func(io.Writer) error) error {
	f, err := CreateWith(ctx, path, o)
	if err != nil {
		return err
	}
	if err := write(f); err != nil {
		f.Abort()
		return err
	}
	return f.Commit()
}

// closeErr names path in an error of Close.
func closeErr(path string, err error) error {
	if err == nil {
		return nil
	}
	return pathError(path, "write", err)
}

// pathError formats "<path>: <op>: <problem>" for the user's path, without
// the path an *fs.PathError or *os.LinkError carries (the temporary file's,
// or the same path again). The cause stays wrapped.
func pathError(path, op string, err error) error {
	var pe *fs.PathError
	var le *os.LinkError
	switch {
	case errors.As(err, &pe):
		err = pe.Err
	case errors.As(err, &le):
		err = le.Err
	}
	return fmt.Errorf("%s: %s: %w", path, op, err)
}
