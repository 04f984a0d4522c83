package reports

import (
	"context"
	"crypto/rand"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"hash"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strings"

	"github.com/parquet-go/parquet-go"

	"github.com/pasyans/pasyans/internal/outfile"
)

// DefaultRowGroupRows is the number of rows per Parquet row group unless
// an option says otherwise. It bounds the writer's memory: a row group is
// buffered (encoded and compressed) until it is complete.
const DefaultRowGroupRows = 131072

// MinRowGroupRows and MaxRowGroupRows bound the accepted row group sizes.
const (
	MinRowGroupRows = 100_000
	MaxRowGroupRows = 1_000_000
)

// pageBufferSize is the in-memory size of a column's page buffer before it
// is encoded and compressed into a page. Smaller than parquet-go's 256 KiB
// default, so that dozens of partitions open at once stay small.
const pageBufferSize = 64 << 10

// tmpSuffix ends the names of files being written. Readers ignore such
// files: they are hidden (leading dot) and do not end in a dataset
// extension.
const tmpSuffix = ".tmp"

// AtomicFile is a file written under a temporary name in its final directory
// and renamed to the final name by Commit. Everything written is hashed
// (SHA-256) and counted.
type AtomicFile struct {
	final string
	tmp   string
	f     *os.File
	h     hash.Hash
	n     int64
	werr  error // the first write error, which explains later ones
}

// CreateAtomic creates the directory of final and a temporary file beside it.
func CreateAtomic(final string) (*AtomicFile, error) {
	dir, base := filepath.Dir(final), filepath.Base(final)
	if fi, err := os.Stat(final); err == nil && fi.IsDir() {
		return nil, fmt.Errorf("%s: is a directory", final)
	}
	if fi, err := os.Stat(dir); err == nil && !fi.IsDir() {
		return nil, fmt.Errorf("%s: not a directory", dir)
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return nil, fileError(dir, "create", err)
	}
	var rnd [6]byte
	if _, err := rand.Read(rnd[:]); err != nil {
		return nil, fileError(final, "create", err)
	}
	tmp := filepath.Join(dir, "."+base+"."+hex.EncodeToString(rnd[:])+tmpSuffix)
	f, err := os.OpenFile(tmp, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o644)
	if err != nil {
		return nil, fileError(tmp, "create", err)
	}
	return &AtomicFile{final: final, tmp: tmp, f: f, h: sha256.New()}, nil
}

// Write writes p to the temporary file and the hash.
func (a *AtomicFile) Write(p []byte) (int, error) {
	n, err := a.f.Write(p)
	a.h.Write(p[:n])
	a.n += int64(n)
	if err != nil {
		if a.werr == nil {
			var pe *fs.PathError
			if errors.As(err, &pe) {
				err = pe.Err // name the final file, not the temporary one
			}
			a.werr = fmt.Errorf("%s: write: %w", a.final, err)
		}
		return n, a.werr
	}
	return n, nil
}

// Commit syncs and closes the temporary file and renames it to the final
// name, replacing any file there.
func (a *AtomicFile) Commit() error {
	if err := a.f.Sync(); err != nil {
		a.Abort()
		return fileError(a.tmp, "sync", err)
	}
	if err := a.f.Close(); err != nil {
		os.Remove(a.tmp)
		return fileError(a.tmp, "close", err)
	}
	if err := os.Rename(a.tmp, a.final); err != nil {
		os.Remove(a.tmp)
		return fileError(a.final, "rename", err)
	}
	if d, err := os.Open(filepath.Dir(a.final)); err == nil {
		d.Sync() // best effort: make the rename durable
		d.Close()
	}
	return nil
}

// Abort closes and removes the temporary file.
func (a *AtomicFile) Abort() {
	a.f.Close()
	os.Remove(a.tmp)
}

// Sum returns the hex SHA-256 of everything written.
func (a *AtomicFile) Sum() string { return hex.EncodeToString(a.h.Sum(nil)) }

// fileError formats an error about the file at path as "<path>: <op>:
// <problem>", without the repetition of the path that an *fs.PathError or
// *os.LinkError carries. The cause stays wrapped (errors.Is works).
func fileError(path, op string, err error) error {
	var pe *fs.PathError
	var le *os.LinkError
	switch {
	case errors.As(err, &pe):
		path, err = pe.Path, pe.Err
	case errors.As(err, &le):
		err = le.Err
	}
	return fmt.Errorf("%s: %s: %w", path, op, err)
}

// isTempName reports whether base is the name of a file being written.
func isTempName(base string) bool {
	return strings.HasPrefix(base, ".") && strings.HasSuffix(base, tmpSuffix)
}

// writeAtomic writes a small file atomically.
func writeAtomic(final string, data []byte) error {
	a, err := CreateAtomic(final)
	if err != nil {
		return err
	}
	if _, err := a.Write(data); err != nil {
		a.Abort()
		return err
	}
	return a.Commit()
}

// parquetOptions returns the writer options common to every dataset file;
// codec is shared by the files of one writer.
func parquetOptions(meta Metadata, rowGroupRows int64, codec *zstdCodec) []parquet.WriterOption {
	if rowGroupRows <= 0 {
		rowGroupRows = DefaultRowGroupRows
	}
	return []parquet.WriterOption{
		parquet.Compression(codec),
		parquet.MaxRowsPerRowGroup(rowGroupRows),
		parquet.PageBufferSize(pageBufferSize),
		parquet.CreatedBy("pasyans", meta.Version+" ", meta.Revision), // parquet-go puts no space before "(build"
	}
}

// parquetFile is one Parquet file of type T being written atomically.
type parquetFile[T any] struct {
	a    *AtomicFile
	w    *parquet.GenericWriter[T]
	rows int64
}

// createParquet starts the file final with the key/value metadata kv; meta
// gives the CreatedBy version.
func createParquet[T any](final string, kv [][2]string, meta Metadata, rowGroupRows int64, codec *zstdCodec) (*parquetFile[T], error) {
	a, err := CreateAtomic(final)
	if err != nil {
		return nil, err
	}
	w := parquet.NewGenericWriter[T](a, parquetOptions(meta, rowGroupRows, codec)...)
	for _, e := range kv {
		w.SetKeyValueMetadata(e[0], e[1])
	}
	return &parquetFile[T]{a: a, w: w}, nil
}

// Write appends rows.
func (p *parquetFile[T]) Write(rows []T) error {
	if _, err := p.w.Write(rows); err != nil {
		if p.a.werr != nil {
			return p.a.werr // a full disk: say it once, naming the file
		}
		return fmt.Errorf("write %s: %w", p.a.final, err)
	}
	p.rows += int64(len(rows))
	return nil
}

// SetMeta sets a key/value metadata entry (last value wins).
func (p *parquetFile[T]) SetMeta(key, value string) { p.w.SetKeyValueMetadata(key, value) }

// Commit writes the footer and renames the file to its final name.
func (p *parquetFile[T]) Commit() error {
	if err := p.w.Close(); err != nil {
		p.a.Abort()
		if p.a.werr != nil {
			return p.a.werr // a full disk: say it once, naming the file
		}
		return fmt.Errorf("close %s: %w", p.a.final, err)
	}
	return p.a.Commit()
}

// Abort drops the file.
func (p *parquetFile[T]) Abort() { p.a.Abort() }

// openParquet opens a Parquet file for reading; close the returned file.
func openParquet(path string) (*os.File, *parquet.File, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, nil, fileError(path, "open", err)
	}
	st, err := f.Stat()
	if err != nil {
		f.Close()
		return nil, nil, fileError(path, "stat", err)
	}
	pf, err := parquet.OpenFile(f, st.Size())
	if err != nil {
		f.Close()
		return nil, nil, fmt.Errorf("%s: not a valid Parquet file: %w", path, err)
	}
	return f, pf, nil
}

// readParquet streams the rows of the Parquet file at path to fn in batches
// of up to batch rows. The slice passed to fn is reused between calls.
func readParquet[T any](path string, batch int, fn func([]T) error) error {
	f, pf, err := openParquet(path)
	if err != nil {
		return err
	}
	defer f.Close()
	r := parquet.NewGenericReader[T](pf)
	defer r.Close()
	buf := make([]T, batch)
	for {
		n, err := r.Read(buf)
		if n > 0 {
			if ferr := fn(buf[:n]); ferr != nil {
				return ferr
			}
		}
		if err == io.EOF {
			return nil
		}
		if err != nil {
			return fmt.Errorf("read %s: %w", path, err)
		}
	}
}

// FileMetadata returns the key/value metadata of the Parquet file at path.
func FileMetadata(path string) (map[string]string, error) {
	f, pf, err := openParquet(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	out := make(map[string]string)
	for _, kv := range pf.Metadata().KeyValueMetadata {
		out[kv.Key] = kv.Value
	}
	return out, nil
}

// Seek supports only Seek(0, io.SeekCurrent), which returns the number of
// bytes written (Arrow's IPC file writer asks for its position this way).
func (a *AtomicFile) Seek(offset int64, whence int) (int64, error) {
	if offset == 0 && whence == io.SeekCurrent {
		return a.n, nil
	}
	return 0, fmt.Errorf("seek %s: only the current position can be asked", a.tmp)
}

// WriteFileAtomic writes path with write as internal/outfile does (its
// missing directories created): a regular file is replaced through a
// temporary file in the same directory, renamed into place only when write
// succeeds, so readers never see a partial file; a symbolic link is
// followed; a FIFO or a device is written through.
func WriteFileAtomic(path string, write func(io.Writer) error) error {
	return outfile.WriteFile(context.Background(), path, outfile.Options{MkdirAll: true}, write)
}
