package lint

import (
	"context"
	"hash/maphash"
	"slices"
	"strconv"
	"unicode/utf8"
)

// maxCompared is the longest name, in runes after normalising, that the
// one-edit rule compares. Model APIs take names of at most 64 characters
// (the name-chars rule reports longer ones as errors), so a model never
// sees two longer names to mix up; and a bound here keeps a hostile list
// of huge names from costing time and memory in their square.
const maxCompared = 64

// similarPairs returns the index pairs (i < j, in the order a loop over
// every pair would meet them) of tools whose names similar reports, in time
// near linear in the number of tools instead of an edit distance between
// every pair:
//   - names equal once normalised are found through a map of the
//     normalised names;
//   - two different names within one edit of each other share a "deletion
//     key": a name with one rune deleted (or the name itself). Each name of
//     at most maxCompared runes files one hash per key; names whose hashes
//     meet are candidates, checked exactly by withinOneEdit.
//
// It stops with ctx's error when ctx is done.
func similarPairs(ctx context.Context, tools []Tool) ([][2]int, error) {
	groups := map[string][]int{} // normalised name → tools
	var order []string           // distinct normalised names, first seen first
	for i, t := range tools {
		n := normalise(t.Name)
		if _, ok := groups[n]; !ok {
			order = append(order, n)
		}
		groups[n] = append(groups[n], i)
	}
	var pairs [][2]int
	add := func(i, j int) {
		if tools[i].Name == tools[j].Name {
			return // the very same name is not two names to mix up
		}
		pairs = append(pairs, [2]int{min(i, j), max(i, j)})
	}
	for _, n := range order {
		sameNameRuns(tools, groups[n], add)
	}
	keys, err := deletionKeys(ctx, order)
	if err != nil {
		return nil, err
	}
	met := map[[2]int]bool{}
	for start := 0; start < len(keys); {
		end := start + 1
		for end < len(keys) && keys[end].hash == keys[start].hash {
			end++
		}
		for a := start; a < end; a++ {
			if a%1024 == 0 {
				if err := ctx.Err(); err != nil {
					return nil, err
				}
			}
			for b := a + 1; b < end; b++ {
				x, y := keys[a].name, keys[b].name
				if x == y || met[[2]int{x, y}] {
					continue
				}
				met[[2]int{x, y}] = true
				if withinOneEdit(order[x], order[y]) {
					for _, i := range groups[order[x]] {
						for _, j := range groups[order[y]] {
							add(i, j)
						}
					}
				}
			}
		}
		start = end
	}
	slices.SortFunc(pairs, func(p, q [2]int) int {
		if p[0] != q[0] {
			return p[0] - q[0]
		}
		return p[1] - q[1]
	})
	return slices.Compact(pairs), nil
}

// sameNameRuns calls add for every pair of tools in one normalised group
// whose names differ (get_user and getUser), without visiting the pairs of
// tools listed twice under one exact name.
func sameNameRuns(tools []Tool, members []int, add func(i, j int)) {
	if len(members) < 2 {
		return
	}
	exact := map[string][]int{}
	var names []string
	for _, i := range members {
		if _, ok := exact[tools[i].Name]; !ok {
			names = append(names, tools[i].Name)
		}
		exact[tools[i].Name] = append(exact[tools[i].Name], i)
	}
	for x := range names {
		for y := x + 1; y < len(names); y++ {
			for _, i := range exact[names[x]] {
				for _, j := range exact[names[y]] {
					add(i, j)
				}
			}
		}
	}
}

type deletionKey struct {
	hash uint64
	name int // index into the distinct normalised names
}

// deletionKeys hashes, for every name of 5 to maxCompared runes, the name
// and each string made by deleting one of its runes; the result is sorted
// by hash so that names sharing a key sit side by side.
func deletionKeys(ctx context.Context, names []string) ([]deletionKey, error) {
	seed := maphash.MakeSeed()
	var keys []deletionKey
	var h maphash.Hash
	h.SetSeed(seed)
	for x, n := range names {
		if x%1024 == 0 {
			if err := ctx.Err(); err != nil {
				return nil, err
			}
		}
		// similar compares byte lengths against 5, runes against maxCompared.
		if len(n) < 5 || utf8.RuneCountInString(n) > maxCompared {
			continue
		}
		h.Reset()
		h.WriteString(n)
		keys = append(keys, deletionKey{h.Sum64(), x})
		for i, r := range n {
			h.Reset()
			h.WriteString(n[:i])
			h.WriteString(n[i+utf8.RuneLen(r):])
			keys = append(keys, deletionKey{h.Sum64(), x})
		}
	}
	slices.SortFunc(keys, func(a, b deletionKey) int {
		switch {
		case a.hash < b.hash:
			return -1
		case a.hash > b.hash:
			return 1
		}
		return a.name - b.name
	})
	return keys, nil
}

// withinOneEdit reports whether a and b are at most one rune's insertion,
// deletion or substitution apart: editDistance(a, b) <= 1 in linear time.
func withinOneEdit(a, b string) bool {
	ra, rb := []rune(a), []rune(b)
	if len(ra) < len(rb) {
		ra, rb = rb, ra
	}
	if len(ra)-len(rb) > 1 {
		return false
	}
	i := 0
	for i < len(rb) && ra[i] == rb[i] {
		i++
	}
	if len(ra) == len(rb) {
		return i == len(ra) || string(ra[i+1:]) == string(rb[i+1:])
	}
	return string(ra[i+1:]) == string(rb[i:])
}

// checkSimilarNames reports each pair of names a model can mix up once,
// on the later tool of the pair.
func checkSimilarNames(ctx context.Context, c *checker, tools []Tool) error {
	pairs, err := similarPairs(ctx, tools)
	if err != nil {
		return err
	}
	for _, p := range pairs {
		a, b := tools[p[0]].Name, tools[p[1]].Name
		c.add("name-similar", KindTool, b, "name", msgOneEditApart, Args{"First": strconv.Quote(a), "Second": strconv.Quote(b)})
	}
	return nil
}
