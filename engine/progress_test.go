package engine

import (
	"slices"
	"testing"
)

// TestProgressMoves checks the ProgressMover contract for every game that
// implements it, with the default options and each variant value: at every
// position of playouts that favour progress moves (so that they reach late
// positions and wins), ProgressMoves lists exactly the foundation plays and
// pair removals of LegalMoves, in the same order.
func TestProgressMoves(t *testing.T) {
	deals := 200
	if testing.Short() {
		deals = 40
	}
	implemented := 0
	for _, spec := range implementedSpecs(t) {
		if _, ok := newDefault(t, spec).(ProgressMover); !ok {
			continue
		}
		implemented++
		for _, opts := range variantOptions(spec) {
			var legal, want, got []Move
			positions := 0
			for seed := uint64(1); seed <= uint64(deals); seed++ {
				g, err := spec.New(seed, opts)
				if err != nil {
					t.Fatalf("%s %v: New(%d): %v", spec.ID, opts, seed, err)
				}
				pm := g.(ProgressMover)
				r := NewRand(seed)
				for n := 0; n < spec.MaxMoves; n++ {
					legal = g.LegalMoves(legal[:0])
					want = want[:0]
					for _, m := range legal {
						if m.Kind == MoveFoundation || m.Kind == MovePair {
							want = append(want, m)
						}
					}
					got = pm.ProgressMoves(got[:0])
					positions++
					if !slices.Equal(got, want) {
						t.Fatalf("%s %v seed %d move %d: ProgressMoves = %v, want %v\n%s", spec.ID, opts, seed, n, got, want, g)
					}
					if len(legal) == 0 {
						break
					}
					m := legal[r.IntN(len(legal))]
					if len(want) > 0 && r.IntN(4) != 0 {
						m = want[r.IntN(len(want))]
					}
					if err := g.Apply(m); err != nil {
						t.Fatalf("%s: Apply(%v): %v", spec.ID, m, err)
					}
				}
			}
			if positions < deals {
				t.Errorf("%s %v: only %d positions checked", spec.ID, opts, positions)
			}
		}
	}
	if implemented == 0 {
		t.Fatal("no game implements ProgressMover")
	}
}

// newDefault returns deal 1 of spec with the default options.
func newDefault(t *testing.T, s *Spec) Game {
	t.Helper()
	g, err := s.New(1, nil)
	if err != nil {
		t.Fatalf("%s: New(1): %v", s.ID, err)
	}
	return g
}

// TestRedAndBlackWant checks that the foundations' wants and the tops'
// keys red-and-black keeps for move generation equal those read from the
// piles, at every position of random playouts of every variant.
func TestRedAndBlackWant(t *testing.T) {
	spec, err := Lookup("red-and-black")
	if err != nil {
		t.Fatal(err)
	}
	for _, opts := range variantOptions(spec) {
		var legal []Move
		for seed := uint64(1); seed <= 40; seed++ {
			g, err := spec.New(seed, opts)
			if err != nil {
				t.Fatal(err)
			}
			rb := g.(*redAndBlack)
			r := NewRand(seed)
			for n := 0; n < spec.MaxMoves; n++ {
				if rb.want != rb.wanted() {
					t.Fatalf("%v seed %d move %d: kept want %x, foundations want %x", opts, seed, n, rb.want, rb.wanted())
				}
				if rb.heights != rb.heightsWord() {
					t.Fatalf("%v seed %d move %d: kept heights %x, foundations %x", opts, seed, n, rb.heights, rb.heightsWord())
				}
				fresh := *rb
				fresh.retopAll()
				if rb.topKey != fresh.topKey || rb.byKey != fresh.byKey || rb.wantTops != fresh.wantTops {
					t.Fatalf("%v seed %d move %d: kept tops %v %v %b, from the piles %v %v %b", opts, seed, n, rb.topKey, rb.byKey, rb.wantTops, fresh.topKey, fresh.byKey, fresh.wantTops)
				}
				if rb.topWant != fresh.topWant || rb.byWant != fresh.byWant || rb.shifts != fresh.shifts {
					t.Fatalf("%v seed %d move %d: kept shifts %v %v %x, from the piles %v %v %x", opts, seed, n, rb.topWant, rb.byWant, rb.shifts, fresh.topWant, fresh.byWant, fresh.shifts)
				}
				if !rb.r.sequence {
					got := rb.appendShifts(nil)
					want := rb.appendShiftsScan(nil)
					if !slices.Equal(got, want) {
						t.Fatalf("%v seed %d move %d: shifts %v, the piles give %v", opts, seed, n, got, want)
					}
				}
				if n%32 == 0 {
					c := g.Clone().(*redAndBlack)
					c.Determinize(NewRand(seed))
					if c.want != c.wanted() {
						t.Fatalf("%v seed %d move %d: want after Determinize %x, foundations want %x", opts, seed, n, c.want, c.wanted())
					}
				}
				legal = g.LegalMoves(legal[:0])
				if len(legal) == 0 {
					break
				}
				if err := g.Apply(legal[r.IntN(len(legal))]); err != nil {
					t.Fatal(err)
				}
			}
		}
	}
}

// TestProgressAfter checks the ProgressPeeker contract for every game and
// variant that has it: at every position of random playouts, for every
// legal move it handles, ProgressAfter lists what ProgressMoves lists on a
// copy after the move, g is unchanged, and the target piles of the moves
// listed (but pair removals) are unchanged by the move.
func TestProgressAfter(t *testing.T) {
	deals := 200
	if testing.Short() {
		deals = 40
	}
	implemented := 0
	for _, spec := range implementedSpecs(t) {
		if _, ok := newDefault(t, spec).(ProgressPeeker); !ok {
			continue
		}
		implemented++
		for _, opts := range variantOptions(spec) {
			var legal, want, got []Move
			var before, after []Card
			handled := 0
			for seed := uint64(1); seed <= uint64(deals); seed++ {
				g, err := spec.New(seed, opts)
				if err != nil {
					t.Fatalf("%s %v: New(%d): %v", spec.ID, opts, seed, err)
				}
				r := NewRand(seed)
				for n := 0; n < spec.MaxMoves; n++ {
					legal = g.LegalMoves(legal[:0])
					if len(legal) == 0 {
						break
					}
					h := g.Hash()
					for _, m := range legal {
						var ok bool
						got, ok = g.(ProgressPeeker).ProgressAfter(m, got[:0])
						if g.Hash() != h {
							t.Fatalf("%s %v seed %d move %d: ProgressAfter(%v) changed the game", spec.ID, opts, seed, n, m)
						}
						if !ok {
							if len(got) != 0 {
								t.Fatalf("%s: ProgressAfter(%v) appended moves and reported false", spec.ID, m)
							}
							continue
						}
						handled++
						c := g.Clone()
						if err := c.Apply(m); err != nil {
							t.Fatalf("%s: Apply(%v): %v", spec.ID, m, err)
						}
						want = c.(ProgressMover).ProgressMoves(want[:0])
						if !slices.Equal(got, want) {
							t.Fatalf("%s %v seed %d move %d: ProgressAfter(%v) = %v, want %v\n%s", spec.ID, opts, seed, n, m, got, want, g)
						}
						for _, x := range got {
							if x.Kind == MovePair {
								continue // no target: both cards go out
							}
							before = g.Pile(before[:0], int(x.To))
							after = c.Pile(after[:0], int(x.To))
							if !slices.Equal(before, after) {
								t.Fatalf("%s seed %d move %d: %v changes pile %d, the target of %v", spec.ID, seed, n, m, x.To, x)
							}
						}
					}
					if err := g.Apply(legal[r.IntN(len(legal))]); err != nil {
						t.Fatalf("%s: Apply: %v", spec.ID, err)
					}
				}
			}
			if handled < deals {
				t.Errorf("%s %v: only %d moves handled", spec.ID, opts, handled)
			}
		}
	}
	if implemented == 0 {
		t.Fatal("no game implements ProgressPeeker")
	}
}
