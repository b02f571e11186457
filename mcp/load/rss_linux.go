package load

import (
	"bytes"
	"fmt"
	"os"
	"strconv"
	"strings"
)

// treeRSS is the resident memory of the processes and all their
// descendants, from /proc: a server started through npx or sh is a tree.
func treeRSS(roots []int) (int64, error) {
	children, err := childMap()
	if err != nil {
		return 0, fmt.Errorf("reading the process table: %w", err)
	}
	var total int64
	seen := map[int]bool{}
	stack := append([]int(nil), roots...)
	for len(stack) > 0 {
		pid := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		if seen[pid] || pid <= 0 {
			continue
		}
		seen[pid] = true
		total += rssOf(pid)
		stack = append(stack, children[pid]...)
	}
	return total, nil
}

// childMap maps each process to its children.
func childMap() (map[int][]int, error) {
	entries, err := os.ReadDir("/proc")
	if err != nil {
		return nil, err
	}
	m := map[int][]int{}
	for _, e := range entries {
		pid, err := strconv.Atoi(e.Name())
		if err != nil {
			continue
		}
		b, err := os.ReadFile("/proc/" + e.Name() + "/stat")
		if err != nil {
			continue
		}
		// The command name (field 2) is in parentheses and may hold spaces.
		i := bytes.LastIndexByte(b, ')')
		if i < 0 {
			continue
		}
		f := strings.Fields(string(b[i+1:]))
		if len(f) < 2 {
			continue
		}
		ppid, _ := strconv.Atoi(f[1])
		m[ppid] = append(m[ppid], pid)
	}
	return m, nil
}

// rssOf is one process's VmRSS in bytes, 0 when it is gone.
func rssOf(pid int) int64 {
	b, err := os.ReadFile("/proc/" + strconv.Itoa(pid) + "/status")
	if err != nil {
		return 0
	}
	for line := range strings.Lines(string(b)) {
		if rest, ok := strings.CutPrefix(line, "VmRSS:"); ok {
			f := strings.Fields(rest)
			if len(f) > 0 {
				kb, _ := strconv.ParseInt(f[0], 10, 64)
				return kb * 1024
			}
		}
	}
	return 0
}
