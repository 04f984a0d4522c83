package main

import (
	"bytes"
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/pasyans/pasyans/corpus"
	"github.com/pasyans/pasyans/normalize"
	"github.com/pasyans/pasyans/pipeline"
	"golang.org/x/text/encoding/charmap"
)

// runCLI runs pasyans with args; a non-empty stdin is fed to the command
// (run() itself reads the process's standard input).
func runCLI(t *testing.T, stdin string, args ...string) (string, string, int) {
	t.Helper()
	var out, errb bytes.Buffer
	if stdin == "" {
		code := run(args, &out, &errb)
		return out.String(), errb.String(), code
	}
	code := runIO(args, strings.NewReader(stdin), &out, &errb)
	return out.String(), errb.String(), code
}

func TestNormalizeCommand(t *testing.T) {
	doc, err := corpus.Open(context.Background(), "001", pipeline.CorpusOptions())
	if err != nil {
		t.Fatal(err)
	}
	out, stderr, code := runCLI(t, "", "normalize", "001")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	if got, want := strings.Count(out, "\n"), strings.Count(doc.Text, "\n"); got != want && got != want+1 {
		t.Errorf("%d output lines for %d input lines", got, want)
	}
	if !strings.HasPrefix(out, "Герцогиня де-Люинь.\nЕсли во время раскладки") {
		t.Errorf("output starts %q", out[:80])
	}
}

func TestNormalizeExplain(t *testing.T) {
	out, stderr, code := runCLI(t, "", "normalize", "--explain", "001")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	lines := strings.Split(strings.TrimSpace(out), "\n")
	if len(lines) < 100 {
		t.Fatalf("%d edits", len(lines))
	}
	// The last line sums the edits up by class.
	var sum pipeline.SummaryLine
	if err := json.Unmarshal([]byte(lines[len(lines)-1]), &sum); err != nil || sum.Summary.Doc != "001_4241458acb371910" {
		t.Fatalf("summary line %q: %v", lines[len(lines)-1], err)
	}
	lines = lines[:len(lines)-1]
	var want normalize.Summary
	want.Doc = sum.Summary.Doc
	for _, l := range lines {
		var e normalize.Edit
		if err := json.Unmarshal([]byte(l), &e); err != nil {
			t.Fatal(err)
		}
		want.Add(e.Rules)
	}
	if sum.Summary != want || want.Edits != len(lines) || want.Reform == 0 || want.OCR == 0 || want.Split == 0 {
		t.Errorf("summary %+v, counted %+v over %d edits", sum.Summary, want, len(lines))
	}
	for _, l := range lines {
		var e struct {
			Doc        string   `json:"doc"`
			Line       int      `json:"line"`
			Original   string   `json:"original"`
			Modern     string   `json:"modern"`
			Rules      []string `json:"rules"`
			Confidence *float64 `json:"confidence"`
		}
		if err := json.Unmarshal([]byte(l), &e); err != nil || e.Doc == "" || e.Line < 1 || len(e.Rules) == 0 || e.Confidence == nil {
			t.Fatalf("bad edit line %q: %v", l, err)
		}
	}
}

func TestNormalizeStdin(t *testing.T) {
	out, stderr, code := runCLI(t, "Берутъ изъ пачки въ двђ колоды\nкарты\n", "normalize", "-")
	if code != 0 || out != "Берут из пачки в две колоды\nкарты\n" {
		t.Errorf("exit %d, out %q, stderr %q", code, out, stderr)
	}
	_, stderr, code = runCLI(t, "ка\xffрта\n", "normalize", "-")
	if code != 1 || !strings.Contains(stderr, "pasyans: normalize: stdin: unknown encoding (invalid UTF-8") || strings.Count(stderr, "\n") != 1 {
		t.Errorf("invalid input: exit %d, stderr %q", code, stderr)
	}
}

func TestNormalizeEval(t *testing.T) {
	gold := filepath.Join("..", "..", "normalize", "gold")
	out, stderr, code := runCLI(t, "", "normalize", "eval", "--gold", gold)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	if !strings.Contains(out, "total") || !strings.Contains(out, "raw WER") {
		t.Errorf("eval output %q", out)
	}
	// Without --gold, the built-in references: the same table, from any
	// directory.
	t.Chdir(t.TempDir())
	if out2, stderr, code := runCLI(t, "", "normalize", "eval"); code != 0 || out2 != out {
		t.Errorf("built-in references: exit %d, %q; output differs: %v", code, stderr, out2 != out)
	}
	if err := os.WriteFile("scan.txt", []byte("Берутъ изъ колоды туза и кладутъ его посрединѣ, передъ собою.\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if _, stderr, code := runCLI(t, "", "normalize", "eval", "scan.txt"); code != 1 ||
		!strings.Contains(stderr, "scan: no built-in reference") || strings.Count(stderr, "\n") != 1 {
		t.Errorf("a file without a reference: exit %d, %q", code, stderr)
	}
	_, stderr, code = runCLI(t, "", "normalize", "eval", "--gold", filepath.Join(t.TempDir(), "missing"))
	if code != 1 || !strings.Contains(stderr, "missing") {
		t.Errorf("missing gold dir: exit %d, %q", code, stderr)
	}
}

func TestNormalizeBadFile(t *testing.T) {
	_, stderr, code := runCLI(t, "", "normalize", filepath.Join(t.TempDir(), "nope.txt"))
	if code != 1 || !strings.HasPrefix(stderr, "pasyans: ") || !strings.Contains(stderr, "nope.txt") {
		t.Errorf("exit %d, stderr %q", code, stderr)
	}
	dir := t.TempDir()
	p := filepath.Join(dir, "punct.txt")
	if err := os.WriteFile(p, []byte(strings.Repeat("...,,,;;;!!!\n", 100)), 0o644); err != nil {
		t.Fatal(err)
	}
	out, stderr, code := runCLI(t, "", "normalize", p)
	if code == 0 && out != strings.Repeat("...,,,;;;!!!\n", 100) {
		t.Errorf("punctuation file changed: %q", out[:40])
	}
	if code != 0 && (strings.Count(stderr, "\n") != 1 || !strings.Contains(stderr, "punct.txt")) {
		t.Errorf("punctuation file: exit %d, stderr %q", code, stderr)
	}
}

// TestStdinInputs: every text command reads "-" as standard input, in any
// of the corpus reader's encodings (issue: "corpus -", "link -" and
// "run --corpus -" said "no such file").
func TestStdinInputs(t *testing.T) {
	doc, err := corpus.Open(context.Background(), "001", pipeline.CorpusOptions())
	if err != nil {
		t.Fatal(err)
	}
	cp1251, err := charmap.Windows1251.NewEncoder().String(doc.Text)
	if err != nil {
		t.Fatal(err)
	}
	out, stderr, code := runCLI(t, cp1251, "corpus", "-")
	if code != 0 || !strings.Contains(out, "stdin") || !strings.Contains(out, "zodiac") {
		t.Errorf("corpus -: exit %d, %q, %q", code, out, stderr)
	}
	out, stderr, code = runCLI(t, cp1251, "link", "-")
	if code != 0 || !strings.Contains(out, "zodiac/I") {
		t.Errorf("link -: exit %d, %q, %q", code, out, stderr)
	}
	_, stderr, code = runCLI(t, cp1251, "link", "-", "-")
	if code != 1 || !strings.Contains(stderr, "standard input can be read only once") {
		t.Errorf("link - -: exit %d, %q", code, stderr)
	}
	_, stderr, code = runCLI(t, "\x00\x01\x02", "corpus", "-")
	if code != 1 || !strings.Contains(stderr, "stdin") || strings.Count(stderr, "\n") != 1 {
		t.Errorf("binary stdin: exit %d, %q", code, stderr)
	}
}

// TestStdinRunAndEval: "run --corpus -" and "normalize eval -" read standard
// input (issue 27: both said "standard input can be read only once").
func TestStdinRunAndEval(t *testing.T) {
	doc, err := corpus.Open(context.Background(), "001", pipeline.CorpusOptions())
	if err != nil {
		t.Fatal(err)
	}
	out, stderr, code := runCLI(t, doc.Text, "normalize", "eval", "-")
	if code != 0 || !strings.Contains(out, "stdin") || !strings.Contains(out, "total") {
		t.Errorf("normalize eval -: exit %d, %q, %q", code, out, stderr)
	}
	want, _, _ := runCLI(t, "", "normalize", "eval", "001")
	if i, j := strings.Index(out, "\n"), strings.Index(want, "\n"); i < 0 || j < 0 ||
		strings.Fields(out[i:])[1] != strings.Fields(want[j:])[1] {
		t.Errorf("normalize eval - scores differ from the file's:\n%s\n%s", out, want)
	}
	other := strings.Replace(doc.Text, "пасьянс", "пасьянсъ", 1) + "\nЕщё одна строка текста о картахъ.\n"
	_, stderr, code = runCLI(t, other, "normalize", "eval", "-")
	if code != 1 || !strings.Contains(stderr, "--gold") || strings.Count(stderr, "\n") != 1 {
		t.Errorf("normalize eval - of a new text: exit %d, %q", code, stderr)
	}
	gold := t.TempDir()
	ref, _ := normalize.Gold(doc.Name)
	if err := os.WriteFile(filepath.Join(gold, "stdin.txt"), []byte(ref), 0o644); err != nil {
		t.Fatal(err)
	}
	if out, stderr, code = runCLI(t, other, "normalize", "eval", "--gold", gold, "-"); code != 0 || !strings.Contains(out, "stdin") {
		t.Errorf("normalize eval --gold DIR -: exit %d, %q, %q", code, out, stderr)
	}
	dir := filepath.Join(t.TempDir(), "out")
	out, stderr, code = runCLI(t, doc.Text, "run", "--corpus", "-", "--games", "napoleon", "--strategies", "random",
		"--deals", "3", "--solver-deals", "0", "--quiet", "--out", dir)
	if code != 0 || !strings.Contains(out, "HTML report") {
		t.Errorf("run --corpus -: exit %d, %q, %q", code, out, stderr)
	}
}
