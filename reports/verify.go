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

	"github.com/pasyans/pasyans/sim"
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
// manifest and is complete (a shard with no deals is complete with no
// files), every manifest describes the same run (identity, master seed,
// rule catalog) as the others and as the folder's run file, every file a
// manifest lists is inside the folder and exists with the listed size,
// SHA-256, row count and run, and every part file of results/ and moves/
// is listed by some manifest. Problems are reported in the Verification;
// the error is for a folder that cannot be read.
func Verify(ctx context.Context, dir string) (*Verification, error) {
	return check(ctx, dir, true)
}

// Status is Verify without the checksums: a quick look at whether dir
// holds one complete run, for report and export to warn about.
func Status(ctx context.Context, dir string) (*Verification, error) {
	return check(ctx, dir, false)
}

// verifier is one check of a folder in progress.
type verifier struct {
	ctx       context.Context
	dir       string
	checksums bool
	v         *Verification
	shards    map[int]bool
	// ranges are the deal ranges [start, end) the manifests give, by
	// shard index.
	ranges map[int][2]int64
	// listed maps each part file listed so far to its manifest's name.
	listed map[string]string
	// first is the first manifest read, that the others must agree with.
	first     *Manifest
	firstName string
}

func (c *verifier) problem(format string, a ...any) {
	c.v.Problems = append(c.v.Problems, fmt.Sprintf(format, a...))
	c.v.Complete = false
}

// check is Verify, with or without the checksums.
func check(ctx context.Context, dir string, checksums bool) (*Verification, error) {
	ents, err := os.ReadDir(dir)
	if err != nil {
		return nil, fileError(dir, "verify", err)
	}
	c := &verifier{ctx: ctx, dir: dir, checksums: checksums, v: &Verification{Complete: true}, shards: map[int]bool{}, ranges: map[int][2]int64{}, listed: map[string]string{}}
	for _, e := range ents {
		m := manifestRE.FindStringSubmatch(e.Name())
		if m == nil {
			continue
		}
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		if err := c.manifest(e.Name(), m); err != nil {
			return nil, err
		}
	}
	if err := c.finish(); err != nil {
		return nil, err
	}
	sort.Strings(c.v.Problems)
	return c.v, nil
}

// manifest checks one shard manifest and the files it lists.
func (c *verifier) manifest(name string, m []string) error {
	idx, _ := strconv.Atoi(m[1])
	cnt, _ := strconv.Atoi(m[2])
	if c.v.ShardCount == 0 {
		c.v.ShardCount = cnt
	} else if cnt != c.v.ShardCount {
		c.problem("%s: shard count %d, other manifests say %d", name, cnt, c.v.ShardCount)
		return nil
	}
	if idx >= cnt {
		c.problem("%s: shard index %d out of range for %d shards", name, idx, cnt)
		return nil
	}
	data, err := os.ReadFile(filepath.Join(c.dir, name))
	if err != nil {
		return fileError(filepath.Join(c.dir, name), "verify", err)
	}
	var man Manifest
	if err := json.Unmarshal(data, &man); err != nil {
		c.problem("%s: not a valid manifest: %v", name, err)
		return nil
	}
	if man.ShardIndex != idx || man.ShardCount != cnt {
		// A manifest copied or renamed to another index would make shard
		// idx look present while its deals were never played.
		c.problem("%s: holds the manifest of shard %d of %d (duplicated index %d: a copied or renamed manifest?)", name, man.ShardIndex, man.ShardCount, man.ShardIndex)
		return nil
	}
	c.shards[idx] = true
	c.ranges[idx] = [2]int64{man.DealStart, man.DealEnd}
	c.v.Shards++
	if !man.Complete {
		c.problem("shard %d of %d is incomplete (interrupted run?)", idx, cnt)
	}
	c.sameRun(name, &man)
	for _, f := range man.Files {
		if err := c.ctx.Err(); err != nil {
			return err
		}
		c.file(name, &man, f)
	}
	return nil
}

// sameRun checks that a manifest describes the same run as the first one.
func (c *verifier) sameRun(name string, man *Manifest) {
	if c.first == nil {
		c.first, c.firstName = man, name
		return
	}
	a, b := c.first, man
	if a.MasterSeed != b.MasterSeed {
		c.problem("mixed runs: %s has master seed %d, %s %d", c.firstName, a.MasterSeed, name, b.MasterSeed)
	}
	if a.CatalogHash != b.CatalogHash {
		c.problem("mixed runs: %s and %s have different rule catalogs", c.firstName, name)
	}
	if a.Identity != nil && b.Identity != nil {
		for _, d := range b.Identity.Differences(*a.Identity) {
			if d.Flag != "--seed" && d.Flag != "rule catalog" {
				c.problem("mixed runs: %s has %s %s, %s %s", name, d.Flag, d.Got, c.firstName, d.Want)
			}
		}
	}
}

// file checks one file a manifest lists.
func (c *verifier) file(manName string, man *Manifest, f ManifestEntry) {
	rel := filepath.FromSlash(f.Path)
	if filepath.IsAbs(rel) || !filepath.IsLocal(rel) {
		c.problem("%s: lists %q, a path outside the folder", manName, f.Path)
		return
	}
	path := filepath.Join(c.dir, rel)
	if other, ok := c.listed[path]; ok {
		c.problem("%s: listed by both %s and %s (duplicated shard?)", f.Path, other, manName)
		return
	}
	c.listed[path] = manName
	c.v.Files++
	c.v.Rows += f.Rows
	if c.checksums {
		sum, n, err := hashFile(path)
		if err != nil {
			c.problem("%s: listed by %s but cannot be read: %v", f.Path, manName, err)
			return
		}
		if n != f.Bytes || sum != f.SHA256 {
			c.problem("%s: size or SHA-256 differs from %s (changed after the run?)", f.Path, manName)
			return
		}
	}
	md, err := FileMetadata(path)
	if err != nil {
		c.problem("%v", err)
		return
	}
	if md[KeyShardIndex] != strconv.Itoa(man.ShardIndex) || md[KeyShardCount] != strconv.Itoa(man.ShardCount) {
		c.problem("%s: a part of shard %s of %s, listed by %s", f.Path, md[KeyShardIndex], md[KeyShardCount], manName)
	}
	if md[KeyRows] != strconv.FormatInt(f.Rows, 10) {
		c.problem("%s: %s %s, manifest says %d", f.Path, KeyRows, md[KeyRows], f.Rows)
	}
	if !f.Complete && man.Complete {
		c.problem("%s: incomplete, but %s says the shard is complete", f.Path, manName)
	}
	if man.Identity != nil {
		if id := md[KeyExtraPrefix+"run_id"]; id != man.Identity.Hash() {
			c.problem("%s: written by run %q, %s is run %q (mixed variants or parameters?)", f.Path, id, manName, man.Identity.Hash())
		}
	}
}

// dealRanges checks that the shards' deal ranges are those of one run:
// each shard's the range sim.ShardRange gives it when the manifests carry
// the run's identity, and next to each other (shard i ends where shard i+1
// starts) in any case, so that no deal is played twice or left out.
func (c *verifier) dealRanges() {
	for i := 0; i < c.v.ShardCount; i++ {
		r, ok := c.ranges[i]
		if !ok {
			continue
		}
		if c.first != nil && c.first.Identity != nil && c.first.Identity.Deals > 0 {
			lo, hi := sim.ShardRange(c.first.Identity.Deals, i, c.v.ShardCount)
			if r != [2]int64{lo, hi} {
				c.problem("shard %d of %d: deals [%d, %d), the run's shard %d is [%d, %d)", i, c.v.ShardCount, r[0], r[1], i, lo, hi)
			}
		}
		if n, ok := c.ranges[i+1]; ok && n[0] != r[1] {
			c.problem("shards %d and %d of %d: deals [%d, %d) and [%d, %d) do not meet (overlap or gap)", i, i+1, c.v.ShardCount, r[0], r[1], n[0], n[1])
		}
	}
}

// finish checks the shards as a whole: all present, every part file
// listed, the run file agreeing.
func (c *verifier) finish() error {
	if c.v.Shards == 0 {
		c.problem("%s: no shard manifests (_manifest-*-of-*.json)", c.dir)
	}
	var missing []int
	for i := 0; i < c.v.ShardCount; i++ {
		if !c.shards[i] {
			missing = append(missing, i)
		}
	}
	if len(missing) > 0 {
		c.problem("missing shards %v of %d", missing, c.v.ShardCount)
	}
	c.dealRanges()
	for _, ds := range []string{DatasetResults, DatasetMoves} {
		parts, err := ListParts(filepath.Join(c.dir, ds))
		if err != nil {
			return err
		}
		for _, p := range parts {
			if c.listed[p.Path] == "" {
				rel, _ := filepath.Rel(c.dir, p.Path)
				c.problem("%s: not listed by any manifest (left from another run?)", filepath.ToSlash(rel))
			}
		}
	}
	rf, ok, err := ReadRunFile(c.dir)
	if err != nil {
		c.problem("%v", err)
	} else if ok && c.first != nil && c.first.Identity != nil {
		for _, d := range c.first.Identity.Differences(rf.Identity) {
			c.problem("mixed runs: %s has %s %s, %s says %s", c.firstName, d.Flag, d.Got, RunFileName, d.Want)
		}
	}
	return nil
}
