package corpus

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
	"unicode/utf8"
)

// embeddedDocs returns the embedded corpus by the first three characters of
// each document's name.
func embeddedDocs(t testing.TB) map[string]*Document {
	t.Helper()
	docs, err := Embedded(bg, testOptions(t))
	if err != nil {
		t.Fatal(err)
	}
	m := make(map[string]*Document)
	for _, d := range docs {
		m[d.Name[:3]] = d
	}
	return m
}

func TestEmbeddedNames(t *testing.T) {
	want := []string{"000_9294169c5fd42537", "001_4241458acb371910", "002_f37c04e14860f20c", "004_c05a91b701b2f7eb"}
	if got := Names(); !slices.Equal(got, want) {
		t.Fatalf("Names() = %v, want %v", got, want)
	}
	for _, d := range embeddedDocs(t) {
		raw, err := embedded.ReadFile("data/" + d.Name + ".txt")
		if err != nil {
			t.Fatal(err)
		}
		if d.Text != string(raw) {
			t.Errorf("%s: decoded text differs from the UTF-8 NFC LF file", d.Name)
		}
		if d.Encoding != EncUTF8 || d.Source != "corpus/data/"+d.Name+".txt" {
			t.Errorf("%s: encoding %q source %q", d.Name, d.Encoding, d.Source)
		}
	}
}

// TestGamesPerDocument: all 11 games are found, each in the documents
// that print it (data/PROVENANCE.md).
func TestGamesPerDocument(t *testing.T) {
	want := map[string][]string{
		"000": {"salic-law", "four-corners", "windmill"},
		"001": {"duchess-de-luynes", "british-constitution", "zodiac", "sympathy"},
		"002": {"four-corners", "windmill", "shah"},
		"004": {"sultan", "napoleon", "red-and-black"},
	}
	all := map[string]bool{}
	for k, d := range embeddedDocs(t) {
		if got := d.Games(); !slices.Equal(got, want[k]) {
			t.Errorf("%s: games %v, want %v", k, got, want[k])
		}
		for _, g := range d.Games() {
			all[g] = true
		}
	}
	games := testOptions(t).Games
	for _, g := range games {
		if !all[g.ID] {
			t.Errorf("game %s not found in the corpus", g.ID)
		}
	}
	if len(all) != 11 || len(games) != 11 {
		t.Errorf("found %d games, the catalog has %d; want 11", len(all), len(games))
	}
}

// TestRules: every line of the corpus that opens with a Roman number is a
// rule block with its game and number, and there are no other rule blocks.
func TestRules(t *testing.T) {
	want := map[string][]string{
		"000": {"salic-law/II", "four-corners/I", "four-corners/II", "windmill/I", "windmill/II"},
		"001": {"british-constitution/I", "british-constitution/II", "british-constitution/III",
			"british-constitution/IV", "british-constitution/V", "british-constitution/VI", "zodiac/I", "zodiac/II"},
		"002": {"windmill/I", "windmill/II", "shah/I", "shah/II", "shah/III"},
		"004": nil,
	}
	roman := regexp.MustCompile(`^([IVX]+)\. `)
	for k, d := range embeddedDocs(t) {
		var got []string
		ruleAt := map[int]string{}
		for _, b := range d.Blocks {
			if b.Kind == KindRule {
				if b.Game == "" || b.RuleNumber == "" {
					t.Errorf("%s#%d: rule without game or number", k, b.Index)
				}
				got = append(got, b.Game+"/"+b.RuleNumber)
				ruleAt[b.Span.StartLine] = b.RuleNumber
			}
		}
		if !slices.Equal(got, want[k]) {
			t.Errorf("%s: rules %v, want %v", k, got, want[k])
		}
		for i, line := range strings.Split(d.Text, "\n") {
			if m := roman.FindStringSubmatch(line); m != nil && ruleAt[i+1] != m[1] {
				t.Errorf("%s line %d: %q is not rule block %s", k, i+1, line[:20], m[1])
			}
		}
	}
}

// TestFootnotes: footnotes 6, 7, 9 and 20 are found, with their games, and
// the markers in the text link to them.
func TestFootnotes(t *testing.T) {
	docs := embeddedDocs(t)
	type note struct {
		doc, game, start string
		n                int
	}
	want := []note{
		{"002", "four-corners", "Тузъ трефъ", 6},
		{"002", "windmill", "Четыре подбора", 7},
		{"002", "shah", "Чаще бываетъ", 9},
		{"001", "british-constitution", "Успђхъ этого", 20},
	}
	var count int
	for _, d := range docs {
		for _, b := range d.Blocks {
			if b.Kind == KindFootnote {
				count++
			}
		}
	}
	if count != len(want) {
		t.Errorf("%d footnote blocks, want %d", count, len(want))
	}
	for _, w := range want {
		d := docs[w.doc]
		idx := -1
		for _, b := range d.Blocks {
			if b.Kind == KindFootnote && b.FootnoteNumber == w.n {
				idx = b.Index
				if b.Game != w.game || !strings.HasPrefix(b.Text, w.start) {
					t.Errorf("footnote %d: game %q text %.30q", w.n, b.Game, b.Text)
				}
			}
		}
		if idx < 0 {
			t.Errorf("footnote %d not found in %s", w.n, w.doc)
			continue
		}
		linked := false
		for _, b := range d.Blocks {
			for i, m := range b.Markers {
				if m == w.n {
					linked = b.MarkerBlocks[i] == idx
					if b.Game != w.game {
						t.Errorf("marker [%d] in block of game %q", m, b.Game)
					}
				}
			}
		}
		if !linked {
			t.Errorf("marker [%d] in %s is not linked to block %d", w.n, w.doc, idx)
		}
	}
	// Markers whose note the scan lost stay unlinked.
	for _, b := range docs["000"].Blocks {
		for i := range b.Markers {
			if b.MarkerBlocks[i] != -1 {
				t.Errorf("000#%d: marker [%d] linked to %d, want -1", b.Index, b.Markers[i], b.MarkerBlocks[i])
			}
		}
	}
}

// TestCaptionsAndFurniture: captions, headers and numbers are never taken
// for paragraphs, and no paragraph is only a title or a number.
func TestCaptionsAndFurniture(t *testing.T) {
	wantCaptions := map[string][]string{
		"000": {"Салическій законъ.", "Четыре угла."},
		"001": {"Герцогиня де-Люинь.", "Англійская констнтуція.", "3одіакъ."},
		"002": {"Четыре угла.", "Мельница."},
	}
	bare := regexp.MustCompile(`^\d+$`)
	for k, d := range embeddedDocs(t) {
		var caps []string
		for _, b := range d.Blocks {
			switch b.Kind {
			case KindCaption:
				caps = append(caps, b.Text)
			case KindParagraph:
				if _, ok := testSet(t).matchTitle(b.Text); ok || bare.MatchString(b.Text) {
					t.Errorf("%s#%d: paragraph %q is a title or number", k, b.Index, b.Text)
				}
			}
		}
		if !slices.Equal(caps, wantCaptions[k]) {
			t.Errorf("%s: captions %q, want %q", k, caps, wantCaptions[k])
		}
	}
	d := embeddedDocs(t)["004"]
	if b := d.Blocks[0]; b.Kind != KindPageHeader || b.Text != "Пасьянсы (Пюжоль) - страница 6" || b.Game != "" {
		t.Errorf("004#0 = %s %q game %q, want the page header", b.Kind, b.Text, b.Game)
	}
	if b := embeddedDocs(t)["000"].Blocks[0]; b.Kind != KindTitle || b.Game != "" {
		t.Errorf("000#0 = %s, want the book title", b.Kind)
	}
}

// TestDuplicates: 002 re-scans the end of 000; exactly those passages are
// linked, both ways.
func TestDuplicates(t *testing.T) {
	docs := embeddedDocs(t)
	want := map[int]int{21: 0, 22: 1, 23: 2, 26: 3, 27: 4, 29: 5, 30: 6} // 000 block → 002 block
	for k, d := range docs {
		for _, b := range d.Blocks {
			if b.Duplicate == nil {
				continue
			}
			switch k {
			case "000":
				if j, ok := want[b.Index]; !ok || b.Duplicate.Block != j || b.Duplicate.Doc != docs["002"].Name {
					t.Errorf("000#%d duplicate %+v", b.Index, *b.Duplicate)
				}
			case "002":
				o := docs["000"].Blocks[b.Duplicate.Block]
				if o.Duplicate == nil || o.Duplicate.Block != b.Index {
					t.Errorf("002#%d duplicate %+v is not mutual", b.Index, *b.Duplicate)
				}
			default:
				t.Errorf("%s#%d: unexpected duplicate %+v", k, b.Index, *b.Duplicate)
			}
		}
	}
	for i := range want {
		if docs["000"].Blocks[i].Duplicate == nil {
			t.Errorf("000#%d has no duplicate", i)
		}
	}
}

// checkSpans verifies the invariants of a document's blocks: spans in
// bounds and increasing, texts equal to their source slices, lines and
// columns consistent with the text.
func checkSpans(t testing.TB, d *Document) {
	t.Helper()
	prev := 0
	for i, b := range d.Blocks {
		sp := b.Span
		if b.Index != i {
			t.Fatalf("block %d has Index %d", i, b.Index)
		}
		if sp.StartByte < prev || sp.EndByte <= sp.StartByte || sp.EndByte > len(d.Text) {
			t.Fatalf("block %d: span %+v out of order or bounds (prev end %d, len %d)", i, sp, prev, len(d.Text))
		}
		prev = sp.EndByte
		if b.Text != d.Text[sp.StartByte:sp.EndByte] {
			t.Fatalf("block %d: text is not the source slice", i)
		}
		for _, p := range [][3]int{{sp.StartByte, sp.StartLine, sp.StartCol}, {sp.EndByte, sp.EndLine, sp.EndCol}} {
			before := d.Text[:p[0]]
			line := strings.Count(before, "\n") + 1
			col := utf8.RuneCountInString(before[strings.LastIndexByte(before, '\n')+1:]) + 1
			if line != p[1] || col != p[2] {
				t.Fatalf("block %d: offset %d is %d:%d, span says %d:%d", i, p[0], line, col, p[1], p[2])
			}
		}
	}
}

func TestSpans(t *testing.T) {
	for _, d := range embeddedDocs(t) {
		checkSpans(t, d)
	}
}

func TestOpen(t *testing.T) {
	for _, name := range []string{"000", "000_9294169c5fd42537", "000_9294169c5fd42537.txt"} {
		d, err := Open(bg, name, testOptions(t))
		if err != nil {
			t.Fatalf("Open(%q): %v", name, err)
		}
		if d.Name != "000_9294169c5fd42537" || d.Blocks[22].Duplicate == nil {
			t.Errorf("Open(%q) = %s, duplicates linked %v", name, d.Name, d.Blocks[22].Duplicate != nil)
		}
	}
	if _, err := Open(bg, "00", testOptions(t)); err == nil || !strings.Contains(err.Error(), "ambiguous") {
		t.Errorf("Open(00) err = %v, want ambiguous", err)
	}
	dir := t.TempDir()
	p := filepath.Join(dir, "user.txt")
	raw, _ := embedded.ReadFile("data/004_c05a91b701b2f7eb.txt")
	if err := os.WriteFile(p, raw, 0o644); err != nil {
		t.Fatal(err)
	}
	d, err := Open(bg, p, testOptions(t))
	if err != nil {
		t.Fatal(err)
	}
	if d.Name != "user" || d.Source != p || len(d.Blocks) != 12 {
		t.Errorf("Open(path) = %s %s %d blocks", d.Name, d.Source, len(d.Blocks))
	}
	if _, err := Open(bg, filepath.Join(dir, "missing.txt"), testOptions(t)); !errors.Is(err, fs.ErrNotExist) ||
		err.Error() != filepath.Join(dir, "missing.txt")+": no such file or directory" {
		t.Errorf("missing file: %v", err)
	}
	if _, err := Open(bg, dir, testOptions(t)); !errors.Is(err, ErrDirectory) || err.Error() != dir+": is a directory" {
		t.Errorf("directory: %v", err)
	}
}

// TestGameTitles: every title of every game, as it is, with a full stop
// and in capitals, names its game; lines that merely share a word with a
// title name none.
func TestGameTitles(t *testing.T) {
	seen := map[string]bool{}
	set := testSet(t)
	for _, g := range testOptions(t).Games {
		if seen[g.ID] || g.ID == "" || len(g.Titles) == 0 || len(g.Vocabulary) == 0 {
			t.Errorf("bad game %+v", g)
		}
		seen[g.ID] = true
		for _, title := range g.Titles {
			for _, form := range []string{title, title + ".", strings.ToUpper(title) + "."} {
				if got, ok := set.matchTitle(form); !ok || got != g.ID {
					t.Errorf("matchTitle(%q) = %q, %v; want %s", form, got, ok, g.ID)
				}
			}
		}
	}
	for _, s := range []string{"Четыре карты.", "Пасьянс.", "Игра.", "ШАГ.", "Мельница у реки стоит и мелет."} {
		if g, ok := set.matchTitle(s); ok {
			t.Errorf("matchTitle(%q) = %s, want no match", s, g)
		}
	}
	// Pre-reform printings of the catalog's modern titles match too.
	for s, want := range map[string]string{"Салическій законъ.": "salic-law", "АНГЛІЙСКАЯ КОНСТИТУЦІЯ.": "british-constitution",
		"Зодіакъ.": "zodiac", "ШАХЪ.": "shah", "Симпатія.": "sympathy", "Пасьянс «Красные — черные».": "red-and-black"} {
		if got, ok := set.matchTitle(s); !ok || got != want {
			t.Errorf("matchTitle(%q) = %q, %v; want %s", s, got, ok, want)
		}
	}
	// Without games, no title names a game, and headings name unknown games.
	blocks, err := segment(bg, newGameSet(nil), "ЧЕТЫРЕ УГЛА.\n\nI. Всѣ карты годны.\n")
	if err != nil {
		t.Fatal(err)
	}
	if len(blocks) != 2 || blocks[0].Kind != KindGameHeading || blocks[0].Game != "" || blocks[1].Game != "" {
		t.Errorf("no games: %+v", blocks)
	}
}

func TestFold(t *testing.T) {
	cases := map[string]string{
		"ДВђ ПОЛНЫХЪ КОЛОДЫ КАРТЪ.": "две полных колоды карт",
		"АНГЛІЙСКАЯ КОНСТИТУЦIЯ.":   "англииская конституция",
		"3одіакъ.": "зодиак",
		"Пасьянс «Красные — черные».": "пасьянс красные черные",
		"Герцогиня де-Люинь.":         "герцогиня де люинь",
		"разъ[6]":                     "раз 6",
		"ъ":                           "ъ",
		"МEЛЬHИЦA":                    "мельница",
	}
	for in, want := range cases {
		if got := fold(in); got != want {
			t.Errorf("fold(%q) = %q, want %q", in, got, want)
		}
	}
}

func TestRuleNumber(t *testing.T) {
	cases := map[string]string{"I. Всђ": "I", "IV. Всђ": "IV", "ІІІ. Когда": "III", "ХII. x": "XII", "V.": "V"}
	for in, want := range cases {
		if got, ok := ruleNumber(in); !ok || got != want {
			t.Errorf("ruleNumber(%q) = %q, %v; want %s", in, got, ok, want)
		}
	}
	for _, in := range []string{"IIII. x", "VV. x", "I.x", "Игра.", "I x", "IL. x"} {
		if got, ok := ruleNumber(in); ok {
			t.Errorf("ruleNumber(%q) = %q, want none", in, got)
		}
	}
}
