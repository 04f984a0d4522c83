package sim

import (
	"testing"

	"github.com/pasyans/pasyans/engine"
)

// TestScratchCopyOf checks the clone buffer the strategies reuse: a copy
// equals its source, stays independent of it, and once the buffer holds a
// game of the kind, refilling it allocates nothing.
func TestScratchCopyOf(t *testing.T) {
	for _, spec := range engine.Catalog() {
		g, err := spec.New(11, nil)
		if err != nil {
			t.Fatal(err)
		}
		var s scratch
		c := s.copyOf(g)
		if c == g || c.Hash() != g.Hash() {
			t.Fatalf("%s: copyOf did not return an equal copy", spec.ID)
		}
		var buf [256]engine.Move
		h := g.Hash()
		if legal := c.LegalMoves(buf[:0]); len(legal) > 0 {
			if err := c.Apply(legal[len(legal)-1]); err != nil {
				t.Fatal(err)
			}
		}
		if g.Hash() != h {
			t.Errorf("%s: moving the copy changed the source", spec.ID)
		}
		if c2 := s.copyOf(g); c2.Hash() != h {
			t.Errorf("%s: refilled buffer differs from the source", spec.ID)
		}
		if n := testing.AllocsPerRun(10, func() { s.copyOf(g) }); n != 0 {
			t.Errorf("%s: refilling the buffer allocates %.0f times", spec.ID, n)
		}
	}
}
