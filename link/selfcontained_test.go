package link

import (
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestSelfContained: the text packages (corpus, normalize, link and their
// internal tables) cite the repository's own docs or primary sources, never
// reference notes kept outside the repository. Every file counts: code,
// tests, shipped data and test data.
func TestSelfContained(t *testing.T) {
	banned := []string{"GAMES" + ".md", "NORMALIZE" + ".md", "DATASETS" + ".md", "shared" + "/reference", "../" + "shared"}
	for _, dir := range []string{"../corpus", "../normalize", "../link", "../internal/glyph"} {
		err := filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
			if err != nil || d.IsDir() {
				return err
			}
			b, err := os.ReadFile(p)
			if err != nil {
				return err
			}
			for _, s := range banned {
				if strings.Contains(string(b), s) {
					t.Errorf("%s mentions %s", p, s)
				}
			}
			return nil
		})
		if err != nil {
			t.Fatal(err)
		}
	}
}
