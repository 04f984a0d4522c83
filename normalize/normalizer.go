package normalize

import (
	"context"
	"fmt"
	"math"
	"slices"
	"strings"
	"unicode/utf8"
)

// Normalizer converts pre-reform OCR text to modern Russian. Create one
// with New and share it: it is read-only after New and safe for concurrent
// use by many goroutines.
type Normalizer struct {
	lex   *lexicon
	conf  []confusion
	first confIndex // conf by the first rune of from
}

// New loads the embedded lexicon (hunspell-ru plus the pasyans supplement)
// and returns a ready Normalizer. Loading takes tens of milliseconds, so
// create one Normalizer per program, not per document.
func New() (*Normalizer, error) {
	lx, err := loadLexicon()
	if err != nil {
		return nil, fmt.Errorf("normalize: %w", err)
	}
	c := confusions()
	return &Normalizer{lex: lx, conf: c, first: indexConfusions(c)}, nil
}

// Known reports whether word, in modern spelling, is in the lexicon (its
// hunspell forms, the supplement and the documented derivations). The
// lookup ignores the case of the first letter and counts ё as е; a word
// written in lower case is not verified by a proper name.
func (n *Normalizer) Known(word string) bool {
	first, _ := utf8.DecodeRuneInString(word)
	return n.knownWord(strings.ToLower(word), !isUpper(first))
}

// Result is the normalization of one document.
type Result struct {
	// Text is the modern text, with exactly as many lines as the input.
	Text string
	// Edits lists every changed or flagged word in order.
	Edits []Edit
	// Tokens covers the input: the Originals concatenate to the input and
	// the Moderns to Text.
	Tokens []Token
}

// Edit records one change (or one word left alone on purpose).
type Edit struct {
	Doc        string   `json:"doc"`
	Line       int      `json:"line"` // 1-based line of the first character
	Col        int      `json:"col"`  // 1-based column in runes
	Original   string   `json:"original"`
	Modern     string   `json:"modern"`
	Rules      []string `json:"rules"`
	Confidence float64  `json:"confidence"` // 0 (unresolved) … 1 (certain)
}

// Token is one token of the input with its modern form.
type Token struct {
	Line, Col  int // 1-based line and rune column
	Original   string
	Modern     string
	Kind       string // one of the Kind constants
	Rules      []string
	Confidence float64
	InLexicon  bool // a word whose modern form the lexicon knows
}

// Document normalizes one whole text, already decoded (see Stream for
// reading an input in any encoding). name is used in the edit records. The
// document-frequency prior of the OCR correction is computed over the
// whole text. Document stops with ctx's error when ctx is cancelled.
func (n *Normalizer) Document(ctx context.Context, name, text string) (*Result, error) {
	st := n.newState(name)
	res := &Result{}
	var out strings.Builder
	out.Grow(len(text) + len(text)/16)
	err := st.chunk(ctx, text, &out, func(e Edit) error {
		res.Edits = append(res.Edits, e)
		return nil
	}, sink{tokens: &res.Tokens})
	if err != nil {
		return nil, err
	}
	res.Text = out.String()
	return res, nil
}

// sink receives what chunk records besides the text: the tokens, or only
// their boundaries.
type sink struct {
	tokens *[]Token
	bounds *[]Bound
}

// Alignment is the modern text of a document with the places where it
// corresponds to the original: a token's start in both texts.
type Alignment struct {
	// Text is the modern text, as Document's.
	Text string
	// Bounds lists, for each token of the input in order, the byte offset
	// of its start in the original and in the modern text (the text of a
	// token is replaced as a whole, so offsets inside a token have no
	// counterpart).
	Bounds []Bound
}

// Bound is the start of a token in the original and in the modern text.
type Bound struct {
	Orig, Modern int
}

// Align normalizes one whole text and returns the modern text with its
// token boundaries instead of the tokens and edit records: what a caller
// that maps passages between the two texts needs, in a fraction of the
// memory (16 bytes a token instead of about 150). It works chunk by chunk
// as Stream does (chunkEnd), so its working memory does not grow with the
// text; a text shorter than StreamChunk is normalized as Document does.
func (n *Normalizer) Align(ctx context.Context, name, text string) (*Alignment, error) {
	st := n.newState(name)
	al := &Alignment{}
	var out strings.Builder
	out.Grow(len(text) + len(text)/16)
	for start := 0; start < len(text); {
		end := chunkEnd(text, start)
		from := len(al.Bounds)
		if err := st.chunk(ctx, text[start:end], &out, func(Edit) error { return nil }, sink{bounds: &al.Bounds}); err != nil {
			return nil, err
		}
		for i := from; i < len(al.Bounds); i++ {
			al.Bounds[i].Orig += start // the modern offsets are out's already
		}
		start = end
	}
	al.Text = out.String()
	return al, nil
}

// chunkEnd returns the end of the chunk of text that starts at start, as
// Stream cuts its input: whole lines up to StreamChunk bytes and past it
// to the end of the line, plus the lines that follow a line ending in a
// hyphen (up to maxHyphenLines); a line longer than maxLineChunk is cut
// between words (cutLine).
func chunkEnd(text string, start int) int {
	lineEnd := func(i int) int {
		if j := strings.IndexByte(text[i:], '\n'); j >= 0 {
			return i + j + 1
		}
		return len(text)
	}
	end := start
	for end < len(text) && end-start < StreamChunk {
		e := lineEnd(end)
		if e-end > maxLineChunk {
			if end > start {
				return end // the long line starts the next chunk
			}
			return start + cutLine([]byte(text[start:start+maxLineChunk]))
		}
		end = e
	}
	for extra := 0; end < len(text) && extra < maxHyphenLines && endsWithHyphen([]byte(text[max(start, end-8):end])); extra++ {
		e := lineEnd(end)
		if e-end > maxLineChunk {
			break
		}
		end = e
	}
	return end
}

// checkEvery is how many words the pipeline handles between looks at its
// context: often enough to stop within milliseconds, rarely enough to cost
// nothing.
const checkEvery = 256

// Bounds of the per-run state, so streaming memory stays bounded.
const (
	maxCache = 1 << 16 // OCR results kept (a result depends on the prior when it was made, so this bounds what the output depends on)
	// maxMemo bounds the caches of pure functions of a word (its analysis,
	// its reform), which change nothing but the time when emptied.
	maxMemo = 1 << 14
	maxFreq = 1 << 17 // distinct words counted for the frequency prior
)

// ocrBudget is the number of OCR candidate variants a chunk of n bytes may
// try in all: far above what real text needs (a page of the corpus uses a
// few thousand), it keeps garbage input (every word unknown and distinct)
// linear in time. Words met after the budget is spent are left alone as
// ocr.unresolved.
func ocrBudget(n int) int { return 50000 + n/4 }

// particles are the particles the old spelling often joined to the word
// before with a hyphen ("тотчасъ-же", "едва-ли", "какъ-бы") and modern
// spelling writes apart.
var particles = map[string]bool{"же": true, "ж": true, "ли": true, "ль": true, "бы": true, "б": true}

// hyphenRule returns the rule by which the hyphen token k of a pre-reform
// text is written as a space, or "": before a particle (reform.particle-
// hyphen) unless the two parts also make one word ("то-же" may be "тоже"
// or "то же"; it is left as it is), in "то-есть" (reform.to-est), and
// between the letters of an abbreviation "т.-е.", "т.-к."
// (reform.abbreviation-hyphen). prevEnd and prevModern are the last token
// and the modern form of the word unit before k.
func (st *state) hyphenRule(toks []rawToken, text string, k, prevEnd int, prevModern string) string {
	if !st.preReform || toks[k].kind != kPunct || k == 0 || k+1 >= len(toks) || toks[k+1].kind != kWord {
		return ""
	}
	str := func(i int) string { return text[toks[i].start:toks[i].end] }
	if str(k) != "-" {
		return ""
	}
	next := strings.ToLower(str(k + 1))
	switch {
	case toks[k-1].kind == kWord && prevEnd == k-1 && particles[next] && !st.n.joinsToWord(prevModern, next):
		return RuleParticleHyphen
	case toks[k-1].kind == kWord && strings.ToLower(str(k-1)) == "то" && next == "есть":
		return RuleToEst
	case k >= 2 && str(k-1) == "." && toks[k-2].kind == kWord && utf8.RuneCountInString(str(k-2)) == 1 &&
		utf8.RuneCountInString(next) == 1 && k+2 < len(toks) && str(k+2) == ".":
		return RuleAbbreviationHyphen
	}
	return ""
}

// joinsToWord reports whether a word and a particle written together make a
// word of the lexicon ("то"+"же", "так"+"же", "что"+"бы"): then the
// hyphenated form may be that word, and is not split.
func (n *Normalizer) joinsToWord(word, particle string) bool {
	if i := strings.LastIndexByte(word, ' '); i >= 0 {
		word = word[i+1:]
	}
	return n.knownWord(strings.ToLower(word+particle), true)
}

// hyphenParticles are the particles written after a hyphen ("какое-нибудь",
// "кто-либо", "что-то", "все-таки", "дай-ка"): a word hyphenated across a
// line break before one of them keeps its hyphen.
var hyphenParticles = map[string]bool{"нибудь": true, "либо": true, "то": true, "таки": true, "ка": true}

// state is the per-document (or per-stream) mutable state.
type state struct {
	n         *Normalizer
	doc       string
	lineBase  int // lines before the current chunk
	preReform bool
	base      map[string]*analysis // lower-case words (common entries only)
	baseAny   map[string]*analysis // capitalized words (names count too)
	ocr       map[string]*ocrResult
	reformed  [2]map[string]reformResult // st.reform's memo: [1] for lower-only words
	freq      docFreq
	budget    int // OCR variants still allowed in this chunk
	// steps counts the OCR corrector's work (search positions visited and
	// variants tried), budgeted or not; the garbage test bounds it.
	steps int64
	// Buffers of the OCR corrector: the variants of each search depth, the
	// candidate spelling in UTF-8, reformKnown's, and the variants seen
	// for the current word.
	variant [2][]rune
	keyBuf  []byte
	sc      spellScratch
	seen    seenSet
	// Buffers of chunk, kept from one chunk to the next of a stream.
	toks  []rawToken
	units []unit
	an    []*analysis
}

func (n *Normalizer) newState(doc string) *state {
	return &state{
		n:        n,
		doc:      doc,
		base:     make(map[string]*analysis),
		baseAny:  make(map[string]*analysis),
		ocr:      make(map[string]*ocrResult),
		reformed: [2]map[string]reformResult{make(map[string]reformResult), make(map[string]reformResult)},
		freq:     docFreq{words: make(map[string]*int), stems: make(map[string]*int), wordBits: newBloom(freqFilterBits)},
	}
}

// reformResult is what Normalizer.reform returns for one word.
type reformResult struct {
	modern string
	rules  []string // capacity = length: callers that append copy it
	known  bool
}

// reform is Normalizer.reform, remembered: the OCR corrector reforms the
// same candidate spellings over and over. The memo holds at most maxCache
// words and is emptied when full; reform being a function of its
// arguments, what it holds never changes a result.
func (st *state) reform(s string, lowerOnly bool) (string, []string, bool) {
	memo := st.reformed[0]
	if lowerOnly {
		memo = st.reformed[1]
	}
	if r, ok := memo[s]; ok {
		return r.modern, r.rules, r.known
	}
	m, rules, known := st.n.reform(s, lowerOnly)
	rules = rules[:len(rules):len(rules)]
	if len(memo) >= maxMemo {
		clear(memo)
	}
	memo[s] = reformResult{m, rules, known}
	return m, rules, known
}

// analysis is the lexicon-free repair plus the reform of one word.
type analysis struct {
	repaired string   // after character repair, original case
	lower    string   // repaired, lower case
	modern   string   // modern form, original case
	rules    []string // repair and reform rules
	repairs  []string // the character-repair rules alone
	known    bool     // the lexicon knows modern
	marker   bool     // the word had pre-reform spelling or OCR characters
	plain    bool     // no pre-reform letter, ђ or final ъ: left alone in a modern document
	// The document-frequency counters of modern and its stem, set when
	// the word is first counted (counted); nil when the prior is full.
	wordCount, stemCount *int
	counted              bool
}

type ocrResult struct {
	ok     bool
	modern string // case applied
	rules  []string
	conf   float64
}

// unit is a word to analyse: one raw word token, or a word hyphenated
// across a line break (tokens i..j inclusive).
type unit struct {
	i, j int
	text string // the word to analyse (joined halves for a line hyphen)
}

func (st *state) analyse(w string, lowerOnly bool) *analysis {
	cache := st.base
	if !lowerOnly {
		cache = st.baseAny
	}
	if a, ok := cache[w]; ok {
		return a
	}
	// w is usually a slice of the chunk's text: the cache, the OCR results
	// and the frequency prior must not keep the whole chunk alive.
	w = strings.Clone(w)
	a := &analysis{repaired: w, modern: w, plain: !hasMarker(w) && !strings.ContainsAny(w, "ђЂ")}
	if strings.ContainsRune(w, softHyphen) {
		a.repaired = strings.ReplaceAll(w, string(softHyphen), "")
		a.repairs = []string{RuleSoftHyphen}
	}
	if needsRepair(a.repaired) {
		var r []string
		a.repaired, r = repair(a.repaired)
		a.repairs = append(a.repairs, r...)
	}
	a.rules = append([]string(nil), a.repairs...)
	a.marker = len(a.rules) > 0
	a.lower = strings.ToLower(a.repaired)
	if hasMarker(a.repaired) || hasOldSpelling(a.lower) {
		m, rules, known := st.reform(a.lower, lowerOnly)
		a.known = known
		a.rules = append(a.rules, rules...)
		if len(a.rules) > 0 {
			a.modern = applyCase(a.repaired, m)
		}
		a.marker = a.marker || hasMarker(a.repaired)
	} else {
		a.known = st.n.knownWord(a.lower, lowerOnly)
		a.modern = a.repaired
	}
	if len(cache) >= maxMemo {
		clear(cache)
	}
	cache[w] = a
	return a
}

// hasOldSpelling reports pre-reform spellings that contain no removed
// letter: the endings -аго -яго -ыя, the pronouns, and з before с (or
// before a voiceless consonant) at the end of a prefix.
func hasOldSpelling(lower string) bool {
	if strings.HasSuffix(lower, "аго") || strings.HasSuffix(lower, "яго") ||
		strings.HasSuffix(lower, "ыя") || strings.HasSuffix(lower, "агося") ||
		strings.HasSuffix(lower, "ягося") || pronouns[lower] != "" || strings.Contains(lower, "ъи") {
		return true
	}
	_, ok := prefixVariant(lower)
	return ok
}

// hasOldSpellingRunes is hasOldSpelling of a word held in runes, without
// making a string of it (a string only for a word short enough to be a
// pronoun).
func hasOldSpellingRunes(v []rune) bool {
	n := len(v)
	if n >= 2 {
		// The endings all end in о or я: -аго -яго -агося -ягося -ыя.
		switch v[n-1] {
		case 'о':
			if n >= 3 && v[n-2] == 'г' && (v[n-3] == 'а' || v[n-3] == 'я') {
				return true
			}
		case 'я':
			if v[n-2] == 'ы' {
				return true
			}
			if n >= 5 && v[n-2] == 'с' && v[n-3] == 'о' && v[n-4] == 'г' && (v[n-5] == 'а' || v[n-5] == 'я') {
				return true
			}
		}
	}
	if n <= maxPronounRunes {
		var b [maxPronounRunes * utf8.UTFMax]byte
		w := b[:0]
		for _, r := range v {
			w = utf8.AppendRune(w, r)
		}
		if pronouns[string(w)] != "" {
			return true
		}
	}
	for i := 1; i < n; i++ {
		if v[i] == 'и' && v[i-1] == 'ъ' {
			return true
		}
	}
	if n < 3 {
		return false // every prefix below is at least two letters and a next one
	}
	switch v[0] {
	case 'ч': // через, чрез before a voiceless consonant
		if n > 5 && v[1] == 'е' && v[2] == 'р' && v[3] == 'е' && v[4] == 'з' && isVoicelessAfterPrefix(v[5]) ||
			n > 4 && v[1] == 'р' && v[2] == 'е' && v[3] == 'з' && isVoicelessAfterPrefix(v[4]) {
			return true
		}
	case 'б': // без before a voiceless consonant
		return n > 3 && v[1] == 'е' && v[2] == 'з' && isVoicelessAfterPrefix(v[3])
	case 'и': // из before с
		return v[1] == 'з' && v[2] == 'с'
	case 'р': // раз, роз before с
		return n > 3 && (v[1] == 'а' || v[1] == 'о') && v[2] == 'з' && v[3] == 'с'
	case 'в': // воз before с
		return n > 3 && v[1] == 'о' && v[2] == 'з' && v[3] == 'с'
	case 'н': // низ before с
		return n > 3 && v[1] == 'и' && v[2] == 'з' && v[3] == 'с'
	}
	return false
}

// isVoicelessAfterPrefix reports the consonants before which без-, чрез-
// and через- are written бес-, чрес-, черес- (prefixVariant).
func isVoicelessAfterPrefix(r rune) bool {
	switch r {
	case 'к', 'п', 'с', 'т', 'ф', 'х', 'ц', 'ч', 'ш', 'щ':
		return true
	}
	return false
}

// maxPronounRunes is the length in runes of the longest key of pronouns
// (a test checks it).
const maxPronounRunes = 6

// docFreq is the document-frequency prior: how often each modern word
// (folded: lower case, ё as е), and each stem (its first stemKeyLen runes),
// was spelled cleanly in the input so far. Together the two maps hold at
// most maxFreq keys; then only the counts of keys already there grow.
type docFreq struct {
	words map[string]*int
	stems map[string]*int
	// wordBits is a Bloom filter of the keys of words (three bits per key,
	// by polyHash): the evidence search asks for
	// hundreds of spellings per word, nearly none of them counted, and the
	// filter refuses them without hashing a string or touching the map.
	wordBits bloom
}

// freqFilterBits is the size of docFreq's filter in bits (256 KiB): at
// maxFreq keys under 1 % of the misses get through.
const freqFilterBits = 1 << 21

// of is the count of w, folded.
func (f docFreq) of(w string) int { return count(f.words[fold(w)]) }

// count is the count a cell holds, 0 for none.
func count(c *int) int {
	if c == nil {
		return 0
	}
	return *c
}

// stemOf is the count of the stem of w, folded; 0 for a word shorter than
// a stem.
func (f docFreq) stemOf(w string) int {
	if k, ok := stemPrefix(fold(w)); ok {
		return count(f.stems[k])
	}
	return 0
}

// cells returns the counters of the folded modern word key and of its
// stem, creating them while the maps have room (nil when they have none:
// the maps are never emptied, so a key left out stays out).
func (f docFreq) cells(key string) (word, stem *int) {
	word = f.cell(f.words, key)
	if word != nil {
		f.wordBits.add(polyHash(key))
	}
	if k, ok := stemPrefix(key); ok {
		stem = f.cell(f.stems, k)
	}
	return word, stem
}

// cell returns the counter of key in m, new if there is room.
func (f docFreq) cell(m map[string]*int, key string) *int {
	if c, ok := m[key]; ok {
		return c
	}
	if len(f.words)+len(f.stems) >= maxFreq {
		return nil
	}
	c := new(int)
	m[key] = c
	return c
}

func (st *state) correct(a *analysis, lowerOnly bool) *ocrResult {
	key := a.repaired
	if lowerOnly {
		key = "\x00" + key
	}
	if r, ok := st.ocr[key]; ok {
		return r
	}
	r := &ocrResult{}
	best, second, ok := st.ocrSearch(a.lower, lowerOnly)
	if ok && second-best.score >= 0.05 {
		r.ok = true
		r.modern = applyCase(a.repaired, best.modern)
		r.rules = dedup(append(append([]string(nil), a.repairs...), best.rules...))
		margin := 1.0
		if !math.IsInf(second, 1) {
			margin = math.Min(1, (second-best.score)/0.5)
		}
		r.conf = math.Round(100*math.Exp(-best.cost)*(0.5+0.5*margin)) / 100
	}
	if !r.ok && st.budget <= 0 {
		return r // the budget, not the word, stopped the search: do not remember
	}
	if len(st.ocr) >= maxCache {
		clear(st.ocr)
	}
	st.ocr[key] = r
	return r
}

// isSentencePunct reports punctuation after which a capital is expected.
func isSentencePunct(s string) bool {
	switch s {
	case ".", "!", "?", "…":
		return true
	}
	return false
}

// chunk normalizes text (whole lines), appends the modern text to out,
// reports every edit to onEdit and, when tokens is not nil, appends the
// tokens.
func (st *state) chunk(ctx context.Context, text string, out *strings.Builder, onEdit func(Edit) error, sk sink) error {
	tokens := sk.tokens
	st.budget = ocrBudget(len(text))
	toks := st.toks[:0]
	if cap(toks) < len(text)/5+16 {
		toks = make([]rawToken, 0, len(text)/5+16)
	}
	toks = tokenize(toks, text)
	st.toks = toks
	if tokens != nil && cap(*tokens)-len(*tokens) < len(toks) {
		grown := make([]Token, len(*tokens), len(*tokens)+len(toks))
		copy(grown, *tokens)
		*tokens = grown
	}
	str := func(k int) string { return text[toks[k].start:toks[k].end] }
	line := func(k int) int { return st.lineBase + int(toks[k].line) }

	// Units: words, with line-break hyphenation joined.
	units := st.units[:0]
	defer func() { st.units = units[:0] }()
	words, markers := 0, 0
	for k := 0; k < len(toks); k++ {
		if toks[k].kind != kWord {
			continue
		}
		w := str(k)
		words++
		if !st.preReform && hasMarker(w) { // counted only to detect the mode
			markers++
		}
		if k+3 < len(toks) && toks[k+1].kind == kPunct && isHyphen(str(k+1)) &&
			toks[k+2].kind == kNewline && toks[k+3].kind == kWord {
			next := str(k + 3)
			if r, _ := utf8.DecodeRuneInString(next); isLower(r) {
				units = append(units, unit{i: k, j: k + 3, text: w + next})
				k += 3
				continue
			}
		}
		units = append(units, unit{i: k, j: k, text: w})
	}
	if !st.preReform && markers >= 2 && markers*50 >= words {
		st.preReform = true
	}

	// Context of each unit.
	sentenceStart := func(k int) bool {
		for p := k - 1; p >= 0; p-- {
			switch toks[p].kind {
			case kSpace:
				continue
			case kNewline:
				return true
			case kPunct:
				// An opening quote starts a title or a quotation, whose
				// first word is capitalized ("«Граціи»").
				return isSentencePunct(str(p)) || str(p) == "«" || str(p) == "„"
			default:
				return false
			}
		}
		return true
	}
	lowerOnlyOf := func(w string) bool {
		r, _ := utf8.DecodeRuneInString(w)
		return !isUpper(r)
	}

	// Pass 1: analyse, and count the words the lexicon confirms.
	an := slices.Grow(st.an[:0], len(units))[:len(units)]
	defer func() { clear(an); st.an = an[:0] }()
	for u, un := range units {
		if u%checkEvery == 0 {
			if err := ctx.Err(); err != nil {
				return err
			}
		}
		a := st.analyse(un.text, lowerOnlyOf(un.text))
		if un.j != un.i && !a.known {
			// Not one word: a compound hyphenated at its own hyphen
			// ("какую-\nнибудь") keeps the hyphen.
			h, t := st.analyse(str(un.i), lowerOnlyOf(un.text)), st.analyse(str(un.j), true)
			switch {
			case h.known && t.known && st.preReform && particles[t.lower] && !st.n.joinsToWord(h.modern, t.modern):
				// "тотчасъ-\nже": a particle, written apart today.
				a = &analysis{repaired: h.repaired + "-" + t.repaired, lower: h.lower + "-" + t.lower,
					modern: h.modern + " " + t.modern, rules: dedup(append(append(append([]string(nil), h.rules...), t.rules...), RuleParticleHyphen)),
					known: true, marker: h.marker || t.marker}
			case h.known && t.known:
				a = &analysis{repaired: h.repaired + "-" + t.repaired, lower: h.lower + "-" + t.lower,
					modern: h.modern + "-" + t.modern, rules: dedup(append(append([]string(nil), h.rules...), t.rules...)),
					known: true, marker: h.marker || t.marker}
			case hyphenParticles[t.lower]:
				// "какое-\nнибудь" with a damaged first half: still a
				// compound at its own hyphen; the corrector sees the
				// hyphenated whole ("загадавъкакое-нибудь").
				a = st.analyse(str(un.i)+"-"+str(un.j), lowerOnlyOf(un.text))
			}
		}
		an[u] = a
		if a.known {
			if !a.counted {
				a.wordCount, a.stemCount = st.freq.cells(fold(a.modern))
				a.counted = true
			}
			if a.wordCount != nil {
				*a.wordCount++
			}
			if a.stemCount != nil {
				*a.stemCount++
			}
		}
	}

	// Pass 2: OCR correction and output.
	u := 0
	prevEnd, prevModern := -1, "" // the last word unit: its last token and modern form
	for k := 0; k < len(toks); k++ {
		if u < len(units) && units[u].i == k {
			if u%checkEvery == 0 {
				if err := ctx.Err(); err != nil {
					return err
				}
			}
			un := units[u]
			a := an[u]
			u++
			if !st.preReform && a.plain && un.i == un.j {
				// A modern document: words without pre-reform letters
				// pass through byte for byte.
				a = &analysis{repaired: un.text, lower: a.lower, modern: un.text, known: a.known && len(a.rules) == 0}
			}
			orig := text[toks[un.i].start:toks[un.j].end]
			modern := a.modern
			rules := a.rules
			conf := 1.0
			known := a.known
			if !known {
				conf = 0.9
				if st.eligible(a, un, toks, text, sentenceStart(un.i)) {
					r := st.correct(a, true)
					if r.ok {
						modern, rules, conf, known = r.modern, r.rules, r.conf, true
					} else {
						rules = append(append([]string(nil), rules...), RuleUnresolved)
						conf = 0
					}
				}
			}
			if un.j != un.i {
				rules = append(append([]string(nil), rules...), RuleLineHyphen)
			}
			if len(rules) > 0 {
				if err := onEdit(Edit{Doc: st.doc, Line: line(un.i), Col: int(toks[un.i].col),
					Original: orig, Modern: modern, Rules: rules, Confidence: conf}); err != nil {
					return err
				}
			}
			prevEnd, prevModern = un.j, modern
			tm := modern
			if un.j != un.i {
				tm += str(un.j - 1) // the line break stays after the joined word
			}
			if sk.bounds != nil {
				*sk.bounds = append(*sk.bounds, Bound{Orig: int(toks[un.i].start), Modern: out.Len()})
			}
			out.WriteString(tm)
			if tokens != nil {
				*tokens = append(*tokens, Token{Line: line(un.i), Col: int(toks[un.i].col),
					Original: orig, Modern: tm, Kind: KindWord, Rules: rules, Confidence: conf, InLexicon: known})
			}
			if un.j != un.i {
				// Drop the space that followed the second half: the rest of
				// that line must not start with a blank.
				if k = un.j; k+1 < len(toks) && toks[k+1].kind == kSpace {
					k++
					if sk.bounds != nil {
						*sk.bounds = append(*sk.bounds, Bound{Orig: int(toks[k].start), Modern: out.Len()})
					}
					if tokens != nil {
						*tokens = append(*tokens, Token{Line: line(k), Col: int(toks[k].col),
							Original: str(k), Modern: "", Kind: KindSpace, Rules: []string{RuleLineHyphen}, Confidence: 1})
					}
				}
			}
			continue
		}
		s := str(k)
		if sk.bounds != nil {
			*sk.bounds = append(*sk.bounds, Bound{Orig: int(toks[k].start), Modern: out.Len()})
		}
		if rule := st.hyphenRule(toks, text, k, prevEnd, prevModern); rule != "" {
			// A hyphen that modern spelling writes as a space.
			rules := []string{rule}
			if err := onEdit(Edit{Doc: st.doc, Line: line(k), Col: int(toks[k].col),
				Original: s, Modern: " ", Rules: rules, Confidence: 1}); err != nil {
				return err
			}
			out.WriteByte(' ')
			if tokens != nil {
				*tokens = append(*tokens, Token{Line: line(k), Col: int(toks[k].col),
					Original: s, Modern: " ", Kind: KindPunct, Rules: rules, Confidence: 1})
			}
			continue
		}
		out.WriteString(s)
		if tokens != nil {
			*tokens = append(*tokens, Token{Line: line(k), Col: int(toks[k].col),
				Original: s, Modern: s, Kind: toks[k].kind.String(), Confidence: 1})
		}
	}
	if len(toks) > 0 {
		last := toks[len(toks)-1]
		st.lineBase += int(last.line) - 1
		if last.kind == kNewline {
			st.lineBase++
		}
	}
	return nil
}

func hasVowel(s string) bool { return strings.ContainsAny(s, "аеёиоуыэюяіѣ") }

func isHyphen(s string) bool { return s == "-" || s == "\u00ad" || s == "¬" }

func isAllCaps(w string) bool {
	up, low := 0, 0
	for _, r := range w {
		if isUpper(r) {
			up++
		} else if isLower(r) {
			low++
		}
	}
	return up >= 2 && low == 0
}

// eligible decides whether an unknown word may be OCR-corrected: never
// numbers (not words), abbreviations, proper names, foreign words, or
// modern-spelling text.
func (st *state) eligible(a *analysis, un unit, toks []rawToken, text string, sentStart bool) bool {
	if !st.preReform && !a.marker {
		return false
	}
	nr := 0
	cyr := false
	for _, r := range a.repaired {
		nr++
		if isCyr(r) {
			cyr = true
		}
		if !isCyr(r) && r != '/' && r != '-' {
			return false // Latin, digits left: a foreign word or a code
		}
	}
	if !cyr {
		return false
	}
	// An abbreviation: an unknown word directly followed by a period that
	// is one letter, or has no vowel ("т. д.", "см.", "стр.", "др.").
	if un.j+1 < len(toks) && text[toks[un.j+1].start:toks[un.j+1].end] == "." && (nr == 1 || !hasVowel(a.lower)) {
		return false
	}
	// Part of a hyphenated compound after the hyphen ("де-Люинь").
	if un.i > 0 && toks[un.i-1].kind == kPunct && isHyphen(text[toks[un.i-1].start:toks[un.i-1].end]) &&
		toks[un.i-1].line == toks[un.i].line {
		first, _ := utf8.DecodeRuneInString(a.repaired)
		if isUpper(first) {
			return false
		}
	}
	first, _ := utf8.DecodeRuneInString(a.repaired)
	if isUpper(first) && !sentStart && !isAllCaps(a.repaired) {
		return false // a proper name it cannot verify
	}
	if isAllCaps(a.repaired) && nr <= 3 {
		return false // an acronym
	}
	return true
}
