package engine

import (
	"bytes"
	"encoding/json"
	"errors"
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
