// Package tei writes a normalized corpus document as TEI P5 XML, the
// encoding digital humanists read, and reads the modern (or the original)
// text back from it.
//
// # What is written
//
// One TEI document per corpus document:
//
//   - teiHeader: the title (the document name), the book and its edition,
//     the OCR source, and the normalizer's version (respStmt, editionStmt);
//     encodingDesc holds a taxonomy with one category per normalizer rule
//     (xml:id = the rule name, e.g. "reform.yat") and the prefix "rule:"
//     for engine rule IDs.
//   - body: a div type="game" per game (n = the engine's game ID) with its
//     heading as head; a section heading ("Правила.", "Игра.") opens a div
//     type="section"; a numbered rule is a div type="rule" n="I" whose
//     @corresp points at the engine rules the linker tied it to
//     ("rule:four-corners/I"); a paragraph that a strategy's advice was
//     linked to is a div type="advice" with the same @corresp; other
//     paragraphs are p in a div type="text" (with @corresp when linked to a
//     play rule). Footnotes are note place="foot" n="…"; running headers
//     and page numbers are fw; page breaks are pb n="…" (from the scan's
//     layout of hOCR and ALTO inputs, or a header naming its page); every
//     line break is lb. Text outside every block is kept in a div
//     type="unsegmented".
//   - every changed token is a choice: sic/corr when an OCR repair or a
//     restored space is among its rules, else orig/reg (the reform, a word
//     joined across a line break). The corr or reg carries @type (the
//     edit class, normalize.Classes), @ana (pointers to the rule
//     categories of the header, every rule that made it), @cert (the
//     normalizer's confidence, 0–1) and @resp="#pasyans". An unknown word
//     left alone is a seg type="unresolved" cert="0".
//
// The writer emits no indentation inside body: every character of body
// text is the document's, and every line break is an lb followed by a
// newline for legibility. PlainText reads the text back: the reading
// (reg, corr) gives the modern text of the normalizer exactly, the
// original (orig, sic) the OCR text exactly.
package tei

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/pasyans/pasyans/corpus"
	"github.com/pasyans/pasyans/link"
	"github.com/pasyans/pasyans/normalize"
)

// Namespace is the TEI namespace.
const Namespace = "http://www.tei-c.org/ns/1.0"

// Header describes a document for its teiHeader.
type Header struct {
	// Title is the title of the TEI file (default: the document name).
	Title string
	// Book is the printed book the text is from ("" when unknown).
	Book string
	// Edition is the book's edition ("" when unknown).
	Edition string
	// Source describes the OCR input: file, engine, encoding.
	Source string
	// Normalizer names the normalizer's version, e.g. "pasyans v1.2.0".
	Normalizer string
}

// PageBreak is the start of a page of the scan in the document text.
type PageBreak struct {
	// Byte is the byte offset in Document.Text of the page's first
	// character; N is the page's number or label.
	Byte int
	N    string
}

// Options configure Write.
type Options struct {
	Header Header
	// Links are the linker's results; those of other documents and the
	// unlinked ones are ignored.
	Links []link.Link
	// Pages are the page starts in text order (from the scan's layout);
	// none: page breaks come only from running headers that name a page.
	Pages []PageBreak
}

// ErrXMLChar: the text holds a character XML 1.0 cannot carry.
var ErrXMLChar = errors.New("character not allowed in XML")

// Write writes d, normalized as res (normalize.Normalizer.Document of
// d.Text), as a TEI document to w.
func Write(w io.Writer, d *corpus.Document, res *normalize.Result, o Options) error {
	bw := bufio.NewWriter(w)
	x := &writer{w: bw, d: d, o: o}
	if err := x.document(res); err != nil {
		return fmt.Errorf("%s: tei: %w", d.Name, err)
	}
	if err := bw.Flush(); err != nil {
		return fmt.Errorf("%s: tei: %w", d.Name, err)
	}
	return nil
}

// container is an open element of the body's structure.
type container struct {
	name, kind string // element name; div type, or "" for body
	content    bool   // something other than head and milestones written
}

type writer struct {
	w     *bufio.Writer
	d     *corpus.Document
	o     Options
	stack []container
	err   error
}

func (x *writer) raw(s string) {
	if x.err == nil {
		_, x.err = x.w.WriteString(s)
	}
}

// document writes the whole TEI document.
func (x *writer) document(res *normalize.Result) error {
	x.raw(`<?xml version="1.0" encoding="UTF-8"?>` + "\n")
	x.raw(`<TEI xmlns="` + Namespace + `" xml:lang="ru">` + "\n")
	x.header()
	x.raw("<text>\n<body>")
	x.stack = []container{{name: "body"}}
	if err := x.body(res); err != nil {
		return err
	}
	x.raw("</body>\n</text>\n</TEI>\n")
	return x.err
}

// header writes the teiHeader.
func (x *writer) header() {
	h := x.o.Header
	title := h.Title
	if title == "" {
		title = x.d.Name
	}
	or := func(s, def string) string {
		if s == "" {
			return def
		}
		return s
	}
	x.raw("<teiHeader>\n<fileDesc>\n<titleStmt>\n")
	x.raw("<title>" + esc(title) + "</title>\n")
	x.raw(`<respStmt><resp>modern spelling and OCR repair</resp><name xml:id="pasyans">` + esc(or(h.Normalizer, "pasyans")) + "</name></respStmt>\n")
	x.raw("</titleStmt>\n")
	x.raw("<editionStmt><edition>Normalized to modern Russian by " + esc(or(h.Normalizer, "pasyans")) + "</edition></editionStmt>\n")
	x.raw("<publicationStmt><p>Generated by pasyans from OCR text; every change is encoded as a choice.</p></publicationStmt>\n")
	x.raw("<sourceDesc>\n<bibl>")
	x.raw("<title>" + esc(or(h.Book, "unknown")) + "</title>")
	x.raw("<edition>" + esc(or(h.Edition, "unknown")) + "</edition>")
	x.raw(`<note type="ocr">` + esc(or(h.Source, x.d.Source)) + "</note>")
	x.raw("</bibl>\n</sourceDesc>\n</fileDesc>\n")
	x.raw("<encodingDesc>\n")
	x.raw(`<listPrefixDef><prefixDef ident="rule" matchPattern="(.+)" replacementPattern="$1">` +
		`<p>rule:ID names a rule of the pasyans engine catalog (pasyans games show GAME).</p></prefixDef></listPrefixDef>` + "\n")
	x.raw(`<classDecl><taxonomy xml:id="normalizer-rules">` + "\n")
	for _, r := range normalize.EditRules() {
		x.raw(`<category xml:id="` + esc(r.Name) + `"><catDesc>` + esc(r.Does) + "</catDesc></category>\n")
	}
	x.raw("</taxonomy></classDecl>\n</encodingDesc>\n</teiHeader>\n")
}

// headerPage finds the page a running header names ("… страница 6").
var headerPage = regexp.MustCompile(`(?i)(?:страница|стр\.)\s*(\d+)\s*$`)

// body writes the text: the structure of the blocks around the tokens.
func (x *writer) body(res *normalize.Result) error {
	d := x.d
	links := map[int][]link.Link{}
	for _, l := range x.o.Links {
		if l.Doc == d.Name && l.Linked() {
			links[l.Block] = append(links[l.Block], l)
		}
	}
	pages := x.o.Pages
	off := 0
	bi := 0         // the next block to open
	open := -1      // the block whose element is open
	inLeaf := false // a leaf element of an unsegmented run is open
	for _, t := range res.Tokens {
		if x.err != nil {
			return x.err
		}
		start := off
		off += len(t.Original)
		for len(pages) > 0 && pages[0].Byte <= start {
			x.raw(`<pb n="` + esc(pages[0].N) + `"/>`)
			pages = pages[1:]
		}
		// Close the open block when the token lies past it.
		if open >= 0 && start >= d.Blocks[open].Span.EndByte {
			x.closeBlock(open)
			open = -1
		}
		// Open the block the token starts.
		for open < 0 && bi < len(d.Blocks) && d.Blocks[bi].Span.EndByte <= start {
			bi++ // an empty block, or one that began inside a token
		}
		if open < 0 && bi < len(d.Blocks) && d.Blocks[bi].Span.StartByte <= start {
			if inLeaf {
				x.raw("</ab></div>")
				inLeaf = false
			}
			x.openBlock(bi, links[d.Blocks[bi].Index], len(pages) == len(x.o.Pages) && len(x.o.Pages) == 0)
			open = bi
			bi++
		}
		if open < 0 && !inLeaf && strings.TrimSpace(t.Original) != "" {
			// Text outside every block.
			x.closeLeafDivs()
			x.raw(`<div type="unsegmented"><ab>`)
			x.top().content = true
			inLeaf = true
		}
		if err := x.token(t); err != nil {
			return err
		}
	}
	if open >= 0 {
		x.closeBlock(open)
	}
	if inLeaf {
		x.raw("</ab></div>")
	}
	for len(pages) > 0 {
		x.raw(`<pb n="` + esc(pages[0].N) + `"/>`)
		pages = pages[1:]
	}
	for len(x.stack) > 1 {
		x.pop()
	}
	if !x.stack[0].content {
		// The body of an empty document still holds a division.
		x.raw(`<div type="text"><p/></div>`)
	}
	return x.err
}

func (x *writer) top() *container { return &x.stack[len(x.stack)-1] }

func (x *writer) push(kind, attrs string) {
	x.top().content = true
	x.raw(`<div type="` + kind + `"` + attrs + ">")
	x.stack = append(x.stack, container{name: "div", kind: kind})
}

func (x *writer) pop() {
	x.raw("</div>")
	x.stack = x.stack[:len(x.stack)-1]
}

// closeLeafDivs closes an open text division.
func (x *writer) closeLeafDivs() {
	if x.top().kind == "text" {
		x.pop()
	}
}

// closeTo closes divisions until the innermost open one is of a kind in
// kinds or the body.
func (x *writer) closeTo(kinds ...string) {
	for len(x.stack) > 1 && !slices.Contains(kinds, x.top().kind) {
		x.pop()
	}
}

// corresp is the @corresp attribute of linked rules ("" for none).
func corresp(ls []link.Link) string {
	var ids []string
	for _, l := range ls {
		id := "rule:" + string(l.RuleID)
		if !slices.Contains(ids, id) {
			ids = append(ids, id)
		}
	}
	if len(ids) == 0 {
		return ""
	}
	return ` corresp="` + esc(strings.Join(ids, " ")) + `"`
}

// openBlock writes the start of block i's element, opening and closing the
// divisions around it.
func (x *writer) openBlock(i int, ls []link.Link, headerPages bool) {
	b := &x.d.Blocks[i]
	switch b.Kind {
	case corpus.KindGameHeading:
		x.closeTo()
		attrs := ""
		if b.Game != "" {
			attrs = ` n="` + esc(b.Game) + `"`
		}
		x.push("game", attrs)
		x.raw("<head>")
	case corpus.KindSection:
		x.closeTo("game")
		x.push("section", "")
		x.raw("<head>")
	case corpus.KindTitle, corpus.KindDeck, corpus.KindCaption:
		x.closeLeafDivs()
		if !x.top().content {
			x.raw(`<head type="` + string(b.Kind) + `">`)
		} else {
			x.push(string(b.Kind), "")
			x.raw(`<ab type="` + string(b.Kind) + `">`)
		}
	case corpus.KindRule:
		x.closeLeafDivs()
		n := ""
		if b.RuleNumber != "" {
			n = ` n="` + esc(b.RuleNumber) + `"`
		}
		x.push("rule", n+corresp(ls))
		x.raw("<p>")
	case corpus.KindFootnote:
		n := ""
		if b.FootnoteNumber > 0 {
			n = ` n="` + strconv.Itoa(b.FootnoteNumber) + `"`
		}
		x.raw(`<note place="foot"` + n + ">")
	case corpus.KindPageNumber:
		x.raw(`<fw type="pageNum">`)
	case corpus.KindPageHeader:
		if m := headerPage.FindStringSubmatch(b.Text); m != nil && headerPages {
			x.raw(`<pb n="` + m[1] + `"/>`)
		}
		x.raw(`<fw type="header">`)
	default: // paragraphs
		advice := slices.ContainsFunc(ls, func(l link.Link) bool { return l.Method == link.MethodAdvice })
		if advice {
			x.closeLeafDivs()
			x.push("advice", corresp(ls))
			x.raw("<p>")
			return
		}
		if x.top().kind != "text" {
			x.push("text", "")
		}
		x.raw("<p" + corresp(ls) + ">")
	}
}

// closeBlock writes the end of block i's element.
func (x *writer) closeBlock(i int) {
	switch x.d.Blocks[i].Kind {
	case corpus.KindGameHeading, corpus.KindSection:
		x.raw("</head>")
	case corpus.KindTitle, corpus.KindDeck, corpus.KindCaption:
		if x.top().kind == string(x.d.Blocks[i].Kind) {
			x.raw("</ab>")
			x.pop()
		} else {
			x.raw("</head>")
		}
	case corpus.KindRule:
		x.raw("</p>")
		x.pop()
	case corpus.KindFootnote:
		x.raw("</note>")
	case corpus.KindPageNumber, corpus.KindPageHeader:
		x.raw("</fw>")
	default:
		x.raw("</p>")
		if x.top().kind == "advice" {
			x.pop()
		}
	}
}

// token writes one token: its text, or a choice when it changed.
func (x *writer) token(t normalize.Token) error {
	if t.Original == t.Modern && len(t.Rules) == 0 {
		return x.text(t.Original)
	}
	classes := normalize.EditClasses(t.Rules)
	ana := ""
	if len(t.Rules) > 0 {
		ana = ` ana="#` + esc(strings.Join(t.Rules, " #")) + `"`
	}
	cert := ` cert="` + strconv.FormatFloat(t.Confidence, 'f', -1, 64) + `"`
	if t.Original == t.Modern {
		typ := "unresolved"
		if len(classes) > 0 && !slices.Contains(classes, normalize.ClassUnresolved) {
			typ = classes[0]
		}
		x.raw(`<seg type="` + typ + `"` + ana + cert + ` resp="#pasyans">`)
		if err := x.text(t.Original); err != nil {
			return err
		}
		x.raw("</seg>")
		return nil
	}
	orig, reg, typ := "orig", "reg", normalize.ClassReform
	switch {
	case slices.Contains(classes, normalize.ClassSplit):
		orig, reg, typ = "sic", "corr", normalize.ClassSplit
	case slices.Contains(classes, normalize.ClassOCR):
		orig, reg, typ = "sic", "corr", normalize.ClassOCR
	case len(classes) > 0:
		typ = classes[0]
	}
	x.raw("<choice><" + orig + ">")
	if err := x.text(t.Original); err != nil {
		return err
	}
	x.raw("</" + orig + "><" + reg + ` type="` + typ + `"` + ana + cert + ` resp="#pasyans">`)
	if err := x.text(t.Modern); err != nil {
		return err
	}
	x.raw("</" + reg + "></choice>")
	return nil
}

// text writes character data: escaped, with lb for line breaks and
// milestones for the form feed and the vertical tab.
func (x *writer) text(s string) error {
	start := 0
	for i := 0; i < len(s); {
		r, size := utf8.DecodeRuneInString(s[i:])
		var rep string
		switch {
		case r == '&':
			rep = "&amp;"
		case r == '<':
			rep = "&lt;"
		case r == '>':
			rep = "&gt;"
		case r == '\n':
			rep = "<lb/>\n"
		case r == '\r':
			rep = "&#xD;"
		case r == '\f':
			rep = `<pb type="form-feed"/>`
		case r == '\v':
			rep = `<lb type="vertical-tab"/>`
		case r == '\t':
			rep = "&#x9;"
		case r < 0x20 || r == 0xFFFE || r == 0xFFFF:
			return fmt.Errorf("%w: U+%04X", ErrXMLChar, r)
		case r == utf8.RuneError && size == 1:
			return fmt.Errorf("%w: invalid UTF-8 byte %#x", ErrXMLChar, s[i])
		default:
			i += size
			continue
		}
		x.raw(s[start:i])
		x.raw(rep)
		i += size
		start = i
	}
	x.raw(s[start:])
	return nil
}

// esc escapes s for XML character data and attribute values.
func esc(s string) string {
	var b strings.Builder
	for _, r := range s {
		switch r {
		case '&':
			b.WriteString("&amp;")
		case '<':
			b.WriteString("&lt;")
		case '>':
			b.WriteString("&gt;")
		case '"':
			b.WriteString("&quot;")
		case '\n':
			b.WriteString("&#xA;")
		case '\r':
			b.WriteString("&#xD;")
		case '\t':
			b.WriteString("&#x9;")
		default:
			if r < 0x20 {
				b.WriteRune(' ')
				continue
			}
			b.WriteRune(r)
		}
	}
	return b.String()
}
