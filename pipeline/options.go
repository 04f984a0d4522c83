package pipeline

// Parsing of the game, variant, strategy and parameter lists of the
// command line. Every error names its flag.

import (
	"fmt"
	"maps"
	"slices"
	"strings"

	"github.com/pasyans/pasyans/engine"
	"github.com/pasyans/pasyans/sim"
)

// SplitList splits a comma-separated list, dropping empty items.
func SplitList(s string) []string {
	var out []string
	for _, p := range strings.Split(s, ",") {
		if p = strings.TrimSpace(p); p != "" {
			out = append(out, p)
		}
	}
	return out
}

// ParseGames resolves --games: "all" or comma-separated game IDs (a game
// listed twice is played once).
func ParseGames(s string) ([]*engine.Spec, error) {
	if strings.TrimSpace(s) == "all" {
		return engine.Catalog(), nil
	}
	var specs []*engine.Spec
	seen := map[string]bool{}
	for _, id := range SplitList(s) {
		spec, err := engine.Lookup(id)
		if err != nil {
			return nil, fmt.Errorf("--games: %w", err)
		}
		if !seen[id] {
			specs = append(specs, spec)
			seen[id] = true
		}
	}
	if len(specs) == 0 {
		return nil, fmt.Errorf("--games is empty")
	}
	return specs, nil
}

// GameConfigs pairs the games with their --variant options.
func GameConfigs(specs []*engine.Spec, variantFlags []string) ([]sim.GameConfig, error) {
	variants, err := ParseNamedKeyValues("--variant", variantFlags)
	if err != nil {
		return nil, err
	}
	games := make([]sim.GameConfig, len(specs))
	for i, s := range specs {
		games[i] = sim.GameConfig{Spec: s}
		if v, ok := variants[s.ID]; ok {
			games[i].Options = engine.Options(v)
		}
		if _, err := s.ResolveOptions(games[i].Options); err != nil {
			return nil, fmt.Errorf("--variant: %w", err)
		}
		delete(variants, s.ID)
	}
	if len(variants) > 0 {
		return nil, fmt.Errorf("--variant %s: game not in --games", slices.Sorted(maps.Keys(variants))[0])
	}
	return games, nil
}

// ParseStrategies resolves --strategies with their --param values. A
// strategy named twice is an error (its rows would be written twice).
func ParseStrategies(names string, paramFlags []string) ([]sim.Strategy, error) {
	params, err := ParseNamedKeyValues("--param", paramFlags)
	if err != nil {
		return nil, err
	}
	var out []sim.Strategy
	seen := map[string]bool{}
	for _, name := range SplitList(names) {
		if seen[name] {
			return nil, fmt.Errorf("--strategies: %s named twice", name)
		}
		seen[name] = true
		s, err := sim.NewStrategy(name, params[name])
		if err != nil {
			return nil, fmt.Errorf("--strategies: %w", err)
		}
		out = append(out, s)
		delete(params, name)
	}
	if len(out) == 0 {
		return nil, fmt.Errorf("--strategies is empty")
	}
	if len(params) > 0 {
		return nil, fmt.Errorf("--param %s: strategy not in --strategies", slices.Sorted(maps.Keys(params))[0])
	}
	return out, nil
}

// ParseNamedKeyValues parses repeated "name:k=v[,k=v]" flags into name → k
// → v. A key given twice for one name is an error, not a silent override.
func ParseNamedKeyValues(flag string, items []string) (map[string]map[string]string, error) {
	out := map[string]map[string]string{}
	for _, it := range items {
		name, kvs, ok := strings.Cut(it, ":")
		name = strings.TrimSpace(name)
		if !ok || name == "" || strings.TrimSpace(kvs) == "" {
			return nil, fmt.Errorf("%s %q: want name:key=value[,key=value]", flag, it)
		}
		if out[name] == nil {
			out[name] = map[string]string{}
		}
		if err := addKeyValues(flag, name+":", strings.Split(kvs, ","), out[name]); err != nil {
			return nil, err
		}
	}
	return out, nil
}

// ParseKeyValues parses repeated "k=v" flags; a key given twice is an
// error.
func ParseKeyValues(flag string, items []string) (map[string]string, error) {
	out := map[string]string{}
	return out, addKeyValues(flag, "", items, out)
}

// addKeyValues adds "k=v" items to m; prefix names the item's owner in
// messages.
func addKeyValues(flag, prefix string, items []string, m map[string]string) error {
	for _, kv := range items {
		k, v, ok := strings.Cut(kv, "=")
		k = strings.TrimSpace(k)
		if !ok || k == "" {
			return fmt.Errorf("%s %q: want %skey=value", flag, kv, prefix)
		}
		if _, dup := m[k]; dup {
			return fmt.Errorf("%s: %s%s given twice", flag, prefix, k)
		}
		m[k] = strings.TrimSpace(v)
	}
	return nil
}
