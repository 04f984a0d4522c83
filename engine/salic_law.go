package engine

// TEMPORARY stub: replaced by the real implementation of salic-law.
func salicLawSpec() *Spec {
	return &Spec{ID: "salic-law", Title: "Salic Law", Decks: 2, Players: 1, NewDeal: pendingDeal("salic-law")}
}
