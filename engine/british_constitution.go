package engine

// TEMPORARY stub: replaced by the real implementation of british-constitution.
func britishConstitutionSpec() *Spec {
	return &Spec{ID: "british-constitution", Title: "The British Constitution", Decks: 2, Players: 1, NewDeal: pendingDeal("british-constitution")}
}
