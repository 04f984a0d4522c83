package sim

import (
	"testing"

	"github.com/pasyans/pasyans/engine"
)

// TestBookRedAndBlackDecide checks Red and Black's book decision
// (redAndBlackDecide: the advice bans nothing and memoizes no probe, and
// greedy's tie-break is spared the question when the game tells no move
// opens a play) against the generic decision with the advice redAndBlack
// on the game without its counters (plainGame: the plays a shift opens
// are counted on the probe's copy; checkBookDecide), with each advice on
// and off.
func TestBookRedAndBlackDecide(t *testing.T) {
	spec, err := engine.Lookup("red-and-black")
	if err != nil {
		t.Fatal(err)
	}
	ref := bookGame{advice: bookAdvice["red-and-black"].advice, choose: (*bookPlayer).redAndBlackAdvice}
	checkBookDecide(t, "red-and-black", ref, []string{"", "S1", "S2"}, singleVariants(spec))
}
