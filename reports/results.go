package reports

import (
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"sync"
	"time"

	"github.com/pasyans/pasyans/sim"
)

// Dataset names (the KeyDataset metadata value and the top folder name).
const (
	DatasetResults      = "results"
	DatasetMoves        = "moves"
	DatasetSummary      = "summary"
	DatasetPaired       = "paired"
	DatasetCorpusBlocks = "corpus_blocks"
	DatasetCorpusTokens = "corpus_tokens"
	DatasetRules        = "rules"
	DatasetCurve        = "curve"
	DatasetAblation     = "ablation"
)

// ResultsOptions configures a ResultsWriter.
type ResultsOptions struct {
	// ShardIndex and ShardCount name this shard (0 ≤ ShardIndex < ShardCount;
	// a ShardCount of 0 means 1). They make the part file names
	// part-<index:05d>-of-<count:05d>.parquet.
	ShardIndex, ShardCount int
	// ShardStart and ShardEnd are the shard's deal range [ShardStart,
	// ShardEnd). A file is marked complete (KeyComplete "true") when its rows
	// are exactly the deals ShardStart … ShardEnd-1 in order. When ShardEnd ≤
	// ShardStart the range is unknown and files are never marked complete.
	ShardStart, ShardEnd int64
	// Trace makes WriteMoves write the moves dataset; without it WriteMoves
	// discards its rows.
	Trace bool
	// Resume continues an interrupted run in the same folder (see
	// ResumePoint and KeepBefore).
	Resume bool
	// RowGroupRows is the number of rows per row group (0 means
	// DefaultRowGroupRows; otherwise MinRowGroupRows … MaxRowGroupRows).
	RowGroupRows int64
	// Meta is the provenance written into every file.
	Meta Metadata
	// Identity, if set, is the run's identity, recorded in the manifest
	// (see Verify). It also makes the deal range known even when it is
	// empty (more shards than deals): such a shard is complete with no
	// files.
	Identity *RunIdentity
}

// partKey names one partition.
type partKey struct{ game, strategy string }

// part is one partition file being written, with the bookkeeping for the
// KeyComplete flag.
type part[T any] struct {
	key   partKey
	path  string
	file  *parquetFile[T]
	min   int64 // first deal index, valid when rows > 0
	next  int64 // deal index after the last one written
	inSeq bool  // rows so far are exactly ShardStart, ShardStart+1, …
	// prefix is the deal index after the complete prefix ShardStart,
	// ShardStart+1, … of the rows written (results).
	prefix int64
	// entry is set once the file is committed (a results partition is
	// committed as soon as it holds the whole deal range, which frees its
	// buffers long before Close).
	entry *ManifestEntry
}

// existingPart is a final part file of this shard found at start (Resume).
type existingPart struct {
	path string
	// prefix is the first deal index ≥ ShardStart whose rows the file may
	// lack: it holds every row of the deals ShardStart … prefix-1.
	prefix int64
}

// ResultsWriter writes the results (and, traced, moves) datasets of one
// tournament shard. It implements sim.Sink. Each partition
// (game, strategy) goes to
//
//	DIR/results/game=<id>/strategy=<id>/part-<index:05d>-of-<count:05d>.parquet
//	DIR/moves/game=<id>/strategy=<id>/part-<index:05d>-of-<count:05d>.parquet
//
// written under a hidden temporary name and renamed once its footer is
// written, so a file under a final name is always whole. A results file is
// committed as soon as it holds the shard's whole deal range (freeing its
// buffers); the others when Close is called. Close also
// writes DIR/_manifest-<index:05d>-of-<count:05d>.json listing this shard's
// files and row counts.
//
// Rows of one partition must arrive in increasing deal_index order (as the
// sim.Sink contract says). A ResultsWriter is safe for concurrent use, but
// calls are serialized. Memory is bounded by the open partitions: about
// 2–3 MB each (one row group of compressed pages plus small page buffers),
// whatever the number of rows.
type ResultsWriter struct {
	mu       sync.Mutex
	dir      string
	opt      ResultsOptions
	meta     Metadata
	name     string // part-xxxxx-of-yyyyy
	results  map[partKey]*part[sim.Result]
	moves    map[partKey]*part[sim.MoveRecord]
	order    []partKey // partitions in order of creation, for Close
	moveKeys []partKey
	existing map[string]map[partKey]existingPart // dataset → partitions found at start
	lastRes  *part[sim.Result]
	lastMove *part[sim.MoveRecord]
	codec    *zstdCodec
	err      error // first error; sticky
	closed   bool
}

var _ sim.Sink = (*ResultsWriter)(nil)

// NewResultsWriter returns a writer of one shard's results under dir. It
// removes temporary files left by an interrupted writer of the same shard.
// With opt.Resume it records this shard's existing part files, so that
// ResumePoint and KeepBefore can continue them. The manifest Close writes
// lists the files this writer wrote: a folder must hold one run (see
// OpenRunFolder), and files of another run are not adopted.
func NewResultsWriter(dir string, opt ResultsOptions) (*ResultsWriter, error) {
	if opt.ShardCount == 0 {
		opt.ShardCount = 1
	}
	if opt.ShardCount < 1 || opt.ShardIndex < 0 || opt.ShardIndex >= opt.ShardCount {
		return nil, fmt.Errorf("results writer: shard %d of %d out of range", opt.ShardIndex, opt.ShardCount)
	}
	if opt.RowGroupRows != 0 && (opt.RowGroupRows < MinRowGroupRows || opt.RowGroupRows > MaxRowGroupRows) {
		return nil, fmt.Errorf("results writer: row group size %d outside %d…%d", opt.RowGroupRows, MinRowGroupRows, MaxRowGroupRows)
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return nil, fmt.Errorf("results writer: %w", err)
	}
	w := &ResultsWriter{
		dir:      dir,
		opt:      opt,
		meta:     opt.Meta.withDefaults(),
		name:     PartName(opt.ShardIndex, opt.ShardCount),
		codec:    new(zstdCodec),
		results:  make(map[partKey]*part[sim.Result]),
		moves:    make(map[partKey]*part[sim.MoveRecord]),
		existing: map[string]map[partKey]existingPart{DatasetResults: {}, DatasetMoves: {}},
	}
	for _, ds := range []string{DatasetResults, DatasetMoves} {
		files, err := w.shardFiles(ds)
		if err != nil {
			return nil, err
		}
		for _, f := range files {
			if isTempName(filepath.Base(f.Path)) {
				if err := os.Remove(f.Path); err != nil {
					return nil, fmt.Errorf("results writer: remove stale %s: %w", f.Path, err)
				}
				continue
			}
			if !opt.Resume {
				continue
			}
			ep := existingPart{path: f.Path}
			if ds == DatasetResults {
				ep.prefix, err = completePrefix(f.Path, opt.ShardStart)
			} else {
				ep.prefix, err = movesPrefix(f.Path, opt.ShardStart, opt.ShardEnd)
			}
			if err != nil {
				return nil, fmt.Errorf("resume: %w", err)
			}
			w.existing[ds][partKey{f.Game, f.Strategy}] = ep
		}
	}
	return w, nil
}

// PartName returns the base name (without extension) of a shard's part
// files: part-<index:05d>-of-<count:05d>.
func PartName(index, count int) string {
	return fmt.Sprintf("part-%05d-of-%05d", index, count)
}

// shardFiles lists this shard's files of dataset (final and temporary).
func (w *ResultsWriter) shardFiles(dataset string) ([]PartFile, error) {
	all, err := listPartitioned(filepath.Join(w.dir, dataset), true)
	if err != nil {
		return nil, err
	}
	var out []PartFile
	for _, f := range all {
		if f.Shard == w.opt.ShardIndex && f.Count == w.opt.ShardCount {
			out = append(out, f)
		}
	}
	return out, nil
}

// completePrefix returns the first deal index ≥ start missing from the
// sequence start, start+1, … at the beginning of the results file at path.
func completePrefix(path string, start int64) (int64, error) {
	type dealOnly struct {
		DealIndex int64 `parquet:"deal_index"`
	}
	next := start
	stop := errors.New("stop")
	err := readParquet(path, 8192, func(rows []dealOnly) error {
		for _, r := range rows {
			if r.DealIndex != next {
				return stop
			}
			next++
		}
		return nil
	})
	if err != nil && err != stop {
		return 0, err
	}
	return next, nil
}

// movesPrefix returns the first deal index ≥ start whose moves the moves
// file at path may lack: the file's KeyDealsDone, or end for a complete
// file of an older writer, or start (nothing is known to be whole).
func movesPrefix(path string, start, end int64) (int64, error) {
	md, err := FileMetadata(path)
	if err != nil {
		return 0, err
	}
	if v, err := strconv.ParseInt(md[KeyDealsDone], 10, 64); err == nil && v >= start {
		if end > start {
			v = min(v, end)
		}
		return v, nil
	}
	if md[KeyComplete] == "true" && end > start {
		return end, nil
	}
	return start, nil
}

// datasets returns the datasets this shard writes for each partition: each
// is a unit of its own for Resume and Verify.
func (w *ResultsWriter) datasets() []string {
	if w.opt.Trace {
		return []string{DatasetResults, DatasetMoves}
	}
	return []string{DatasetResults}
}

// ResumePoint returns the deal index from which the partition (game,
// strategy) of this shard must be played again. With Resume it is the
// smallest, over the datasets the shard writes (results; moves with Trace),
// of the first deal index whose rows the dataset's existing part file may
// lack: ShardStart when a dataset has no file. For results that is the
// largest d such that the file's first rows are exactly the deals
// ShardStart … d-1 (rows after a gap are not counted); for moves the
// file's KeyDealsDone. Without Resume it is ShardStart. Call it before
// writing rows.
func (w *ResultsWriter) ResumePoint(game, strategy string) int64 {
	w.mu.Lock()
	defer w.mu.Unlock()
	if !w.opt.Resume {
		return w.opt.ShardStart
	}
	point := int64(math.MaxInt64)
	for _, ds := range w.datasets() {
		ep, ok := w.existing[ds][partKey{game, strategy}]
		if !ok {
			return w.opt.ShardStart
		}
		point = min(point, ep.prefix)
	}
	return max(point, w.opt.ShardStart)
}

// KeepBefore, with Resume, carries over the existing rows of game (every
// strategy, results and moves) whose deal_index is below deal: they are
// copied into the new part files, and the rest of the old files is dropped
// when Close replaces them. Call it once per game before writing that
// game's rows; the runner then writes rows from deal on. A partition of the
// game that receives no new rows still ends up with exactly its kept rows.
// Without Resume, KeepBefore does nothing. Errors are reported by the next
// call and by Close.
func (w *ResultsWriter) KeepBefore(game string, deal int64) {
	w.mu.Lock()
	defer w.mu.Unlock()
	if !w.opt.Resume || w.err != nil {
		return
	}
	keys := func(m map[partKey]existingPart) []partKey {
		var ks []partKey
		for k := range m {
			if k.game == game {
				ks = append(ks, k)
			}
		}
		sort.Slice(ks, func(i, j int) bool { return ks[i].strategy < ks[j].strategy })
		return ks
	}
	for _, k := range keys(w.existing[DatasetResults]) {
		if w.err = w.keepResults(k, deal); w.err != nil {
			return
		}
	}
	if w.opt.Trace {
		for _, k := range keys(w.existing[DatasetMoves]) {
			if w.err = w.keepMoves(k, deal); w.err != nil {
				return
			}
		}
	}
}

func (w *ResultsWriter) keepResults(k partKey, deal int64) error {
	if _, ok := w.results[k]; ok {
		return fmt.Errorf("resume: KeepBefore(%s) after rows of %s/%s were written", k.game, k.game, k.strategy)
	}
	ep := w.existing[DatasetResults][k]
	p, err := w.resultPart(k)
	if err != nil {
		return err
	}
	err = keepPrefix(ep.path, deal, func(r *sim.Result) int64 { return r.DealIndex }, func(rows []sim.Result) error {
		return writeResultRows(p, rows)
	})
	if err != nil {
		return fmt.Errorf("resume %s: %w", ep.path, err)
	}
	delete(w.existing[DatasetResults], k)
	return nil
}

func (w *ResultsWriter) keepMoves(k partKey, deal int64) error {
	if _, ok := w.moves[k]; ok {
		return fmt.Errorf("resume: KeepBefore(%s) after moves of %s/%s were written", k.game, k.game, k.strategy)
	}
	ep := w.existing[DatasetMoves][k]
	p, err := w.movePart(k)
	if err != nil {
		return err
	}
	err = keepPrefix(ep.path, deal, func(r *sim.MoveRecord) int64 { return r.DealIndex }, func(rows []sim.MoveRecord) error {
		return writeMoveRows(p, rows)
	})
	if err != nil {
		return fmt.Errorf("resume %s: %w", ep.path, err)
	}
	delete(w.existing[DatasetMoves], k)
	return nil
}

// partPath returns the final path of a partition's part file.
func (w *ResultsWriter) partPath(dataset string, k partKey) string {
	return filepath.Join(w.dir, dataset, "game="+k.game, "strategy="+k.strategy, w.name+".parquet")
}

// keepPrefix copies the rows of the part file at path whose deal index
// (dealOf) is below deal to write; the rows of a part file are in deal order.
func keepPrefix[T any](path string, deal int64, dealOf func(*T) int64, write func([]T) error) error {
	return readParquet(path, 4096, func(rows []T) error {
		n := 0
		for n < len(rows) && dealOf(&rows[n]) < deal {
			n++
		}
		if n == 0 {
			return nil
		}
		return write(rows[:n])
	})
}

func (w *ResultsWriter) resultPart(k partKey) (*part[sim.Result], error) {
	if p, ok := w.results[k]; ok {
		return p, nil
	}
	if err := checkPartitionValue("game", k.game); err != nil {
		return nil, err
	}
	if err := checkPartitionValue("strategy", k.strategy); err != nil {
		return nil, err
	}
	path := w.partPath(DatasetResults, k)
	f, err := createParquet[sim.Result](path, w.meta.pairs(DatasetResults), w.meta, w.opt.RowGroupRows, w.codec)
	if err != nil {
		return nil, err
	}
	p := &part[sim.Result]{key: k, path: path, file: f, next: w.opt.ShardStart, inSeq: true, prefix: w.opt.ShardStart}
	w.results[k] = p
	w.order = append(w.order, k)
	return p, nil
}

func (w *ResultsWriter) movePart(k partKey) (*part[sim.MoveRecord], error) {
	if p, ok := w.moves[k]; ok {
		return p, nil
	}
	if err := checkPartitionValue("game", k.game); err != nil {
		return nil, err
	}
	if err := checkPartitionValue("strategy", k.strategy); err != nil {
		return nil, err
	}
	path := w.partPath(DatasetMoves, k)
	f, err := createParquet[sim.MoveRecord](path, w.meta.pairs(DatasetMoves), w.meta, w.opt.RowGroupRows, w.codec)
	if err != nil {
		return nil, err
	}
	p := &part[sim.MoveRecord]{key: k, path: path, file: f, next: -1}
	w.moves[k] = p
	w.moveKeys = append(w.moveKeys, k)
	return p, nil
}

// checkPartitionValue rejects partition values that would not make a plain
// Hive path segment.
func checkPartitionValue(name, v string) error {
	if v == "" {
		return fmt.Errorf("results writer: empty %s", name)
	}
	for i := 0; i < len(v); i++ {
		c := v[i]
		if !(c >= 'a' && c <= 'z' || c >= '0' && c <= '9' || c == '-' || c == '_' || c == '.') || v == "." || v == ".." {
			return fmt.Errorf("results writer: %s %q: want lower-case letters, digits, '-', '_' or '.'", name, v)
		}
	}
	return nil
}

// writeResultRows appends result rows (all of partition p) and updates the
// bookkeeping.
func writeResultRows(p *part[sim.Result], rows []sim.Result) error {
	if p.entry != nil {
		return fmt.Errorf("results %s/%s: deal %d after the shard's last deal %d", p.key.game, p.key.strategy, rows[0].DealIndex, p.next-1)
	}
	if p.file.rows == 0 {
		p.min = rows[0].DealIndex
	}
	next, inSeq := p.next, p.inSeq
	for i := range rows {
		d := rows[i].DealIndex
		if d < next && p.file.rows+int64(i) > 0 {
			return fmt.Errorf("results %s/%s: deal %d after deal %d: rows must arrive in increasing deal order", p.key.game, p.key.strategy, d, next-1)
		}
		if d != next {
			inSeq = false
		}
		if inSeq {
			p.prefix = d + 1
		}
		next = d + 1
	}
	p.next, p.inSeq = next, inSeq
	return p.file.Write(rows)
}

// writeMoveRows appends move rows of partition p.
func writeMoveRows(p *part[sim.MoveRecord], rows []sim.MoveRecord) error {
	if p.file.rows == 0 {
		p.min = rows[0].DealIndex
	}
	last := rows[len(rows)-1].DealIndex
	if last+1 > p.next {
		p.next = last + 1
	}
	return p.file.Write(rows)
}

// WriteResults writes result rows; consecutive rows of the same partition
// are written as one batch.
func (w *ResultsWriter) WriteResults(rows []sim.Result) error {
	w.mu.Lock()
	defer w.mu.Unlock()
	if err := w.usable(); err != nil {
		return err
	}
	for i := 0; i < len(rows); {
		g, s := rows[i].Game, rows[i].Strategy
		j := i + 1
		for j < len(rows) && rows[j].Game == g && rows[j].Strategy == s {
			j++
		}
		p := w.lastRes
		if p == nil || p.key.game != g || p.key.strategy != s {
			var err error
			if p, err = w.resultPart(partKey{g, s}); err != nil {
				w.err = err
				return err
			}
			w.lastRes = p
		}
		if err := writeResultRows(p, rows[i:j]); err != nil {
			w.err = err
			return err
		}
		if w.rangeKnown() && p.inSeq && p.next == w.opt.ShardEnd {
			if err := w.commitResults(p); err != nil {
				w.err = err
				return err
			}
		}
		i = j
	}
	return nil
}

// rangeKnown reports whether the shard's deal range was given.
func (w *ResultsWriter) rangeKnown() bool { return w.opt.ShardEnd > w.opt.ShardStart }

// commitResults finalises a results partition.
func (w *ResultsWriter) commitResults(p *part[sim.Result]) error {
	c := w.rangeKnown() && p.inSeq && p.next == w.opt.ShardEnd
	e, err := commitPart(w, p.file, DatasetResults, p.key, p.min, p.next, p.prefix, c)
	p.entry = &e
	return err
}

// WriteMoves writes move rows when the writer traces; otherwise it discards
// them.
func (w *ResultsWriter) WriteMoves(rows []sim.MoveRecord) error {
	w.mu.Lock()
	defer w.mu.Unlock()
	if err := w.usable(); err != nil {
		return err
	}
	if !w.opt.Trace {
		return nil
	}
	for i := 0; i < len(rows); {
		g, s := rows[i].Game, rows[i].Strategy
		j := i + 1
		for j < len(rows) && rows[j].Game == g && rows[j].Strategy == s {
			j++
		}
		p := w.lastMove
		if p == nil || p.key.game != g || p.key.strategy != s {
			var err error
			if p, err = w.movePart(partKey{g, s}); err != nil {
				w.err = err
				return err
			}
			w.lastMove = p
		}
		if err := writeMoveRows(p, rows[i:j]); err != nil {
			w.err = err
			return err
		}
		i = j
	}
	return nil
}

func (w *ResultsWriter) usable() error {
	if w.closed {
		return errors.New("results writer: write after Close")
	}
	return w.err
}

// Manifest is the content of a shard's _manifest-<index>-of-<count>.json.
type Manifest struct {
	Dataset       string          `json:"dataset"`
	SchemaVersion string          `json:"schema_version"`
	ShardIndex    int             `json:"shard_index"`
	ShardCount    int             `json:"shard_count"`
	DealStart     int64           `json:"deal_start"`
	DealEnd       int64           `json:"deal_end"`
	Version       string          `json:"version"`
	Revision      string          `json:"revision"`
	Command       string          `json:"command"`
	MasterSeed    uint64          `json:"master_seed"`
	CatalogHash   string          `json:"catalog_hash"`
	Identity      *RunIdentity    `json:"identity,omitempty"`
	Created       time.Time       `json:"created"`
	Closed        time.Time       `json:"closed"`
	Complete      bool            `json:"complete"`
	Files         []ManifestEntry `json:"files"`
}

// ManifestEntry describes one part file of a shard.
type ManifestEntry struct {
	Dataset  string `json:"dataset"`
	Game     string `json:"game"`
	Strategy string `json:"strategy"`
	Path     string `json:"path"` // relative to the results folder, slash-separated
	Rows     int64  `json:"rows"`
	DealMin  int64  `json:"deal_min"`
	DealMax  int64  `json:"deal_max"`
	Complete bool   `json:"complete"`
	Bytes    int64  `json:"bytes"`
	SHA256   string `json:"sha256"`
}

// ManifestName returns the file name of a shard's manifest.
func ManifestName(index, count int) string {
	return "_manifest-" + PartName(index, count)[len("part-"):] + ".json"
}

// Close finalises every file: it writes each footer with the final
// metadata (rows, deal range, KeyComplete), renames the files to their
// final names and writes the shard's manifest. It is what the runner calls
// after an interrupted run too: the files then hold the rows received so far
// and say pasyans.complete=false. Close returns the first error of the
// writer's life; on error, files not yet committed are removed.
func (w *ResultsWriter) Close() error {
	w.mu.Lock()
	defer w.mu.Unlock()
	if w.closed {
		return errors.New("results writer: already closed")
	}
	w.closed = true
	if w.err != nil {
		w.closeFailed()
		return w.err
	}
	man := Manifest{
		Dataset: DatasetResults, SchemaVersion: SchemaVersion,
		ShardIndex: w.opt.ShardIndex, ShardCount: w.opt.ShardCount,
		DealStart: w.opt.ShardStart, DealEnd: w.opt.ShardEnd,
		Version: w.meta.Version, Revision: w.meta.Revision, Command: w.meta.Command,
		MasterSeed: w.meta.MasterSeed, CatalogHash: w.meta.CatalogHash, Identity: w.opt.Identity,
		Created: w.meta.Created, Complete: true,
	}
	if w.opt.Trace {
		// Every partition gets its moves file, if only an empty one (no
		// moves in the deals played): Verify and Resume then tell a lost
		// moves file from one with nothing to hold.
		for _, k := range w.order {
			if _, ok := w.moves[k]; !ok {
				if _, err := w.movePart(k); err != nil {
					w.closeFailed()
					return err
				}
			}
		}
	}
	complete := make(map[partKey]bool)
	done := make(map[partKey]int64)
	var firstErr error
	for _, k := range w.order {
		p := w.results[k]
		if p.entry == nil {
			if err := w.commitResults(p); err != nil && firstErr == nil {
				firstErr = err
			}
		}
		complete[k] = p.entry.Complete
		done[k] = p.prefix
		man.Files = append(man.Files, *p.entry)
	}
	for _, k := range w.moveKeys {
		// The moves of every deal whose results were written have been
		// written too (the runner delivers a batch's moves right after its
		// results), so the moves file holds whole the deals of the results'
		// complete prefix.
		p := w.moves[k]
		d, ok := done[k]
		if !ok {
			d = w.opt.ShardStart
		}
		e, err := commitPart(w, p.file, DatasetMoves, k, p.min, p.next, d, complete[k])
		if err != nil && firstErr == nil {
			firstErr = err
		}
		man.Files = append(man.Files, e)
	}
	if firstErr != nil {
		return firstErr
	}
	sort.Slice(man.Files, func(i, j int) bool { return man.Files[i].Path < man.Files[j].Path })
	for _, e := range man.Files {
		man.Complete = man.Complete && e.Complete
	}
	if len(man.Files) == 0 {
		// No rows: complete only when the shard's deal range is known to
		// be empty.
		man.Complete = w.opt.Identity != nil && w.opt.ShardEnd <= w.opt.ShardStart
	} else if man.Complete && w.opt.Identity != nil && w.opt.ShardEnd > w.opt.ShardStart {
		// A run interrupted before a game's first batch has no file for
		// that game: every game and strategy of the run needs its part.
		man.Complete = allParts(w.opt.Identity, man.Files)
	}
	man.Closed = time.Now().UTC()
	data, err := json.MarshalIndent(man, "", "  ")
	if err != nil {
		return fmt.Errorf("manifest: %w", err)
	}
	return writeAtomic(filepath.Join(w.dir, ManifestName(w.opt.ShardIndex, w.opt.ShardCount)), append(data, '\n'))
}

// closeFailed drops the files not yet committed.
func (w *ResultsWriter) closeFailed() {
	for _, k := range w.order {
		if w.results[k].entry == nil {
			w.results[k].file.Abort()
		}
	}
	for _, k := range w.moveKeys {
		w.moves[k].file.Abort()
	}
}

// allParts reports whether every game and strategy of the run id has a
// complete part of every dataset the run declares (RunIdentity.Datasets);
// files are the entries written.
func allParts(id *RunIdentity, files []ManifestEntry) bool {
	complete := make(map[[3]string]bool)
	for _, e := range files {
		if e.Complete {
			complete[[3]string{e.Dataset, e.Game, e.Strategy}] = true
		}
	}
	for _, ds := range id.Datasets() {
		for _, g := range id.Games {
			for _, st := range id.Strategies {
				if !complete[[3]string{ds, g.ID, st.Name}] {
					return false
				}
			}
		}
	}
	return true
}

// commitPart finalises one part file with its metadata and returns its manifest
// entry.
func commitPart[T any](w *ResultsWriter, f *parquetFile[T], dataset string, k partKey, min, next, done int64, complete bool) (ManifestEntry, error) {
	rows, a := f.rows, f.a
	f.SetMeta(KeyShardIndex, strconv.Itoa(w.opt.ShardIndex))
	f.SetMeta(KeyShardCount, strconv.Itoa(w.opt.ShardCount))
	f.SetMeta(KeyDealRange, fmt.Sprintf("%d-%d", w.opt.ShardStart, w.opt.ShardEnd))
	f.SetMeta(KeyGame, k.game)
	f.SetMeta(KeyStrategy, k.strategy)
	f.SetMeta(KeyRows, strconv.FormatInt(rows, 10))
	e := ManifestEntry{Dataset: dataset, Game: k.game, Strategy: k.strategy, Rows: rows, Complete: complete, DealMin: -1, DealMax: -1}
	if rows > 0 {
		e.DealMin, e.DealMax = min, next-1
		f.SetMeta(KeyDealMin, strconv.FormatInt(min, 10))
		f.SetMeta(KeyDealMax, strconv.FormatInt(next-1, 10))
	} else {
		f.SetMeta(KeyDealMin, "")
		f.SetMeta(KeyDealMax, "")
	}
	f.SetMeta(KeyComplete, strconv.FormatBool(complete))
	f.SetMeta(KeyDealsDone, strconv.FormatInt(done, 10))
	rel, _ := filepath.Rel(w.dir, a.final)
	e.Path = filepath.ToSlash(rel)
	if err := f.Commit(); err != nil {
		return e, err
	}
	e.Bytes, e.SHA256 = a.n, a.Sum()
	return e, nil
}

// describeExisting makes the manifest entry of a part file left from an
// earlier run, from its metadata and content.
func describeExisting(dir, dataset string, k partKey, path string) (ManifestEntry, error) {
	rel, _ := filepath.Rel(dir, path)
	e := ManifestEntry{Dataset: dataset, Game: k.game, Strategy: k.strategy, Path: filepath.ToSlash(rel), DealMin: -1, DealMax: -1}
	md, err := FileMetadata(path)
	if err != nil {
		return e, err
	}
	e.Rows, _ = strconv.ParseInt(md[KeyRows], 10, 64)
	if v, err := strconv.ParseInt(md[KeyDealMin], 10, 64); err == nil {
		e.DealMin = v
	}
	if v, err := strconv.ParseInt(md[KeyDealMax], 10, 64); err == nil {
		e.DealMax = v
	}
	e.Complete = md[KeyComplete] == "true"
	sum, n, err := hashFile(path)
	e.SHA256, e.Bytes = sum, n
	return e, err
}
