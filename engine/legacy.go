package engine

// Transitional adapters for the games not yet written in the one skeleton
// (layout.go). Each goes when its game is converted.

// legacyStart adapts a constructor of the old form to Spec.Start.
func legacyStart(f func(pack []Card, opts Options) (Game, error)) func(v *VariantReader) (Dealer, error) {
	return func(v *VariantReader) (Dealer, error) {
		o := v.opts
		return func(pack []Card) (Game, error) { return f(pack, o) }, nil
	}
}

// legacyKind classifies a pile by the old naming conventions.
func legacyKind(name string) PileKind {
	switch {
	case name == "talon":
		return PileTalon
	case name == "stock":
		return PileStock
	case name == AsidePile:
		return PileAside
	case name == "out":
		return PileDiscard
	case len(name) > 1 && name[0] == 'F' && name[1] >= '0' && name[1] <= '9':
		return PileFoundation
	}
	return PileTableau
}

// legacySpec returns the catalog spec of a game by ID.
func legacySpec(id string) *Spec {
	s, _ := Lookup(id)
	return s
}

func (g *duchess) Spec() *Spec             { return legacySpec(g.ID()) }
func (g *duchess) PileKind(i int) PileKind { return legacyKind(g.PileName(i)) }
func (g *duchess) Ending() Ending          { return ending(g.Won(), false, !g.Over()) }

func (g *fourCorners) Spec() *Spec             { return legacySpec(g.ID()) }
func (g *fourCorners) PileKind(i int) PileKind { return legacyKind(g.PileName(i)) }
func (g *fourCorners) Ending() Ending          { return ending(g.Won(), false, !g.Over()) }

func (g *redAndBlack) Spec() *Spec             { return legacySpec(g.ID()) }
func (g *redAndBlack) PileKind(i int) PileKind { return legacyKind(g.PileName(i)) }
func (g *redAndBlack) Ending() Ending          { return ending(g.Won(), false, !g.Over()) }

func (g *salicLaw) Spec() *Spec             { return legacySpec(g.ID()) }
func (g *salicLaw) PileKind(i int) PileKind { return legacyKind(g.PileName(i)) }
func (g *salicLaw) Ending() Ending          { return ending(g.Won(), false, !g.Over()) }

func (g *shah) Spec() *Spec             { return legacySpec(g.ID()) }
func (g *shah) PileKind(i int) PileKind { return legacyKind(g.PileName(i)) }
func (g *shah) Ending() Ending          { return ending(g.Won(), false, !g.Over()) }

func (g *sultan) Spec() *Spec             { return legacySpec(g.ID()) }
func (g *sultan) PileKind(i int) PileKind { return legacyKind(g.PileName(i)) }
func (g *sultan) Ending() Ending          { return ending(g.Won(), false, !g.Over()) }

func (g *windmill) Spec() *Spec             { return legacySpec(g.ID()) }
func (g *windmill) PileKind(i int) PileKind { return legacyKind(g.PileName(i)) }
func (g *windmill) Ending() Ending          { return ending(g.Won(), false, !g.Over()) }
