package transport

import (
	"bytes"
	"os"
	"strconv"
)

// markedProcesses returns the processes whose environment holds marker
// (KEY=VALUE): every descendant of a server that kept the environment it
// was started with, including one that left the server's process group with
// setsid, which a signal to the group no longer reaches.
func markedProcesses(marker string) []int {
	if marker == "" {
		return nil
	}
	entries, err := os.ReadDir("/proc")
	if err != nil {
		return nil
	}
	want := []byte(marker)
	self := os.Getpid()
	var pids []int
	for _, e := range entries {
		pid, err := strconv.Atoi(e.Name())
		if err != nil || pid == self {
			continue
		}
		env, err := os.ReadFile("/proc/" + e.Name() + "/environ")
		if err != nil {
			continue // gone, or another user's
		}
		for _, kv := range bytes.Split(env, []byte{0}) {
			if bytes.Equal(kv, want) {
				pids = append(pids, pid)
				break
			}
		}
	}
	return pids
}
