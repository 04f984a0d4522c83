package engine

// Acyclic is implemented by games in which no position can come back
// within a deal: every move makes progress by a measure that never goes
// back. A player that remembers the positions it played from, to keep out
// of cycles (greedy's memory of the views it played tableau moves from, in
// package sim), would never find one there, so it keeps no memory and
// never asks for the view (ViewHash), which spares the game the upkeep of
// its view's hash at every move.
//
// Acyclic reports whether the game, in its variant, has that property;
// false says nothing. Each game that has it gives the measure in its
// method's doc, and a test checks it at every move of random playouts of
// every variant.
type Acyclic interface {
	Acyclic() bool
}
