// Package viewer writes one played deal as a self-contained HTML page: the
// layout as the book arranges it, a step through the moves (buttons, the
// keyboard ←/→, Home/End, a move list), and for each move its rule ID, the
// engine's description and the book's passage for that rule in modern
// Russian with the original OCR on hover or in a toggle.
//
// The page holds what the player saw, never more: the states are rebuilt by
// replaying the moves on the engine from the seed and read with Game.Pile,
// which reports face-down cards as NoCard. The page data is the initial
// view and, per move, the tails of the piles the move changed, so a card
// that lies face down enters the data only with the move that turns it.
//
// The page needs no network and no external file: cards are drawn with CSS,
// the script and the data are inline.
package viewer

import (
	"bufio"
	"encoding/json"
	"fmt"
	"html"
	"io"
	"strings"

	"github.com/pasyans/pasyans/engine"
)

// Passage is one corpus passage linked to a rule.
type Passage struct {
	// Ref locates the passage in the corpus, e.g. "004_c05a91b701b2f7eb:11"
	// (document and first line).
	Ref string `json:"ref"`
	// Modern is the passage in modern Russian spelling.
	Modern string `json:"modern"`
	// Original is the same passage as the OCR has it.
	Original string `json:"original"`
}

// Move is one move of the deal with the advice ID that chose it ("" when
// the strategy named none, and always in a replayed log).
type Move struct {
	Move   engine.Move
	Advice engine.RuleID
}

// Row holds the fields of a results row (sim.Result) the page shows when
// the deal comes from a tournament.
type Row struct {
	Game      string `json:"game"`
	Strategy  string `json:"strategy"`
	Variant   string `json:"variant"`
	DealIndex int64  `json:"deal_index"`
	DealSeed  uint64 `json:"deal_seed"`
	Outcome   string `json:"outcome"`
	Moves     int32  `json:"moves"`
}

// Input is one played deal to show.
type Input struct {
	// Game is the game's catalog ID, Options its variant options (nil for
	// the book's reading) and Seed the deal (engine.Deal).
	Game    string
	Options engine.Options
	Seed    uint64
	// Strategy names the strategy that played ("" for a log without one).
	Strategy string
	// Moves are the moves played, in order; each must be legal.
	Moves []Move
	// Row, if not nil, is the results row of the deal.
	Row *Row
	// Passages maps a rule ID to the corpus passages linked to it, the best
	// first (reports.RulePassages). A rule with none shows an explicit
	// "no passage in the book" note with the catalog's summary.
	Passages map[engine.RuleID][]Passage
	// Title is the page title (the game, seed and strategy when empty).
	Title string
}

// Write replays in's moves on the engine and writes the page to w. It fails,
// writing nothing, when the game is unknown, the options are invalid or a
// move is illegal.
func Write(w io.Writer, in Input) error {
	d, err := build(in)
	if err != nil {
		return err
	}
	data, err := json.Marshal(d) // escapes <, > and & for a <script> element
	if err != nil {
		return fmt.Errorf("viewer: encode page data: %w", err)
	}
	bw := bufio.NewWriter(w)
	title := in.Title
	if title == "" {
		title = defaultTitle(d)
	}
	e := html.EscapeString
	fmt.Fprintf(bw, pageHead, e(title), pageStyle)
	fmt.Fprintf(bw, pageBody, e(title))
	fmt.Fprintf(bw, "<script type=\"application/json\" id=\"deal-data\">%s</script>\n", data)
	fmt.Fprintf(bw, "<script>%s</script>\n</body>\n</html>\n", pageScript)
	if err := bw.Flush(); err != nil {
		return fmt.Errorf("viewer: write page: %w", err)
	}
	return nil
}

func defaultTitle(d *pageData) string {
	t := d.Title + " — deal " + fmt.Sprint(d.Seed)
	if d.Strategy != "" {
		t += ", " + d.Strategy
	}
	return t
}

// pageData is the JSON the page's script reads (element #deal-data).
type pageData struct {
	Game     string   `json:"game"`
	Title    string   `json:"title"`
	TitlesRU []string `json:"titles_ru"`
	Book     string   `json:"book"`
	Variant  string   `json:"variant"`
	Seed     uint64   `json:"seed"`
	Strategy string   `json:"strategy,omitempty"`
	// Cards is the number of cards of the game (Decks × 52); every card
	// lies in exactly one pile in every state.
	Cards int `json:"cards"`
	// Total is the score of a won game.
	Total int `json:"total"`
	// Board is the size of the layout in pixels; Piles the piles in index
	// order with their place; Captions the layout's labels.
	Board    boardSize     `json:"board"`
	Piles    []pileData    `json:"piles"`
	Captions []captionData `json:"captions"`
	// Start holds each pile's cards after the deal as the player sees them
	// (see tokens); Score the score then.
	Start []string `json:"start"`
	Score int      `json:"score"`
	// Moves are the moves with the changes they made.
	Moves []moveData `json:"moves"`
	// Opening lists the rule IDs shown before the first move (the setup
	// and the deal), Rules every rule the page names.
	Opening []string            `json:"opening"`
	Rules   map[string]ruleData `json:"rules"`
	Outcome outcomeData         `json:"outcome"`
	Row     *Row                `json:"row,omitempty"`
}

type boardSize struct {
	W float64 `json:"w"`
	H float64 `json:"h"`
}

// pileData places a pile: its bottom card's top-left corner (X, Y), the
// offset of each next card (DX, DY) and the longest the fan may grow (Max,
// in pixels; the offsets shrink beyond it).
type pileData struct {
	Name  string  `json:"name"`
	Kind  string  `json:"kind"`
	X     float64 `json:"x"`
	Y     float64 `json:"y"`
	DX    float64 `json:"dx"`
	DY    float64 `json:"dy"`
	Max   float64 `json:"max"`
	Label string  `json:"label,omitempty"`
}

type captionData struct {
	Text string  `json:"text"`
	X    float64 `json:"x"`
	Y    float64 `json:"y"`
}

// moveData is one move: kind, piles, rule, advice, the engine's
// description, the changed piles and the score after it.
type moveData struct {
	Kind   string     `json:"k"`
	From   int        `json:"f"`
	To     int        `json:"t"`
	Rule   string     `json:"r"`
	Advice string     `json:"a,omitempty"`
	Text   string     `json:"d"`
	Diff   []pileDiff `json:"x"`
	Score  int        `json:"s"`
}

// pileDiff is a change to one pile: keep its first Keep cards, then append
// Cards (tokens). It is written as the JSON array [pile, keep, "cards"].
type pileDiff struct {
	Pile  int
	Keep  int
	Cards string
}

// MarshalJSON writes the diff as [pile, keep, "cards"].
func (p pileDiff) MarshalJSON() ([]byte, error) {
	return json.Marshal([]any{p.Pile, p.Keep, p.Cards})
}

// UnmarshalJSON reads [pile, keep, "cards"].
func (p *pileDiff) UnmarshalJSON(b []byte) error {
	var a []json.RawMessage
	if err := json.Unmarshal(b, &a); err != nil {
		return err
	}
	if len(a) != 3 {
		return fmt.Errorf("pile diff: %d elements, want 3", len(a))
	}
	if err := json.Unmarshal(a[0], &p.Pile); err != nil {
		return err
	}
	if err := json.Unmarshal(a[1], &p.Keep); err != nil {
		return err
	}
	return json.Unmarshal(a[2], &p.Cards)
}

// ruleData is a rule as the page shows it.
type ruleData struct {
	Kind     string    `json:"kind"`
	Number   string    `json:"number,omitempty"`
	Status   string    `json:"status"`
	Summary  string    `json:"summary"`
	Source   string    `json:"source,omitempty"`
	Passages []Passage `json:"passages"`
}

type outcomeData struct {
	// Ending is won, stuck, cycle, move-cap, or playing when the moves
	// stop before the game is over.
	Ending  string `json:"ending"`
	Won     bool   `json:"won"`
	Score   int    `json:"score"`
	Total   int    `json:"total"`
	Moves   int    `json:"moves"`
	Redeals int    `json:"redeals"`
}

// hiddenToken is the token of a card the player cannot see.
const hiddenToken = "##"

// token returns a card's two-character page form: its ASCII form ("TH")
// or "##" for a hidden card.
func token(c engine.Card) string {
	if !c.Valid() {
		return hiddenToken
	}
	return c.ASCII()
}

// tokens renders cards as concatenated tokens.
func tokens(cards []engine.Card) string {
	var b strings.Builder
	b.Grow(2 * len(cards))
	for _, c := range cards {
		b.WriteString(token(c))
	}
	return b.String()
}

// build replays the deal and assembles the page data.
func build(in Input) (*pageData, error) {
	spec, err := engine.Lookup(in.Game)
	if err != nil {
		return nil, fmt.Errorf("viewer: %w", err)
	}
	setup, err := spec.Setup(in.Options)
	if err != nil {
		return nil, fmt.Errorf("viewer: %w", err)
	}
	g, err := setup.New(in.Seed)
	if err != nil {
		return nil, fmt.Errorf("viewer: %s seed %d: %w", spec.ID, in.Seed, err)
	}
	d := &pageData{
		Game: spec.ID, Title: spec.Title, TitlesRU: spec.TitlesRU, Book: spec.Book, Variant: setup.Variant(),
		Seed: in.Seed, Strategy: in.Strategy, Cards: spec.Decks * engine.CardsPerDeck, Total: g.Total(),
		Rules: map[string]ruleData{}, Row: in.Row, Captions: []captionData{},
	}
	np := g.NumPiles()
	names := make([]string, np)
	kinds := make([]engine.PileKind, np)
	for i := range names {
		names[i], kinds[i] = g.PileName(i), g.PileKind(i)
	}
	d.Piles, d.Captions, d.Board = place(spec.ID, names, kinds)

	// The view: each pile's cards as the player sees them.
	view := make([][]engine.Card, np)
	for i := range view {
		view[i] = g.Pile(nil, i)
	}
	d.Start = make([]string, np)
	for i, cards := range view {
		d.Start[i] = tokens(cards)
	}
	d.Score = g.Score()
	addRule := func(id engine.RuleID) {
		if id == "" {
			return
		}
		if _, ok := d.Rules[string(id)]; ok {
			return
		}
		rd := ruleData{Passages: in.Passages[id]}
		if r, ok := spec.Rule(id); ok {
			rd.Kind, rd.Number, rd.Status, rd.Summary, rd.Source = string(r.Kind), r.Number, string(r.Status), r.Summary, r.Source
		}
		if rd.Passages == nil {
			rd.Passages = []Passage{}
		}
		d.Rules[string(id)] = rd
	}
	for _, local := range []string{"setup", "deal"} {
		id := engine.RuleID(spec.ID + "/" + local)
		if _, ok := spec.Rule(id); ok {
			d.Opening = append(d.Opening, string(id))
			addRule(id)
		}
	}
	if d.Opening == nil {
		d.Opening = []string{}
	}

	d.Moves = make([]moveData, 0, len(in.Moves))
	var cur []engine.Card
	for i, mv := range in.Moves {
		m := mv.Move
		text := m.Describe(g)
		if err := g.Apply(m); err != nil {
			return nil, fmt.Errorf("viewer: %s seed %d: move %d (%s): %w", spec.ID, in.Seed, i+1, text, err)
		}
		md := moveData{Kind: m.Kind.String(), From: int(m.From), To: int(m.To), Rule: string(m.Rule),
			Advice: string(mv.Advice), Text: text, Score: g.Score()}
		for p := range view {
			cur = g.Pile(cur[:0], p)
			keep := commonPrefix(view[p], cur)
			if keep == len(view[p]) && keep == len(cur) {
				continue
			}
			md.Diff = append(md.Diff, pileDiff{Pile: p, Keep: keep, Cards: tokens(cur[keep:])})
			view[p] = append(view[p][:0], cur...)
		}
		if md.Diff == nil {
			md.Diff = []pileDiff{}
		}
		addRule(m.Rule)
		addRule(mv.Advice)
		d.Moves = append(d.Moves, md)
	}

	ending := g.Ending()
	if ending == engine.Playing && len(in.Moves) >= spec.MaxMoves {
		ending = engine.EndMoveCap
	}
	d.Outcome = outcomeData{Ending: ending.String(), Won: g.Won(), Score: g.Score(), Total: g.Total(),
		Moves: len(in.Moves), Redeals: g.Redeals()}
	if g.Won() {
		if id := engine.RuleID(spec.ID + "/win"); hasRule(spec, id) {
			addRule(id)
		}
	}
	return d, nil
}

func hasRule(spec *engine.Spec, id engine.RuleID) bool {
	_, ok := spec.Rule(id)
	return ok
}

// commonPrefix returns the length of the longest common prefix of a and b.
func commonPrefix(a, b []engine.Card) int {
	n := min(len(a), len(b))
	for i := 0; i < n; i++ {
		if a[i] != b[i] {
			return i
		}
	}
	return n
}
