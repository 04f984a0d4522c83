package sim

import (
	"bufio"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/pasyans/pasyans/engine"
)

// goldenFile pins the rows of a fixed tournament: for each (game,
// strategy), the number of rows and wins and a hash of the rows. Regenerate
// it with UPDATE_GOLDEN=1 go test -run TestGoldenRows ./sim — only for a
// change that is meant to change results (a documented strategy change or
// an engine fix), never to make an optimisation pass.
var goldenFile = filepath.Join("testdata", "golden-rows.txt")

// Golden tournament: every catalog game, default variants.
const (
	goldenDeals = 50
	goldenSeed  = 99
)

var goldenStrategies = []string{"random", "greedy", "book", "lookahead"}

// TestGoldenRows plays the golden tournament and compares each (game,
// strategy)'s rows with testdata/golden-rows.txt, so that optimisations
// of the strategies, the runner or the engine cannot silently change
// results.
func TestGoldenRows(t *testing.T) {
	if testing.Short() {
		t.Skip("the golden tournament runs without -short (make unit)")
	}
	var games []GameConfig
	for _, s := range engine.Catalog() {
		games = append(games, GameConfig{Spec: s})
	}
	cfg := Config{Games: games, Strategies: mustStrategies(t, goldenStrategies...), Deals: goldenDeals, MasterSeed: goldenSeed, Workers: 2}
	sink, _ := runMem(t, cfg, 0)
	var got []string
	for _, g := range games {
		for _, s := range goldenStrategies {
			rows := sink.rows[key(g.Spec.ID, s)]
			h := sha256.New()
			wins := 0
			for _, r := range rows {
				b, err := json.Marshal(r)
				if err != nil {
					t.Fatal(err)
				}
				h.Write(b)
				h.Write([]byte{'\n'})
				if r.Won {
					wins++
				}
			}
			got = append(got, fmt.Sprintf("%s %s %d %d %s", g.Spec.ID, s, len(rows), wins, hex.EncodeToString(h.Sum(nil))[:16]))
		}
	}
	if os.Getenv("UPDATE_GOLDEN") != "" {
		text := fmt.Sprintf("# game strategy rows wins sha256(rows)[:16] — %d deals, seed %d (sim.TestGoldenRows)\n%s\n",
			goldenDeals, goldenSeed, strings.Join(got, "\n"))
		if err := os.WriteFile(goldenFile, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	f, err := os.Open(goldenFile)
	if err != nil {
		t.Fatalf("%v (UPDATE_GOLDEN=1 writes it)", err)
	}
	defer f.Close()
	var want []string
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		if line := strings.TrimSpace(sc.Text()); line != "" && !strings.HasPrefix(line, "#") {
			want = append(want, line)
		}
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	if len(got) != len(want) {
		t.Fatalf("%d (game, strategy) pairs, golden file has %d", len(got), len(want))
	}
	for i := range got {
		if got[i] != want[i] {
			t.Errorf("rows changed:\n got  %s\n want %s", got[i], want[i])
		}
	}
}
