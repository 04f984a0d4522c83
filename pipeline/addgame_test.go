package pipeline

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/pasyans/pasyans/engine"
)

// TestAddingAGameGuide keeps docs/adding-a-game.md honest: every
// repository path it names exists, every test it names ("`TestX` in
// `dir/file_test.go`") is defined in that file, and every game of the
// catalog has what the guide's first step asks for (its engine file and
// its test file). The tests it names are the ones that fail when a game
// is missing from a table outside the engine.
func TestAddingAGameGuide(t *testing.T) {
	root := filepath.Join("..")
	guide, err := os.ReadFile(filepath.Join(root, "docs", "adding-a-game.md"))
	if err != nil {
		t.Fatal(err)
	}
	text := string(guide)

	tests := regexp.MustCompile("`(Test\\w+)`(?: and `(Test\\w+)`)? in\\s+`([\\w/.-]+_test\\.go)`").FindAllStringSubmatch(text, -1)
	if len(tests) < 10 {
		t.Fatalf("the guide names %d tests with their files; expected the checklist's dozen", len(tests))
	}
	for _, m := range tests {
		src, err := os.ReadFile(filepath.Join(root, m[3]))
		if err != nil {
			t.Errorf("the guide names %s: %v", m[3], err)
			continue
		}
		for _, name := range m[1:3] {
			if name != "" && !strings.Contains(string(src), "func "+name+"(") {
				t.Errorf("the guide names %s in %s, which does not define it", name, m[3])
			}
		}
	}

	// Every concrete repository path in backquotes (a placeholder such as
	// <game_id> is skipped).
	for _, m := range regexp.MustCompile("`((?:engine|link|sim|reports|pipeline|corpus|normalize|docs)/[\\w/.-]+\\.(?:go|md|txt))`").FindAllStringSubmatch(text, -1) {
		if _, err := os.Stat(filepath.Join(root, m[1])); err != nil {
			t.Errorf("the guide names %s: %v", m[1], err)
		}
	}

	for _, spec := range engine.Catalog() {
		base := strings.ReplaceAll(spec.ID, "-", "_")
		if _, err := os.Stat(filepath.Join(root, "engine", base+".go")); err != nil {
			t.Errorf("%s: no engine file: %v", spec.ID, err)
		}
		_, err1 := os.Stat(filepath.Join(root, "engine", base+"_test.go"))
		_, err2 := os.Stat(filepath.Join(root, "engine", "rules_"+base+"_test.go"))
		if err1 != nil && err2 != nil {
			t.Errorf("%s: no test file engine/%s_test.go (or rules_%s_test.go)", spec.ID, base, base)
		}
	}
}
