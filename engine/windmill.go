package engine

// TEMPORARY stub: replaced by the real implementation of windmill.
func windmillSpec() *Spec {
	return &Spec{ID: "windmill", Title: "The Mill", Decks: 2, Players: 1, NewDeal: pendingDeal("windmill")}
}
