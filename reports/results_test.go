package reports

import (
	"context"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/pasyans/pasyans/sim"
)

// synthResult returns a deterministic synthetic result row.
func synthResult(game, strategy string, deal int64) sim.Result {
	h := uint64(deal)*0x9E3779B97F4A7C15 ^ uint64(len(game))<<7 ^ uint64(len(strategy))<<13
	h ^= h >> 29
	h *= 0xBF58476D1CE4E5B9
	h ^= h >> 32
	r := sim.Result{
		Game: game, Strategy: strategy, StrategyParams: "{}",
		DealIndex: deal, DealSeed: h, Moves: int32(20 + h%80),
		FoundationCards: int32(h % 53), Redeals: int32(h % 3), CPUNanos: int64(h % 100000),
	}
	switch h % 7 {
	case 0, 1:
		r.Outcome, r.Won, r.FoundationCards = sim.Won, true, 52
	case 2:
		r.Outcome, r.MoveCapHit = sim.Unknown, true
	default:
		r.Outcome = sim.Lost
	}
	if strategy == "book" {
		r.Advice = []sim.AdviceCount{{ID: game + "/S1", Count: int32(h % 5)}}
	}
	return r
}

// synthRows returns rows of deals [start, end) for each (game, strategy),
// interleaved by deal as a runner sends them.
func synthRows(games, strategies []string, start, end int64) []sim.Result {
	var out []sim.Result
	for _, g := range games {
		for d := start; d < end; d++ {
			for _, s := range strategies {
				out = append(out, synthResult(g, s, d))
			}
		}
	}
	return out
}

func readAll(t *testing.T, dir string) []sim.Result {
	t.Helper()
	var all []sim.Result
	err := ReadResults(context.Background(), dir, func(rows []sim.Result) error {
		all = append(all, rows...)
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return all
}

func TestResultsWriterRoundTrip(t *testing.T) {
	dir := t.TempDir()
	meta := Metadata{Version: "v-test", Revision: "abc", Command: "pasyans tournament --deals 100", MasterSeed: 42, CatalogHash: "cafe", Extra: map[string]string{"deals": "100"}}
	w, err := NewResultsWriter(dir, ResultsOptions{ShardIndex: 0, ShardCount: 1, ShardEnd: 100, Trace: true, Meta: meta})
	if err != nil {
		t.Fatal(err)
	}
	games, strats := []string{"salic-law", "zodiac"}, []string{"book", "greedy"}
	rows := synthRows(games, strats, 0, 100)
	for i := 0; i < len(rows); i += 37 {
		if err := w.WriteResults(rows[i:min(i+37, len(rows))]); err != nil {
			t.Fatal(err)
		}
	}
	mv := []sim.MoveRecord{{Game: "zodiac", Strategy: "book", DealIndex: 3, Ply: 0, Kind: "foundation", Rule: "zodiac/I", From: "talon", To: "F0", Card: "A♠", Advice: "zodiac/S2"}}
	if err := w.WriteMoves(mv); err != nil {
		t.Fatal(err)
	}
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
	got := readAll(t, dir)
	if len(got) != len(rows) {
		t.Fatalf("read %d rows, wrote %d", len(got), len(rows))
	}
	// ReadResults orders by game, strategy, deal.
	want := map[string]sim.Result{}
	for _, r := range rows {
		want[fmt.Sprint(r.Game, r.Strategy, r.DealIndex)] = r
	}
	for _, r := range got {
		k := fmt.Sprint(r.Game, r.Strategy, r.DealIndex)
		wr := want[k]
		if fmt.Sprint(wr) != fmt.Sprint(r) {
			t.Fatalf("row %s: got %+v want %+v", k, r, wr)
		}
	}
	path := filepath.Join(dir, "results", "game=zodiac", "strategy=book", "part-00000-of-00001.parquet")
	md, err := FileMetadata(path)
	if err != nil {
		t.Fatal(err)
	}
	for k, v := range map[string]string{KeyDataset: "results", KeyComplete: "true", KeyRows: "100", KeyMasterSeed: "42",
		KeyCatalogHash: "cafe", KeyCommand: meta.Command, KeyDealRange: "0-100", KeyDealMin: "0", KeyDealMax: "99",
		KeyShardIndex: "0", KeyShardCount: "1", KeyVersion: "v-test", KeyExtraPrefix + "deals": "100", KeySchemaVersion: SchemaVersion} {
		if md[k] != v {
			t.Errorf("metadata %s = %q, want %q", k, md[k], v)
		}
	}
	var moves []sim.MoveRecord
	if err := ReadMoves(context.Background(), dir, func(r []sim.MoveRecord) error { moves = append(moves, r...); return nil }); err != nil {
		t.Fatal(err)
	}
	if len(moves) != 1 || moves[0] != mv[0] {
		t.Fatalf("moves %+v", moves)
	}
	var man Manifest
	data, err := os.ReadFile(filepath.Join(dir, "_manifest-00000-of-00001.json"))
	if err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(data, &man); err != nil {
		t.Fatal(err)
	}
	// A moves file for every partition, if only an empty one.
	if len(man.Files) != 8 || !man.Complete {
		t.Fatalf("manifest: %d files complete=%v", len(man.Files), man.Complete)
	}
	for _, e := range man.Files {
		if e.Dataset == "results" && (e.Rows != 100 || e.DealMin != 0 || e.DealMax != 99) {
			t.Errorf("manifest entry %+v", e)
		}
		if sum, _, _ := hashFile(filepath.Join(dir, e.Path)); sum != e.SHA256 {
			t.Errorf("%s: sha256 mismatch", e.Path)
		}
	}
}

func TestResultsWriterIncomplete(t *testing.T) {
	dir := t.TempDir()
	w, err := NewResultsWriter(dir, ResultsOptions{ShardIndex: 1, ShardCount: 2, ShardStart: 50, ShardEnd: 100})
	if err != nil {
		t.Fatal(err)
	}
	if err := w.WriteResults(synthRows([]string{"shah"}, []string{"random"}, 50, 70)); err != nil {
		t.Fatal(err)
	}
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
	md, err := FileMetadata(filepath.Join(dir, "results/game=shah/strategy=random/part-00001-of-00002.parquet"))
	if err != nil {
		t.Fatal(err)
	}
	if md[KeyComplete] != "false" || md[KeyRows] != "20" || md[KeyDealMax] != "69" {
		t.Fatalf("metadata %v", md)
	}
}

func TestResultsWriterRejects(t *testing.T) {
	dir := t.TempDir()
	if _, err := NewResultsWriter(dir, ResultsOptions{ShardIndex: 2, ShardCount: 2}); err == nil {
		t.Error("shard 2 of 2 accepted")
	}
	if _, err := NewResultsWriter(dir, ResultsOptions{RowGroupRows: 10}); err == nil {
		t.Error("row group of 10 accepted")
	}
	w, err := NewResultsWriter(dir, ResultsOptions{})
	if err != nil {
		t.Fatal(err)
	}
	bad := synthRows([]string{"Bad/Game"}, []string{"x"}, 0, 1)
	if err := w.WriteResults(bad); err == nil || !strings.Contains(err.Error(), "game") {
		t.Errorf("bad partition value: %v", err)
	}
	if err := w.Close(); err == nil {
		t.Error("Close after a failed write returned nil")
	}
	w, err = NewResultsWriter(dir, ResultsOptions{})
	if err != nil {
		t.Fatal(err)
	}
	rows := synthRows([]string{"shah"}, []string{"random"}, 0, 3)
	rows[1], rows[2] = rows[2], rows[1]
	if err := w.WriteResults(rows); err == nil {
		t.Error("out-of-order deals accepted")
	}
	w.Close()
	if parts, _ := ListParts(filepath.Join(dir, "results")); len(parts) != 0 {
		t.Errorf("failed writers left %v", parts)
	}
	leftovers, _ := filepath.Glob(filepath.Join(dir, "results", "*", "*", ".*"))
	if len(leftovers) != 0 {
		t.Errorf("temporary files left: %v", leftovers)
	}
}

func TestResultsWriterResume(t *testing.T) {
	games, strats := []string{"napoleon", "sultan"}, []string{"greedy", "random"}
	const start, end = 1000, 1300
	full := t.TempDir()
	w, err := NewResultsWriter(full, ResultsOptions{ShardIndex: 3, ShardCount: 4, ShardStart: start, ShardEnd: end, Trace: true})
	if err != nil {
		t.Fatal(err)
	}
	if err := w.WriteResults(synthRows(games, strats, start, end)); err != nil {
		t.Fatal(err)
	}
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}

	dir := t.TempDir()
	w, err = NewResultsWriter(dir, ResultsOptions{ShardIndex: 3, ShardCount: 4, ShardStart: start, ShardEnd: end, Trace: true})
	if err != nil {
		t.Fatal(err)
	}
	// Interrupted: napoleon got further with greedy than with random; sultan
	// never started.
	rows := append(synthRows(games[:1], strats[:1], start, 1200), synthRows(games[:1], strats[1:], start, 1150)...)
	if err := w.WriteResults(rows); err != nil {
		t.Fatal(err)
	}
	if err := w.WriteMoves([]sim.MoveRecord{{Game: "napoleon", Strategy: "greedy", DealIndex: 1100, Rule: "napoleon/I"}, {Game: "napoleon", Strategy: "greedy", DealIndex: 1180, Rule: "napoleon/II"}}); err != nil {
		t.Fatal(err)
	}
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
	// A stale temporary file of this shard is removed on start.
	stale := filepath.Join(dir, "results/game=napoleon/strategy=greedy/.part-00003-of-00004.parquet.0123456789ab.tmp")
	os.WriteFile(stale, []byte("PAR1 junk"), 0o644)

	w, err = NewResultsWriter(dir, ResultsOptions{ShardIndex: 3, ShardCount: 4, ShardStart: start, ShardEnd: end, Trace: true, Resume: true})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(stale); !os.IsNotExist(err) {
		t.Error("stale temporary file not removed")
	}
	for _, g := range games {
		from := int64(end)
		for _, s := range strats {
			from = min(from, w.ResumePoint(g, s))
		}
		want := map[string]int64{"napoleon": 1150, "sultan": start}[g]
		if from != want {
			t.Fatalf("%s: resume from %d, want %d", g, from, want)
		}
		w.KeepBefore(g, from)
		if err := w.WriteResults(synthRows([]string{g}, strats, from, end)); err != nil {
			t.Fatal(err)
		}
	}
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
	a, b := readAll(t, full), readAll(t, dir)
	if len(a) != len(b) {
		t.Fatalf("resumed run has %d rows, full run %d", len(b), len(a))
	}
	for i := range a {
		if fmt.Sprint(a[i]) != fmt.Sprint(b[i]) {
			t.Fatalf("row %d: %+v vs %+v", i, a[i], b[i])
		}
	}
	var moves []sim.MoveRecord
	ReadMoves(context.Background(), dir, func(r []sim.MoveRecord) error { moves = append(moves, r...); return nil })
	if len(moves) != 1 || moves[0].DealIndex != 1100 {
		t.Errorf("kept moves %+v, want only deal 1100", moves)
	}
	md, _ := FileMetadata(filepath.Join(dir, "results/game=napoleon/strategy=random/part-00003-of-00004.parquet"))
	if md[KeyComplete] != "true" {
		t.Errorf("resumed file not complete: %v", md)
	}
}

// crashEnv makes the test binary a writer that runs until it is killed.
const crashEnv = "PASYANS_REPORTS_CRASH_DIR"

func TestMain(m *testing.M) {
	if dir := os.Getenv(crashEnv); dir != "" {
		crashWriter(dir)
		return
	}
	if dir := os.Getenv(lockHolderEnv); dir != "" {
		holdLock(dir)
		return
	}
	os.Exit(m.Run())
}

// crashWriter writes shards over and over until killed.
func crashWriter(dir string) {
	for round := 0; ; round++ {
		n := int64(1000 + round%5*20000)
		w, err := NewResultsWriter(dir, ResultsOptions{ShardIndex: round % 3, ShardCount: 3, ShardEnd: n, Trace: true})
		if err != nil {
			fmt.Fprintln(os.Stderr, err)
			os.Exit(3)
		}
		rows := synthRows([]string{"windmill", "shah"}, []string{"greedy", "random"}, 0, n)
		for i := 0; i < len(rows); i += 1000 {
			if err := w.WriteResults(rows[i:min(i+1000, len(rows))]); err != nil {
				fmt.Fprintln(os.Stderr, err)
				os.Exit(3)
			}
		}
		if err := w.Close(); err != nil {
			fmt.Fprintln(os.Stderr, err)
			os.Exit(3)
		}
	}
}

func TestKillWriterLeavesNoTruncatedFile(t *testing.T) {
	if testing.Short() {
		t.Skip("kills subprocesses; skipped with -short")
	}
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	rng := rand.New(rand.NewPCG(1, 2))
	checked := 0
	for i := 0; i < 12; i++ {
		cmd := exec.Command(exe, "-test.run=^$")
		cmd.Env = append(os.Environ(), crashEnv+"="+dir)
		if err := cmd.Start(); err != nil {
			t.Fatal(err)
		}
		time.Sleep(time.Duration(20+rng.IntN(400)) * time.Millisecond)
		cmd.Process.Signal(syscall.SIGKILL)
		err := cmd.Wait()
		if ee, ok := err.(*exec.ExitError); !ok || ee.ExitCode() != -1 {
			t.Fatalf("writer subprocess did not die by the signal: %v", err)
		}
		err = filepath.WalkDir(dir, func(path string, d os.DirEntry, err error) error {
			if err != nil || d.IsDir() || !strings.HasSuffix(path, ".parquet") {
				return err
			}
			if strings.HasPrefix(d.Name(), ".") {
				t.Errorf("temporary file under a final name: %s", path)
			}
			md, err := FileMetadata(path)
			if err != nil {
				t.Errorf("kill %d: %v", i, err)
				return nil
			}
			want, _ := strconv.ParseInt(md[KeyRows], 10, 64)
			var n int64
			ds := md[KeyDataset]
			if ds == DatasetResults {
				err = readParquet(path, 4096, func(r []sim.Result) error { n += int64(len(r)); return nil })
			} else {
				err = readParquet(path, 4096, func(r []sim.MoveRecord) error { n += int64(len(r)); return nil })
			}
			if err != nil || n != want || md[KeyComplete] != "true" {
				t.Errorf("kill %d: %s: rows %d of %d complete=%s err=%v", i, path, n, want, md[KeyComplete], err)
			}
			checked++
			return nil
		})
		if err != nil {
			t.Fatal(err)
		}
	}
	if checked == 0 {
		t.Fatal("no final file was ever checked")
	}
	t.Logf("checked %d final files after 12 kills", checked)
}
