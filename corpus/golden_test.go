package corpus

import (
	"fmt"
	"os"
	"strings"
	"testing"
)

// goldenPath is the hand-checked segmentation of the embedded corpus: one
// line per block with the document's number, index, kind, game, rule
// number, footnote number, markers, span, duplicate and first words.
const goldenPath = "testdata/segmentation.golden"

// goldenLine formats one block for the golden fixture.
func goldenLine(d *Document, b Block) string {
	dash := func(s string) string {
		if s == "" {
			return "-"
		}
		return s
	}
	fn := "-"
	if b.FootnoteNumber != 0 {
		fn = fmt.Sprint(b.FootnoteNumber)
	}
	markers := "-"
	if len(b.Markers) > 0 {
		var ms []string
		for i, m := range b.Markers {
			ms = append(ms, fmt.Sprintf("%d>%d", m, b.MarkerBlocks[i]))
		}
		markers = strings.Join(ms, ",")
	}
	dup := "-"
	if b.Duplicate != nil {
		dup = fmt.Sprintf("%s#%d", b.Duplicate.Doc[:3], b.Duplicate.Block)
	}
	ws := strings.Fields(b.Text)
	if len(ws) > 4 {
		ws = ws[:4]
	}
	sp := b.Span
	return strings.Join([]string{
		d.Name[:3], fmt.Sprint(b.Index), string(b.Kind), dash(b.Game), dash(b.RuleNumber), fn, markers,
		fmt.Sprintf("%d:%d-%d:%d", sp.StartLine, sp.StartCol, sp.EndLine, sp.EndCol), dup, strings.Join(ws, " "),
	}, "\t")
}

// TestGolden pins the segmentation of the four embedded files against the
// hand-checked fixture.
func TestGolden(t *testing.T) {
	docs, err := Embedded(bg, testOptions(t))
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, d := range docs {
		for _, b := range d.Blocks {
			got = append(got, goldenLine(d, b))
		}
	}
	if os.Getenv("PASYANS_WRITE_GOLDEN") != "" {
		t.Logf("candidate fixture (check it by hand before use):\n%s", strings.Join(got, "\n"))
	}
	raw, err := os.ReadFile(goldenPath)
	if err != nil {
		t.Fatal(err)
	}
	var want []string
	for _, l := range strings.Split(string(raw), "\n") {
		if l != "" && !strings.HasPrefix(l, "#") {
			want = append(want, l)
		}
	}
	for i := 0; i < max(len(got), len(want)); i++ {
		var g, w string
		if i < len(got) {
			g = got[i]
		}
		if i < len(want) {
			w = want[i]
		}
		if g != w {
			t.Errorf("block line %d:\n got  %q\n want %q", i, g, w)
		}
	}
}
