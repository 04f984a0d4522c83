package engine

// TEMPORARY stub: replaced by the real implementation of napoleon.
func napoleonSpec() *Spec {
	return &Spec{ID: "napoleon", Title: "Napoleon", Decks: 1, Players: 1, NewDeal: pendingDeal("napoleon")}
}
