package main

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// runCorpusCLI runs the CLI and returns the exit code, stdout and stderr.
func runCorpusCLI(t *testing.T, args ...string) (int, string, string) {
	t.Helper()
	var out, errb bytes.Buffer
	code := run(args, &out, &errb)
	return code, out.String(), errb.String()
}

func TestCorpusList(t *testing.T) {
	code, out, errOut := runCorpusCLI(t, "corpus")
	if code != exitOK || errOut != "" {
		t.Fatalf("exit %d, stderr %q", code, errOut)
	}
	for _, want := range []string{"000_9294169c5fd42537", "001_4241458acb371910", "002_f37c04e14860f20c", "004_c05a91b701b2f7eb",
		"salic-law", "four-corners", "windmill", "shah", "duchess-de-luynes", "british-constitution", "zodiac", "sympathy",
		"sultan", "napoleon", "red-and-black", "7 read twice"} {
		if !strings.Contains(out, want) {
			t.Errorf("listing lacks %q:\n%s", want, out)
		}
	}

	code, out, _ = runCorpusCLI(t, "corpus", "--json")
	if code != exitOK {
		t.Fatalf("--json exit %d", code)
	}
	var listing struct {
		Documents []struct {
			Name  string
			Games []struct {
				Game   string
				Blocks int
			}
		}
	}
	if err := json.Unmarshal([]byte(out), &listing); err != nil {
		t.Fatalf("bad JSON: %v", err)
	}
	if len(listing.Documents) != 4 || len(listing.Documents[1].Games) != 4 || listing.Documents[1].Games[1].Game != "british-constitution" ||
		listing.Documents[1].Games[1].Blocks != 16 {
		t.Errorf("unexpected listing %+v", listing)
	}
}

func TestCorpusShow(t *testing.T) {
	code, out, errOut := runCorpusCLI(t, "corpus", "show", "001")
	if code != exitOK || errOut != "" {
		t.Fatalf("exit %d, stderr %q", code, errOut)
	}
	for _, want := range []string{"game-heading", "british-constitution", "footnote 20", "[20]→#32", "8:1-8:230", "3одіакъ."} {
		if !strings.Contains(out, want) {
			t.Errorf("show lacks %q", want)
		}
	}
	code, out, _ = runCorpusCLI(t, "corpus", "show", "--json", "002_f37c04e14860f20c.txt")
	if code != exitOK {
		t.Fatalf("--json exit %d", code)
	}
	var doc struct {
		Name   string
		Blocks []struct {
			Kind       string
			Game       string
			RuleNumber string `json:"rule_number"`
			Duplicate  *struct {
				Doc   string
				Block int
			}
		}
	}
	if err := json.Unmarshal([]byte(out), &doc); err != nil {
		t.Fatalf("bad JSON: %v", err)
	}
	if doc.Name != "002_f37c04e14860f20c" || len(doc.Blocks) != 23 || doc.Blocks[11].RuleNumber != "III" ||
		doc.Blocks[0].Duplicate == nil || doc.Blocks[0].Duplicate.Block != 21 {
		t.Errorf("unexpected document %+v", doc)
	}

	// A user file by path.
	p := filepath.Join(t.TempDir(), "pujol.txt")
	if err := os.WriteFile(p, []byte("Наполеоновский пасьянс. Для пасьянса необходима одна полная колода.\r\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	code, out, _ = runCorpusCLI(t, "corpus", "show", p)
	if code != exitOK || !strings.Contains(out, "game-heading  napoleon") {
		t.Errorf("user file: exit %d\n%s", code, out)
	}
	code, out, _ = runCorpusCLI(t, "corpus", p, "004")
	if code != exitOK || !strings.Contains(out, "pujol  UTF-8") {
		t.Errorf("listing files: exit %d\n%s", code, out)
	}
}

// TestCorpusBadInput: bad files give exit code 1 and one line
// "pasyans: <command>: <file>: <problem>" on stderr; usage errors give 2.
func TestCorpusBadInput(t *testing.T) {
	dir := t.TempDir()
	write := func(name string, data []byte) string {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, data, 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
	binary := write("binary.bin", []byte("\x7fELF\x02\x01\x01\x00\x00\x00\x00\x00\x00\x00\x00\x00\x03\x00>\x00"))
	empty := write("empty.txt", nil)
	invalid := write("invalid.txt", []byte("Caf\xe9 cr\xe8me br\xfbl\xe9e, voil\xe0 le menu du jour pour nous."))
	latin := write("english.txt", []byte("Plain English, not a Russian book at all."))
	missing := filepath.Join(dir, "missing.txt")
	cases := []struct {
		args []string
		want string
	}{
		{[]string{"corpus", "show", binary}, binary + ": binary data"},
		{[]string{"corpus", "show", empty}, empty + ": empty file"},
		{[]string{"corpus", "show", missing}, missing + ": no such file or directory"},
		{[]string{"corpus", "show", dir}, dir + ": is a directory"},
		{[]string{"corpus", "show", invalid}, invalid + ": unknown encoding"},
		{[]string{"corpus", "show", latin}, latin + ": not Cyrillic prose"},
		{[]string{"corpus", empty}, empty + ": empty file"},
		{[]string{"corpus", "show", "--json", binary}, binary + ": binary data"},
	}
	for _, c := range cases {
		code, out, errOut := runCorpusCLI(t, c.args...)
		want := "pasyans: corpus: " + c.want
		if c.args[1] == "show" {
			want = "pasyans: corpus show: " + c.want
		}
		if code != exitFailure {
			t.Errorf("%v: exit %d, want 1", c.args, code)
		}
		if !strings.HasPrefix(errOut, want) || strings.Count(errOut, "\n") != 1 || out != "" {
			t.Errorf("%v: stderr %q stdout %q, want one line starting %q", c.args, errOut, out, want)
		}
	}
	for _, args := range [][]string{{"corpus", "show"}, {"corpus", "show", "a", "b"}, {"corpus", "--bogus"}} {
		if code, _, errOut := runCorpusCLI(t, args...); code != exitUsage || strings.Count(errOut, "\n") != 1 {
			t.Errorf("%v: exit %d stderr %q, want usage error 2", args, code, errOut)
		}
	}
}
