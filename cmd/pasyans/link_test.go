package main

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// runLinkCLI runs "pasyans link" with args and returns stdout, stderr and the
// exit code.
func runLinkCLI(t *testing.T, args ...string) (string, string, int) {
	t.Helper()
	var out, errb bytes.Buffer
	code := run(append([]string{"link"}, args...), &out, &errb)
	return out.String(), errb.String(), code
}

func TestLinkCommandTable(t *testing.T) {
	out, stderr, code := runLinkCLI(t, "--coverage")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	for _, want := range []string{
		"GAME", "four-corners/I ", "british-constitution/VI ", "windmill/S1 ", "shah/S2 ",
		"Лучше брать карты из талона", // modern text
		"salic-law/I ", "lost", // coverage: the rule the scan lost
	} {
		if !strings.Contains(out, want) {
			t.Errorf("output lacks %q", want)
		}
	}
	if strings.Contains(out, "unlinked") {
		t.Error("unlinked passages listed without --all")
	}
	if !strings.Contains(stderr, "links in 4 documents") {
		t.Errorf("stderr %q", stderr)
	}
}

func TestLinkCommandJSON(t *testing.T) {
	out, stderr, code := runLinkCLI(t, "--json", "002")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	var v struct {
		Links []struct {
			Doc    string  `json:"doc"`
			RuleID string  `json:"rule_id"`
			Method string  `json:"method"`
			Score  float64 `json:"score"`
			Span   struct {
				StartLine int `json:"start_line"`
			} `json:"span"`
			Modern   string `json:"modern"`
			Original string `json:"original"`
		} `json:"links"`
		Coverage struct {
			Missing []struct {
				ID string `json:"id"`
			} `json:"missing"`
		} `json:"coverage"`
	}
	if err := json.Unmarshal([]byte(out), &v); err != nil {
		t.Fatalf("output is not JSON: %v", err)
	}
	ids := map[string]bool{}
	unlinked := 0
	for _, l := range v.Links {
		if l.RuleID == "" {
			unlinked++
			continue
		}
		ids[l.RuleID] = true
		if l.Span.StartLine == 0 || l.Modern == "" || l.Original == "" || l.Score <= 0 {
			t.Errorf("incomplete link %+v", l)
		}
	}
	for _, id := range []string{"windmill/I", "windmill/II", "windmill/S1", "windmill/S2", "shah/I", "shah/II", "shah/III", "shah/S1", "shah/S2"} {
		if !ids[id] {
			t.Errorf("no link to %s", id)
		}
	}
	if unlinked == 0 || len(v.Coverage.Missing) == 0 {
		t.Errorf("JSON lacks unlinked passages (%d) or coverage (%d)", unlinked, len(v.Coverage.Missing))
	}
}

func TestLinkCommandErrors(t *testing.T) {
	dir := t.TempDir()
	orphan := filepath.Join(dir, "orphan.txt")
	if err := os.WriteFile(orphan, []byte("МЕЛЬНИЦА.\n\nI. Всѣ карты въ крыльяхъ годны.\n\nVII. Всѣ короли идутъ на тузовъ.\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	cases := []struct {
		args     []string
		code     int
		stderr   string
		inStdout string
	}{
		{[]string{filepath.Join(dir, "missing.txt")}, 1, "missing.txt", ""},
		{[]string{dir}, 1, "directory", ""},
		{[]string{"--width", "3"}, 2, "--width", ""},
		{[]string{orphan}, 1, "windmill/VII has no engine rule", "windmill/I "},
	}
	for _, c := range cases {
		out, stderr, code := runLinkCLI(t, c.args...)
		if code != c.code {
			t.Errorf("%v: exit %d, want %d (stderr %q)", c.args, code, c.code, stderr)
		}
		last := strings.TrimSpace(stderr)
		if i := strings.LastIndex(last, "\n"); i >= 0 {
			last = last[i+1:]
		}
		if !strings.HasPrefix(last, "pasyans: ") || !strings.Contains(last, c.stderr) {
			t.Errorf("%v: stderr %q, want a one-line error naming %q", c.args, stderr, c.stderr)
		}
		if !strings.Contains(out, c.inStdout) {
			t.Errorf("%v: stdout %q lacks %q", c.args, out, c.inStdout)
		}
	}
}
