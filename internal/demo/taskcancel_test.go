package demo

import (
	"testing"
	"time"
)

// TestJobTaskReadsCancelledOnceCancelAnswered: what tasks/cancel does before
// it is acknowledged leaves the task cancelled, so a tasks/get sent right
// after the ack reads "cancelled", however late the job's goroutine wakes;
// a task that has already completed stays completed.
func TestJobTaskReadsCancelledOnceCancelAnswered(t *testing.T) {
	var jobs jobTasks
	tests := []struct {
		name string
		in   jobArgs
		want string
	}{
		{"working", jobArgs{Steps: 100, DelayMS: 60_000}, "cancelled"},
		{"waiting for an answer", jobArgs{Steps: 1, DelayMS: 0, Ask: askQuestion}, "cancelled"},
		{"already completed", jobArgs{Steps: 1, DelayMS: 0}, "completed"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			task := jobs.start(tt.in)
			if tt.want == "completed" || tt.in.Ask != "" {
				waitStatus(t, task, map[string]string{"completed": "completed", "cancelled": "input_required"}[tt.want])
			}
			task.stop()
			st := task.state("complete")
			if st.Status != tt.want || st.InputRequests != nil {
				t.Errorf("after tasks/cancel: %q with %d input requests; want %q and none", st.Status, len(st.InputRequests), tt.want)
			}
		})
	}
}

// waitStatus waits until the task reads status (its job runs on its own).
func waitStatus(t *testing.T, task *jobTask, status string) {
	t.Helper()
	deadline := time.Now().Add(30 * time.Second)
	for task.state("complete").Status != status {
		if time.Now().After(deadline) {
			t.Fatalf("the task never read %q", status)
		}
		time.Sleep(time.Millisecond)
	}
}
