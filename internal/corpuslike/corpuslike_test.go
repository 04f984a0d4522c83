package corpuslike

import (
	"context"
	"strings"
	"testing"
)

// TestWrite: the text has the size asked for, depends on the seed only,
// carries damage, and in one-paragraph form is one line.
func TestWrite(t *testing.T) {
	gen := func(o Options) string {
		var b strings.Builder
		if err := Write(context.Background(), &b, o); err != nil {
			t.Fatal(err)
		}
		return b.String()
	}
	a, b := gen(Options{Size: 200 << 10, Seed: 1}), gen(Options{Size: 200 << 10, Seed: 1})
	if a != b || len(a) < 200<<10 || len(a) > 210<<10 {
		t.Errorf("size %d, repeatable %v", len(a), a == b)
	}
	if c := gen(Options{Size: 200 << 10, Seed: 2}); c == a {
		t.Error("the seed changes nothing")
	}
	clean := gen(Options{Size: 200 << 10, Seed: 1, DamageRate: 1e-12})
	if clean == a || len(clean) < 200<<10 {
		t.Error("no damage added")
	}
	if one := gen(Options{Size: 100 << 10, Seed: 1, OneParagraph: true}); strings.Count(one, "\n") != 1 {
		t.Errorf("one paragraph has %d lines", strings.Count(one, "\n"))
	}
	if rep := gen(Options{Size: 100 << 10, Repeat: true}); !strings.HasPrefix(rep, "Двадцать четыре") || len(rep) < 100<<10 {
		t.Error("repeat does not start with the corpus")
	}
}
