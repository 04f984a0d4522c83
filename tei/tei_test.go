package tei

import (
	"bytes"
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/pasyans/pasyans/corpus"
	"github.com/pasyans/pasyans/link"
	"github.com/pasyans/pasyans/normalize"
)

// validate checks the TEI files against the subset schema of testdata with
// jing, and against a real tei_all.rng when PASYANS_TEI_RNG names one.
func validate(t *testing.T, files ...string) {
	t.Helper()
	jing, err := exec.LookPath("jing")
	if err != nil {
		t.Log("jing is not installed (apt-get install jing): schema validation skipped")
		return
	}
	schemas := [][]string{{"-c", filepath.Join("testdata", "pasyans-tei.rnc")}}
	if rng := os.Getenv("PASYANS_TEI_RNG"); rng != "" {
		if strings.HasSuffix(rng, ".rnc") {
			schemas = append(schemas, []string{"-c", rng})
		} else {
			schemas = append(schemas, []string{rng})
		}
	}
	for _, s := range schemas {
		args := append(append([]string(nil), s...), files...)
		out, err := exec.Command(jing, args...).CombinedOutput()
		if err != nil {
			t.Errorf("jing %s: %v\n%s", strings.Join(s, " "), err, out)
		}
	}
}

func write(t *testing.T, d *corpus.Document, res *normalize.Result, o Options) []byte {
	t.Helper()
	var buf bytes.Buffer
	if err := Write(&buf, d, res, o); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

// roundTrip checks that both readings of the TEI give back the texts.
func roundTrip(t *testing.T, name string, data []byte, original, modern string) {
	t.Helper()
	for _, c := range []struct {
		r    Reading
		want string
	}{{Modern, modern}, {Original, original}} {
		got, err := PlainText(bytes.NewReader(data), c.r)
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		if got != c.want {
			i := 0
			for i < len(got) && i < len(c.want) && got[i] == c.want[i] {
				i++
			}
			lo := max(0, i-40)
			t.Errorf("%s reading %d: round trip differs at byte %d:\n got  %q\n want %q", name, c.r, i,
				got[lo:min(len(got), i+40)], c.want[lo:min(len(c.want), i+40)])
		}
	}
}

// TestCorpusTEI writes every corpus document as TEI, reads the modern and
// the original text back exactly, checks the structure the issue asks for
// and validates the files with jing.
func TestCorpusTEI(t *testing.T) {
	ctx := context.Background()
	docs, err := corpus.Embedded(ctx, corpus.Options{Games: link.Games(nil)})
	if err != nil {
		t.Fatal(err)
	}
	n, err := normalize.New()
	if err != nil {
		t.Fatal(err)
	}
	lr, err := link.Documents(ctx, docs, link.Options{Normalizer: n, Play: true})
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	var files []string
	var all strings.Builder
	for _, d := range docs {
		res, err := n.Document(ctx, d.Name, d.Text)
		if err != nil {
			t.Fatal(err)
		}
		data := write(t, d, res, Options{Header: Header{Book: "Book", Normalizer: "pasyans test"}, Links: lr.Links})
		roundTrip(t, d.Name, data, d.Text, res.Text)
		p := filepath.Join(dir, d.Name+".xml")
		if err := os.WriteFile(p, data, 0o644); err != nil {
			t.Fatal(err)
		}
		files = append(files, p)
		all.Write(data)
	}
	s := all.String()
	for _, want := range []string{
		`<div type="game" n="four-corners">`,
		`<div type="rule" n="I" corresp="rule:four-corners/I">`,
		`<div type="advice" corresp="rule:`,
		`<note place="foot" n="20">`,
		`<orig>`, `<reg type="reform" ana="#reform.`,
		`<sic>`, `<corr type="ocr_repair" ana="#ocr.`,
		`<lb/>`, `<fw type="header">`, `<pb n="6"/>`,
		`<category xml:id="reform.yat">`,
	} {
		if !strings.Contains(s, want) {
			t.Errorf("no %s in the corpus's TEI", want)
		}
	}
	validate(t, files...)
}

// TestTEIEdges covers what the corpus lacks: markup characters, a form
// feed and a vertical tab, text outside every block, a word joined across
// a line break, page breaks from a layout, and an empty document.
func TestTEIEdges(t *testing.T) {
	ctx := context.Background()
	n, err := normalize.New()
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	var files []string
	for i, text := range []string{
		"ЧЕТЫРЕ УГЛА.\n\nПравила.\n\nI. Тузы & короли <идутъ> на\nмѣсто \"вверхъ\".\n\fII. Наблю-\nденіе\vвсѣхъ картъ.\n",
		"",
		"12\n\nВсѣ карты кладутся въ рядъ; тузы выходятъ на мѣсто.\n",
		"]]> &amp; \"кавычки\" 'и'\tтабуляція\u00a0nbsp мяг\u00adкій знакъ тотчасъ-же\n\n\n   отступъ\n[4] сноска",
	} {
		d, err := corpus.Read(ctx, "edge", strings.NewReader(text), corpus.Options{Games: link.Games(nil)})
		if err != nil && text != "" {
			t.Fatal(err)
		}
		if d == nil {
			d = &corpus.Document{Name: "edge"}
		}
		res, err := n.Document(ctx, d.Name, d.Text)
		if err != nil {
			t.Fatal(err)
		}
		o := Options{}
		if i == 2 {
			o.Pages = []PageBreak{{Byte: 0, N: "1"}, {Byte: 4, N: "2"}}
		}
		data := write(t, d, res, o)
		roundTrip(t, "edge", data, d.Text, res.Text)
		if i == 2 && !bytes.Contains(data, []byte(`<pb n="1"/>`)) {
			t.Errorf("no page break from the layout:\n%s", data)
		}
		p := filepath.Join(dir, "edge"+string(rune('a'+i))+".xml")
		if err := os.WriteFile(p, data, 0o644); err != nil {
			t.Fatal(err)
		}
		files = append(files, p)
	}
	validate(t, files...)
}
