//go:build unix && !linux

package transport

// fionread asks how many bytes wait in a pipe: FIONREAD, _IOR('f', 127, int),
// the same on macOS and the BSDs (x/sys/unix does not export it there).
const fionread = 0x4004667f
