package engine

import (
	"bytes"
	"encoding/json"
	"errors"
	"slices"
	"strings"
	"testing"
)

// randomMoves plays a random game on the deal of seed and returns its moves.
func randomMoves(t *testing.T, spec *Spec, opts Options, seed uint64) []Move {
	t.Helper()
	g, err := spec.New(seed, opts)
	if err != nil {
		t.Fatal(err)
	}
	rng := fastRand(seed)
	var moves []Move
	for len(moves) < spec.MaxMoves {
		legal := g.LegalMoves(nil)
		if len(legal) == 0 {
			break
		}
		m := legal[rng.intn(len(legal))]
		mustApply(t, g, m)
		moves = append(moves, m)
	}
	return moves
}

func TestReplayRoundTrip(t *testing.T) {
	for _, spec := range implementedSpecs(t) {
		for _, opts := range variantOptions(spec) {
			for seed := uint64(1); seed <= 5; seed++ {
				moves := randomMoves(t, spec, opts, seed)
				var buf bytes.Buffer
				if err := WriteLog(&buf, spec.ID, opts, seed, moves); err != nil {
					t.Fatalf("%s %v seed %d: WriteLog: %v", spec.ID, opts, seed, err)
				}
				res, err := Replay(bytes.NewReader(buf.Bytes()))
				if err != nil {
					t.Fatalf("%s %v seed %d: Replay: %v", spec.ID, opts, seed, err)
				}
				if res.Moves != len(moves) || res.Header.Seed != seed || res.Header.Game != spec.ID {
					t.Fatalf("%s seed %d: replay result %+v", spec.ID, seed, res)
				}
				if !slices.Equal(res.Played, moves) {
					t.Fatalf("%s seed %d: Played has %d moves, not the %d played", spec.ID, seed, len(res.Played), len(moves))
				}
			}
		}
	}
}

// logLines writes the log of a random game and returns its lines.
func logLines(t *testing.T, spec *Spec, seed uint64) []string {
	t.Helper()
	var buf bytes.Buffer
	if err := WriteLog(&buf, spec.ID, nil, seed, randomMoves(t, spec, nil, seed)); err != nil {
		t.Fatal(err)
	}
	return strings.Split(strings.TrimSuffix(buf.String(), "\n"), "\n")
}

func replayLines(lines []string) error {
	_, err := Replay(strings.NewReader(strings.Join(lines, "\n") + "\n"))
	return err
}

// editMove rewrites one field of the move on line i.
func editMove(t *testing.T, lines []string, i int, edit func(*LogMove)) []string {
	t.Helper()
	var lm LogMove
	if err := json.Unmarshal([]byte(lines[i]), &lm); err != nil {
		t.Fatal(err)
	}
	edit(&lm)
	b, _ := json.Marshal(lm)
	out := append([]string(nil), lines...)
	out[i] = string(b)
	return out
}

func TestReplayRejectsTampering(t *testing.T) {
	for _, spec := range implementedSpecs(t) {
		lines := logLines(t, spec, 3)
		if len(lines) < 5 {
			t.Fatalf("%s: log too short", spec.ID)
		}
		mid := len(lines) / 2
		var lm LogMove
		if err := json.Unmarshal([]byte(lines[mid]), &lm); err != nil {
			t.Fatal(err)
		}
		cases := map[string][]string{
			"truncated":  lines[:len(lines)-1],
			"dropped":    append(append([]string(nil), lines[:mid]...), lines[mid+1:]...),
			"duplicated": append(append([]string(nil), lines[:mid+1]...), lines[mid:]...),
			"rule": editMove(t, lines, mid, func(m *LogMove) {
				m.Rule = RuleID(spec.ID + "/no-such-rule")
			}),
			"kind": editMove(t, lines, mid, func(m *LogMove) {
				if m.Kind == "pass" {
					m.Kind = "build"
				} else {
					m.Kind = "pass"
				}
			}),
			"pile": editMove(t, lines, mid, func(m *LogMove) { m.From, m.To = m.To, m.From+"x" }),
			"outcome": func() []string {
				out := append([]string(nil), lines...)
				out[len(out)-1] = strings.Replace(out[len(out)-1], `"moves":`, `"moves":1`, 1)
				return out
			}(),
			"seed": func() []string {
				out := append([]string(nil), lines...)
				out[0] = strings.Replace(out[0], `"seed":3`, `"seed":4`, 1)
				return out
			}(),
			"catalog": func() []string {
				out := append([]string(nil), lines...)
				out[0] = strings.Replace(out[0], `"catalog":"`, `"catalog":"0`, 1)
				return out
			}(),
		}
		if lm.Card != "--" {
			other := "2C"
			if lm.Card == "2C" {
				other = "3C"
			}
			cases["card"] = editMove(t, lines, mid, func(m *LogMove) { m.Card = other })
		}
		for name, ls := range cases {
			err := replayLines(ls)
			if err == nil {
				t.Errorf("%s: tampered log (%s) accepted", spec.ID, name)
				continue
			}
			var re *ReplayError
			if !errors.As(err, &re) || re.Line < 1 {
				t.Errorf("%s: %s: error %v is not a ReplayError with a line", spec.ID, name, err)
			}
		}
		if err := replayLines(lines); err != nil {
			t.Errorf("%s: untouched log rejected: %v", spec.ID, err)
		}
	}
}

// TestReplayRejectsIllegalMove checks that the first bad move is reported
// with its line: a foundation play the layout does not allow.
func TestReplayRejectsIllegalMove(t *testing.T) {
	spec, _ := Lookup("red-and-black")
	lines := logLines(t, spec, 3)
	bad := `{"type":"move","ply":1,"kind":"foundation","from":"talon","to":"F0","card":"KC","card2":"--","rule":"red-and-black/foundation"}`
	ls := append([]string{lines[0], bad}, lines[2:]...)
	err := replayLines(ls)
	var re *ReplayError
	if !errors.As(err, &re) || re.Line != 2 || re.Ply != 1 {
		t.Fatalf("error %v, want a ReplayError at line 2 ply 1", err)
	}
}

// TestReplayMalformed checks that malformed logs are rejected with a
// *ReplayError naming the line, never accepted and never a panic.
func TestReplayMalformed(t *testing.T) {
	spec, _ := Lookup("napoleon")
	lines := logLines(t, spec, 2)
	header, move, outcome := lines[0], lines[1], lines[len(lines)-1]
	for name, tc := range map[string]struct {
		log  string
		line int
	}{
		"empty":           {"", 0},
		"not JSON":        {"hello\n", 1},
		"null":            {"null\n", 1},
		"array":           {"[1,2]\n", 1},
		"blank line":      {header + "\n\n" + outcome + "\n", 2},
		"move first":      {move + "\n", 1},
		"unknown game":    {strings.Replace(header, `"game":"napoleon"`, `"game":"nope"`, 1) + "\n", 1},
		"unknown option":  {strings.Replace(header, `"options":{`, `"options":{"zz":"1",`, 1) + "\n", 1},
		"unknown field":   {strings.Replace(header, `{"type"`, `{"extra":1,"type"`, 1) + "\n", 1},
		"header only":     {header + "\n", 1},
		"no outcome":      {header + "\n" + move + "\n", 2},
		"after outcome":   {strings.Join(lines, "\n") + "\n" + outcome + "\n", len(lines) + 1},
		"unknown type":    {header + "\n" + `{"type":"chat"}` + "\n", 2},
		"bad card":        {header + "\n" + strings.Replace(move, `"card":"`, `"card":"Z`, 1) + "\n", 2},
		"bad deck":        {header + "\n" + strings.Replace(move, `"card2"`, `"deck":7,"card2"`, 1) + "\n", 2},
		"outcome at once": {header + "\n" + outcome + "\n", 2},
	} {
		_, err := Replay(strings.NewReader(tc.log))
		var re *ReplayError
		if !errors.As(err, &re) {
			t.Errorf("%s: error %v, want a *ReplayError", name, err)
			continue
		}
		if re.Line != tc.line {
			t.Errorf("%s: error %v at line %d, want line %d", name, err, re.Line, tc.line)
		}
	}
}

// FuzzReplay feeds edited logs to Replay: it may reject them but must
// never panic, and a log it accepts must replay the same way twice. Run
// with: go test ./engine -run '^$' -fuzz FuzzReplay
func FuzzReplay(f *testing.F) {
	for _, id := range []string{"napoleon", "red-and-black", "sympathy"} {
		spec, _ := Lookup(id)
		var buf bytes.Buffer
		g, _ := spec.New(1, nil)
		var moves []Move
		for i := 0; i < 20; i++ {
			legal := g.LegalMoves(nil)
			if len(legal) == 0 {
				break
			}
			if err := g.Apply(legal[0]); err != nil {
				f.Fatal(err)
			}
			moves = append(moves, legal[0])
		}
		if err := WriteLog(&buf, id, nil, 1, moves); err != nil {
			f.Fatal(err)
		}
		f.Add(buf.Bytes())
	}
	f.Fuzz(func(t *testing.T, log []byte) {
		res, err := Replay(bytes.NewReader(log))
		if err != nil {
			return
		}
		res2, err := Replay(bytes.NewReader(log))
		if err != nil || res2.Moves != res.Moves || res2.Game.Hash() != res.Game.Hash() {
			t.Fatalf("accepted log replays differently: %v", err)
		}
	})
}

// TestReplayBOM: a log saved with a UTF-8 byte-order mark (and CRLF line
// ends) replays; a mark anywhere but at the start is still refused.
func TestReplayBOM(t *testing.T) {
	spec, err := Lookup("napoleon")
	if err != nil {
		t.Fatal(err)
	}
	lines := logLines(t, spec, 3)
	withBOM := "\uFEFF" + strings.Join(lines, "\r\n") + "\r\n"
	res, err := Replay(strings.NewReader(withBOM))
	if err != nil || res.Moves != len(lines)-2 {
		t.Fatalf("log with a BOM: %v (moves %v, want %d)", err, res, len(lines)-2)
	}
	bad := append([]string(nil), lines...)
	bad[1] = "\uFEFF" + bad[1]
	if err := replayLines(bad); err == nil {
		t.Errorf("a BOM on line 2 was accepted")
	}
}
