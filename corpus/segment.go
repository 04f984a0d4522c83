package corpus

import (
	"context"
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/pasyans/pasyans/internal/glyph"
)

// shape is what one line (or a run of joined lines) looks like on its own,
// before context decides its Kind and game.
type shape uint8

const (
	shText       shape = iota // running text
	shBookTitle               // the book's title (first line only)
	shPageHeader              // "… страница 6"
	shNumber                  // a bare number: page number or footnote label
	shRule                    // "II. …"
	shSection                 // "Правила.", "Игра."
	shDeck                    // "ДВѢ ПОЛНЫХЪ КОЛОДЫ КАРТЪ."
	shTitle                   // the whole line is a game's title
	shHeading                 // shaped like a game heading, naming no known game
)

// unit is a run of text lines that form one block candidate.
type unit struct {
	start, end int // byte offsets of the trimmed text, end exclusive
	shape      shape
	game       string // shTitle: the game named
	upper      bool   // shTitle: set in capitals
	number     int    // shNumber: its value
	rule       string // shRule: the Roman number in Latin capitals
}

// maxRuleTailWords is the longest line (in words) directly after a rule
// that is taken as the rule's end rather than a new paragraph.
const maxRuleTailWords = 3

// unitScanner splits text into units: a unit is a non-blank line, extended by
// the following lines when they continue it: a hard-wrapped paragraph (the
// line does not end a sentence, and the next starts in lower case, or the
// document separates paragraphs by blank lines anyway), or a rule followed
// directly by a line of at most maxRuleTailWords words.
type unitScanner struct {
	games          *gameSet
	text           string
	pos            int  // start of the next line
	first          bool // no non-blank line seen yet
	blankSeparated bool // paragraphs are separated by blank lines
	peeked         *unit
	peekOK         bool
}

func newUnitScanner(gs *gameSet, text string) *unitScanner {
	return &unitScanner{games: gs, text: text, first: true, blankSeparated: blankSeparated(text)}
}

// blankSeparated reports whether most non-blank lines are followed by a
// blank line rather than directly by another text line.
func blankSeparated(text string) bool {
	var toBlank, toText int
	prevText := false
	for pos := 0; pos < len(text); {
		line, next := nextLine(text, pos)
		s, e := trimSpace(text, pos, pos+len(line))
		blank := s == e
		if prevText {
			if blank {
				toBlank++
			} else {
				toText++
			}
		}
		prevText = !blank
		pos = next
	}
	return toBlank > toText
}

// nextLine returns the line starting at pos (without its '\n') and the
// offset of the line after it.
func nextLine(text string, pos int) (string, int) {
	if i := strings.IndexByte(text[pos:], '\n'); i >= 0 {
		return text[pos : pos+i], pos + i + 1
	}
	return text[pos:], len(text)
}

// trimSpace returns the bounds of text[s:e] without leading and trailing
// white space.
func trimSpace(text string, s, e int) (int, int) {
	for s < e {
		r, n := utf8.DecodeRuneInString(text[s:e])
		if !unicode.IsSpace(r) && r != '\uFEFF' {
			break
		}
		s += n
	}
	for e > s {
		r, n := utf8.DecodeLastRuneInString(text[s:e])
		if !unicode.IsSpace(r) && r != '\uFEFF' {
			break
		}
		e -= n
	}
	return s, e
}

// peek returns the next unit without consuming it.
func (sc *unitScanner) peek() (unit, bool) {
	if sc.peeked == nil {
		u, ok := sc.scan()
		sc.peeked, sc.peekOK = &u, ok
	}
	return *sc.peeked, sc.peekOK
}

// next returns the next unit.
func (sc *unitScanner) next() (unit, bool) {
	if sc.peeked != nil {
		u, ok := *sc.peeked, sc.peekOK
		sc.peeked = nil
		return u, ok
	}
	return sc.scan()
}

// scan reads the next unit from the text.
func (sc *unitScanner) scan() (unit, bool) {
	text := sc.text
	var u unit
	found := false
	for sc.pos < len(text) {
		line, next := nextLine(text, sc.pos)
		s, e := trimSpace(text, sc.pos, sc.pos+len(line))
		if s == e {
			sc.pos = next
			if found {
				return u, true
			}
			continue
		}
		t := text[s:e]
		if !found {
			u = sc.games.classifyLine(t, sc.first)
			u.start, u.end = s, e
			sc.first = false
			found = true
			sc.pos = next
			continue
		}
		// A line directly after the unit: does it continue it? A rule's
		// closing words that the OCR put on a line of their own
		// ("Масти соблюдаются.") continue the rule.
		if u.shape == shRule && countWords(t) <= maxRuleTailWords && sc.games.classifyLine(t, false).shape == shText {
			u.end = e
			sc.pos = next
			continue
		}
		if (u.shape != shText && u.shape != shRule) || endsSentence(text[u.start:u.end]) {
			return u, true
		}
		if !startsLower(t) && !sc.blankSeparated {
			return u, true
		}
		if sc.games.classifyLine(t, false).shape != shText {
			return u, true
		}
		u.end = e
		sc.pos = next
	}
	return u, found
}

// classifyLine gives a trimmed line its shape.
func (gs *gameSet) classifyLine(t string, first bool) unit {
	if isPageHeader(t) {
		return unit{shape: shPageHeader}
	}
	if n, ok := bareNumber(t); ok {
		return unit{shape: shNumber, number: n}
	}
	if num, ok := ruleNumber(t); ok {
		return unit{shape: shRule, rule: num}
	}
	if isSection(t) {
		return unit{shape: shSection}
	}
	if isDeck(t) {
		return unit{shape: shDeck}
	}
	if g, ok := gs.matchTitle(t); ok {
		return unit{shape: shTitle, game: g, upper: upperShare(t) >= 0.7}
	}
	if first && isBookTitle(t) {
		return unit{shape: shBookTitle}
	}
	if isHeadingShape(t) {
		return unit{shape: shHeading}
	}
	return unit{shape: shText}
}

// minHeadingLetters is the fewest letters a heading-shaped line needs:
// fewer is an abbreviation or OCR debris, not a game's name.
const minHeadingLetters = 3

// isHeadingShape reports whether t is set like a Cadogan game heading — a
// short title in capitals ending in a full stop ("ЧАСЫ.", "КРАСАВИЦА
// ЛЮСИ.") with no other sentence punctuation — whatever it says. It is
// asked only about lines that are no rule, section, deck line or known
// title, so a true result means a game the table does not know.
func isHeadingShape(t string) bool {
	if len(t) > 160 || !strings.HasSuffix(t, ".") || strings.ContainsRune(t, '\n') {
		return false
	}
	if body := t[:len(t)-1]; strings.ContainsAny(body, ".!?;:[]()«»\"") {
		return false
	}
	if n := countWords(t); n == 0 || n > maxTitleWords {
		return false
	}
	letters := 0
	for _, r := range t {
		if unicode.IsDigit(r) {
			return false
		}
		if unicode.IsLetter(r) {
			letters++
		}
	}
	return letters >= minHeadingLetters && upperShare(t) >= 0.7
}

// isUnknownCaption reports whether t is the caption of a game the table
// does not know, whose heading folded to key: a short line ending in a
// full stop that repeats the heading, give or take OCR damage (one edit
// even for a four-letter name: the line must repeat the heading exactly in
// shape, which is evidence enough).
func isUnknownCaption(t, key string) bool {
	if key == "" || len(t) > 160 || !endsSentence(t) || strings.ContainsRune(t, '\n') ||
		countWords(t) > maxTitleWords || startsLower(t) {
		return false
	}
	f := titleCore(fold(t))
	tol := tolerance(key)
	if tol == 0 && utf8.RuneCountInString(key) >= 4 {
		tol = 1
	}
	return f != "" && editDistance(f, key, tol) <= tol
}

// endsSentence reports whether t ends with sentence-final punctuation
// (closing quotes and brackets aside).
func endsSentence(t string) bool {
	t = strings.TrimRight(t, "»\"')]”’")
	r, _ := utf8.DecodeLastRuneInString(t)
	return r == '.' || r == '!' || r == '?' || r == '…'
}

// startsLower reports whether t starts with a lower-case letter.
func startsLower(t string) bool {
	r, _ := utf8.DecodeRuneInString(t)
	return unicode.IsLower(r)
}

// upperShare is the share of t's letters that are capitals.
func upperShare(t string) float64 {
	var letters, upper int
	for _, r := range t {
		if unicode.IsLetter(r) {
			letters++
			if unicode.IsUpper(r) {
				upper++
			}
		}
	}
	if letters == 0 {
		return 0
	}
	return float64(upper) / float64(letters)
}

// countWords counts the words of t.
func countWords(t string) int {
	n := 0
	for range words(t) {
		n++
	}
	return n
}

// isPageHeader: a short line with "страница N" or "стр. N" in it.
func isPageHeader(t string) bool {
	if len(t) > 200 || !(strings.Contains(t, "тр") || strings.Contains(t, "ТР") || strings.Contains(t, "Тр")) {
		return false
	}
	ws := strings.Fields(fold(t))
	if len(ws) > 12 {
		return false
	}
	for i := 0; i+1 < len(ws); i++ {
		if (ws[i] == "страница" || ws[i] == "стр") && isDigits(ws[i+1]) {
			return true
		}
	}
	return false
}

// isDigits reports whether s is a non-empty run of ASCII digits.
func isDigits(s string) bool {
	if s == "" {
		return false
	}
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
	}
	return true
}

// bareNumber recognises a line that is only a number of up to four digits,
// possibly set between dashes ("— 12 —").
func bareNumber(t string) (int, bool) {
	t = strings.Trim(t, " -–—.\u00A0")
	if len(t) == 0 || len(t) > 4 || !isDigits(t) {
		return 0, false
	}
	n := 0
	for i := 0; i < len(t); i++ {
		n = n*10 + int(t[i]-'0')
	}
	return n, n > 0
}

// maxRuleNumber is the largest rule number the segmenter reads.
const maxRuleNumber = glyph.MaxRuleNumber

// ruleNumber recognises "II. text": a Roman number (I–XXXIX, in Latin
// capitals or their twins in Cyrillic print, see glyph.Roman) then a full
// stop, at the start of the line. It returns the number in Latin capitals.
func ruleNumber(t string) (string, bool) {
	i, n := 0, 0
	for i < len(t) && n <= 7 {
		r, size := utf8.DecodeRuneInString(t[i:])
		if !glyph.IsRomanGlyph(r) {
			break
		}
		i += size
		n++
	}
	if n == 0 || n > 7 || i >= len(t) || t[i] != '.' {
		return "", false
	}
	if rest := t[i+1:]; rest != "" {
		r, _ := utf8.DecodeRuneInString(rest)
		if !unicode.IsSpace(r) {
			return "", false
		}
	}
	v, ok := glyph.Roman(t[:i])
	if !ok || v > maxRuleNumber {
		return "", false
	}
	return glyph.ToRoman(v), true
}

// sectionWords are the folded section headings of the Cadogan games.
var sectionWords = []string{"правила", "правило", "игра", "примечание", "примечания"}

// isSection: a line that is one section word ("Правила.", "Игра.").
func isSection(t string) bool {
	if len(t) > 40 {
		return false
	}
	f := fold(t)
	if strings.ContainsRune(f, ' ') || f == "" {
		return false
	}
	for _, w := range sectionWords {
		if editDistance(f, w, tolerance(w)) <= tolerance(w) {
			return true
		}
	}
	return false
}

// numeralWords are folded number words that open a deck line.
var numeralWords = []string{"одна", "одну", "две", "два", "три", "четыре", "пять", "шесть"}

// isDeck: a short line naming packs of cards ("ДВѢ ПОЛНЫХЪ КОЛОДЫ КАРТЪ."),
// set in capitals or opening with a number.
func isDeck(t string) bool {
	if len(t) > 120 || strings.Count(t, " ") > 8 {
		return false
	}
	ws := strings.Fields(fold(t))
	if len(ws) < 2 || len(ws) > 5 {
		return false
	}
	var pack, cards bool
	for _, w := range ws {
		for _, k := range []string{"колоды", "колода", "колод"} {
			if editDistance(w, k, 1) <= 1 {
				pack = true
			}
		}
		if editDistance(w, "карт", 1) <= 1 || editDistance(w, "карты", 1) <= 1 {
			cards = true
		}
	}
	if !pack || !cards {
		return false
	}
	numeral := isDigits(ws[0])
	for _, n := range numeralWords {
		numeral = numeral || editDistance(ws[0], n, 1) <= 1
	}
	return numeral || upperShare(t) >= 0.7
}

// isBookTitle: a first line of at most 15 words that does not end a
// sentence and speaks of patiences ("Двадцать четыре основные пасьянса …").
func isBookTitle(t string) bool {
	if endsSentence(t) || len(t) > 400 {
		return false
	}
	ws := strings.Fields(fold(t))
	if len(ws) == 0 || len(ws) > 15 {
		return false
	}
	for _, w := range ws {
		if strings.HasPrefix(w, genericWord) {
			return true
		}
	}
	return false
}

// inlineTitle finds a game title set as the first sentence of a paragraph
// ("Наполеоновский пасьянс. Для пасьянса …") and returns the game and the
// length in bytes of that sentence including its full stop.
func (gs *gameSet) inlineTitle(t string) (string, int, bool) {
	limit := min(len(t), 160)
	for i := 0; i < limit; i++ {
		if t[i] != '.' {
			continue
		}
		if i+1 >= len(t) {
			return "", 0, false // the whole paragraph; not inline
		}
		r, _ := utf8.DecodeRuneInString(t[i+1:])
		if !unicode.IsSpace(r) {
			continue
		}
		if strings.Count(t[:i], " ") > maxTitleWords {
			return "", 0, false
		}
		g, ok := gs.matchTitle(t[:i+1])
		return g, i + 1, ok
	}
	return "", 0, false
}

// locator turns byte offsets into 1-based line and rune columns. Offsets
// must be asked for in non-decreasing order; the total work is linear.
type locator struct {
	text      string
	off       int // offset reached
	line      int // line of off
	lineStart int // offset of the start of that line
}

// at returns the line and column of byte offset off.
func (l *locator) at(off int) (int, int) {
	for {
		i := strings.IndexByte(l.text[l.off:off], '\n')
		if i < 0 {
			break
		}
		l.off += i + 1
		l.line++
		l.lineStart = l.off
	}
	l.off = off
	return l.line, 1 + utf8.RuneCountInString(l.text[l.lineStart:off])
}

// maxVocabularyBlocks bounds how many leading blocks are scored to find the
// game a document starts in.
const maxVocabularyBlocks = 200

// Strong vocabulary evidence: the leading blocks are given a game by their
// vocabulary only when it has at least minVocabularyHits words and more
// than vocabularyMargin times as many as the runner-up. Stems such as
// "дам" or "круг" name things every patience has; a word or two of them
// is no evidence of a game.
const (
	minVocabularyHits = 2
	vocabularyMargin  = 2
)

// segmenter holds the state of one segmentation.
type segmenter struct {
	games   *gameSet
	text    string
	loc     locator
	blocks  []Block
	cur     string       // current game ("" after a heading of a game the table does not know)
	leading int          // blocks[:leading] … blocks before any game was known
	settled bool         // a game (or an unknown game's heading) has been established
	markers map[int]bool // footnote numbers with a marker in the text
	// unknownKey is the folded title of the current game when its heading
	// named no known game; its caption repeats it.
	unknownKey string
}

// segment splits NFC, LF text into blocks (see the package doc).
func segment(ctx context.Context, gs *gameSet, text string) ([]Block, error) {
	sg := &segmenter{games: gs, text: text, loc: locator{text: text, line: 1}, markers: markerSet(text)}
	sc := newUnitScanner(gs, text)
	lastFootnote := 0
	for n := 0; ; n++ {
		if n%checkEvery == 0 {
			if err := ctx.Err(); err != nil {
				return nil, err
			}
		}
		u, ok := sc.next()
		if !ok {
			break
		}
		switch u.shape {
		case shBookTitle:
			sg.add(u.start, u.end, KindTitle, "")
		case shPageHeader:
			sg.add(u.start, u.end, KindPageHeader, "")
		case shNumber:
			nu, ok := sc.peek()
			isNote := ok && nu.shape == shText && (sg.markers[u.number] || (lastFootnote > 0 && u.number == lastFootnote+1))
			if !isNote {
				sg.add(u.start, u.end, KindPageNumber, "")
				lastFootnote = 0
				continue
			}
			sc.next()
			b := sg.add(nu.start, nu.end, KindFootnote, sg.cur)
			b.FootnoteNumber = u.number
			lastFootnote = u.number
			continue
		case shRule:
			b := sg.add(u.start, u.end, KindRule, sg.cur)
			b.RuleNumber = u.rule
		case shSection:
			sg.add(u.start, u.end, KindSection, sg.cur)
		case shDeck:
			sg.add(u.start, u.end, KindDeck, sg.cur)
		case shTitle:
			sg.title(u, sc)
		case shHeading:
			sg.heading("", u.start, u.end)
		default:
			t := text[u.start:u.end]
			if sg.settled && sg.cur == "" && isUnknownCaption(t, sg.unknownKey) {
				sg.add(u.start, u.end, KindCaption, "")
				break
			}
			if g, n, ok := sg.games.inlineTitle(t); ok && g != sg.cur {
				sg.heading(g, u.start, u.start+n)
				s, e := trimSpace(text, u.start+n, u.end)
				sg.add(s, e, KindParagraph, sg.cur)
				break
			}
			sg.add(u.start, u.end, KindParagraph, sg.cur)
		}
		if u.shape != shPageHeader {
			lastFootnote = 0
		}
	}
	if !sg.settled {
		sg.settle(sg.vocabularyGame(), true)
	}
	sg.linkFootnotes()
	return sg.blocks, nil
}

// checkEvery is how many units (or blocks) a loop handles between looks at
// its context: often enough to stop within milliseconds, rarely enough to
// cost nothing.
const checkEvery = 256

// add appends a block of text[s:e] and returns it for further fields.
func (sg *segmenter) add(s, e int, kind Kind, game string) *Block {
	sl, sc := sg.loc.at(s)
	el, ec := sg.loc.at(e)
	text := sg.text[s:e]
	if len(sg.blocks) == cap(sg.blocks) {
		// Grow by doubling: append's gentler growth for large slices
		// would allocate several times the final size in total.
		grown := make([]Block, len(sg.blocks), max(64, 2*cap(sg.blocks)))
		copy(grown, sg.blocks)
		sg.blocks = grown
	}
	b := Block{
		Index: len(sg.blocks), Kind: kind, Text: text, Game: game,
		Span:    Span{StartByte: s, EndByte: e, StartLine: sl, StartCol: sc, EndLine: el, EndCol: ec},
		Markers: markersIn(text),
	}
	sg.blocks = append(sg.blocks, b)
	return &sg.blocks[len(sg.blocks)-1]
}

// heading adds a game heading and makes its game current; game "" is a
// heading of a game the table does not know, whose blocks get no game.
// Blocks before the first heading are attributed by their vocabulary.
func (sg *segmenter) heading(game string, s, e int) {
	if !sg.settled {
		sg.settle(sg.vocabularyGame(), true)
	}
	sg.cur = game
	sg.unknownKey = ""
	if game == "" {
		sg.unknownKey = titleCore(fold(sg.text[s:e]))
	}
	sg.add(s, e, KindGameHeading, game)
}

// title decides whether a line that is a game's title is a heading (a new
// game starts) or a caption (the name repeated by a figure).
func (sg *segmenter) title(u unit, sc *unitScanner) {
	switch {
	case u.upper, sg.settled && sg.cur != u.game:
		sg.heading(u.game, u.start, u.end)
		return
	case sg.settled: // the current game's name: a caption
		sg.add(u.start, u.end, KindCaption, u.game)
		return
	}
	// No game yet: the document starts inside one. A Cadogan heading is
	// followed by the deck line, a section or rule I; a caption by text.
	if nu, ok := sc.peek(); ok && (nu.shape == shDeck || nu.shape == shSection || nu.shape == shRule) {
		sg.heading(u.game, u.start, u.end)
		return
	}
	// The text before a caption is its game's, unless its vocabulary
	// clearly names another game; then the line heads a new game.
	if v := sg.vocabularyGame(); v != "" && v != u.game && sg.vocabularyScore(u.game) == 0 {
		sg.heading(u.game, u.start, u.end)
		return
	}
	sg.settle(u.game, false)
	sg.cur = u.game
	sg.unknownKey = ""
	sg.add(u.start, u.end, KindCaption, u.game)
}

// settle attributes the blocks seen before any game was known to game;
// guessed says the game comes from their vocabulary.
func (sg *segmenter) settle(game string, guessed bool) {
	for i := sg.leading; i < len(sg.blocks); i++ {
		switch sg.blocks[i].Kind {
		case KindTitle, KindPageHeader, KindPageNumber:
		default:
			sg.blocks[i].Game = game
			sg.blocks[i].GameGuessed = guessed && game != ""
		}
	}
	sg.leading = len(sg.blocks)
	sg.settled = true
}

// leadingScores scores the vocabulary of the unsettled leading blocks.
func (sg *segmenter) leadingScores() []int {
	scores := make([]int, len(sg.games.games))
	end := min(len(sg.blocks), sg.leading+maxVocabularyBlocks)
	for i := sg.leading; i < end; i++ {
		sg.games.vocabularyScores(sg.blocks[i].Text, scores)
	}
	return scores
}

// vocabularyGame is the game whose vocabulary clearly dominates the
// leading blocks (see minVocabularyHits and vocabularyMargin), or "".
func (sg *segmenter) vocabularyGame() string {
	scores := sg.leadingScores()
	best, second := -1, 0
	for i, s := range scores {
		switch {
		case best < 0 || s > scores[best]:
			if best >= 0 {
				second = scores[best]
			}
			best = i
		case s > second:
			second = s
		}
	}
	if best < 0 || scores[best] < minVocabularyHits || scores[best] <= vocabularyMargin*second {
		return ""
	}
	return sg.games.games[best].ID
}

// vocabularyScore is game's vocabulary score over the leading blocks.
func (sg *segmenter) vocabularyScore(game string) int {
	scores := sg.leadingScores()
	for i, g := range sg.games.games {
		if g.ID == game {
			return scores[i]
		}
	}
	return 0
}

// linkFootnotes links markers to the footnote blocks of the same document
// and gives each footnote the game of the text that marks it.
func (sg *segmenter) linkFootnotes() {
	notes := make(map[int][]int)
	for _, b := range sg.blocks {
		if b.Kind == KindFootnote {
			notes[b.FootnoteNumber] = append(notes[b.FootnoteNumber], b.Index)
		}
	}
	marked := make(map[int]bool)
	for i := range sg.blocks {
		b := &sg.blocks[i]
		if len(b.Markers) == 0 {
			continue
		}
		b.MarkerBlocks = make([]int, len(b.Markers))
		for j, m := range b.Markers {
			b.MarkerBlocks[j] = -1
			// The first note with that number after the marker, else the
			// last one before it.
			cands := notes[m]
			if k, _ := slices.BinarySearch(cands, i+1); k < len(cands) {
				b.MarkerBlocks[j] = cands[k]
			} else if len(cands) > 0 {
				b.MarkerBlocks[j] = cands[len(cands)-1]
			}
			if n := b.MarkerBlocks[j]; n >= 0 && !marked[n] && b.Kind != KindFootnote && b.Game != "" {
				marked[n] = true
				sg.blocks[n].Game = b.Game
				sg.blocks[n].GameGuessed = b.GameGuessed
			}
		}
	}
}

// markerSet collects the numbers of the footnote markers in text.
func markerSet(text string) map[int]bool {
	set := make(map[int]bool)
	for n := range markerNumbers(text) {
		set[n] = true
	}
	return set
}

// markersIn lists the footnote markers in t, or nil.
func markersIn(t string) []int {
	var ms []int
	for n := range markerNumbers(t) {
		ms = append(ms, n)
	}
	return ms
}

// markerNumbers yields the numbers of "[N]" markers (1–999, spaces inside
// the brackets allowed) in t.
func markerNumbers(t string) func(func(int) bool) {
	return func(yield func(int) bool) {
		for i := 0; i < len(t); {
			j := strings.IndexByte(t[i:], '[')
			if j < 0 {
				return
			}
			i += j + 1
			k := i
			for k < len(t) && t[k] == ' ' {
				k++
			}
			n, digits := 0, 0
			for k < len(t) && t[k] >= '0' && t[k] <= '9' && digits < 4 {
				n = n*10 + int(t[k]-'0')
				k++
				digits++
			}
			for k < len(t) && t[k] == ' ' {
				k++
			}
			if digits == 0 || digits > 3 || k >= len(t) || t[k] != ']' || n == 0 {
				continue
			}
			if !yield(n) {
				return
			}
			i = k + 1
		}
	}
}
