package sim

import (
	"testing"

	"github.com/pasyans/pasyans/engine"
)

// TestBookWindmillReference checks the Mill's book decision
// (windmillDecide: one pass over the moves, S2 counted by the game)
// against the code it replaced (windmillRef through the generic decide,
// on the game wrapped so that it has none of the optional readers;
// checkBookDecide), with each advice turned off in turn, the book's own
// play in the variants and their combinations below.
func TestBookWindmillReference(t *testing.T) {
	ref := bookGame{advice: bookAdvice["windmill"].advice, choose: (*bookPlayer).windmillRef}
	checkBookDecide(t, "windmill", ref, []string{"", "S1", "S2"},
		[]engine.Options{nil, {"transfer": "any"}, {"transfer": "none"}, {"kings": "choice"}, {"transfer": "any", "kings": "choice"}})
}
