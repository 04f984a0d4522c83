package sim

import (
	"slices"
	"testing"

	"github.com/pasyans/pasyans/engine"
)

// gamePlayouts calls visit at every position of random playouts of every
// variant of game id (each non-default value alone, and the options of
// extra): deals of each, fewer with -short.
func gamePlayouts(t *testing.T, id string, extra []engine.Options, visit func(opts engine.Options, deal uint64, ply int, g engine.Game, legal []engine.Move)) {
	t.Helper()
	spec, err := engine.Lookup(id)
	if err != nil {
		t.Fatal(err)
	}
	deals := uint64(300)
	if testing.Short() {
		deals = 60
	}
	optsList := append(singleVariants(spec), extra...)
	var legal []engine.Move
	for _, opts := range optsList {
		r := engine.NewRand(11)
		for deal := uint64(0); deal < deals; deal++ {
			g, err := spec.New(deal, opts)
			if err != nil {
				t.Fatal(err)
			}
			for ply := 0; ply < 4*spec.MaxMoves; ply++ {
				legal = g.LegalMoves(legal[:0])
				visit(opts, deal, ply, g, legal)
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

// napoleonPlayouts is gamePlayouts of napoleon, with the two deals that
// may leave a rank twice in a column together with the ordered reserve
// as one more variant.
func napoleonPlayouts(t *testing.T, visit func(opts engine.Options, deal uint64, ply int, g engine.Game, legal []engine.Move)) {
	t.Helper()
	gamePlayouts(t, "napoleon", []engine.Options{{"deal": "plain", "reserve": "ordered", "reserve-in-need": "off"}}, visit)
}

// TestNapoleonCrossGain checks napoleon/S1's gains computed from the
// dealt columns' tables (npTables) against the crossed pairs counted before
// and after from the piles (crossings), for every pair move of a column
// card whose rank no column holding it was dealt with a rank twice, at
// every position of random playouts of every variant of napoleon, with
// tables read at the deal's first position and kept (across deals and
// variants too, as the book keeps them) and with tables read afresh; that
// the tables tell the columns dealt with a rank twice (read from the
// piles of the deal's first position); and the game's readers
// (engine.NapoleonFacts) against the piles.
func TestNapoleonCrossGain(t *testing.T) {
	spec, err := engine.Lookup("napoleon")
	if err != nil {
		t.Fatal(err)
	}
	kinds := make([]engine.PileKind, spec.NumPiles())
	for i := range kinds {
		kinds[i] = spec.PileKind(i)
	}
	var old crossings
	var cards []engine.Card
	var kept npTables
	var dealt [engine.NapoleonColumns]uint32
	var twice uint8 // from the piles of the deal's first position: the columns holding a rank twice
	checked, declined := 0, 0
	napoleonPlayouts(t, func(opts engine.Options, deal uint64, ply int, g engine.Game, legal []engine.Move) {
		nc, ok := g.(engine.NapoleonFacts)
		if !ok {
			t.Fatal("napoleon has no ColumnState")
		}
		var in [16]uint8
		var cols [engine.NapoleonColumns]uint32
		if ply == 0 {
			twice = 0
		}
		for k := 0; k < engine.NapoleonColumns; k++ {
			if kinds[k] != engine.PileTableau {
				t.Fatalf("pile %d is no column", k)
			}
			cards = g.Pile(cards[:0], k)
			var ranks uint16
			for i, c := range cards {
				if ply == 0 && ranks>>c.Rank()&1 != 0 {
					twice |= 1 << k
				}
				ranks |= 1 << c.Rank()
				in[c.Rank()] |= 1 << k
				cols[k] |= uint32(c.Rank()) << (4 * (len(cards) - 1 - i))
			}
		}
		if ply == 0 {
			dealt = cols
		}
		ranks, dealtNow, holding, _ := nc.ColumnState()
		if *ranks != cols || *dealtNow != dealt || *holding != in {
			t.Fatalf("%v deal %d ply %d: the game's columns %x dealt %x by rank %v, the piles' %x %x %v",
				opts, deal, ply, *ranks, *dealtNow, *holding, cols, dealt, in)
		}
		if !kept.of(dealtNow) {
			kept.read(dealtNow)
		}
		if kept.dealt != *dealtNow {
			t.Fatalf("%v deal %d ply %d: tables of %x, the deal's columns %x", opts, deal, ply, kept.dealt, *dealtNow)
		}
		var fresh npTables
		fresh.read(dealtNow)
		for _, x := range []*npTables{&kept, &fresh} {
			if x.twice != twice {
				t.Fatalf("%v deal %d ply %d: the tables' columns dealt with a rank twice %b, the piles' %b", opts, deal, ply, x.twice, twice)
			}
		}
		old.read(g, kinds)
		before := old.count(-1, -1)
		for _, m := range legal {
			if m.Kind != engine.MovePair || m.From >= engine.NapoleonColumns {
				continue
			}
			a := cols[m.From] & 15
			if in[a]&twice != 0 {
				declined++
				continue
			}
			want := before - old.count(old.column(m.From), old.column(m.To))
			for c, x := range []*npTables{&kept, &fresh} {
				got := 0
				if out := npOut(&m); in[a]&^out != 0 {
					got = x.gain(&cols, in[a], a, out)
				}
				if got != want {
					t.Fatalf("%v deal %d ply %d %v: gain %d, want %d (tables %d)\n%v", opts, deal, ply, m, got, want, c, g)
				}
			}
			checked++
		}
	})
	if checked == 0 || declined == 0 {
		t.Fatalf("%d pairs checked, %d declined: want both", checked, declined)
	}
	t.Logf("%d pairs checked, %d declined", checked, declined)
}

// TestNapoleonPairsAfter checks the game's count of the pairs open after
// a pair (engine.NapoleonFacts) against the probe's (on the game wrapped so that
// it has no optional reader) for every pair move at every position of
// random playouts of every variant of napoleon, and that the game does
// not change.
func TestNapoleonPairsAfter(t *testing.T) {
	var pr probe
	counted := 0
	napoleonPlayouts(t, func(opts engine.Options, deal uint64, ply int, g engine.Game, legal []engine.Move) {
		np, ok := g.(engine.NapoleonFacts)
		if !ok {
			t.Fatal("napoleon has no PairsAfter")
		}
		pr.reset(plainGame{g})
		for i := range legal {
			m := &legal[i]
			before := g.Hash()
			n, ok := np.PairsAfter(m)
			if g.Hash() != before {
				t.Fatalf("%v deal %d ply %d: PairsAfter(%v) changed the game", opts, deal, ply, *m)
			}
			if ok != (m.Kind == engine.MovePair) {
				t.Fatalf("%v deal %d ply %d: PairsAfter(%v) counts: %v", opts, deal, ply, *m, ok)
			}
			if !ok {
				continue
			}
			if want := pr.progressAfter(*m); n != want {
				t.Fatalf("%v deal %d ply %d %v: PairsAfter %d, the probe %d\n%v", opts, deal, ply, *m, n, want, g)
			}
			counted++
		}
	})
	if counted == 0 {
		t.Fatal("no pair counted")
	}
	t.Logf("%d pairs counted", counted)
}

// bookDecision is one decision of an advice function (bookPlayer.napoleon
// and the like) of a fresh decision of q in g: the pick, the advice and
// the banned moves.
func bookDecision(q *bookPlayer, g engine.Game, legal []engine.Move, advice func(*bookPlayer, engine.Game, []engine.Move) (int, engine.RuleID)) (int, engine.RuleID, []bool) {
	q.Reset(g, 0)
	q.probe.reset(g)
	q.banned = make([]bool, len(legal))
	pick, adv := advice(q, g, legal)
	return pick, adv, q.banned
}

// TestBookNapoleonReference checks napoleon's advice against the code it
// replaced (napoleonRef: the crossed pairs counted from the piles, the
// pairs after a pair counted by the probe, on the game wrapped so that it
// has none of the optional readers): the same move, advice and banned
// moves at every position of random playouts of every variant, with each
// advice turned off in turn.
func TestBookNapoleonReference(t *testing.T) {
	for _, without := range []string{"", "S1", "S2", "S3"} {
		fast, slow := newBookPlayer(without), newBookPlayer(without)
		counts := map[engine.RuleID]int{}
		napoleonPlayouts(t, func(opts engine.Options, deal uint64, ply int, g engine.Game, legal []engine.Move) {
			if len(legal) == 0 {
				return
			}
			pf, af, bf := bookDecision(fast, g, legal, (*bookPlayer).napoleon)
			ps, as, bs := bookDecision(slow, plainGame{g}, legal, (*bookPlayer).napoleonRef)
			if pf != ps || af != as || !slices.Equal(bf, bs) {
				t.Fatalf("without %q %v deal %d ply %d: %d %q %v, the code replaced %d %q %v\n%v",
					without, opts, deal, ply, pf, af, bf, ps, as, bs, g)
			}
			counts[af]++
		})
		if without == "" && (counts["napoleon/S1"] == 0 || counts["napoleon/S2"] == 0 || counts["napoleon/S3"] == 0) {
			t.Fatalf("an advice never decided: %v", counts)
		}
		t.Logf("without %q: decisions by advice %v", without, counts)
	}
}

// TestBookNapoleonDecide checks napoleon's own decision (napoleonDecide,
// the book's decide for napoleon) against decide's generic one with
// napoleon's advice (bookGame.decide unset): the same move and advice at
// every position of random playouts of every variant, with each advice
// turned off in turn, the players kept from position to position (as in a
// deal); and the same on the game wrapped so that it has none of the
// optional readers (the probe and the crossed pairs counted from the
// piles).
func TestBookNapoleonDecide(t *testing.T) {
	for _, without := range []string{"", "S1", "S2", "S3"} {
		fast, slow, plain := newBookPlayer(without), newBookPlayer(without), newBookPlayer(without)
		counts := map[engine.RuleID]int{}
		napoleonPlayouts(t, func(opts engine.Options, deal uint64, ply int, g engine.Game, legal []engine.Move) {
			if len(legal) == 0 {
				return
			}
			pg := plainGame{g}
			if ply == 0 {
				fast.Reset(g, deal)
				slow.Reset(g, deal)
				plain.Reset(pg, deal)
				if fast.advice.decide == nil {
					t.Fatal("napoleon has no decide of its own")
				}
				generic := *slow.advice
				generic.decide = nil
				slow.advice = &generic
			}
			pf, af := fast.Choose(g, legal)
			ps, as := slow.Choose(g, legal)
			pp, ap := plain.Choose(pg, legal)
			if pf != ps || af != as || pp != ps || ap != as {
				t.Fatalf("without %q %v deal %d ply %d: %d %q, generic decide %d %q, without readers %d %q\n%v",
					without, opts, deal, ply, pf, af, ps, as, pp, ap, g)
			}
			counts[af]++
		})
		if without == "" && (counts["napoleon/S1"] == 0 || counts["napoleon/S2"] == 0 || counts["napoleon/S3"] == 0 || counts[""] == 0) {
			t.Fatalf("an advice never decided: %v", counts)
		}
		t.Logf("without %q: decisions by advice %v", without, counts)
	}
}

// TestNapoleonReserveMoves checks npOfReserve against the rule of every
// legal move at every position of random playouts of every variant of
// napoleon: a move is of the reserve (rule napoleon/reserve) exactly when
// it goes to a reserve slot.
func TestNapoleonReserveMoves(t *testing.T) {
	seen := 0
	napoleonPlayouts(t, func(opts engine.Options, deal uint64, ply int, g engine.Game, legal []engine.Move) {
		for i := range legal {
			m := &legal[i]
			if npOfReserve(m) != (m.Rule == "napoleon/reserve") {
				t.Fatalf("%v deal %d ply %d: %v of the reserve: %v", opts, deal, ply, *m, npOfReserve(m))
			}
			if npOfReserve(m) {
				seen++
			}
		}
	})
	if seen == 0 {
		t.Fatal("no move of the reserve")
	}
}
