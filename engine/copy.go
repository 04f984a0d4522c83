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
