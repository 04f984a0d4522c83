package sim

import (
	"syscall"
	"time"
	"unsafe"
)

// clockThreadCPUTime is Linux's CLOCK_THREAD_CPUTIME_ID: the CPU time of
// the calling thread, in nanoseconds (getrusage's per-thread figure only
// moves in scheduler ticks).
const clockThreadCPUTime = 3

// threadCPUTime returns the CPU time the calling OS thread has used, and
// true; the caller locks its goroutine to the thread.
func threadCPUTime() (time.Duration, bool) {
	var ts syscall.Timespec
	if _, _, errno := syscall.Syscall(syscall.SYS_CLOCK_GETTIME, clockThreadCPUTime, uintptr(unsafe.Pointer(&ts)), 0); errno != 0 {
		return 0, false
	}
	return time.Duration(ts.Nano()), true
}
