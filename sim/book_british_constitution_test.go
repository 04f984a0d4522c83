package sim

import (
	"slices"
	"testing"

	"github.com/pasyans/pasyans/engine"
)

// TestBookBritishConstitutionDecide checks that the book's decisions in
// the British Constitution (britishConstitutionDecide, reading the state
// the game keeps: bcBookGame) are those of the generic decide, which
// reads the game through engine.Game alone (plainGame hides the rest):
// the same moves, results and advice counts for every deal of every
// variant, with every advice on and with S1 or S2 turned off.
func TestBookBritishConstitutionDecide(t *testing.T) {
	spec, deals, optsList, setups := bcBookVariants(t)
	for k, opts := range optsList {
		for _, without := range []string{"", "S1", "S2"} {
			fast, slow := newBookPlayer(without), newBookPlayer(without)
			var plFast, plSlow Playout
			var moves []engine.Move
			for i := 0; i < deals; i++ {
				seed := DealSeed(1, spec.ID, int64(i))
				play := func(pl *Playout, p Player, wrap bool, trace Tracer) DealResult {
					g, err := setups[k].New(seed)
					if err != nil {
						t.Fatal(err)
					}
					if wrap {
						g = plainGame{g}
					}
					res, err := pl.PlayDeal(g, p, StrategySeed(seed, "book"), spec.MaxMoves, trace)
					if err != nil {
						t.Fatal(err)
					}
					return res
				}
				moves = moves[:0]
				got := play(&plFast, fast, false, func(_ int32, _ engine.Game, m engine.Move, _ engine.RuleID) {
					moves = append(moves, m)
				})
				gotAdvice := plFast.AdviceCounts()
				n := 0
				want := play(&plSlow, slow, true, func(ply int32, _ engine.Game, m engine.Move, _ engine.RuleID) {
					if n >= len(moves) || moves[n] != m {
						t.Fatalf("%v without=%q deal %d ply %d: %v, want %v", opts, without, i, ply, moves[n:min(n+1, len(moves))], m)
					}
					n++
				})
				if got != want || n != len(moves) || !slices.Equal(gotAdvice, plSlow.AdviceCounts()) {
					t.Fatalf("%v without=%q deal %d: %+v %v, want %+v %v", opts, without, i, got, gotAdvice, want, plSlow.AdviceCounts())
				}
			}
		}
	}
}

// TestBookBritishConstitutionGreedy checks bcGreedy against greedy's
// choose at every decision of the book's play of every variant, with no
// move banned and with the moves british-constitution/S2 bans: two
// players, each with its own cycle memory, which stay alike as long as
// they choose alike. The game is engine.Acyclic, so in play neither keeps
// a memory; here they also keep one (each decision is asked twice, so the
// memory is met: repeats), and greedy's tie-break is reached.
func TestBookBritishConstitutionGreedy(t *testing.T) {
	spec, deals, optsList, setups := bcBookVariants(t)
	for k, opts := range optsList {
		for _, memory := range []bool{false, true} {
			fast, slow := newBookPlayer(""), newBookPlayer("")
			var banned []bool
			ties, repeats := 0, 0
			trace := func(ply int32, g engine.Game, _ engine.Move, _ engine.RuleID) {
				bc := g.(bcBookGame)
				legal := g.LegalMoves(nil)
				if len(legal) == 0 {
					return
				}
				singles := bc.Singles() & fast.layout32
				banned = banned[:0]
				for i := range legal {
					banned = append(banned, fast.bcBans(bc, &legal[i], singles))
				}
				for _, b := range [][]bool{nil, banned} {
					got := fast.bcGreedy(bc, legal, b)
					want := slow.choose(g, legal, b)
					if got != want {
						t.Fatalf("%v memory %v ply %d banned %v: bcGreedy = %d, choose = %d, of %v\n%v", opts, memory, ply, b, got, want, legal, g)
					}
					if slow.sum.n > 1 {
						ties++
					}
					if slow.sum.repeat >= 0 {
						repeats++
					}
				}
			}
			var pl Playout
			p := newBookPlayer("")
			for i := 0; i < deals; i++ {
				seed := DealSeed(1, spec.ID, int64(i))
				g, err := setups[k].New(seed)
				if err != nil {
					t.Fatal(err)
				}
				fast.Reset(g, 0)
				slow.Reset(g, 0)
				if !fast.acyclic || !slow.acyclic {
					t.Fatal("the British Constitution is engine.Acyclic: greedy keeps no memory")
				}
				fast.acyclic, slow.acyclic = !memory, !memory
				if _, err := pl.PlayDeal(g, p, StrategySeed(seed, "book"), spec.MaxMoves, trace); err != nil {
					t.Fatal(err)
				}
			}
			if ties < deals || memory && repeats == 0 {
				t.Errorf("%v memory %v: %d ties, %d decisions with a repeat", opts, memory, ties, repeats)
			}
		}
	}
}

// TestPlaysAfterProbe checks the British Constitution's PlaysAfter, which
// the book counts greedy's tie-break with, against the probe on a copy of
// the game (plainGame: no peek), which greedy counts it with: the same
// count for every move it handles, at every legal move of random playouts
// of every variant (a foundation play three times in four).
func TestPlaysAfterProbe(t *testing.T) {
	spec, deals, optsList, setups := bcBookVariants(t)
	for k, opts := range optsList {
		var pr probe
		var legal, plays []engine.Move
		counted, some := 0, 0
		for seed := uint64(1); seed <= uint64(deals); seed++ {
			g, err := setups[k].New(seed)
			if err != nil {
				t.Fatal(err)
			}
			bc := g.(bcBookGame)
			r := engine.NewRand(seed)
			for ply := 0; ply < spec.MaxMoves; ply++ {
				legal = g.LegalMoves(legal[:0])
				if len(legal) == 0 {
					break
				}
				plays = plays[:0]
				pr.reset(plainGame{g})
				for i := range legal {
					if legal[i].Kind == engine.MoveFoundation {
						plays = append(plays, legal[i])
					}
					n, ok := bc.PlaysAfter(&legal[i])
					if !ok {
						continue
					}
					counted++
					if n > 0 {
						some++
					}
					if want := pr.progressAfter(legal[i]); n != want {
						t.Fatalf("%v seed %d ply %d: PlaysAfter(%v) = %d, the probe counts %d\n%v", opts, seed, ply, legal[i], n, want, g)
					}
				}
				m := legal[r.IntN(len(legal))]
				if len(plays) > 0 && r.IntN(4) != 0 {
					m = plays[r.IntN(len(plays))]
				}
				if err := g.Apply(m); err != nil {
					t.Fatal(err)
				}
			}
		}
		if counted == 0 || some == 0 {
			t.Errorf("%v: %d moves counted, %d with plays", opts, counted, some)
		}
	}
}
