//go:build unix

package reports

import (
	"errors"
	"os"
	"syscall"
)

// errLocked says that another open file holds the lock.
var errLocked = errors.New("locked by another process")

// lockFile takes the exclusive advisory lock (flock) of f without waiting:
// errLocked when another process holds it. The lock lasts until f is
// closed (or the process ends, however it ends).
func lockFile(f *os.File) error {
	for {
		err := syscall.Flock(int(f.Fd()), syscall.LOCK_EX|syscall.LOCK_NB)
		switch {
		case err == nil:
			return nil
		case errors.Is(err, syscall.EINTR):
			continue
		case errors.Is(err, syscall.EWOULDBLOCK):
			return errLocked
		}
		return err
	}
}
