package engine

import (
	"slices"
	"testing"
)

// zoAllVariants is every combination of the Zodiac's variant values.
var zoAllVariants = []Options{
	nil,
	{"phase2-marriages": "equator"},
	{"equator-marriages": "off"},
	{"phase2-marriages": "equator", "equator-marriages": "off"},
}

// zoReferenceMoves lists the legal moves of g from its piles alone, as
// LegalMoves listed them before it read the kept facts: in phase two the
// foundation plays of each Equator card and Zodiac top in pile order (ace
// foundation first), then the Equator marriages if the variant allows
// them; in phase one the talon's marriages, the Equator marriages cell by
// cell, the fills of the empty cells and the draw or re-deal. Marriage
// targets come in pile order.
func zoReferenceMoves(g *zodiac) []Move {
	var out []Move
	marriages := func(src int) {
		c := g.lay.top(src)
		if c == NoCard {
			return
		}
		for z := zoZ0; z < zoZ0+zoZN; z++ {
			if zoMarries(c, g.lay.top(z)) {
				out = append(out, Move{Kind: MoveBuild, From: uint8(src), To: uint8(z), Card: c, Card2: NoCard, Rule: zoRuleI})
			}
		}
	}
	if g.phase2() {
		for src := zoE0; src < zoZ0+zoZN; src++ {
			c := g.lay.top(src)
			if c == NoCard {
				continue
			}
			for _, f := range []int{zoFA + int(c.Suit()), zoFK + int(c.Suit())} {
				if g.accepts(f, c) {
					out = append(out, Move{Kind: MoveFoundation, From: uint8(src), To: uint8(f), Card: c, Card2: NoCard, Rule: zoRuleII})
				}
			}
		}
		if g.r.eqMarriages && g.r.p2Marriages {
			for e := zoE0; e < zoE0+8; e++ {
				marriages(e)
			}
		}
		return out
	}
	marriages(zoTalon)
	if g.r.eqMarriages {
		for e := zoE0; e < zoE0+8; e++ {
			marriages(e)
		}
	}
	for e := zoE0; e < zoE0+8; e++ {
		if !g.lay.empty(e) {
			continue
		}
		if c := g.lay.top(zoTalon); c != NoCard {
			out = append(out, Move{Kind: MoveFill, From: zoTalon, To: uint8(e), Card: c, Card2: NoCard, Rule: zoRuleFill})
		} else {
			out = append(out, Move{Kind: MoveFill, From: zoStock, To: uint8(e), Card: NoCard, Card2: NoCard, Rule: zoRuleFill})
		}
	}
	if !g.lay.empty(zoStock) {
		out = append(out, zoDrawMove)
	} else if g.placed {
		out = append(out, zoRedealMove)
	}
	return out
}

// TestZodiacKeptState compares the facts the Zodiac keeps for its move
// generation (keys, eqMarry, eqAny; see zodiac_moves.go) with those
// computed from the piles, the legal moves and foundation plays with the
// reference listing, and the talon's kept links and the view hash with
// the links of every pile shown, at every position of random playouts of
// every variant. The view hash is first asked for at a ply that depends
// on the deal, so that the talon's links start being kept at all sorts
// of positions.
func TestZodiacKeptState(t *testing.T) {
	deals := 300
	if testing.Short() {
		deals = 60
	}
	phase2 := 0
	for _, opts := range zoAllVariants {
		randomPlayouts(t, zodiacSpec(), opts, deals, func(seed uint64, ply int, gg Game, legal []Move) {
			g := gg.(*zodiac)
			want := *g
			want.indexTops()
			if want.keys != g.keys || want.eqMarry != g.eqMarry || want.eqAny != g.eqAny {
				t.Fatalf("%v seed %d move %d: kept keys %x eqMarry %x eqAny %b, piles give %x %x %b\n%s", opts, seed, ply,
					g.keys, g.eqMarry, g.eqAny, want.keys, want.eqMarry, want.eqAny, g)
			}
			if ply >= int(seed%64) {
				lay := g.lay
				lay.linked = ^uint64(1 << zoStock)
				lay.relinkAll()
				flags := uint64(g.redeals)<<1 | uint64(g.lay.size(zoStock))<<32
				if g.placed {
					flags |= 1
				}
				if got, want := g.ViewHash(), viewHash(lay.links, flags); got != want {
					t.Fatalf("%v seed %d move %d: ViewHash %x, the links of every pile shown give %x\n%s", opts, seed, ply, got, want, g)
				}
				if want := zoPileLinks(&g.lay, zoTalon); !g.talonKept || g.talonLinks != want {
					t.Fatalf("%v seed %d move %d: talon links kept %v %x, want %x", opts, seed, ply, g.talonKept, g.talonLinks, want)
				}
			}
			if ref := zoReferenceMoves(g); !slices.Equal(legal, ref) {
				t.Fatalf("%v seed %d move %d: LegalMoves %v, reference %v\n%s", opts, seed, ply, legal, ref, g)
			}
			var progress []Move
			for _, m := range legal {
				if m.Kind == MoveFoundation {
					progress = append(progress, m)
				}
			}
			if got := g.ProgressMoves(nil); !slices.Equal(got, progress) {
				t.Fatalf("%v seed %d move %d: ProgressMoves %v, want %v\n%s", opts, seed, ply, got, progress, g)
			}
			if len(progress) > 0 {
				phase2++
			}
		})
	}
	if phase2 == 0 {
		t.Fatal("no playout reached a foundation play: phase two untested")
	}
}

// TestZodiacInwardMarriages compares InwardMarriages with the ranks of
// the cards each marriage lays and covers (read with PileTop) at every
// position of random playouts of every variant.
func TestZodiacInwardMarriages(t *testing.T) {
	deals := 200
	if testing.Short() {
		deals = 40
	}
	dist := func(c Card) int { return min(int(c.Rank())-1, 13-int(c.Rank())) }
	inward, outward := 0, 0
	for _, opts := range zoAllVariants {
		randomPlayouts(t, zodiacSpec(), opts, deals, func(seed uint64, ply int, gg Game, legal []Move) {
			g := gg.(*zodiac)
			var want uint64
			for i, m := range legal {
				if m.Kind != MoveBuild {
					continue
				}
				if dist(m.Card) > dist(g.PileTop(int(m.To))) {
					want |= 1 << i
					inward++
				} else {
					outward++
				}
			}
			if got := g.InwardMarriages(legal); got != want {
				t.Fatalf("%v seed %d move %d: InwardMarriages %b, want %b\n%v\n%s", opts, seed, ply, got, want, legal, g)
			}
		})
	}
	if inward == 0 || outward == 0 {
		t.Fatalf("%d inward and %d outward marriages listed", inward, outward)
	}
}
