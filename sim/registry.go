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
	// ParamString is a word from a fixed set (Allowed) or empty; canonical
	// JSON: the string. An empty value is left out of the canonical JSON,
	// so that adding a string parameter whose default is empty keeps the
	// strategy's parameter JSON, and with it the rows of earlier runs
	// (strategy_params), unchanged.
	ParamString
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
	// ParamInt a decimal integer, for ParamDuration a Go duration, for
	// ParamString one of Allowed or empty).
	Default string
	// Min and Max bound a ParamInt (inclusive).
	Min, Max int64
	// Allowed lists the non-empty values a ParamString accepts (the empty
	// value is always accepted); matching is exact.
	Allowed []string
}

// Range describes the accepted values, e.g. "1…6", "≥ 1", "a Go
// duration ≥ 0" or "S1, S2, S3 or empty".
func (p ParamInfo) Range() string {
	switch p.Kind {
	case ParamInt:
		if p.Max >= 1<<40 {
			return fmt.Sprintf("≥ %d", p.Min)
		}
		return fmt.Sprintf("%d…%d", p.Min, p.Max)
	case ParamDuration:
		return "a Go duration ≥ 0"
	case ParamString:
		if len(p.Allowed) == 0 {
			return "empty"
		}
		return strings.Join(p.Allowed, ", ") + " or empty"
	}
	return "?"
}

// defaultText is the default as help texts show it ("empty" for an empty
// string).
func (p ParamInfo) defaultText() string {
	if p.Kind == ParamString && p.Default == "" {
		return "empty"
	}
	return p.Default
}

// placeholder is the value's placeholder in help texts: N, D or S.
func (p ParamInfo) placeholder() string {
	switch p.Kind {
	case ParamDuration:
		return "D"
	case ParamString:
		return "S"
	}
	return "N"
}

// ParamValues holds the parsed parameters of one strategy; the getters
// return the value given or the default.
type ParamValues struct {
	ints map[string]int64
	durs map[string]time.Duration
	strs map[string]string
}

// Int returns the integer parameter name.
func (v ParamValues) Int(name string) int64 { return v.ints[name] }

// Duration returns the duration parameter name.
func (v ParamValues) Duration(name string) time.Duration { return v.durs[name] }

// String returns the string parameter name.
func (v ParamValues) String(name string) string { return v.strs[name] }

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
		if _, err := parseParam(p, p.Default); err != nil {
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
		for j := range out[i].Params {
			out[i].Params[j].Allowed = slices.Clone(out[i].Params[j].Allowed)
		}
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
			arg := p.Name + "=" + p.placeholder()
			fmt.Fprintf(&b, "  %-*s    %-*s  %s (%s, default %s)\n", width, "", pw, arg, p.Summary, p.Range(), p.defaultText())
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
	vals := ParamValues{ints: map[string]int64{}, durs: map[string]time.Duration{}, strs: map[string]string{}}
	canon := map[string]any{}
	for _, p := range info.Params {
		raw, given := params[p.Name]
		if !given {
			raw = p.Default
		}
		v, err := parseParam(p, raw)
		if err != nil {
			return nil, fmt.Errorf("strategy %s: parameter %s=%q: %w", name, p.Name, raw, err)
		}
		switch p.Kind {
		case ParamInt:
			vals.ints[p.Name] = v.n
			canon[p.Name] = v.n
		case ParamDuration:
			vals.durs[p.Name] = v.d
			canon[p.Name] = v.d.String()
		case ParamString:
			vals.strs[p.Name] = v.s
			if v.s != "" { // an empty string is left out (see ParamString)
				canon[p.Name] = v.s
			}
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

// paramValue is one parsed parameter value; the field of its kind is set.
type paramValue struct {
	n int64
	d time.Duration
	s string
}

// parseParam parses the value s of parameter p.
func parseParam(p ParamInfo, s string) (paramValue, error) {
	s = strings.TrimSpace(s)
	switch p.Kind {
	case ParamInt:
		n, err := strconv.ParseInt(s, 10, 64)
		if err != nil || n < p.Min || n > p.Max {
			return paramValue{}, fmt.Errorf("want an integer in [%d, %d]", p.Min, p.Max)
		}
		return paramValue{n: n}, nil
	case ParamDuration:
		d, err := time.ParseDuration(s)
		if err != nil || d < 0 {
			return paramValue{}, fmt.Errorf("want a non-negative duration such as 500ms")
		}
		return paramValue{d: d}, nil
	case ParamString:
		if s != "" && !slices.Contains(p.Allowed, s) {
			return paramValue{}, fmt.Errorf("want %s", p.Range())
		}
		return paramValue{s: s}, nil
	}
	return paramValue{}, fmt.Errorf("unknown parameter kind %d", p.Kind)
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
