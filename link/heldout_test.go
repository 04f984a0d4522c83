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
// and are no coverage error (they are not orphans of a catalog game), both
// under their own headings and with the headings cut off, when the
// segmenter guesses a catalog game from their vocabulary (the Royal
// Marriage's queens and kings read as Salic Law, Napoleon's Tomb's corners
// as Four Corners): a guessed game's rule must be confirmed by its text.
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
		links, err := linkAll(docs, n, false)
		if err != nil {
			t.Fatal(err)
		}
		rules := 0
		for _, l := range links {
			if l.Kind == corpus.KindRule {
				rules++
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
// rule whose number some catalog game has but whose text is another's
// stays unlinked, and a rule number no catalog game has is no orphan; a
// rule whose text is (nearly) a catalog rule of that number still links to
// it by similarity.
func TestLinkUnknownGameRules(t *testing.T) {
	heading := "ЧАСЫ."
	cases := []struct {
		rule, num, want string
		method          Method
	}{
		{"I. Основныхъ картъ нѣтъ; карты раскладываются кругомъ, въ двѣнадцать пачекъ.", "I", "", MethodUnlinked},
		{"VII. Всѣ карты годны.", "VII", "", MethodUnlinked},
		{"V. Каждое пустое мђсто должно быть немедленно же занято картою изъ отдђленія, лежащаго непосредственно ниже.", "V",
			"british-constitution/V", MethodSimilarity},
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
		links, err := linkAll([]*corpus.Document{d}, nil, false)
		if err != nil {
			t.Fatal(err)
		}
		if len(links) != 1 || string(links[0].RuleID) != c.want || links[0].Method != c.method {
			t.Errorf("%q: links %+v, want %q (%s)", c.rule, links, c.want, c.method)
			continue
		}
		if err := coverage(links, engine.Catalog()).Err(); err != nil {
			t.Errorf("%q: %v", c.rule, err)
		}
	}
}

// TestLinkForeignOrDamagedHeading: a heading the segmenter cannot match to
// a catalog title leaves its blocks without a game. If the heading only
// shares a word with a catalog title ("ДВОЙНАЯ МЕЛЬНИЦА." is not the
// Windmill), its rules are not taken for that game's rules; if it is a
// catalog title damaged beyond the segmenter's tolerance ("ШЛХЪ."), its
// rules still link by their text.
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
	links, err = linkAll(docs, r.n, false)
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, l := range links {
		if l.Kind == corpus.KindRule && strings.HasPrefix(string(l.RuleID), "shah/") {
			got = append(got, string(l.RuleID)+" "+string(l.Method))
		}
	}
	if want := "shah/I similarity; shah/II similarity; shah/III similarity"; strings.Join(got, "; ") != want {
		t.Errorf("damaged Shah heading: rules link %q, want %q", got, want)
	}
	if err := coverage(links, cat).Err(); err != nil {
		t.Error(err)
	}
}
