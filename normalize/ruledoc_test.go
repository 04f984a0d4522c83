package normalize

import (
	"bytes"
	"fmt"
	"os"
	"strings"
	"testing"
)

// docTableLine is the line of the doc.go rule table for r.
func docTableLine(r EditRule) string {
	does := r.Does
	if r.Stage == StageOCR && r.Cost > 0 && r.Name != RuleWordSplit {
		does += fmt.Sprintf(" (%.2f)", r.Cost)
	}
	return fmt.Sprintf("//\t%-27s %-8s %s", r.Name, r.Stage, does)
}

// TestRuleTable: the rule table of the package doc is EditRules line for
// line; every rule the confusion table can emit is in it, each name once;
// every rule an edit of the corpus names is in it.
func TestRuleTable(t *testing.T) {
	doc, err := os.ReadFile("doc.go")
	if err != nil {
		t.Fatal(err)
	}
	const header = "//\trule                        stage    what it does\n"
	_, rest, ok := strings.Cut(string(doc), header)
	if !ok {
		t.Fatal("doc.go: no rule table header")
	}
	table, _, _ := strings.Cut(rest, "\n//\n")
	var want []string
	for _, r := range EditRules() {
		want = append(want, docTableLine(r))
	}
	if got := strings.Split(table, "\n"); strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("doc.go rule table differs from EditRules; want:\n%s", strings.Join(want, "\n"))
	}
	known := map[string]bool{}
	for _, r := range EditRules() {
		if known[r.Name] || r.Name == "" || r.Does == "" || r.Source == "" {
			t.Errorf("bad or repeated rule %+v", r)
		}
		known[r.Name] = true
		switch r.Stage {
		case StageTokens, StageRepair, StageReform, StageOCR:
		default:
			t.Errorf("%s: unknown stage %q", r.Name, r.Stage)
		}
	}
	for _, c := range confusions() {
		if !known[c.rule] {
			t.Errorf("confusion %s→%s emits %s, which the table lacks", string(c.from), string(c.to), c.rule)
		}
	}
	n := normalizer(t)
	for name, text := range corpusFiles(t) {
		for _, e := range mustDoc(t, n, name, text).Edits {
			for _, r := range e.Rules {
				if !known[r] {
					t.Errorf("%s: edit uses undocumented rule %s", name, r)
				}
			}
		}
	}
}

// ruleDoc renders docs/normalize.md from the rule table.
func ruleDoc() []byte {
	var b bytes.Buffer
	b.WriteString(ruleDocIntro)
	b.WriteString("\n| rule | stage | what it does | cost | source |\n|---|---|---|--:|---|\n")
	for _, r := range EditRules() {
		cost := ""
		if r.Cost > 0 {
			cost = fmt.Sprintf("%.2f", r.Cost)
		}
		fmt.Fprintf(&b, "| `%s` | %s | %s | %s | %s |\n", r.Name, r.Stage, mdCell(r.Does), cost, mdCell(r.Source))
	}
	b.WriteString(ruleDocSources)
	b.WriteString(ruleDocFormats)
	return b.Bytes()
}

// mdCell escapes a table cell.
func mdCell(s string) string { return strings.ReplaceAll(s, "|", `\|`) }

// TestRuleDoc: docs/normalize.md is the rendering of the rule table.
// UPDATE_DOCS=1 (make docs) rewrites it.
func TestRuleDoc(t *testing.T) {
	const path = "../docs/normalize.md"
	want := ruleDoc()
	if os.Getenv("UPDATE_DOCS") != "" {
		if err := os.WriteFile(path, want, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	got, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(got, want) {
		t.Errorf("%s is stale: run make docs", path)
	}
}

const ruleDocIntro = `# The normalizer's edit rules

Generated from the rule table of the normalize package (` + "`normalize.EditRules`" + `) by ` + "`make docs`" + `; a test fails
when it is out of date. The package documentation (` + "`go doc github.com/pasyans/pasyans/normalize`" + `) explains the
pipeline; every edit record (` + "`pasyans normalize --explain`" + `) names the rules below.

Stages, in the order a word goes through them: **tokens** joins what the layout split, **repair** fixes characters
without a lexicon, **reform** applies the spelling reform of 1917–18, **ocr** corrects the words the lexicon still
does not know. The cost is what a confusion adds to a candidate in the corrector's ranking: the more often a
confusion was seen, the cheaper it is; each word has a budget by its length (0.35 for one or two letters up to 1.2).
`

const ruleDocSources = `
## Sources

- **The spelling reform.** The decree of the People's Commissariat for Education of 23 December 1917 (5 January
  1918) and the decree of the Council of People's Commissars of 10 October 1918 "О введении новой орфографии":
  ѣ, і and ѳ are written е, и, ф; ъ is dropped at the end of words; the prefixes из-, воз-, раз-, роз-, низ-,
  без-, чрез-, через- end in с before a voiceless consonant; -аго/-яго become -ого/-его, -ыя/-ія become -ые/-ие;
  онѣ, однѣ, однѣх, однѣм, однѣми become они, одни, одних, одним, одними; ея (нея) becomes ее (нее).
- **The corpus.** The OCR confusions were counted by comparing the OCR of documents 000–002
  (` + "`corpus/data`" + `) with their hand-corrected modern reading (` + "`normalize/gold`" + `, whose README
  lists the hardest repairs). Besides the conversion residue of the OCR (я printed е, а printed о), the counts
  were: н for и 11, іі or ии for й 7, е for с 4, с for е 2, и for н 3, Д for Л 2, и for п 2, п for и 2, н for п 2,
  із/из for в 2, and once each /к for ж, ь for ъ, Latin I for І, the digit 3 for З, ѵ for у, тю for по, с for о.
- **Letter shapes.** Confusions not seen in the corpus come from the shapes of the old typefaces: ы printed as
  ьі or ъі, ю as іо, ѣ as ь, and pairs of similar letters (л/п, з/э, ц/щ, ш/щ, г/т). The Latin letters OCR puts
  for Cyrillic ones are one table, in the internal glyph package: upright twins (A B C E H I K M O P T X Y,
  a c e i o p x y), l for І, and the italic and small shapes b k m n r u for ь к т п г и.
- **The lexicon.** Debian's hunspell-ru 1:7.5.0-1 (Alexander Lebedev's dictionary, BSD-style licence in
  ` + "`normalize/lexicon/LICENSE`" + `) with the pasyans supplement (` + "`normalize/lexicon/supplement.dic`" + `), looked up
  the hunspell way; it decides between readings (-ія adjective or noun, раз-/разс-) and accepts the corrections.
- **The input.** Evidence edits and the document-frequency prior use the words the input itself spells cleanly.
`
