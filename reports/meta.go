package reports

import (
	"maps"
	"os"
	"runtime/debug"
	"slices"
	"strconv"
	"strings"
	"time"
)

// SchemaVersion is the version of the dataset schemas written by this
// package. It is incremented whenever a column is renamed, removed or changes
// type, and is written into every file's metadata (KeySchemaVersion).
const SchemaVersion = "1"

// Key/value metadata keys written into every dataset file.
const (
	KeyDataset       = "pasyans.dataset"        // dataset name: results, moves, summary, …
	KeySchemaVersion = "pasyans.schema_version" // SchemaVersion
	KeyVersion       = "pasyans.version"        // module version of the pasyans binary
	KeyRevision      = "pasyans.revision"       // VCS revision (with "+dirty" when modified)
	KeyCommand       = "pasyans.command"        // the full command line
	KeyMasterSeed    = "pasyans.master_seed"    // the tournament's master seed (decimal)
	KeyCatalogHash   = "pasyans.catalog_hash"   // engine.CatalogHash() of the rules that made the data
	KeyCreated       = "pasyans.created"        // creation time, RFC 3339 UTC
	KeyShardIndex    = "pasyans.shard_index"    // shard index (results, moves)
	KeyShardCount    = "pasyans.shard_count"    // shard count (results, moves)
	KeyDealRange     = "pasyans.deal_range"     // the shard's deal range "start-end", half-open [start, end)
	KeyGame          = "pasyans.game"           // partition game (results, moves)
	KeyStrategy      = "pasyans.strategy"       // partition strategy (results, moves)
	KeyRows          = "pasyans.rows"           // number of rows in the file
	KeyDealMin       = "pasyans.deal_min"       // smallest deal_index in the file ("" if empty)
	KeyDealMax       = "pasyans.deal_max"       // largest deal_index in the file ("" if empty)
	KeyComplete      = "pasyans.complete"       // "true" when the file holds the whole deal range, else "false"
	KeyDealsDone     = "pasyans.deals_done"     // the file holds every row of the deals from the range's start to this index, excluded (results, moves)
	KeyExtraPrefix   = "pasyans.extra."         // prefix of Metadata.Extra keys
	KeyEditClasses   = "pasyans.edit_classes"   // corpus_tokens: the edits counted by class (Metadata.EditClasses)

	// KeyArrowCompression is the body compression of an Arrow IPC file
	// (zstd, lz4 or none); Arrow files only.
	KeyArrowCompression = "pasyans.arrow_compression"
)

// Metadata is the provenance written into every dataset file.
type Metadata struct {
	// Version and Revision identify the pasyans build (see BuildInfo).
	Version, Revision string
	// Command is the full command line.
	Command string
	// MasterSeed is the tournament's master seed (0 for datasets without one).
	MasterSeed uint64
	// CatalogHash is engine.CatalogHash().
	CatalogHash string
	// Created is the creation time; the zero time means now.
	Created time.Time
	// Extra holds further entries, written as KeyExtraPrefix+key.
	Extra map[string]string
	// EditClasses, if set, is written as KeyEditClasses (corpus_tokens).
	EditClasses string
	// Incomplete marks tables computed from a results folder that is not
	// one complete run: ExportTable then writes KeyComplete "false".
	Incomplete bool
	// ArrowCompression is the compression of the record batch bodies of
	// Arrow IPC files (ArrowZstd, ArrowLZ4 or ArrowNone; "" means
	// ArrowZstd), recorded as KeyArrowCompression. Parquet files are
	// always zstd-compressed.
	ArrowCompression string
}

// Compressions of Arrow IPC bodies (Metadata.ArrowCompression). Which
// readers decode which is in docs/datasets.md.
const (
	ArrowZstd = "zstd"
	ArrowLZ4  = "lz4"
	ArrowNone = "none"
)

// ArrowCompressions lists the accepted Metadata.ArrowCompression values.
var ArrowCompressions = []string{ArrowZstd, ArrowLZ4, ArrowNone}

// BuildInfo returns the module version and VCS revision of the running
// binary from runtime/debug.ReadBuildInfo ("(devel)" and "" when unknown).
// A revision built from a modified tree ends in "+dirty".
func BuildInfo() (version, revision string) {
	bi, ok := debug.ReadBuildInfo()
	if !ok {
		return "(unknown)", ""
	}
	version = bi.Main.Version
	if version == "" {
		version = "(devel)"
	}
	dirty := false
	for _, s := range bi.Settings {
		switch s.Key {
		case "vcs.revision":
			revision = s.Value
		case "vcs.modified":
			dirty = s.Value == "true"
		}
	}
	if revision != "" && dirty {
		revision += "+dirty"
	}
	return version, revision
}

// DefaultMetadata returns Metadata filled from the build info, the process's
// command line (os.Args, space-joined) and the current time.
func DefaultMetadata() Metadata {
	v, r := BuildInfo()
	return Metadata{Version: v, Revision: r, Command: strings.Join(os.Args, " "), Created: time.Now().UTC()}
}

// withDefaults fills the zero fields of m from the build info and clock.
func (m Metadata) withDefaults() Metadata {
	if m.Version == "" {
		m.Version, m.Revision = BuildInfo()
	}
	if m.Created.IsZero() {
		m.Created = time.Now().UTC()
	}
	return m
}

// pairs returns the common metadata entries of m for a file of dataset, in
// a fixed order.
func (m Metadata) pairs(dataset string) [][2]string {
	kv := [][2]string{
		{KeyDataset, dataset},
		{KeySchemaVersion, SchemaVersion},
		{KeyVersion, m.Version},
		{KeyRevision, m.Revision},
		{KeyCommand, m.Command},
		{KeyMasterSeed, strconv.FormatUint(m.MasterSeed, 10)},
		{KeyCatalogHash, m.CatalogHash},
		{KeyCreated, m.Created.UTC().Format(time.RFC3339Nano)},
	}
	for _, k := range slices.Sorted(maps.Keys(m.Extra)) {
		kv = append(kv, [2]string{KeyExtraPrefix + k, m.Extra[k]})
	}
	if m.EditClasses != "" {
		kv = append(kv, [2]string{KeyEditClasses, m.EditClasses})
	}
	return kv
}

// VersionString returns the version line of the pasyans binary: the module
// version, the VCS revision ("+dirty" when modified) and time, and the Go
// version, from the build info.
func VersionString() string {
	bi, ok := debug.ReadBuildInfo()
	if !ok {
		return "(unknown version)"
	}
	v := bi.Main.Version
	if v == "" {
		v = "(devel)"
	}
	var rev, modified, when string
	for _, s := range bi.Settings {
		switch s.Key {
		case "vcs.revision":
			rev = s.Value
		case "vcs.modified":
			if s.Value == "true" {
				modified = "+dirty"
			}
		case "vcs.time":
			when = s.Value
		}
	}
	if rev != "" {
		if len(rev) > 12 {
			rev = rev[:12]
		}
		v += " rev " + rev + modified
		if when != "" {
			v += " (" + when + ")"
		}
	}
	return v + " " + bi.GoVersion
}
