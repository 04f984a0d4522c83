package sim

import (
	"encoding/json"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"time"
)

// StrategyInfo describes a built-in strategy: its name, what it does and its
// parameters. The registry of these entries drives NewStrategy,
// StrategyNames, StrategyHelp (the command line's help) and the docs.
//
// Each strategy registers itself from its own file (an init function calling
// register), so adding a strategy is a one-file change plus its test.
type StrategyInfo struct {
	// Name is the strategy's ID, e.g. "greedy" (a partition key of the
	// results dataset).
	Name string
	// Summary is a one-line description for help texts.
	Summary string
	// FullInformation is true for a strategy that sees the hidden cards
	// (the solver); every other strategy sees only what a player sees.
	FullInformation bool
	// Params lists the parameters, in the order help texts show them.
	Params []ParamInfo
	// Order is the strategy's position in listings (StrategyNames, help,
	// reports): lower first.
	Order int
	// build makes the strategy from parsed parameters.
	build func(ParamValues) Strategy
}

// ParamKind is the type of a strategy parameter.
type ParamKind uint8

// Parameter kinds.
const (
	// ParamInt is an integer in [Min, Max]; canonical JSON: a number.
	ParamInt ParamKind = iota + 1
	// ParamDuration is a non-negative Go duration ("500ms"); canonical
	// JSON: its String form ("500ms", "0s").
	ParamDuration
)

// ParamInfo describes one parameter of a strategy.
type ParamInfo struct {
	// Name is the key given as name=value, e.g. "depth".
	Name string
	// Summary says what the parameter does, in a few words.
	Summary string
	// Kind is the parameter's type.
	Kind ParamKind
	// Default is the value taken when the parameter is not given (for
	// ParamInt a decimal integer, for ParamDuration a Go duration).
	Default string
	// Min and Max bound a ParamInt (inclusive).
	Min, Max int64
}

// Range describes the accepted values, e.g. "1…6", "≥ 1" or "a Go
// duration ≥ 0".
func (p ParamInfo) Range() string {
	switch p.Kind {
	case ParamInt:
		if p.Max >= 1<<40 {
			return fmt.Sprintf("≥ %d", p.Min)
		}
		return fmt.Sprintf("%d…%d", p.Min, p.Max)
	case ParamDuration:
		return "a Go duration ≥ 0"
	}
	return "?"
}

// ParamValues holds the parsed parameters of one strategy; the getters
// return the value given or the default.
type ParamValues struct {
	ints map[string]int64
	durs map[string]time.Duration
}

// Int returns the integer parameter name.
func (v ParamValues) Int(name string) int64 { return v.ints[name] }

// Duration returns the duration parameter name.
func (v ParamValues) Duration(name string) time.Duration { return v.durs[name] }

// registry is the table of built-in strategies, filled by the strategies'
// init functions (register) and read-only afterwards.
var registry []StrategyInfo

// register adds a built-in strategy to the registry; it panics on a
// malformed entry (a programming error caught by every test run).
func register(info StrategyInfo) {
	if info.Name == "" || info.Summary == "" || info.build == nil {
		panic(fmt.Sprintf("sim: strategy %q: incomplete registry entry", info.Name))
	}
	for _, s := range registry {
		if s.Name == info.Name {
			panic(fmt.Sprintf("sim: strategy %q registered twice", info.Name))
		}
	}
	for _, p := range info.Params {
		if _, _, err := parseParam(p, p.Default); err != nil {
			panic(fmt.Sprintf("sim: strategy %q: parameter %s: bad default: %v", info.Name, p.Name, err))
		}
	}
	registry = append(registry, info)
	slices.SortStableFunc(registry, func(a, b StrategyInfo) int { return a.Order - b.Order })
}

// Strategies returns the registry: every built-in strategy in listing
// order. The result is a copy.
func Strategies() []StrategyInfo {
	out := slices.Clone(registry)
	for i := range out {
		out[i].Params = slices.Clone(out[i].Params)
	}
	return out
}

// StrategyNames returns the names NewStrategy accepts, in listing order.
func StrategyNames() []string {
	names := make([]string, len(registry))
	for i, s := range registry {
		names[i] = s.Name
	}
	return names
}

// lookupStrategy returns the registry entry of name.
func lookupStrategy(name string) (*StrategyInfo, bool) {
	for i := range registry {
		if registry[i].Name == name {
			return &registry[i], true
		}
	}
	return nil, false
}

// StrategyHelp renders the registry for a command's help: one line per
// strategy, then one indented line per parameter with its range and
// default, e.g.
//
//	lookahead  depth-limited search over determinized copies of the view
//	             depth=N     plies searched (1…6, default 2)
func StrategyHelp() string {
	width := 0
	for _, s := range registry {
		width = max(width, len(s.Name))
	}
	var b strings.Builder
	for _, s := range registry {
		fmt.Fprintf(&b, "  %-*s  %s\n", width, s.Name, s.Summary)
		pw := 0
		for _, p := range s.Params {
			pw = max(pw, len(p.Name)+2)
		}
		for _, p := range s.Params {
			arg := p.Name + "=N"
			if p.Kind == ParamDuration {
				arg = p.Name + "=D"
			}
			fmt.Fprintf(&b, "  %-*s    %-*s  %s (%s, default %s)\n", width, "", pw, arg, p.Summary, p.Range(), p.Default)
		}
	}
	return b.String()
}

// NewStrategy returns the built-in strategy name configured by params
// (nil or empty for the defaults). Unknown names, unknown parameters and
// malformed or out-of-range values are errors. The strategies and their
// parameters are listed by Strategies and StrategyHelp.
func NewStrategy(name string, params map[string]string) (Strategy, error) {
	info, ok := lookupStrategy(name)
	if !ok {
		return nil, fmt.Errorf("unknown strategy %q (known: %s)", name, strings.Join(StrategyNames(), ", "))
	}
	keys := make([]string, 0, len(params))
	for k := range params {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	known := make([]string, len(info.Params))
	for i, p := range info.Params {
		known[i] = p.Name
	}
	for _, k := range keys {
		if slices.Contains(known, k) {
			continue
		}
		if len(known) == 0 {
			return nil, fmt.Errorf("strategy %s: unknown parameter %q (it takes none)", name, k)
		}
		return nil, fmt.Errorf("strategy %s: unknown parameter %q (known: %s)", name, k, strings.Join(known, ", "))
	}
	vals := ParamValues{ints: map[string]int64{}, durs: map[string]time.Duration{}}
	canon := map[string]any{}
	for _, p := range info.Params {
		raw, given := params[p.Name]
		if !given {
			raw = p.Default
		}
		n, d, err := parseParam(p, raw)
		if err != nil {
			return nil, fmt.Errorf("strategy %s: parameter %s=%q: %w", name, p.Name, raw, err)
		}
		switch p.Kind {
		case ParamInt:
			vals.ints[p.Name] = n
			canon[p.Name] = n
		case ParamDuration:
			vals.durs[p.Name] = d
			canon[p.Name] = d.String()
		}
	}
	s := info.build(vals)
	if b, ok := s.(interface{ setParams(string) }); ok {
		js, err := json.Marshal(canon) // map keys are sorted by encoding/json
		if err != nil {
			return nil, fmt.Errorf("strategy %s: parameters: %w", name, err)
		}
		b.setParams(string(js))
	}
	return s, nil
}

// parseParam parses the value s of parameter p.
func parseParam(p ParamInfo, s string) (int64, time.Duration, error) {
	switch p.Kind {
	case ParamInt:
		n, err := strconv.ParseInt(strings.TrimSpace(s), 10, 64)
		if err != nil || n < p.Min || n > p.Max {
			return 0, 0, fmt.Errorf("want an integer in [%d, %d]", p.Min, p.Max)
		}
		return n, 0, nil
	case ParamDuration:
		d, err := time.ParseDuration(strings.TrimSpace(s))
		if err != nil || d < 0 {
			return 0, 0, fmt.Errorf("want a non-negative duration such as 500ms")
		}
		return 0, d, nil
	}
	return 0, 0, fmt.Errorf("unknown parameter kind %d", p.Kind)
}

// params is embedded by the built-in strategies to hold their canonical
// parameter JSON.
type params struct{ js string }

func (p *params) setParams(s string) { p.js = s }

// Params returns the canonical JSON of the resolved parameters.
func (p *params) Params() string {
	if p.js == "" {
		return "{}"
	}
	return p.js
}
