package engine

import (
	"fmt"
	"strings"
	"testing"
)

// fastRand is a cheap inline generator (SplitMix64 steps) for random
// playouts in tests and benchmarks: a value type, no allocation.
type fastRand uint64

func (r *fastRand) next() uint64 {
	*r += 0x9E3779B97F4A7C15
	return SplitMix64(uint64(*r))
}

func (r *fastRand) intn(n int) int { return int(r.next() % uint64(n)) }

// implementedSpecs returns every catalog spec whose NewDeal works.
func implementedSpecs(t testing.TB) []*Spec {
	t.Helper()
	var out []*Spec
	for _, s := range Catalog() {
		if _, err := s.New(1, nil); err != nil {
			if strings.Contains(err.Error(), "not implemented") {
				t.Logf("%s: skipped: %v", s.ID, err)
				continue
			}
			t.Fatalf("%s: New(1): %v", s.ID, err)
		}
		out = append(out, s)
	}
	if len(out) == 0 {
		t.Fatal("no game is implemented")
	}
	return out
}

// variantOptions returns the default options and, for each variant, each
// non-default value alone.
func variantOptions(s *Spec) []Options {
	out := []Options{nil}
	for _, v := range s.Variants {
		for _, val := range v.Values {
			if val != v.Default {
				out = append(out, Options{v.Name: val})
			}
		}
	}
	return out
}

// fullView returns g's FullView or fails the test.
func fullView(t testing.TB, g Game) FullView {
	t.Helper()
	fv, ok := g.(FullView)
	if !ok {
		t.Fatalf("%s: the game does not implement engine.FullView", g.ID())
	}
	return fv
}

// checkConservation verifies that every card of the pack is in exactly one
// pile, and that Pile agrees with FullPile wherever a card is visible.
func checkConservation(g Game, decks int) error {
	fv, ok := g.(FullView)
	if !ok {
		return fmt.Errorf("%s: does not implement FullView", g.ID())
	}
	var count [MaxDecks * CardsPerDeck]int
	var full, vis []Card
	total := 0
	for i := 0; i < g.NumPiles(); i++ {
		full = fv.FullPile(full[:0], i)
		vis = g.Pile(vis[:0], i)
		if len(full) != len(vis) {
			return fmt.Errorf("pile %s: Pile has %d cards, FullPile %d", g.PileName(i), len(vis), len(full))
		}
		for j, c := range full {
			if !c.Valid() || c.Deck() >= decks {
				return fmt.Errorf("pile %s: invalid card %d", g.PileName(i), c)
			}
			if vis[j] != NoCard && vis[j] != c {
				return fmt.Errorf("pile %s[%d]: Pile shows %s, FullPile has %s", g.PileName(i), j, vis[j], c)
			}
			count[c]++
			total++
		}
	}
	if total != decks*CardsPerDeck {
		return fmt.Errorf("%d cards in the piles, want %d", total, decks*CardsPerDeck)
	}
	for c, n := range count[:decks*CardsPerDeck] {
		if n != 1 {
			return fmt.Errorf("card %s (deck %d) is in %d piles", Card(c), Card(c).Deck(), n)
		}
	}
	return nil
}

// mustApply applies m or fails the test.
func mustApply(t testing.TB, g Game, m Move) {
	t.Helper()
	if err := g.Apply(m); err != nil {
		t.Fatalf("Apply(%v): %v", m, err)
	}
}

// isGenerated reports whether m is among g's legal moves.
func isGenerated(g Game, m Move) bool {
	for _, l := range g.LegalMoves(nil) {
		if l == m {
			return true
		}
	}
	return false
}

// wantLegal asserts that m is generated and passes Check.
func wantLegal(t testing.TB, g Game, m Move) {
	t.Helper()
	if err := g.Check(m); err != nil {
		t.Errorf("Check(%v) = %v, want legal", m, err)
	}
	if !isGenerated(g, m) {
		t.Errorf("%v is not generated; legal: %v", m, g.LegalMoves(nil))
	}
}

// wantIllegal asserts that m is neither generated nor accepted by Check.
func wantIllegal(t testing.TB, g Game, m Move) {
	t.Helper()
	if err := g.Check(m); err == nil {
		t.Errorf("Check(%v) = nil, want illegal", m)
	}
	if isGenerated(g, m) {
		t.Errorf("%v is generated, want illegal", m)
	}
}

// ac parses an ASCII card, with a trailing ' for deck 1 ("7H'").
func ac(s string) Card {
	d := 0
	if strings.HasSuffix(s, "'") {
		d, s = 1, strings.TrimSuffix(s, "'")
	}
	c, err := ParseCard(s)
	if err != nil {
		panic(err)
	}
	return c + Card(d*CardsPerDeck)
}

// acs parses space-separated cards.
func acs(s string) []Card {
	var out []Card
	for _, f := range strings.Fields(s) {
		out = append(out, ac(f))
	}
	return out
}

// crafted returns a pack of decks decks whose top cards are top (in order)
// followed by the remaining cards in canonical order.
func crafted(decks int, top string) []Card {
	first := acs(top)
	used := map[Card]bool{}
	for _, c := range first {
		if used[c] {
			panic("crafted: duplicate " + c.String())
		}
		used[c] = true
	}
	pack := append([]Card(nil), first...)
	for _, c := range NewDeck(decks) {
		if !used[c] {
			pack = append(pack, c)
		}
	}
	return pack
}
