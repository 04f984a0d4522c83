package engine

// TEMPORARY stub: replaced by the real implementation of four-corners.
func fourCornersSpec() *Spec {
	return &Spec{ID: "four-corners", Title: "Four Corners", Decks: 2, Players: 1, NewDeal: pendingDeal("four-corners")}
}
