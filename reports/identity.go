package reports

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"strconv"
	"strings"
)

// RunIdentity is what makes the rows of a tournament run: two invocations
// with the same identity write the same rows. It is recorded once in the
// results folder (RunFileName) and in every shard manifest, and checked by
// every command that writes or reads the folder (see OpenRunFolder and
// Verify). The shard index is not part of it: the shards of one run share
// their identity.
type RunIdentity struct {
	// MasterSeed determines every deal.
	MasterSeed uint64 `json:"master_seed"`
	// Deals is the number of deals per game of the whole run.
	Deals int64 `json:"deals"`
	// ShardCount is the number of shards the deals are split into.
	ShardCount int `json:"shard_count"`
	// Games are the games played, with their variant (engine
	// Spec.VariantString of the resolved options, "" for the book's reading).
	Games []GameIdentity `json:"games"`
	// Strategies are the strategies played, with their parameters
	// (sim.Strategy.Params).
	Strategies []StrategyIdentity `json:"strategies"`
	// Trace says whether the moves dataset is written, Timing whether
	// cpu_ns is recorded.
	Trace  bool `json:"trace"`
	Timing bool `json:"timing"`
	// Engine and Catalog are engine.Version and engine.CatalogHash().
	Engine  string `json:"engine_version"`
	Catalog string `json:"catalog_hash"`
}

// Datasets returns the datasets the run writes for every partition (game
// and strategy): results, and moves when it traces. Each is a unit of its
// own for resuming and verifying the run.
func (id RunIdentity) Datasets() []string {
	if id.Trace {
		return []string{DatasetResults, DatasetMoves}
	}
	return []string{DatasetResults}
}

// GameIdentity is one game of a run and its variant.
type GameIdentity struct {
	ID      string `json:"id"`
	Variant string `json:"variant"`
}

// StrategyIdentity is one strategy of a run and its parameters.
type StrategyIdentity struct {
	Name   string `json:"name"`
	Params string `json:"params"`
}

// Hash returns a short hex digest of the identity (the first 16 hex digits
// of the SHA-256 of its JSON), the "run_id" of the datasets' provenance.
func (id RunIdentity) Hash() string {
	data, _ := json.Marshal(id) // plain fields: cannot fail
	sum := sha256.Sum256(data)
	return hex.EncodeToString(sum[:8])
}

// GameList returns the game IDs, comma-separated.
func (id RunIdentity) GameList() string {
	ids := make([]string, len(id.Games))
	for i, g := range id.Games {
		ids[i] = g.ID
	}
	return strings.Join(ids, ",")
}

// StrategyList returns the strategy names, comma-separated.
func (id RunIdentity) StrategyList() string {
	names := make([]string, len(id.Strategies))
	for i, s := range id.Strategies {
		names[i] = s.Name
	}
	return strings.Join(names, ",")
}

// VariantList renders the games' variants as "game:variant" items, "; "
// separated, leaving out the book's readings ("" when every game is
// played as the book says).
func (id RunIdentity) VariantList() string {
	var out []string
	for _, g := range id.Games {
		if g.Variant != "" {
			out = append(out, g.ID+":"+g.Variant)
		}
	}
	return strings.Join(out, "; ")
}

// ParamList renders the strategies' parameters as "name:params" items, "; "
// separated, leaving out strategies without parameters.
func (id RunIdentity) ParamList() string {
	var out []string
	for _, s := range id.Strategies {
		if s.Params != "" && s.Params != "{}" {
			out = append(out, s.Name+":"+s.Params)
		}
	}
	return strings.Join(out, "; ")
}

// Extra returns the identity as the Metadata.Extra provenance entries of
// shard index (of id.ShardCount): engine_version, deals, games, variants,
// strategies, strategy_params, shard, trace, timing, run_id and the deal
// seeding scheme.
func (id RunIdentity) Extra(index int) map[string]string {
	return map[string]string{
		"engine_version":  id.Engine,
		"deals":           strconv.FormatInt(id.Deals, 10),
		"games":           id.GameList(),
		"variants":        id.VariantList(),
		"strategies":      id.StrategyList(),
		"strategy_params": id.ParamList(),
		"shard":           fmt.Sprintf("%d/%d", index, id.ShardCount),
		"trace":           strconv.FormatBool(id.Trace),
		"timing":          strconv.FormatBool(id.Timing),
		"run_id":          id.Hash(),
		"deal_seed":       "sim.DealSeed: SplitMix64 chain over master seed, FNV-1a(game), deal index",
	}
}

// Difference is one way two identities differ: the command-line flag
// that sets the value, and the two values.
type Difference struct {
	Flag, Got, Want string
}

// Differences lists how id differs from other, field by field; it is
// empty when the identities are equal.
func (id RunIdentity) Differences(other RunIdentity) []Difference {
	var out []Difference
	add := func(flag, got, want string) {
		if got != want {
			out = append(out, Difference{Flag: flag, Got: orDefault(got), Want: orDefault(want)})
		}
	}
	add("--seed", strconv.FormatUint(id.MasterSeed, 10), strconv.FormatUint(other.MasterSeed, 10))
	add("--games", id.GameList(), other.GameList())
	if id.GameList() == other.GameList() {
		add("--variant", id.VariantList(), other.VariantList())
	}
	add("--strategies", id.StrategyList(), other.StrategyList())
	if id.StrategyList() == other.StrategyList() {
		add("--param", id.ParamList(), other.ParamList())
	}
	add("--deals", strconv.FormatInt(id.Deals, 10), strconv.FormatInt(other.Deals, 10))
	add("--shard-count", strconv.Itoa(id.ShardCount), strconv.Itoa(other.ShardCount))
	add("--trace", strconv.FormatBool(id.Trace), strconv.FormatBool(other.Trace))
	add("--timing", strconv.FormatBool(id.Timing), strconv.FormatBool(other.Timing))
	add("engine version", id.Engine, other.Engine)
	add("rule catalog", shortHash(id.Catalog), shortHash(other.Catalog))
	return out
}

// Diff renders how id (what a command was asked to do) differs from folder
// (what a results folder holds), one item per difference naming its flag:
// "--seed 2 vs the folder's 1". It is empty when the identities are equal.
func (id RunIdentity) Diff(folder RunIdentity) []string {
	var out []string
	for _, d := range id.Differences(folder) {
		out = append(out, fmt.Sprintf("%s %s vs the folder's %s", d.Flag, d.Got, d.Want))
	}
	return out
}

func orDefault(s string) string {
	if s == "" {
		return "(default)"
	}
	return s
}

func shortHash(s string) string {
	if len(s) > 12 {
		return s[:12]
	}
	return s
}
