package engine

import "testing"

// checkedRolloutMove returns g's RolloutMove for legal (g's legal moves,
// not empty) after checking that it is an index of legal and a pure
// function of the state: g's hash is unchanged and a clone chooses the same.
func checkedRolloutMove(t *testing.T, g interface {
	Game
	Roller
}, legal []Move) int {
	t.Helper()
	h := g.Hash()
	i := g.RolloutMove(legal)
	if i < 0 || i >= len(legal) {
		t.Fatalf("RolloutMove %d of %d moves", i, len(legal))
	}
	if g.Hash() != h || g.Clone().(Roller).RolloutMove(legal) != i {
		t.Fatal("RolloutMove is not a pure function of the state")
	}
	return i
}

// rollOut plays g out with its rollout heuristic, calling check before
// each move, and reports whether the playout won.
func rollOut(t *testing.T, g interface {
	Game
	Roller
}, check func()) bool {
	t.Helper()
	for !g.Won() {
		legal := g.LegalMoves(nil)
		if len(legal) == 0 {
			return false
		}
		check()
		if err := g.Apply(legal[g.RolloutMove(legal)]); err != nil {
			t.Fatal(err)
		}
	}
	return true
}
