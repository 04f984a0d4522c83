package link

import (
	"context"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"github.com/pasyans/pasyans/corpus"
	"github.com/pasyans/pasyans/engine"
)

// heldOutFiles returns the texts of the normalizer's held-out-style set,
// ../normalize/testdata/heldout/DIR (DIR "" for the OCR-damaged texts),
// keyed by file name.
func heldOutFiles(t *testing.T, dir string) map[string]string {
	t.Helper()
	paths, err := filepath.Glob(filepath.Join("..", "normalize", "testdata", "heldout", dir, "*.txt"))
	if err != nil || len(paths) == 0 {
		t.Fatalf("no held-out texts in normalize/testdata/heldout/%s: %v", dir, err)
	}
	out := map[string]string{}
	for _, p := range paths {
		b, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		out[filepath.Base(p)] = string(b)
	}
	return out
}

// heldOutDocs segments the held-out texts (games of the book that the
// catalog does not implement), optionally without their first line (the
// heading), so that the segmenter has to guess their game from their words.
func heldOutDocs(t *testing.T, dropHeading bool) []*corpus.Document {
	t.Helper()
	files := heldOutFiles(t, "")
	names := make([]string, 0, len(files))
	for name := range files {
		names = append(names, name)
	}
	sort.Strings(names)
	var docs []*corpus.Document
	for _, name := range names {
		text := files[name]
		if dropHeading {
			_, text, _ = strings.Cut(text, "\n")
		}
		d, err := readDoc(t, strings.TrimSuffix(filepath.Base(name), ".txt"), strings.NewReader(text))
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		docs = append(docs, d)
	}
	if err := corpus.LinkDuplicates(context.Background(), docs); err != nil {
		t.Fatal(err)
	}
	return docs
}

// TestHeldOutSegmentation: each held-out text opens with the heading of a
// game the segmenter does not know; its rules keep their numbers but get no
// game, and no block is given a catalog game, nor paired with a block of
// another held-out text.
func TestHeldOutSegmentation(t *testing.T) {
	for _, d := range heldOutDocs(t, false) {
		if len(d.Blocks) == 0 || d.Blocks[0].Kind != corpus.KindGameHeading {
			t.Errorf("%s: does not open with a game heading", d.Name)
			continue
		}
		rules, captions := 0, 0
		for _, b := range d.Blocks {
			if b.Game != "" || b.GameGuessed {
				t.Errorf("%s#%d %s %q: game %q", d.Name, b.Index, b.Kind, firstWords(b.Text, 4), b.Game)
			}
			if b.Duplicate != nil {
				t.Errorf("%s#%d %s %q: read twice as %v", d.Name, b.Index, b.Kind, firstWords(b.Text, 4), *b.Duplicate)
			}
			switch b.Kind {
			case corpus.KindRule:
				rules++
				if b.RuleNumber == "" {
					t.Errorf("%s#%d: rule without a number", d.Name, b.Index)
				}
			case corpus.KindCaption:
				captions++
			}
		}
		if rules < 3 || captions != 1 {
			t.Errorf("%s: %d rules and %d captions, want at least 3 and 1", d.Name, rules, captions)
		}
	}
}

// TestLinkHeldOut: rules of games the catalog lacks link to no catalog rule
// and are no coverage error (they are not orphans of a catalog game). Under
// their own headings nothing of them links, however close the text (the
// Seasons' rule I is four-corners/I's sentence, its advice windmill/S1's),
// and each heading is listed as an unknown game. With the headings cut
// off, when the segmenter guesses a catalog game from their vocabulary
// (the Royal Marriage's queens and kings read as Salic Law, Napoleon's
// Tomb's corners as Four Corners), a guessed game's rule must be confirmed
// by its text — except the Seasons, whose sentences are a catalog game's:
// without its heading nothing tells them apart, which is why the heading
// decides.
func TestLinkHeldOut(t *testing.T) {
	n := testNormalizer(t)
	cat := engine.Catalog()
	for _, drop := range []bool{false, true} {
		docs := heldOutDocs(t, drop)
		guessed := 0
		for _, d := range docs {
			for _, b := range d.Blocks {
				if b.Kind == corpus.KindRule && b.GameGuessed {
					guessed++
				}
			}
		}
		if drop && guessed == 0 {
			t.Fatal("no rule of the held-out texts without headings got a guessed game; the weak-attribution path is not tested")
		}
		res, err := Documents(context.Background(), docs, Options{Normalizer: n, Play: true})
		if err != nil {
			t.Fatal(err)
		}
		links := res.Links
		if unknown := len(res.Coverage.UnknownGames); !drop && unknown != len(docs) || drop && unknown != 0 {
			t.Errorf("headings dropped %v: %d unknown games listed for %d texts", drop, unknown, len(docs))
		}
		rules := 0
		for _, l := range links {
			if l.Kind == corpus.KindRule {
				rules++
			}
			if drop && l.Doc == "seasons" {
				continue
			}
			if !drop && l.Method != MethodUnknownGame {
				t.Errorf("%s block %d: method %s under an unknown heading", l.Doc, l.Block, l.Method)
			}
			if l.Linked() {
				t.Errorf("headings dropped %v: %s block %d %q linked to %s (%s, %.3f)", drop, l.Doc, l.Block, firstWords(l.Original, 5), l.RuleID, l.Method, l.Score)
			}
			if l.Method == MethodOrphan {
				t.Errorf("headings dropped %v: %s block %d: orphan %s", drop, l.Doc, l.Block, l.Candidate)
			}
		}
		if rules < 15 {
			t.Errorf("headings dropped %v: %d rule rows, want every held-out rule reported", drop, rules)
		}
		if err := coverage(links, cat).Err(); err != nil {
			t.Errorf("headings dropped %v: %v", drop, err)
		}
	}
}

// TestLinkGuessedGame: rules of a catalog game whose heading is lost (the
// Shah of 002 without "ШАХЪ.") are attributed by vocabulary and, their text
// confirming it, link by number with the text score.
func TestLinkGuessedGame(t *testing.T) {
	r, err := linkedCorpus()
	if err != nil {
		t.Fatal(err)
	}
	var text string
	for _, d := range r.docs {
		if i := strings.Index(d.Text, "ШАХЪ.\n"); i >= 0 {
			text = d.Text[i+len("ШАХЪ.\n"):]
		}
	}
	if text == "" {
		t.Fatal("no Shah heading in the corpus")
	}
	d, err := readDoc(t, "shah", strings.NewReader(text))
	if err != nil {
		t.Fatal(err)
	}
	links, err := linkAll([]*corpus.Document{d}, r.n, false)
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, l := range links {
		b := d.Blocks[l.Block]
		if b.Kind != corpus.KindRule {
			continue
		}
		if !b.GameGuessed {
			t.Errorf("block %d: game %q not marked guessed", l.Block, b.Game)
		}
		if l.Method != MethodNumbered || l.Score < weakMin || l.Score > 1 {
			t.Errorf("block %d → %s: method %s score %.3f, want numbered with the text score", l.Block, l.RuleID, l.Method, l.Score)
		}
		got = append(got, string(l.RuleID))
	}
	if strings.Join(got, " ") != "shah/I shah/II shah/III" {
		t.Errorf("rules link to %v, want shah/I–III", got)
	}
}

// TestLinkUnknownGameRules: under the heading of a game the catalog lacks, a
// rule whose number some catalog game has, a rule number no catalog game
// has, and a rule whose text is (nearly) a catalog rule of that number all
// link to nothing (the heading outranks the likeness), are no orphans, and
// the heading is listed as an unknown game.
func TestLinkUnknownGameRules(t *testing.T) {
	heading := "ЧАСЫ."
	cases := []struct{ rule, num string }{
		{"I. Основныхъ картъ нѣтъ; карты раскладываются кругомъ, въ двѣнадцать пачекъ.", "I"},
		{"VII. Всѣ карты годны.", "VII"},
		{"V. Каждое пустое мђсто должно быть немедленно же занято картою изъ отдђленія, лежащаго непосредственно ниже.", "V"},
	}
	for _, c := range cases {
		text := heading + "\n\n" + c.rule + "\n"
		d, err := readDoc(t, "u", strings.NewReader(text))
		if err != nil {
			t.Fatal(err)
		}
		if len(d.Blocks) != 2 || d.Blocks[0].Kind != corpus.KindGameHeading || d.Blocks[1].RuleNumber != c.num || d.Blocks[1].Game != "" {
			t.Fatalf("%q: segmented as %+v", c.rule, d.Blocks)
		}
		res, err := Documents(context.Background(), []*corpus.Document{d}, Options{Play: true})
		if err != nil {
			t.Fatal(err)
		}
		if l := res.Links; len(l) != 1 || l[0].Linked() || l[0].Method != MethodUnknownGame || l[0].Candidate != "" {
			t.Errorf("%q: links %+v, want one unknown-game row", c.rule, l)
			continue
		}
		if u := res.Coverage.UnknownGames; len(u) != 1 || u[0].Heading != heading || u[0].Block != 0 || u[0].Passages != 1 {
			t.Errorf("%q: unknown games %+v", c.rule, u)
		}
		if err := res.Coverage.Err(); err != nil {
			t.Errorf("%q: %v", c.rule, err)
		}
	}
	// Without a heading the same rule links by its text.
	d, err := readDoc(t, "u", strings.NewReader(cases[2].rule+"\n"))
	if err != nil {
		t.Fatal(err)
	}
	links, err := linkAll([]*corpus.Document{d}, nil, false)
	if err != nil || len(links) != 1 || links[0].RuleID != "british-constitution/V" || links[0].Method != MethodSimilarity {
		t.Errorf("headless rule: links %+v, %v", links, err)
	}
}

// TestLinkForeignOrDamagedHeading: a heading the segmenter cannot match to
// a catalog title leaves its blocks without a game. If the heading only
// shares a word with a catalog title ("ДВОЙНАЯ МЕЛЬНИЦА." is not the
// Windmill), its rules are not taken for that game's rules. A catalog
// title damaged beyond the title matchers' tolerance ("ШЛХЪ.") is a heading
// the engine does not know either: its rules link to nothing, and the
// coverage lists the heading, where a reader sees the damage.
func TestLinkForeignOrDamagedHeading(t *testing.T) {
	r, err := linkedCorpus()
	if err != nil {
		t.Fatal(err)
	}
	cat := engine.Catalog()
	clock := heldOutFiles(t, "")["clock.txt"]
	_, body, _ := strings.Cut(clock, "\n")
	d, err := readDoc(t, "double", strings.NewReader("ДВОЙНАЯ МЕЛЬНИЦА.\n"+body))
	if err != nil {
		t.Fatal(err)
	}
	if b := d.Blocks[0]; b.Kind != corpus.KindGameHeading || b.Game != "" {
		t.Fatalf("heading segmented as %s %q", b.Kind, b.Game)
	}
	links, err := linkAll([]*corpus.Document{d}, r.n, false)
	if err != nil {
		t.Fatal(err)
	}
	for _, l := range links {
		if l.Linked() || l.Method == MethodOrphan {
			t.Errorf("block %d %q: %s %s", l.Block, firstWords(l.Original, 4), l.Method, l.RuleID+l.Candidate)
		}
	}
	if err := coverage(links, cat).Err(); err != nil {
		t.Error(err)
	}

	var docs []*corpus.Document
	for _, d := range r.docs {
		nd, err := readDoc(t, d.Name, strings.NewReader(strings.Replace(d.Text, "ШАХЪ.", "ШЛХЪ.", 1)))
		if err != nil {
			t.Fatal(err)
		}
		docs = append(docs, nd)
	}
	if err := corpus.LinkDuplicates(context.Background(), docs); err != nil {
		t.Fatal(err)
	}
	res, err := Documents(context.Background(), docs, Options{Normalizer: r.n})
	if err != nil {
		t.Fatal(err)
	}
	for _, l := range res.Links {
		if strings.HasPrefix(string(l.RuleID), "shah/") {
			t.Errorf("damaged Shah heading: %s block %d linked to %s", l.Doc, l.Block, l.RuleID)
		}
	}
	if u := res.Coverage.UnknownGames; len(u) != 1 || u[0].Heading != "ШЛХЪ." || u[0].Passages < 3 {
		t.Errorf("damaged Shah heading: unknown games %+v", u)
	}
	if err := res.Coverage.Err(); err != nil {
		t.Error(err)
	}
}
