package pipeline

import (
	"bufio"
	"bytes"
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/pasyans/pasyans/reports"
	"github.com/pasyans/pasyans/sim"
)

// atlasDir is the shipped winnability atlas that "make demo" draws.
const atlasDir = "../docs/atlas"

// findingsWinnability reads the winnability table of docs/findings.md: per game, the
// deals and the share decided.
func findingsWinnability(t *testing.T) map[string][2]float64 {
	t.Helper()
	f, err := os.Open("../docs/findings.md")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	// | game | deals | won | lost | undecided | decided | …
	re := regexp.MustCompile(`^\| ([a-z-]+) \| (\d+) \| (\d+) \| (\d+) \| (\d+) \| \**([0-9.]+) %\**`)
	out := map[string][2]float64{}
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		if m := re.FindStringSubmatch(sc.Text()); m != nil {
			deals, _ := strconv.ParseFloat(m[2], 64)
			decided, _ := strconv.ParseFloat(m[6], 64)
			out[m[1]] = [2]float64{deals, decided / 100}
		}
	}
	return out
}

// TestFindingsWinnabilityMatchesAtlas: the shipped atlas and the findings'
// winnability table agree: every game of the catalog is in both, and the
// findings' decided share lies within the 95 % Wilson interval of the
// atlas's.
func TestFindingsWinnabilityMatchesAtlas(t *testing.T) {
	ref, note, err := LoadReference(context.Background(), atlasDir)
	if err != nil {
		t.Fatal(err)
	}
	t.Log("atlas:", note)
	readme := findingsWinnability(t)
	if len(readme) != len(ref.Rows) {
		t.Fatalf("docs/findings.md's winnability table has %d games, the atlas %d", len(readme), len(ref.Rows))
	}
	for _, r := range ref.Rows {
		got, ok := readme[r.Game]
		if !ok {
			t.Errorf("%s: in the atlas, not in docs/findings.md's winnability table", r.Game)
			continue
		}
		decided := r.Deals - r.Unknowns
		lo, hi := sim.Wilson95(decided, r.Deals)
		if got[0] != float64(r.Deals) || got[1] < lo-0.0005 || got[1] > hi+0.0005 {
			t.Errorf("%s: docs/findings.md says %.0f deals, %.1f %% decided; the atlas %d deals, %d decided (95 %% interval %.1f–%.1f %%)",
				r.Game, got[0], 100*got[1], r.Deals, decided, 100*lo, 100*hi)
		}
	}
}

// TestReportFirstScreen renders a report with the atlas as reference in
// headless Chromium: at 1280×800 the first screen holds the answers and the
// whole winnability table, whose decided shares are the atlas's; from
// 1,200 px wide the charts stand two a row.
func TestReportFirstScreen(t *testing.T) {
	bin := ""
	for _, name := range []string{"chromium", "chromium-browser"} {
		if p, err := exec.LookPath(name); err == nil {
			bin = p
			break
		}
	}
	if bin == "" {
		t.Skip("chromium is not installed (apt-get install chromium); skipping the browser test")
	}
	ctx := context.Background()
	dir := t.TempDir()
	specs, err := ParseGames("all")
	if err != nil {
		t.Fatal(err)
	}
	games, err := GameConfigs(specs, nil)
	if err != nil {
		t.Fatal(err)
	}
	var strategies []sim.Strategy
	for _, n := range []string{"random", "greedy", "book"} {
		st, err := sim.NewStrategy(n, nil)
		if err != nil {
			t.Fatal(err)
		}
		strategies = append(strategies, st)
	}
	if _, err := Tournament(ctx, TournamentOptions{Out: dir, Games: games, Strategies: strategies, Deals: 300, Seed: 2026, Workers: 2}); err != nil {
		t.Fatal(err)
	}
	// The planners on a few of the same deals, as the demo plays them, so
	// that the answers are as long as the demo's.
	var planners []sim.Strategy
	for _, n := range []string{"planner", "planner-book"} {
		st, err := sim.NewStrategy(n, nil)
		if err != nil {
			t.Fatal(err)
		}
		planners = append(planners, st)
	}
	plDir := filepath.Join(dir, "planner")
	if _, err := Tournament(ctx, TournamentOptions{Out: plDir, Games: games, Strategies: planners, Deals: 6, Seed: 2026, Workers: 2}); err != nil {
		t.Fatal(err)
	}
	s, err := reports.Summarize(ctx, dir)
	if err != nil {
		t.Fatal(err)
	}
	pl, err := reports.Summarize(ctx, plDir)
	if err != nil {
		t.Fatal(err)
	}
	s = reports.Merge(s, pl)
	if s.Reference, s.ReferenceNote, err = LoadReference(ctx, atlasDir); err != nil {
		t.Fatal(err)
	}
	var page bytes.Buffer
	if err := reports.WriteHTML(&page, s, reports.HTMLOptions{Title: "pasyans: the games of the corpus, played"}); err != nil {
		t.Fatal(err)
	}
	// The page has no scripts; the test adds one that measures the layout
	// and writes it into the DOM that --dump-dom prints.
	probe := `<script>
window.addEventListener("load", () => {
  const tab = document.querySelector("table.winnability-table").getBoundingClientRect();
  const ans = document.querySelector("#answers").getBoundingClientRect();
  const figs = [...document.querySelectorAll("#win-rates figure")].map(f => Math.round(f.getBoundingClientRect().top));
  const out = document.createElement("pre");
  out.id = "probe";
  out.textContent = JSON.stringify({answersTop: ans.top, tableBottom: tab.bottom, figTops: figs, width: window.innerWidth});
  document.body.appendChild(out);
});
</script></body>`
	html := strings.Replace(page.String(), "</body>", probe, 1)
	file := filepath.Join(t.TempDir(), "report.html")
	if err := os.WriteFile(file, []byte(html), 0o644); err != nil {
		t.Fatal(err)
	}
	render := func(size string) string {
		c, cancel := context.WithTimeout(ctx, 90*time.Second)
		defer cancel()
		cmd := exec.CommandContext(c, bin, "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
			"--disable-background-networking", "--disable-component-update", "--disable-sync", "--hide-scrollbars",
			"--user-data-dir="+t.TempDir(), "--window-size="+size, "--dump-dom", "file://"+file)
		var stdout, stderr bytes.Buffer
		cmd.Stdout, cmd.Stderr = &stdout, &stderr
		if err := cmd.Run(); err != nil {
			t.Fatalf("chromium: %v\n%s", err, stderr.String())
		}
		m := regexp.MustCompile(`<pre id="probe">([^<]*)</pre>`).FindStringSubmatch(stdout.String())
		if m == nil {
			t.Fatalf("chromium %s: the probe did not run", size)
		}
		return m[1]
	}
	first := render("1280,800")
	var tableBottom, answersTop float64
	if m := regexp.MustCompile(`"answersTop":([0-9.]+),"tableBottom":([0-9.]+)`).FindStringSubmatch(first); m != nil {
		answersTop, _ = strconv.ParseFloat(m[1], 64)
		tableBottom, _ = strconv.ParseFloat(m[2], 64)
	} else {
		t.Fatalf("probe %s", first)
	}
	t.Logf("1280×800: answers at %.0f px, the winnability table ends at %.0f px", answersTop, tableBottom)
	if answersTop > 200 || tableBottom > 800 {
		t.Errorf("first screen (1280×800): answers at %.0f px, the winnability table ends at %.0f px, want both on it", answersTop, tableBottom)
	}
	wide := render("1200,1600")
	m := regexp.MustCompile(`"figTops":\[([0-9,]*)\]`).FindStringSubmatch(wide)
	if m == nil {
		t.Fatalf("probe %s", wide)
	}
	tops := strings.Split(m[1], ",")
	if len(tops) < 2 || tops[0] != tops[1] {
		t.Errorf("at 1,200 px the first two win-rate charts are at %v, want them on one row", tops)
	}

	// The decided shares the page shows are the atlas's.
	cells := regexp.MustCompile(`<td>([a-z-]+)</td><td>default</td><td>atlas</td>.*?<td class="n decided">([0-9.]+)%</td>`).FindAllStringSubmatch(page.String(), -1)
	if len(cells) != len(s.Reference.Rows) {
		t.Fatalf("winnability table: %d atlas rows, want %d", len(cells), len(s.Reference.Rows))
	}
	for i, c := range cells {
		r := s.Reference.Rows[i]
		want := 100 * float64(r.Deals-r.Unknowns) / float64(r.Deals)
		got, _ := strconv.ParseFloat(c[2], 64)
		if c[1] != r.Game || got < want-0.005 || got > want+0.005 {
			t.Errorf("winnability row %d: %s %.2f %%, want %s %.2f %%", i, c[1], got, r.Game, want)
		}
	}
}
