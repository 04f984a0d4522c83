package reports

import (
	"bytes"
	"context"
	"image/png"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/pasyans/pasyans/engine"
	"github.com/pasyans/pasyans/sim"
)

// chromiumPath returns the headless browser, or "" when it is not installed.
func chromiumPath() string {
	for _, name := range []string{"chromium", "chromium-browser"} {
		if p, err := exec.LookPath(name); err == nil {
			return p
		}
	}
	return ""
}

// chromium runs headless Chromium on the file with extra arguments and
// returns its standard output.
func chromium(t *testing.T, bin, page string, args ...string) []byte {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 90*time.Second)
	defer cancel()
	base := []string{"--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
		"--disable-background-networking", "--disable-component-update", "--disable-sync",
		"--user-data-dir=" + t.TempDir(), "--window-size=1280,2000"}
	cmd := exec.CommandContext(ctx, bin, append(append(base, args...), "file://"+page)...)
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	if err := cmd.Run(); err != nil {
		t.Fatalf("chromium %v: %v\n%s", args, err, stderr.String())
	}
	return stdout.Bytes()
}

// TestHTMLReportInBrowser renders the HTML report in headless Chromium and
// checks that the page is not blank and that the charts are drawn.
func TestHTMLReportInBrowser(t *testing.T) {
	bin := chromiumPath()
	if bin == "" {
		t.Skip("chromium is not installed (apt-get install chromium); skipping the browser test")
	}
	dir := t.TempDir()
	w, err := NewResultsWriter(dir, ResultsOptions{ShardEnd: 400, Trace: true})
	if err != nil {
		t.Fatal(err)
	}
	games, strats := []string{"salic-law", "napoleon"}, []string{"random", "greedy", "book"}
	if err := w.WriteResults(synthRows(games, strats, 0, 400)); err != nil {
		t.Fatal(err)
	}
	var moves []sim.MoveRecord
	for _, g := range games {
		for _, s := range strats {
			for d := int64(0); d < 50; d++ {
				for p := int32(0); p < 4; p++ {
					moves = append(moves, sim.MoveRecord{Game: g, Strategy: s, DealIndex: d, Ply: p, Rule: g + []string{"/I", "/II", "/deal", "/I"}[p]})
				}
			}
		}
	}
	if err := w.WriteMoves(moves); err != nil {
		t.Fatal(err)
	}
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
	s, err := Summarize(context.Background(), dir)
	if err != nil {
		t.Fatal(err)
	}
	page := filepath.Join(dir, "report.html")
	err = WriteFileAtomic(page, func(out io.Writer) error {
		return WriteHTML(out, s, HTMLOptions{Rules: RuleRows(engine.Catalog(), nil)})
	})
	if err != nil {
		t.Fatal(err)
	}

	// The DOM as the browser built it has the charts.
	dom := string(chromium(t, bin, page, "--dump-dom"))
	for class, want := range map[string]int{`class="chart win-rate"`: 2, `class="chart moves"`: 2, `class="chart paired"`: 2,
		`class="chart rule-usage"`: 2, `<rect class="bar"`: 6, `<polyline class="dist"`: 6, `<path class="ci"`: 6} {
		if got := strings.Count(dom, class); got != want {
			t.Errorf("DOM: %d × %s, want %d", got, class, want)
		}
	}
	if !strings.Contains(dom, "salic-law/I") {
		t.Error("DOM: the rules section lacks salic-law/I")
	}

	// The screenshot is not blank and shows the strategies' colours.
	shot := filepath.Join(t.TempDir(), "report.png")
	chromium(t, bin, page, "--screenshot="+shot)
	f, err := os.Open(shot)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	img, err := png.Decode(f)
	if err != nil {
		t.Fatalf("screenshot: %v", err)
	}
	b := img.Bounds()
	colours := map[[3]uint32]int{}
	nonWhite := 0
	for y := b.Min.Y; y < b.Max.Y; y++ {
		for x := b.Min.X; x < b.Max.X; x++ {
			r, g, bl, _ := img.At(x, y).RGBA()
			c := [3]uint32{r >> 8, g >> 8, bl >> 8}
			colours[c]++
			if c[0] < 240 || c[1] < 240 || c[2] < 240 {
				nonWhite++
			}
		}
	}
	total := b.Dx() * b.Dy()
	t.Logf("screenshot %dx%d: %.1f%% non-white pixels, %d distinct colours", b.Dx(), b.Dy(), 100*float64(nonWhite)/float64(total), len(colours))
	if nonWhite < total/50 || len(colours) < 50 {
		t.Errorf("screenshot looks blank: %d of %d pixels non-white, %d colours", nonWhite, total, len(colours))
	}
	for name, hex := range map[string][3]uint32{"greedy": {0x1f, 0x77, 0xb4}, "book": {0xd6, 0x27, 0x28}, "random": {0x7f, 0x7f, 0x7f}} {
		if colours[hex] < 200 {
			t.Errorf("screenshot: %d pixels of %s's colour %x, want bars", colours[hex], name, hex)
		}
	}
}
