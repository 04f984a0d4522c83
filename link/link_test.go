package link

import (
	"bufio"
	"context"
	"fmt"
	"io"
	"math/rand/v2"
	"os"
	"regexp"
	"sort"
	"strings"
	"sync"
	"testing"
	"unicode"

	"github.com/pasyans/pasyans/corpus"
	"github.com/pasyans/pasyans/engine"
	"github.com/pasyans/pasyans/normalize"
)

// linkAll links docs against the engine's catalog with n (nil: the
// blocks' own text), with the play rules when play is set, and returns
// the links.
func linkAll(docs []*corpus.Document, n *normalize.Normalizer, play bool) ([]Link, error) {
	res, err := Documents(context.Background(), docs, Options{Normalizer: n, Play: play})
	if err != nil {
		return nil, err
	}
	return res.Links, nil
}

// testCorpusOptions segments with the games of the engine's catalog.
var testCorpusOptions = corpus.Options{Games: Games(nil)}

// readDoc reads and segments a test document.
func readDoc(t testing.TB, name string, r io.Reader) (*corpus.Document, error) {
	t.Helper()
	return corpus.Read(context.Background(), name, r, testCorpusOptions)
}

// testNormalizer returns the normalizer shared by the tests.
func testNormalizer(t testing.TB) *normalize.Normalizer {
	t.Helper()
	r, err := linkedCorpus()
	if err != nil {
		t.Fatal(err)
	}
	return r.n
}

// goldenLink is one row of testdata/links.golden.tsv.
type goldenLink struct {
	line                           int
	doc, block, text, rule, method string
}

// readGoldenLinks reads the hand-checked link fixture.
func readGoldenLinks(t *testing.T) []goldenLink {
	t.Helper()
	f, err := os.Open("testdata/links.golden.tsv")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var rows []goldenLink
	sc := bufio.NewScanner(f)
	n := 0
	header := false
	for sc.Scan() {
		n++
		line := sc.Text()
		if strings.HasPrefix(line, "#") || strings.TrimSpace(line) == "" {
			continue
		}
		if !header {
			header = true
			continue
		}
		c := strings.Split(line, "\t")
		if len(c) != 5 {
			t.Fatalf("links.golden.tsv:%d: %d columns, want 5", n, len(c))
		}
		rows = append(rows, goldenLink{n, c[0], c[1], c[2], c[3], c[4]})
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	if len(rows) == 0 {
		t.Fatal("links.golden.tsv has no rows")
	}
	return rows
}

// linkedCorpus links the embedded corpus with the real normalizer and
// catalog, once per test binary.
var linkedCorpus = sync.OnceValues(func() (linkedCorpusResult, error) {
	docs, err := corpus.Embedded(context.Background(), testCorpusOptions)
	if err != nil {
		return linkedCorpusResult{}, err
	}
	n, err := normalize.New()
	if err != nil {
		return linkedCorpusResult{}, err
	}
	links, err := linkAll(docs, n, false)
	return linkedCorpusResult{docs, n, links}, err
})

// linkedCorpusResult is what linkedCorpus computes.
type linkedCorpusResult struct {
	docs  []*corpus.Document
	n     *normalize.Normalizer
	links []Link
}

// corpusForTest returns the linked embedded corpus (shared; callers
// must not modify it).
func corpusForTest(t *testing.T) ([]*corpus.Document, []Link) {
	t.Helper()
	r, err := linkedCorpus()
	if err != nil {
		t.Fatal(err)
	}
	return r.docs, r.links
}

// spaced folds runs of white space to one space, so fixture prefixes match
// blocks hard-wrapped over lines.
func spaced(s string) string { return strings.Join(strings.Fields(s), " ") }

func TestLinkGolden(t *testing.T) {
	docs, links := corpusForTest(t)
	rows := readGoldenLinks(t)
	blockText := map[string][]corpus.Block{}
	for _, d := range docs {
		blockText[d.Name] = d.Blocks
	}
	used := make([]bool, len(rows))
	for _, l := range links {
		if !l.Linked() {
			continue
		}
		bt := spaced(blockText[l.Doc][l.Block].Text)
		found := false
		for i, r := range rows {
			if used[i] || r.doc != l.Doc || r.rule != string(l.RuleID) || r.method != string(l.Method) ||
				!strings.HasPrefix(bt, r.block) || !strings.HasPrefix(spaced(l.Original), r.text) {
				continue
			}
			used[i], found = true, true
			break
		}
		if !found {
			t.Errorf("unexpected link %s block %d %q → %s (%s, score %.3f), text %q",
				l.Doc, l.Block, firstWords(bt, 5), l.RuleID, l.Method, l.Score, firstWords(l.Original, 6))
		}
	}
	for i, r := range rows {
		if !used[i] {
			t.Errorf("links.golden.tsv:%d: missing link %s %q / %q → %s (%s)", r.line, r.doc, r.block, r.text, r.rule, r.method)
		}
	}
}

func TestLinkCandidatesOnly(t *testing.T) {
	docs, links := corpusForTest(t)
	kinds := map[string]corpus.Kind{}
	for _, d := range docs {
		for _, b := range d.Blocks {
			kinds[fmt.Sprint(d.Name, "/", b.Index)] = b.Kind
		}
	}
	for _, l := range links {
		k := kinds[fmt.Sprint(l.Doc, "/", l.Block)]
		switch {
		case k != corpus.KindRule && k != corpus.KindParagraph && k != corpus.KindFootnote:
			t.Errorf("%s block %d: a %s block is a link candidate", l.Doc, l.Block, k)
		case k == corpus.KindFootnote && l.Linked() && l.Method != MethodAdvice:
			t.Errorf("%s block %d: footnote linked as a rule (%s)", l.Doc, l.Block, l.RuleID)
		case l.Linked() && (l.Score <= 0 || l.Score > 1):
			t.Errorf("%s block %d: score %v out of (0, 1]", l.Doc, l.Block, l.Score)
		case !l.Linked() && l.Method != MethodUnlinked && l.Method != MethodUnknownGame:
			t.Errorf("%s block %d: method %q without a rule", l.Doc, l.Block, l.Method)
		}
		if l.Modern == "" || l.Original == "" {
			t.Errorf("%s block %d: empty text", l.Doc, l.Block)
		}
		// The span covers the original text it reports.
		for _, d := range docs {
			if d.Name == l.Doc {
				if got := d.Text[l.Span.StartByte:l.Span.EndByte]; got != l.Original {
					t.Errorf("%s block %d: span text %q, original %q", l.Doc, l.Block, got, l.Original)
				}
			}
		}
	}
}

func TestLinkDuplicatesAgree(t *testing.T) {
	docs, links := corpusForTest(t)
	ids := map[corpus.Ref][]string{}
	for _, l := range links {
		if l.Linked() {
			r := corpus.Ref{Doc: l.Doc, Block: l.Block}
			ids[r] = append(ids[r], string(l.RuleID))
		}
	}
	pairs := 0
	for _, d := range docs {
		for _, b := range d.Blocks {
			if b.Duplicate == nil || (b.Kind != corpus.KindRule && b.Kind != corpus.KindParagraph) {
				continue
			}
			a := ids[corpus.Ref{Doc: d.Name, Block: b.Index}]
			o := ids[*b.Duplicate]
			if len(a) == 0 && len(o) == 0 {
				continue
			}
			pairs++
			// A reading cut off by the page end may carry fewer links, but
			// never a different one.
			short, long := a, o
			if len(short) > len(long) {
				short, long = long, short
			}
			for _, id := range short {
				if !containsID(long, id) {
					t.Errorf("%s block %d links %v, its other reading %v links %v", d.Name, b.Index, a, *b.Duplicate, o)
				}
			}
		}
	}
	if pairs == 0 {
		t.Error("no linked passage scanned twice found")
	}
}

func containsID(xs []string, x string) bool {
	for _, y := range xs {
		if y == x {
			return true
		}
	}
	return false
}

func TestLinkCoverage(t *testing.T) {
	_, links := corpusForTest(t)
	cat := engine.Catalog()
	rep := coverage(links, cat)
	if err := rep.Err(); err != nil {
		t.Fatal(err)
	}
	for _, m := range rep.Missing {
		if m.Kind == engine.KindNumbered && m.Status == engine.StatusBook {
			t.Errorf("%s: catalog says the book has it, but no corpus passage links to it", m.ID)
		}
	}
	// Every numbered rule the corpus states links: the catalog entries with
	// links are exactly the fixture's rule IDs.
	want := map[engine.RuleID]bool{}
	for _, r := range readGoldenLinks(t) {
		want[engine.RuleID(r.rule)] = true
	}
	for _, rc := range rep.Rules {
		if (rc.Links > 0) != want[rc.ID] {
			t.Errorf("%s: %d links, fixture lists it: %v", rc.ID, rc.Links, want[rc.ID])
		}
		delete(want, rc.ID)
	}
	for id := range want {
		t.Errorf("fixture rule %s is not in the catalog", id)
	}
}

func TestLinkOrphanIsError(t *testing.T) {
	text := "ЧЕТЫРЕ УГЛА.\n\nVII. Всђ карты годны.\n"
	d := &corpus.Document{Name: "x", Text: text, Blocks: []corpus.Block{
		{Index: 0, Kind: corpus.KindGameHeading, Text: "ЧЕТЫРЕ УГЛА.", Game: "four-corners",
			Span: corpus.Span{StartByte: 0, EndByte: len("ЧЕТЫРЕ УГЛА."), StartLine: 1, StartCol: 1, EndLine: 1, EndCol: 13}},
		{Index: 1, Kind: corpus.KindRule, Text: "VII. Всђ карты годны.", Game: "four-corners", RuleNumber: "VII",
			Span: corpus.Span{StartByte: len("ЧЕТЫРЕ УГЛА.\n\n"), EndByte: len(text) - 1, StartLine: 3, StartCol: 1, EndLine: 3, EndCol: 22}},
	}}
	cat := engine.Catalog()
	links, err := linkAll([]*corpus.Document{d}, nil, false)
	if err != nil {
		t.Fatal(err)
	}
	if len(links) != 1 || links[0].Method != MethodOrphan || links[0].Candidate != "four-corners/VII" {
		t.Fatalf("links = %+v, want one orphan four-corners/VII", links)
	}
	if err := coverage(links, cat).Err(); err == nil || !strings.Contains(err.Error(), "four-corners/VII") {
		t.Fatalf("Coverage.Err() = %v, want an error naming four-corners/VII", err)
	}
}

func TestLinkUnknownGameBySimilarity(t *testing.T) {
	// A passage without any structure (no game, no number) still finds its
	// rule and advice by text; a passage of play text finds nothing.
	cases := []struct{ text, want string }{
		{"Каждое пустое мђсто должно быть немедленно же занято картою изъ отдђленія, лежащаго непосредственно ниже.", "british-constitution/V"},
		{"Лучше брать карты изъ талона, нежели изъ крыльевъ.", "windmill/S1"},
		{"Берутъ изъ колодъ восемь тузовъ и восемь королей.", ""},
	}
	for _, c := range cases {
		d := &corpus.Document{Name: "u", Text: c.text, Blocks: []corpus.Block{{Kind: corpus.KindParagraph, Text: c.text,
			Span: corpus.Span{EndByte: len(c.text), StartLine: 1, StartCol: 1, EndLine: 1, EndCol: len([]rune(c.text)) + 1}}}}
		links, err := linkAll([]*corpus.Document{d}, nil, false)
		if err != nil {
			t.Fatal(err)
		}
		if len(links) != 1 || string(links[0].RuleID) != c.want {
			t.Errorf("%q: links %+v, want %q", c.text, links, c.want)
		}
	}
}

// reOCR damages text the way this book's OCR does (docs/normalize.md): н/и,
// е/с, п/н, Д/Л and З/3 swaps, й as іі, ж as /к, Latin look-alikes, a lost
// space. Each word of four letters or more is damaged with probability p.
// Roman numerals, numbers, markers and line structure are left alone.
func reOCR(text string, rng *rand.Rand, p float64) string {
	type conf struct{ from, to string }
	confs := []conf{
		{"и", "н"}, {"н", "и"}, {"е", "с"}, {"с", "е"}, {"п", "н"}, {"н", "п"}, {"и", "п"},
		{"й", "іі"}, {"ж", "/к"}, {"а", "a"}, {"о", "o"}, {"р", "p"}, {"с", "c"}, {"е", "e"},
		{"Л", "Д"}, {"З", "3"}, {"ѣ", "ђ"}, {"у", "ѵ"}, {"ъ", "ь"}, {"а", "о"},
	}
	var b strings.Builder
	rs := []rune(text)
	for i := 0; i < len(rs); {
		if !unicode.Is(unicode.Cyrillic, rs[i]) {
			b.WriteRune(rs[i])
			i++
			continue
		}
		j := i
		for j < len(rs) && unicode.Is(unicode.Cyrillic, rs[j]) {
			j++
		}
		w := string(rs[i:j])
		if j-i >= 4 && rng.Float64() < p {
			c := confs[rng.IntN(len(confs))]
			if k := strings.Index(w[1:], c.from); k >= 0 {
				k++
				w = w[:k] + c.to + w[k+len(c.from):]
			}
			// Now and then the space after the word is lost.
			if j < len(rs) && rs[j] == ' ' && j+1 < len(rs) && unicode.IsLower(rs[j+1]) && rng.Float64() < 0.1 {
				j++
			}
		}
		b.WriteString(w)
		i = j
	}
	return b.String()
}

// numeralDamage lists OCR misreadings of the rule numerals at the
// start of a line (Cyrillic П for II, Ш for III, У for V, l and 1 for I).
var numeralDamage = []map[string]string{
	{"I": "l", "II": "П", "III": "Ш", "IV": "IУ", "V": "У", "VI": "УI"},
	{"I": "1", "II": "Il", "III": "lII", "IV": "1V", "V": "V", "VI": "Vl"},
}

func TestLinkReOCR(t *testing.T) {
	clean, cleanLinks := corpusForTest(t)
	want := ruleKeys(cleanLinks)
	r, err := linkedCorpus()
	if err != nil {
		t.Fatal(err)
	}
	numeral := regexp.MustCompile(`(?m)^(I|II|III|IV|V|VI)\. `)
	for seed := uint64(1); seed <= 6; seed++ {
		rng := rand.New(rand.NewPCG(seed, 2026))
		var docs []*corpus.Document
		for _, d := range clean {
			text := d.Text
			if seed%2 == 0 {
				// Damage the numerals too: the rules must then link by
				// their place and text (method heading).
				repl := numeralDamage[seed/2%2]
				text = numeral.ReplaceAllStringFunc(text, func(m string) string {
					return repl[strings.TrimSuffix(m, ". ")] + ". "
				})
			}
			nd, err := readDoc(t, d.Name, strings.NewReader(reOCR(text, rng, 0.15)))
			if err != nil {
				t.Fatalf("seed %d: %s: %v", seed, d.Name, err)
			}
			docs = append(docs, nd)
		}
		links, err := linkAll(docs, r.n, false)
		if err != nil {
			t.Fatal(err)
		}
		if got := ruleKeys(links); strings.Join(got, "\n") != strings.Join(want, "\n") {
			t.Errorf("seed %d: re-OCR links differ:\n%s", seed, diffKeys(want, got))
		}
	}
}

// ruleKeys lists "doc rule" for every rule a document links to, sorted
// and without repeats (a rule split over two blocks by a damaged scan is
// still one rule of the document).
func ruleKeys(links []Link) []string {
	seen := map[string]bool{}
	var out []string
	for _, l := range links {
		if k := l.Doc + " " + string(l.RuleID); l.Linked() && !seen[k] {
			seen[k] = true
			out = append(out, k)
		}
	}
	sort.Strings(out)
	return out
}

// diffKeys shows the keys only one side has.
func diffKeys(want, got []string) string {
	count := map[string]int{}
	for _, k := range want {
		count[k]++
	}
	for _, k := range got {
		count[k]--
	}
	var lines []string
	for k, c := range count {
		switch {
		case c > 0:
			lines = append(lines, "missing "+k)
		case c < 0:
			lines = append(lines, "extra   "+k)
		}
	}
	sort.Strings(lines)
	return strings.Join(lines, "\n")
}

func TestLinkClauses(t *testing.T) {
	text := "Красная девятка, т.-е. черная и т. д. Таким образом; напр. на туза[5]. Конец"
	var got []string
	for _, c := range splitClauses(text) {
		got = append(got, text[c.start:c.end])
	}
	want := []string{"Красная девятка, т.-е. черная и т. д.", "Таким образом;", "напр. на туза[5].", "Конец"}
	if strings.Join(got, "|") != strings.Join(want, "|") {
		t.Errorf("clauses = %q, want %q", got, want)
	}
}

func TestLinkWordsFold(t *testing.T) {
	a := words("Разло/кнвши 3одіакъ КОНСТИТУЦIЯ")
	b := words("разложивши зодиак конституция")
	if len(a) != 3 || len(b) != 3 {
		t.Fatalf("words: %v / %v", a, b)
	}
	for i := range a {
		if s := wordSim(a[i], b[i]); s < minDice {
			t.Errorf("%q ~ %q = %.2f, want ≥ %.2f", a[i].fold, b[i].fold, s, minDice)
		}
	}
	if s := wordSim(words("тузов")[0], words("королей")[0]); s != 0 {
		t.Errorf("different words score %.2f", s)
	}
}

func TestRuleNumber(t *testing.T) {
	for in, want := range map[string]string{"II": "II", "ІІ.": "II", "IV": "IV", "У": "V", "3": "III", "Х": "X", "ab": "", "": "", "IIII": ""} {
		if got := ruleNumber(in); got != want {
			t.Errorf("ruleNumber(%q) = %q, want %q", in, got, want)
		}
	}
	if nextNumber("V") != "VI" || nextNumber("") != "" || nextNumber("XXXIX") != "" {
		t.Error("nextNumber")
	}
}

func BenchmarkDocumentsCorpus(b *testing.B) {
	docs, err := corpus.Embedded(context.Background(), testCorpusOptions)
	if err != nil {
		b.Fatal(err)
	}
	n, err := normalize.New()
	if err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	for b.Loop() {
		if _, err := linkAll(docs, n, false); err != nil {
			b.Fatal(err)
		}
	}
}

// testDoc builds a segmented document from blocks given as
// kind|game|number|text, one per line of the text.
func testDoc(name string, specs ...string) *corpus.Document {
	d := &corpus.Document{Name: name}
	var text strings.Builder
	for i, s := range specs {
		f := strings.SplitN(s, "|", 4)
		start := text.Len()
		text.WriteString(f[3])
		d.Blocks = append(d.Blocks, corpus.Block{
			Index: i, Kind: corpus.Kind(f[0]), Game: f[1], RuleNumber: f[2], Text: f[3],
			Span: corpus.Span{StartByte: start, EndByte: text.Len(), StartLine: i + 1, StartCol: 1, EndLine: i + 1, EndCol: len([]rune(f[3])) + 1},
		})
		text.WriteString("\n")
	}
	d.Text = text.String()
	return d
}

func TestLinkHeadingMethod(t *testing.T) {
	n, err := normalize.New()
	if err != nil {
		t.Fatal(err)
	}
	cases := []struct {
		name string
		doc  *corpus.Document
		want []string // "block rule method"
	}{
		{"damaged numeral", testDoc("a",
			"game-heading|windmill||МЕЛЬНИЦА.",
			"rule|windmill|I|I. Всђ карты въ крыльяхъ годны.",
			"paragraph|windmill||П. Пять основаній. Одно изъ нихъ берется изъ колоды тотчасъ, остальныя четыре во время игры."),
			[]string{"1 windmill/I numbered", "2 windmill/II heading"}},
		{"rule on two blocks", testDoc("b",
			"game-heading|shah||ШАХЪ.",
			"rule|shah|III|III. Основныя карты берутся изъ колоды прежде начала игры.",
			"paragraph|shah||Масти соблюдаются.",
			"paragraph|shah||Берутъ изъ колодъ восемь тузовъ и восемь королей."),
			[]string{"1 shah/III numbered", "2 shah/III heading"}},
		{"number missing", testDoc("c",
			"game-heading|british-constitution||АНГЛІЙСКАЯ КОНСТИТУЦІЯ.",
			"rule|british-constitution|V|V. Каждое пустое мђсто должно быть немедленно же занято картою изъ отдђленія, лежащаго непосредственно ниже.",
			"rule|british-constitution||На основанія должны слђдовать масти."),
			[]string{"1 british-constitution/V numbered", "2 british-constitution/VI heading"}},
		{"play text after the rules stays unlinked", testDoc("d",
			"game-heading|windmill||МЕЛЬНИЦА.",
			"rule|windmill|II|II. Пять основаній. Одно изъ нихъ берется изъ колоды тотчасъ.",
			"paragraph|windmill||Берутъ изъ колоды туза и кладутъ его посрединђ, передъ собою; затђмъ раскладываютъ восемь картъ, располагая ихъ вокругъ туза."),
			[]string{"1 windmill/II numbered"}},
	}
	for _, c := range cases {
		links, err := linkAll([]*corpus.Document{c.doc}, n, false)
		if err != nil {
			t.Fatal(err)
		}
		var got []string
		for _, l := range links {
			if l.Linked() {
				got = append(got, fmt.Sprintf("%d %s %s", l.Block, l.RuleID, l.Method))
			}
		}
		if strings.Join(got, "; ") != strings.Join(c.want, "; ") {
			t.Errorf("%s: links %q, want %q", c.name, got, c.want)
		}
	}
}

func TestLinkPlayOption(t *testing.T) {
	r, err := linkedCorpus()
	if err != nil {
		t.Fatal(err)
	}
	cat := engine.Catalog()
	links, err := linkAll(r.docs, r.n, true)
	if err != nil {
		t.Fatal(err)
	}
	kind := map[string]engine.RuleKind{}
	for _, s := range cat {
		for _, rule := range s.Rules {
			kind[string(rule.ID)] = rule.Kind
		}
	}
	// The option adds play links and changes nothing else.
	var base, play []Link
	for _, l := range links {
		if l.Linked() && kind[string(l.RuleID)] == engine.KindPlay {
			play = append(play, l)
			continue
		}
		base = append(base, l)
	}
	var want []Link
	for _, l := range r.links {
		if !l.Linked() && hasPlay(play, l) {
			continue // now linked to a play rule
		}
		want = append(want, l)
	}
	if fmt.Sprint(base) != fmt.Sprint(want) {
		t.Error("LinkOptions.Play changed the numbered and advice links")
	}
	if len(play) == 0 {
		t.Fatal("no play links")
	}
	blocks := map[corpus.Ref]corpus.Block{}
	for _, d := range r.docs {
		for _, b := range d.Blocks {
			blocks[corpus.Ref{Doc: d.Name, Block: b.Index}] = b
		}
	}
	for _, l := range play {
		b := blocks[corpus.Ref{Doc: l.Doc, Block: l.Block}]
		if b.Kind != corpus.KindParagraph || l.RuleID.Game() != b.Game || l.Method != MethodSimilarity || l.Score < playMin {
			t.Errorf("bad play link %+v on a %s block of %s", l, b.Kind, b.Game)
		}
	}
	// Sentences of play text read by hand, each stating one play rule: a
	// play link must cover each (whatever the catalog calls the rule).
	for _, s := range []struct{ doc, text string }{
		{"000_9294169c5fd42537", "Вторично пасьянсъ не раскладывается."},
		{"002_f37c04e14860f20c", "Пустыя мђста въ крыльяхъ слђдуетъ немедленно же закрывать"},
		{"001_4241458acb371910", "Насьянсъ можно раскладывать еще три раза"},
		{"004_c05a91b701b2f7eb", "Если сразу пасьянс не вышел, то остатки колоды"},
	} {
		found := false
		for _, l := range play {
			if l.Doc == s.doc && strings.HasPrefix(l.Original, s.text) {
				found = true
			}
		}
		if !found {
			t.Errorf("%s: no play link for %q", s.doc, s.text)
		}
	}
}

// hasPlay reports whether play has a link on u's block.
func hasPlay(play []Link, u Link) bool {
	for _, l := range play {
		if l.Doc == u.Doc && l.Block == u.Block {
			return true
		}
	}
	return false
}

// TestLinkMoveRules plays random games of every game of the catalog and
// checks that every rule ID a move carries resolves to a catalog entry and,
// when the catalog says the book states that rule, leads to a sentence of
// the corpus (with play rules linked too).
func TestLinkMoveRules(t *testing.T) {
	r, err := linkedCorpus()
	if err != nil {
		t.Fatal(err)
	}
	cat := engine.Catalog()
	links, err := linkAll(r.docs, r.n, true)
	if err != nil {
		t.Fatal(err)
	}
	linked := map[string]bool{}
	for _, l := range links {
		linked[string(l.RuleID)] = true
	}
	played := 0
	for _, spec := range cat {
		seen := map[engine.RuleID]bool{}
		for seed := uint64(1); seed <= 4; seed++ {
			g, err := spec.New(seed, nil)
			if err != nil {
				t.Errorf("%s: cannot start a game: %v", spec.ID, err)
				break
			}
			played++
			rng := rand.New(rand.NewPCG(seed, 8))
			var buf []engine.Move
			for step := 0; step < 400 && g.Ending() == engine.Playing; step++ {
				buf = g.LegalMoves(buf[:0])
				if len(buf) == 0 {
					break
				}
				m := buf[rng.IntN(len(buf))]
				if !seen[m.Rule] {
					seen[m.Rule] = true
					rule, ok := spec.Rule(m.Rule)
					switch {
					case !ok:
						t.Errorf("%s: move %v carries rule %q, which the catalog lacks", spec.ID, m, m.Rule)
					case rule.Status == engine.StatusBook && !linked[string(m.Rule)]:
						t.Errorf("%s: move %v carries rule %s, which the catalog says the book states, but no corpus passage links to it", spec.ID, m, m.Rule)
					}
				}
				if err := g.Apply(m); err != nil {
					t.Errorf("%s: seed %d: the engine rejects its own legal move %v: %v", spec.ID, seed, m, err)
					break
				}
			}
		}
	}
	if played == 0 {
		t.Fatal("no game of the catalog was played")
	}
}

// FuzzLinkText links arbitrary text: no panic, and every link's span
// holds exactly its original text.
func FuzzLinkText(f *testing.F) {
	for _, s := range []string{
		"МЕЛЬНИЦА.\n\nI. Всђ карты въ крыльяхъ годны.\n\nП. Пять основаній.\n",
		"ШАХЪ.\nIII. Основныя карты берутся изъ колоды.\nМасти соблюдаются.\n9\nЧаще бываетъ удобнђе ждать.\n",
		"Лучше брать карты изъ талона; нежели. изъ крыльевъ[7].",
	} {
		f.Add(s)
	}
	cat := engine.Catalog()
	f.Fuzz(func(t *testing.T, s string) {
		d, err := readDoc(t, "fuzz", strings.NewReader(s))
		if err != nil {
			return
		}
		links, err := linkAll([]*corpus.Document{d}, nil, false)
		if err != nil {
			t.Fatal(err)
		}
		for _, l := range links {
			if l.Span.StartByte < 0 || l.Span.EndByte > len(d.Text) || l.Span.StartByte > l.Span.EndByte {
				t.Fatalf("span %+v outside the text", l.Span)
			}
			if got := d.Text[l.Span.StartByte:l.Span.EndByte]; got != l.Original {
				t.Fatalf("span text %q, original %q", got, l.Original)
			}
		}
		_ = coverage(links, cat)
	})
}

// TestGames: the segmenter gets every game of the catalog with its Russian
// titles and a vocabulary, and the vocabulary table names no other game.
func TestGames(t *testing.T) {
	cat := engine.Catalog()
	games := Games(cat)
	if len(games) != len(cat) {
		t.Fatalf("%d games for a catalog of %d", len(games), len(cat))
	}
	for i, g := range games {
		if g.ID != cat[i].ID || len(g.Titles) == 0 || strings.Join(g.Titles, "|") != strings.Join(cat[i].TitlesRU, "|") || len(g.Vocabulary) == 0 {
			t.Errorf("game %d: %+v, catalog %s %v", i, g, cat[i].ID, cat[i].TitlesRU)
		}
	}
	for id := range vocabulary {
		if _, err := engine.Lookup(id); err != nil {
			t.Errorf("vocabulary of %s: %v", id, err)
		}
	}
}
