package engine

import (
	"fmt"
	"strings"
	"testing"
)

// The property tests run on every spec of Catalog() whose NewDeal is
// implemented, with the default options and each non-default variant value.

// playouts per option set; -short runs fewer.
func numPlayouts(t *testing.T) int {
	if testing.Short() {
		return 100
	}
	return 200
}

func TestProperties(t *testing.T) {
	for _, spec := range implementedSpecs(t) {
		for _, opts := range variantOptions(spec) {
			name := spec.ID
			if len(opts) > 0 {
				name += "/" + spec.VariantString(opts)
			}
			t.Run(name, func(t *testing.T) {
				t.Parallel()
				n := numPlayouts(t)
				if len(opts) > 0 {
					n /= 3
				}
				p := newPropChecker(t, spec, opts)
				p.budget = 8
				if len(opts) == 0 {
					p.budget = 24
				}
				for i := 0; i < n; i++ {
					p.playout(uint64(i)+1000*uint64(len(name)), i == 0)
					if t.Failed() {
						return
					}
				}
				t.Logf("%d playouts, %d moves, %d won, %d universe positions, %d determinize checks",
					n, p.moves, p.won, p.universe, p.determinized)
			})
		}
	}
}

type propChecker struct {
	t            *testing.T
	spec         *Spec
	opts         Options
	rules        []RuleID
	moves, won   int
	universe     int
	budget       int // universe checks left
	determinized int
	legal        []Move
	pile         []Card
}

func newPropChecker(t *testing.T, spec *Spec, opts Options) *propChecker {
	p := &propChecker{t: t, spec: spec, opts: opts}
	for _, r := range spec.Rules {
		if r.Kind != KindAdvice {
			p.rules = append(p.rules, r.ID)
		}
	}
	return p
}

// playout plays one random game checking every property at every step;
// the move universe is checked at sampled positions (every 8th of a deep
// playout) while the budget lasts, Determinize at sampled positions (all of
// a deep playout).
func (p *propChecker) playout(seed uint64, deep bool) {
	t := p.t
	g, err := p.spec.New(seed, p.opts)
	if err != nil {
		t.Fatalf("New(%d): %v", seed, err)
	}
	fail := func(ply int, format string, a ...any) {
		t.Helper()
		t.Fatalf("seed %d ply %d: %s\n%s", seed, ply, fmt.Sprintf(format, a...), g)
	}
	if err := checkConservation(g, p.spec.Decks); err != nil {
		fail(0, "after the deal: %v", err)
	}
	if g.ID() != p.spec.ID {
		fail(0, "ID() = %q", g.ID())
	}
	rng := fastRand(seed)
	fv := g
	var before [][]Card
	for ply := 1; ; ply++ {
		p.legal = g.LegalMoves(p.legal[:0])
		if g.Won() && g.Ending() == Playing {
			fail(ply, "won but not over")
		}
		if !g.Won() && (g.Ending() != Playing) != (len(p.legal) == 0) {
			fail(ply, "Over() = %v with %d legal moves", (g.Ending() != Playing), len(p.legal))
		}
		for i, m := range p.legal {
			if err := g.Check(m); err != nil {
				fail(ply, "generated move fails Check: %v", err)
			}
			if _, ok := p.spec.Rule(m.Rule); !ok {
				fail(ply, "move %v names a rule not in the catalog", m)
			}
			for _, o := range p.legal[:i] {
				if o == m {
					fail(ply, "move %v generated twice", m)
				}
			}
			if m.Card != NoCard && !p.visible(g, m.Card) || m.Card2 != NoCard && !p.visible(g, m.Card2) {
				fail(ply, "move %v names a card the player cannot see", m)
			}
		}
		if (deep && ply%8 == 1 || rng.intn(64) == 0) && p.budget > 0 {
			p.budget--
			p.checkUniverse(g, seed, ply)
		}
		if deep || rng.intn(16) == 0 {
			p.checkDeterminize(g, seed, ply, rng.next())
		}
		if len(p.legal) == 0 {
			break
		}
		if ply > p.spec.MaxMoves {
			fail(ply, "game not over after MaxMoves = %d", p.spec.MaxMoves)
		}
		m := p.legal[rng.intn(len(p.legal))]
		// Snapshot foundations.
		before = before[:0]
		for i := 0; i < g.NumPiles(); i++ {
			var cs []Card
			if strings.HasPrefix(g.PileName(i), FoundationPrefix) {
				cs = fv.FullPile(nil, i)
			}
			before = append(before, cs)
		}
		steps := -1
		if gr, ok := g.(Graded); ok {
			steps = gr.Steps()
		}
		clone := g.Clone()
		h, vh := g.Hash(), g.ViewHash()
		if clone.Hash() != h || clone.ViewHash() != vh {
			fail(ply, "clone hashes differ")
		}
		if g.Hash() != h {
			fail(ply, "Hash not stable")
		}
		if err := g.Apply(m); err != nil {
			fail(ply, "Apply(%v) of a legal move: %v", m, err)
		}
		p.moves++
		if gr, ok := g.(Graded); ok && gr.Steps() != steps+1 {
			fail(ply, "Graded: %v took Steps from %d to %d", m, steps, gr.Steps())
		}
		if clone.Hash() != h || clone.ViewHash() != vh {
			fail(ply, "Apply on the game changed its clone")
		}
		// The clone makes the move as a listed one (Rules.ApplyListed):
		// without the check, the same state.
		clone.ApplyListed(&m)
		if clone.Hash() != g.Hash() || clone.ViewHash() != g.ViewHash() || clone.String() != g.String() {
			fail(ply, "ApplyListed(%v) on a clone gives another state than Apply", m)
		}
		if err := checkConservation(g, p.spec.Decks); err != nil {
			fail(ply, "after %v: %v", m, err)
		}
		for i, old := range before {
			if old == nil {
				continue
			}
			now := fv.FullPile(nil, i)
			if m.Kind == MoveTransfer && int(m.From) == i {
				continue
			}
			if len(now) < len(old) || fmt.Sprint(now[:len(old)]) != fmt.Sprint(old) {
				fail(ply, "after %v foundation %s went from %v to %v", m, g.PileName(i), old, now)
			}
		}
	}
	if g.Won() {
		p.won++
		if g.Score() != g.Total() {
			t.Fatalf("seed %d: won with score %d of %d", seed, g.Score(), g.Total())
		}
	}
	if g.Score() < 0 || g.Score() > g.Total() {
		t.Fatalf("seed %d: score %d out of 0..%d", seed, g.Score(), g.Total())
	}
}

// visible reports whether c is shown by Pile somewhere.
func (p *propChecker) visible(g Game, c Card) bool {
	for i := 0; i < g.NumPiles(); i++ {
		p.pile = g.Pile(p.pile[:0], i)
		for _, x := range p.pile {
			if x == c {
				return true
			}
		}
	}
	return false
}

// checkUniverse verifies that Check accepts no move LegalMoves leaves out,
// over every Kind × From × To × (NoCard or a visible card of From) ×
// (NoCard, or for pairs a visible card of To) × catalog rule.
func (p *propChecker) checkUniverse(g Game, seed uint64, ply int) {
	p.universe++
	legal := map[Move]bool{}
	for _, m := range p.legal {
		legal[m] = true
	}
	n := g.NumPiles()
	vis := make([][]Card, n)
	for i := range vis {
		for _, c := range g.Pile(nil, i) {
			if c != NoCard {
				vis[i] = append(vis[i], c)
			}
		}
	}
	for k := MoveFoundation; k <= MovePass; k++ {
		for from := 0; from < n; from++ {
			c1 := append([]Card{NoCard}, vis[from]...)
			for to := 0; to < n; to++ {
				c2 := []Card{NoCard}
				if k == MovePair {
					c2 = append(c2, vis[to]...)
				}
				for _, a := range c1 {
					for _, b := range c2 {
						for _, r := range p.rules {
							m := Move{Kind: k, From: uint8(from), To: uint8(to), Card: a, Card2: b, Rule: r}
							if g.Check(m) == nil && !legal[m] {
								p.t.Fatalf("seed %d ply %d: Check accepts %v but LegalMoves does not generate it\n%s", seed, ply, m, g)
							}
						}
					}
				}
			}
		}
	}
}

// checkDeterminize verifies Determinize: it keeps the visible state, the
// cards and the legal moves, and its result does not depend on the order
// of the hidden cards.
func (p *propChecker) checkDeterminize(g Game, seed uint64, ply int, s uint64) {
	p.determinized++
	t := p.t
	d := g.Clone()
	d.Determinize(NewRand(s))
	if d.ViewHash() != g.ViewHash() {
		t.Fatalf("seed %d ply %d: Determinize changed the ViewHash", seed, ply)
	}
	if err := checkConservation(d, p.spec.Decks); err != nil {
		t.Fatalf("seed %d ply %d: after Determinize: %v", seed, ply, err)
	}
	if fmt.Sprint(d.LegalMoves(nil)) != fmt.Sprint(p.legal) {
		t.Fatalf("seed %d ply %d: Determinize changed the legal moves", seed, ply)
	}
	if d.View() != g.View() {
		t.Fatalf("seed %d ply %d: Determinize changed the View", seed, ply)
	}
	// d and g differ only in the order of hidden cards: the same Rand must
	// give the same state.
	a, b := g.Clone(), d.Clone()
	a.Determinize(NewRand(s ^ 0x5555))
	b.Determinize(NewRand(s ^ 0x5555))
	if a.Hash() != b.Hash() {
		t.Fatalf("seed %d ply %d: Determinize depends on the hidden order", seed, ply)
	}
}

// TestCatalogConsistency checks every spec's catalog data.
func TestCatalogConsistency(t *testing.T) {
	seen := map[string]bool{}
	for _, s := range Catalog() {
		if seen[s.ID] {
			t.Errorf("duplicate game %s", s.ID)
		}
		seen[s.ID] = true
		if _, err := s.New(1, nil); err != nil && strings.Contains(err.Error(), "not implemented") {
			continue
		}
		if s.Title == "" || len(s.TitlesRU) == 0 || s.Book == "" || s.MaxMoves <= 0 || s.Players < 1 || len(s.Rules) == 0 {
			t.Errorf("%s: incomplete spec (title, Russian titles, book, MaxMoves, players, rules)", s.ID)
		}
		ids := map[RuleID]bool{}
		for _, r := range s.Rules {
			if ids[r.ID] {
				t.Errorf("%s: duplicate rule %s", s.ID, r.ID)
			}
			ids[r.ID] = true
			if r.ID.Game() != s.ID {
				t.Errorf("%s: rule %s names another game", s.ID, r.ID)
			}
			if r.Summary == "" {
				t.Errorf("%s: no summary", r.ID)
			}
			switch r.Kind {
			case KindNumbered, KindAdvice:
				if r.Number == "" || r.ID.Local() != r.Number {
					t.Errorf("%s: number %q does not match the ID", r.ID, r.Number)
				}
			case KindPlay:
			default:
				t.Errorf("%s: kind %q", r.ID, r.Kind)
			}
			switch r.Status {
			case StatusBook:
			case StatusLost, StatusConvention:
				if r.Source == "" {
					t.Errorf("%s: status %s needs a source", r.ID, r.Status)
				}
			default:
				t.Errorf("%s: status %q", r.ID, r.Status)
			}
		}
		for _, v := range s.Variants {
			ok := false
			for _, val := range v.Values {
				ok = ok || val == v.Default
			}
			if !ok || v.Doc == "" {
				t.Errorf("%s: variant %s: default %q not among values or no doc", s.ID, v.Name, v.Default)
			}
		}
		if _, err := s.ResolveOptions(Options{"no-such-option": "x"}); err == nil {
			t.Errorf("%s: unknown option accepted", s.ID)
		}
	}
}
