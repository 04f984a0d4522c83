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
	optsList := []engine.Options{nil}
	for _, v := range spec.Variants {
		for _, val := range v.Values {
			if val != v.Default {
				optsList = append(optsList, engine.Options{v.Name: val})
			}
		}
	}
	optsList = append(optsList, extra...)
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
// columns' rank words (crossWords) against the crossed pairs counted
// before and after from the piles (crossings), for every pair move at
// every position of random playouts of every variant of napoleon, with
// the words kept from position to position (as the book keeps them, across
// deals and variants too), brought back from the deal's first position at
// each position (columns that grow again), and read afresh; that the kept
// state (heights, words, the columns of each rank, the ranks of each
// column) is the one read afresh; and that sync declines exactly where a
// column holds a rank twice (read from the piles).
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
	var kept, back crossWords
	var start [npColumns]uint32
	checked, declined := 0, 0
	napoleonPlayouts(t, func(opts engine.Options, deal uint64, ply int, g engine.Game, legal []engine.Move) {
		nc, ok := g.(napoleonColumns)
		if !ok {
			t.Fatal("napoleon has no ColumnRanks")
		}
		twice := false // from the piles: a column holds a rank twice
		for k := 0; k < npColumns; k++ {
			if kinds[k] != engine.PileTableau {
				t.Fatalf("pile %d is no column", k)
			}
			cards = g.Pile(cards[:0], k)
			var ranks uint16
			for _, c := range cards {
				twice = twice || ranks>>c.Rank()&1 != 0
				ranks |= 1 << c.Rank()
			}
		}
		if ply == 0 {
			start = nc.ColumnRanks()
		}
		back.sync(start)
		var fresh crossWords
		caches := []*crossWords{&kept, &back, &fresh}
		for _, x := range caches {
			if ok := x.sync(nc.ColumnRanks()); ok == twice {
				t.Fatalf("%v deal %d ply %d: sync says %v, a rank twice in a column: %v\n%v", opts, deal, ply, ok, twice, g)
			}
		}
		if twice {
			declined++
			return
		}
		for _, x := range caches[:2] {
			if x.h != fresh.h || x.now != fresh.now || x.in != fresh.in || x.set != fresh.set {
				t.Fatalf("%v deal %d ply %d: kept heights %v words %x columns by rank %v ranks %v, read afresh %v %x %v %v",
					opts, deal, ply, x.h, x.now, x.in, x.set, fresh.h, fresh.now, fresh.in, fresh.set)
			}
		}
		old.read(g, kinds)
		before := old.count(-1, -1)
		for _, m := range legal {
			if m.Kind != engine.MovePair {
				continue
			}
			want := before - old.count(old.column(m.From), old.column(m.To))
			for c, x := range caches {
				if got := x.gain(m.From, m.To); got != want {
					t.Fatalf("%v deal %d ply %d %v: gain %d, want %d (cache %d)\n%v", opts, deal, ply, m, got, want, c, g)
				}
			}
			checked++
		}
	})
	if checked == 0 || declined == 0 {
		t.Fatalf("%d pairs checked, %d positions declined: want both", checked, declined)
	}
	t.Logf("%d pairs checked, %d positions declined", checked, declined)
}

// TestNapoleonPairsAfter checks the game's count of the pairs open after
// a pair (napoleonPairs) against the probe's (on the game wrapped so that
// it has no optional reader) for every pair move at every position of
// random playouts of every variant of napoleon, and that the game does
// not change.
func TestNapoleonPairsAfter(t *testing.T) {
	var pr probe
	counted := 0
	napoleonPlayouts(t, func(opts engine.Options, deal uint64, ply int, g engine.Game, legal []engine.Move) {
		np, ok := g.(napoleonPairs)
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
