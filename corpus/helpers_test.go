package corpus

import (
	"context"
	"encoding/json"
	"os"
	"sync"
	"testing"
)

// bg is the context of the tests.
var bg = context.Background()

// testGamesFile holds the games of the engine's catalog as link.Games gives
// them; TestGamesFile (catalog_test.go) keeps it in step with the catalog.
// The segmentation tests use it so that they test the product's
// configuration while corpus imports nothing of the project.
const testGamesFile = "testdata/games.json"

// loadTestGames reads testGamesFile once.
var loadTestGames = sync.OnceValues(func() ([]Game, error) {
	b, err := os.ReadFile(testGamesFile)
	if err != nil {
		return nil, err
	}
	var games []Game
	return games, json.Unmarshal(b, &games)
})

// testOptions returns the options with the catalog's games.
func testOptions(t testing.TB) Options {
	t.Helper()
	games, err := loadTestGames()
	if err != nil {
		t.Fatalf("%s: %v", testGamesFile, err)
	}
	return Options{Games: games}
}

// testSet returns the catalog's games prepared for matching.
func testSet(t testing.TB) *gameSet {
	t.Helper()
	return newGameSet(testOptions(t).Games)
}

// mustSegment segments NFC, LF text with the catalog's games.
func mustSegment(t testing.TB, s string) []Block {
	t.Helper()
	blocks, err := segment(bg, testSet(t), s)
	if err != nil {
		t.Fatal(err)
	}
	return blocks
}

// mustLinkDuplicates links the duplicates of docs.
func mustLinkDuplicates(t testing.TB, docs []*Document) {
	t.Helper()
	if err := LinkDuplicates(bg, docs); err != nil {
		t.Fatal(err)
	}
}
