package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/pasyans/pasyans/engine"
	"github.com/pasyans/pasyans/reports"
)

// runPlayCLI runs the CLI and returns the exit code, stdout and stderr.
func runPlayCLI(t *testing.T, args ...string) (int, string, string) {
	t.Helper()
	var out, errb bytes.Buffer
	code := run(args, &out, &errb)
	return code, out.String(), errb.String()
}

func TestPlayLogReplay(t *testing.T) {
	dir := t.TempDir()
	for _, c := range []struct {
		game string
		args []string
	}{
		{"red-and-black", []string{"--variant", "moves=sequence"}},
		{"napoleon", nil},
		{"salic-law", []string{"--variant", "king-fill=any-time"}},
	} {
		log := filepath.Join(dir, c.game+".jsonl")
		args := append([]string{"play", c.game, "--seed", "11", "--log", log}, c.args...)
		code, out, errs := runPlayCLI(t, args...)
		if code != 0 {
			t.Fatalf("%v: exit %d: %s", args, code, errs)
		}
		if !strings.Contains(out, c.game+" seed 11:") {
			t.Errorf("play output %q", out)
		}
		code, out, errs = runPlayCLI(t, "replay", log)
		if code != 0 || !strings.Contains(out, ": ok: "+c.game) {
			t.Fatalf("replay %s: exit %d, %s %s", log, code, out, errs)
		}
		// No temporary file is left next to the log.
		if m, _ := filepath.Glob(filepath.Join(dir, ".*tmp*")); len(m) > 0 {
			t.Errorf("temporary files left: %v", m)
		}

		// Tamper with the card of the first move that names one.
		data, err := os.ReadFile(log)
		if err != nil {
			t.Fatal(err)
		}
		lines := strings.Split(strings.TrimSpace(string(data)), "\n")
		edited := false
		for i := 1; i < len(lines)-1 && !edited; i++ {
			var m map[string]any
			if err := json.Unmarshal([]byte(lines[i]), &m); err != nil {
				t.Fatal(err)
			}
			if m["card"] == "--" {
				continue
			}
			if m["card"] == "KC" {
				m["card"] = "KD"
			} else {
				m["card"] = "KC"
			}
			b, _ := json.Marshal(m)
			lines[i] = string(b)
			edited = true
		}
		if !edited {
			t.Fatalf("%s: no move with a card to edit", c.game)
		}
		bad := filepath.Join(dir, c.game+"-bad.jsonl")
		if err := os.WriteFile(bad, []byte(strings.Join(lines, "\n")+"\n"), 0o644); err != nil {
			t.Fatal(err)
		}
		code, _, errs = runPlayCLI(t, "replay", bad)
		if code != 1 || !strings.Contains(errs, "line ") || strings.Count(strings.TrimSpace(errs), "\n") != 0 {
			t.Fatalf("edited log: exit %d, stderr %q; want exit 1 and one line naming the line", code, errs)
		}
	}
}

func TestPlayShow(t *testing.T) {
	code, out, errs := runPlayCLI(t, "play", "napoleon", "--seed", "3", "--show")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	if !strings.Contains(out, "C0:") || !strings.Contains(out, "1. pair ") {
		t.Errorf("--show output lacks the layout or the moves:\n%s", out)
	}
}

func TestPlayErrors(t *testing.T) {
	for _, c := range []struct {
		args []string
		code int
	}{
		{[]string{"play", "no-such-game", "--seed", "1"}, 2},
		{[]string{"play", "napoleon"}, 2},
		{[]string{"play", "napoleon", "--seed", "1", "--variant", "reserve=sideways"}, 2},
		{[]string{"play", "napoleon", "--seed", "1", "--variant", "noequals"}, 2},
		{[]string{"play", "napoleon", "--seed", "1", "--strategy", "no-such"}, 2},
		{[]string{"play", "napoleon", "--seed", "1", "--log", "/no/such/dir/x.jsonl"}, 1},
		{[]string{"replay", "/no/such/file.jsonl"}, 1},
		{[]string{"games", "show", "no-such-game"}, 2},
	} {
		code, _, errs := runPlayCLI(t, c.args...)
		if code != c.code || !strings.HasPrefix(errs, "pasyans: ") {
			t.Errorf("%v: exit %d (%q), want %d", c.args, code, errs, c.code)
		}
	}
}

func TestGamesCommand(t *testing.T) {
	code, out, errs := runPlayCLI(t, "games")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	for _, want := range []string{"salic-law", "napoleon", "red-and-black", "king-fill=after-deal|any-time", "redeal"} {
		if !strings.Contains(out, want) {
			t.Errorf("games output lacks %q", want)
		}
	}
	code, out, _ = runPlayCLI(t, "games", "--json")
	var doc reports.CatalogDoc
	if code != 0 || json.Unmarshal([]byte(out), &doc) != nil || len(doc.Games) != 11 || doc.Catalog == "" {
		t.Fatalf("games --json: exit %d, %d games", code, len(doc.Games))
	}
	code, out, _ = runPlayCLI(t, "games", "show", "salic-law")
	for _, want := range []string{"salic-law/king-fill", "lost", "Cadogan EN Rule I", "Variants:", "king-refill=again|once"} {
		if code != 0 || !strings.Contains(out, want) {
			t.Errorf("games show salic-law lacks %q", want)
		}
	}
}

// TestPrintGameExtra checks that the per-rule extra text is rendered.
func TestPrintGameExtra(t *testing.T) {
	var b bytes.Buffer
	spec := catalogSpec(t, "napoleon")
	if err := reports.WriteGame(&b, spec, func(id engine.RuleID) string {
		if id == "napoleon/deal" {
			return "Кладут шесть рядов по восьми карт"
		}
		return ""
	}); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(b.String(), "| Кладут шесть рядов") {
		t.Errorf("extra text missing:\n%s", b.String())
	}
}

func catalogSpec(t *testing.T, id string) *engine.Spec {
	t.Helper()
	s, err := engine.Lookup(id)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// TestPlayReplayHTML writes the viewer of a played deal with play --html and
// of its log with replay --html: the same moves and rules; a bad folder or a
// tampered log writes no page.
func TestPlayReplayHTML(t *testing.T) {
	dir := t.TempDir()
	log, played, replayed := filepath.Join(dir, "g.jsonl"), filepath.Join(dir, "play.html"), filepath.Join(dir, "replay.html")
	code, _, errs := runPlayCLI(t, "play", "windmill", "--seed", "4", "--strategy", "book", "--log", log, "--html", played)
	if code != 0 {
		t.Fatalf("play --html: exit %d: %s", code, errs)
	}
	code, _, errs = runPlayCLI(t, "replay", log, "--html", replayed)
	if code != 0 {
		t.Fatalf("replay --html: exit %d: %s", code, errs)
	}
	type page struct {
		Game     string `json:"game"`
		Seed     uint64 `json:"seed"`
		Strategy string `json:"strategy"`
		Moves    []struct {
			Rule string `json:"r"`
			Text string `json:"d"`
		} `json:"moves"`
		Rules map[string]struct {
			Passages []struct{ Modern string } `json:"passages"`
		} `json:"rules"`
	}
	read := func(path string) page {
		b, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		_, rest, ok := strings.Cut(string(b), `<script type="application/json" id="deal-data">`)
		data, _, ok2 := strings.Cut(rest, "</script>")
		if !ok || !ok2 {
			t.Fatalf("%s: no deal data", path)
		}
		var p page
		if err := json.Unmarshal([]byte(data), &p); err != nil {
			t.Fatalf("%s: %v", path, err)
		}
		return p
	}
	a, b := read(played), read(replayed)
	if a.Game != "windmill" || a.Seed != 4 || a.Strategy != "book" || b.Strategy != "book" || len(a.Moves) == 0 {
		t.Fatalf("play page: %s seed %d strategy %q, %d moves; replay page strategy %q", a.Game, a.Seed, a.Strategy, len(a.Moves), b.Strategy)
	}
	if fmt.Sprint(a.Moves) != fmt.Sprint(b.Moves) {
		t.Fatal("play --html and replay --html show different moves")
	}
	passages := 0
	for _, r := range a.Rules {
		passages += len(r.Passages)
	}
	if passages == 0 {
		t.Error("the page carries no passage of the book")
	}

	// A missing folder: usage of the file system, exit 1, nothing written.
	code, _, errs = runPlayCLI(t, "play", "napoleon", "--seed", "1", "--html", filepath.Join(dir, "no", "x.html"))
	if code != 1 || !strings.Contains(errs, "pasyans: play: ") || !strings.Contains(errs, "no such directory") {
		t.Errorf("play --html into a missing folder: exit %d, %q", code, errs)
	}
	// A tampered log: replay fails before writing the page.
	data, err := os.ReadFile(log)
	if err != nil {
		t.Fatal(err)
	}
	bad := filepath.Join(dir, "bad.jsonl")
	if err := os.WriteFile(bad, []byte(strings.Replace(string(data), `"ply":2`, `"ply":3`, 1)), 0o644); err != nil {
		t.Fatal(err)
	}
	out := filepath.Join(dir, "bad.html")
	code, _, errs = runPlayCLI(t, "replay", bad, "--html", out)
	if _, err := os.Stat(out); code != 1 || err == nil {
		t.Errorf("replay --html of a tampered log: exit %d (%s), page written: %v", code, errs, err == nil)
	}
	if m, _ := filepath.Glob(filepath.Join(dir, ".*tmp*")); len(m) > 0 {
		t.Errorf("temporary files left: %v", m)
	}
}
