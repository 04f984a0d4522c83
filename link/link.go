package link

import (
	"context"
	"fmt"
	"sort"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/pasyans/pasyans/corpus"
	"github.com/pasyans/pasyans/engine"
	"github.com/pasyans/pasyans/internal/glyph"
	"github.com/pasyans/pasyans/normalize"
)

// Method says how a passage was tied to its rule.
type Method string

// Link methods.
const (
	// MethodNumbered: the segmenter found the rule's number and game; the
	// rule ID is game/NUMBER. When the game was only guessed from the
	// document's vocabulary (corpus.Block.GameGuessed), the rule's text must
	// confirm it (weakMin) and the score is that text similarity alone.
	MethodNumbered Method = "numbered"
	// MethodHeading: the passage sits in its game's rules section but its
	// number is lost (a damaged numeral, or the second line of a rule); the
	// rule is inferred from its place after the previous rule and confirmed
	// by the text.
	MethodHeading Method = "heading"
	// MethodSimilarity: no usable structure; the modern text matched one
	// numbered rule's terms clearly better than any other (a numbered
	// passage of an unknown or guessed game: one of the rules with its
	// number, at weakMin or better). With
	// Options.Play, also a paragraph clause holding a key phrase of a
	// play rule.
	MethodSimilarity Method = "similarity"
	// MethodAdvice: a clause of a paragraph or footnote matched a strategy
	// advice entry (S1, S2, …) of its game.
	MethodAdvice Method = "advice"
	// MethodUnlinked: a candidate passage that matched nothing well enough.
	// Candidate and Score name the best rejected match.
	MethodUnlinked Method = "unlinked"
	// MethodUnknownGame: a candidate passage under the heading of a game
	// the catalog does not have. It is linked to nothing, however close its
	// text comes to a catalog rule — the heading, not the likeness, says
	// whose rules these are — and Coverage.UnknownGames lists the game.
	MethodUnknownGame Method = "unknown-game"
	// MethodOrphan: a numbered rule of the corpus whose game — read from a
	// heading or caption, not guessed — has no such rule in the catalog.
	// Candidate holds the missing ID. Coverage reports these as errors. A
	// rule of a game the catalog does not know, or whose game was only
	// guessed, is unlinked instead: it is no evidence of a missing rule.
	MethodOrphan Method = "orphan"
)

// Thresholds of the text scores (see termsScore), chosen on the corpus
// and its synthetic re-OCRs: clean matches score 0.8–1.0, damaged ones
// 0.65–0.9, unrelated clauses of the same game below 0.45.
const (
	// adviceMin is the lowest score at which a clause links to advice.
	adviceMin = 0.72
	// adviceBestTerm is the lowest score of the best single term of an
	// advice link: one key phrase must be (nearly) all there.
	adviceBestTerm = 0.75
	// similarityMin is the lowest score of a similarity link to a
	// numbered rule when structure gives nothing.
	similarityMin = 0.7
	// similarityMargin is how far a similarity link must beat the
	// runner-up rule.
	similarityMargin = 0.15
	// continuationMin is the lowest best-term score of a rule's second
	// line (a short paragraph right after a numbered rule) to count as part
	// of it: the line is a fragment, so it matches one of the rule's
	// phrases, not all of them.
	continuationMin = 0.5
	// continuationWords is the most words a rule's second line may have:
	// a rule runs on for a sentence, not for a paragraph of play.
	continuationWords = 12
	// confirmMin is the text score above which a lost-number rule's
	// positional guess is taken as confirmed.
	confirmMin = 0.35
	// playMin is the lowest score of one key phrase of a play rule for
	// a paragraph to link to it (Options.Play).
	playMin = 0.9
	// titleMin is the lowest share of a title's words a heading must
	// contain to name the game.
	titleMin = 0.75
	// weakMin is the lowest text score of a numbered passage whose game
	// is unknown or only guessed from vocabulary: its number alone proves
	// nothing, so the rule's terms must be (nearly) all there. True rules
	// of the corpus score 0.915–1.0 clean and at least 0.895 in re-OCRs
	// with a third of the words damaged; numbered rules of games the
	// catalog lacks (testdata/heldout) score at most 0.667 against any
	// catalog rule of the same number.
	weakMin = 0.8
)

// Link ties one passage of a corpus document to a catalog rule, or records
// that a candidate passage stayed unlinked.
type Link struct {
	// Doc is the document name.
	Doc string `json:"doc"`
	// Block is the block's index in the document.
	Block int `json:"block"`
	// Kind is the block's kind (rule, paragraph, footnote).
	Kind corpus.Kind `json:"kind"`
	// Game is the game the passage belongs to ("" if unknown).
	Game string `json:"game"`
	// RuleID is the linked catalog rule or advice ID; "" when unlinked.
	RuleID engine.RuleID `json:"rule_id"`
	// Method says how the link was made.
	Method Method `json:"method"`
	// Score is the confidence in [0, 1]; for unlinked passages, the score
	// of the best rejected candidate.
	Score float64 `json:"score"`
	// Candidate is the best rejected rule for unlinked passages and the
	// missing rule ID for orphans.
	Candidate engine.RuleID `json:"candidate,omitempty"`
	// Span is the source span of the linked text: the whole block, or for
	// advice the clause that matched.
	Span corpus.Span `json:"span"`
	// Modern is the linked text in modern spelling.
	Modern string `json:"modern"`
	// Original is the same text as the OCR has it.
	Original string `json:"original"`
}

// Linked reports whether l ties its passage to a rule.
func (l Link) Linked() bool { return l.RuleID != "" }

// catalogRule is a catalog rule prepared for text matching.
type catalogRule struct {
	id     engine.RuleID
	game   string
	kind   engine.RuleKind
	number string
	terms  [][]word
	ids    [][]termID // terms, as words of the term index
}

// catalogGame is a catalog game prepared for linking.
type catalogGame struct {
	id       string
	titles   [][]word
	numbered []*catalogRule
	advice   []*catalogRule
	play     []*catalogRule
}

// index is the catalog prepared for linking.
type index struct {
	opts  Options
	games map[string]*catalogGame
	order []string
	rules map[engine.RuleID]*catalogRule
	terms *termIndex
	// unknown lists the headings of games the catalog lacks met so far.
	unknown []UnknownGame
	// ctx is the context of the run; the long loops look at it.
	ctx context.Context
	// wholeSc holds the scores of the whole passage wholeOf; winSc those
	// of a window of clauses.
	wholeSc, winSc *scorer
	wholeOf        *passage
}

// newIndex prepares the catalog: every numbered and advice entry with
// its terms (the catalog's plus extraTerms), every game's titles.
func newIndex(cat []*engine.Spec) (*index, error) {
	ix := &index{games: map[string]*catalogGame{}, rules: map[engine.RuleID]*catalogRule{}, terms: newTermIndex()}
	for _, s := range cat {
		if s == nil || s.ID == "" {
			return nil, fmt.Errorf("link: catalog has a game without ID")
		}
		if _, dup := ix.games[s.ID]; dup {
			return nil, fmt.Errorf("link: catalog lists game %q twice", s.ID)
		}
		g := &catalogGame{id: s.ID}
		for _, t := range s.TitlesRU {
			if ws := content(words(t)); len(ws) > 0 {
				g.titles = append(g.titles, ws)
			}
		}
		for _, r := range s.Rules {
			id := r.ID
			if r.ID.Game() != s.ID || r.ID.Local() == "" {
				return nil, fmt.Errorf("link: catalog game %s: rule ID %q is not %s/NAME", s.ID, id, s.ID)
			}
			if _, dup := ix.rules[id]; dup {
				return nil, fmt.Errorf("link: catalog lists rule %s twice", id)
			}
			lr := &catalogRule{id: id, game: s.ID, kind: r.Kind, number: r.Number}
			if lr.number == "" {
				lr.number = r.ID.Local()
			}
			seen := map[string]bool{}
			for _, t := range append(append([]string(nil), r.Terms...), extraTerms[id]...) {
				key := strings.ToLower(strings.TrimSpace(t))
				if key == "" || seen[key] {
					continue
				}
				seen[key] = true
				if ws := content(words(t)); len(ws) > 0 {
					lr.terms = append(lr.terms, ws)
					lr.ids = append(lr.ids, ix.terms.add(ws))
				}
			}
			ix.rules[id] = lr
			switch r.Kind {
			case engine.KindNumbered:
				g.numbered = append(g.numbered, lr)
			case engine.KindPlay:
				g.play = append(g.play, lr)
			default:
				g.advice = append(g.advice, lr)
			}
		}
		ix.games[s.ID] = g
		ix.order = append(ix.order, s.ID)
	}
	ix.wholeSc, ix.winSc = newScorer(len(ix.terms.words)), newScorer(len(ix.terms.words))
	return ix, nil
}

// stopped reports, every checkEvery steps of a loop over a passage, whether
// the context of the run is done; the run then ends with its error.
func (ix *index) stopped(step int) bool {
	return step%checkEvery == checkEvery-1 && ix.ctx.Err() != nil
}

// checkEvery is how many clauses the linker scores between looks at its
// context.
const checkEvery = 256

// countUnknown counts a passage under the heading block hb of d, which
// names a game the catalog lacks.
func (ix *index) countUnknown(d *corpus.Document, hb int) {
	if n := len(ix.unknown); n > 0 && ix.unknown[n-1].Doc == d.Name && ix.unknown[n-1].Block == hb {
		ix.unknown[n-1].Passages++
		return
	}
	h := &d.Blocks[hb]
	ix.unknown = append(ix.unknown, UnknownGame{Doc: d.Name, Block: hb, Heading: h.Text, Span: h.Span, Passages: 1})
}

// score scores a rule's terms against the whole passage p (as termsScore
// of its words).
func (ix *index) score(p *passage, r *catalogRule) (score, best float64) {
	if ix.wholeOf != p {
		ix.wholeSc.load(p.words, ix.terms.lists)
		ix.wholeOf = p
	}
	return ix.wholeSc.termsScore(r.ids)
}

// passage is one block being linked, with its modern text.
type passage struct {
	doc   *corpus.Document
	block *corpus.Block
	game  string
	// guessed: game was inferred from vocabulary, not read from a heading
	// or caption (corpus.Block.GameGuessed); weak evidence.
	guessed bool
	modern  string
	words   []pword // words of modern, with the term words each resembles
	// al maps the modern text back to the document; nil when the block was
	// normalized on its own.
	al *alignment
	// modBase is the offset of modern in al's modern text.
	modBase int
}

// alignment maps byte offsets between a document's text and its modern
// text through the normalizer's tokens (their originals concatenate to the
// text, their moderns to the modern text). With no normalizer it is the
// identity.
type alignment struct {
	orig, mod []int // token start offsets, each with the total length appended
	modern    string
}

// newAlignment builds the alignment of text and its normalization al, or
// returns nil when the token boundaries do not run through both texts in
// order.
func newAlignment(text string, al *normalize.Alignment) *alignment {
	a := &alignment{modern: al.Text, orig: make([]int, 0, len(al.Bounds)+1), mod: make([]int, 0, len(al.Bounds)+1)}
	o, m := 0, 0
	for _, b := range al.Bounds {
		if b.Orig < o || b.Modern < m || b.Orig > len(text) || b.Modern > len(al.Text) || len(a.orig) == 0 && (b.Orig != 0 || b.Modern != 0) {
			return nil
		}
		o, m = b.Orig, b.Modern
		a.orig = append(a.orig, o)
		a.mod = append(a.mod, m)
	}
	a.orig = append(a.orig, len(text))
	a.mod = append(a.mod, len(al.Text))
	return a
}

// identityAlignment is the alignment of a text with itself.
func identityAlignment(text string) *alignment {
	return &alignment{orig: []int{0, len(text)}, mod: []int{0, len(text)}, modern: text}
}

// toModern maps an offset of the original text that falls on a token
// boundary to the modern text.
func (a *alignment) toModern(off int) (int, bool) {
	if a.isIdentity() {
		return off, off >= 0 && off <= a.orig[1]
	}
	i := sort.SearchInts(a.orig, off)
	if i < len(a.orig) && a.orig[i] == off {
		return a.mod[i], true
	}
	return 0, false
}

// isIdentity reports whether a maps a text to itself.
func (a *alignment) isIdentity() bool {
	return len(a.orig) == 2 && a.orig[0] == 0 && a.mod[0] == 0 && a.orig[1] == a.mod[1]
}

// toOrig maps an offset of the modern text back to the original. Inside a
// token it snaps to the token's start (end=false) or end (end=true).
func (a *alignment) toOrig(off int, end bool) int {
	if a.isIdentity() {
		return off
	}
	if end {
		// At a boundary: after any tokens with no modern text there (the
		// tail of a word joined across a line break); inside a token: at
		// its end.
		i := sort.SearchInts(a.mod, off)
		for i+1 < len(a.mod) && a.mod[i+1] == off {
			i++
		}
		return a.orig[i]
	}
	i := sort.Search(len(a.mod), func(k int) bool { return a.mod[k] > off }) - 1
	if i < 0 {
		i = 0
	}
	return a.orig[i]
}

// Options configure Documents.
type Options struct {
	// Catalog is the rule catalog linked to; nil means engine.Catalog().
	Catalog []*engine.Spec
	// Normalizer supplies the modern text of each document. With nil the
	// blocks' own text is matched: the linker folds spelling and matches
	// words fuzzily, so pre-reform text and re-OCRs link too, but Link.Modern
	// is then the original text.
	Normalizer *normalize.Normalizer
	// Play also links paragraphs to the catalog's play rules (deal,
	// vacancies, redeals …, engine.KindPlay) whose key phrases they contain,
	// with method similarity, so a move's play rule leads to its sentence.
	// Off by default: the book numbers its rules and advice, not its play
	// text.
	Play bool
}

// Result is what Documents found.
type Result struct {
	// Links has one row per link made plus one unlinked (or orphan) row per
	// candidate block that got none, in document and block order.
	Links []Link `json:"links"`
	// Coverage checks the links against the catalog both ways.
	Coverage Coverage `json:"coverage"`
}

// Documents links every rule, paragraph and footnote block of docs to the
// catalog. Headings, captions, deck lines, page numbers and page headers
// are never candidates; footnotes are candidates only for advice.
//
// Order of evidence: structure first (a rule block's game and number give
// game/NUMBER; a lost number is inferred from the previous rule; the second
// line of a rule joins it), text second (the passage's clauses scored
// against the catalog's terms, for advice and for rules without structure).
// Structure counts only when the game was read from a heading or caption:
// a numbered passage of a game the catalog does not know, or whose game
// the segmenter only guessed from vocabulary (corpus.Block.GameGuessed),
// links only if its text matches a catalog rule of its number (see
// weakMin), and is never an orphan. A passage under the heading of a game
// the catalog does not have links to nothing, however close its text
// (MethodUnknownGame; Coverage.UnknownGames lists the heading). A passage
// with no good match is reported unlinked, never forced.
//
// The work is linear in the length of the text (a passage word's
// likeness to the catalog's terms is worked out once per spelling).
// Documents stops with ctx's error when ctx is cancelled.
func Documents(ctx context.Context, docs []*corpus.Document, opts Options) (*Result, error) {
	res, _, err := documents(ctx, docs, opts)
	return res, err
}

// documents is Documents, returning the index it used too.
func documents(ctx context.Context, docs []*corpus.Document, opts Options) (*Result, *index, error) {
	cat := opts.Catalog
	if cat == nil {
		cat = engine.Catalog()
	}
	ix, err := newIndex(cat)
	if err != nil {
		return nil, nil, err
	}
	ix.opts = opts
	ix.ctx = ctx
	res := &Result{}
	byName := map[string][]*corpus.Document{}
	for _, d := range docs {
		if d == nil {
			return nil, nil, fmt.Errorf("link: nil document")
		}
		byName[d.Name] = append(byName[d.Name], d)
	}
	for _, d := range docs {
		links, err := ix.linkDocument(ctx, ix.newDocContext(d, byName), opts.Normalizer)
		if err != nil {
			return nil, nil, fmt.Errorf("link: %s: %w", d.Name, err)
		}
		res.Links = append(res.Links, links...)
	}
	res.Coverage = coverage(res.Links, cat)
	res.Coverage.UnknownGames = ix.unknown
	return res, ix, nil
}

// linkDocument links the blocks of one document.
func (ix *index) linkDocument(ctx context.Context, dc *docContext, n *normalize.Normalizer) ([]Link, error) {
	d := dc.doc
	modern, aligns, bases, err := modernBlocks(ctx, d, n)
	if err != nil {
		return nil, err
	}
	var out []Link
	// prev is the last numbered-rule link of the current rules section;
	// nil outside one.
	var prev *Link
	for bi := range d.Blocks {
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		b := &d.Blocks[bi]
		switch b.Kind {
		case corpus.KindRule, corpus.KindParagraph, corpus.KindFootnote:
		case corpus.KindCaption, corpus.KindPageNumber, corpus.KindPageHeader:
			continue // page furniture does not end a rules section
		default:
			prev = nil // a heading, deck line or title ends it
			continue
		}
		p := &passage{doc: d, block: b, modern: modern[bi], al: aligns[bi], modBase: bases[bi]}
		g := ix.gameOf(dc, bi)
		if g.unknown >= 0 {
			// Under the heading of a game the catalog lacks: no link,
			// whatever the text.
			out = append(out, ix.whole(p, MethodUnknownGame, "", 0))
			ix.countUnknown(d, g.unknown)
			prev = nil
			continue
		}
		p.words = ix.terms.passageWords(p.modern)
		p.game, p.guessed = g.game, g.guessed
		var links []Link
		switch b.Kind {
		case corpus.KindRule:
			l := ix.ruleBlock(p, prev)
			links = append(links, l)
			if l.Linked() {
				prev = &links[0]
			} else {
				prev = nil
			}
		case corpus.KindParagraph:
			if prev != nil {
				if l, ok := ix.continuation(p, prev); ok {
					links = append(links, l)
					break
				}
			}
			if tok, ok := numeralLike(b.Text); ok && ix.games[p.game] != nil {
				// A rule whose numeral the OCR damaged beyond the
				// segmenter's reading.
				l, ok := ix.lostNumber(p, prev, tok)
				if p.guessed {
					l, ok = ix.weakNumber(p, ruleNumber(tok))
				}
				if ok {
					links = append(links, l)
					prev = &links[0]
					break
				}
			}
			prev = nil
			links = append(links, ix.advice(p)...)
			if ix.opts.Play {
				links = append(links, ix.play(p)...)
			}
			if len(links) == 0 && p.game == "" {
				if l, ok := ix.similar(p, ix.order); ok {
					links = append(links, l)
				}
			}
		case corpus.KindFootnote:
			links = append(links, ix.advice(p)...)
		}
		if len(links) == 0 {
			links = append(links, ix.unlinked(p))
		}
		if err := ctx.Err(); err != nil {
			return nil, err // the passage's scoring was cut short
		}
		sort.SliceStable(links, func(i, j int) bool { return links[i].Span.StartByte < links[j].Span.StartByte })
		out = append(out, links...)
	}
	return out, nil
}

// modernBlocks returns the modern text of every block of d, each with
// the alignment it can be mapped back through and its offset in the
// aligned modern text. The document is normalized as a whole (the
// normalizer's document-frequency prior sees the whole book) and cut at the
// blocks' spans; a block whose ends fall inside a token is normalized on
// its own.
func modernBlocks(ctx context.Context, d *corpus.Document, n *normalize.Normalizer) (modern []string, al []*alignment, base []int, err error) {
	modern = make([]string, len(d.Blocks))
	al = make([]*alignment, len(d.Blocks))
	base = make([]int, len(d.Blocks))
	var whole *alignment
	if n == nil {
		whole = identityAlignment(d.Text)
	} else {
		al, err := n.Align(ctx, d.Name, d.Text)
		if err != nil {
			return nil, nil, nil, err
		}
		whole = newAlignment(d.Text, al)
	}
	for i := range d.Blocks {
		b := &d.Blocks[i]
		if whole != nil && b.Span.StartByte >= 0 && b.Span.EndByte <= len(d.Text) && b.Span.StartByte <= b.Span.EndByte {
			ms, ok1 := whole.toModern(b.Span.StartByte)
			me, ok2 := whole.toModern(b.Span.EndByte)
			if ok1 && ok2 && ms <= me {
				modern[i], al[i], base[i] = whole.modern[ms:me], whole, ms
				continue
			}
		}
		if n == nil {
			modern[i] = b.Text
			continue
		}
		res, err := n.Document(ctx, d.Name, b.Text)
		if err != nil {
			return nil, nil, nil, err
		}
		modern[i] = res.Text
	}
	return modern, al, base, nil
}

// gameOf returns the game of block bi and whether it is only a guess: the
// segmenter's (a guess when it came from vocabulary), else the game of the
// block that carries the footnote's marker, else the other reading's, else
// the game whose title words a caption or heading above it contains — up to
// the nearest game heading, which ends the search even when it names no
// game of the catalog (the block then belongs to a game the catalog does
// not know). A game found from title words is a guess: the segmenter
// matches whole titles and left this block without a game, so the heading
// may name another game that shares a word with a catalog title.
func (ix *index) gameOf(dc *docContext, bi int) guess {
	d := dc.doc
	b := &d.Blocks[bi]
	if b.Game != "" {
		return guess{b.Game, b.GameGuessed, -1}
	}
	if b.Kind == corpus.KindFootnote && b.FootnoteNumber > 0 {
		if g, ok := dc.noteGame[b.FootnoteNumber]; ok {
			return g
		}
	}
	if b.Duplicate != nil {
		for _, o := range dc.byName[b.Duplicate.Doc] {
			if b.Duplicate.Block >= 0 && b.Duplicate.Block < len(o.Blocks) {
				if ob := &o.Blocks[b.Duplicate.Block]; ob.Game != "" {
					return guess{ob.Game, ob.GameGuessed, -1}
				}
			}
		}
	}
	return dc.above[bi]
}

// guess is a game and whether it is only a guess; or, when the passage
// sits under the heading of a game the catalog lacks, that heading's block
// (unknown ≥ 0, game "").
type guess struct {
	game    string
	guessed bool
	unknown int
}

// docContext is what gameOf needs of a document, worked out once: the game
// of each footnote's marker, the documents by name, and for each block the
// game named by the nearest heading, caption or title line above it.
type docContext struct {
	doc      *corpus.Document
	noteGame map[int]guess                 // footnote number → game of the first block with its marker and a game
	byName   map[string][]*corpus.Document // the documents linked together, by name
	above    []guess                       // per block: the game of the nearest title line above that decides one
}

// newDocContext prepares d, one of all.
func (ix *index) newDocContext(d *corpus.Document, byName map[string][]*corpus.Document) *docContext {
	dc := &docContext{doc: d, noteGame: map[int]guess{}, byName: byName, above: make([]guess, len(d.Blocks))}
	cur := guess{unknown: -1}
	for i := range d.Blocks {
		b := &d.Blocks[i]
		dc.above[i] = cur
		if b.Game != "" {
			for _, m := range b.Markers {
				if _, ok := dc.noteGame[m]; !ok {
					dc.noteGame[m] = guess{b.Game, b.GameGuessed, -1}
				}
			}
		}
		switch b.Kind {
		case corpus.KindRule, corpus.KindParagraph, corpus.KindFootnote:
			continue
		}
		// A heading ends the search even when it names no game of the
		// catalog (the blocks then belong to a game the catalog lacks).
		switch g := ix.titleGame(b.Text); {
		case g != "":
			cur = guess{g, true, -1}
		case b.Kind == corpus.KindGameHeading:
			cur = guess{"", false, i} // a game the catalog does not have
		}
	}
	return dc
}

// titleGame returns the game whose Russian title a short heading text
// names, or "".
func (ix *index) titleGame(text string) string {
	ws := content(words(text))
	if len(ws) == 0 || len(ws) > 8 {
		return ""
	}
	best, bestGame := 0.0, ""
	for _, id := range ix.order {
		for _, t := range ix.games[id].titles {
			if s := termScore(t, ws); s > best {
				best, bestGame = s, id
			}
		}
	}
	if best >= titleMin {
		return bestGame
	}
	return ""
}

// ruleBlock links a block the segmenter marked as a numbered rule.
// Structure decides when the game was read from a heading or caption; when
// it is unknown or only guessed, the text must (see weakNumber).
func (ix *index) ruleBlock(p *passage, prev *Link) Link {
	num := ruleNumber(p.block.RuleNumber)
	g := ix.games[p.game]
	switch {
	case g != nil && p.guessed:
		if l, ok := ix.weakNumber(p, num); ok {
			return l
		}
	case g != nil && num != "":
		id := engine.RuleID(p.game + "/" + num)
		r, ok := ix.rules[id]
		if !ok || r.kind != engine.KindNumbered {
			l := ix.whole(p, MethodOrphan, "", 0)
			l.Candidate = id
			return l
		}
		s := 1.0
		if len(r.terms) > 0 {
			t, _ := ix.score(p, r)
			s = 0.8 + 0.2*t
		}
		return ix.whole(p, MethodNumbered, id, s)
	case g != nil:
		if l, ok := ix.lostNumber(p, prev, ""); ok {
			return l
		}
	case num != "":
		if l, ok := ix.weakNumber(p, num); ok {
			return l
		}
	default:
		if l, ok := ix.similar(p, ix.order); ok {
			return l
		}
	}
	return ix.unlinked(p)
}

// weakNumber links a numbered passage whose game is unknown or only
// guessed (num is its rule number, "" if none can be read). Its number and
// guessed game alone prove nothing — a game the catalog lacks numbers its
// rules I, II, … too — so the text decides: the guessed game's rule of that
// number when its terms score at least weakMin (method numbered), else
// the rule of that number, of any game, whose terms score at least
// weakMin and similarityMargin above every other such rule (method
// similarity). The score is the text score. Without a number, every
// numbered rule is a candidate.
func (ix *index) weakNumber(p *passage, num string) (Link, bool) {
	if r := ix.rules[engine.RuleID(p.game+"/"+num)]; num != "" && r != nil && r.kind == engine.KindNumbered {
		if t, _ := ix.score(p, r); t >= weakMin {
			return ix.whole(p, MethodNumbered, r.id, t), true
		}
	}
	best, second := 0.0, 0.0
	var bestRule *catalogRule
	for _, gid := range ix.order {
		for _, r := range ix.games[gid].numbered {
			if num != "" && r.number != num {
				continue
			}
			s, _ := ix.score(p, r)
			if s > best {
				best, second, bestRule = s, best, r
			} else if s > second {
				second = s
			}
		}
	}
	if bestRule == nil || best < weakMin || best-second < similarityMargin {
		return Link{}, false
	}
	return ix.whole(p, MethodSimilarity, bestRule.id, best), true
}

// lostNumber links a passage of a known game that is a numbered rule
// whose number is lost or damaged (hint is the damaged numeral, "" if
// none): the number the hint still reads as, else the rule after the
// previous one of the section, if the text does not contradict it; else the
// game's rule the text matches clearly best.
func (ix *index) lostNumber(p *passage, prev *Link, hint string) (Link, bool) {
	var want string
	if n := ruleNumber(hint); n != "" {
		want = n
	} else if prev != nil && prev.Game == p.game {
		if r := ix.rules[prev.RuleID]; r != nil {
			want = nextNumber(r.number)
		}
	}
	if r, ok := ix.rules[engine.RuleID(p.game+"/"+want)]; ok && want != "" && r.kind == engine.KindNumbered {
		t, _ := ix.score(p, r)
		if len(r.terms) == 0 || t >= confirmMin {
			return ix.whole(p, MethodHeading, r.id, 0.6+0.4*t), true
		}
	}
	return ix.similar(p, []string{p.game})
}

// numeralLike reports whether text starts like a rule with a damaged
// Roman numeral: one to four runes that glyph.RomanDamaged reads as
// numerals or their OCR look-alikes, then a dot or comma and a space. It
// returns the numeral token.
func numeralLike(text string) (string, bool) {
	i := 0
	n := 0
	for i < len(text) && n <= 4 {
		r, size := utf8.DecodeRuneInString(text[i:])
		if !glyph.IsDamagedRomanGlyph(r) {
			break
		}
		i += size
		n++
	}
	if n == 0 || n > 4 || i+1 >= len(text) || (text[i] != '.' && text[i] != ',') || text[i+1] != ' ' {
		return "", false
	}
	return text[:i], true
}

// continuation links a paragraph that directly follows a numbered rule
// in a rules section when its text belongs to that rule (the rule's second
// line, e.g. "Масти соблюдаются." after shah/III).
func (ix *index) continuation(p *passage, prev *Link) (Link, bool) {
	r := ix.rules[prev.RuleID]
	if r == nil || p.game != prev.Game || len(r.terms) == 0 || len(p.words) > continuationWords {
		return Link{}, false
	}
	s, best := ix.score(p, r)
	if best < continuationMin {
		return Link{}, false
	}
	for _, o := range ix.games[p.game].numbered {
		if o == r {
			continue
		}
		if t, _ := ix.score(p, o); t > s {
			return Link{}, false
		}
	}
	return ix.whole(p, MethodHeading, r.id, s), true
}

// similar links p to the numbered rule of one of games whose terms it
// matches best, if that match is good and clearly ahead of the next.
func (ix *index) similar(p *passage, games []string) (Link, bool) {
	best, second := 0.0, 0.0
	var bestRule *catalogRule
	for _, gid := range games {
		g := ix.games[gid]
		if g == nil {
			continue
		}
		for _, r := range g.numbered {
			s, _ := ix.score(p, r)
			if s > best {
				best, second, bestRule = s, best, r
			} else if s > second {
				second = s
			}
		}
	}
	if bestRule == nil || best < similarityMin || best-second < similarityMargin {
		return Link{}, false
	}
	return ix.whole(p, MethodSimilarity, bestRule.id, best), true
}

// advice links the clauses of p to the advice entries of its game (of
// every game when the game is unknown, then only a clear winner counts).
// Each advice entry links at most once per block, to its best window of one
// or two clauses; several entries may share a clause.
func (ix *index) advice(p *passage) []Link {
	var rules []*catalogRule
	if g := ix.games[p.game]; g != nil {
		rules = g.advice
	} else {
		for _, id := range ix.order {
			rules = append(rules, ix.games[id].advice...)
		}
	}
	clauses := splitClauses(p.modern)
	type hit struct {
		r          *catalogRule
		score      float64
		start, end int
	}
	// Each rule's best window of one or two clauses, the windows visited in
	// text order.
	best := make([]hit, len(rules))
	for i := range clauses {
		if ix.stopped(i) {
			return nil
		}
		for j := i; j < len(clauses) && j <= i+1; j++ {
			ix.winSc.load(wordRange(p.words, clauses[i].start, clauses[j].end), ix.terms.lists)
			for k, r := range rules {
				if len(r.terms) == 0 {
					continue
				}
				s, bestTerm := ix.winSc.termsScore(r.ids)
				// A two-clause window must beat its first clause clearly.
				if j > i {
					s -= 0.05
				}
				if bestTerm >= adviceBestTerm && s > best[k].score {
					best[k] = hit{r, s, clauses[i].start, clauses[j].end}
				}
			}
		}
	}
	var hits []hit
	for _, h := range best {
		if h.r != nil && h.score >= adviceMin {
			hits = append(hits, h)
		}
	}
	if ix.games[p.game] == nil && len(hits) > 1 {
		// Unknown game: keep only the advice of the best-scoring game.
		sort.SliceStable(hits, func(a, b int) bool { return hits[a].score > hits[b].score })
		g := hits[0].r.game
		k := 0
		for _, h := range hits {
			if h.r.game == g {
				hits[k] = h
				k++
			}
		}
		hits = hits[:k]
	}
	sort.SliceStable(hits, func(a, b int) bool {
		if hits[a].start != hits[b].start {
			return hits[a].start < hits[b].start
		}
		return hits[a].r.id < hits[b].r.id
	})
	out := make([]Link, 0, len(hits))
	for _, h := range hits {
		l := ix.part(p, h.start, h.end)
		l.Game = h.r.game
		l.RuleID = h.r.id
		l.Method = MethodAdvice
		l.Score = round3(h.score)
		out = append(out, l)
	}
	return out
}

// play links a paragraph of a known game to the play rules one of
// whose key phrases it contains (nearly) whole, each at most once, spanning
// the clause or two that hold the phrase.
func (ix *index) play(p *passage) []Link {
	g := ix.games[p.game]
	if g == nil {
		return nil
	}
	clauses := splitClauses(p.modern)
	// Each play rule's best (term, window): the highest score, on a tie
	// the first term, then the first window.
	type pick struct {
		score      float64
		term, win  int
		start, end int
	}
	picks := make([]pick, len(g.play))
	for k := range picks {
		picks[k].term = -1
	}
	win := 0
	for i := range clauses {
		if ix.stopped(i) {
			return nil
		}
		for j := i; j < len(clauses) && j <= i+1; j++ {
			ix.winSc.load(wordRange(p.words, clauses[i].start, clauses[j].end), ix.terms.lists)
			for k, r := range g.play {
				for ti, t := range r.ids {
					if len(t) < 2 {
						// One word is too little evidence for play text,
						// which repeats the game's vocabulary throughout.
						continue
					}
					s := ix.winSc.termScore(t)
					if j > i {
						s -= 0.05
					}
					pk := &picks[k]
					if s > pk.score || s == pk.score && s > 0 && (ti < pk.term || ti == pk.term && win < pk.win) {
						*pk = pick{s, ti, win, clauses[i].start, clauses[j].end}
					}
				}
			}
			win++
		}
	}
	var out []Link
	for k, r := range g.play {
		pk := picks[k]
		if pk.score < playMin {
			continue
		}
		l := ix.part(p, pk.start, pk.end)
		l.Game, l.RuleID, l.Method, l.Score = r.game, r.id, MethodSimilarity, round3(pk.score)
		out = append(out, l)
	}
	sort.SliceStable(out, func(a, b int) bool { return out[a].Span.StartByte < out[b].Span.StartByte })
	return out
}

// unlinked reports p as unlinked, naming the best candidate it came near.
func (ix *index) unlinked(p *passage) Link {
	l := ix.whole(p, MethodUnlinked, "", 0)
	var games []string
	if ix.games[p.game] != nil && !p.guessed {
		games = []string{p.game}
	} else {
		games = ix.order
	}
	best := 0.0
	for _, gid := range games {
		g := ix.games[gid]
		kinds := [][]*catalogRule{g.numbered, g.advice}
		if p.block.Kind == corpus.KindFootnote {
			kinds = kinds[1:] // a footnote can only be advice
		}
		for _, rs := range kinds {
			for _, r := range rs {
				if s, _ := ix.score(p, r); s > best {
					best = s
					l.Candidate = r.id
				}
			}
		}
	}
	l.Score = round3(best)
	return l
}

// whole makes a link covering the whole block.
func (ix *index) whole(p *passage, method Method, id engine.RuleID, score float64) Link {
	g := p.game
	if id != "" {
		g = id.Game()
	}
	return Link{
		Doc: p.doc.Name, Block: p.block.Index, Kind: p.block.Kind, Game: g,
		RuleID: id, Method: method, Score: round3(score), Span: p.block.Span,
		Modern: p.modern, Original: p.block.Text,
	}
}

// part makes a link covering the byte range [start, end) of the block's
// modern text, with the original text and span of the same words. Without
// an alignment (a block normalized on its own), the original clauses are
// matched by position when the original splits into as many clauses (the
// normalizer keeps punctuation); failing that the link keeps the whole
// block's original and span.
func (ix *index) part(p *passage, start, end int) Link {
	l := ix.whole(p, MethodAdvice, "", 0)
	l.Modern = strings.TrimSpace(p.modern[start:end])
	b := p.block
	os, oe := -1, -1
	if p.al != nil {
		os = p.al.toOrig(p.modBase+start, false) - b.Span.StartByte
		oe = p.al.toOrig(p.modBase+end, true) - b.Span.StartByte
	} else if mc, oc := splitClauses(p.modern), splitClauses(b.Text); len(mc) == len(oc) {
		for i, c := range mc {
			if c.start == start {
				os = oc[i].start
			}
			if c.end == end {
				oe = oc[i].end
			}
		}
	}
	if os < 0 || oe > len(b.Text) || os >= oe {
		return l
	}
	for os < oe {
		r, size := utf8.DecodeRuneInString(b.Text[os:])
		if !unicode.IsSpace(r) {
			break
		}
		os += size
	}
	for oe > os {
		r, size := utf8.DecodeLastRuneInString(b.Text[:oe])
		if !unicode.IsSpace(r) {
			break
		}
		oe -= size
	}
	l.Original = b.Text[os:oe]
	l.Span = subSpan(b, os, oe)
	return l
}

// subSpan returns the span of the byte range [from, to) of b.Text,
// given b.Span for the whole text. Lines count from the block's start
// line; columns are 1-based rune columns, the end exclusive.
func subSpan(b *corpus.Block, from, to int) corpus.Span {
	sp := b.Span
	pos := func(off int) (line, col int) {
		line, col = b.Span.StartLine, b.Span.StartCol
		for _, r := range b.Text[:off] {
			if r == '\n' {
				line++
				col = 1
			} else {
				col++
			}
		}
		return line, col
	}
	sp.StartLine, sp.StartCol = pos(from)
	sp.EndLine, sp.EndCol = pos(to)
	sp.StartByte = b.Span.StartByte + from
	sp.EndByte = b.Span.StartByte + to
	return sp
}

// round3 rounds a score to three decimals for stable output.
func round3(x float64) float64 {
	return float64(int(x*1000+0.5)) / 1000
}

// ruleNumber returns a rule number in canonical Roman form, read as OCR
// may have damaged it (glyph.RomanDamaged: look-alikes, Arabic numbers);
// "" if it is no number.
func ruleNumber(s string) string {
	v, ok := glyph.RomanDamaged(s)
	if !ok {
		return ""
	}
	return glyph.ToRoman(v)
}

// nextNumber returns the rule number after n ("" if none).
func nextNumber(n string) string {
	v, ok := glyph.Roman(n)
	if !ok || v >= glyph.MaxRuleNumber {
		return ""
	}
	return glyph.ToRoman(v + 1)
}

// firstWords returns the first k words of s (for fixtures and tables).
func firstWords(s string, k int) string {
	f := strings.Fields(s)
	if len(f) > k {
		f = f[:k]
	}
	return strings.Join(f, " ")
}
