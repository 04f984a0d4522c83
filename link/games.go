package link

import (
	"slices"

	"github.com/pasyans/pasyans/corpus"
	"github.com/pasyans/pasyans/engine"
)

// Games returns the games of cat as the corpus segmenter needs them
// (corpus.Options.Games): each game's ID, its Russian titles from the
// catalog (engine.Spec.TitlesRU), and the word stems of its text by which
// the segmenter attributes the opening blocks of a document that starts
// inside the game, before any heading (the vocabulary table below). nil
// means engine.Catalog().
func Games(cat []*engine.Spec) []corpus.Game {
	if cat == nil {
		cat = engine.Catalog()
	}
	out := make([]corpus.Game, 0, len(cat))
	for _, s := range cat {
		if s == nil {
			continue
		}
		out = append(out, corpus.Game{ID: s.ID, Titles: slices.Clone(s.TitlesRU), Vocabulary: slices.Clone(vocabulary[s.ID])})
	}
	return out
}

// vocabulary lists, for each game of the catalog, word stems typical of its
// text in the books, in folded spelling (lower case, ё and ѣ as е, й as и,
// no final ъ): the game's name and its own things (the Mill's wings, the
// Shah's star and rays, the Zodiac's equator, the Sultan's harem). A word
// counts as a form of a stem only with an inflectional ending, and the
// segmenter wants two words and a clear lead over every other game before
// it attributes text by them (see the corpus package doc).
var vocabulary = map[string][]string{
	"salic-law":            {"салическ", "королевск", "дам"},
	"four-corners":         {"угл", "углов", "боков"},
	"windmill":             {"мельниц", "крыл", "крыль"},
	"shah":                 {"шах", "звезд", "круг", "луч"},
	"duchess-de-luynes":    {"герцогин", "люинь", "отставн"},
	"british-constitution": {"конституц", "совет", "палат", "народ", "отделени", "правительств", "епископ"},
	"zodiac":               {"зодиак", "экватор"},
	"sympathy":             {"симпати", "партнер", "грации", "грация"},
	"sultan":               {"султан", "гарем", "кону"},
	"napoleon":             {"наполеон", "резерв", "парн", "попарно"},
	"red-and-black":        {"красн", "черн", "тасу"},
}
