//go:build !linux

package sim

import "time"

// threadCPUTime reports false: the CPU time of one thread is read on Linux
// only; elsewhere the winnability benchmark times deals by the wall clock.
func threadCPUTime() (time.Duration, bool) { return 0, false }
