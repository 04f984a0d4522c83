package sim

import (
	"encoding/json"
	"strconv"
	"strings"
	"testing"
)

// TestRegistry checks the strategy table that drives NewStrategy and the
// help: unique names in listing order, a strategy for every entry built
// with the defaults, canonical parameter JSON, and help naming every
// strategy and parameter with its default.
func TestRegistry(t *testing.T) {
	infos := Strategies()
	if len(infos) == 0 {
		t.Fatal("no strategy registered")
	}
	names := StrategyNames()
	if got, want := strings.Join(names, ","), "random,greedy,book,lookahead,solver,planner,planner-book"; got != want {
		t.Errorf("StrategyNames = %s, want %s", got, want)
	}
	help := StrategyHelp()
	for i, info := range infos {
		if info.Name != names[i] {
			t.Errorf("Strategies()[%d] = %s, StrategyNames()[%d] = %s", i, info.Name, i, names[i])
		}
		if i > 0 && infos[i-1].Order > info.Order {
			t.Errorf("%s listed after %s but ordered before it", info.Name, infos[i-1].Name)
		}
		s, err := NewStrategy(info.Name, nil)
		if err != nil {
			t.Fatalf("%s: %v", info.Name, err)
		}
		if s.Name() != info.Name {
			t.Errorf("NewStrategy(%s).Name() = %s", info.Name, s.Name())
		}
		var got map[string]any
		if err := json.Unmarshal([]byte(s.Params()), &got); err != nil {
			t.Fatalf("%s: Params %q: %v", info.Name, s.Params(), err)
		}
		// Every parameter is in the canonical JSON but a string parameter
		// whose value is empty (left out, see ParamString).
		want := 0
		for _, p := range info.Params {
			if p.Kind != ParamString || p.Default != "" {
				want++
			}
		}
		if len(got) != want {
			t.Errorf("%s: Params %s, want %d parameters", info.Name, s.Params(), want)
		}
		if !strings.Contains(help, "  "+info.Name+"  ") || !strings.Contains(help, info.Summary) {
			t.Errorf("help lacks %s: %s", info.Name, help)
		}
		for _, p := range info.Params {
			if _, ok := got[p.Name]; !ok && (p.Kind != ParamString || p.Default != "") {
				t.Errorf("%s: Params %s lacks %s", info.Name, s.Params(), p.Name)
			}
			if !strings.Contains(help, p.Name+"=") || !strings.Contains(help, "default "+p.defaultText()) {
				t.Errorf("help lacks %s:%s with its default %s", info.Name, p.Name, p.defaultText())
			}
			// Out-of-range values are rejected with the parameter's name.
			if p.Kind == ParamInt {
				for _, bad := range []int64{p.Min - 1, p.Max + 1} {
					if _, err := NewStrategy(info.Name, map[string]string{p.Name: strconv.FormatInt(bad, 10)}); err == nil || !strings.Contains(err.Error(), p.Name) {
						t.Errorf("%s:%s=%d: err = %v, want an error naming the parameter", info.Name, p.Name, bad, err)
					}
				}
			}
		}
	}
	// Strategies returns a copy: changing it does not change the registry.
	infos[0].Name = "changed"
	infos[len(infos)-1].Params = nil
	if Strategies()[0].Name == "changed" || len(Strategies()[len(infos)-1].Params) == 0 {
		t.Error("Strategies exposes the registry itself")
	}
}
