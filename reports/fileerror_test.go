package reports

import (
	"errors"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestFileErrorNamesPathOnce checks the "<path>: <op>: <problem>" form of
// file errors: the path appears once and the cause stays matchable.
func TestFileErrorNamesPathOnce(t *testing.T) {
	missing := filepath.Join(t.TempDir(), "none.parquet")
	_, err := FileMetadata(missing)
	if err == nil {
		t.Fatal("no error for a missing file")
	}
	if msg := err.Error(); !strings.HasPrefix(msg, missing+": ") || strings.Count(msg, missing) != 1 {
		t.Errorf("error %q: want the path once, first", msg)
	}
	if !errors.Is(err, fs.ErrNotExist) {
		t.Errorf("error %v does not wrap fs.ErrNotExist", err)
	}
	// Creating a file below a regular file fails naming the path and the
	// file in the way.
	file := filepath.Join(t.TempDir(), "file")
	if err := os.WriteFile(file, nil, 0o644); err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(file, "sub", "x.html")
	err = WriteFileAtomic(path, func(w io.Writer) error { return nil })
	if want := path + ": " + file + " is not a directory"; err == nil || err.Error() != want {
		t.Errorf("error %v: want %q", err, want)
	}
}
