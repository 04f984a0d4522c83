package engine

// TEMPORARY stub: replaced by the real implementation of zodiac.
func zodiacSpec() *Spec {
	return &Spec{ID: "zodiac", Title: "The Zodiac", Decks: 2, Players: 1, NewDeal: pendingDeal("zodiac")}
}
