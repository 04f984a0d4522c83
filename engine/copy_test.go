package engine

import (
	"slices"
	"testing"
)

// TestCopyFrom checks that a copy made with CopyFrom equals a Clone and
// stays independent of its source.
func TestCopyFrom(t *testing.T) {
	specs := Catalog()
	for k, spec := range specs {
		g, err := spec.New(3, nil)
		if err != nil {
			t.Fatal(err)
		}
		var buf [256]Move
		for i := 0; i < 10; i++ { // play into the game a little
			legal := g.LegalMoves(buf[:0])
			if len(legal) == 0 {
				break
			}
			if err := g.Apply(legal[len(legal)-1]); err != nil {
				t.Fatal(err)
			}
		}
		other, err := specs[(k+1)%len(specs)].New(4, nil)
		if err != nil {
			t.Fatal(err)
		}
		dst, err := spec.New(9, nil)
		if err != nil {
			t.Fatal(err)
		}
		c := dst
		before := dst.Hash()
		if c.CopyFrom(other) {
			t.Errorf("%s: CopyFrom accepted a %s state", spec.ID, other.ID())
		}
		if dst.Hash() != before {
			t.Errorf("%s: a refused CopyFrom changed the state", spec.ID)
		}
		if !c.CopyFrom(g) {
			t.Fatalf("%s: CopyFrom refused a state of its own game", spec.ID)
		}
		if dst.Hash() != g.Hash() || dst.String() != g.Clone().String() {
			t.Errorf("%s: CopyFrom differs from Clone", spec.ID)
		}
		h := g.Hash()
		legal := dst.LegalMoves(buf[:0])
		if len(legal) > 0 {
			if err := dst.Apply(legal[0]); err != nil {
				t.Fatal(err)
			}
			if g.Hash() != h {
				t.Errorf("%s: moving the copy changed the source", spec.ID)
			}
		}
	}
}

// TestSortCards checks the set-based sort of determinize against a
// comparison sort, including the fallback for repeated values.
func TestSortCards(t *testing.T) {
	r := NewRand(1)
	for n := 0; n <= 2*CardsPerDeck; n++ {
		d := NewDeck(2)
		r.Shuffle(d)
		cs := d[:n]
		want := slices.Clone(cs)
		slices.Sort(want)
		sortCards(cs)
		if !slices.Equal(cs, want) {
			t.Fatalf("n=%d: got %v, want %v", n, cs, want)
		}
	}
	dup := []Card{5, NoCard, 3, 5, 0}
	sortCards(dup)
	if !slices.Equal(dup, []Card{0, 3, 5, 5, NoCard}) {
		t.Errorf("with a repeated card: got %v", dup)
	}
}

// TestCardTables checks the lookup tables of Rank, Suit and Color against
// the arithmetic for every byte value.
func TestCardTables(t *testing.T) {
	for i := 0; i < 256; i++ {
		c := Card(i)
		if got, want := c.Rank(), Rank(c%NumRanks)+1; got != want {
			t.Errorf("Card(%d).Rank() = %d, want %d", i, got, want)
		}
		s := Suit((c % CardsPerDeck) / NumRanks)
		if c.Suit() != s || c.Color() != s.Color() {
			t.Errorf("Card(%d): Suit %d Color %d, want %d %d", i, c.Suit(), c.Color(), s, s.Color())
		}
	}
}
