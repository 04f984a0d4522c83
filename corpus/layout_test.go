package corpus

import (
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// TestALTO reads the hand-written ALTO file: the text, the pages with their
// printed numbers, the word boxes, the hyphen of HYP, and the blocks the
// segmenter finds in the text.
func TestALTO(t *testing.T) {
	d, err := Open(bg, "testdata/layout/sample.alto.xml", testOptions(t))
	if err != nil {
		t.Fatal(err)
	}
	want := "ЧЕТЫРЕ УГЛА.\n\nI. Всѣ карты кладутся въ рядъ и наблю-\nдаются игрокомъ.\n\nII. Тузы выходятъ на мѣсто.\n"
	if d.Text != want {
		t.Fatalf("text\n%q\nwant\n%q", d.Text, want)
	}
	l := d.Layout
	if l == nil || l.Format != FormatALTO || l.Engine != "Hand-written test file" {
		t.Fatalf("layout %+v", l)
	}
	if len(l.Pages) != 2 || l.Pages[0].N != "6" || l.Pages[1].N != "7" || l.Pages[1].Byte != strings.Index(want, "II.") {
		t.Errorf("pages %+v", l.Pages)
	}
	w, ok := l.WordAt(strings.Index(want, "карты") + 2)
	if !ok || w.Page != 1 || w.Line != 2 || w.Box != (Box{300, 200, 500, 260}) || want[w.Byte:w.End] != "карты" {
		t.Errorf("word of карты: %+v %v", w, ok)
	}
	w, ok = l.WordAt(strings.Index(want, "наблю-"))
	if !ok || want[w.Byte:w.End] != "наблю-" {
		t.Errorf("word of наблю-: %+v %v", w, ok)
	}
	if _, ok := l.WordAt(strings.Index(want, " ")); ok {
		t.Error("a space is inside a word")
	}
	if p := l.PageAt(strings.Index(want, "мѣсто")); p != 2 {
		t.Errorf("page of мѣсто: %d", p)
	}
	var kinds []string
	for _, b := range d.Blocks {
		kinds = append(kinds, string(b.Kind)+":"+b.Game+":"+b.RuleNumber)
	}
	if got := strings.Join(kinds, " "); got != "game-heading:four-corners: rule:four-corners:I rule:four-corners:II" {
		t.Errorf("blocks: %s", got)
	}
}

// TestHOCRSample reads the checked-in hOCR that tesseract made of
// testdata/layout/page.txt.
func TestHOCRSample(t *testing.T) {
	d, err := Open(bg, "testdata/layout/page.hocr", testOptions(t))
	if err != nil {
		t.Fatal(err)
	}
	checkHOCR(t, d)
	if d.Layout.Engine != "tesseract 5.3.0" {
		t.Errorf("engine %q", d.Layout.Engine)
	}
}

// checkHOCR checks a document read from tesseract's hOCR of page.txt: one
// page, the lines of page.txt, every word with a box.
func checkHOCR(t *testing.T, d *Document) {
	t.Helper()
	l := d.Layout
	if l == nil || l.Format != FormatHOCR || len(l.Pages) != 1 || l.Pages[0].N != "1" {
		t.Fatalf("layout %+v", l)
	}
	src, err := os.ReadFile("testdata/layout/page.txt")
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSpace(string(src)), "\n")
	// Paragraphs (ocr_par) are apart by a blank line.
	if got := strings.Fields(strings.ReplaceAll(strings.ReplaceAll(d.Text, " ", "_"), "\n\n", "\n")); len(got) != len(lines) {
		t.Errorf("%d lines, want %d:\n%s", len(got), len(lines), d.Text)
	}
	if n, want := len(l.Words), len(strings.Fields(string(src))); n < want-2 || n > want+2 {
		t.Errorf("%d words, want about %d", n, want)
	}
	last := 0
	for _, w := range l.Words {
		b := w.Box
		if b.X1 <= b.X0 || b.Y1 <= b.Y0 || w.Page != 1 || w.Line < 1 || w.Line > len(lines) || w.Line < last {
			t.Errorf("word %q: %+v", d.Text[w.Byte:w.End], w)
		}
		last = w.Line
	}
	// Most words survive the OCR as printed.
	same := 0
	for _, f := range strings.Fields(string(src)) {
		if strings.Contains(d.Text, f) {
			same++
		}
	}
	if total := len(strings.Fields(string(src))); same*2 < total {
		t.Errorf("only %d of %d words read as printed:\n%s", same, total, d.Text)
	}
}

// TestTesseractHOCR renders page.txt with text2image (DejaVu Serif, which
// has ѣ and і), makes hOCR of it with tesseract's Russian model and reads
// it. Skipped when tesseract-ocr and tesseract-ocr-rus are not installed.
func TestTesseractHOCR(t *testing.T) {
	t2i, err1 := exec.LookPath("text2image")
	tess, err2 := exec.LookPath("tesseract")
	if err := errors.Join(err1, err2); err != nil {
		t.Skip("tesseract is not installed (apt-get install tesseract-ocr tesseract-ocr-rus fonts-dejavu-core): ", err)
	}
	if out, err := exec.Command(tess, "--list-langs").CombinedOutput(); err != nil || !strings.Contains(string(out), "rus") {
		t.Skip("tesseract has no Russian model (apt-get install tesseract-ocr-rus)")
	}
	const fonts = "/usr/share/fonts/truetype/dejavu"
	if _, err := os.Stat(filepath.Join(fonts, "DejaVuSerif.ttf")); err != nil {
		t.Skip("no DejaVu Serif (apt-get install fonts-dejavu-core)")
	}
	dir := t.TempDir()
	src, err := filepath.Abs("testdata/layout/page.txt")
	if err != nil {
		t.Fatal(err)
	}
	render := exec.Command(t2i, "--text="+src, "--outputbase=page", "--font=DejaVu Serif", "--fonts_dir="+fonts,
		"--ptsize=12", "--xsize=2000", "--ysize=700", "--margin=60")
	render.Dir = dir
	if out, err := render.CombinedOutput(); err != nil {
		t.Fatalf("text2image: %v\n%s", err, out)
	}
	ocr := exec.Command(tess, "page.tif", "page", "-l", "rus", "hocr")
	ocr.Dir = dir
	if out, err := ocr.CombinedOutput(); err != nil {
		t.Fatalf("tesseract: %v\n%s", err, out)
	}
	d, err := Open(bg, filepath.Join(dir, "page.hocr"), testOptions(t))
	if err != nil {
		t.Fatal(err)
	}
	checkHOCR(t, d)
	if !strings.HasPrefix(d.Layout.Engine, "tesseract") {
		t.Errorf("engine %q", d.Layout.Engine)
	}
}

// TestLayoutErrors: a malformed or empty layout file is a one-line error
// naming the file.
func TestLayoutErrors(t *testing.T) {
	dir := t.TempDir()
	for name, body := range map[string]string{
		"cut.xml":   `<?xml version="1.0"?><alto xmlns="http://www.loc.gov/standards/alto/ns-v4#"><Layout><Page><TextBlock>`,
		"empty.xml": `<alto xmlns="http://www.loc.gov/standards/alto/ns-v4#"><Layout><Page/></Layout></alto>`,
		"none.html": `<html><head><meta name='ocr-system' content='tesseract'/></head><body><div class='ocr_page'></div></body></html>`,
	} {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
		_, err := Open(bg, p, testOptions(t))
		if !errors.Is(err, ErrLayout) || !strings.HasPrefix(err.Error(), p+": ") || strings.Contains(err.Error(), "\n") {
			t.Errorf("%s: error %v", name, err)
		}
	}
}
