package engine

// TEMPORARY stub: replaced by the real implementation of sultan.
func sultanSpec() *Spec {
	return &Spec{ID: "sultan", Title: "The Sultan", Decks: 2, Players: 1, NewDeal: pendingDeal("sultan")}
}
