package engine

// TEMPORARY stub: replaced by the real implementation of shah.
func shahSpec() *Spec {
	return &Spec{ID: "shah", Title: "The Shah", Decks: 2, Players: 1, NewDeal: pendingDeal("shah")}
}
