package reports

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strconv"
)

// Verification is the result of Verify.
type Verification struct {
	// ShardCount is the shard count of the manifests (0 if none was found).
	ShardCount int
	// Shards is the number of shard manifests found.
	Shards int
	// Files and Rows count the part files listed by the manifests and their
	// rows (results and moves).
	Files int
	Rows  int64
	// Complete is true when every shard is present, every file checks out,
	// every file is complete and no problem was found.
	Complete bool
	// Problems lists what is wrong, one line each.
	Problems []string
}

var manifestRE = regexp.MustCompile(`^_manifest-(\d{5,})-of-(\d{5,})\.json$`)

// Verify checks a tournament folder (one run, or the shards of a run copied
// together) against its shard manifests: every shard 0 … count-1 has a
// manifest, every file a manifest lists exists with the listed size,
// SHA-256 and row count, and every part file of results/ and moves/ is
// listed by some manifest. Problems are reported in the Verification; the
// error is for a folder that cannot be read.
func Verify(ctx context.Context, dir string) (*Verification, error) {
	ents, err := os.ReadDir(dir)
	if err != nil {
		return nil, fileError(dir, "verify", err)
	}
	v := &Verification{Complete: true}
	problem := func(format string, a ...any) {
		v.Problems = append(v.Problems, fmt.Sprintf(format, a...))
		v.Complete = false
	}
	shards := map[int]bool{}
	listed := map[string]bool{}
	for _, e := range ents {
		m := manifestRE.FindStringSubmatch(e.Name())
		if m == nil {
			continue
		}
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		idx, _ := strconv.Atoi(m[1])
		cnt, _ := strconv.Atoi(m[2])
		if v.ShardCount == 0 {
			v.ShardCount = cnt
		} else if cnt != v.ShardCount {
			problem("%s: shard count %d, other manifests say %d", e.Name(), cnt, v.ShardCount)
			continue
		}
		if idx >= cnt {
			problem("%s: shard index %d out of range for %d shards", e.Name(), idx, cnt)
			continue
		}
		data, err := os.ReadFile(filepath.Join(dir, e.Name()))
		if err != nil {
			return nil, fileError(filepath.Join(dir, e.Name()), "verify", err)
		}
		var man Manifest
		if err := json.Unmarshal(data, &man); err != nil {
			problem("%s: not a valid manifest: %v", e.Name(), err)
			continue
		}
		shards[idx] = true
		v.Shards++
		if !man.Complete {
			problem("shard %d of %d is incomplete (interrupted run?)", idx, cnt)
		}
		for _, f := range man.Files {
			if err := ctx.Err(); err != nil {
				return nil, err
			}
			path := filepath.Join(dir, filepath.FromSlash(f.Path))
			listed[path] = true
			v.Files++
			v.Rows += f.Rows
			sum, n, err := hashFile(path)
			if err != nil {
				problem("%s: listed by %s but cannot be read: %v", f.Path, e.Name(), err)
				continue
			}
			if n != f.Bytes || sum != f.SHA256 {
				problem("%s: size or SHA-256 differs from %s (changed after the run?)", f.Path, e.Name())
				continue
			}
			md, err := FileMetadata(path)
			if err != nil {
				problem("%v", err)
				continue
			}
			if md[KeyRows] != strconv.FormatInt(f.Rows, 10) {
				problem("%s: %s %s, manifest says %d", f.Path, KeyRows, md[KeyRows], f.Rows)
			}
		}
	}
	if v.Shards == 0 {
		problem("%s: no shard manifests (_manifest-*-of-*.json)", dir)
	}
	var missing []int
	for i := 0; i < v.ShardCount; i++ {
		if !shards[i] {
			missing = append(missing, i)
		}
	}
	if len(missing) > 0 {
		problem("missing shards %v of %d", missing, v.ShardCount)
	}
	for _, ds := range []string{DatasetResults, DatasetMoves} {
		parts, err := ListParts(filepath.Join(dir, ds))
		if err != nil {
			return nil, err
		}
		for _, p := range parts {
			if !listed[p.Path] {
				rel, _ := filepath.Rel(dir, p.Path)
				problem("%s: not listed by any manifest (left from another run?)", filepath.ToSlash(rel))
			}
		}
	}
	sort.Strings(v.Problems)
	return v, nil
}
