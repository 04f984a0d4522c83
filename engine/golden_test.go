package engine

import (
	"bufio"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

var update = flag.Bool("update", false, "rewrite testdata/golden_playouts.txt")

// TestGoldenDeals pins the first deals: the deal format (rand.go) must
// never change, or every recorded seed would name another game.
func TestGoldenDeals(t *testing.T) {
	cases := []struct {
		decks int
		seed  uint64
		want  string // first 16 cards, ASCII
	}{
		{1, 0, goldenDeal1s0},
		{1, 1, goldenDeal1s1},
		{2, 1, goldenDeal2s1},
		{2, 1 << 40, goldenDeal2sBig},
	}
	for _, c := range cases {
		d := Deal(c.decks, c.seed)
		var parts []string
		for _, x := range d[:16] {
			s := x.ASCII()
			if x.Deck() == 1 {
				s += "'"
			}
			parts = append(parts, s)
		}
		if got := strings.Join(parts, " "); got != c.want {
			t.Errorf("Deal(%d, %d) starts %s, want %s", c.decks, c.seed, got, c.want)
		}
	}
	if a, b := Deal(2, 7), Deal(2, 7); fmt.Sprint(a) != fmt.Sprint(b) {
		t.Error("Deal is not a pure function of the seed")
	}
}

const (
	goldenDeal1s0   = "3D 4H 9C 5H 6D 2H JD 2C AC 6C 9S 5S 3S 8H 8C TC"
	goldenDeal1s1   = "3D 3H 8D 8H 4S TC 6S QS AC 9D 8S 4D 5C 5H 3S 2D"
	goldenDeal2s1   = "6C' 3D' 9S' 7C' 6H' 3H' 8S QH KC 8H' 2H JD JS' 2D' 2C' 4S"
	goldenDeal2sBig = "4C' 3S' 8D 2D 8S' 3S KS 8C KH 7C 4H 9H TS 3D' 4H' TC"
)

// goldenPlayout plays the deal of seed with a fixed pseudo-random choice
// and summarises it: moves, score, won, a hash of the final layout (its
// String rendering, so the pin does not depend on how Hash mixes a state)
// and a hash of the move sequence.
func goldenPlayout(spec *Spec, seed uint64) (string, error) {
	g, err := spec.New(seed, nil)
	if err != nil {
		return "", err
	}
	rng := fastRand(seed)
	h := newHasher()
	var buf [256]Move
	n := 0
	for ; n < spec.MaxMoves; n++ {
		legal := g.LegalMoves(buf[:0])
		if len(legal) == 0 {
			break
		}
		m := legal[rng.intn(len(legal))]
		for _, b := range []byte(m.String()) {
			h.b(b)
		}
		if err := g.Apply(m); err != nil {
			return "", err
		}
	}
	final := newHasher()
	for _, b := range []byte(g.String()) {
		final.b(b)
	}
	return fmt.Sprintf("%s seed=%d moves=%d score=%d won=%v layout=%016x moves-hash=%016x",
		spec.ID, seed, n, g.Score(), g.Won(), final.sum(), h.sum()), nil
}

// TestGoldenPlayouts pins one random playout per implemented game. A game
// whose line is missing or differs fails; after an intended change run
// go test ./engine -run TestGoldenPlayouts -update.
func TestGoldenPlayouts(t *testing.T) {
	path := filepath.Join("testdata", "golden_playouts.txt")
	want := map[string]string{}
	if f, err := os.Open(path); err == nil {
		sc := bufio.NewScanner(f)
		for sc.Scan() {
			if l := sc.Text(); l != "" {
				want[strings.Fields(l)[0]] = l
			}
		}
		f.Close()
	}
	var lines []string
	for _, spec := range implementedSpecs(t) {
		got, err := goldenPlayout(spec, 20261129)
		if err != nil {
			t.Fatalf("%s: %v", spec.ID, err)
		}
		lines = append(lines, got)
		if *update {
			continue
		}
		if w, ok := want[spec.ID]; !ok {
			t.Errorf("%s: no golden playout in %s; run go test ./engine -run TestGoldenPlayouts -update", spec.ID, path)
		} else if w != got {
			t.Errorf("%s: playout changed:\n got %s\nwant %s", spec.ID, got, w)
		}
	}
	if *update {
		// Keep the lines of games not implemented in this tree.
		for _, id := range GameIDs() {
			if l, ok := want[id]; ok && !strings.Contains(strings.Join(lines, "\n"), id+" ") {
				lines = append(lines, l)
			}
		}
		if err := os.WriteFile(path, []byte(strings.Join(lines, "\n")+"\n"), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}
