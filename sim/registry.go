package sim

import (
	"encoding/json"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/pasyans/pasyans/sim/solve"
)

// strategyNames lists the built-in strategies in the order StrategyNames
// returns them.
var strategyNames = [...]string{"random", "greedy", "book", "lookahead", "solver"}

// StrategyNames returns the names NewStrategy accepts.
func StrategyNames() []string { return slices.Clone(strategyNames[:]) }

// NewStrategy returns the built-in strategy name configured by params
// (nil or empty for the defaults). Unknown names, unknown parameters and
// malformed values are errors. Parameters:
//
//	random     none
//	greedy     none
//	book       none
//	lookahead  depth (1…6, default 2), samples (1…64, default 1)
//	solver     nodes (≥ 1, default solve.DefaultNodes), time (Go duration,
//	           default 0 = none; a time limit makes results depend on the
//	           machine)
func NewStrategy(name string, params map[string]string) (Strategy, error) {
	ps := &paramSet{strategy: name, given: params, resolved: map[string]any{}}
	var s Strategy
	switch name {
	case "random":
		s = &randomStrategy{}
	case "greedy":
		s = &greedyStrategy{}
	case "book":
		s = &bookStrategy{}
	case "lookahead":
		depth := ps.intParam("depth", 2, 1, 6)
		samples := ps.intParam("samples", 1, 1, 64)
		s = &lookaheadStrategy{depth: depth, samples: samples}
	case "solver":
		nodes := ps.intParam("nodes", int(solve.DefaultNodes), 1, 1<<40)
		limit := ps.durationParam("time", 0)
		s = &solverStrategy{lim: solve.Limits{Nodes: int64(nodes), Time: limit}}
	default:
		return nil, fmt.Errorf("unknown strategy %q (known: %s)", name, strings.Join(StrategyNames(), ", "))
	}
	if err := ps.finish(); err != nil {
		return nil, err
	}
	if b, ok := s.(interface{ setParams(string) }); ok {
		b.setParams(ps.json())
	}
	return s, nil
}

// paramSet parses a strategy's parameters, remembering the first error and
// the resolved values for Params.
type paramSet struct {
	strategy string
	given    map[string]string
	used     []string
	resolved map[string]any
	err      error
}

func (p *paramSet) raw(key string) (string, bool) {
	p.used = append(p.used, key)
	v, ok := p.given[key]
	return v, ok
}

func (p *paramSet) intParam(key string, def, lo, hi int) int {
	v := def
	if s, ok := p.raw(key); ok {
		n, err := strconv.Atoi(strings.TrimSpace(s))
		if err != nil || n < lo || n > hi {
			p.fail(fmt.Errorf("strategy %s: parameter %s=%q: want an integer in [%d, %d]", p.strategy, key, s, lo, hi))
			return def
		}
		v = n
	}
	p.resolved[key] = v
	return v
}

func (p *paramSet) durationParam(key string, def time.Duration) time.Duration {
	v := def
	if s, ok := p.raw(key); ok {
		d, err := time.ParseDuration(strings.TrimSpace(s))
		if err != nil || d < 0 {
			p.fail(fmt.Errorf("strategy %s: parameter %s=%q: want a non-negative duration such as 500ms", p.strategy, key, s))
			return def
		}
		v = d
	}
	p.resolved[key] = v.String()
	return v
}

func (p *paramSet) fail(err error) {
	if p.err == nil {
		p.err = err
	}
}

// finish reports the first parse error or the first unknown parameter.
func (p *paramSet) finish() error {
	if p.err != nil {
		return p.err
	}
	keys := make([]string, 0, len(p.given))
	for k := range p.given {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	for _, k := range keys {
		if !slices.Contains(p.used, k) {
			if len(p.used) == 0 {
				return fmt.Errorf("strategy %s: unknown parameter %q (it takes none)", p.strategy, k)
			}
			return fmt.Errorf("strategy %s: unknown parameter %q (known: %s)", p.strategy, k, strings.Join(p.used, ", "))
		}
	}
	return nil
}

// json returns the resolved parameters as canonical JSON (sorted keys).
func (p *paramSet) json() string {
	b, err := json.Marshal(p.resolved) // map keys are sorted by encoding/json
	if err != nil {
		return "{}"
	}
	return string(b)
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
