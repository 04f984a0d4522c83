package sim

import (
	"testing"

	"github.com/pasyans/pasyans/engine"
)

// TestBookFourCornersDecide checks the Four Corners book decision
// (fourCornersDecide: one pass, the marriages counted by the game) against
// the generic decision with the advice fourCorners, every marriage tried
// on the probe's copy (checkBookDecide), with S2 on and off.
func TestBookFourCornersDecide(t *testing.T) {
	spec, err := engine.Lookup("four-corners")
	if err != nil {
		t.Fatal(err)
	}
	ref := bookGame{advice: bookAdvice["four-corners"].advice, choose: (*bookPlayer).fourCorners, probes: true}
	checkBookDecide(t, "four-corners", ref, []string{"", "S2"}, singleVariants(spec))
}
