package engine

// TEMPORARY stub: replaced by the real implementation of duchess-de-luynes.
func duchessSpec() *Spec {
	return &Spec{ID: "duchess-de-luynes", Title: "Duchess de Luynes", Decks: 2, Players: 1, NewDeal: pendingDeal("duchess-de-luynes")}
}
