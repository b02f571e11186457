//go:build !linux

package plot

import "time"

// threadCPU is measured on Linux only.
func threadCPU() time.Duration { return 0 }
