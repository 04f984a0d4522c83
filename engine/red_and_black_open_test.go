package engine

import "testing"

// rbAllVariants returns the options of every combination of Red and
// Black's variants.
func rbAllVariants() []Options {
	var out []Options
	for _, moves := range []string{"single", "sequence"} {
		for _, redeal := range []string{"unshuffled", "shuffled"} {
			out = append(out, Options{"moves": moves, "redeal": redeal})
		}
	}
	return out
}

// TestNoOpenings checks the OpeningTeller contract of Red and Black at
// every position of random playouts of every variant: when NoOpenings
// reports true, ProgressCountAfter counts (0, true) for every legal
// tableau move. It checks that the answer is not vacuous (true at many
// positions, and some move opens a play at others), and that the
// foundation plays are listed before every other move.
func TestNoOpenings(t *testing.T) {
	spec, err := Lookup("red-and-black")
	if err != nil {
		t.Fatal(err)
	}
	deals := 40
	if testing.Short() {
		deals = 10
	}
	for _, opts := range rbAllVariants() {
		yes, opening, positions := 0, 0, 0
		randomPlayouts(t, spec, opts, deals, func(seed uint64, ply int, g Game, legal []Move) {
			rb := g.(*redAndBlack)
			positions++
			before := g.Hash()
			none := rb.NoOpenings()
			if g.Hash() != before {
				t.Fatalf("%v seed %d ply %d: NoOpenings changed the game", opts, seed, ply)
			}
			if none {
				yes++
			}
			// The foundation plays come first (the book's red-and-black
			// advice in package sim stops its scan for them at the
			// first other move).
			for i := 1; i < len(legal); i++ {
				if legal[i].Kind == MoveFoundation && legal[i-1].Kind != MoveFoundation {
					t.Fatalf("%v seed %d ply %d: a foundation play after another move: %v", opts, seed, ply, legal)
				}
			}
			opens := false
			for i := range legal {
				if !isTableauKind(legal[i].Kind) {
					continue
				}
				n, ok := rb.ProgressCountAfter(&legal[i])
				if none && (!ok || n != 0) {
					t.Fatalf("%v seed %d ply %d: NoOpenings, but ProgressCountAfter(%v) = %d, %v\n%s", opts, seed, ply, legal[i], n, ok, g)
				}
				opens = opens || n > 0
			}
			if opens {
				opening++
			}
		})
		t.Logf("%v: NoOpenings at %d of %d positions, a move opens a play at %d", opts, yes, positions, opening)
		if opts["moves"] == "single" && yes < positions/4 {
			t.Errorf("%v: NoOpenings at only %d of %d positions", opts, yes, positions)
		}
		if opening == 0 {
			t.Errorf("%v: no position where a move opens a play", opts)
		}
	}
}

// isTableauKind reports whether a move kind rearranges visible cards (the
// kinds of OpeningTeller's contract).
func isTableauKind(k MoveKind) bool {
	switch k {
	case MoveBuild, MoveFill, MoveReserve, MoveTransfer:
		return true
	}
	return false
}

// TestRBRows checks rbRows against a loop over the rows of the shift
// matrix at every position of random playouts of every variant.
func TestRBRows(t *testing.T) {
	spec, err := Lookup("red-and-black")
	if err != nil {
		t.Fatal(err)
	}
	for _, opts := range rbAllVariants() {
		randomPlayouts(t, spec, opts, 10, func(seed uint64, ply int, g Game, legal []Move) {
			rb := g.(*redAndBlack)
			var rows uint8
			for j := 0; j < 8; j++ {
				if rb.shifts>>(8*j)&0xFF != 0 {
					rows |= 1 << j
				}
			}
			if got := rbRows(rb.shifts); got != rows {
				t.Fatalf("%v seed %d ply %d: rbRows(%x) = %08b, want %08b", opts, seed, ply, rb.shifts, got, rows)
			}
		})
	}
	for _, m := range []uint64{0, 1, 0x80, 0x100, 1 << 63, 0xFF00FF00FF00FF00, ^uint64(0), 0x0101010101010101} {
		var rows uint8
		for j := 0; j < 8; j++ {
			if m>>(8*j)&0xFF != 0 {
				rows |= 1 << j
			}
		}
		if got := rbRows(m); got != rows {
			t.Errorf("rbRows(%x) = %08b, want %08b", m, got, rows)
		}
	}
}
