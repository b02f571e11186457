// Package plot draws a load test's latencies: each call as a dot of latency
// over time, and a histogram of the latencies. The figures are computed here
// without Fyne (series.go, draw.go, which also renders the PNG that is
// saved); widget.go shows them with Fyne canvas primitives — a raster for
// the dots, rectangles for the bars, text for the axes.
package plot

import (
	"math"
	"slices"
	"time"

	"mcpbrowser/mcp/load"
)

// A Point is one call: when it started and how long it took, in seconds and
// milliseconds, and whether it failed.
type Point struct {
	T, MS  float64
	Failed bool
}

// A Series is the calls of a run so far.
type Series struct {
	Points []Point
	sorted []float64 // latencies of every point, kept sorted lazily
	dirty  bool
	maxT   float64
	// Span is how long the run is meant to last, in seconds, when it runs
	// for a duration: the time axis spans it from the first call on, so
	// the dots stay where they are while the run goes on.
	Span float64
}

// Add appends samples.
func (s *Series) Add(samples []load.Sample) {
	for _, x := range samples {
		p := Point{T: x.At.Seconds(), MS: float64(x.Latency) / float64(time.Millisecond), Failed: x.Layer != load.OK && x.Layer != load.Tool}
		s.Points = append(s.Points, p)
		s.sorted = append(s.sorted, p.MS)
		s.maxT = max(s.maxT, p.T+p.MS/1000)
	}
	if len(samples) > 0 {
		s.dirty = true
	}
}

// Reset empties the series.
func (s *Series) Reset() { *s = Series{} }

// Len is the number of points.
func (s *Series) Len() int { return len(s.Points) }

// Quantile is the q-quantile (0…1) of the latencies, nearest rank.
func (s *Series) Quantile(q float64) float64 {
	if len(s.sorted) == 0 {
		return 0
	}
	if s.dirty {
		slices.Sort(s.sorted)
		s.dirty = false
	}
	i := int(math.Ceil(q*float64(len(s.sorted)))) - 1
	return s.sorted[min(max(i, 0), len(s.sorted)-1)]
}

// Scale is the axes' ranges: seconds across, milliseconds up. The latency
// axis is logarithmic, from MSMin to MSMax: latencies have a long tail, and
// on a linear axis the tail squashes every ordinary call onto the time axis.
type Scale struct {
	TMax, MSMin, MSMax float64
}

// Y is where ms falls on the latency axis, 0 (bottom) to 1 (top), clamped.
func (sc Scale) Y(ms float64) float64 {
	if ms <= sc.MSMin {
		return 0
	}
	y := (math.Log10(ms) - math.Log10(sc.MSMin)) / (math.Log10(sc.MSMax) - math.Log10(sc.MSMin))
	return min(max(y, 0), 1)
}

// MSAt is the latency at height y (0…1) of the axis.
func (sc Scale) MSAt(y float64) float64 {
	return math.Pow(10, math.Log10(sc.MSMin)+y*(math.Log10(sc.MSMax)-math.Log10(sc.MSMin)))
}

// Scale fits the axes to the points: whole decades of latency from below
// the fastest call to above the slowest, and a round number of seconds.
func (s *Series) Scale() Scale {
	t := max(s.maxT, 0.001)
	if s.Span > 0 && t <= s.Span*1.05 {
		t = s.Span // the calls out at the end finish a little after it
	}
	sc := Scale{TMax: axisCeil(t), MSMin: 0.1, MSMax: 10}
	if len(s.Points) > 0 {
		sc.MSMin = math.Pow(10, math.Floor(math.Log10(max(s.Quantile(0), 0.001))))
		sc.MSMax = math.Pow(10, math.Ceil(math.Log10(max(s.Quantile(1), 0.001))))
		if sc.MSMax <= sc.MSMin {
			sc.MSMax = sc.MSMin * 10
		}
	}
	return sc
}

// Histogram counts the latencies in bins equal parts of the (logarithmic)
// latency axis, bottom first.
func (s *Series) Histogram(bins int, sc Scale) []int {
	h := make([]int, bins)
	for _, p := range s.Points {
		i := int(sc.Y(p.MS) * float64(bins))
		h[min(max(i, 0), bins-1)]++
	}
	return h
}

// axisCeil rounds up to a round number close above x (1, 1.5, 2, 2.5, 3,
// 4, 5, 6, 8 times a power of ten), so that the points fill most of the axis.
func axisCeil(x float64) float64 {
	if x <= 0 {
		return 1
	}
	p := math.Pow(10, math.Floor(math.Log10(x)))
	for _, m := range []float64{1, 1.5, 2, 2.5, 3, 4, 5, 6, 8, 10} {
		if x <= m*p*1.000001 {
			return m * p
		}
	}
	return 10 * p
}
