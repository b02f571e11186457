package transport

import (
	"slices"
	"testing"
)

// TestRing checks the ring against a plain slice model through growth,
// wrapping, byte-budget drops and clears.
func TestRing(t *testing.T) {
	cases := []struct {
		name               string
		maxItems, maxBytes int
		sizes              []int // size of each added entry; -1 means clear
	}{
		{"grows then wraps by count", 4, 1000, []int{1, 1, 1, 1, 1, 1, 1, 1, 1}},
		{"drops by bytes while growing", 10, 5, []int{2, 2, 2, 2, 1, 1, 3, 1}},
		{"wraps, then a big entry drops many", 5, 10, []int{1, 1, 1, 1, 1, 1, 1, 9, 1, 1}},
		{"an entry over the whole budget is still kept alone", 3, 4, []int{1, 9, 1}},
		{"clear and grow again", 3, 100, []int{1, 1, 1, 1, -1, 1, 1, 1, 1}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			r := newRing[int](c.maxItems, c.maxBytes)
			var model []int // sequence numbers kept
			var sizes []int
			next := 0
			for _, size := range c.sizes {
				if size < 0 {
					r.clear()
					model, sizes = nil, nil
					continue
				}
				total := size
				for _, s := range sizes {
					total += s
				}
				for len(model) > 0 && (len(model) == c.maxItems || total > c.maxBytes) {
					total -= sizes[0]
					model, sizes = model[1:], sizes[1:]
				}
				if seq := r.add(next, size); seq != uint64(next) {
					t.Fatalf("add returned seq %d, want %d", seq, next)
				}
				model, sizes = append(model, next), append(sizes, size)
				next++
				got, nextSeq := r.since(0)
				if !slices.Equal(got, model) || nextSeq != uint64(next) || r.len() != len(model) {
					t.Fatalf("after adding %d: kept %v (next %d), want %v", next-1, got, nextSeq, model)
				}
				// at finds exactly the kept entries, where they are; span
				// names them.
				if first, n := r.span(); n != uint64(next) || first != uint64(model[0]) {
					t.Fatalf("span = %d..%d, want %d..%d", first, n, model[0], next)
				}
				for s := 0; s <= next; s++ {
					v, ok := r.at(uint64(s))
					if want := slices.Contains(model, s); ok != want || (ok && v != s) {
						t.Fatalf("at(%d) = %d, %v; kept %v", s, v, ok, model)
					}
				}
				if len(model) > 1 {
					tail, _ := r.since(uint64(model[1]))
					if !slices.Equal(tail, model[1:]) {
						t.Fatalf("since(%d) = %v, want %v", model[1], tail, model[1:])
					}
				}
			}
		})
	}
}

// A quiet server's logs cost next to nothing: storage grows with use.
func TestRingStartsEmpty(t *testing.T) {
	l := NewServerLog(nil)
	if cap(l.ring.items) != 0 {
		t.Errorf("a new log reserved %d entries", cap(l.ring.items))
	}
}
