package normalize

// ruleDocFormats is the part of docs/normalize.md on the edit classes and
// the input and output formats (hOCR, ALTO, TEI).
const ruleDocFormats = `
## Edit classes

Every rule belongs to one class (` + "`normalize.RuleClass`" + `), and an edit to the classes of its rules:
**reform** (` + "`reform.*`" + `: the spelling reform and modern spelling), **ocr_repair** (` + "`ocr.*`" + `: OCR damage inside a
word), **split** (` + "`ocr.word-split`" + `: a lost space restored), **join** (` + "`join.*`" + `: a word the layout divided,
joined) and **unresolved** (` + "`ocr.unresolved`" + `: an unknown word left alone, confidence 0). ` + "`pasyans normalize\n--explain`" + ` ends each document with a summary line,
` + "`{\"summary\":{\"doc\":…,\"edits\":N,\"reform\":N,\"ocr_repair\":N,\"split\":N,\"join\":N,\"unresolved\":N}}`" + `, where an edit of
several classes counts once in each; the ` + "`corpus_tokens`" + ` dataset has the same classes per token (` + "`classes`" + `) and
the same sums in its metadata (docs/datasets.md).

## Input: hOCR and ALTO

` + "`pasyans normalize`" + `, ` + "`corpus`" + ` and ` + "`link`" + ` read hOCR (as Tesseract writes it: ` + "`ocr_page`" + `, ` + "`ocr_par`" + `,
` + "`ocr_line`" + `, ` + "`ocrx_word`" + ` with their ` + "`bbox`" + `) and ALTO XML, versions 2 to 4 (as ABBYY FineReader, Transkribus and
eScriptorium write it: ` + "`Page`" + `, ` + "`TextBlock`" + `, ` + "`TextLine`" + `, ` + "`String`" + ` with ` + "`HPOS VPOS WIDTH HEIGHT`" + `, ` + "`HYP`" + `)
besides plain text. The format is told from the first 4 KiB (an XML start naming ` + "`alto`" + `, or hOCR's
` + "`ocr_page`" + ` / ` + "`ocr-system`" + ` markers), whatever the file's name. The text is made of the words: a space between
the words of a line, a line break between lines, a blank line between paragraphs and pages, and an ALTO
` + "`HYP`" + ` as a hyphen at the end of its line (so the normalizer joins the word, rule ` + "`join.line-hyphen`" + `). The
pages (ALTO's printed page number when it has one), the lines and the word boxes are kept
(` + "`corpus.Layout`" + `): the tokens dataset gets ` + "`page`" + `, ` + "`page_line`" + ` and ` + "`box_*`" + ` columns, the TEI output
` + "`pb n`" + `. Such files are read whole (not streamed); a malformed one is a one-line error naming the file.

## Output: TEI P5

` + "`pasyans export --tei DIR`" + ` writes every corpus document as ` + "`DIR/NAME.xml`" + `, and ` + "`pasyans normalize --format tei\nFILE`" + ` one document on standard output (package ` + "`tei`" + `):

- ` + "`teiHeader`" + `: the title (document name), respStmt and editionStmt naming the normalizer's version, the book
  (the document's title block; "unknown" otherwise) with its edition ("unknown" unless known) and the OCR source
  (file, encoding, hOCR/ALTO and the OCR engine it names) in ` + "`sourceDesc/bibl`" + `; ` + "`encodingDesc`" + ` has one
  ` + "`category`" + ` per rule of the table above (` + "`xml:id`" + ` = the rule name) and the prefix ` + "`rule:`" + `.
- the structure: ` + "`div type=\"game\" n=\"GAME-ID\"`" + ` with the heading as ` + "`head`" + `; ` + "`div type=\"section\"`" + ` for "Правила.",
  "Игра."; ` + "`div type=\"rule\" n=\"I\" corresp=\"rule:four-corners/I\"`" + ` for a numbered rule — **` + "`@corresp`" + `** carries the
  engine rule IDs the linker tied the passage to (TEI's attribute for "corresponds to", a list of pointers;
  ` + "`rule:`" + ` is declared by a ` + "`prefixDef`" + `); ` + "`div type=\"advice\" corresp=\"…\"`" + ` for a paragraph a strategy's advice was
  linked to; other paragraphs are ` + "`p`" + ` (with ` + "`@corresp`" + ` when linked to a play rule) in ` + "`div type=\"text\"`" + `;
  ` + "`note place=\"foot\" n=\"…\"`" + ` footnotes; ` + "`fw`" + ` running headers and page numbers; ` + "`pb n`" + ` page breaks (the scan's
  pages, or a running header naming its page); ` + "`lb`" + ` at every line break.
- every changed token is a ` + "`choice`" + `: ` + "`sic`" + `/` + "`corr`" + ` when an OCR repair or a split is among its rules, else
  ` + "`orig`" + `/` + "`reg`" + ` (reform, join). The ` + "`corr`" + ` or ` + "`reg`" + ` has ` + "`@type`" + ` (the class), ` + "`@ana`" + ` (pointers to every rule
  that made it, e.g. ` + "`#ocr.n-for-i #reform.final-hard-sign`" + `), ` + "`@cert`" + ` (the confidence, 0–1) and ` + "`@resp=\"#pasyans\"`" + `.
  An unknown word left alone is ` + "`seg type=\"unresolved\" cert=\"0\"`" + `.

The body has no indentation: its characters are the document's. Reading ` + "`reg`" + `/` + "`corr`" + ` (` + "`lb`" + ` as a line
break) gives back the normalizer's modern text exactly, reading ` + "`orig`" + `/` + "`sic`" + ` the OCR text exactly
(` + "`tei.PlainText`" + `; ` + "`TestCorpusTEI`" + ` checks both for every corpus document).

**Validation, and its gap.** The tests validate every file with Debian's ` + "`jing`" + ` against
` + "`tei/testdata/pasyans-tei.rnc`" + `, a RELAX NG schema of exactly the TEI subset written here, made by hand from the
element and attribute definitions of the TEI P5 Guidelines. It is **not** the TEI's own ` + "`tei_all.rng`" + `: no
package registry the project's CI can reach ships it (Debian and npm were searched), and third-party files
fetched from elsewhere are not committed. So conformance to the full TEI P5 schema is not checked here. To
check it, download ` + "`tei_all.rng`" + ` of a TEI P5 release and run the tests with
` + "`PASYANS_TEI_RNG=/path/to/tei_all.rng go test -run 'TestCorpusTEI|TestTEIEdges' ./tei`" + `: every file is then
validated against it too. Without ` + "`jing`" + ` the schema check is skipped with a message (the round trips still run).
`
