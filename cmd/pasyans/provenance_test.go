package main

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/pasyans/pasyans/reports"
)

// extraKeys returns the sorted pasyans.extra.* keys of a Parquet file.
func extraKeys(t *testing.T, path string) []string {
	t.Helper()
	md, err := reports.FileMetadata(path)
	if err != nil {
		t.Fatal(err)
	}
	var keys []string
	for k := range md {
		if strings.HasPrefix(k, reports.KeyExtraPrefix) {
			keys = append(keys, k)
		}
	}
	slices.Sort(keys)
	return keys
}

// TestRunAndTournamentProvenance checks that every dataset "pasyans run"
// writes carries the same pasyans.extra.* provenance keys as the results of
// "pasyans tournament" (one metadata builder for every writer), with the
// run's values.
func TestRunAndTournamentProvenance(t *testing.T) {
	tour := filepath.Join(t.TempDir(), "t")
	if _, stderr, code := runTourCLI(t, "tournament", "--games", "napoleon", "--strategies", "random", "--deals", "5",
		"--quiet", "--out", tour); code != 0 {
		t.Fatalf("tournament: exit %d: %s", code, stderr)
	}
	want := extraKeys(t, filepath.Join(tour, "results/game=napoleon/strategy=random/part-00000-of-00001.parquet"))
	if len(want) < 8 || !slices.Contains(want, reports.KeyExtraPrefix+"run_id") {
		t.Fatalf("tournament provenance keys %v", want)
	}
	out := filepath.Join(t.TempDir(), "r")
	runSample(t, out, "--deals", "6", "--solver-deals", "2", "--games", "napoleon")
	n := 0
	err := filepath.WalkDir(out, func(p string, d os.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.HasSuffix(p, ".parquet") {
			return err
		}
		n++
		// pasyans.extra.edit_classes is content, not provenance: the
		// tokens dataset's counts of edits by class.
		got := slices.DeleteFunc(extraKeys(t, p), func(k string) bool { return k == reports.KeyExtraPrefix+"edit_classes" })
		if !slices.Equal(got, want) {
			t.Errorf("%s: provenance keys %v, want those of tournament %v", p, got, want)
		}
		md, _ := reports.FileMetadata(p)
		if md[reports.KeyExtraPrefix+"games"] != "napoleon" || md[reports.KeyMasterSeed] != "1" {
			t.Errorf("%s: games %q, master seed %q", p, md[reports.KeyExtraPrefix+"games"], md[reports.KeyMasterSeed])
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if n < 9 { // corpus_blocks, corpus_tokens, rules, summary, paired, 3 results, 1 solver
		t.Fatalf("only %d Parquet files under %s", n, out)
	}
}
