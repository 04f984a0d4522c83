package pipeline

import (
	"context"
	"errors"
	"fmt"
	"maps"
	"slices"
	"strings"

	"github.com/pasyans/pasyans/engine"
	"github.com/pasyans/pasyans/reports"
	"github.com/pasyans/pasyans/sim"
)

// TournamentOptions describe one tournament shard written to a results
// folder.
type TournamentOptions struct {
	// Out is the results folder.
	Out string
	// Games and Strategies are played as a full cross over the same deals.
	Games      []sim.GameConfig
	Strategies []sim.Strategy
	// Deals is the number of deals per game of the whole run (all shards).
	Deals int64
	// Seed is the master seed of the deals.
	Seed uint64
	// Workers is the number of goroutines playing (0: one per CPU).
	Workers int
	// Shard is this invocation's shard (the zero value means 0 of 1).
	Shard sim.Shard
	// Trace also writes the moves dataset; Timing records cpu_ns.
	Trace, Timing bool
	// Resume continues the run in Out; Force replaces whatever run Out
	// holds (see reports.OpenRunFolder).
	Resume, Force bool
	// Command is the command line recorded in the provenance (empty: the
	// process's arguments).
	Command string
	// Observer, if set, receives the progress and notes.
	Observer Observer
}

// shard returns the shard with the zero value read as 0 of 1.
func (o *TournamentOptions) shard() sim.Shard {
	s := o.Shard
	if s.Count == 0 {
		s.Count = 1
	}
	return s
}

// Identity returns the identity of the run the options describe.
func (o *TournamentOptions) Identity() (reports.RunIdentity, error) {
	id := reports.RunIdentity{
		MasterSeed: o.Seed, Deals: o.Deals, ShardCount: o.shard().Count, Trace: o.Trace, Timing: o.Timing,
		Engine: engine.Version, Catalog: engine.CatalogHash(),
	}
	for _, g := range o.Games {
		opts, err := g.Spec.ResolveOptions(g.Options)
		if err != nil {
			return id, fmt.Errorf("--variant: %w", err)
		}
		id.Games = append(id.Games, reports.GameIdentity{ID: g.Spec.ID, Variant: g.Spec.VariantString(opts)})
	}
	for _, s := range o.Strategies {
		id.Strategies = append(id.Strategies, reports.StrategyIdentity{Name: s.Name(), Params: s.Params()})
	}
	return id, nil
}

// Metadata is the one provenance builder of every dataset the pipeline
// writes: the build, the command line, the master seed and rule catalog,
// and the run's identity as pasyans.extra.* entries (for shard index of
// id.ShardCount). command "" means the process's arguments.
func Metadata(id reports.RunIdentity, index int, command string) reports.Metadata {
	m := reports.DefaultMetadata()
	if command != "" {
		m.Command = command
	}
	m.MasterSeed = id.MasterSeed
	m.CatalogHash = id.Catalog
	m.Extra = id.Extra(index)
	return m
}

// TournamentResult is what a tournament shard did.
type TournamentResult struct {
	// Summary covers the deals this invocation played.
	Summary *sim.Summary
	// Identity is the run's identity; Shard and [Start, End) this
	// invocation's shard and deal range.
	Identity   reports.RunIdentity
	Shard      sim.Shard
	Start, End int64
}

// Tournament plays one shard of a tournament into the results folder
// o.Out and closes it. The folder is opened under the rules of
// reports.OpenRunFolder (one run per folder, identity checked, --resume and
// --force, a lock per shard). When ctx is cancelled it stops, leaves every
// finished row in valid files and returns ctx's error with the partial
// result; the same options with Resume continue the run.
func Tournament(ctx context.Context, o TournamentOptions) (*TournamentResult, error) {
	id, err := o.Identity()
	if err != nil {
		return nil, err
	}
	folder, err := openFolder(o.Out, id, o.shard().Index, o.Resume, o.Force, o.Command, nil, observer(o.Observer))
	if err != nil {
		return nil, err
	}
	if s := o.shard(); s.Count > 1 {
		lo, hi := sim.ShardRange(o.Deals, s.Index, s.Count)
		observer(o.Observer).Stage(Stage{Name: "tournament", Detail: fmt.Sprintf("shard %d of %d (%s): deals %d … %d", s.Index, s.Count, s.Source, lo, hi-1)})
	}
	res, err := playShard(ctx, o, id)
	if cerr := folder.Close(); cerr != nil && err == nil {
		err = cerr
	}
	return res, err
}

// openFolder opens a results folder for one shard of the run id and passes
// its notes to obs.
func openFolder(dir string, id reports.RunIdentity, index int, resume, force bool, command string, outputs []string, obs Observer) (*reports.RunFolder, error) {
	if command == "" {
		command = reports.DefaultMetadata().Command
	}
	version, _ := reports.BuildInfo()
	f, err := reports.OpenRunFolder(dir, reports.FolderOptions{
		Identity: id, ShardIndex: index, Resume: resume, Force: force, Outputs: outputs, Command: command, Version: version,
	})
	if err != nil {
		return nil, err
	}
	for _, n := range f.Notes {
		obs.Note(n)
	}
	if f.Extended {
		obs.Note(fmt.Sprintf("%s: the run grows to %s per game", dir, reports.Plural(id.Deals, "deal")))
	}
	return f, nil
}

// playShard plays the shard into a folder already opened for it.
func playShard(ctx context.Context, o TournamentOptions, id reports.RunIdentity) (*TournamentResult, error) {
	obs := observer(o.Observer)
	shard := o.shard()
	lo, hi := sim.ShardRange(o.Deals, shard.Index, shard.Count)
	res := &TournamentResult{Identity: id, Shard: shard, Start: lo, End: hi}
	w, err := reports.NewResultsWriter(o.Out, reports.ResultsOptions{
		ShardIndex: shard.Index, ShardCount: shard.Count, ShardStart: lo, ShardEnd: hi,
		Trace: o.Trace, Resume: o.Resume, Meta: Metadata(id, shard.Index, o.Command), Identity: &id,
	})
	if err != nil {
		return nil, err
	}
	cfg := sim.Config{
		Games: o.Games, Strategies: o.Strategies, Deals: o.Deals, MasterSeed: o.Seed, Workers: o.Workers,
		ShardIndex: shard.Index, ShardCount: shard.Count, Trace: o.Trace, Timing: o.Timing, Resume: o.Resume,
	}
	var last Progress
	cfg.Progress = func(done, total int64) {
		last = Progress{Done: done, Total: total}
		obs.Progress(last)
	}
	sum, runErr := sim.Run(ctx, cfg, w)
	last.Final = true
	obs.Progress(last)
	res.Summary = sum
	closeErr := w.Close()
	switch {
	case runErr != nil && closeErr != nil && !errors.Is(runErr, context.Canceled) && !sameCause(runErr, closeErr):
		return res, fmt.Errorf("%w (and closing %s: %v)", runErr, o.Out, closeErr)
	case runErr != nil:
		return res, runErr
	case closeErr != nil:
		return res, closeErr
	}
	return res, nil
}

// ResumeNote says, for a resumed run, from which deal of each game this
// invocation played ("" for a run that did not resume): the summary counts
// only those deals.
func (r *TournamentResult) ResumeNote() string {
	m := r.Summary.ResumedFrom
	if len(m) == 0 {
		return ""
	}
	keys := slices.Sorted(maps.Keys(m))
	for i, k := range keys {
		keys[i] = fmt.Sprintf("%s@%d", k, m[k])
	}
	return fmt.Sprintf("Resumed run: the table counts the deals played now (from %s); run \"pasyans report\" on the folder for the whole run.", strings.Join(keys, ", "))
}
