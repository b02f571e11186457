package lint

import (
	"context"
	"fmt"
	"math/rand/v2"
	"slices"
	"strconv"
	"testing"
)

// pairwiseSimilar is the rule as it was first written, an edit distance
// between every pair: the reference the index must agree with.
func pairwiseSimilar(tools []Tool) [][2]int {
	var out [][2]int
	for i, a := range tools {
		for j := i + 1; j < len(tools); j++ {
			if similar(a.Name, tools[j].Name) {
				out = append(out, [2]int{i, j})
			}
		}
	}
	return out
}

// nearNames makes names that collide a lot: few letters, separators and
// case changes, lengths around the 5-character floor, duplicates, and a few
// non-ASCII runes, so every branch of similar is met.
func nearNames(n int, seed uint64) []Tool {
	r := rand.New(rand.NewPCG(seed, 1))
	alphabet := []rune("abAB_-.é")
	tools := make([]Tool, n)
	for i := range tools {
		name := make([]rune, 3+r.IntN(5))
		for k := range name {
			name[k] = alphabet[r.IntN(len(alphabet))]
		}
		tools[i] = Tool{Name: string(name)}
	}
	return tools
}

func TestSimilarPairsAgreeWithEveryPair(t *testing.T) {
	for _, tt := range []struct {
		name  string
		tools []Tool
	}{
		{"spec examples", []Tool{{Name: "get_user"}, {Name: "get_users"}, {Name: "getUser"}, {Name: "list_users"}, {Name: "add"}, {Name: "and"}, {Name: "get_user"}}},
		{"colliding names", nearNames(400, 1)},
		{"colliding names, other seed", nearNames(400, 2)},
		{"generated list", manyTools(300)},
	} {
		t.Run(tt.name, func(t *testing.T) {
			got, err := similarPairs(context.Background(), tt.tools)
			if err != nil {
				t.Fatal(err)
			}
			want := pairwiseSimilar(tt.tools)
			if !slices.Equal(got, want) {
				t.Errorf("index found %d pairs, every-pair comparison %d; first difference: %v", len(got), len(want), firstDiff(got, want))
			}
		})
	}
}

func firstDiff(a, b [][2]int) string {
	for i := range min(len(a), len(b)) {
		if a[i] != b[i] {
			return fmt.Sprintf("at %d: %v vs %v", i, a[i], b[i])
		}
	}
	return "one is a prefix of the other"
}

// A name longer than any model API takes is not compared for one edit (it
// is an error of its own, name-chars); equal-but-for-case still is.
func TestSimilarSkipsNamesNoModelTakes(t *testing.T) {
	long := ""
	for range 70 {
		long += "a"
	}
	tools := []Tool{{Name: long}, {Name: long + "b"}, {Name: "X" + long}, {Name: "x" + long}}
	got, _ := similarPairs(context.Background(), tools)
	if want := [][2]int{{2, 3}}; !slices.Equal(got, want) {
		t.Errorf("pairs = %v, want %v", got, want)
	}
}

func TestWithinOneEdit(t *testing.T) {
	for _, tt := range []struct{ a, b string }{
		{"", ""}, {"abc", ""}, {"kitten", "sitting"}, {"getuser", "getusers"}, {"flaw", "lawn"},
		{"ab", "ba"}, {"abcde", "abXde"}, {"abcde", "bcde"}, {"héllo", "hello"}, {"a", "a"}, {"abc", "abd"},
	} {
		if got, want := withinOneEdit(tt.a, tt.b), editDistance(tt.a, tt.b) <= 1; got != want {
			t.Errorf("withinOneEdit(%q, %q) = %v, want %v", tt.a, tt.b, got, want)
		}
	}
}

// errAfter is a context whose Err turns to Canceled on its n-th call and
// records every call after that: how long a rule goes on once asked to stop
// is counted in checks, not timed.
type errAfter struct {
	context.Context
	n, calls, after int
}

func (c *errAfter) Err() error {
	c.calls++
	if c.calls >= c.n {
		c.after++
		return context.Canceled
	}
	return nil
}

func TestRunContextStopsWhenCancelled(t *testing.T) {
	s := Surface{Server: "big", Tools: manyTools(5000)}
	for _, n := range []int{1, 3, 7, 10} {
		ctx := &errAfter{Context: context.Background(), n: n}
		rep, err := RunContext(ctx, s)
		if err != context.Canceled {
			t.Fatalf("cancelled at check %d: err = %v, want context.Canceled", n, err)
		}
		if len(rep.Findings) != 0 {
			t.Errorf("cancelled at check %d: a report of %d findings, want none", n, len(rep.Findings))
		}
		if ctx.after != 1 {
			t.Errorf("cancelled at check %d: asked %d times after the cancel, want it to stop at once", n, ctx.after)
		}
	}
	if _, err := RunContext(context.Background(), Surface{Tools: manyTools(50)}); err != nil {
		t.Fatalf("not cancelled: %v", err)
	}
}

// manyTools is a generated server with n tools named like real ones
// (verb_noun_N), some of them one edit apart.
func manyTools(n int) []Tool {
	verbs := []string{"get", "list", "create", "update", "delete", "search", "find", "set"}
	nouns := []string{"user", "users", "issue", "issues", "file", "repo", "branch", "comment"}
	tools := make([]Tool, n)
	for i := range tools {
		name := verbs[i%len(verbs)] + "_" + nouns[(i/len(verbs))%len(nouns)]
		if i >= len(verbs)*len(nouns) {
			name += "_" + strconv.Itoa(i)
		}
		tools[i] = tool(name)
	}
	return tools
}

func benchmarkRun(b *testing.B, n int) {
	s := Surface{Server: "big", Tools: manyTools(n)}
	b.ReportAllocs()
	for b.Loop() {
		Run(s)
	}
}

func BenchmarkRun2000Tools(b *testing.B) { benchmarkRun(b, 2000) }
func BenchmarkRun5000Tools(b *testing.B) { benchmarkRun(b, 5000) }
