//go:build !unix

package link

// cpuSeconds is unavailable here; the per-CPU-second metric reads 0.
func cpuSeconds() float64 { return 0 }
