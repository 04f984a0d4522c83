package reports

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/pasyans/pasyans/sim"
)

func TestVerify(t *testing.T) {
	dir := t.TempDir()
	for i := 0; i < 3; i++ {
		lo, hi := int64(i*10), int64(i*10+10)
		w, err := NewResultsWriter(dir, ResultsOptions{ShardIndex: i, ShardCount: 3, ShardStart: lo, ShardEnd: hi})
		if err != nil {
			t.Fatal(err)
		}
		if err := w.WriteResults(synthRows([]string{"shah", "sultan"}, []string{"greedy"}, lo, hi)); err != nil {
			t.Fatal(err)
		}
		if err := w.Close(); err != nil {
			t.Fatal(err)
		}
	}
	v, err := Verify(context.Background(), dir)
	if err != nil {
		t.Fatal(err)
	}
	if !v.Complete || v.Shards != 3 || v.Files != 6 || v.Rows != 60 || len(v.Problems) != 0 {
		t.Fatalf("verify: %+v", v)
	}
	// A missing shard, a changed file and a stray file are all reported.
	os.Remove(filepath.Join(dir, ManifestName(1, 3)))
	p := filepath.Join(dir, "results/game=shah/strategy=greedy/part-00002-of-00003.parquet")
	data, _ := os.ReadFile(p)
	data[len(data)/2] ^= 0xff
	os.WriteFile(p, data, 0o644)
	stray := filepath.Join(dir, "results/game=shah/strategy=random/part-00000-of-00001.parquet")
	os.MkdirAll(filepath.Dir(stray), 0o755)
	os.WriteFile(stray, []byte("x"), 0o644)
	man, _ := os.ReadFile(filepath.Join(dir, ManifestName(0, 3)))
	os.WriteFile(filepath.Join(dir, ManifestName(5, 3)), man, 0o644)
	v, err = Verify(context.Background(), dir)
	if err != nil {
		t.Fatal(err)
	}
	all := strings.Join(v.Problems, "\n")
	for _, want := range []string{"missing shards [1] of 3", "part-00002-of-00003.parquet: size or SHA-256 differs", "strategy=random/part-00000-of-00001.parquet: not listed",
		"_manifest-00005-of-00003.json: shard index 5 out of range"} {
		if !strings.Contains(all, want) {
			t.Errorf("problems lack %q:\n%s", want, all)
		}
	}
	if v.Complete {
		t.Error("complete despite problems")
	}
}

// TestManifestDoesNotAdoptOtherRuns writes two runs into one folder through
// the writer alone (the commands refuse it, see OpenRunFolder): the second
// manifest lists only its own files, and Verify reports the first run's as
// not listed.
func TestManifestDoesNotAdoptOtherRuns(t *testing.T) {
	dir := t.TempDir()
	for _, g := range []string{"shah", "zodiac"} {
		w, err := NewResultsWriter(dir, ResultsOptions{ShardEnd: 20})
		if err != nil {
			t.Fatal(err)
		}
		if err := w.WriteResults(synthRows([]string{g}, []string{"greedy", "random"}, 0, 20)); err != nil {
			t.Fatal(err)
		}
		if err := w.Close(); err != nil {
			t.Fatal(err)
		}
	}
	v, err := Verify(context.Background(), dir)
	if err != nil {
		t.Fatal(err)
	}
	if v.Complete || v.Files != 2 || v.Rows != 40 || len(v.Problems) != 2 || !strings.Contains(v.Problems[0], "game=shah/strategy=greedy/part-00000-of-00001.parquet: not listed") {
		t.Fatalf("two runs into one folder: %+v", v)
	}
}

func TestExportedResultsVerify(t *testing.T) {
	dir, out := t.TempDir(), t.TempDir()
	for i := 0; i < 2; i++ {
		lo, hi := int64(i*15), int64(i*15+15)
		w, err := NewResultsWriter(dir, ResultsOptions{ShardIndex: i, ShardCount: 2, ShardStart: lo, ShardEnd: hi, Trace: true})
		if err != nil {
			t.Fatal(err)
		}
		if err := w.WriteResults(synthRows([]string{"shah"}, []string{"greedy", "book"}, lo, hi)); err != nil {
			t.Fatal(err)
		}
		if err := w.Close(); err != nil {
			t.Fatal(err)
		}
	}
	files, err := ExportResults(context.Background(), dir, out, FormatParquet, Metadata{})
	if err != nil {
		t.Fatal(err)
	}
	if len(files) != 3 {
		t.Fatalf("exported %v", files)
	}
	v, err := Verify(context.Background(), out)
	if err != nil {
		t.Fatal(err)
	}
	if !v.Complete || v.Files != 2 || v.Rows != 60 {
		t.Fatalf("verify export: %+v", v)
	}
	a, b := readAll(t, dir), readAll(t, out)
	if len(a) != len(b) {
		t.Fatalf("export has %d rows, source %d", len(b), len(a))
	}
	for i := range a {
		if fmt.Sprint(a[i]) != fmt.Sprint(b[i]) {
			t.Fatalf("row %d differs: %+v vs %+v", i, a[i], b[i])
		}
	}
	md, _ := FileMetadata(filepath.Join(out, "results/game=shah/strategy=book/part-00000-of-00001.parquet"))
	if md[KeyComplete] != "true" || md[KeyDealRange] != "0-30" || md[KeyShardCount] != "1" {
		t.Errorf("merged metadata %v", md)
	}
}

// TestVerifyManifestPathOutside rejects a manifest that lists a file
// outside the folder, and a file whose run differs from its manifest's.
func TestVerifyManifestPathOutside(t *testing.T) {
	dir := t.TempDir()
	id := RunIdentity{MasterSeed: 1, Deals: 10, ShardCount: 1, Games: []GameIdentity{{ID: "shah"}}, Strategies: []StrategyIdentity{{Name: "greedy", Params: "{}"}}}
	other := id
	other.MasterSeed = 2
	w, err := NewResultsWriter(dir, ResultsOptions{ShardEnd: 10, Identity: &id, Meta: Metadata{MasterSeed: 1, Extra: other.Extra(0)}})
	if err != nil {
		t.Fatal(err)
	}
	if err := w.WriteResults(synthRows([]string{"shah"}, []string{"greedy"}, 0, 10)); err != nil {
		t.Fatal(err)
	}
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
	mpath := filepath.Join(dir, ManifestName(0, 1))
	data, _ := os.ReadFile(mpath)
	var man Manifest
	if err := json.Unmarshal(data, &man); err != nil {
		t.Fatal(err)
	}
	e := man.Files[0]
	e.Path = "../../etc/passwd"
	man.Files = append(man.Files, e)
	data, _ = json.Marshal(man)
	os.WriteFile(mpath, data, 0o644)
	v, err := Verify(context.Background(), dir)
	if err != nil {
		t.Fatal(err)
	}
	all := strings.Join(v.Problems, "\n")
	for _, want := range []string{`lists "../../etc/passwd", a path outside the folder`, "mixed variants or parameters"} {
		if !strings.Contains(all, want) {
			t.Errorf("problems lack %q:\n%s", want, all)
		}
	}
	if v.Complete {
		t.Error("complete despite problems")
	}
}

// TestVerifyMissingGame: a run interrupted before its second game's first
// batch has complete parts for the first game and no file for the second;
// the shard must not be called complete.
func TestVerifyMissingGame(t *testing.T) {
	dir := t.TempDir()
	id := RunIdentity{MasterSeed: 1, Deals: 10, ShardCount: 1, Games: []GameIdentity{{ID: "shah"}, {ID: "sultan"}},
		Strategies: []StrategyIdentity{{Name: "greedy", Params: "{}"}}}
	w, err := NewResultsWriter(dir, ResultsOptions{ShardEnd: 10, Identity: &id, Meta: Metadata{MasterSeed: 1, Extra: id.Extra(0)}})
	if err != nil {
		t.Fatal(err)
	}
	if err := w.WriteResults(synthRows([]string{"shah"}, []string{"greedy"}, 0, 10)); err != nil {
		t.Fatal(err)
	}
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
	v, err := Verify(context.Background(), dir)
	if err != nil {
		t.Fatal(err)
	}
	if v.Complete || !strings.Contains(strings.Join(v.Problems, "\n"), "incomplete") {
		t.Fatalf("a run without any row of one of its games: complete %v, problems %q", v.Complete, v.Problems)
	}
}

// writeRun writes the count shards of a run of deals deals with master seed
// seed (shah and sultan × greedy, with the run's identity) into dir.
func writeRun(t *testing.T, dir string, seed uint64, deals int64, count int) {
	t.Helper()
	id := RunIdentity{MasterSeed: seed, Deals: deals, ShardCount: count, Games: []GameIdentity{{ID: "shah"}, {ID: "sultan"}},
		Strategies: []StrategyIdentity{{Name: "greedy", Params: "{}"}}}
	for i := 0; i < count; i++ {
		lo, hi := sim.ShardRange(deals, i, count)
		w, err := NewResultsWriter(dir, ResultsOptions{ShardIndex: i, ShardCount: count, ShardStart: lo, ShardEnd: hi, Identity: &id,
			Meta: Metadata{MasterSeed: seed, Extra: id.Extra(i)}})
		if err != nil {
			t.Fatal(err)
		}
		if err := w.WriteResults(synthRows([]string{"shah", "sultan"}, []string{"greedy"}, lo, hi)); err != nil {
			t.Fatal(err)
		}
		if err := w.Close(); err != nil {
			t.Fatal(err)
		}
	}
}

// TestVerifyWrongShardSet: a folder of shards that is not the K shards of
// one run — one missing, one index twice, one of another run — is refused
// with a problem naming the shard.
func TestVerifyWrongShardSet(t *testing.T) {
	run, seed2, count5, deals41 := t.TempDir(), t.TempDir(), t.TempDir(), t.TempDir()
	writeRun(t, run, 1, 40, 4)
	writeRun(t, seed2, 2, 40, 4)
	writeRun(t, count5, 1, 40, 5)
	writeRun(t, deals41, 1, 41, 4)
	// shard moves shard index of count (its manifest and part files) from
	// folder src to dst, or removes it from dst when src is "".
	shard := func(t *testing.T, dst, src string, index, count int) {
		t.Helper()
		name := ManifestName(index, count)
		part := PartName(index, count)
		parts, _ := filepath.Glob(filepath.Join(dst, "results", "*", "*", part+"*"))
		parts = append(parts, filepath.Join(dst, name))
		for _, p := range parts {
			if err := os.Remove(p); err != nil && !os.IsNotExist(err) {
				t.Fatal(err)
			}
		}
		if src == "" {
			return
		}
		parts, _ = filepath.Glob(filepath.Join(src, "results", "*", "*", part+"*"))
		for _, p := range append(parts, filepath.Join(src, name)) {
			rel, _ := filepath.Rel(src, p)
			data, err := os.ReadFile(p)
			if err != nil {
				t.Fatal(err)
			}
			os.MkdirAll(filepath.Dir(filepath.Join(dst, rel)), 0o755)
			if err := os.WriteFile(filepath.Join(dst, rel), data, 0o644); err != nil {
				t.Fatal(err)
			}
		}
	}
	// manifest rewrites shard from's manifest as shard to's.
	manifest := func(t *testing.T, dir string, from, to int, edit bool) {
		t.Helper()
		data, err := os.ReadFile(filepath.Join(dir, ManifestName(from, 4)))
		if err != nil {
			t.Fatal(err)
		}
		if edit {
			var m Manifest
			if err := json.Unmarshal(data, &m); err != nil {
				t.Fatal(err)
			}
			m.ShardIndex = to
			data, _ = json.Marshal(m)
		}
		if err := os.WriteFile(filepath.Join(dir, ManifestName(to, 4)), data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	cases := []struct {
		name   string
		change func(t *testing.T, dir string)
		want   []string
	}{
		{"the run", func(*testing.T, string) {}, nil},
		{"missing index", func(t *testing.T, dir string) { shard(t, dir, "", 2, 4) },
			[]string{"missing shards [2] of 4"}},
		{"index twice, manifest copied", func(t *testing.T, dir string) { shard(t, dir, "", 2, 4); manifest(t, dir, 1, 2, false) },
			[]string{"_manifest-00002-of-00004.json: holds the manifest of shard 1 of 4 (duplicated index 1", "missing shards [2] of 4"}},
		{"index twice, manifest edited", func(t *testing.T, dir string) { shard(t, dir, "", 2, 4); manifest(t, dir, 1, 2, true) },
			[]string{"part-00001-of-00004.parquet: listed by both _manifest-00001-of-00004.json and _manifest-00002-of-00004.json",
				"shard 2 of 4: deals [10, 20), the run's shard 2 is [20, 30)", "shards 1 and 2 of 4: deals [10, 20) and [10, 20) do not meet"}},
		{"shard of a run with another seed", func(t *testing.T, dir string) { shard(t, dir, seed2, 2, 4) },
			[]string{"mixed runs: _manifest-00000-of-00004.json has master seed 1, _manifest-00002-of-00004.json 2"}},
		{"shard of a run with another count", func(t *testing.T, dir string) { shard(t, dir, "", 2, 4); shard(t, dir, count5, 2, 5) },
			[]string{"_manifest-00002-of-00005.json: shard count 5, other manifests say 4", "missing shards [2] of 4",
				"results/game=shah/strategy=greedy/part-00002-of-00005.parquet: not listed"}},
		{"shard of a run with more deals", func(t *testing.T, dir string) { shard(t, dir, deals41, 3, 4) },
			[]string{"mixed runs: _manifest-00003-of-00004.json has --deals 41", "shard 3 of 4: deals [30, 41), the run's shard 3 is [30, 40)"}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			dir := filepath.Join(t.TempDir(), "run")
			if err := os.CopyFS(dir, os.DirFS(run)); err != nil {
				t.Fatal(err)
			}
			tc.change(t, dir)
			v, err := Verify(context.Background(), dir)
			if err != nil {
				t.Fatal(err)
			}
			if v.Complete != (tc.want == nil) {
				t.Errorf("complete %v, problems:\n%s", v.Complete, strings.Join(v.Problems, "\n"))
			}
			all := strings.Join(v.Problems, "\n")
			for _, w := range tc.want {
				if !strings.Contains(all, w) {
					t.Errorf("problems lack %q:\n%s", w, all)
				}
			}
		})
	}
}
