package sim

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/pasyans/pasyans/engine"
)

// TestBookAdviceInCatalog checks the book strategy's per-game table against
// the engine's catalog: every game it names exists, every advice ID it
// lists is an advice entry of that game, and playing every game names no
// advice ID outside the game's list (and, where the table has an entry,
// names some advice at all).
func TestBookAdviceInCatalog(t *testing.T) {
	for id, bg := range bookAdvice {
		if _, err := engine.Lookup(id); err != nil {
			t.Errorf("book advice for unknown game %q", id)
		}
		if bg.choose == nil || len(bg.advice) == 0 {
			t.Errorf("%s: empty book entry", id)
		}
		for _, a := range bg.advice {
			r, ok := engine.LookupRule(a)
			switch {
			case !ok:
				t.Errorf("%s: advice %s is not in the catalog", id, a)
			case r.Kind != engine.KindAdvice || a.Game() != id:
				t.Errorf("%s: %s is a %s rule of %s, not advice of the game", id, a, r.Kind, a.Game())
			}
		}
	}
	st, err := NewStrategy("book", nil)
	if err != nil {
		t.Fatal(err)
	}
	p := st.NewPlayer()
	var pl Playout
	for _, spec := range engine.Catalog() {
		listed := bookAdvice[spec.ID].advice
		named := map[string]bool{}
		for d := int64(0); d < 40; d++ {
			seed := DealSeed(17, spec.ID, d)
			g, err := spec.New(seed, nil)
			if err != nil {
				t.Fatal(err)
			}
			if _, err := pl.PlayDeal(g, p, StrategySeed(seed, "book"), spec.MaxMoves, nil); err != nil {
				t.Fatal(err)
			}
			for _, a := range pl.AdviceCounts() {
				named[a.ID] = true
				if !slices.Contains(listed, engine.RuleID(a.ID)) {
					t.Errorf("%s: book named advice %s, which its table does not list", spec.ID, a.ID)
				}
			}
		}
		if len(listed) > 0 && len(named) == 0 {
			t.Errorf("%s: the book's advice never applied in 40 deals", spec.ID)
		}
	}
}

// crossedRef is the definition of napoleon's crossed pairs, written plainly:
// every occurrence of rank a above rank b (a ≠ b) in column k counts once
// if some column before k holds b above a. cols are ranks, bottom first
// (0: not a card).
func crossedRef(cols [][]uint8) int {
	holds := func(col []uint8, a, b uint8) bool { // a above b in col
		for lo := range col {
			for hi := lo + 1; hi < len(col); hi++ {
				if col[hi] == a && col[lo] == b {
					return true
				}
			}
		}
		return false
	}
	n := 0
	for k, col := range cols {
		for hi := range col {
			for lo := 0; lo < hi; lo++ {
				a, b := col[hi], col[lo]
				if a == 0 || b == 0 || a == b {
					continue
				}
				for _, prev := range cols[:k] {
					if holds(prev, b, a) {
						n++
						break
					}
				}
			}
		}
	}
	return n
}

// TestCrossingsCount checks the book's crossed-pair counter against the
// definition on random columns, with repeated ranks and hidden cards, and
// with the top cards of one or two columns taken away.
func TestCrossingsCount(t *testing.T) {
	r := engine.NewRand(3)
	for trial := 0; trial < 3000; trial++ {
		var x crossings
		ncol := 1 + r.IntN(9)
		cols := make([][]uint8, ncol)
		for k := range cols {
			for i := r.IntN(9); i > 0; i-- {
				rank := uint8(1 + r.IntN(engine.NumRanks))
				switch {
				case r.IntN(12) == 0:
					rank = 0 // a card the player cannot see
				case trial%3 == 0 && i%2 == 0 && len(cols[k]) > 0:
					rank = cols[k][r.IntN(len(cols[k]))] // a repeated rank
				}
				cols[k] = append(cols[k], rank)
			}
			x.ranks = append(x.ranks, cols[k]...)
			x.ends = append(x.ends, len(x.ranks))
		}
		x.prefix()
		if got, want := x.count(-1, -1), crossedRef(cols); got != want {
			t.Fatalf("trial %d %v: count %d, want %d", trial, cols, got, want)
		}
		c1, c2 := r.IntN(ncol), r.IntN(ncol+1)-1
		if c2 == c1 {
			c2 = -1
		}
		drop := make([][]uint8, ncol)
		for k, col := range cols {
			drop[k] = col
			if (k == c1 || k == c2) && len(col) > 0 {
				drop[k] = col[:len(col)-1]
			}
		}
		if got, want := x.count(c1, c2), crossedRef(drop); got != want {
			t.Fatalf("trial %d %v without the tops of %d and %d: count %d, want %d", trial, cols, c1, c2, got, want)
		}
	}
}

// TestBookAdviceCoversCatalog: a game has an entry in the book strategy's
// table exactly when its catalog entry has advice (a new game with advice
// in the book needs its entry; see docs/adding-a-game.md).
func TestBookAdviceCoversCatalog(t *testing.T) {
	for _, spec := range engine.Catalog() {
		advice := 0
		for _, r := range spec.Rules {
			if r.Kind == engine.KindAdvice {
				advice++
			}
		}
		_, entry := bookAdvice[spec.ID]
		switch {
		case advice > 0 && !entry:
			t.Errorf("%s: the catalog has %d advice entries, the book strategy's table (sim/book.go) none", spec.ID, advice)
		case advice == 0 && entry:
			t.Errorf("%s: a book strategy entry for a game whose catalog has no advice", spec.ID)
		}
	}
}

// playBookDeals plays deals 0 … n-1 (master seed 17) of spec with st and
// returns per deal its result and the moves played, and the advice IDs
// named over all deals.
func playBookDeals(t *testing.T, st Strategy, spec *engine.Spec, n int64) ([]string, map[engine.RuleID]bool) {
	t.Helper()
	p := st.NewPlayer()
	var pl Playout
	var games []string
	named := map[engine.RuleID]bool{}
	for d := int64(0); d < n; d++ {
		seed := DealSeed(17, spec.ID, d)
		g, err := spec.New(seed, nil)
		if err != nil {
			t.Fatal(err)
		}
		var moves []byte
		trace := func(_ int32, _ engine.Game, m engine.Move, adv engine.RuleID) {
			moves = fmt.Appendf(moves, "%v;", m)
			if adv != "" {
				named[adv] = true
			}
		}
		res, err := pl.PlayDeal(g, p, StrategySeed(seed, "book"), spec.MaxMoves, trace)
		if err != nil {
			t.Fatal(err)
		}
		games = append(games, fmt.Sprintf("%+v %s", res, moves))
	}
	return games, named
}

// TestBookWithout checks the without parameter of book: with a label
// turned off, no game names that advice; a game without advice of that
// label plays exactly the same moves as the default book; turning off an
// advice the game has changes some deal's moves, except for the advice
// bookStrategy's doc says changes no move (noOp).
func TestBookWithout(t *testing.T) {
	// napoleon/S3 is enforced by the engine's default variant; the other
	// three pick the move greedy picks (see bookStrategy).
	noOp := map[engine.RuleID]bool{"napoleon/S3": true, "salic-law/S3": true, "windmill/S2": true, "red-and-black/S2": true}
	deals := shortDeals(40, 10)
	base, err := NewStrategy("book", nil)
	if err != nil {
		t.Fatal(err)
	}
	if base.Params() != "{}" {
		t.Errorf("default book Params = %s, want {} (the rows of earlier runs)", base.Params())
	}
	labels := AdviceLabels()
	if !slices.Equal(labels, []string{"S1", "S2", "S3"}) {
		t.Errorf("AdviceLabels = %v, want S1 S2 S3", labels)
	}
	for _, spec := range engine.Catalog() {
		want, _ := playBookDeals(t, base, spec, deals)
		for _, l := range labels {
			st, err := NewStrategy("book", map[string]string{"without": l})
			if err != nil {
				t.Fatal(err)
			}
			if got := st.Params(); got != `{"without":"`+l+`"}` {
				t.Errorf("book without=%s: Params = %s", l, got)
			}
			got, named := playBookDeals(t, st, spec, deals)
			off := engine.RuleID(spec.ID + "/" + l)
			if named[off] {
				t.Errorf("%s: book without=%s named %s", spec.ID, l, off)
			}
			has := slices.Contains(GameAdvice(spec.ID), off)
			same := slices.Equal(got, want)
			switch {
			case !has && !same:
				t.Errorf("%s: book without=%s, an advice the game lacks, changed its play", spec.ID, l)
			case has && noOp[off] && !same:
				t.Errorf("%s: turning %s off changed the moves, but bookStrategy's doc says it picks greedy's moves", spec.ID, off)
			case has && !noOp[off] && same && !testing.Short():
				t.Errorf("%s: turning %s off changed no move in %d deals", spec.ID, off, deals)
			}
		}
	}
}

// TestWithoutParam checks the validation of the string parameter without
// of book and planner-book.
func TestWithoutParam(t *testing.T) {
	for _, name := range []string{"book", "planner-book"} {
		for _, bad := range []string{"S4", "s1", "napoleon/S1", "S1,S2", "x"} {
			_, err := NewStrategy(name, map[string]string{"without": bad})
			if err == nil || !strings.Contains(err.Error(), "without") || !strings.Contains(err.Error(), "S1, S2, S3 or empty") {
				t.Errorf("%s without=%q: err = %v, want an error naming the parameter and its values", name, bad, err)
			}
		}
		for _, good := range []string{"", " ", "S1", " S3 "} {
			if _, err := NewStrategy(name, map[string]string{"without": good}); err != nil {
				t.Errorf("%s without=%q: %v", name, good, err)
			}
		}
	}
	if _, err := NewStrategy("planner", map[string]string{"without": "S1"}); err == nil {
		t.Error("planner accepted without (it has no book)")
	}
	pbs1, err := NewStrategy("planner-book", map[string]string{"without": "S1"})
	if err != nil {
		t.Fatal(err)
	}
	if p, ok := pbs1.NewPlayer().(*plannerPlayer); !ok || p.book == nil || p.book.without != "S1" {
		t.Error("planner-book without=S1: its book prior does not turn S1 off")
	}
	pb, err := NewStrategy("planner-book", map[string]string{"without": ""})
	if err != nil {
		t.Fatal(err)
	}
	pl, err := NewStrategy("planner", nil)
	if err != nil {
		t.Fatal(err)
	}
	if pb.Params() != pl.Params() {
		t.Errorf("planner-book with without empty: Params %s, want the planner's %s (the rows of earlier runs)", pb.Params(), pl.Params())
	}
}

// plainGame hides every method of a game but those of engine.Game (the
// optional readers and peekers among them).
type plainGame struct{ engine.Game }

// bcBookVariants returns the British Constitution's spec, the deals a book
// test plays of each variant (fewer with -short), and the variants the
// book's tests cover with a setup for each.
func bcBookVariants(t *testing.T) (*engine.Spec, int, []engine.Options, []*engine.Setup) {
	t.Helper()
	spec, err := engine.Lookup("british-constitution")
	if err != nil {
		t.Fatal(err)
	}
	deals := 300
	if testing.Short() {
		deals = 60
	}
	optsList := []engine.Options{nil, {"fill": "free"}, {"talon-build": "on"}, {"fill": "free", "talon-build": "on"}}
	setups := make([]*engine.Setup, len(optsList))
	for k, opts := range optsList {
		if setups[k], err = spec.Setup(opts); err != nil {
			t.Fatal(err)
		}
	}
	return spec, deals, optsList, setups
}

// TestBookBritishConstitutionReaders checks that the British Constitution's
// advice decides alike when it reads the game through OpeningsAfter and
// Singles (engine.BritishConstitutionFacts) and when it reads it as before,
// through Pile and a copy per fill: the same move, advice and banned moves
// at every decision of the book's play of every variant.
func TestBookBritishConstitutionReaders(t *testing.T) {
	spec, deals, optsList, setups := bcBookVariants(t)
	for k, opts := range optsList {
		setup := setups[k]
		fast, slow := newBookPlayer(""), newBookPlayer("")
		var legal []engine.Move
		counts := map[engine.RuleID]int{}
		decide := func(q *bookPlayer, g engine.Game) (int, engine.RuleID, []bool) {
			q.Reset(g, 0)
			q.probe.reset(g)
			q.banned = make([]bool, len(legal))
			pick, adv := q.britishConstitution(g, legal)
			return pick, adv, q.banned
		}
		trace := func(ply int32, g engine.Game, _ engine.Move, _ engine.RuleID) {
			if _, ok := g.(engine.BritishConstitutionFacts); !ok {
				t.Fatal("the British Constitution has no OpeningsAfter")
			}
			if _, ok := g.(engine.BritishConstitutionFacts); !ok {
				t.Fatal("the British Constitution has no Singles")
			}
			legal = g.LegalMoves(legal[:0])
			pick, adv, banned := decide(fast, g)
			wantPick, wantAdv, wantBanned := decide(slow, plainGame{g})
			if pick != wantPick || adv != wantAdv || !slices.Equal(banned, wantBanned) {
				t.Fatalf("%v ply %d: %d %q %v, want %d %q %v\n%v", opts, ply, pick, adv, banned, wantPick, wantAdv, wantBanned, g)
			}
			counts[adv]++
		}
		var pl Playout
		p := newBookPlayer("")
		for i := 0; i < deals; i++ {
			seed := DealSeed(1, spec.ID, int64(i))
			g, err := setup.New(seed)
			if err != nil {
				t.Fatal(err)
			}
			if _, err := pl.PlayDeal(g, p, StrategySeed(seed, "book"), spec.MaxMoves, trace); err != nil {
				t.Fatal(err)
			}
		}
		if counts["british-constitution/S1"] < deals || counts["british-constitution/S2"] < deals {
			t.Errorf("%v: advice named %v times", opts, counts)
		}
	}
}

// TestBookMovesAfterDraw checks that the book's rows of the British
// Constitution are the same when the play loop lists the moves after the
// book's draws from the moves before them (engine.DrawPeeker, through nextLegal)
// and when it generates them: the same result and advice counts for every
// deal of every variant.
func TestBookMovesAfterDraw(t *testing.T) {
	spec, deals, optsList, setups := bcBookVariants(t)
	for k, opts := range optsList {
		setup := setups[k]
		fast, slow := newBookPlayer(""), newBookPlayer("")
		var plFast, plSlow Playout
		draws := 0
		for i := 0; i < deals; i++ {
			seed := DealSeed(1, spec.ID, int64(i))
			var moves []engine.Move
			play := func(pl *Playout, p Player, trace Tracer) DealResult {
				g, err := setup.New(seed)
				if err != nil {
					t.Fatal(err)
				}
				res, err := pl.PlayDeal(g, p, StrategySeed(seed, "book"), spec.MaxMoves, trace)
				if err != nil {
					t.Fatal(err)
				}
				return res
			}
			got := play(&plFast, fast, func(_ int32, _ engine.Game, m engine.Move, _ engine.RuleID) {
				moves = append(moves, m)
				if m.Kind == engine.MoveDraw {
					draws++
				}
			})
			gotAdvice := plFast.AdviceCounts()
			k := 0
			want := play(&plSlow, plainPlayer{p: slow}, func(ply int32, _ engine.Game, m engine.Move, _ engine.RuleID) {
				if k >= len(moves) || moves[k] != m {
					t.Fatalf("%v deal %d ply %d: %v, want %v", opts, i, ply, moves[k:min(k+1, len(moves))], m)
				}
				k++
			})
			if got != want || k != len(moves) || !slices.Equal(gotAdvice, plSlow.AdviceCounts()) {
				t.Fatalf("%v deal %d: %+v %v, want %+v %v", opts, i, got, gotAdvice, want, plSlow.AdviceCounts())
			}
		}
		if draws < deals {
			t.Errorf("%v: only %d draws", opts, draws)
		}
	}
}
