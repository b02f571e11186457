package load

import (
	"encoding/json"
	"fmt"
	"mcpbrowser/mcp/say"
	"slices"
	"strings"
	"time"
)

// Summary is a run's figures.
type Summary struct {
	Calls       int           `json:"calls"`
	Concurrency int           `json:"concurrency,omitempty"`
	Wall        time.Duration `json:"-"`
	// CallsPerSecond counts every call that ended, failed or not, over the
	// run's wall time.
	CallsPerSecond float64 `json:"callsPerSecond"`
	// Latencies over the calls that did not fail below the tool (successes
	// and tool errors); nearest-rank percentiles.
	Min, Mean, P50, P90, P99, Max time.Duration `json:"-"`
	// Errors counts the failed calls by layer.
	Errors map[Layer]int `json:"errors"`
	// ErrorMessages is the first message of each layer.
	ErrorMessages map[Layer]string `json:"errorMessages,omitempty"`
	// ErrorSaid is ErrorMessages by key, where the core said it so.
	ErrorSaid map[Layer]say.Msg `json:"-"`
	// PeakRSS is the servers' largest resident memory seen, in bytes (0 when
	// not measured: a remote server, or not Linux).
	PeakRSS int64  `json:"peakRSSBytes,omitempty"`
	RSSNote string `json:"rssNote,omitempty"`
}

// Summarize computes the figures of a set of samples.
func Summarize(samples []Sample, wall time.Duration) Summary {
	s := Summary{Calls: len(samples), Wall: wall, Errors: map[Layer]int{}}
	lats := make([]time.Duration, 0, len(samples))
	var total time.Duration
	for _, x := range samples {
		if x.Layer != OK {
			s.Errors[x.Layer]++
		}
		if x.Layer == OK || x.Layer == Tool {
			lats = append(lats, x.Latency)
			total += x.Latency
		}
	}
	if wall > 0 {
		s.CallsPerSecond = float64(len(samples)) / wall.Seconds()
	}
	if len(lats) == 0 {
		return s
	}
	slices.Sort(lats)
	s.Min, s.Max = lats[0], lats[len(lats)-1]
	s.Mean = total / time.Duration(len(lats))
	s.P50, s.P90, s.P99 = Percentile(lats, 50), Percentile(lats, 90), Percentile(lats, 99)
	return s
}

// Percentile is the nearest-rank p-th percentile of sorted latencies.
func Percentile(sorted []time.Duration, p float64) time.Duration {
	if len(sorted) == 0 {
		return 0
	}
	rank := int(p/100*float64(len(sorted)) + 0.999999)
	rank = min(max(rank, 1), len(sorted))
	return sorted[rank-1]
}

// Failed is the number of calls that failed in any layer.
func (s Summary) Failed() int {
	n := 0
	for _, c := range s.Errors {
		n += c
	}
	return n
}

// MarshalJSON writes durations as milliseconds.
func (s Summary) MarshalJSON() ([]byte, error) {
	type plain Summary
	ms := func(d time.Duration) float64 { return float64(d.Microseconds()) / 1000 }
	return json.Marshal(struct {
		plain
		WallMs float64 `json:"wallMs"`
		MinMs  float64 `json:"minMs"`
		MeanMs float64 `json:"meanMs"`
		P50Ms  float64 `json:"p50Ms"`
		P90Ms  float64 `json:"p90Ms"`
		P99Ms  float64 `json:"p99Ms"`
		MaxMs  float64 `json:"maxMs"`
	}{plain(s), ms(s.Wall), ms(s.Min), ms(s.Mean), ms(s.P50), ms(s.P90), ms(s.P99), ms(s.Max)})
}

// Text is the summary as a few lines for a person.
func (s Summary) Text() string {
	var b strings.Builder
	fmt.Fprintf(&b, "%d calls in %s at concurrency %d: %.0f calls/s\n", s.Calls, s.Wall.Round(time.Millisecond), s.Concurrency, s.CallsPerSecond)
	fmt.Fprintf(&b, "latency: p50 %s, p90 %s, p99 %s, max %s (min %s, mean %s)\n",
		ms(s.P50), ms(s.P90), ms(s.P99), ms(s.Max), ms(s.Min), ms(s.Mean))
	if s.Failed() == 0 {
		b.WriteString("errors: none\n")
	} else {
		fmt.Fprintf(&b, "errors: %d", s.Failed())
		for _, l := range []Layer{Transport, JSONRPC, Tool, Cancelled} {
			if n := s.Errors[l]; n > 0 {
				fmt.Fprintf(&b, ", %d %s", n, l)
			}
		}
		b.WriteString("\n")
		for _, l := range []Layer{Transport, JSONRPC, Tool, Cancelled} {
			if m := s.ErrorMessages[l]; m != "" {
				fmt.Fprintf(&b, "  first %s error: %s\n", l, m)
			}
		}
	}
	if s.PeakRSS > 0 {
		fmt.Fprintf(&b, "server peak memory (RSS): %.1f MB\n", float64(s.PeakRSS)/(1<<20))
	}
	return b.String()
}

func ms(d time.Duration) string {
	return fmt.Sprintf("%.2f ms", float64(d.Microseconds())/1000)
}

// ErrorWords is the first message of layer l for the front ends to word:
// by its key when it has one, else its text.
func (s Summary) ErrorWords(l Layer) any {
	if m, ok := s.ErrorSaid[l]; ok {
		return m
	}
	return s.ErrorMessages[l]
}
