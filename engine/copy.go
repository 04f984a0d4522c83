package engine

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

// CopyFrom implements Game.CopyFrom.
func (g *salicLaw) CopyFrom(src Game) bool { return copyState(g, src) }

// CopyFrom implements Game.CopyFrom.
func (g *fourCorners) CopyFrom(src Game) bool { return copyState(g, src) }

// CopyFrom implements Game.CopyFrom.
func (g *windmill) CopyFrom(src Game) bool { return copyState(g, src) }

// CopyFrom implements Game.CopyFrom.
func (g *shah) CopyFrom(src Game) bool { return copyState(g, src) }

// CopyFrom implements Game.CopyFrom.
func (g *duchess) CopyFrom(src Game) bool { return copyState(g, src) }

// CopyFrom implements Game.CopyFrom.
func (g *sultan) CopyFrom(src Game) bool { return copyState(g, src) }

// CopyFrom implements Game.CopyFrom.
func (g *redAndBlack) CopyFrom(src Game) bool { return copyState(g, src) }
