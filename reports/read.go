package reports

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strconv"
	"strings"

	"github.com/pasyans/pasyans/sim"
)

// PartFile is one part file of a partitioned dataset (results or moves).
type PartFile struct {
	// Path is the file's path.
	Path string
	// Game and Strategy are the partition values from the path.
	Game, Strategy string
	// Shard and Count are the shard index and count from the file name.
	Shard, Count int
}

// partNameRE matches part file names (final, or temporary when hidden).
var partNameRE = regexp.MustCompile(`^\.?part-(\d{5,})-of-(\d{5,})\.(parquet|arrow)(\.[0-9a-f]+\.tmp)?$`)

// ListParts returns the final Parquet part files of a partitioned dataset
// folder (e.g. DIR/results), sorted by game, strategy and shard. A folder
// that does not exist has no parts.
func ListParts(dir string) ([]PartFile, error) {
	return listPartitioned(dir, false)
}

// listPartitioned walks dir/game=*/strategy=*/ for part files; withTemp
// includes the temporary files of writers (hidden, ending in .tmp).
func listPartitioned(dir string, withTemp bool) ([]PartFile, error) {
	games, err := os.ReadDir(dir)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, nil
	}
	if err != nil {
		return nil, fileError(dir, "list", err)
	}
	var out []PartFile
	for _, g := range games {
		game, ok := strings.CutPrefix(g.Name(), "game=")
		if !ok || !g.IsDir() {
			continue
		}
		gdir := filepath.Join(dir, g.Name())
		strats, err := os.ReadDir(gdir)
		if err != nil {
			return nil, fileError(gdir, "list", err)
		}
		for _, s := range strats {
			strategy, ok := strings.CutPrefix(s.Name(), "strategy=")
			if !ok || !s.IsDir() {
				continue
			}
			sdir := filepath.Join(gdir, s.Name())
			files, err := os.ReadDir(sdir)
			if err != nil {
				return nil, fileError(sdir, "list", err)
			}
			for _, f := range files {
				m := partNameRE.FindStringSubmatch(f.Name())
				if m == nil || f.IsDir() {
					continue
				}
				temp := isTempName(f.Name())
				if temp != (m[4] != "") || (temp && !withTemp) || (!temp && m[3] != "parquet") {
					continue
				}
				idx, _ := strconv.Atoi(m[1])
				cnt, _ := strconv.Atoi(m[2])
				out = append(out, PartFile{Path: filepath.Join(sdir, f.Name()), Game: game, Strategy: strategy, Shard: idx, Count: cnt})
			}
		}
	}
	sort.Slice(out, func(i, j int) bool {
		a, b := out[i], out[j]
		if a.Game != b.Game {
			return a.Game < b.Game
		}
		if a.Strategy != b.Strategy {
			return a.Strategy < b.Strategy
		}
		if a.Count != b.Count {
			return a.Count < b.Count
		}
		if a.Shard != b.Shard {
			return a.Shard < b.Shard
		}
		return a.Path < b.Path
	})
	return out, nil
}

// readBatch is the number of rows the readers pass at a time.
const readBatch = 8192

// ReadResults streams every row of the results dataset under dir (the
// folder holding results/, or the results/ folder itself) to fn, part file
// by part file in ListParts order, in batches. Game and Strategy are filled
// from the partition path. The batch slice is reused between calls: copy
// rows to keep them. It returns an error naming the file for a file that is
// not a valid results file, and ctx's error when cancelled.
func ReadResults(ctx context.Context, dir string, fn func([]sim.Result) error) error {
	parts, err := ListParts(datasetDir(dir, DatasetResults))
	if err != nil {
		return err
	}
	if len(parts) == 0 {
		return fmt.Errorf("%s: no results part files (want results/game=<id>/strategy=<id>/part-*.parquet)", dir)
	}
	return readPartitioned(ctx, parts, DatasetResults, func(r *sim.Result, game, strategy string) {
		r.Game, r.Strategy = game, strategy
	}, fn)
}

// ReadMoves streams every row of the moves dataset under dir like
// ReadResults. A folder without moves/ has no rows (and no error).
func ReadMoves(ctx context.Context, dir string, fn func([]sim.MoveRecord) error) error {
	parts, err := ListParts(datasetDir(dir, DatasetMoves))
	if err != nil {
		return err
	}
	return readPartitioned(ctx, parts, DatasetMoves, func(r *sim.MoveRecord, game, strategy string) {
		r.Game, r.Strategy = game, strategy
	}, fn)
}

// readPartitioned streams the rows of the part files of one Hive-partitioned
// dataset to fn, with the partition keys filled in from each file's path by
// setKeys.
func readPartitioned[T any](ctx context.Context, parts []PartFile, dataset string, setKeys func(*T, string, string), fn func([]T) error) error {
	for _, p := range parts {
		if err := checkDataset(p.Path, dataset); err != nil {
			return err
		}
		err := readParquet(p.Path, readBatch, func(rows []T) error {
			if err := ctx.Err(); err != nil {
				return err
			}
			for i := range rows {
				setKeys(&rows[i], p.Game, p.Strategy)
			}
			return fn(rows)
		})
		if err != nil {
			return err
		}
	}
	return nil
}

// datasetDir returns dir/name unless dir itself is the dataset folder.
func datasetDir(dir, name string) string {
	if filepath.Base(filepath.Clean(dir)) == name {
		return dir
	}
	return filepath.Join(dir, name)
}

// checkDataset verifies that the Parquet file at path says it belongs to
// dataset.
func checkDataset(path, dataset string) error {
	md, err := FileMetadata(path)
	if err != nil {
		return err
	}
	if got := md[KeyDataset]; got != dataset {
		return fmt.Errorf("%s: dataset %q, want %q", path, got, dataset)
	}
	if v := md[KeySchemaVersion]; v != SchemaVersion {
		return fmt.Errorf("%s: schema version %q, this pasyans reads %q", path, v, SchemaVersion)
	}
	return nil
}
