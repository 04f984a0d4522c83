package main

import (
	"bufio"
	"encoding/json"
	"fmt"
	"io"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"time"

	"github.com/pasyans/pasyans/engine"
	"github.com/pasyans/pasyans/reports"
	"github.com/pasyans/pasyans/sim"
	"github.com/pasyans/pasyans/sim/solve"
	"github.com/spf13/cobra"
)

// solveOptions are the flags of "pasyans solve".
type solveOptions struct {
	seed     uint64
	variants []string
	nodes    int64
	memory   int64
	limit    time.Duration
	log      string
	show     bool
	games    string
	deals    int64
	workers  int
	markdown bool
	rows     string
	quiet    bool
}

const solveLong = `solve decides deals with full information (package sim/solve): it sees every card and
searches the states the deal can reach, with each game's canonical state keys, safe moves and
dead ends. A deal is won (a winning line was found), lost (every reachable state was searched
and none is won: a proof) or undecided (the node or time limit was reached first).

One deal: solve GAME --seed N prints the outcome, the nodes searched and, for a won deal, the
winning line; --log FILE.jsonl writes the line as a game log that "pasyans replay" re-checks.

The winnability table: solve --games all --deals N --seed S solves the first N deals of each
game — the deals of "pasyans tournament" with the same --seed, so its counts are those of the
solver strategy's rows — and prints per game the deals won, lost and undecided, the share
decided, the 95 % Wilson interval of the share won, the Solvitaire bounds on the share winnable
(undecided deals counted as lost, then as won), the median, 95th-percentile and longest search
time per deal, and the nodes searched per second. The counts do not depend on --workers (the
budget is in nodes). Times are the CPU time of the thread that solved the deal (on Linux; the
wall clock elsewhere), so a busy machine inflates them less; use --workers 1 for one core.`

func newSolveCmd() *cobra.Command {
	var o solveOptions
	cmd := &cobra.Command{
		Use:   "solve [GAME --seed N | --games IDS --deals N]",
		Short: "Decide deals with full information: won, lost or undecided",
		Long:  solveLong,
		Example: `  pasyans solve napoleon --seed 7
  pasyans solve duchess-de-luynes --seed 3 --nodes 5000000 --log won.jsonl && pasyans replay won.jsonl
  pasyans solve --games all --deals 1000 --seed 2026 --workers 1
  pasyans solve --games napoleon,salic-law --deals 200 --seed 2026 --markdown`,
		Args: cobra.MaximumNArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			if len(args) == 1 {
				return runSolveDeal(cmd, args[0], o)
			}
			return runSolveTable(cmd, o)
		},
	}
	f := cmd.Flags()
	f.Uint64Var(&o.seed, "seed", 0, "deal seed (one deal, required) or master seed of the deals (--games; default 2026)")
	f.StringArrayVar(&o.variants, "variant", nil, "variant option: k=v for one deal, game:k=v[,k=v] with --games (repeatable)")
	f.Int64Var(&o.nodes, "nodes", solve.DefaultNodes, "node budget per deal (deterministic)")
	f.Int64Var(&o.memory, "memory", solve.DefaultMemory>>20, "MiB of the cache of visited states per deal (per worker); a full cache forgets its older half")
	f.DurationVar(&o.limit, "time", 0, "time limit per deal, e.g. 10s (0: none; makes results depend on the machine)")
	f.StringVar(&o.log, "log", "", "one deal: write the winning line as a game log (JSON lines) to this file")
	f.BoolVar(&o.show, "show", false, "one deal: print the layout before and after the winning line")
	f.StringVar(&o.games, "games", "", "the winnability table: all, or comma-separated game `IDs`")
	f.Int64Var(&o.deals, "deals", 1000, "the winnability table: deals per game")
	f.IntVar(&o.workers, "workers", 0, "the winnability table: parallel workers (0: one per CPU)")
	f.BoolVar(&o.markdown, "markdown", false, "the winnability table: print it as Markdown")
	f.StringVar(&o.rows, "rows", "", "the winnability table: also write one JSON line per deal to this file")
	f.BoolVar(&o.quiet, "quiet", false, "the winnability table: no progress on stderr")
	return cmd
}

// solveLimits checks the budget flags.
func solveLimits(o solveOptions) (solve.Limits, error) {
	if o.nodes <= 0 {
		return solve.Limits{}, usagef("solve: --nodes %d: want a positive number", o.nodes)
	}
	if o.limit < 0 {
		return solve.Limits{}, usagef("solve: --time %v: want 0 (none) or a positive duration", o.limit)
	}
	if o.memory <= 0 || o.memory > 1<<20 {
		return solve.Limits{}, usagef("solve: --memory %d: want MiB in [1, 1048576]", o.memory)
	}
	return solve.Limits{Nodes: o.nodes, Time: o.limit, Memory: o.memory << 20}, nil
}

// runSolveDeal decides one deal.
func runSolveDeal(cmd *cobra.Command, game string, o solveOptions) error {
	fl := cmd.Flags()
	for _, name := range []string{"games", "deals", "workers", "markdown", "rows", "quiet"} {
		if fl.Changed(name) {
			return usagef("solve: --%s: only with --games (the winnability table), not with GAME", name)
		}
	}
	if !fl.Changed("seed") {
		return usagef("solve: --seed: required with GAME")
	}
	lim, err := solveLimits(o)
	if err != nil {
		return err
	}
	spec, err := engine.Lookup(game)
	if err != nil {
		return usagef("solve: %v", err)
	}
	vars := engine.Options{}
	for _, it := range o.variants {
		k, v, ok := strings.Cut(it, "=")
		k = strings.TrimSpace(k)
		if !ok || k == "" {
			return usagef("solve: --variant %q: want k=v", it)
		}
		if _, dup := vars[k]; dup {
			return usagef("solve: --variant: %s given twice", k)
		}
		vars[k] = strings.TrimSpace(v)
	}
	opts, err := spec.ResolveOptions(vars)
	if err != nil {
		return usagef("solve: --variant: %v", err)
	}
	if o.log != "" {
		if fi, err := os.Stat(filepath.Dir(o.log)); err != nil || !fi.IsDir() {
			return usagef("solve: --log %s: no such directory", filepath.Dir(o.log))
		}
	}
	g, err := spec.New(o.seed, opts)
	if err != nil {
		return fmt.Errorf("solve: %w", err)
	}
	t0 := time.Now()
	r := solve.New(lim).Solve(cmd.Context(), g)
	elapsed := time.Since(t0)
	if r.Reason == solve.ReasonCancelled {
		return fmt.Errorf("solve: stopped after %d nodes: %w", r.Nodes, cmd.Context().Err())
	}
	out := cmd.OutOrStdout()
	name := spec.ID
	if v := spec.VariantString(opts); v != "" {
		name += " [" + v + "]"
	}
	stats := fmt.Sprintf("%d nodes in %s", r.Nodes, formatDuration(elapsed))
	switch r.Outcome {
	case solve.Won:
		fmt.Fprintf(out, "%s seed %d: won in %d moves (%s)\n", name, o.seed, len(r.Line), stats)
	case solve.Lost:
		fmt.Fprintf(out, "%s seed %d: lost: no reachable state is won (proved by searching every one: %s, %d dead ends pruned)\n",
			name, o.seed, stats, r.DeadEnds)
	default:
		evicted := ""
		if r.Evictions > 0 {
			evicted = fmt.Sprintf(", the cache full %d times", r.Evictions)
		}
		fmt.Fprintf(out, "%s seed %d: undecided: %s (%s; deepest line %d moves, at most %d states cached%s)\n",
			name, o.seed, undecidedWhy(r, lim, spec), stats, r.Depth, r.Cached, evicted)
	}
	if r.Outcome != solve.Won {
		if o.log != "" {
			fmt.Fprintf(out, "no log written to %s: the deal was not won\n", o.log)
		}
		return nil
	}
	if o.show {
		fmt.Fprintf(out, "%s\n", g.String())
	}
	c := g.Clone()
	for i, m := range r.Line {
		fmt.Fprintf(out, "%d. %s\n", i+1, m.Describe(c))
		if err := c.Apply(m); err != nil {
			return fmt.Errorf("solve: the winning line fails at move %d: %w", i+1, err)
		}
	}
	if o.show {
		fmt.Fprintf(out, "%s\n", c.String())
	}
	if o.log != "" {
		if err := writeSolveLog(o.log, spec, opts, o.seed, g, r.Line); err != nil {
			return err
		}
		fmt.Fprintf(out, "log written to %s (check it with: pasyans replay %s)\n", o.log, o.log)
	}
	return nil
}

// undecidedWhy says in words why a search stopped undecided.
func undecidedWhy(r solve.Result, lim solve.Limits, spec *engine.Spec) string {
	switch r.Reason {
	case solve.ReasonNodes:
		return fmt.Sprintf("the node limit of %d was reached", lim.Nodes)
	case solve.ReasonTime:
		return fmt.Sprintf("the time limit of %s was reached", lim.Time)
	case solve.ReasonDepth:
		return fmt.Sprintf("no win within the game's move cap of %d moves, and lines longer than it were cut", spec.MaxMoves)
	case solve.ReasonNoHooks:
		return "every state was searched, but the game has no canonical search key, so that is no proof of a loss"
	}
	return r.Reason
}

// writeSolveLog writes line, played from g (the deal of seed), as a game
// log to path, atomically.
func writeSolveLog(path string, spec *engine.Spec, opts engine.Options, seed uint64, g engine.Game, line []engine.Move) error {
	f, err := reports.CreateAtomic(path)
	if err != nil {
		return fmt.Errorf("solve: %w", err)
	}
	defer f.Abort() // a no-op once committed
	bw := bufio.NewWriter(f)
	lw, err := engine.NewLogWriter(bw, spec, opts, seed, "solver")
	if err != nil {
		return fmt.Errorf("solve: %s: %w", path, err)
	}
	c := g.Clone()
	for i, m := range line {
		if err := c.Apply(m); err != nil {
			return fmt.Errorf("solve: the winning line fails at move %d: %w", i+1, err)
		}
		if err := lw.Move(c, m); err != nil {
			return fmt.Errorf("solve: %s: %w", path, err)
		}
	}
	if err := lw.Outcome(c); err != nil {
		return fmt.Errorf("solve: %s: %w", path, err)
	}
	if err := bw.Flush(); err != nil {
		return fmt.Errorf("solve: %s: %w", path, err)
	}
	if err := f.Commit(); err != nil {
		return fmt.Errorf("solve: %w", err)
	}
	return nil
}

// runSolveTable prints the winnability table.
func runSolveTable(cmd *cobra.Command, o solveOptions) error {
	fl := cmd.Flags()
	if o.games == "" {
		return usagef("solve: want GAME --seed N (one deal) or --games IDS (the winnability table)")
	}
	for _, name := range []string{"log", "show"} {
		if fl.Changed(name) {
			return usagef("solve: --%s: only with GAME (one deal), not with --games", name)
		}
	}
	if o.deals <= 0 {
		return usagef("solve: --deals %d: want a positive number", o.deals)
	}
	if o.workers < 0 {
		return usagef("solve: --workers %d: want 0 (one per CPU) or more", o.workers)
	}
	seed := o.seed
	if !fl.Changed("seed") {
		seed = 2026
	}
	lim, err := solveLimits(o)
	if err != nil {
		return err
	}
	games, err := solveGames(o.games, o.variants)
	if err != nil {
		return err
	}
	if o.rows != "" {
		if fi, err := os.Stat(filepath.Dir(o.rows)); err != nil || !fi.IsDir() {
			return usagef("solve: --rows %s: no such directory", filepath.Dir(o.rows))
		}
	}
	stderr := cmd.ErrOrStderr()
	prog := &solveProgress{w: stderr, every: 10 * time.Second, last: time.Now()}
	cfg := sim.WinnabilityConfig{Games: games, Deals: o.deals, MasterSeed: seed, Workers: o.workers, Limits: lim}
	if !o.quiet {
		cfg.Progress = prog.update
		cfg.GameDone = func(r sim.WinnabilityRow) {
			fmt.Fprintf(stderr, "solve: %s: %d deals, %d won, %d lost, %d undecided\n", r.Game, r.Deals, r.Won, r.Lost, r.Undecided)
		}
	}
	rows, err := sim.Winnability(cmd.Context(), cfg)
	if err != nil {
		return fmt.Errorf("solve: %w", err)
	}
	if o.rows != "" {
		if err := writeSolveRows(o.rows, rows); err != nil {
			return err
		}
	}
	out := cmd.OutOrStdout()
	fmt.Fprintf(out, "Solver on deals 0 … %d of each game (seed %d), budget %d nodes%s per deal:\n\n", o.deals-1, seed, lim.Nodes, timeNote(lim.Time))
	return sim.WriteWinnability(out, rows, o.markdown)
}

func timeNote(d time.Duration) string {
	if d <= 0 {
		return ""
	}
	return " and " + d.String()
}

// solveGames resolves --games and the game:k=v[,k=v] variant flags.
func solveGames(list string, variants []string) ([]sim.GameConfig, error) {
	var specs []*engine.Spec
	if strings.TrimSpace(list) == "all" {
		specs = engine.Catalog()
	} else {
		seen := map[string]bool{}
		for _, id := range strings.Split(list, ",") {
			id = strings.TrimSpace(id)
			if id == "" || seen[id] {
				continue
			}
			spec, err := engine.Lookup(id)
			if err != nil {
				return nil, usagef("solve: --games: %v", err)
			}
			seen[id] = true
			specs = append(specs, spec)
		}
	}
	if len(specs) == 0 {
		return nil, usagef("solve: --games is empty")
	}
	opts := map[string]engine.Options{}
	for _, it := range variants {
		game, kvs, ok := strings.Cut(it, ":")
		game = strings.TrimSpace(game)
		if !ok || game == "" {
			return nil, usagef("solve: --variant %q: want game:k=v[,k=v] with --games", it)
		}
		if opts[game] == nil {
			opts[game] = engine.Options{}
		}
		for _, kv := range strings.Split(kvs, ",") {
			k, v, ok := strings.Cut(kv, "=")
			k = strings.TrimSpace(k)
			if !ok || k == "" {
				return nil, usagef("solve: --variant %q: want game:k=v[,k=v]", it)
			}
			if _, dup := opts[game][k]; dup {
				return nil, usagef("solve: --variant: %s:%s given twice", game, k)
			}
			opts[game][k] = strings.TrimSpace(v)
		}
	}
	games := make([]sim.GameConfig, len(specs))
	for i, s := range specs {
		games[i] = sim.GameConfig{Spec: s, Options: opts[s.ID]}
		if _, err := s.ResolveOptions(opts[s.ID]); err != nil {
			return nil, usagef("solve: --variant: %v", err)
		}
		delete(opts, s.ID)
	}
	if len(opts) > 0 {
		return nil, usagef("solve: --variant %s: game not in --games", slices.Sorted(maps.Keys(opts))[0])
	}
	return games, nil
}

// solveRow is one line of the --rows file.
type solveRow struct {
	Game      string  `json:"game"`
	Variant   string  `json:"variant"`
	DealIndex int64   `json:"deal_index"`
	DealSeed  uint64  `json:"deal_seed"`
	Outcome   string  `json:"outcome"`
	Reason    string  `json:"reason,omitempty"`
	Nodes     int64   `json:"nodes"`
	Seconds   float64 `json:"seconds"`
}

// writeSolveRows writes one JSON line per deal to path, atomically.
func writeSolveRows(path string, rows []sim.WinnabilityRow) error {
	f, err := reports.CreateAtomic(path)
	if err != nil {
		return fmt.Errorf("solve: %w", err)
	}
	defer f.Abort()
	bw := bufio.NewWriter(f)
	enc := json.NewEncoder(bw)
	for _, r := range rows {
		for _, d := range r.Deal {
			sr := solveRow{Game: r.Game, Variant: r.Variant, DealIndex: d.Index, DealSeed: d.Seed,
				Outcome: d.Outcome.String(), Reason: d.Reason, Nodes: d.Nodes, Seconds: d.Time.Seconds()}
			if err := enc.Encode(sr); err != nil {
				return fmt.Errorf("solve: %s: %w", path, err)
			}
		}
	}
	if err := bw.Flush(); err != nil {
		return fmt.Errorf("solve: %s: %w", path, err)
	}
	if err := f.Commit(); err != nil {
		return fmt.Errorf("solve: %w", err)
	}
	return nil
}

// solveProgress prints a progress line on stderr at most every interval.
type solveProgress struct {
	mu    sync.Mutex
	w     io.Writer
	every time.Duration
	last  time.Time
}

func (p *solveProgress) update(done, total int64) {
	p.mu.Lock()
	defer p.mu.Unlock()
	if done < total && time.Since(p.last) < p.every {
		return
	}
	p.last = time.Now()
	fmt.Fprintf(p.w, "solve: %d of %d deals\n", done, total)
}

// formatDuration renders a duration rounded for people: "0.42 s", "12 ms".
func formatDuration(d time.Duration) string {
	if d < time.Second {
		return fmt.Sprintf("%.0f ms", float64(d)/float64(time.Millisecond))
	}
	return fmt.Sprintf("%.2f s", d.Seconds())
}
