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
func (g *britishConstitution) CopyFrom(src Game) bool { return copyState(g, src) }

// CopyFrom implements Game.CopyFrom.
func (g *zodiac) CopyFrom(src Game) bool { return copyState(g, src) }

// CopyFrom implements Game.CopyFrom.
func (g *SympathyGame) CopyFrom(src Game) bool { return copyState(g, src) }
