package sim

import (
	"fmt"
	"slices"
	"strings"

	"github.com/pasyans/pasyans/engine"
)

// toyGame is a small test-only patience with hidden information, so that
// the sim package can be tested before (and independently of) the real
// games. One deck cut to ranks 1…maxRank; piles: 0 stock (face down),
// 1 talon (face up), 2–5 foundations by suit (up from the ace), 6–9 reserve
// piles (top card available). Moves: to a foundation from the talon or a
// reserve top; build a talon or reserve top on a reserve top one rank
// higher (any suit); fill an empty reserve from the talon or a reserve top;
// draw; one redeal. Reserve-to-reserve moves make cycles possible.
type toyGame struct {
	maxRank engine.Rank
	piles   [10][]engine.Card
	redeals int
}

const (
	toyStock = 0
	toyTalon = 1
	toyF0    = 2
	toyR0    = 6
)

var toySpec = &engine.Spec{
	ID: "toy", Title: "Toy", Decks: 1, Players: 1, MaxMoves: 400,
	Piles: toyPiles,
	Start: func(*engine.VariantReader) (engine.Dealer, error) {
		return func(pack []engine.Card) (engine.Game, error) { return newToy(pack, 6), nil }, nil
	},
}

// toyPiles is the toy's layout.
var toyPiles = []engine.PileInfo{
	{Name: "stock", Kind: engine.PileStock}, {Name: "talon", Kind: engine.PileTalon},
	{Name: "F0", Kind: engine.PileFoundation}, {Name: "F1", Kind: engine.PileFoundation},
	{Name: "F2", Kind: engine.PileFoundation}, {Name: "F3", Kind: engine.PileFoundation},
	{Name: "R0", Kind: engine.PileTableau}, {Name: "R1", Kind: engine.PileTableau},
	{Name: "R2", Kind: engine.PileTableau}, {Name: "R3", Kind: engine.PileTableau},
}

func newToy(pack []engine.Card, maxRank engine.Rank) *toyGame {
	g := &toyGame{maxRank: maxRank}
	var cards []engine.Card
	for _, c := range pack {
		if c.Rank() <= maxRank {
			cards = append(cards, c)
		}
	}
	for i := 0; i < 4; i++ {
		g.piles[toyR0+i] = append(g.piles[toyR0+i], cards[i])
	}
	rest := cards[4:]
	// Stock: top of the pack is the end of the slice.
	for i := len(rest) - 1; i >= 0; i-- {
		g.piles[toyStock] = append(g.piles[toyStock], rest[i])
	}
	return g
}

func (g *toyGame) ID() string              { return "toy" }
func (g *toyGame) Options() engine.Options { return engine.Options{} }
func (g *toyGame) Redeals() int            { return g.redeals }
func (g *toyGame) NumPiles() int           { return len(g.piles) }
func (g *toyGame) Total() int              { return 4 * int(g.maxRank) }
func (g *toyGame) Won() bool               { return g.Score() == g.Total() }
func (g *toyGame) Spec() *engine.Spec      { return toySpec }
func (g *toyGame) PileKind(i int) engine.PileKind {
	return toyPiles[i].Kind
}

func (g *toyGame) Ending() engine.Ending {
	switch {
	case g.Won():
		return engine.EndWon
	case len(g.LegalMoves(nil)) == 0:
		return engine.EndStuck
	}
	return engine.Playing
}

func (g *toyGame) FullPile(dst []engine.Card, i int) []engine.Card { return append(dst, g.piles[i]...) }

// CopyFrom makes g a copy of src when src is a toy game of the same kind.
func (g *toyGame) CopyFrom(src engine.Game) bool {
	s, ok := src.(*toyGame)
	if !ok {
		return false
	}
	g.maxRank, g.redeals = s.maxRank, s.redeals
	for i, p := range s.piles {
		g.piles[i] = append(g.piles[i][:0], p...)
	}
	return true
}
func (g *toyGame) top(i int) engine.Card { p := g.piles[i]; return p[len(p)-1] }
func (g *toyGame) fits(c engine.Card) bool {
	return len(g.piles[toyF0+int(c.Suit())]) == int(c.Rank())-1
}
func (g *toyGame) Check(m engine.Move) error { return g.check(m) }

func (g *toyGame) Score() int {
	s := 0
	for i := 0; i < 4; i++ {
		s += len(g.piles[toyF0+i])
	}
	return s
}

func (g *toyGame) PileName(i int) string {
	switch {
	case i == toyStock:
		return "stock"
	case i == toyTalon:
		return "talon"
	case i < toyR0:
		return fmt.Sprintf("F%d", i-toyF0)
	default:
		return fmt.Sprintf("R%d", i-toyR0)
	}
}

func (g *toyGame) Pile(dst []engine.Card, i int) []engine.Card {
	if i == toyStock {
		for range g.piles[i] {
			dst = append(dst, engine.NoCard)
		}
		return dst
	}
	return append(dst, g.piles[i]...)
}

func (g *toyGame) LegalMoves(dst []engine.Move) []engine.Move {
	srcs := [5]int{toyTalon, toyR0, toyR0 + 1, toyR0 + 2, toyR0 + 3}
	for _, s := range srcs {
		if len(g.piles[s]) == 0 {
			continue
		}
		c := g.top(s)
		if g.fits(c) {
			dst = append(dst, engine.Move{Kind: engine.MoveFoundation, From: uint8(s), To: uint8(toyF0 + int(c.Suit())), Card: c, Card2: engine.NoCard, Rule: "toy/foundation"})
		}
	}
	for _, s := range srcs {
		if len(g.piles[s]) == 0 {
			continue
		}
		c := g.top(s)
		for r := toyR0; r < toyR0+4; r++ {
			if r == s {
				continue
			}
			if len(g.piles[r]) == 0 {
				if s == toyTalon || len(g.piles[s]) > 1 {
					dst = append(dst, engine.Move{Kind: engine.MoveFill, From: uint8(s), To: uint8(r), Card: c, Card2: engine.NoCard, Rule: "toy/fill"})
				}
			} else if g.top(r).Rank() == c.Rank()+1 {
				dst = append(dst, engine.Move{Kind: engine.MoveBuild, From: uint8(s), To: uint8(r), Card: c, Card2: engine.NoCard, Rule: "toy/build"})
			}
		}
	}
	if len(g.piles[toyStock]) > 0 {
		dst = append(dst, engine.Move{Kind: engine.MoveDraw, From: toyStock, To: toyTalon, Card: engine.NoCard, Card2: engine.NoCard, Rule: "toy/draw"})
	} else if len(g.piles[toyTalon]) > 0 && g.redeals < 1 {
		dst = append(dst, engine.Move{Kind: engine.MoveRedeal, From: toyTalon, To: toyStock, Card: engine.NoCard, Card2: engine.NoCard, Rule: "toy/redeal"})
	}
	return dst
}

func (g *toyGame) check(m engine.Move) error {
	if !slices.Contains(g.LegalMoves(nil), m) {
		return fmt.Errorf("toy: %v: %w", m, engine.ErrIllegal)
	}
	return nil
}

func (g *toyGame) Apply(m engine.Move) error {
	if err := g.check(m); err != nil {
		return err
	}
	switch m.Kind {
	case engine.MoveDraw:
		s := g.piles[toyStock]
		g.piles[toyTalon] = append(g.piles[toyTalon], s[len(s)-1])
		g.piles[toyStock] = s[:len(s)-1]
	case engine.MoveRedeal:
		t := g.piles[toyTalon]
		for i := len(t) - 1; i >= 0; i-- {
			g.piles[toyStock] = append(g.piles[toyStock], t[i])
		}
		g.piles[toyTalon] = t[:0]
		g.redeals++
	default:
		from := g.piles[m.From]
		g.piles[m.To] = append(g.piles[m.To], from[len(from)-1])
		g.piles[m.From] = from[:len(from)-1]
	}
	return nil
}

func (g *toyGame) hash(view bool) uint64 {
	h := uint64(fnvOffset64)
	for i, p := range g.piles {
		if view && i == toyStock {
			h = (h ^ uint64(len(p))) * fnvPrime64
		} else {
			for _, c := range p {
				h = (h ^ uint64(c)) * fnvPrime64
			}
		}
		h = (h ^ 0xff) * fnvPrime64
	}
	return (h ^ uint64(g.redeals)) * fnvPrime64
}

func (g *toyGame) Hash() uint64     { return g.hash(false) }
func (g *toyGame) ViewHash() uint64 { return g.hash(true) }

func (g *toyGame) Clone() engine.Game {
	c := &toyGame{maxRank: g.maxRank, redeals: g.redeals}
	for i, p := range g.piles {
		c.piles[i] = slices.Clone(p)
	}
	return c
}

// Determinize sorts the stock into a canonical order and shuffles it with
// r, so the result depends only on the visible state and r.
func (g *toyGame) Determinize(r *engine.Rand) {
	s := g.piles[toyStock]
	slices.Sort(s)
	r.Shuffle(s)
}

func (g *toyGame) render(view bool) string {
	var b strings.Builder
	for i, p := range g.piles {
		b.WriteString(g.PileName(i) + ":")
		for _, c := range p {
			if view && i == toyStock {
				b.WriteString(" ##")
			} else {
				b.WriteString(" " + c.String())
			}
		}
		b.WriteByte('\n')
	}
	return b.String()
}

func (g *toyGame) String() string { return g.render(false) }
func (g *toyGame) View() string   { return g.render(true) }
