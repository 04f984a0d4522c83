package engine

// Copier is an optional interface of a Game: CopyFrom overwrites the
// receiver with an independent copy of src — the state src.Clone() would
// return — without allocating, and reports true; when src is not a state
// of the same game implementation it reports false and leaves the receiver
// unchanged. Strategies that try moves on copies (greedy's tie-break,
// book, lookahead) keep one clone buffer per player and refill it with
// CopyFrom instead of allocating a Clone at every decision.
//
// Every game of the catalog implements Copier.
type Copier interface {
	CopyFrom(src Game) bool
}

// copyState is CopyFrom for the games whose state is one value-typed
// struct (Clone is a plain struct copy): *dst = *src when src is a *T.
func copyState[T any](dst *T, src Game) bool {
	s, ok := any(src).(*T)
	if !ok {
		return false
	}
	if s != dst {
		*dst = *s
	}
	return true
}

// CopyFrom implements Copier.
func (g *salicLaw) CopyFrom(src Game) bool { return copyState(g, src) }

// CopyFrom implements Copier.
func (g *fourCorners) CopyFrom(src Game) bool { return copyState(g, src) }

// CopyFrom implements Copier.
func (g *windmill) CopyFrom(src Game) bool { return copyState(g, src) }

// CopyFrom implements Copier.
func (g *shah) CopyFrom(src Game) bool { return copyState(g, src) }

// CopyFrom implements Copier.
func (g *duchess) CopyFrom(src Game) bool { return copyState(g, src) }

// CopyFrom implements Copier.
func (g *britishConstitution) CopyFrom(src Game) bool { return copyState(g, src) }

// CopyFrom implements Copier.
func (g *zodiac) CopyFrom(src Game) bool { return copyState(g, src) }

// CopyFrom implements Copier.
func (g *SympathyGame) CopyFrom(src Game) bool { return copyState(g, src) }

// CopyFrom implements Copier.
func (g *sultan) CopyFrom(src Game) bool { return copyState(g, src) }

// CopyFrom implements Copier.
func (g *napoleon) CopyFrom(src Game) bool { return copyState(g, src) }

// CopyFrom implements Copier.
func (g *redAndBlack) CopyFrom(src Game) bool { return copyState(g, src) }
