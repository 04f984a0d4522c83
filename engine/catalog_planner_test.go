package engine

import "testing"

// TestPlannerDefaultsCover checks that every game of the catalog gives the
// planner's defaults (Spec.Planner) and that they are in range.
func TestPlannerDefaultsCover(t *testing.T) {
	for _, s := range Catalog() {
		d := s.Planner
		if d.Samples < 1 || d.Horizon < 0 || d.Horizon > s.MaxMoves {
			t.Errorf("%s: planner defaults %+v: want Samples ≥ 1 and 0 ≤ Horizon ≤ MaxMoves", s.ID, d)
		}
	}
}
