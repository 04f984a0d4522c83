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

func (g *SympathyGame) Spec() *Spec             { return legacySpec(g.ID()) }
func (g *SympathyGame) PileKind(i int) PileKind { return legacyKind(g.PileName(i)) }
func (g *SympathyGame) Ending() Ending          { return ending(g.Won(), false, !g.Over()) }

func (g *zodiac) Spec() *Spec             { return legacySpec(g.ID()) }
func (g *zodiac) PileKind(i int) PileKind { return legacyKind(g.PileName(i)) }
func (g *zodiac) Ending() Ending          { return ending(g.Won(), false, !g.Over()) }

func (g *britishConstitution) Spec() *Spec             { return legacySpec(g.ID()) }
func (g *britishConstitution) PileKind(i int) PileKind { return legacyKind(g.PileName(i)) }
func (g *britishConstitution) Ending() Ending          { return ending(g.Won(), false, !g.Over()) }
