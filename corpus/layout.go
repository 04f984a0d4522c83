package corpus

import (
	"bytes"
	"context"
	"encoding/xml"
	"errors"
	"fmt"
	"io"
	"sort"
	"strconv"
	"strings"

	"golang.org/x/text/unicode/norm"

	"github.com/pasyans/pasyans/internal/textin"
)

// Layout formats.
const (
	FormatHOCR = "hOCR"
	FormatALTO = "ALTO"
)

// ErrLayout: an hOCR or ALTO file that cannot be read (malformed XML, no
// words).
var ErrLayout = errors.New("bad OCR layout file")

// Layout is where the words of a document read from hOCR or ALTO are on
// the scan. The document's Text is made from the file's words: a space
// between the words of a line, a line break between lines, a blank line
// between paragraphs (hOCR ocr_par, ALTO TextBlock) and pages; an ALTO
// HYP element is a hyphen at the end of its line.
type Layout struct {
	// Format is FormatHOCR or FormatALTO; Engine the OCR software the file
	// names ("" if it names none).
	Format string `json:"format"`
	Engine string `json:"engine,omitempty"`
	// Pages are the pages in order.
	Pages []Page `json:"pages"`
	// Words are the words in text order.
	Words []Word `json:"words"`
}

// Page is one page of the scan.
type Page struct {
	// N is the page's number: the printed number when the file gives one
	// (ALTO PRINTED_IMG_NR), else its position (hOCR ppageno + 1, ALTO
	// PHYSICAL_IMG_NR), else its index from 1.
	N string `json:"n"`
	// Byte is the offset in Document.Text of the page's first word.
	Byte int `json:"byte"`
}

// Box is a rectangle on the scan: left, top, right, bottom, in the file's
// units (pixels for hOCR; ALTO's MeasurementUnit, usually pixels).
type Box struct {
	X0, Y0, X1, Y1 int
}

// Word is one word of the OCR with its place.
type Word struct {
	// Byte and End delimit the word in Document.Text.
	Byte int `json:"byte"`
	End  int `json:"end"`
	// Page is the index of the word's page in Layout.Pages, from 1; Line
	// the line's number on its page, from 1.
	Page int `json:"page"`
	Line int `json:"line"`
	Box  Box `json:"box"`
}

// WordAt returns the word whose text holds byte offset off, or false.
func (l *Layout) WordAt(off int) (Word, bool) {
	if l == nil {
		return Word{}, false
	}
	i := sort.Search(len(l.Words), func(i int) bool { return l.Words[i].End > off })
	if i < len(l.Words) && l.Words[i].Byte <= off {
		return l.Words[i], true
	}
	return Word{}, false
}

// PageAt returns the index (from 1) of the page holding byte offset off:
// the last page starting at or before it (0 before the first page).
func (l *Layout) PageAt(off int) int {
	if l == nil {
		return 0
	}
	return sort.Search(len(l.Pages), func(i int) bool { return l.Pages[i].Byte > off })
}

// SniffLayout tells an hOCR or an ALTO file from the first bytes of an
// input ("" for anything else).
func SniffLayout(head []byte) string {
	head = bytes.TrimPrefix(head, []byte{0xEF, 0xBB, 0xBF})
	head = bytes.TrimLeft(head, " \t\r\n")
	if len(head) == 0 || head[0] != '<' {
		return ""
	}
	switch {
	case bytes.Contains(head, []byte("<alto")) || bytes.Contains(head, []byte(":alto")):
		return FormatALTO
	case bytes.Contains(head, []byte("ocr_page")) || bytes.Contains(head, []byte("ocr-system")) || bytes.Contains(head, []byte("ocr-capabilities")):
		return FormatHOCR
	}
	return ""
}

// layoutBuilder assembles the text and the layout.
type layoutBuilder struct {
	text   strings.Builder
	l      Layout
	line   int  // the current line on its page
	inLine bool // a word of the current line was written
	newPar bool // the next line starts a paragraph
	page   int  // pages started
}

func (b *layoutBuilder) startPage(n string) {
	b.page++
	if n == "" {
		n = strconv.Itoa(b.page)
	}
	b.l.Pages = append(b.l.Pages, Page{N: n, Byte: -1})
	b.line = 0
	b.newPar = true
}

func (b *layoutBuilder) startPar() { b.newPar = true }

func (b *layoutBuilder) startLine() {
	if b.page == 0 {
		b.startPage("")
	}
	b.line++
	b.inLine = false
}

func (b *layoutBuilder) word(s string, box Box) {
	s = strings.Join(strings.Fields(norm.NFC.String(s)), " ")
	if s == "" {
		return
	}
	if b.page == 0 {
		b.startPage("")
	}
	if b.line == 0 {
		b.line = 1
	}
	switch {
	case b.inLine:
		b.text.WriteByte(' ')
	case b.text.Len() > 0 && b.newPar:
		b.text.WriteString("\n\n")
	case b.text.Len() > 0:
		b.text.WriteByte('\n')
	}
	b.newPar, b.inLine = false, true
	p := &b.l.Pages[len(b.l.Pages)-1]
	if p.Byte < 0 {
		p.Byte = b.text.Len()
	}
	start := b.text.Len()
	b.text.WriteString(s)
	b.l.Words = append(b.l.Words, Word{Byte: start, End: b.text.Len(), Page: len(b.l.Pages), Line: b.line, Box: box})
}

// hyphen appends a line-end hyphen to the last word.
func (b *layoutBuilder) hyphen(s string) {
	if !b.inLine || len(b.l.Words) == 0 {
		return
	}
	if s == "" {
		s = "-"
	}
	b.text.WriteString(s)
	b.l.Words[len(b.l.Words)-1].End = b.text.Len()
}

func (b *layoutBuilder) finish(format string) (string, *Layout, error) {
	if len(b.l.Words) == 0 {
		return "", nil, fmt.Errorf("%w: %s file without words", ErrLayout, format)
	}
	pages := b.l.Pages[:0]
	for _, p := range b.l.Pages {
		if p.Byte >= 0 { // a page without words has no place in the text
			pages = append(pages, p)
		}
	}
	// Renumber the words' page indexes after dropping empty pages.
	idx := map[int]int{}
	k := 0
	for i, p := range b.l.Pages {
		if p.Byte >= 0 {
			k++
			idx[i+1] = k
		}
	}
	for i := range b.l.Words {
		b.l.Words[i].Page = idx[b.l.Words[i].Page]
	}
	b.l.Pages = pages
	b.l.Format = format
	b.text.WriteByte('\n')
	return b.text.String(), &b.l, nil
}

// readLayout reads an hOCR or ALTO file into its text and layout.
func readLayout(ctx context.Context, format string, r io.Reader) (string, *Layout, error) {
	dec := xml.NewDecoder(textin.ContextReader(ctx, r))
	if format == FormatHOCR {
		dec.Strict = false
		dec.AutoClose = xml.HTMLAutoClose
		dec.Entity = xml.HTMLEntity
		return readHOCR(dec)
	}
	return readALTO(dec)
}

// xmlError words a decoder error.
func xmlError(format string, err error) error {
	if errors.Is(err, context.Canceled) || errors.Is(err, context.DeadlineExceeded) {
		return err
	}
	return fmt.Errorf("%w: %s: %v", ErrLayout, format, err)
}

func attrOf(t xml.StartElement, name string) string {
	for _, a := range t.Attr {
		if a.Name.Local == name {
			return a.Value
		}
	}
	return ""
}

// hocrTitle returns the value of a property of an hOCR title attribute
// ("bbox 1 2 3 4; x_wconf 90").
func hocrTitle(title, prop string) string {
	for _, part := range strings.Split(title, ";") {
		f := strings.Fields(part)
		if len(f) > 0 && f[0] == prop {
			return strings.Join(f[1:], " ")
		}
	}
	return ""
}

func parseBox(s string) Box {
	f := strings.Fields(s)
	if len(f) != 4 {
		return Box{}
	}
	var v [4]int
	for i := range f {
		n, err := strconv.Atoi(f[i])
		if err != nil {
			return Box{}
		}
		v[i] = n
	}
	return Box{v[0], v[1], v[2], v[3]}
}

// readHOCR reads hOCR: ocr_page, ocr_par (and ocr_carea), ocr_line (and
// the other line classes), ocrx_word.
func readHOCR(dec *xml.Decoder) (string, *Layout, error) {
	var b layoutBuilder
	var classes []string // the class of each open element
	var word strings.Builder
	var wordBox Box
	inWord := 0 // depth of the open ocrx_word, 0 outside
	for {
		tok, err := dec.Token()
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			return "", nil, xmlError(FormatHOCR, err)
		}
		switch t := tok.(type) {
		case xml.StartElement:
			cls := strings.Fields(attrOf(t, "class"))
			c := ""
			if len(cls) > 0 {
				c = cls[0]
			}
			classes = append(classes, c)
			title := attrOf(t, "title")
			switch c {
			case "ocr_page":
				n := ""
				if p := hocrTitle(title, "ppageno"); p != "" {
					if k, err := strconv.Atoi(p); err == nil {
						n = strconv.Itoa(k + 1)
					}
				}
				b.startPage(n)
			case "ocr_par", "ocr_carea":
				b.startPar()
			case "ocr_line", "ocr_header", "ocr_caption", "ocr_textfloat", "ocr_footer":
				b.startLine()
			case "ocrx_word":
				inWord = len(classes)
				word.Reset()
				wordBox = parseBox(hocrTitle(title, "bbox"))
			}
			if t.Name.Local == "meta" && attrOf(t, "name") == "ocr-system" {
				b.l.Engine = attrOf(t, "content")
			}
		case xml.EndElement:
			if inWord > 0 && len(classes) == inWord {
				b.word(word.String(), wordBox)
				inWord = 0
			}
			if len(classes) > 0 {
				classes = classes[:len(classes)-1]
			}
		case xml.CharData:
			if inWord > 0 {
				word.Write(t)
			}
		}
	}
	return b.finish(FormatHOCR)
}

// readALTO reads ALTO (versions 2 to 4): Page, TextBlock, TextLine,
// String, HYP.
func readALTO(dec *xml.Decoder) (string, *Layout, error) {
	var b layoutBuilder
	var path []string // local names of the open elements
	var engine strings.Builder
	num := func(t xml.StartElement, name string) int {
		f, err := strconv.ParseFloat(attrOf(t, name), 64)
		if err != nil {
			return 0
		}
		return int(f + 0.5)
	}
	for {
		tok, err := dec.Token()
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			return "", nil, xmlError(FormatALTO, err)
		}
		switch t := tok.(type) {
		case xml.StartElement:
			path = append(path, t.Name.Local)
			switch t.Name.Local {
			case "alto":
				if len(path) != 1 {
					return "", nil, fmt.Errorf("%w: ALTO: alto element inside %s", ErrLayout, path[len(path)-2])
				}
			case "Page":
				n := attrOf(t, "PRINTED_IMG_NR")
				if n == "" {
					n = attrOf(t, "PHYSICAL_IMG_NR")
				}
				b.startPage(n)
			case "TextBlock":
				b.startPar()
			case "TextLine":
				b.startLine()
			case "String":
				x, y := num(t, "HPOS"), num(t, "VPOS")
				b.word(attrOf(t, "CONTENT"), Box{x, y, x + num(t, "WIDTH"), y + num(t, "HEIGHT")})
			case "HYP":
				b.hyphen(attrOf(t, "CONTENT"))
			}
		case xml.EndElement:
			if len(path) > 0 {
				path = path[:len(path)-1]
			}
		case xml.CharData:
			if len(path) > 0 && path[len(path)-1] == "softwareName" && engine.Len() == 0 {
				engine.WriteString(strings.TrimSpace(string(t)))
			}
		}
	}
	b.l.Engine = engine.String()
	return b.finish(FormatALTO)
}
