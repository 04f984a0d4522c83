package viewer

import (
	"io"
	"testing"

	"github.com/pasyans/pasyans/engine"
)

// BenchmarkWriteLongGame writes the viewer of a 1,116-move game of Red and
// Black (moves=sequence, seed 1, random strategy): replay, diffs, JSON.
func BenchmarkWriteLongGame(b *testing.B) {
	spec, err := engine.Lookup("red-and-black")
	if err != nil {
		b.Fatal(err)
	}
	opts := engine.Options{"moves": "sequence"}
	in := Input{Game: spec.ID, Options: opts, Seed: 1, Strategy: "random", Moves: playMoves(b, spec, opts, 1, "random"),
		Passages: fakePassages(spec)}
	b.ReportAllocs()
	for b.Loop() {
		if err := Write(io.Discard, in); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(len(in.Moves)), "moves")
}
