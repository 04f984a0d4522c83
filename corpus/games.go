package corpus

import (
	"slices"
	"strings"
)

// Game is a game of the corpus as the segmenter knows it. The engine's
// catalog has the full rules; corpus keeps its own small table so that it
// imports nothing of the project.
type Game struct {
	// ID is the game's stable ID from GAMES.md, e.g. "four-corners".
	ID string
	// Book is the book of the corpus the game is in: "Cadogan" (files
	// 000–002, Russian translation) or "Pujol" (004).
	Book string
	// Titles are the game's Russian titles: first as printed in the book
	// (pre-reform spelling for Cadogan), then in modern spelling. Headings
	// are matched against their folded forms, with OCR tolerance.
	Titles []string
	// Vocabulary are folded word stems typical of the game's text; a word
	// counts when it is a stem plus an inflectional ending. They attribute
	// text to a game when a document starts in the middle of one, before
	// any heading, if the evidence is clear (see the package doc).
	Vocabulary []string
}

// gameTable lists the games in the order of GAMES.md. It is never modified.
var gameTable = []Game{
	{ID: "salic-law", Book: "Cadogan", Titles: []string{"Салическій законъ", "Салический закон"},
		Vocabulary: []string{"салическ", "королевск", "дам"}},
	{ID: "four-corners", Book: "Cadogan", Titles: []string{"Четыре угла"},
		Vocabulary: []string{"угл", "углов", "боков"}},
	{ID: "windmill", Book: "Cadogan", Titles: []string{"Мельница"},
		Vocabulary: []string{"мельниц", "крыл", "крыль"}},
	{ID: "shah", Book: "Cadogan", Titles: []string{"Шахъ", "Шах"},
		Vocabulary: []string{"шах", "звезд", "круг", "луч"}},
	{ID: "duchess-de-luynes", Book: "Cadogan", Titles: []string{"Герцогиня де-Люинь"},
		Vocabulary: []string{"герцогин", "люинь", "отставн"}},
	{ID: "british-constitution", Book: "Cadogan", Titles: []string{"Англійская конституція", "Английская конституция"},
		Vocabulary: []string{"конституц", "совет", "палат", "народ", "отделени", "правительств", "епископ"}},
	{ID: "zodiac", Book: "Cadogan", Titles: []string{"Зодіакъ", "Зодиак"},
		Vocabulary: []string{"зодиак", "экватор"}},
	{ID: "sympathy", Book: "Cadogan", Titles: []string{"Симпатія", "Симпатия"},
		Vocabulary: []string{"симпати", "партнер", "грации", "грация"}},
	{ID: "sultan", Book: "Pujol", Titles: []string{"Султан"},
		Vocabulary: []string{"султан", "гарем", "кону"}},
	{ID: "napoleon", Book: "Pujol", Titles: []string{"Наполеоновский пасьянс"},
		Vocabulary: []string{"наполеон", "резерв", "парн", "попарно"}},
	{ID: "red-and-black", Book: "Pujol", Titles: []string{"«Красные — черные»", "Красные и черные"},
		Vocabulary: []string{"красн", "черн", "тасу"}},
}

// Games returns the table of the corpus's games in GAMES.md order. The
// result is a copy.
func Games() []Game {
	out := make([]Game, len(gameTable))
	for i, g := range gameTable {
		g.Titles = slices.Clone(g.Titles)
		g.Vocabulary = slices.Clone(g.Vocabulary)
		out[i] = g
	}
	return out
}

// GameByID returns the game with the given ID.
func GameByID(id string) (Game, bool) {
	for _, g := range Games() {
		if g.ID == id {
			return g, true
		}
	}
	return Game{}, false
}

// titleKey is a folded title core and the game it names.
type titleKey struct {
	key  string
	game string
}

// titleKeys are the folded cores of every title in gameTable.
var titleKeys = func() []titleKey {
	var keys []titleKey
	for _, g := range gameTable {
		for _, t := range g.Titles {
			if k := titleCore(fold(t)); k != "" && !slices.Contains(keys, titleKey{k, g.ID}) {
				keys = append(keys, titleKey{k, g.ID})
			}
		}
	}
	return keys
}()

// genericWord is the folded word books put before or after a game's name
// ("Пасьянс «Красные — черные»", "Наполеоновский пасьянс").
const genericWord = "пасьянс"

// titleCore strips a generic "пасьянс" (OCR damage allowed: one edit) from
// either end of a folded title.
func titleCore(f string) string {
	for {
		if f == "" {
			return ""
		}
		first, rest, _ := strings.Cut(f, " ")
		if isGenericWord(first) {
			f = rest
			continue
		}
		i := strings.LastIndexByte(f, ' ')
		if isGenericWord(f[i+1:]) {
			f = f[:max(i, 0)]
			continue
		}
		return f
	}
}

// isGenericWord reports whether a folded word is "пасьянс", give or take an
// OCR error.
func isGenericWord(w string) bool {
	return editDistance(w, genericWord, 1) <= 1
}

// maxTitleWords bounds the length of a line tried as a title.
const maxTitleWords = 6

// matchTitle reports which game s names, if it is nothing but a game title
// (OCR noise, pre-reform spelling, case and punctuation aside).
func matchTitle(s string) (string, bool) {
	if strings.Count(s, " ") >= 2*maxTitleWords {
		return "", false
	}
	f := titleCore(fold(s))
	if f == "" || strings.Count(f, " ") >= maxTitleWords {
		return "", false
	}
	best, bestD := "", 1<<30
	for _, k := range titleKeys {
		tol := tolerance(k.key)
		if d := editDistance(f, k.key, tol); d <= tol && d < bestD {
			best, bestD = k.game, d
		}
	}
	return best, best != ""
}

// vocabularyScores counts, for each game of gameTable, the words of text
// that are a form of one of the game's vocabulary stems (see stemForm).
func vocabularyScores(text string, scores []int) {
	for w := range words(fold(text)) {
		for i, g := range gameTable {
			for _, stem := range g.Vocabulary {
				if stemForm(w, stem) {
					scores[i]++
					break
				}
			}
		}
	}
}

// stemForm reports whether the folded word w is the folded stem with one
// of the inflectional endings of Russian nouns, adjectives and verbs (or
// none): "кругом" and "углам" are forms of "круг" and "угл", "лучше" is no
// form of "луч", "дамочка" none of "дам".
func stemForm(w, stem string) bool {
	rest, ok := strings.CutPrefix(w, stem)
	if !ok {
		return false
	}
	_, ok = slices.BinarySearch(inflections, rest)
	return ok
}

// inflections are the folded endings (й folded to и, ѣ and ё to е, a final
// ъ dropped) stemForm accepts, sorted: case endings of nouns and
// adjectives in both spellings (-аго/-ого, -ыя/-ые), and the common
// present-tense and infinitive endings of verbs.
var inflections = func() []string {
	e := []string{
		"",
		// nouns
		"а", "я", "о", "е", "ы", "и", "у", "ю", "ь",
		"ом", "ем", "ои", "еи", "ою", "ею", "ам", "ям", "ами", "ями", "ах", "ях", "ов", "ев",
		"ья", "ьи", "ью", "ье", "ьев", "ьям", "ьями", "ьях", "ьем",
		"ия", "ии", "ие", "ию", "ием", "иям", "иями", "иях",
		// adjectives
		"ыи", "ая", "яя", "ое", "ее", "ые", "ыя", "ого", "его", "аго", "яго", "ому", "ему",
		"ым", "им", "ых", "их", "ыми", "ими", "ую", "юю",
		// verbs
		"ет", "ит", "ут", "ют", "ат", "ят", "ется", "ится", "ются", "утся", "ятся", "атся",
		"ать", "ять", "ить", "еть", "ал", "ала", "али", "ался", "ались",
	}
	slices.Sort(e)
	return slices.Compact(e)
}()
