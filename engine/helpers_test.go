package engine

import (
	"errors"
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

// implementedSpecs returns every catalog spec. All 11 games are
// implemented: a game that cannot start fails the test instead of being
// skipped, so the property, fuzz and replay tests cover every game.
func implementedSpecs(t testing.TB) []*Spec {
	t.Helper()
	var out []*Spec
	for _, s := range Catalog() {
		if _, err := s.New(1, nil); err != nil {
			t.Fatalf("%s: New(1): %v", s.ID, err)
		}
		out = append(out, s)
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

// checkConservation verifies that every card of the pack is in exactly one
// pile, and that Pile agrees with FullPile wherever a card is visible.
func checkConservation(g Game, decks int) error {
	fv := g
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

// Strict helpers, first written for the tests of british-constitution,
// zodiac, sympathy and sultan.

// checkCards fails unless every card of the two decks is in exactly one
// pile of g (and Pile agrees with FullPile).
func checkCards(t testing.TB, g Game) {
	t.Helper()
	if err := checkConservation(g, 2); err != nil {
		t.Fatalf("%v\n%s", err, g)
	}
}

// craftPack returns a two-deck pack whose top cards are front, in order,
// followed by every other card in the order of rest (then canonical order).
func craftPack(t testing.TB, front []Card, rest ...Card) []Card {
	t.Helper()
	var used [packCards]bool
	pack := make([]Card, 0, packCards)
	add := func(c Card) {
		if !used[c] {
			used[c] = true
			pack = append(pack, c)
		}
	}
	for _, c := range front {
		if used[c] {
			t.Fatalf("craftPack: %v (deck %d) given twice", c, c.Deck())
		}
		add(c)
	}
	for _, c := range rest {
		add(c)
	}
	for c := Card(0); c < packCards; c++ {
		add(c)
	}
	return pack
}

// mustLegal fails unless m is generated, passes Check and applies; it
// applies m to g.
func mustLegal(t testing.TB, g Game, m Move) {
	t.Helper()
	if !isGenerated(g, m) {
		t.Fatalf("move %v not generated; legal: %v\n%s", m, g.LegalMoves(nil), g)
	}
	if err := g.Check(m); err != nil {
		t.Fatalf("Check(%v) = %v", m, err)
	}
	if err := g.Apply(m); err != nil {
		t.Fatalf("Apply(%v) = %v", m, err)
	}
	checkCards(t, g)
}

// mustIllegal fails if m is generated, or accepted by Check or Apply; the
// error must wrap ErrIllegal and name want (a rule ID) when want is not "".
func mustIllegal(t testing.TB, g Game, m Move, want RuleID) {
	t.Helper()
	if isGenerated(g, m) {
		t.Fatalf("illegal move %v generated\n%s", m, g)
	}
	err := g.Check(m)
	if err == nil || !errors.Is(err, ErrIllegal) {
		t.Fatalf("Check(%v) = %v, want ErrIllegal", m, err)
	}
	if want != "" && !strings.Contains(err.Error(), string(want)+":") {
		t.Fatalf("Check(%v) = %v, want it to name %s", m, err, want)
	}
	h := g.Hash()
	if err := g.Apply(m); err == nil {
		t.Fatalf("Apply(%v) accepted", m)
	}
	if g.Hash() != h {
		t.Fatalf("rejected Apply(%v) changed the state", m)
	}
}

// pileCards returns the visible cards of pile i.
func pileCards(g Game, i int) []Card { return g.Pile(nil, i) }

// randomPlayout plays g with uniformly random legal moves until it is over
// or maxMoves moves were made, checking the engine's invariants on the way.
// It returns the number of moves made.
func randomPlayout(t testing.TB, g Game, r *Rand, maxMoves int, check bool) int {
	t.Helper()
	buf := make([]Move, 0, 256)
	n := 0
	for g.Ending() == Playing {
		if n >= maxMoves {
			t.Fatalf("%s: game not over after %d moves\n%s", g.ID(), n, g)
		}
		buf = g.LegalMoves(buf[:0])
		if len(buf) == 0 {
			t.Fatalf("%s: Over() false but no legal move\n%s", g.ID(), g)
		}
		if check {
			for _, m := range buf {
				if err := g.Check(m); err != nil {
					t.Fatalf("generated move rejected: %v\n%s", err, g)
				}
				if m.Card != NoCard && m.Kind == MoveDraw {
					t.Fatalf("draw move leaks its card: %v", m)
				}
			}
		}
		m := buf[r.IntN(len(buf))]
		score := g.Score()
		if err := g.Apply(m); err != nil {
			t.Fatalf("Apply(%v): %v", m, err)
		}
		if g.Score() < score {
			t.Fatalf("score fell from %d to %d after %v", score, g.Score(), m)
		}
		if check {
			checkCards(t, g)
		}
		n++
	}
	if g.Won() != (g.Score() == g.Total()) {
		t.Fatalf("Won() = %v with score %d/%d", g.Won(), g.Score(), g.Total())
	}
	return n
}

// testRandomPlayouts plays deals seeds 1…n of spec with random moves.
func testRandomPlayouts(t *testing.T, spec *Spec, opts Options, n int) (won int) {
	t.Helper()
	for seed := uint64(1); seed <= uint64(n); seed++ {
		g, err := spec.New(seed, opts)
		if err != nil {
			t.Fatal(err)
		}
		checkCards(t, g)
		randomPlayout(t, g, NewRand(seed*7919), spec.MaxMoves, seed <= 20)
		if g.Won() {
			won++
		}
	}
	return won
}

// testGameContract checks the generic Game methods on a few positions of
// spec: Clone independence, Hash/ViewHash behaviour, hidden cards, and
// that Determinize keeps the visible state and the set of cards.
func testGameContract(t *testing.T, spec *Spec, opts Options) {
	t.Helper()
	for seed := uint64(1); seed <= 5; seed++ {
		g, err := spec.New(seed, opts)
		if err != nil {
			t.Fatal(err)
		}
		r := NewRand(seed)
		var buf []Move
		for step := 0; step < 60 && g.Ending() == Playing; step++ {
			c := g.Clone()
			if c.Hash() != g.Hash() || c.ViewHash() != g.ViewHash() || c.String() != g.String() {
				t.Fatal("clone differs")
			}
			d := g.Clone()
			d.Determinize(NewRand(seed + uint64(step)))
			checkCards(t, d)
			if d.ViewHash() != g.ViewHash() || d.View() != g.View() {
				t.Fatalf("Determinize changed the view\n%s\n%s", g.View(), d.View())
			}
			// The sample depends on the visible state and r only: a game
			// whose hidden cards were rearranged gives the same sample.
			e := g.Clone()
			e.Determinize(NewRand(seed ^ 0xABCDEF))
			d3, e3 := g.Clone(), e
			d3.Determinize(NewRand(99))
			e3.Determinize(NewRand(99))
			if d3.String() != e3.String() || d3.Hash() != e3.Hash() {
				t.Fatalf("Determinize depends on the order of the hidden cards")
			}
			if step == 10 {
				randomPlayout(t, d3, NewRand(seed), spec.MaxMoves, true)
			}
			if strings.Count(g.View(), "##") > 8 && d.Hash() == g.Hash() && d.String() == g.String() {
				// Possible but vanishingly unlikely with more than eight hidden cards.
				d2 := g.Clone()
				d2.Determinize(NewRand(seed + uint64(step) + 1000))
				if d2.String() == g.String() {
					t.Fatalf("Determinize did not reshuffle the hidden cards")
				}
			}
			for _, m := range g.LegalMoves(nil) {
				if (m.Kind == MoveDraw || m.Kind == MoveRedeal) && m.Card != NoCard {
					t.Fatalf("move %v shows a hidden card", m)
				}
			}
			buf = g.LegalMoves(buf[:0])
			m := buf[r.IntN(len(buf))]
			if err := c.Apply(m); err != nil {
				t.Fatal(err)
			}
			if c.Hash() == g.Hash() && c.String() != g.String() {
				t.Fatal("different states hash equal")
			}
			if err := g.Apply(m); err != nil {
				t.Fatal(err)
			}
			if c.Hash() != g.Hash() {
				t.Fatal("same moves, different hashes")
			}
			for i := 0; i < g.NumPiles(); i++ {
				for _, x := range g.Pile(nil, i) {
					if x != NoCard && !x.Valid() {
						t.Fatalf("pile %d: invalid card", i)
					}
				}
			}
		}
	}
}

// testCatalog checks a spec's catalog entries.
func testCatalog(t *testing.T, spec *Spec, wantIDs ...RuleID) {
	t.Helper()
	seen := map[RuleID]bool{}
	for _, r := range spec.Rules {
		if seen[r.ID] {
			t.Errorf("rule %s listed twice", r.ID)
		}
		seen[r.ID] = true
		if r.ID.Game() != spec.ID {
			t.Errorf("rule %s not of game %s", r.ID, spec.ID)
		}
		if r.Summary == "" {
			t.Errorf("rule %s has no summary", r.ID)
		}
		if r.Status != StatusBook && r.Source == "" {
			t.Errorf("rule %s (%s) has no source", r.ID, r.Status)
		}
		if r.Status == StatusBook && len(r.Terms) == 0 {
			t.Errorf("rule %s from the book has no terms", r.ID)
		}
		if (r.Kind == KindNumbered || r.Kind == KindAdvice) && r.Number != r.ID.Local() {
			t.Errorf("rule %s: number %q", r.ID, r.Number)
		}
		for _, term := range r.Terms {
			if strings.ContainsAny(term, "ѣіѳѵ") || strings.HasSuffix(term, "ъ") || strings.Contains(term, "ъ ") {
				t.Errorf("rule %s: term %q is not in modern spelling", r.ID, term)
			}
		}
	}
	for _, id := range wantIDs {
		if !seen[id] {
			t.Errorf("rule %s missing from the catalog", id)
		}
	}
	if _, err := spec.ResolveOptions(nil); err != nil {
		t.Error(err)
	}
	for _, v := range spec.Variants {
		for _, val := range v.Values {
			if _, err := spec.New(1, Options{v.Name: val}); err != nil {
				t.Errorf("variant %s=%s: %v", v.Name, val, err)
			}
		}
	}
	if _, err := spec.NewDeal(NewDeck(1), nil); err == nil {
		t.Error("a one-deck pack was accepted")
	}
	bad := NewDeck(2)
	bad[1] = bad[0]
	if _, err := spec.NewDeal(bad, nil); err == nil {
		t.Error("a pack with a duplicate card was accepted")
	}
}

// testMovesRuleIDs checks that every generated move's rule is catalogued.
func testMovesRuleIDs(t *testing.T, spec *Spec, opts Options) {
	t.Helper()
	for seed := uint64(1); seed <= 10; seed++ {
		g, err := spec.New(seed, opts)
		if err != nil {
			t.Fatal(err)
		}
		r := NewRand(seed)
		var buf []Move
		for n := 0; g.Ending() == Playing && n < spec.MaxMoves; n++ {
			buf = g.LegalMoves(buf[:0])
			for _, m := range buf {
				if rule, ok := spec.Rule(m.Rule); !ok || rule.Kind == KindAdvice {
					t.Fatalf("move %v carries uncatalogued rule", m)
				}
			}
			if err := g.Apply(buf[r.IntN(len(buf))]); err != nil {
				t.Fatal(err)
			}
		}
	}
}

// benchRandom plays random deals of spec; it reports ns/move, allocs/move
// (via the standard -benchmem figures per op = per move) and deals/s.
func benchRandom(b *testing.B, spec *Spec, opts Options) {
	b.Helper()
	var games []Game
	for s := uint64(1); s <= 64; s++ {
		g, err := spec.New(s, opts)
		if err != nil {
			b.Fatal(err)
		}
		games = append(games, g)
	}
	r := NewRand(42)
	buf := make([]Move, 0, 512)
	var g Game
	deals := 0
	next := 0
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		if g == nil || (g.Ending() != Playing) {
			b.StopTimer()
			g = games[next%len(games)].Clone()
			next++
			deals++
			b.StartTimer()
		}
		buf = g.LegalMoves(buf[:0])
		if err := g.Apply(buf[r.IntN(len(buf))]); err != nil {
			b.Fatal(err)
		}
	}
	b.StopTimer()
	if sec := b.Elapsed().Seconds(); sec > 0 {
		b.ReportMetric(float64(b.N)/float64(deals)/1, "moves/deal")
		b.ReportMetric(float64(deals)/sec, "deals/s")
	}
}

// randomPlayouts plays deals 1 … deals of spec with opts, each move drawn
// uniformly from the legal ones by a generator seeded with the deal, up to
// spec.MaxMoves moves, and calls visit at every position with its legal
// moves before one is made — the last position too, with none.
func randomPlayouts(t *testing.T, spec *Spec, opts Options, deals int, visit func(seed uint64, ply int, g Game, legal []Move)) {
	t.Helper()
	var legal []Move
	for seed := uint64(1); seed <= uint64(deals); seed++ {
		g, err := spec.New(seed, opts)
		if err != nil {
			t.Fatal(err)
		}
		r := NewRand(seed)
		for ply := 0; ; ply++ {
			legal = g.LegalMoves(legal[:0])
			visit(seed, ply, g, legal)
			if len(legal) == 0 || ply >= spec.MaxMoves {
				break
			}
			if err := g.Apply(legal[r.IntN(len(legal))]); err != nil {
				t.Fatalf("%v seed %d move %d: %v", opts, seed, ply, err)
			}
		}
	}
}
