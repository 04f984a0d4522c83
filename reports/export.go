package reports

import (
	"cmp"
	"context"
	"encoding/json"
	"fmt"
	"path/filepath"
	"slices"
	"strconv"
	"time"

	"github.com/pasyans/pasyans/sim"
)

// Formats accepted by the exporters.
const (
	FormatParquet = "parquet"
	FormatArrow   = "arrow"
)

// tableWriter is a Parquet or Arrow file being written.
type tableWriter[T any] interface {
	Write(rows []T) error
	Commit() error
	Abort()
}

// createTable starts a file of the given format with the metadata kv.
func createTable[T any](path, format string, kv [][2]string, rowGroupRows int64, codec *zstdCodec, arrowCompression string) (tableWriter[T], error) {
	switch format {
	case FormatParquet:
		return createParquet[T](path, kv, Metadata{Version: kvValue(kv, KeyVersion), Revision: kvValue(kv, KeyRevision)}, rowGroupRows, codec)
	case FormatArrow:
		return createArrow[T](path, kv, arrowCompression)
	}
	return nil, fmt.Errorf("unknown format %q (want parquet or arrow)", format)
}

func kvValue(kv [][2]string, key string) string {
	for _, e := range kv {
		if e[0] == key {
			return e[1]
		}
	}
	return ""
}

// ext returns the file extension of a format (".parquet", ".arrow").
func ext(format string) string { return "." + format }

// ExportTable writes rows as dir/<dataset>.<format> and returns the path.
// KeyComplete is "true" unless meta.Incomplete.
func ExportTable[T any](dir, dataset, format string, rows []T, meta Metadata) (string, error) {
	path := filepath.Join(dir, dataset+ext(format))
	return path, ExportTableFile(path, dataset, format, rows, meta)
}

// ExportTableFile writes rows as the file path, a table of the named
// dataset in the given format, with the metadata of ExportTable.
func ExportTableFile[T any](path, dataset, format string, rows []T, meta Metadata) error {
	meta = meta.withDefaults()
	kv := append(meta.pairs(dataset), [2]string{KeyRows, strconv.Itoa(len(rows))}, [2]string{KeyComplete, strconv.FormatBool(!meta.Incomplete)})
	w, err := createTable[T](path, format, kv, 0, new(zstdCodec), meta.ArrowCompression)
	if err != nil {
		return err
	}
	if err := w.Write(rows); err != nil {
		w.Abort()
		return err
	}
	return w.Commit()
}

// ExportResults copies the results (and moves, if any) dataset under src
// into out in the given format, merging the shards: each partition becomes
// out/<dataset>/game=<id>/strategy=<id>/part-00000-of-00001.<format>. The
// rows keep their order (shards in index order, deals increasing within
// each). Metadata: meta's provenance of the export, the source's master
// seed and catalog hash (or "mixed"), shard 0 of 1, the merged deal range,
// and KeyComplete true when every source file was complete and the merged
// deals are contiguous. Overlapping shards are an error. A Parquet export
// also gets the manifest _manifest-00000-of-00001.json (see Verify). It
// returns the files written.
func ExportResults(ctx context.Context, src, out, format string, meta Metadata) ([]string, error) {
	meta = meta.withDefaults()
	var written []string
	man := Manifest{Dataset: DatasetResults, SchemaVersion: SchemaVersion, ShardIndex: 0, ShardCount: 1, DealStart: -1, DealEnd: -1,
		Version: meta.Version, Revision: meta.Revision, Command: meta.Command, MasterSeed: meta.MasterSeed,
		CatalogHash: meta.CatalogHash, Created: meta.Created, Complete: true}
	for _, ds := range []string{DatasetResults, DatasetMoves} {
		parts, err := ListParts(datasetDir(src, ds))
		if err != nil {
			return written, err
		}
		if ds == DatasetResults && len(parts) == 0 {
			return nil, fmt.Errorf("%s: no results part files", src)
		}
		codec := new(zstdCodec)
		for i := 0; i < len(parts); {
			j := i
			for j < len(parts) && parts[j].Game == parts[i].Game && parts[j].Strategy == parts[i].Strategy {
				j++
			}
			path := filepath.Join(out, ds, "game="+parts[i].Game, "strategy="+parts[i].Strategy, PartName(0, 1)+ext(format))
			var err error
			if ds == DatasetResults {
				err = mergeParts[sim.Result](ctx, path, ds, format, parts[i:j], meta, codec)
			} else {
				err = mergeParts[sim.MoveRecord](ctx, path, ds, format, parts[i:j], meta, codec)
			}
			if err != nil {
				return written, err
			}
			written = append(written, path)
			if format == FormatParquet {
				e, err := describeExisting(out, ds, partKey{parts[i].Game, parts[i].Strategy}, path)
				if err != nil {
					return written, err
				}
				man.Complete = man.Complete && (e.Complete || ds == DatasetMoves)
				if ds == DatasetResults && e.Rows > 0 {
					if man.DealStart < 0 || e.DealMin < man.DealStart {
						man.DealStart = e.DealMin
					}
					man.DealEnd = max(man.DealEnd, e.DealMax+1)
				}
				man.Files = append(man.Files, e)
			}
			i = j
		}
	}
	if format == FormatParquet {
		// A manifest, so that "pasyans report --verify" accepts the export.
		man.Closed = time.Now().UTC()
		data, err := json.MarshalIndent(man, "", "  ")
		if err != nil {
			return written, fmt.Errorf("manifest: %w", err)
		}
		path := filepath.Join(out, ManifestName(0, 1))
		if err := writeAtomic(path, append(data, '\n')); err != nil {
			return written, err
		}
		written = append(written, path)
	}
	return written, nil
}

// mergeParts writes the part files of one partition as one file.
func mergeParts[T any](ctx context.Context, path, dataset, format string, parts []PartFile, meta Metadata, codec *zstdCodec) error {
	type src struct {
		md       map[string]string
		min, max int64
		rows     int64
	}
	srcs := make([]src, len(parts))
	seeds, hashes := map[string]bool{}, map[string]bool{}
	var rows int64
	complete := true
	for i, p := range parts {
		md, err := FileMetadata(p.Path)
		if err != nil {
			return err
		}
		if md[KeyDataset] != dataset {
			return fmt.Errorf("%s: dataset %q, want %q", p.Path, md[KeyDataset], dataset)
		}
		n, err := strconv.ParseInt(md[KeyRows], 10, 64)
		if err != nil {
			return fmt.Errorf("%s: bad %s %q", p.Path, KeyRows, md[KeyRows])
		}
		s := src{md: md, rows: n, min: -1, max: -1}
		if n > 0 {
			if s.min, err = strconv.ParseInt(md[KeyDealMin], 10, 64); err != nil {
				return fmt.Errorf("%s: bad %s %q", p.Path, KeyDealMin, md[KeyDealMin])
			}
			if s.max, err = strconv.ParseInt(md[KeyDealMax], 10, 64); err != nil {
				return fmt.Errorf("%s: bad %s %q", p.Path, KeyDealMax, md[KeyDealMax])
			}
		}
		srcs[i] = s
		rows += n
		seeds[md[KeyMasterSeed]] = true
		hashes[md[KeyCatalogHash]] = true
		complete = complete && md[KeyComplete] == "true"
	}
	// Order the sources by deal range (shards in index order already are).
	order := make([]int, len(parts))
	for i := range order {
		order[i] = i
	}
	slices.SortStableFunc(order, func(a, b int) int { return cmp.Compare(srcs[a].min, srcs[b].min) })
	dmin, dmax := int64(-1), int64(-1)
	for _, i := range order {
		s := srcs[i]
		if s.rows == 0 {
			continue
		}
		if dmin < 0 {
			dmin = s.min
		} else if s.min <= dmax {
			return fmt.Errorf("%s: deals %d–%d overlap another shard's (up to %d)", parts[i].Path, s.min, s.max, dmax)
		} else if dataset == DatasetResults && s.min != dmax+1 {
			complete = false
		}
		dmax = s.max
	}
	one := func(m map[string]bool) string {
		if len(m) == 1 {
			for k := range m {
				return k
			}
		}
		return "mixed"
	}
	kv := meta.pairs(dataset)
	kv = setKV(kv, KeyMasterSeed, one(seeds))
	kv = setKV(kv, KeyCatalogHash, one(hashes))
	kv = append(kv,
		[2]string{KeyShardIndex, "0"}, [2]string{KeyShardCount, "1"},
		[2]string{KeyGame, parts[0].Game}, [2]string{KeyStrategy, parts[0].Strategy},
		[2]string{KeyRows, strconv.FormatInt(rows, 10)},
		[2]string{KeyDealRange, fmt.Sprintf("%d-%d", max(dmin, 0), dmax+1)},
		[2]string{KeyDealMin, optInt(dmin)}, [2]string{KeyDealMax, optInt(dmax)},
		// A moves partition may be complete and empty (no moves in its deals).
		[2]string{KeyComplete, strconv.FormatBool(complete && (rows > 0 || dataset == DatasetMoves))},
	)
	w, err := createTable[T](path, format, kv, 0, codec, meta.ArrowCompression)
	if err != nil {
		return err
	}
	var got int64
	for _, i := range order {
		err := readParquet(parts[i].Path, readBatch, func(b []T) error {
			if err := ctx.Err(); err != nil {
				return err
			}
			got += int64(len(b))
			return w.Write(b)
		})
		if err != nil {
			w.Abort()
			return err
		}
	}
	if got != rows {
		w.Abort()
		return fmt.Errorf("%s/%s: read %d rows, the files' metadata says %d", parts[0].Game, parts[0].Strategy, got, rows)
	}
	return w.Commit()
}

func optInt(v int64) string {
	if v < 0 {
		return ""
	}
	return strconv.FormatInt(v, 10)
}

// setKV replaces the value of key in kv.
func setKV(kv [][2]string, key, value string) [][2]string {
	for i := range kv {
		if kv[i][0] == key {
			kv[i][1] = value
			return kv
		}
	}
	return append(kv, [2]string{key, value})
}
