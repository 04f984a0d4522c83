package engine

import (
	"fmt"
	"slices"
	"testing"
)

// Sympathy and the Sultan list their legal moves from bit masks kept up to
// date by Apply (SympathyGame.twins; sultan.want, divan, talon). These
// tests compare the lists, order included (the random player picks by
// index), with the moves derived from the layout alone at every step of
// random playouts, across Clone, Determinize and re-deals.

// sympathyMovesRef derives the moves of the partner on turn from the
// packets: each of his packets in pile order gives its turn when its top
// is face down, its pair when its face-up top's twin is the face-up top
// of a packet of the other partner.
func sympathyMovesRef(g *SympathyGame) []Move {
	var out []Move
	p := int(g.turn)
	for j := 0; j < syPackets; j++ {
		k := p*syPackets + j
		if g.lay.empty(k) {
			continue
		}
		if g.up&(1<<k) == 0 {
			out = append(out, Move{Kind: MoveDraw, From: uint8(k), To: uint8(k), Card: NoCard, Card2: NoCard, Rule: syRuleTurn})
			continue
		}
		c := g.lay.top(k)
		t := syTwin(c)
		for o := 0; o < syPackets; o++ {
			ko := (1-p)*syPackets + o
			if g.up&(1<<ko) != 0 && g.lay.top(ko) == t {
				out = append(out, Move{Kind: MovePair, From: uint8(k), To: uint8(ko), Card: c, Card2: t, Rule: syRulePair})
			}
		}
	}
	return out
}

// sultanMovesRef derives the Sultan's moves from the piles: every Divan
// place, then the talon, to every foundation whose top card it follows
// (same suit, next rank, the king followed by the ace, nothing after the
// queen); then the draw, or the re-deal when the pack is out.
func sultanMovesRef(g *sultan) []Move {
	var out []Move
	follows := func(top, c Card) bool {
		if top == NoCard || c == NoCard || top.Suit() != c.Suit() || top.Rank() == Queen {
			return false
		}
		if top.Rank() == King {
			return c.Rank() == Ace
		}
		return c.Rank() == top.Rank()+1
	}
	for src := sulD0; src <= sulTalon; src++ {
		if src == sulStock {
			continue
		}
		c := g.lay.top(src)
		for f := 0; f < 8; f++ {
			if follows(g.lay.top(sulF0+f), c) {
				out = append(out, Move{Kind: MoveFoundation, From: uint8(src), To: uint8(sulF0 + f), Card: c, Card2: NoCard, Rule: sulRuleI})
			}
		}
	}
	switch {
	case !g.lay.empty(sulStock):
		out = append(out, Move{Kind: MoveDraw, From: sulStock, To: sulTalon, Card: NoCard, Card2: NoCard, Rule: sulRuleDraw})
	case !g.lay.empty(sulTalon) && g.pass < g.r.maxPasses:
		out = append(out, Move{Kind: MoveRedeal, From: sulTalon, To: sulStock, Card: NoCard, Card2: NoCard, Rule: sulRuleRedeal})
	}
	return out
}

// checkMaskedMoves plays random deals of game id (options opts) and
// compares LegalMoves with ref at every step, and has state (when not
// nil) check the game's other incremental state; every few moves the game
// is replaced by a clone, and (when determinize) a clone with its hidden
// cards shuffled, which must keep its masks too.
func checkMaskedMoves(t *testing.T, id string, opts Options, determinize bool, ref func(Game) []Move, state func(Game) error) {
	t.Helper()
	s, err := Lookup(id)
	if err != nil {
		t.Fatal(err)
	}
	deals := 300
	if testing.Short() {
		deals = 60
	}
	rng := fastRand(13)
	var buf [256]Move
	moves := 0
	for seed := uint64(0); seed < uint64(deals); seed++ {
		g, err := s.New(seed, opts)
		if err != nil {
			t.Fatal(err)
		}
		var dr Rand
		dr.Seed(seed)
		for n := 0; n < s.MaxMoves; n++ {
			legal := g.LegalMoves(buf[:0])
			if want := ref(g); !slices.Equal(legal, want) {
				t.Fatalf("%s deal %d move %d: LegalMoves\n%v\nwant (from the layout)\n%v", id, seed, n, legal, want)
			}
			if state != nil {
				if err := state(g); err != nil {
					t.Fatalf("%s deal %d move %d: %v", id, seed, n, err)
				}
			}
			if len(legal) == 0 {
				break
			}
			for _, m := range legal {
				if err := g.Check(m); err != nil {
					t.Fatalf("%s deal %d move %d: listed move %v rejected: %v", id, seed, n, m, err)
				}
			}
			if err := g.Apply(legal[rng.intn(len(legal))]); err != nil {
				t.Fatal(err)
			}
			moves++
			switch n % 7 {
			case 3:
				g = g.Clone()
			case 5:
				if determinize {
					h := g.Clone()
					h.Determinize(&dr)
					g = h
				}
			}
		}
	}
	if moves < deals*50 {
		t.Fatalf("%s: only %d moves checked over %d deals", id, moves, deals)
	}
}

func TestSympathyMovesFromMasks(t *testing.T) {
	checkMaskedMoves(t, "sympathy", nil, true, func(g Game) []Move { return sympathyMovesRef(g.(*SympathyGame)) }, nil)
}

func TestSultanMovesFromMasks(t *testing.T) {
	for _, opts := range []Options{nil, {"passes": "4"}, {"shuffle": "on"}} {
		checkMaskedMoves(t, "sultan", opts, true, func(g Game) []Move { return sultanMovesRef(g.(*sultan)) }, sultanHashesAgree)
	}
}

// sultanHashesAgree checks the face hashes Apply keeps of the pack (unless
// marked stale by Determinize) and the talon against the piles, once the
// game is keyed; an unkeyed game becomes keyed by a SearchKey at a pack
// size divisible by 5 (so from some point of most deals on), and every
// key of a keyed game must equal the key of an unkeyed copy, which hashes
// the piles from scratch.
func sultanHashesAgree(gm Game) error {
	g := gm.(*sultan)
	if !g.keyed {
		if g.lay.size(sulStock)%5 != 0 {
			return nil
		}
		g.SearchKey()
	}
	if !g.stale && g.seq[0] != g.lay.faceHashOf(sulStock) {
		return fmt.Errorf("pack face hash %x, want %x", g.seq[0], g.lay.faceHashOf(sulStock))
	}
	if g.seq[1] != g.lay.faceHashOf(sulTalon) {
		return fmt.Errorf("talon face hash %x, want %x", g.seq[1], g.lay.faceHashOf(sulTalon))
	}
	fresh := *g
	fresh.keyed, fresh.seq = false, [2]faceHash{}
	if k, want := g.SearchKey(), fresh.SearchKey(); k != want {
		return fmt.Errorf("search key %v, want %v (hashed from scratch)", k, want)
	}
	return nil
}
