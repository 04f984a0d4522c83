package reports

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"testing"
	"time"

	"github.com/pasyans/pasyans/engine"
	"github.com/pasyans/pasyans/reports/viewer"
	"github.com/pasyans/pasyans/sim"
)

// devtools drives headless Chromium over the DevTools protocol on a pipe
// (--remote-debugging-pipe: JSON messages ended by a NUL byte, written to
// the browser's fd 3 and read from its fd 4), so a test can press keys and
// read the page without any client library.
type devtools struct {
	t       *testing.T
	cmd     *exec.Cmd
	in, out *os.File // our ends of the pipes
	rd      *bufio.Reader
	id      int
	session string
}

// openDevtools starts Chromium on page and attaches to the page's target.
func openDevtools(t *testing.T, bin, page string) *devtools {
	t.Helper()
	toBrowser, in, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	out, fromBrowser, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(bin, "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
		"--disable-background-networking", "--disable-component-update", "--disable-sync",
		"--user-data-dir="+t.TempDir(), "--window-size=1280,900", "--disable-frame-rate-limit", "--disable-gpu-vsync",
		"--remote-debugging-pipe", "file://"+page)
	cmd.ExtraFiles = []*os.File{toBrowser, fromBrowser} // fds 3 and 4
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	if err := cmd.Start(); err != nil {
		t.Fatalf("chromium: %v", err)
	}
	toBrowser.Close()
	fromBrowser.Close()
	d := &devtools{t: t, cmd: cmd, in: in, out: out, rd: bufio.NewReader(out)}
	t.Cleanup(func() {
		d.in.Close()
		if d.cmd.Process != nil {
			_ = d.cmd.Process.Kill()
		}
		_ = d.cmd.Wait()
		d.out.Close()
	})
	// Find the page and attach to it.
	deadline := time.Now().Add(60 * time.Second)
	for d.session == "" {
		var targets struct {
			TargetInfos []struct{ TargetID, Type, URL string } `json:"targetInfos"`
		}
		d.call("Target.getTargets", map[string]any{}, &targets)
		for _, ti := range targets.TargetInfos {
			if ti.Type == "page" {
				var att struct{ SessionID string }
				d.call("Target.attachToTarget", map[string]any{"targetId": ti.TargetID, "flatten": true}, &att)
				d.session = att.SessionID
				break
			}
		}
		if time.Now().After(deadline) {
			t.Fatalf("chromium: no page target\n%s", stderr.String())
		}
		time.Sleep(20 * time.Millisecond)
	}
	// Wait for the viewer's script to have run.
	for {
		var ready bool
		d.eval(`location.protocol === 'file:' && document.body !== null && document.body.dataset.ready === '1'`, &ready)
		if ready {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("chromium: the viewer did not start\n%s", stderr.String())
		}
		time.Sleep(20 * time.Millisecond)
	}
	return d
}

// call sends one command and decodes its result into res (if not nil).
func (d *devtools) call(method string, params any, res any) {
	d.t.Helper()
	d.id++
	msg := map[string]any{"id": d.id, "method": method, "params": params}
	if d.session != "" {
		msg["sessionId"] = d.session
	}
	b, err := json.Marshal(msg)
	if err != nil {
		d.t.Fatal(err)
	}
	if _, err := d.in.Write(append(b, 0)); err != nil {
		d.t.Fatalf("devtools %s: %v", method, err)
	}
	_ = d.out.SetReadDeadline(time.Now().Add(60 * time.Second))
	for {
		line, err := d.rd.ReadBytes(0)
		if err != nil {
			d.t.Fatalf("devtools %s: %v", method, err)
		}
		var r struct {
			ID     int             `json:"id"`
			Result json.RawMessage `json:"result"`
			Error  *struct {
				Message string `json:"message"`
			} `json:"error"`
		}
		if err := json.Unmarshal(line[:len(line)-1], &r); err != nil {
			d.t.Fatalf("devtools %s: %v", method, err)
		}
		if r.ID != d.id {
			continue // an event, or the answer to another session's call
		}
		if r.Error != nil {
			d.t.Fatalf("devtools %s: %s", method, r.Error.Message)
		}
		if res != nil {
			if err := json.Unmarshal(r.Result, res); err != nil {
				d.t.Fatalf("devtools %s: %v", method, err)
			}
		}
		return
	}
}

// eval evaluates a JavaScript expression in the page and decodes its value.
func (d *devtools) eval(expr string, v any) {
	d.t.Helper()
	var r struct {
		Result struct {
			Value json.RawMessage `json:"value"`
		} `json:"result"`
		ExceptionDetails *struct {
			Text      string `json:"text"`
			Exception struct {
				Description string `json:"description"`
			} `json:"exception"`
		} `json:"exceptionDetails"`
	}
	d.call("Runtime.evaluate", map[string]any{"expression": expr, "returnByValue": true}, &r)
	if r.ExceptionDetails != nil {
		d.t.Fatalf("page: %s %s", r.ExceptionDetails.Text, r.ExceptionDetails.Exception.Description)
	}
	if v != nil {
		if err := json.Unmarshal(r.Result.Value, v); err != nil {
			d.t.Fatalf("page: %s: %v (value %s)", expr, err, r.Result.Value)
		}
	}
}

// key presses and releases a key as the keyboard does.
func (d *devtools) key(name string, code int) {
	d.t.Helper()
	for _, typ := range []string{"keyDown", "keyUp"} {
		d.call("Input.dispatchKeyEvent", map[string]any{"type": typ, "key": name, "code": name, "windowsVirtualKeyCode": code}, nil)
	}
}

// viewerState is what the page shows, as the test reads it.
type viewerState struct {
	N         int    `json:"n"`
	Rule      string `json:"rule"`
	Advice    string `json:"advice"`
	Passage   string `json:"passage"`
	OCR       string `json:"ocr"`
	Title     string `json:"title"`
	NoPassage bool   `json:"noPassage"`
	Faces     int    `json:"faces"`
	Backs     int    `json:"backs"`
	Items     int    `json:"items"`
	Current   int    `json:"current"`
	// Added counts the nodes added to the board and to the move list since
	// the last read (a MutationObserver the test installs).
	BoardAdded int `json:"boardAdded"`
	ListAdded  int `json:"listAdded"`
	// Board is each pile's cards as drawn, in the data's token form.
	Board []string `json:"board"`
}

const readState = `(function () {
  const sec = document.querySelector('#info section.rule[data-role="rule"]');
  const adv = document.querySelector('#info section.rule[data-role="advice"]');
  const q = sec && sec.querySelector('blockquote.passage'), o = sec && sec.querySelector('blockquote.ocr');
  const cur = document.querySelector('#moves li.cur');
  const w = window.__added || {board: 0, list: 0};
  window.__added = {board: 0, list: 0};
  return {
    n: +document.getElementById('status').dataset.n,
    rule: sec ? sec.dataset.rule : '', advice: adv ? adv.dataset.rule : '',
    passage: q ? q.textContent : '', ocr: o ? o.textContent : '', title: q ? q.title : '',
    noPassage: !!(sec && sec.querySelector('.no-passage')),
    faces: document.querySelectorAll('#board .card:not(.back)').length,
    backs: document.querySelectorAll('#board .card.back').length,
    items: document.querySelectorAll('#moves li').length,
    current: cur ? +cur.dataset.n : -1,
    boardAdded: w.board, listAdded: w.list,
    board: Array.from(document.querySelectorAll('#board .pile'), p =>
      Array.from(p.querySelectorAll('.card'), c => c.dataset.c || '##').join(''))
  };
})()`

const observe = `(function () {
  window.__added = {board: 0, list: 0};
  const count = (key) => (records) => { for (const r of records) window.__added[key] += r.addedNodes.length; };
  new MutationObserver(count('board')).observe(document.getElementById('board'), {childList: true, subtree: true});
  new MutationObserver(count('list')).observe(document.getElementById('moves'), {childList: true, subtree: true});
  return true;
})()`

// pageMoves is the part of the viewer's embedded data the test reads.
type pageMoves struct {
	Cards int `json:"cards"`
	Moves []struct {
		Rule   string              `json:"r"`
		Advice string              `json:"a"`
		Diff   [][]json.RawMessage `json:"x"`
	} `json:"moves"`
	Start []string `json:"start"`
	Rules map[string]struct {
		Passages []viewer.Passage `json:"passages"`
	} `json:"rules"`
}

var dealDataRE = regexp.MustCompile(`(?s)<script type="application/json" id="deal-data">(.*?)</script>`)

func readPageMoves(t *testing.T, path string) *pageMoves {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	m := dealDataRE.FindSubmatch(b)
	if m == nil {
		t.Fatalf("%s: no deal data", path)
	}
	var p pageMoves
	if err := json.Unmarshal(m[1], &p); err != nil {
		t.Fatalf("%s: %v", path, err)
	}
	return &p
}

// browserKeys are the keys the test presses, with their key codes and
// the move they lead to from move n of N.
var browserKeys = map[string]struct {
	code int
	to   func(n, last int) int
}{
	"ArrowRight": {39, func(n, last int) int { return min(n+1, last) }},
	"ArrowLeft":  {37, func(n, last int) int { return max(n-1, 0) }},
	"PageDown":   {34, func(n, last int) int { return min(n+10, last) }},
	"PageUp":     {33, func(n, last int) int { return max(n-10, 0) }},
	"Home":       {36, func(n, last int) int { return 0 }},
	"End":        {35, func(n, last int) int { return last }},
}

// TestViewerInBrowser writes viewers of deals with the book's passages,
// opens each in headless Chromium and drives it with the keyboard: a deal
// move by move to the end with →, then End, Home and End; a deal whose rules
// have no passage in the book (the Sultan's) with → and PageDown; a long
// deal (1,116 moves) with End, Home, PageDown, ←, PageUp across the
// checkpoints of the page's script. After every key it checks the move
// number, the board (each pile's cards, faces and backs, exactly the
// state the data gives after that many moves, so every card of the game is
// in exactly one place), the rule shown with its passage in modern
// Russian and its OCR (or the "no passage in the book" note exactly when
// the rule has no passage), and, for one step →, that only the changed
// piles were re-rendered and the move list was left alone.
func TestViewerInBrowser(t *testing.T) {
	bin := chromiumPath()
	if bin == "" {
		t.Skip("chromium is not installed (apt-get install chromium); skipping the browser test")
	}
	ctx := context.Background()
	passages, err := rulePassagesForTest(ctx)
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	withPassage, without := 0, 0
	for _, tc := range []struct {
		game     string
		opts     engine.Options
		seed     uint64
		strategy string
		keys     []string // nil: → to the end, then End, Home, End
	}{
		{"napoleon", nil, 7, "book", nil},
		// The Sultan's rules of play are lost from the scan: no passage.
		{"sultan", nil, 19, "book", sultanKeys()},
		{"red-and-black", engine.Options{"moves": "sequence"}, 1, "random", longGameKeys()},
	} {
		spec, err := engine.Lookup(tc.game)
		if err != nil {
			t.Fatal(err)
		}
		strat, err := sim.NewStrategy(tc.strategy, nil)
		if err != nil {
			t.Fatal(err)
		}
		moves, _, err := PlayTraced(spec, tc.opts, tc.seed, strat)
		if err != nil {
			t.Fatal(err)
		}
		page := filepath.Join(dir, tc.game+".html")
		err = WriteFileAtomic(page, func(w io.Writer) error {
			return viewer.Write(w, viewer.Input{Game: tc.game, Options: tc.opts, Seed: tc.seed, Strategy: tc.strategy, Moves: moves, Passages: passages})
		})
		if err != nil {
			t.Fatal(err)
		}
		data := readPageMoves(t, page)
		last := len(data.Moves)
		if last != len(moves) || data.Cards != spec.Decks*engine.CardsPerDeck {
			t.Fatalf("%s: %d moves and %d cards in the data, want %d and %d", tc.game, last, data.Cards, len(moves), spec.Decks*52)
		}
		states := data.states(t)
		keys := tc.keys
		if keys == nil {
			for range last {
				keys = append(keys, "ArrowRight")
			}
			keys = append(keys, "End", "Home", "End")
		}

		d := openDevtools(t, bin, page)
		var ok bool
		d.eval(observe, &ok)
		var st viewerState
		d.eval(readState, &st)
		check := func(n int, key string) {
			t.Helper()
			where := fmt.Sprintf("%s, move %d (after %s)", tc.game, n, key)
			if st.N != n || st.Current != n || st.Items != last+1 {
				t.Fatalf("%s: the page shows move %d, list item %d of %d", where, st.N, st.Current, st.Items)
			}
			if fmt.Sprint(st.Board) != fmt.Sprint(states[n]) {
				t.Fatalf("%s: the board shows\n%q\nthe data gives\n%q", where, st.Board, states[n])
			}
			if st.Faces+st.Backs != data.Cards {
				t.Fatalf("%s: %d faces + %d backs on the board, want %d cards", where, st.Faces, st.Backs, data.Cards)
			}
			if n == 0 {
				return
			}
			m := data.Moves[n-1]
			if st.Rule != m.Rule || st.Advice != m.Advice {
				t.Fatalf("%s: the page shows rule %q advice %q, want %q and %q", where, st.Rule, st.Advice, m.Rule, m.Advice)
			}
			if ps := data.Rules[m.Rule].Passages; len(ps) > 0 {
				withPassage++
				if st.NoPassage || st.Passage != ps[0].Modern || st.OCR != ps[0].Original || st.Title != "OCR: "+ps[0].Original {
					t.Fatalf("%s (%s): the page shows passage %q (OCR %q), want %q", where, m.Rule, st.Passage, st.OCR, ps[0].Modern)
				}
			} else {
				without++
				if !st.NoPassage || st.Passage != "" {
					t.Fatalf("%s (%s): a rule with no passage shows %q without the no-passage note", where, m.Rule, st.Passage)
				}
			}
		}
		check(0, "opening")
		n := 0
		began := time.Now()
		for _, key := range keys {
			k := browserKeys[key]
			d.key(key, k.code)
			d.eval(readState, &st)
			next := k.to(n, last)
			check(next, key)
			if key == "ArrowRight" && next == n+1 {
				// One step re-renders the changed piles only: at most
				// their cards and a count badge each.
				budget := 0
				for _, x := range data.Moves[n].Diff {
					var p int
					if json.Unmarshal(x[0], &p) != nil {
						t.Fatalf("%s move %d: bad diff %s", tc.game, next, x)
					}
					budget += len(states[next][p])/2 + 2
				}
				if st.BoardAdded > budget || st.ListAdded != 0 {
					t.Fatalf("%s move %d: a step added %d board nodes (budget %d for %d changed piles) and %d list nodes",
						tc.game, next, st.BoardAdded, budget, len(data.Moves[n].Diff), st.ListAdded)
				}
			}
			n = next
		}
		if n != last {
			t.Fatalf("%s: the keys end at move %d of %d", tc.game, n, last)
		}
		t.Logf("%s: %d moves, %d keys in %v; final layout %d faces + %d backs", tc.game, last, len(keys),
			time.Since(began).Round(time.Millisecond), st.Faces, st.Backs)
	}
	if withPassage == 0 || without == 0 {
		t.Errorf("%d moves shown with a passage and %d without: want both kinds exercised", withPassage, without)
	}
	t.Logf("%d moves shown with the book's passage, %d with the no-passage note", withPassage, without)
}

// sultanKeys steps through the first sixty moves with → and pages to the
// end (244 moves).
func sultanKeys() []string {
	var keys []string
	for range 60 {
		keys = append(keys, "ArrowRight")
	}
	for range 19 {
		keys = append(keys, "PageDown")
	}
	return append(keys, "End", "Home", "End")
}

// longGameKeys walks a long game: to the end and back, pages forward,
// steps across a checkpoint of the page's script (every 64 moves) both
// ways, pages back, and ends at the end.
func longGameKeys() []string {
	keys := []string{"End", "Home"}
	for range 7 {
		keys = append(keys, "PageDown") // to 70
	}
	for range 8 {
		keys = append(keys, "ArrowLeft") // to 62, across 64
	}
	for range 4 {
		keys = append(keys, "ArrowRight")
	}
	keys = append(keys, "End")
	for range 3 {
		keys = append(keys, "ArrowLeft")
	}
	for range 5 {
		keys = append(keys, "PageUp")
	}
	return append(keys, "Home", "ArrowRight", "End")
}

// states returns each pile's tokens after every number of moves, from the
// start and the moves' changes.
func (p *pageMoves) states(t *testing.T) [][]string {
	t.Helper()
	out := make([][]string, 0, len(p.Moves)+1)
	cur := append([]string(nil), p.Start...)
	out = append(out, append([]string(nil), cur...))
	for i, m := range p.Moves {
		for _, x := range m.Diff {
			var pile, keep int
			var cards string
			if len(x) != 3 || json.Unmarshal(x[0], &pile) != nil || json.Unmarshal(x[1], &keep) != nil || json.Unmarshal(x[2], &cards) != nil ||
				pile < 0 || pile >= len(cur) || 2*keep > len(cur[pile]) {
				t.Fatalf("move %d: bad change %s", i+1, x)
			}
			cur[pile] = cur[pile][:2*keep] + cards
		}
		out = append(out, append([]string(nil), cur...))
	}
	return out
}

// TestWriteDealViewers plays a small tournament of every game, writes the
// deal viewers as "pasyans run" does and checks them: one won and one lost
// deal of the best strategy per game where it has them, each replaying to
// its results row, and the report links them.
func TestWriteDealViewers(t *testing.T) {
	ctx := context.Background()
	dir := t.TempDir()
	const deals = 12
	w, err := NewResultsWriter(dir, ResultsOptions{ShardEnd: deals})
	if err != nil {
		t.Fatal(err)
	}
	var games []sim.GameConfig
	for _, s := range engine.Catalog() {
		games = append(games, sim.GameConfig{Spec: s})
	}
	var strats []sim.Strategy
	for _, name := range []string{"random", "greedy"} {
		s, err := sim.NewStrategy(name, nil)
		if err != nil {
			t.Fatal(err)
		}
		strats = append(strats, s)
	}
	if _, err := sim.Run(ctx, sim.Config{Games: games, Strategies: strats, Deals: deals, MasterSeed: 9, Workers: 2, ShardCount: 1}, w); err != nil {
		t.Fatal(err)
	}
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
	sum, err := Summarize(ctx, dir)
	if err != nil {
		t.Fatal(err)
	}
	passages, err := rulePassagesForTest(ctx)
	if err != nil {
		t.Fatal(err)
	}
	viewers, err := WriteDealViewers(ctx, DealViewerOptions{Dir: dir, ResultsDir: dir, Summary: sum, Passages: passages})
	if err != nil {
		t.Fatal(err)
	}
	perGame := map[string][]DealViewer{}
	for _, v := range viewers {
		perGame[v.Game] = append(perGame[v.Game], v)
	}
	if len(perGame) != len(engine.Catalog()) {
		t.Fatalf("viewers for %d games, want all %d", len(perGame), len(engine.Catalog()))
	}
	// The rows, to check the picks.
	rows := map[string][]sim.Result{}
	err = ReadResults(ctx, dir, func(rs []sim.Result) error {
		for _, r := range rs {
			rows[r.Game+"/"+r.Strategy] = append(rows[r.Game+"/"+r.Strategy], r)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	for _, spec := range engine.Catalog() {
		vs := perGame[spec.ID]
		best := SummaryRow{WinRate: -1}
		for _, r := range sum.Rows {
			if r.Game == spec.ID && r.WinRate > best.WinRate {
				best = r
			}
		}
		wantWon, wantLost := int64(-1), int64(-1)
		for _, r := range rows[spec.ID+"/"+best.Strategy] {
			if r.Won && (wantWon < 0 || r.DealIndex < wantWon) {
				wantWon = r.DealIndex
			}
			if r.Outcome == sim.Lost && (wantLost < 0 || r.DealIndex < wantLost) {
				wantLost = r.DealIndex
			}
		}
		for _, v := range vs {
			if v.Strategy != best.Strategy {
				t.Errorf("%s: viewer of %s, the best strategy is %s", spec.ID, v.Strategy, best.Strategy)
			}
			want := wantLost
			if v.Outcome == "won" {
				want = wantWon
			}
			if v.DealIndex != want {
				t.Errorf("%s: %s viewer of deal %d, want the first such deal %d", spec.ID, v.Outcome, v.DealIndex, want)
			}
			path := filepath.Join(dir, filepath.FromSlash(v.Path))
			data := readPageMoves(t, path)
			if len(data.Moves) != int(v.Moves) {
				t.Errorf("%s: %s has %d moves, the row %d", spec.ID, v.Path, len(data.Moves), v.Moves)
			}
			for i, m := range data.Moves {
				if _, ok := data.Rules[m.Rule]; !ok {
					t.Fatalf("%s: %s move %d: rule %s not described", spec.ID, v.Path, i+1, m.Rule)
				}
			}
		}
		if (wantWon >= 0) != hasOutcome(vs, "won") {
			t.Errorf("%s: won deal %d, viewers %+v", spec.ID, wantWon, vs)
		}
	}
	var report bytes.Buffer
	if err := WriteHTML(&report, sum, HTMLOptions{Viewers: viewers}); err != nil {
		t.Fatal(err)
	}
	for _, v := range viewers {
		if !bytes.Contains(report.Bytes(), []byte(fmt.Sprintf(`href="%s"`, v.Path))) {
			t.Errorf("the report does not link %s", v.Path)
		}
	}
	// A report without viewers has no such section.
	report.Reset()
	if err := WriteHTML(&report, sum, HTMLOptions{}); err != nil {
		t.Fatal(err)
	}
	if bytes.Contains(report.Bytes(), []byte(`id="deals"`)) {
		t.Error("a report without viewers lists deals")
	}
}

func hasOutcome(vs []DealViewer, outcome string) bool {
	for _, v := range vs {
		if v.Outcome == outcome {
			return true
		}
	}
	return false
}
