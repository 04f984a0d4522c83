package corpus

import (
	"slices"
	"strings"
)

// Game is a game the segmenter can recognise. corpus knows no game of its
// own: the caller passes the games in Options.Games (link.Games builds them
// from the engine's catalog).
type Game struct {
	// ID is the game's stable ID, e.g. "four-corners"; blocks of the game
	// carry it in Block.Game.
	ID string `json:"id"`
	// Titles are the game's Russian titles. Headings and captions are
	// matched against their folded forms, with OCR tolerance, so the modern
	// spelling of a title also finds its pre-reform printing.
	Titles []string `json:"titles"`
	// Vocabulary are folded word stems typical of the game's text; a word
	// counts when it is a stem plus an inflectional ending. They attribute
	// text to a game when a document starts in the middle of one, before
	// any heading, if the evidence is clear (see the package doc).
	Vocabulary []string `json:"vocabulary,omitempty"`
}

// titleKey is a folded title core and the game it names.
type titleKey struct {
	key  string
	game string
}

// gameSet is the games of one segmentation, prepared for matching. It is
// read-only once built.
type gameSet struct {
	games []Game
	keys  []titleKey // the folded cores of every title
}

// newGameSet prepares games for matching; the vocabulary stems are folded
// as the text is.
func newGameSet(games []Game) *gameSet {
	gs := &gameSet{games: make([]Game, len(games))}
	for i, g := range games {
		g.Vocabulary = slices.Clone(g.Vocabulary)
		for k, v := range g.Vocabulary {
			g.Vocabulary[k] = fold(v)
		}
		gs.games[i] = g
		for _, t := range g.Titles {
			if k := titleCore(fold(t)); k != "" && !slices.Contains(gs.keys, titleKey{k, g.ID}) {
				gs.keys = append(gs.keys, titleKey{k, g.ID})
			}
		}
	}
	return gs
}

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
func (gs *gameSet) matchTitle(s string) (string, bool) {
	if strings.Count(s, " ") >= 2*maxTitleWords {
		return "", false
	}
	f := titleCore(fold(s))
	if f == "" || strings.Count(f, " ") >= maxTitleWords {
		return "", false
	}
	best, bestD := "", 1<<30
	for _, k := range gs.keys {
		tol := tolerance(k.key)
		if d := editDistance(f, k.key, tol); d <= tol && d < bestD {
			best, bestD = k.game, d
		}
	}
	return best, best != ""
}

// vocabularyScores counts, for each game of the set, the words of text
// that are a form of one of the game's vocabulary stems (see stemForm).
func (gs *gameSet) vocabularyScores(text string, scores []int) {
	for w := range words(fold(text)) {
		for i, g := range gs.games {
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
