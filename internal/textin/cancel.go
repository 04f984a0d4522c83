package textin

import (
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"syscall"
	"time"
)

// OpenFile opens the file at path for reading so that ctx can stop every
// wait on it: the open of a FIFO that has no writer yet, and (through
// Cancelable) every read of a FIFO, a pipe or a terminal. Close the file.
func OpenFile(ctx context.Context, path string) (*os.File, error) {
	fi, err := os.Stat(path)
	if err != nil || fi.Mode()&fs.ModeNamedPipe == 0 {
		return os.Open(path)
	}
	// A FIFO: open(2) waits for a writer. It runs in a goroutine; when ctx
	// is done first, opening the FIFO for writing (without blocking: the
	// waiting reader is there) releases it.
	type result struct {
		f   *os.File
		err error
	}
	done := make(chan result, 1)
	go func() {
		f, err := os.Open(path)
		done <- result{f, err}
	}()
	select {
	case r := <-done:
		return r.f, r.err
	case <-ctx.Done():
		if w, err := os.OpenFile(path, os.O_WRONLY|syscall.O_NONBLOCK, 0); err == nil {
			w.Close()
		}
		go func() {
			if r := <-done; r.f != nil {
				r.f.Close()
			}
		}()
		return nil, ctx.Err()
	}
}

// Cancelable returns a reader of r whose reads stop, with ctx's error, as
// soon as ctx is done, also while one waits for input on an idle pipe, a
// FIFO or a terminal; and a function that releases it (call it when done
// reading). A regular file, or any reader that is not an *os.File, is
// returned as is (its reads do not wait).
//
// A pollable *os.File (one os.OpenFile opened: a FIFO, a terminal) gets a
// read deadline when ctx is done. The process's standard input is not
// pollable as inherited; it is opened anew through /proc/self/fd (a
// separate, non-blocking open file description, so the shell's is left
// alone). Where neither works, the reads run in a goroutine that the
// reader stops waiting for.
func Cancelable(ctx context.Context, r io.Reader) (io.Reader, func()) {
	f, ok := r.(*os.File)
	if !ok {
		return r, func() {}
	}
	if fi, err := f.Stat(); err == nil && fi.Mode().IsRegular() {
		return r, func() {}
	}
	if f.SetReadDeadline(time.Time{}) == nil {
		return deadlineReader(ctx, f, f, func() {})
	}
	if g, err := os.OpenFile(fmt.Sprintf("/proc/self/fd/%d", f.Fd()), os.O_RDONLY|syscall.O_NONBLOCK, 0); err == nil {
		if g.SetReadDeadline(time.Time{}) == nil {
			return deadlineReader(ctx, g, f, func() { g.Close() })
		}
		g.Close()
	}
	gr := &goReader{ctx: ctx, r: f, res: make(chan goRead, 1)}
	return gr, func() {}
}

// deadlineReader reads f (standing for orig in errors) until ctx is done.
func deadlineReader(ctx context.Context, f, orig *os.File, release func()) (io.Reader, func()) {
	stop := context.AfterFunc(ctx, func() { f.SetReadDeadline(time.Unix(1, 0)) })
	return &ctxFile{ctx: ctx, f: f}, func() { stop(); release() }
}

// ctxFile is a pollable file read until its context is done.
type ctxFile struct {
	ctx context.Context
	f   *os.File
}

func (c *ctxFile) Read(p []byte) (int, error) {
	n, err := c.f.Read(p)
	if err != nil && errors.Is(err, os.ErrDeadlineExceeded) && c.ctx.Err() != nil {
		return n, c.ctx.Err()
	}
	if errors.Is(err, syscall.EIO) {
		err = io.EOF // a terminal whose other side closed
	}
	return n, err
}

// goReader reads r in a goroutine, one read at a time, and stops waiting
// for it when ctx is done (the read itself then ends with the process).
type goReader struct {
	ctx     context.Context
	r       io.Reader
	res     chan goRead
	pending bool
	rest    []byte // read but not yet returned
	err     error  // the error of the read that gave rest
}

type goRead struct {
	data []byte
	err  error
}

func (g *goReader) Read(p []byte) (int, error) {
	if len(g.rest) == 0 && g.err == nil {
		if !g.pending {
			g.pending = true
			size := max(len(p), 4096)
			go func() {
				buf := make([]byte, size)
				n, err := g.r.Read(buf)
				g.res <- goRead{buf[:n], err}
			}()
		}
		select {
		case r := <-g.res:
			g.pending = false
			g.rest, g.err = r.data, r.err
		case <-g.ctx.Done():
			return 0, g.ctx.Err()
		}
	}
	n := copy(p, g.rest)
	g.rest = g.rest[n:]
	if len(g.rest) == 0 && g.err != nil {
		err := g.err
		if err != io.EOF {
			g.err = nil
		}
		return n, err
	}
	return n, nil
}
