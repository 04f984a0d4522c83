package engine

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
)

// Log line types (the "type" field of every line of a game log).
const (
	LogTypeHeader  = "header"
	LogTypeMove    = "move"
	LogTypeOutcome = "outcome"
)

// LogHeader is the first line of a game log: which game, variant, deal and
// engine produced it.
type LogHeader struct {
	Type     string  `json:"type"`
	Game     string  `json:"game"`
	Options  Options `json:"options"`
	Variant  string  `json:"variant"`
	Seed     uint64  `json:"seed"`
	Engine   string  `json:"engine"`
	Catalog  string  `json:"catalog"`
	Strategy string  `json:"strategy,omitempty"`
}

// LogMove is one move of a game log. Piles are named by Game.PileName and
// cards by Card.ASCII ("--" for NoCard); Deck and Deck2 give the deck index
// of a two-deck game's card (omitted for deck 0), since both copies of a
// card can be available at once.
type LogMove struct {
	Type  string `json:"type"`
	Ply   int    `json:"ply"`
	Kind  string `json:"kind"`
	From  string `json:"from"`
	To    string `json:"to"`
	Card  string `json:"card"`
	Deck  int    `json:"deck,omitempty"`
	Card2 string `json:"card2"`
	Deck2 int    `json:"deck2,omitempty"`
	Rule  RuleID `json:"rule"`
}

// maxLogLine is the longest line a game log may have.
const maxLogLine = 1 << 20

// LogOutcome is the last line of a game log.
type LogOutcome struct {
	Type    string `json:"type"`
	Won     bool   `json:"won"`
	Score   int    `json:"score"`
	Moves   int    `json:"moves"`
	Redeals int    `json:"redeals"`
}

// String renders the outcome as "won=false score=34 moves=17 redeals=0".
func (o LogOutcome) String() string {
	return fmt.Sprintf("won=%t score=%d moves=%d redeals=%d", o.Won, o.Score, o.Moves, o.Redeals)
}

// LogWriter writes a game log as JSON lines: NewLogWriter writes the header,
// Move one line per move, Outcome the last line.
type LogWriter struct {
	enc *json.Encoder
	ply int
}

// NewLogWriter writes the header of a log of spec's game on the deal of
// seed with opts (resolved first) and returns the writer for the moves.
func NewLogWriter(w io.Writer, spec *Spec, opts Options, seed uint64, strategy string) (*LogWriter, error) {
	o, err := spec.ResolveOptions(opts)
	if err != nil {
		return nil, err
	}
	lw := &LogWriter{enc: json.NewEncoder(w)}
	h := LogHeader{Type: LogTypeHeader, Game: spec.ID, Options: o, Variant: spec.VariantString(o), Seed: seed,
		Engine: Version, Catalog: CatalogHash(), Strategy: strategy}
	if err := lw.enc.Encode(h); err != nil {
		return nil, fmt.Errorf("write log header: %w", err)
	}
	return lw, nil
}

// Move writes move m played in game g (g names the piles).
func (lw *LogWriter) Move(g Game, m Move) error {
	lw.ply++
	lm := LogMove{Type: LogTypeMove, Ply: lw.ply, Kind: m.Kind.String(), From: g.PileName(int(m.From)),
		To: g.PileName(int(m.To)), Card: m.Card.ASCII(), Card2: m.Card2.ASCII(), Rule: m.Rule}
	if m.Card.Valid() {
		lm.Deck = m.Card.Deck()
	}
	if m.Card2.Valid() {
		lm.Deck2 = m.Card2.Deck()
	}
	if err := lw.enc.Encode(lm); err != nil {
		return fmt.Errorf("write log move %d: %w", lw.ply, err)
	}
	return nil
}

// Outcome writes the final line for the game g.
func (lw *LogWriter) Outcome(g Game) error {
	o := LogOutcome{Type: LogTypeOutcome, Won: g.Won(), Score: g.Score(), Moves: lw.ply, Redeals: g.Redeals()}
	if err := lw.enc.Encode(o); err != nil {
		return fmt.Errorf("write log outcome: %w", err)
	}
	return nil
}

// WriteLog plays moves on the deal of seed and writes the whole log. It
// fails, writing nothing further, at the first move the game rejects.
func WriteLog(w io.Writer, game string, opts Options, seed uint64, moves []Move) error {
	spec, err := Lookup(game)
	if err != nil {
		return err
	}
	g, err := spec.New(seed, opts)
	if err != nil {
		return err
	}
	lw, err := NewLogWriter(w, spec, opts, seed, "")
	if err != nil {
		return err
	}
	for i, m := range moves {
		if err := g.Apply(m); err != nil {
			return fmt.Errorf("write log: move %d: %w", i+1, err)
		}
		if err := lw.Move(g, m); err != nil {
			return err
		}
	}
	return lw.Outcome(g)
}

// ReplayError reports the first bad line of a log: its line number (1 is
// the header), the ply of the move if it is a move line, and why.
type ReplayError struct {
	Line int
	Ply  int
	Err  error
}

// Error renders "line N (ply P): why".
func (e *ReplayError) Error() string {
	if e.Ply > 0 {
		return fmt.Sprintf("line %d (ply %d): %v", e.Line, e.Ply, e.Err)
	}
	return fmt.Sprintf("line %d: %v", e.Line, e.Err)
}

// Unwrap returns the reason (wrapping ErrIllegal for an illegal move).
func (e *ReplayError) Unwrap() error { return e.Err }

// ReplayResult is what a successful replay found.
type ReplayResult struct {
	Header LogHeader
	Game   Game // the final state
	Moves  int
	// Played lists the log's moves in order (len(Played) == Moves), so
	// that a renderer can step through them.
	Played  []Move
	Won     bool
	Score   int
	Redeals int
}

// Replay re-plays a log from its seed (a leading UTF-8 byte-order mark is
// skipped). Every move must pass the game's
// Check and be among its LegalMoves; the header must match this engine
// (version and catalog hash) and the outcome line the replayed game. It
// returns a *ReplayError for the first line that fails.
func Replay(r io.Reader) (*ReplayResult, error) {
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 0, 64*1024), maxLogLine)
	line := 0
	fail := func(ply int, format string, a ...any) error {
		return &ReplayError{Line: line, Ply: ply, Err: fmt.Errorf(format, a...)}
	}
	var res ReplayResult
	var g Game
	var spec *Spec
	names := map[string]int{}
	var legal []Move
	done := false
	for sc.Scan() {
		line++
		raw := sc.Bytes()
		if line == 1 {
			// A UTF-8 byte-order mark, as some editors save a file, is no
			// part of the header.
			raw = bytes.TrimPrefix(raw, []byte("\uFEFF"))
		}
		raw = bytes.TrimSpace(raw)
		if len(raw) == 0 {
			return nil, fail(0, "empty line")
		}
		var t struct {
			Type string `json:"type"`
		}
		if err := json.Unmarshal(raw, &t); err != nil {
			return nil, fail(0, "not a JSON object: %v", err)
		}
		if done {
			return nil, fail(0, "line after the outcome line")
		}
		if line == 1 {
			if t.Type != LogTypeHeader {
				return nil, fail(0, "first line is %q, want a header", t.Type)
			}
			h := &res.Header
			if err := strictUnmarshal(raw, h); err != nil {
				return nil, fail(0, "header: %v", err)
			}
			var err error
			if spec, err = Lookup(h.Game); err != nil {
				return nil, fail(0, "header: %v", err)
			}
			if h.Engine != Version {
				return nil, fail(0, "header: engine version %q, this engine is %q", h.Engine, Version)
			}
			if cat := CatalogHash(); h.Catalog != cat {
				return nil, fail(0, "header: catalog hash %.12s…, this engine's is %.12s… (rules changed)", h.Catalog, cat)
			}
			opts, err := spec.ResolveOptions(h.Options)
			if err != nil {
				return nil, fail(0, "header: %v", err)
			}
			if v := spec.VariantString(opts); v != h.Variant {
				return nil, fail(0, "header: variant %q does not match the options (%q)", h.Variant, v)
			}
			if g, err = spec.New(h.Seed, opts); err != nil {
				return nil, fail(0, "header: %v", err)
			}
			for i := 0; i < g.NumPiles(); i++ {
				names[g.PileName(i)] = i
			}
			continue
		}
		switch t.Type {
		case LogTypeMove:
			var lm LogMove
			if err := strictUnmarshal(raw, &lm); err != nil {
				return nil, fail(res.Moves+1, "move: %v", err)
			}
			ply := res.Moves + 1
			if lm.Ply != ply {
				return nil, fail(ply, "ply %d out of sequence, want %d", lm.Ply, ply)
			}
			if ply > spec.MaxMoves {
				return nil, fail(ply, "more than %s's move cap of %d", spec.ID, spec.MaxMoves)
			}
			m, err := resolveMove(spec, names, lm)
			if err != nil {
				return nil, fail(ply, "%v", err)
			}
			if err := g.Check(m); err != nil {
				return nil, fail(ply, "%v", err)
			}
			legal = g.LegalMoves(legal[:0])
			found := false
			for _, l := range legal {
				if l == m {
					found = true
					break
				}
			}
			if !found {
				return nil, fail(ply, "%v passes Check but is not among the %d legal moves: %w", m, len(legal), ErrIllegal)
			}
			if err := g.Apply(m); err != nil {
				return nil, fail(ply, "%v", err)
			}
			res.Moves = ply
			res.Played = append(res.Played, m)
		case LogTypeOutcome:
			var o LogOutcome
			if err := strictUnmarshal(raw, &o); err != nil {
				return nil, fail(0, "outcome: %v", err)
			}
			want := LogOutcome{Type: LogTypeOutcome, Won: g.Won(), Score: g.Score(), Moves: res.Moves, Redeals: g.Redeals()}
			if o != want {
				return nil, fail(0, "outcome %s does not match the replayed game's %s", o, want)
			}
			done = true
		default:
			return nil, fail(0, "unknown line type %q", t.Type)
		}
	}
	if err := sc.Err(); err != nil {
		if errors.Is(err, bufio.ErrTooLong) {
			return nil, &ReplayError{Line: line + 1, Err: fmt.Errorf("longer than %d bytes: not a game log", maxLogLine)}
		}
		return nil, fmt.Errorf("read log: %w", err)
	}
	if line == 0 {
		return nil, &ReplayError{Line: 0, Err: errors.New("empty log")}
	}
	if !done {
		return nil, &ReplayError{Line: line, Err: errors.New("log ends without an outcome line")}
	}
	res.Game, res.Won, res.Score, res.Redeals = g, g.Won(), g.Score(), g.Redeals()
	return &res, nil
}

// strictUnmarshal decodes one JSON object rejecting unknown fields.
func strictUnmarshal(raw []byte, v any) error {
	dec := json.NewDecoder(bytes.NewReader(raw))
	dec.DisallowUnknownFields()
	return dec.Decode(v)
}

// resolveMove turns a log line into a Move: pile names to indices, ASCII
// cards and deck indices to cards.
func resolveMove(spec *Spec, names map[string]int, lm LogMove) (Move, error) {
	kind, err := ParseMoveKind(lm.Kind)
	if err != nil {
		return Move{}, err
	}
	from, ok := names[lm.From]
	if !ok {
		return Move{}, fmt.Errorf("unknown pile %q", lm.From)
	}
	to, ok := names[lm.To]
	if !ok {
		return Move{}, fmt.Errorf("unknown pile %q", lm.To)
	}
	c1, err := logCard(spec, lm.Card, lm.Deck)
	if err != nil {
		return Move{}, fmt.Errorf("card: %w", err)
	}
	c2, err := logCard(spec, lm.Card2, lm.Deck2)
	if err != nil {
		return Move{}, fmt.Errorf("card2: %w", err)
	}
	return Move{Kind: kind, From: uint8(from), To: uint8(to), Card: c1, Card2: c2, Rule: lm.Rule}, nil
}

// logCard reads an ASCII card ("--" for NoCard) of deck d.
func logCard(spec *Spec, s string, d int) (Card, error) {
	if s == "--" {
		if d != 0 {
			return NoCard, fmt.Errorf("deck %d given for no card", d)
		}
		return NoCard, nil
	}
	c, err := ParseCard(s)
	if err != nil {
		return NoCard, err
	}
	if c.ASCII() != s {
		return NoCard, fmt.Errorf("card %q is not in ASCII form %q", s, c.ASCII())
	}
	if d < 0 || d >= spec.Decks {
		return NoCard, fmt.Errorf("deck %d of %s: %s has %d deck(s)", d, s, spec.ID, spec.Decks)
	}
	return c + Card(d*CardsPerDeck), nil
}
