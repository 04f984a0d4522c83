package normalize

import (
	"embed"
	"io/fs"
	"sort"
	"strings"
)

// The hand-made modern references of the embedded corpus (gold/README.md
// tells how they were made), shipped so that the evaluation works
// wherever the program runs.
//
//go:embed gold/*.txt
var goldFS embed.FS

// Gold returns the hand-made modern reference of the embedded corpus
// document name (e.g. "000_9294169c5fd42537"), and whether there is one.
func Gold(name string) (string, bool) {
	b, err := goldFS.ReadFile("gold/" + name + ".txt")
	if err != nil {
		return "", false
	}
	return string(b), true
}

// GoldNames returns the names of the documents Gold has a reference for,
// sorted.
func GoldNames() []string {
	entries, err := fs.ReadDir(goldFS, "gold")
	if err != nil {
		return nil // compiled in; cannot fail
	}
	var names []string
	for _, e := range entries {
		if n, ok := strings.CutSuffix(e.Name(), ".txt"); ok {
			names = append(names, n)
		}
	}
	sort.Strings(names)
	return names
}
