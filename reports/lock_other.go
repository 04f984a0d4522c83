//go:build !unix

package reports

import (
	"errors"
	"os"
)

// errLocked says that another open file holds the lock.
var errLocked = errors.New("locked by another process")

// lockFile cannot take an advisory lock here: a lock file's presence alone
// then tells a held lock, and only --resume or --force takes one over.
func lockFile(f *os.File) error { return errLockUnsupported }
