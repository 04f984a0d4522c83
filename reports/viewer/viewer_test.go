package viewer

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/pasyans/pasyans/engine"
	"github.com/pasyans/pasyans/sim"
)

// playMoves plays the deal of seed with the named strategy as a tournament
// does and returns the moves with their advice.
func playMoves(t testing.TB, spec *engine.Spec, opts engine.Options, seed uint64, strategy string) []Move {
	t.Helper()
	strat, err := sim.NewStrategy(strategy, nil)
	if err != nil {
		t.Fatal(err)
	}
	g, err := spec.New(seed, opts)
	if err != nil {
		t.Fatal(err)
	}
	var moves []Move
	var pl sim.Playout
	_, err = pl.PlayDeal(g, strat.NewPlayer(), sim.StrategySeed(seed, strat.Name()), spec.MaxMoves,
		func(_ int32, _ engine.Game, m engine.Move, advice engine.RuleID) {
			moves = append(moves, Move{Move: m, Advice: advice})
		})
	if err != nil {
		t.Fatal(err)
	}
	return moves
}

// fakePassages gives every rule of spec but the ones of status convention
// a passage naming the rule, so that both the passage and the "no passage"
// branches are exercised.
func fakePassages(spec *engine.Spec) map[engine.RuleID][]Passage {
	out := map[engine.RuleID][]Passage{}
	for _, r := range spec.Rules {
		if r.Status != engine.StatusConvention {
			out[r.ID] = []Passage{{Ref: "doc:1", Modern: "текст " + string(r.ID), Original: "текстъ " + string(r.ID)}}
		}
	}
	return out
}

var dataRE = regexp.MustCompile(`(?s)<script type="application/json" id="deal-data">(.*?)</script>`)

// pageDataOf extracts and decodes the page's embedded data.
func pageDataOf(t testing.TB, page []byte) *pageData {
	t.Helper()
	m := dataRE.FindSubmatch(page)
	if m == nil {
		t.Fatal("page has no deal-data script element")
	}
	var d pageData
	dec := json.NewDecoder(bytes.NewReader(m[1]))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&d); err != nil {
		t.Fatalf("deal data: %v", err)
	}
	return &d
}

// applyDiff applies one move's changes to the piles' tokens, as the page's
// script does.
func applyDiff(t testing.TB, state []string, m moveData) {
	t.Helper()
	for _, x := range m.Diff {
		if x.Pile < 0 || x.Pile >= len(state) || 2*x.Keep > len(state[x.Pile]) || len(x.Cards)%2 != 0 {
			t.Fatalf("bad diff %+v for piles %v", x, state)
		}
		state[x.Pile] = state[x.Pile][:2*x.Keep] + x.Cards
	}
}

// checkPage checks a written page against a replay of its moves on the
// engine: after every move, every pile of the page data is exactly what
// the player sees (Game.Pile: face-down cards as "##"), so no face-down
// card is in the data before the move that turns it; every state holds
// every card of the game once; every move's rule is described.
func checkPage(t *testing.T, page []byte, in Input) *pageData {
	t.Helper()
	d := pageDataOf(t, page)
	spec, err := engine.Lookup(in.Game)
	if err != nil {
		t.Fatal(err)
	}
	g, err := spec.New(in.Seed, in.Options)
	if err != nil {
		t.Fatal(err)
	}
	if len(d.Moves) != len(in.Moves) || d.Outcome.Moves != len(in.Moves) {
		t.Fatalf("%d moves in the data, outcome says %d, want %d", len(d.Moves), d.Outcome.Moves, len(in.Moves))
	}
	if d.Cards != spec.Decks*engine.CardsPerDeck || len(d.Piles) != g.NumPiles() || len(d.Start) != g.NumPiles() {
		t.Fatalf("cards %d, %d piles, %d start piles; the game has %d piles", d.Cards, len(d.Piles), len(d.Start), g.NumPiles())
	}
	state := append([]string(nil), d.Start...)
	var buf []engine.Card
	check := func(ply int) {
		n := 0
		for p := range state {
			buf = g.Pile(buf[:0], p)
			want := tokens(buf)
			if state[p] != want {
				t.Fatalf("ply %d, pile %s: the page has %q, the player sees %q", ply, g.PileName(p), state[p], want)
			}
			n += len(state[p]) / 2
		}
		if n != d.Cards {
			t.Fatalf("ply %d: %d cards in the piles, want %d", ply, n, d.Cards)
		}
	}
	check(0)
	for i, mv := range in.Moves {
		if err := g.Apply(mv.Move); err != nil {
			t.Fatal(err)
		}
		md := d.Moves[i]
		applyDiff(t, state, md)
		check(i + 1)
		if md.Rule != string(mv.Move.Rule) || md.Advice != string(mv.Advice) || md.Score != g.Score() {
			t.Fatalf("move %d: data %+v, move %v advice %q score %d", i+1, md, mv.Move, mv.Advice, g.Score())
		}
		for _, id := range []string{md.Rule, md.Advice} {
			if id == "" {
				continue
			}
			r, ok := d.Rules[id]
			if !ok {
				t.Fatalf("move %d: rule %s is not in the page's rules", i+1, id)
			}
			if want := in.Passages[engine.RuleID(id)]; len(r.Passages) != len(want) {
				t.Fatalf("move %d: rule %s has %d passages, want %d", i+1, id, len(r.Passages), len(want))
			}
			if cr, ok := spec.Rule(engine.RuleID(id)); !ok || r.Summary != cr.Summary {
				t.Fatalf("move %d: rule %s summary %q, the catalog's %q", i+1, id, r.Summary, cr.Summary)
			}
		}
	}
	if d.Outcome.Won != g.Won() || d.Outcome.Score != g.Score() {
		t.Fatalf("outcome %+v, the game: won %v score %d", d.Outcome, g.Won(), g.Score())
	}
	return d
}

// TestWriteEveryGame writes a viewer of a short deal of every game of the
// catalog with each of two strategies and checks it move by move against
// the engine. With VIEWER_OUT=dir the pages are kept there.
func TestWriteEveryGame(t *testing.T) {
	keep := os.Getenv("VIEWER_OUT")
	for _, spec := range engine.Catalog() {
		for _, strategy := range []string{"greedy", "book"} {
			seed := uint64(3)
			in := Input{Game: spec.ID, Seed: seed, Strategy: strategy, Moves: playMoves(t, spec, nil, seed, strategy),
				Passages: fakePassages(spec)}
			var buf bytes.Buffer
			if err := Write(&buf, in); err != nil {
				t.Fatalf("%s: %v", spec.ID, err)
			}
			d := checkPage(t, buf.Bytes(), in)
			checkLayout(t, d)
			page := buf.String()
			for _, bad := range []string{"http://", "https://", " src=", "<link", "url("} {
				if strings.Contains(page, bad) {
					t.Errorf("%s: the page refers to an external resource (%q)", spec.ID, bad)
				}
			}
			if keep != "" {
				if err := os.WriteFile(filepath.Join(keep, spec.ID+"-"+strategy+".html"), buf.Bytes(), 0o644); err != nil {
					t.Fatal(err)
				}
			}
		}
	}
}

// checkLayout checks the geometry: every pile lies on the board, and the
// places of the piles' bottom cards do not overlap.
func checkLayout(t *testing.T, d *pageData) {
	t.Helper()
	for i, p := range d.Piles {
		ex, ey := fanEnd(p)
		if min(p.X, p.X+ex) < 0 || min(p.Y, p.Y+ey) < 0 || max(p.X, p.X+ex)+cardW > d.Board.W || max(p.Y, p.Y+ey)+cardH > d.Board.H {
			t.Errorf("%s: pile %s at (%v, %v) fan (%v, %v) is off the %v × %v board", d.Game, p.Name, p.X, p.Y, ex, ey, d.Board.W, d.Board.H)
		}
		for _, q := range d.Piles[:i] {
			if p.X < q.X+cardW && q.X < p.X+cardW && p.Y < q.Y+cardH && q.Y < p.Y+cardH {
				t.Errorf("%s: piles %s (%v, %v) and %s (%v, %v) overlap", d.Game, q.Name, q.X, q.Y, p.Name, p.X, p.Y)
			}
		}
	}
}

// TestFaceDownCardsStayHidden checks games that start with face-down cards:
// checkPage proves that after every move the data holds exactly the
// player's view, so a card's face enters the data only at the move that
// turns it; here the deals are chosen to have face-down cards to hide.
func TestFaceDownCardsStayHidden(t *testing.T) {
	for _, game := range []string{"sympathy", "duchess-de-luynes", "red-and-black", "four-corners"} {
		spec, err := engine.Lookup(game)
		if err != nil {
			t.Fatal(err)
		}
		in := Input{Game: game, Seed: 11, Strategy: "greedy", Moves: playMoves(t, spec, nil, 11, "greedy")}
		var buf bytes.Buffer
		if err := Write(&buf, in); err != nil {
			t.Fatal(err)
		}
		d := checkPage(t, buf.Bytes(), in)
		hidden := 0
		for _, s := range d.Start {
			hidden += strings.Count(s, hiddenToken) // tokens are two characters, so "##" never straddles two
		}
		faces := d.Cards - hidden
		if hidden == 0 {
			t.Fatalf("%s: no face-down card at the start", game)
		}
		t.Logf("%s: %d cards face down and %d face up at the start, %d moves", game, hidden, faces, len(d.Moves))
	}
	// Sympathy deals everything face down: the start holds no face at all.
	spec, _ := engine.Lookup("sympathy")
	in := Input{Game: "sympathy", Seed: 2, Moves: playMoves(t, spec, nil, 2, "random")}
	var buf bytes.Buffer
	if err := Write(&buf, in); err != nil {
		t.Fatal(err)
	}
	d := pageDataOf(t, buf.Bytes())
	for i, s := range d.Start {
		if strings.Trim(s, "#") != "" {
			t.Fatalf("sympathy: pile %s starts as %q in the page data, want only face-down cards", d.Piles[i].Name, s)
		}
	}
	if m := regexp.MustCompile(`"start":\[[^\]]*\]`).Find(buf.Bytes()); m == nil || regexp.MustCompile(`[2-9TJQKA][CDHS]`).Match(m) {
		t.Fatalf("sympathy: the raw start data %s names a card", m)
	}
}

// TestPageCheckCatchesALeak makes sure checkPage would notice a page that
// shows a face-down card: a state with a hidden card replaced by its face
// must fail the comparison with the player's view.
func TestPageCheckCatchesALeak(t *testing.T) {
	spec, _ := engine.Lookup("red-and-black")
	g, err := spec.New(5, nil)
	if err != nil {
		t.Fatal(err)
	}
	stock := -1
	for i := 0; i < g.NumPiles(); i++ {
		if g.PileName(i) == "stock" {
			stock = i
		}
	}
	view, full := tokens(g.Pile(nil, stock)), tokens(g.FullPile(nil, stock))
	if view == full || !strings.Contains(view, hiddenToken) {
		t.Fatalf("stock view %q and full %q should differ", view, full)
	}
}

func TestWriteRejectsBadInput(t *testing.T) {
	spec, _ := engine.Lookup("napoleon")
	moves := playMoves(t, spec, nil, 1, "greedy")
	if len(moves) < 2 {
		t.Fatal("want a game of at least two moves")
	}
	bad := []Move{moves[0], moves[1], moves[0]} // the first pair again: its cards are gone
	for name, in := range map[string]Input{
		"unknown game":  {Game: "patience-of-nobody", Seed: 1},
		"bad option":    {Game: "napoleon", Seed: 1, Options: engine.Options{"reserve": "sideways"}},
		"illegal move":  {Game: "napoleon", Seed: 1, Moves: []Move{{Move: engine.Move{Kind: engine.MovePair, From: 0, To: 1, Rule: "napoleon/pair"}}}},
		"move repeated": {Game: "napoleon", Seed: 1, Moves: bad},
	} {
		var buf bytes.Buffer
		err := Write(&buf, in)
		if err == nil || buf.Len() != 0 {
			t.Errorf("%s: err %v, %d bytes written", name, err, buf.Len())
		}
		if name == "move repeated" && (!errors.Is(err, engine.ErrIllegal) || !strings.Contains(err.Error(), "move 3")) {
			t.Errorf("%s: %v does not name the move", name, err)
		}
	}
}

func TestWriteIsDeterministic(t *testing.T) {
	spec, _ := engine.Lookup("zodiac")
	in := Input{Game: "zodiac", Seed: 4, Strategy: "book", Moves: playMoves(t, spec, nil, 4, "book"), Passages: fakePassages(spec),
		Row: &Row{Game: "zodiac", Strategy: "book", DealIndex: 3, DealSeed: 4, Outcome: "lost", Moves: 10}}
	var a, b bytes.Buffer
	if err := Write(&a, in); err != nil {
		t.Fatal(err)
	}
	if err := Write(&b, in); err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(a.Bytes(), b.Bytes()) {
		t.Fatal("two writes of the same deal differ")
	}
	if d := pageDataOf(t, a.Bytes()); d.Row == nil || d.Row.DealIndex != 3 {
		t.Fatalf("row %+v", d.Row)
	}
}

// TestFallbackLayout checks that piles a game's table does not name, and
// games with no table, still get a place on the board.
func TestFallbackLayout(t *testing.T) {
	names := []string{"F0", "T0", "T1", "mystery", "stock", "talon", "heap"}
	kinds := []engine.PileKind{engine.PileFoundation, engine.PileTableau, engine.PileTableau, engine.PileReserve,
		engine.PileStock, engine.PileTalon, 0}
	for _, game := range []string{"red-and-black", "no-such-game"} {
		piles, _, board := place(game, names, kinds)
		d := &pageData{Game: game, Piles: piles, Board: board}
		checkLayout(t, d)
		for i, p := range piles {
			if p.Name != names[i] || p.Kind != kinds[i].String() {
				t.Errorf("%s: pile %d is %+v, want %s", game, i, p, names[i])
			}
		}
	}
	// The pack is found under either of its names.
	a, _, _ := place("four-corners", []string{"pack"}, []engine.PileKind{engine.PileStock})
	b, _, _ := place("four-corners", []string{"stock"}, []engine.PileKind{engine.PileStock})
	if a[0].X != b[0].X || a[0].Y != b[0].Y || a[0].Label != "pack" {
		t.Errorf("pack %+v and stock %+v should take the same place", a[0], b[0])
	}
}

func ExampleWrite() {
	spec, _ := engine.Lookup("napoleon")
	g, _ := spec.New(7, nil)
	var moves []Move
	for len(moves) < 5 {
		legal := g.LegalMoves(nil)
		if len(legal) == 0 {
			break
		}
		_ = g.Apply(legal[0])
		moves = append(moves, Move{Move: legal[0]})
	}
	var buf bytes.Buffer
	err := Write(&buf, Input{Game: "napoleon", Seed: 7, Moves: moves})
	fmt.Println(err, bytes.Contains(buf.Bytes(), []byte(`id="deal-data"`)))
	// Output: <nil> true
}

// TestLayoutsCoverCatalog: every game of the catalog has its table of
// places, and the table places every pile of the game (a pile left to the
// fallback grid is a game added or changed without its layout; see
// docs/adding-a-game.md). The table names no game the catalog lacks.
func TestLayoutsCoverCatalog(t *testing.T) {
	for _, spec := range engine.Catalog() {
		f, ok := layouts[spec.ID]
		if !ok {
			t.Errorf("%s: no layout in layouts (reports/viewer/layout.go)", spec.ID)
			continue
		}
		geo := f()
		g, err := spec.New(1, nil)
		if err != nil {
			t.Fatal(err)
		}
		for i := 0; i < g.NumPiles(); i++ {
			if _, ok := geo.slots[g.PileName(i)]; !ok {
				t.Errorf("%s: pile %s has no place in the game's layout", spec.ID, g.PileName(i))
			}
		}
	}
	for id := range layouts {
		if _, err := engine.Lookup(id); err != nil {
			t.Errorf("layout for %s: %v", id, err)
		}
	}
}
