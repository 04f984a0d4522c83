package engine

// DeadEndNamer is implemented by games whose DeadEnd rests on more than one
// argument (each game's search notes number or name them): DeadEndName
// names the argument by which DeadEnd proves the current state lost. It is
// called only on a state for which DeadEnd has just reported true, so that
// a solver can say how it proved a loss (a layout search, an endgame
// evaluation, a numbered dead end); it is never called in a search's hot
// loop. A game without it has one kind of dead end, named "dead end".
type DeadEndNamer interface {
	DeadEndName() string
}

// Names of the arguments behind DeadEnd (DeadEndNamer).
const (
	DeadEndGeneric  = "dead end"
	DeadEndLayout   = "layout search"
	DeadEndEndgame  = "endgame evaluation"
	deadEndSalicLow = "dead end (relaxed test)"
	deadEndZodiac1  = "dead end 1 (relaxation)"
	deadEndZodiac2  = "dead end 2 (suits without a pile)"
	deadEndZodiac3  = "dead end 3 (marriages)"
)

// DeadEndName names the Zodiac's dead end (zodiacSearch numbers them): the
// tests in DeadEnd's order, the first that holds.
func (g *zodiac) DeadEndName() string {
	if !g.phase2() {
		var hasPile [NumSuits]bool
		for z := 0; z < zoZN; z++ {
			if c := g.lay.top(zoZ0 + z); c != NoCard {
				hasPile[c.Suit()] = true
			}
		}
		if g.unplacedWithout(hasPile) > 8 {
			return deadEndZodiac2
		}
		if g.overflow() {
			return deadEndZodiac3
		}
		if g.layoutLost() {
			return DeadEndLayout
		}
	}
	return deadEndZodiac1
}

// DeadEndName names Salic Law's dead end (salicLawSearch): the relaxed
// test, or else the endgame evaluation.
func (g *salicLaw) DeadEndName() string {
	if g.deadRelaxed() {
		return deadEndSalicLow
	}
	return DeadEndEndgame
}

// DeadEndName names the Mill's one dead end: the endgame evaluation once
// the stock is out (windmillSearch).
func (g *windmill) DeadEndName() string { return DeadEndEndgame }
