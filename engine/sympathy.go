package engine

// TEMPORARY stub: replaced by the real implementation of sympathy.
func sympathySpec() *Spec {
	return &Spec{ID: "sympathy", Title: "Sympathy", Decks: 2, Players: 1, NewDeal: pendingDeal("sympathy")}
}
