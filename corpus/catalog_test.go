package corpus_test

import (
	"bytes"
	"encoding/json"
	"os"
	"testing"

	"github.com/pasyans/pasyans/link"
)

// TestGamesFile: testdata/games.json, which the segmentation tests read
// (corpus imports nothing of the project), is exactly what link.Games gives
// for the engine's catalog. UPDATE_GAMES=1 rewrites it.
func TestGamesFile(t *testing.T) {
	want, err := json.MarshalIndent(link.Games(nil), "", "  ")
	if err != nil {
		t.Fatal(err)
	}
	want = append(want, '\n')
	const path = "testdata/games.json"
	if os.Getenv("UPDATE_GAMES") != "" {
		if err := os.WriteFile(path, want, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	got, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(got, want) {
		t.Errorf("%s is stale: run UPDATE_GAMES=1 go test -run TestGamesFile ./corpus", path)
	}
}
