package transport

import "sync"

// A ring keeps the newest entries up to a count and a byte budget, numbering
// every entry ever added so a reader can ask for what came after the last one
// it saw. Its storage grows as entries come (a quiet server costs little) and
// wraps around once the count is reached.
type ring[T any] struct {
	mu       sync.Mutex
	items    []T
	sizes    []int
	maxItems int
	head     int // index of the oldest item
	n        int
	bytes    int
	maxBytes int
	next     uint64 // sequence number the next item gets
	dropped  uint64 // items dropped to stay within the bounds (not cleared ones)
	// stamp, when set, writes an item's sequence number into it as it is stored.
	stamp func(*T, uint64)
}

func newRing[T any](maxItems, maxBytes int) *ring[T] {
	return &ring[T]{maxItems: maxItems, maxBytes: maxBytes}
}

// add stores v (whose size is counted against the budget) and returns its sequence number.
func (r *ring[T]) add(v T, size int) uint64 {
	r.mu.Lock()
	defer r.mu.Unlock()
	for r.n > 0 && r.bytes+size > r.maxBytes {
		r.dropOldest()
	}
	var i int
	if r.n == len(r.items) && len(r.items) < r.maxItems {
		r.linearise()
		r.items = append(r.items, v)
		r.sizes = append(r.sizes, size)
		i = len(r.items) - 1
	} else {
		if r.n == len(r.items) {
			r.dropOldest()
		}
		i = (r.head + r.n) % len(r.items)
		r.items[i], r.sizes[i] = v, size
	}
	// Stamped where it is stored: stamping v itself would make every
	// entry escape to the heap, a copy per line of a flood.
	if r.stamp != nil {
		r.stamp(&r.items[i], r.next)
	}
	r.n++
	r.bytes += size
	seq := r.next
	r.next++
	return seq
}

// linearise moves the kept entries to the front, oldest first, so the
// storage can grow by appending.
func (r *ring[T]) linearise() {
	if r.head == 0 {
		return
	}
	r.items = append(append(make([]T, 0, cap(r.items)), r.items[r.head:]...), r.items[:r.head]...)
	r.sizes = append(append(make([]int, 0, cap(r.sizes)), r.sizes[r.head:]...), r.sizes[:r.head]...)
	r.head = 0
}

func (r *ring[T]) dropOldest() {
	r.dropped++
	var zero T
	r.bytes -= r.sizes[r.head]
	r.items[r.head], r.sizes[r.head] = zero, 0
	r.head = (r.head + 1) % len(r.items)
	r.n--
}

// since returns the kept entries with sequence numbers >= seq, oldest first,
// and the sequence number to ask for next time.
func (r *ring[T]) since(seq uint64) ([]T, uint64) {
	r.mu.Lock()
	defer r.mu.Unlock()
	first := r.next - uint64(r.n)
	if seq < first {
		seq = first
	}
	out := make([]T, 0, r.next-seq)
	for s := seq; s < r.next; s++ {
		out = append(out, r.items[(r.head+int(s-first))%len(r.items)])
	}
	return out, r.next
}

// at returns the entry with sequence number seq, if it is still kept: a
// reader that shows a few entries at a time reads them where they are,
// without a copy of the rest.
func (r *ring[T]) at(seq uint64) (T, bool) {
	r.mu.Lock()
	defer r.mu.Unlock()
	first := r.next - uint64(r.n)
	if seq < first || seq >= r.next {
		var zero T
		return zero, false
	}
	return r.items[(r.head+int(seq-first))%len(r.items)], true
}

// span is the sequence numbers kept now: first to next, next excluded.
func (r *ring[T]) span() (first, next uint64) {
	r.mu.Lock()
	defer r.mu.Unlock()
	return r.next - uint64(r.n), r.next
}

// len is the number of entries kept now.
func (r *ring[T]) len() int {
	r.mu.Lock()
	defer r.mu.Unlock()
	return r.n
}

// nextSeq is the sequence number the next entry will get.
func (r *ring[T]) nextSeq() uint64 {
	r.mu.Lock()
	defer r.mu.Unlock()
	return r.next
}

// droppedCount is how many items were dropped to stay within the bounds.
func (r *ring[T]) droppedCount() uint64 {
	r.mu.Lock()
	defer r.mu.Unlock()
	return r.dropped
}

// clear forgets every entry and gives the storage back.
func (r *ring[T]) clear() {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.items, r.sizes = nil, nil
	r.head, r.n, r.bytes = 0, 0, 0
}
