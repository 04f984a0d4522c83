package interop

import (
	"context"
	"database/sql"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"sync"
	"testing"

	"github.com/apache/arrow/go/v17/arrow"
	"github.com/apache/arrow/go/v17/arrow/ipc"
	_ "github.com/duckdb/duckdb-go/v2"

	"github.com/pasyans/pasyans/corpus"
	"github.com/pasyans/pasyans/engine"
	"github.com/pasyans/pasyans/link"
	"github.com/pasyans/pasyans/normalize"
	"github.com/pasyans/pasyans/reports"
	"github.com/pasyans/pasyans/sim"
)

// tee is a sim.Sink that keeps a copy of every row (the in-memory truth)
// and passes the rows on to the real writer.
type tee struct {
	mu    sync.Mutex
	w     *reports.ResultsWriter
	rows  []sim.Result
	moves []sim.MoveRecord
}

func (t *tee) WriteResults(rows []sim.Result) error {
	t.mu.Lock()
	for _, r := range rows {
		r.Advice = append([]sim.AdviceCount(nil), r.Advice...)
		t.rows = append(t.rows, r)
	}
	t.mu.Unlock()
	return t.w.WriteResults(rows)
}

func (t *tee) WriteMoves(rows []sim.MoveRecord) error {
	t.mu.Lock()
	t.moves = append(t.moves, rows...)
	t.mu.Unlock()
	return t.w.WriteMoves(rows)
}

func (t *tee) Close() error { return t.w.Close() }

const (
	masterSeed = 20260101
	deals      = 240
	shards     = 2
)

var (
	games      = []string{"red-and-black", "napoleon", "windmill"}
	strategies = []string{"random", "greedy", "book"}
)

// fixture is a tournament folder written through reports.ResultsWriter in
// two shards, with the rows kept in memory.
type fixture struct {
	dir   string
	rows  []sim.Result
	moves []sim.MoveRecord
}

func newFixture(t *testing.T) *fixture {
	t.Helper()
	f := &fixture{dir: t.TempDir()}
	for shard := 0; shard < shards; shard++ {
		var cfg sim.Config
		for _, g := range games {
			spec, err := engine.Lookup(g)
			if err != nil {
				t.Fatal(err)
			}
			cfg.Games = append(cfg.Games, sim.GameConfig{Spec: spec})
		}
		for _, s := range strategies {
			st, err := sim.NewStrategy(s, nil)
			if err != nil {
				t.Fatal(err)
			}
			cfg.Strategies = append(cfg.Strategies, st)
		}
		cfg.Deals, cfg.MasterSeed, cfg.ShardIndex, cfg.ShardCount, cfg.Trace, cfg.Workers = deals, masterSeed, shard, shards, true, 2
		lo, hi := sim.ShardRange(deals, shard, shards)
		w, err := reports.NewResultsWriter(f.dir, reports.ResultsOptions{
			ShardIndex: shard, ShardCount: shards, ShardStart: lo, ShardEnd: hi, Trace: true,
			Meta: reports.Metadata{Command: "interop test", MasterSeed: masterSeed, CatalogHash: engine.CatalogHash()},
		})
		if err != nil {
			t.Fatal(err)
		}
		tw := &tee{w: w}
		if _, err := sim.Run(context.Background(), cfg, tw); err != nil {
			t.Fatal(err)
		}
		if err := tw.Close(); err != nil {
			t.Fatal(err)
		}
		f.rows = append(f.rows, tw.rows...)
		f.moves = append(f.moves, tw.moves...)
	}
	return f
}

func openDuckDB(t *testing.T) *sql.DB {
	t.Helper()
	db, err := sql.Open("duckdb", "")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	return db
}

// glob is the DuckDB glob of a partitioned dataset.
func glob(dir, dataset, ext string) string {
	return filepath.ToSlash(filepath.Join(dir, dataset, "*", "*", "*"+ext))
}

func TestDuckDBReadsResults(t *testing.T) {
	f := newFixture(t)
	db := openDuckDB(t)
	src := fmt.Sprintf("read_parquet('%s', hive_partitioning=true)", glob(f.dir, "results", ".parquet"))

	// The columns: the partition keys come from the path only, once.
	cols := map[string]string{}
	rs, err := db.Query("DESCRIBE SELECT * FROM " + src)
	if err != nil {
		t.Fatal(err)
	}
	for rs.Next() {
		var name, typ string
		var null, key, def, extra sql.NullString
		if err := rs.Scan(&name, &typ, &null, &key, &def, &extra); err != nil {
			t.Fatal(err)
		}
		if _, dup := cols[name]; dup {
			t.Errorf("column %s twice", name)
		}
		cols[name] = typ
	}
	rs.Close()
	for name, typ := range map[string]string{"game": "VARCHAR", "strategy": "VARCHAR", "deal_index": "BIGINT", "deal_seed": "UBIGINT",
		"outcome": "VARCHAR", "won": "BOOLEAN", "moves": "INTEGER", "foundation_cards": "INTEGER", "variant": "VARCHAR"} {
		if cols[name] != typ {
			t.Errorf("column %s: type %q, want %s (all: %v)", name, cols[name], typ, cols)
		}
	}

	// Counts per partition against the rows the runner produced.
	type agg struct{ n, wins, moves, unknown int64 }
	want := map[[2]string]*agg{}
	for _, r := range f.rows {
		k := [2]string{r.Game, r.Strategy}
		if want[k] == nil {
			want[k] = &agg{}
		}
		a := want[k]
		a.n++
		a.moves += int64(r.Moves)
		if r.Won {
			a.wins++
		}
		if r.Outcome == sim.Unknown {
			a.unknown++
		}
	}
	if len(want) != len(games)*len(strategies) || len(f.rows) != deals*len(games)*len(strategies) {
		t.Fatalf("fixture: %d partitions, %d rows", len(want), len(f.rows))
	}
	rs, err = db.Query(`SELECT game, strategy, count(*), count(*) FILTER (WHERE won), sum(moves), count(*) FILTER (WHERE outcome = 'unknown'),
		count(DISTINCT deal_index), min(deal_index), max(deal_index) FROM ` + src + ` GROUP BY ALL`)
	if err != nil {
		t.Fatal(err)
	}
	seen := 0
	for rs.Next() {
		var g, s string
		var n, wins, moves, unknown, distinct, lo, hi int64
		if err := rs.Scan(&g, &s, &n, &wins, &moves, &unknown, &distinct, &lo, &hi); err != nil {
			t.Fatal(err)
		}
		a := want[[2]string{g, s}]
		if a == nil || a.n != n || a.wins != wins || a.moves != moves || a.unknown != unknown || distinct != deals || lo != 0 || hi != deals-1 {
			t.Errorf("%s/%s: DuckDB n=%d wins=%d moves=%d unknown=%d distinct=%d range %d–%d; memory %+v", g, s, n, wins, moves, unknown, distinct, lo, hi, a)
		}
		seen++
	}
	rs.Close()
	if seen != len(want) {
		t.Errorf("DuckDB saw %d partitions, want %d", seen, len(want))
	}

	// A sample of individual rows, value by value.
	for i := 0; i < len(f.rows); i += 97 {
		r := f.rows[i]
		var seed uint64
		var outcome, variant, params string
		var won, capHit bool
		var moves, fc, redeals int32
		var nAdvice, sumAdvice int64
		err := db.QueryRow(`SELECT deal_seed, outcome, won, moves, foundation_cards, redeals, move_cap_hit, variant, strategy_params,
			len(advice), coalesce(list_sum(list_transform(advice, a -> a.count)), 0)
			FROM `+src+` WHERE game = ? AND strategy = ? AND deal_index = ?`, r.Game, r.Strategy, r.DealIndex).
			Scan(&seed, &outcome, &won, &moves, &fc, &redeals, &capHit, &variant, &params, &nAdvice, &sumAdvice)
		if err != nil {
			t.Fatalf("row %s/%s/%d: %v", r.Game, r.Strategy, r.DealIndex, err)
		}
		var sum int64
		for _, a := range r.Advice {
			sum += int64(a.Count)
		}
		if seed != r.DealSeed || outcome != string(r.Outcome) || won != r.Won || moves != r.Moves || fc != r.FoundationCards ||
			redeals != r.Redeals || capHit != r.MoveCapHit || variant != r.Variant || params != r.StrategyParams || nAdvice != int64(len(r.Advice)) || sumAdvice != sum {
			t.Errorf("row %s/%s/%d: DuckDB (%d %s %v %d %d %d %v %q %q %d %d), memory %+v", r.Game, r.Strategy, r.DealIndex,
				seed, outcome, won, moves, fc, redeals, capHit, variant, params, nAdvice, sumAdvice, r)
		}
	}

	// Moves: one row per traced move.
	var nMoves int64
	if err := db.QueryRow(fmt.Sprintf("SELECT count(*) FROM read_parquet('%s', hive_partitioning=true)", glob(f.dir, "moves", ".parquet"))).Scan(&nMoves); err != nil {
		t.Fatal(err)
	}
	if nMoves != int64(len(f.moves)) || nMoves == 0 {
		t.Errorf("moves: DuckDB %d rows, memory %d", nMoves, len(f.moves))
	}
}

func TestDuckDBReadsMetadata(t *testing.T) {
	f := newFixture(t)
	db := openDuckDB(t)
	path := filepath.Join(f.dir, "results", "game=napoleon", "strategy=book", "part-00001-of-00002.parquet")
	kv := map[string]string{}
	rs, err := db.Query("SELECT decode(key), decode(value) FROM parquet_kv_metadata(?)", path)
	if err != nil {
		t.Fatal(err)
	}
	for rs.Next() {
		var k, v string
		if err := rs.Scan(&k, &v); err != nil {
			t.Fatal(err)
		}
		kv[k] = v
	}
	rs.Close()
	lo, hi := sim.ShardRange(deals, 1, shards)
	for k, v := range map[string]string{
		reports.KeyDataset: "results", reports.KeySchemaVersion: reports.SchemaVersion, reports.KeyComplete: "true",
		reports.KeyMasterSeed: fmt.Sprint(masterSeed), reports.KeyCatalogHash: engine.CatalogHash(), reports.KeyCommand: "interop test",
		reports.KeyShardIndex: "1", reports.KeyShardCount: "2", reports.KeyDealRange: fmt.Sprintf("%d-%d", lo, hi),
		reports.KeyRows: fmt.Sprint(hi - lo), reports.KeyGame: "napoleon", reports.KeyStrategy: "book",
	} {
		if kv[k] != v {
			t.Errorf("kv %s = %q, want %q", k, kv[k], v)
		}
	}
	for _, k := range []string{reports.KeyVersion, reports.KeyCreated} {
		if kv[k] == "" {
			t.Errorf("kv %s missing", k)
		}
	}
	// Physical layout: zstd everywhere, dictionary-encoded low-cardinality
	// strings, delta-encoded deal indices.
	rs, err = db.Query("SELECT path_in_schema, compression, encodings FROM parquet_metadata(?)", path)
	if err != nil {
		t.Fatal(err)
	}
	enc := map[string]string{}
	for rs.Next() {
		var col, comp, encs string
		if err := rs.Scan(&col, &comp, &encs); err != nil {
			t.Fatal(err)
		}
		if comp != "ZSTD" {
			t.Errorf("column %s: compression %s", col, comp)
		}
		enc[col] = encs
	}
	rs.Close()
	if !strings.Contains(enc["outcome"], "RLE_DICTIONARY") || !strings.Contains(enc["variant"], "RLE_DICTIONARY") {
		t.Errorf("outcome/variant encodings %q / %q", enc["outcome"], enc["variant"])
	}
	if !strings.Contains(enc["deal_index"], "DELTA_BINARY_PACKED") {
		t.Errorf("deal_index encodings %q", enc["deal_index"])
	}
}

// arrowTable reads every record of an Arrow IPC file into rows of column
// values rendered as strings, with the schema.
func arrowTable(t *testing.T, path string) (*arrow.Schema, [][]string) {
	t.Helper()
	fh, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer fh.Close()
	r, err := ipc.NewFileReader(fh)
	if err != nil {
		t.Fatalf("%s: %v", path, err)
	}
	defer r.Close()
	var out [][]string
	for i := 0; i < r.NumRecords(); i++ {
		rec, err := r.Record(i)
		if err != nil {
			t.Fatal(err)
		}
		for row := 0; row < int(rec.NumRows()); row++ {
			vals := make([]string, rec.NumCols())
			for c := 0; c < int(rec.NumCols()); c++ {
				vals[c] = rec.Column(c).ValueStr(row)
			}
			out = append(out, vals)
		}
	}
	return r.Schema(), out
}

// duckTable reads a query into rows of strings rendered like Arrow's
// ValueStr for the flat types compared here.
func duckTable(t *testing.T, db *sql.DB, query string) ([]string, [][]string) {
	t.Helper()
	rs, err := db.Query(query)
	if err != nil {
		t.Fatalf("%s: %v", query, err)
	}
	defer rs.Close()
	cols, _ := rs.Columns()
	var out [][]string
	for rs.Next() {
		vals := make([]any, len(cols))
		ptrs := make([]any, len(cols))
		for i := range vals {
			ptrs[i] = &vals[i]
		}
		if err := rs.Scan(ptrs...); err != nil {
			t.Fatal(err)
		}
		row := make([]string, len(cols))
		for i, v := range vals {
			row[i] = fmt.Sprint(v)
		}
		out = append(out, row)
	}
	return cols, out
}

func TestArrowAndParquetExportsAgree(t *testing.T) {
	f := newFixture(t)
	db := openDuckDB(t)
	meta := reports.Metadata{Command: "interop export", CatalogHash: engine.CatalogHash()}
	pq, ar := t.TempDir(), t.TempDir()
	ctx := context.Background()
	for _, o := range []struct{ dir, format string }{{pq, reports.FormatParquet}, {ar, reports.FormatArrow}} {
		if _, err := reports.ExportResults(ctx, f.dir, o.dir, o.format, meta); err != nil {
			t.Fatal(err)
		}
		s, err := reports.Summarize(ctx, f.dir)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := reports.ExportTable(o.dir, reports.DatasetSummary, o.format, s.Rows, meta); err != nil {
			t.Fatal(err)
		}
		if _, err := reports.ExportTable(o.dir, reports.DatasetPaired, o.format, s.Pairs, meta); err != nil {
			t.Fatal(err)
		}
	}

	// Results: the merged Parquet parts read by DuckDB equal the Arrow parts
	// read by the Arrow IPC reader, row by row, in file order; both equal
	// the rows in memory.
	for _, g := range games {
		for _, s := range strategies {
			rel := filepath.Join("results", "game="+g, "strategy="+s, "part-00000-of-00001")
			schema, arrowRows := arrowTable(t, filepath.Join(ar, rel+".arrow"))
			names := make([]string, len(schema.Fields()))
			for i, fd := range schema.Fields() {
				names[i] = fd.Name
			}
			cols, duckRows := duckTable(t, db, fmt.Sprintf("SELECT deal_index, deal_seed, outcome, won, moves, foundation_cards FROM read_parquet('%s')", filepath.Join(pq, rel+".parquet")))
			idx := make([]int, len(cols))
			for i, c := range cols {
				idx[i] = indexOf(names, c)
				if idx[i] < 0 {
					t.Fatalf("Arrow schema %v lacks %s", names, c)
				}
			}
			if len(arrowRows) != deals || len(duckRows) != deals {
				t.Fatalf("%s/%s: Arrow %d rows, Parquet %d, want %d", g, s, len(arrowRows), len(duckRows), deals)
			}
			var mem []sim.Result
			for _, r := range f.rows {
				if r.Game == g && r.Strategy == s {
					mem = append(mem, r)
				}
			}
			sort.Slice(mem, func(i, j int) bool { return mem[i].DealIndex < mem[j].DealIndex })
			for i := range duckRows {
				for c := range cols {
					if arrowRows[i][idx[c]] != duckRows[i][c] {
						t.Fatalf("%s/%s row %d column %s: Arrow %q, Parquet %q", g, s, i, cols[c], arrowRows[i][idx[c]], duckRows[i][c])
					}
				}
				m := mem[i]
				want := []string{fmt.Sprint(m.DealIndex), fmt.Sprint(m.DealSeed), string(m.Outcome), fmt.Sprint(m.Won), fmt.Sprint(m.Moves), fmt.Sprint(m.FoundationCards)}
				if strings.Join(want, " ") != strings.Join(duckRows[i], " ") {
					t.Fatalf("%s/%s row %d: files %v, memory %v", g, s, i, duckRows[i], want)
				}
			}
			// Same column names and order in both formats.
			if pcols, _ := duckTable(t, db, fmt.Sprintf("SELECT * FROM read_parquet('%s', hive_partitioning=false) LIMIT 0", filepath.Join(pq, rel+".parquet"))); strings.Join(pcols, ",") != strings.Join(names, ",") {
				t.Errorf("columns: Parquet %v, Arrow %v", pcols, names)
			}
		}
	}
	// The merged export says it is complete and covers the whole range.
	var complete string
	if err := db.QueryRow("SELECT decode(value) FROM parquet_kv_metadata(?) WHERE decode(key) = ?",
		filepath.Join(pq, "results", "game=napoleon", "strategy=random", "part-00000-of-00001.parquet"), reports.KeyComplete).Scan(&complete); err != nil || complete != "true" {
		t.Errorf("merged export complete = %q (%v)", complete, err)
	}

	// Summary: DuckDB over the Parquet table vs the Arrow table vs memory.
	_, arrowSum := arrowTable(t, filepath.Join(ar, "summary.arrow"))
	_, duckSum := duckTable(t, db, fmt.Sprintf("SELECT game, strategy, deals, wins FROM read_parquet('%s')", filepath.Join(pq, "summary.parquet")))
	if len(arrowSum) != len(duckSum) || len(duckSum) != len(games)*len(strategies) {
		t.Fatalf("summary: Arrow %d rows, Parquet %d", len(arrowSum), len(duckSum))
	}
	for _, row := range duckSum {
		var wins int64
		for _, r := range f.rows {
			if r.Game == row[0] && r.Strategy == row[1] && r.Won {
				wins++
			}
		}
		if row[2] != fmt.Sprint(deals) || row[3] != fmt.Sprint(wins) {
			t.Errorf("summary %v: want %d deals, %d wins", row, deals, wins)
		}
	}
	var pairs int
	if err := db.QueryRow(fmt.Sprintf("SELECT count(*) FROM read_parquet('%s') WHERE both_won + only_a + only_b + neither_won = deals", filepath.Join(pq, "paired.parquet"))).Scan(&pairs); err != nil || pairs != len(games)*3 {
		t.Errorf("paired rows consistent: %d (%v)", pairs, err)
	}
}

func TestCorpusDatasetsReadBack(t *testing.T) {
	docs, err := corpus.Embedded(context.Background(), corpus.Options{Games: link.Games(nil)})
	if err != nil {
		t.Fatal(err)
	}
	n, err := normalize.New()
	if err != nil {
		t.Fatal(err)
	}
	cd, err := reports.BuildCorpusData(context.Background(), docs, n, engine.Catalog())
	if err != nil {
		t.Fatal(err)
	}
	db := openDuckDB(t)
	pq, ar := t.TempDir(), t.TempDir()
	meta := reports.Metadata{Command: "interop corpus"}
	for _, o := range []struct{ dir, format string }{{pq, reports.FormatParquet}, {ar, reports.FormatArrow}} {
		if _, err := reports.ExportTable(o.dir, reports.DatasetCorpusBlocks, o.format, cd.Blocks, meta); err != nil {
			t.Fatal(err)
		}
		if _, err := reports.ExportTable(o.dir, reports.DatasetCorpusTokens, o.format, cd.Tokens, meta); err != nil {
			t.Fatal(err)
		}
		if _, err := reports.ExportTable(o.dir, reports.DatasetRules, o.format, cd.Rules, meta); err != nil {
			t.Fatal(err)
		}
	}
	check := func(name string, n int, query string, want func(i int) string) {
		_, rows := duckTable(t, db, fmt.Sprintf(query, filepath.Join(pq, name+".parquet")))
		_, arrowRows := arrowTable(t, filepath.Join(ar, name+".arrow"))
		if len(rows) != n || len(arrowRows) != n {
			t.Fatalf("%s: DuckDB %d rows, Arrow %d, memory %d", name, len(rows), len(arrowRows), n)
		}
		for i := 0; i < n; i += max(1, n/50) {
			if got := strings.Join(rows[i], "|"); got != want(i) {
				t.Errorf("%s row %d: DuckDB %q, memory %q", name, i, got, want(i))
			}
		}
	}
	check("corpus_blocks", len(cd.Blocks), "SELECT document, block, kind, game, original, modern, rule_id FROM read_parquet('%s')", func(i int) string {
		b := cd.Blocks[i]
		return strings.Join([]string{b.Document, fmt.Sprint(b.Block), b.Kind, b.Game, b.Original, b.Modern, b.RuleID}, "|")
	})
	check("corpus_tokens", len(cd.Tokens), "SELECT document, token, original, modern, in_lexicon, len(rules) FROM read_parquet('%s')", func(i int) string {
		tk := cd.Tokens[i]
		return strings.Join([]string{tk.Document, fmt.Sprint(tk.Token), tk.Original, tk.Modern, fmt.Sprint(tk.InLexicon), fmt.Sprint(len(tk.Rules))}, "|")
	})
	check("rules", len(cd.Rules), "SELECT rule_id, kind, status, text_modern, len(source_blocks) FROM read_parquet('%s')", func(i int) string {
		r := cd.Rules[i]
		return strings.Join([]string{r.RuleID, r.Kind, r.Status, r.TextModern, fmt.Sprint(len(r.SourceBlocks))}, "|")
	})
	// Arrow schema metadata carries the same provenance keys.
	md, err := reports.ArrowMetadata(filepath.Join(ar, "rules.arrow"))
	if err != nil {
		t.Fatal(err)
	}
	if md[reports.KeyDataset] != "rules" || md[reports.KeyCommand] != "interop corpus" || md[reports.KeyRows] != fmt.Sprint(len(cd.Rules)) {
		t.Errorf("Arrow metadata %v", md)
	}
	// Arrow list columns hold the lists.
	schema, rows := arrowTable(t, filepath.Join(ar, "rules.arrow"))
	i := schema.FieldIndices("terms")
	if len(i) != 1 || schema.Field(i[0]).Type.ID() != arrow.LIST {
		t.Fatalf("terms: %v", schema)
	}
	for k, r := range cd.Rules {
		if want := fmt.Sprintf("%q", r.Terms); len(r.Terms) > 0 && !strings.Contains(rows[k][i[0]], r.Terms[0]) {
			t.Errorf("rule %s terms: Arrow %s, memory %s", r.RuleID, rows[k][i[0]], want)
		}
	}
}

func indexOf(names []string, s string) int {
	for i, n := range names {
		if n == s {
			return i
		}
	}
	return -1
}
