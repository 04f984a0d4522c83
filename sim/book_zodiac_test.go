package sim

import (
	"slices"
	"testing"

	"github.com/pasyans/pasyans/engine"
)

// TestBookZodiacDecisions checks every decision of the book's play of
// the Zodiac, in every variant, against the advice as it was first
// written: S2 bans the marriages that cover a card needed sooner (read
// through Pile), and greedy chooses among the moves left (among all, and
// naming no advice, when everything is banned). The advice's shortcut
// (it returns the draw or re-deal itself when nothing else is left) must
// be taken at some decisions, and every decision must be the same; and
// the advice must decide alike when the game does not report its inward
// marriages and the advice reads them through Pile.
func TestBookZodiacDecisions(t *testing.T) {
	spec, err := engine.Lookup("zodiac")
	if err != nil {
		t.Fatal(err)
	}
	deals := 200
	if testing.Short() {
		deals = 40
	}
	for _, opts := range []engine.Options{nil, {"phase2-marriages": "equator"}, {"equator-marriages": "off"},
		{"phase2-marriages": "equator", "equator-marriages": "off"}} {
		setup, err := spec.Setup(opts)
		if err != nil {
			t.Fatal(err)
		}
		var legal []engine.Move
		var cards []engine.Card
		ref := newGreedyPlayer()
		probe := newBookPlayer("")
		shortcuts, decisions := 0, 0
		reference := func(g engine.Game) (int, engine.RuleID) {
			banned := make([]bool, len(legal))
			adv := engine.RuleID("")
			for i, m := range legal {
				if m.Kind != engine.MoveBuild || !m.Card.Valid() {
					continue
				}
				cards = g.Pile(cards[:0], int(m.To))
				if len(cards) > 0 && needDistance(cards[len(cards)-1]) < needDistance(m.Card) {
					banned[i] = true
					adv = "zodiac/S2"
				}
			}
			allBanned := true
			for _, b := range banned {
				allBanned = allBanned && b
			}
			if adv == "" || allBanned {
				return ref.choose(g, legal, nil), ""
			}
			return ref.choose(g, legal, banned), adv
		}
		trace := func(ply int32, g engine.Game, m engine.Move, adv engine.RuleID) {
			legal = g.LegalMoves(legal[:0])
			want, wantAdv := reference(g)
			if legal[want] != m || adv != wantAdv {
				t.Fatalf("%v ply %d: %v %q, want %v %q\n%v", opts, ply, m, adv, legal[want], wantAdv, g)
			}
			probe.Reset(g, 0)
			probe.banned = make([]bool, len(legal))
			pick, pickAdv := probe.zodiac(g, legal)
			if pick >= 0 {
				shortcuts++
			}
			decisions++
			// When the game does not report its inward marriages
			// (engine.ZodiacFacts) the advice reads the piles: the same
			// decision, and the same banned moves when it leaves the
			// choice to greedy (after a pick they are not read).
			banned := probe.banned
			probe.banned = make([]bool, len(legal))
			if slowPick, slowAdv := probe.zodiac(plainGame{g}, legal); slowPick != pick || slowAdv != pickAdv || pick < 0 && !slices.Equal(probe.banned, banned) {
				t.Fatalf("%v ply %d: %d %q %v, through Pile %d %q %v", opts, ply, pick, pickAdv, banned, slowPick, slowAdv, probe.banned)
			}
		}
		var pl Playout
		p := newBookPlayer("")
		for i := 0; i < deals; i++ {
			seed := DealSeed(1, spec.ID, int64(i))
			g, err := setup.New(seed)
			if err != nil {
				t.Fatal(err)
			}
			ref.Reset(g, 0)
			if _, err := pl.PlayDeal(g, p, StrategySeed(seed, "book"), spec.MaxMoves, trace); err != nil {
				t.Fatal(err)
			}
		}
		if shortcuts < decisions/4 {
			t.Errorf("%v: the shortcut decided %d of %d decisions", opts, shortcuts, decisions)
		}
		t.Logf("%v: the shortcut decided %d of %d decisions", opts, shortcuts, decisions)
	}
}

// TestBookZodiacDecide checks the Zodiac's book decision (zodiacDecide:
// without the generic upkeep) against the generic decision with the
// advice zodiac, which then reads the piles (zodiacByPiles;
// checkBookDecide), with S2 on and off.
func TestBookZodiacDecide(t *testing.T) {
	spec, err := engine.Lookup("zodiac")
	if err != nil {
		t.Fatal(err)
	}
	ref := bookGame{advice: bookAdvice["zodiac"].advice, choose: (*bookPlayer).zodiac}
	checkBookDecide(t, "zodiac", ref, []string{"", "S2"}, singleVariants(spec))
}
