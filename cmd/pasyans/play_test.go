package main

import (
	"bytes"
	"encoding/json"
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
