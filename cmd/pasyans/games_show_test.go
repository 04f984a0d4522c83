package main

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/pasyans/pasyans/reports"
)

// TestGamesShowLinkedText checks that "games show" prints each rule with its
// linked corpus text, modern and original side by side, for both readings
// of a passage scanned twice.
func TestGamesShowLinkedText(t *testing.T) {
	code, out, errs := runPlayCLI(t, "games", "show", "windmill")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	for _, want := range []string{
		"modern:   I. Все карты в крыльях годны.",
		"original: I. Всђ карты въ крыльяхъ годны.",
		"000_9294169c5fd42537:", "002_f37c04e14860f20c:",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("games show windmill lacks %q", want)
		}
	}
	code, out, _ = runPlayCLI(t, "games", "show", "--json", "british-constitution")
	var g reports.GameJSON
	if code != 0 || json.Unmarshal([]byte(out), &g) != nil {
		t.Fatalf("games show --json: exit %d", code)
	}
	seen := map[string]bool{}
	for _, l := range g.Links {
		seen[string(l.RuleID)] = true
	}
	for _, id := range []string{"british-constitution/I", "british-constitution/VI", "british-constitution/S1"} {
		if !seen[id] {
			t.Errorf("games show --json british-constitution: no link for %s", id)
		}
	}
	code, out, _ = runPlayCLI(t, "games", "show", "--no-text", "windmill")
	if code != 0 || strings.Contains(out, "original:") {
		t.Errorf("--no-text still prints corpus text (exit %d)", code)
	}
}
