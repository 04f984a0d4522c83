package engine

import "testing"

// npKept is the state Apply keeps beyond the piles (all but fresh, which
// DeadEnd clears).
type npKept struct {
	colRanks        [npCols]uint32
	left            [NumRanks + 1]uint8
	two             uint16
	showing         [16]uint16
	shown, shownCol uint64
	inCol           [16]uint8
	key             Key
}

func npKeptOf(g *napoleon) npKept {
	return npKept{g.colRanks, g.left, g.two, g.showing, g.shown, g.shownCol, g.inCol, g.key}
}

// npCanonical is the canonical form the search key hashes, computed from
// the piles alone: the columns' rank words (top first) sorted, the open
// reserve's ranks sorted, the ordered reserve's rank word.
type npCanonical struct {
	cols  [npCols]uint64
	res   [npReserve]uint64
	stock uint64
}

func npCanonicalOf(g *napoleon) npCanonical {
	var f npCanonical
	for p := 0; p < npCols; p++ {
		for c, k := g.lay.top(p), 0; c != NoCard; c, k = g.lay.below[c], k+1 {
			f.cols[p] |= uint64(c.Rank()) << (4 * k)
		}
	}
	sort8(&f.cols)
	for i := range f.res {
		if c := g.lay.top(npRes + i); c != NoCard {
			f.res[i] = uint64(c.Rank())
		}
	}
	sortWords(f.res[:])
	for c, k := g.lay.top(npStock), 0; c != NoCard; c, k = g.lay.below[c], k+1 {
		f.stock |= uint64(c.Rank()) << (4 * k)
	}
	return f
}

// TestNapoleonKeptState plays random games of every variant, now and then
// shuffling the face-down reserve (Determinize), and checks after each
// move that the state Apply keeps (engine/napoleon_kept.go, and the
// column ranks and cards left of each rank) is what derive computes from
// the piles, the key too once SearchKey has been asked for (at a random
// move), and that the legal moves read from it are those listed from the
// available cards (appendPairs).
func TestNapoleonKeptState(t *testing.T) {
	variants := []Options{nil, {"reserve": "ordered"}, {"reserve-in-need": "off"}, {"deal": "plain"},
		{"reserve": "ordered", "reserve-in-need": "off", "deal": "plain"}, {"rectification-fallback": "restart"}}
	for _, opts := range variants {
		rng := NewRand(5)
		randomPlayouts(t, napoleonSpec(), opts, 300, func(seed uint64, ply int, gg Game, legal []Move) {
			g := gg.(*napoleon)
			if rng.IntN(8) == 0 {
				g.Determinize(rng)
			}
			if g.mix == nil && rng.IntN(4) == 0 {
				g.SearchKey() // the key is kept from now on
			}
			want := *g
			want.derive()
			if g.mix == nil {
				want.key = Key{} // not kept yet
			}
			if got, w := npKeptOf(g), npKeptOf(&want); got != w {
				t.Fatalf("%v seed %d move %d: kept %+v\npiles give %+v", opts, seed, ply, got, w)
			}
			var av npAvail
			g.avails(&av)
			ref := g.appendPairs(nil, &av)
			pairs := g.appendKeptPairs(nil)
			if len(ref) != len(pairs) {
				t.Fatalf("%v seed %d move %d: pairs %v, from the available cards %v", opts, seed, ply, pairs, ref)
			}
			for i := range ref {
				if ref[i] != pairs[i] {
					t.Fatalf("%v seed %d move %d: pairs %v, from the available cards %v", opts, seed, ply, pairs, ref)
				}
			}
		})
	}
}

// TestNapoleonKeyCanonical checks that the kept key tells states apart
// exactly as their canonical form does: it walks every state of the first
// moves of deals of each reserve variant (the same state is reached by
// pairs made in different orders, and states of one form by different
// pairs) and checks that each canonical form has one key and each key one
// form.
func TestNapoleonKeyCanonical(t *testing.T) {
	for _, opts := range []Options{nil, {"reserve": "ordered"}, {"deal": "plain"}} {
		byForm := map[npCanonical]Key{}
		byKey := map[Key]npCanonical{}
		again := 0
		for seed := uint64(1); seed <= 40; seed++ {
			g0, err := napoleonSpec().New(seed, opts)
			if err != nil {
				t.Fatal(err)
			}
			stack := []*napoleon{g0.(*napoleon)}
			for n := 0; len(stack) > 0 && n < 3000; n++ {
				g := stack[len(stack)-1]
				stack = stack[:len(stack)-1]
				f, k := npCanonicalOf(g), g.SearchKey()
				if k2, ok := byForm[f]; ok {
					again++
					if k2 != k {
						t.Fatalf("%v seed %d: one canonical form, two keys\n%s", opts, seed, g)
					}
					continue
				}
				if f2, ok := byKey[k]; ok && f2 != f {
					t.Fatalf("%v seed %d: one key, two canonical forms %v %v", opts, seed, f, f2)
				}
				byForm[f], byKey[k] = k, f
				for _, m := range g.LegalMoves(nil) {
					c := g.Clone().(*napoleon)
					if err := c.Apply(m); err != nil {
						t.Fatal(err)
					}
					stack = append(stack, c)
				}
			}
		}
		if again < 1000 {
			t.Fatalf("%v: a canonical form met again only %d times: the test does not exercise the key", opts, again)
		}
		t.Logf("%v: %d forms, met again %d times", opts, len(byForm), again)
	}
}

// TestNapoleonKeySymmetry checks that swapping two columns, or two
// reserve slots, or cards of one rank between suits, leaves the key as it
// was, and that taking a pair out changes it.
func TestNapoleonKeySymmetry(t *testing.T) {
	a := npPosition(t, nil, [8]string{"5♠ K♥", "7♦ 8♣", "", "9♥", "A♠", "", "Q♦ J♣", "2♥"}, [4]string{"3♣", "", "4♦", ""})
	b := npPosition(t, nil, [8]string{"Q♣ J♦", "A♥", "5♥ K♠", "", "", "2♠", "9♠", "7♥ 8♦"}, [4]string{"", "4♣", "", "3♦"})
	if a.SearchKey() != b.SearchKey() {
		t.Fatal("the same position up to suits, columns and slots: two keys")
	}
	c := npPosition(t, nil, [8]string{"5♠ K♥", "7♦ 8♣", "", "9♥", "A♠", "", "Q♦ J♣", "2♥"}, [4]string{"3♣", "", "", "4♦"})
	if a.SearchKey() != c.SearchKey() {
		t.Fatal("reserve slots swapped: two keys")
	}
	d := npPosition(t, nil, [8]string{"K♥ 5♠", "7♦ 8♣", "", "9♥", "A♠", "", "Q♦ J♣", "2♥"}, [4]string{"3♣", "", "4♦", ""})
	if a.SearchKey() == d.SearchKey() {
		t.Fatal("a column's order changed: the same key")
	}
}

// sort8 sorts eight words in place with Batcher's odd–even merge network
// (19 compare-exchanges without branches; insertion sort mispredicts).
func sort8(w *[8]uint64) {
	a0, a1, a2, a3, a4, a5, a6, a7 := w[0], w[1], w[2], w[3], w[4], w[5], w[6], w[7]
	a0, a1 = min(a0, a1), max(a0, a1)
	a2, a3 = min(a2, a3), max(a2, a3)
	a4, a5 = min(a4, a5), max(a4, a5)
	a6, a7 = min(a6, a7), max(a6, a7)
	a0, a2 = min(a0, a2), max(a0, a2)
	a1, a3 = min(a1, a3), max(a1, a3)
	a4, a6 = min(a4, a6), max(a4, a6)
	a5, a7 = min(a5, a7), max(a5, a7)
	a1, a2 = min(a1, a2), max(a1, a2)
	a5, a6 = min(a5, a6), max(a5, a6)
	a0, a4 = min(a0, a4), max(a0, a4)
	a1, a5 = min(a1, a5), max(a1, a5)
	a2, a6 = min(a2, a6), max(a2, a6)
	a3, a7 = min(a3, a7), max(a3, a7)
	a2, a4 = min(a2, a4), max(a2, a4)
	a3, a5 = min(a3, a5), max(a3, a5)
	a1, a2 = min(a1, a2), max(a1, a2)
	a3, a4 = min(a3, a4), max(a3, a4)
	a5, a6 = min(a5, a6), max(a5, a6)
	*w = [8]uint64{a0, a1, a2, a3, a4, a5, a6, a7}
}
