package engine

// TEMPORARY stub: replaced by the real implementation of red-and-black.
func redAndBlackSpec() *Spec {
	return &Spec{ID: "red-and-black", Title: "Red and Black", Decks: 2, Players: 1, NewDeal: pendingDeal("red-and-black")}
}
