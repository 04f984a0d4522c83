// Command rowhash prints a SHA-256 of the result rows of a results folder,
// one line per game and strategy and one for all of them, so that the rows
// of two runs — two binaries, two worker counts, two shardings — can be
// compared. The Parquet files themselves differ between runs even when the
// rows do not (each records its creation time, command line and engine
// revision), so cmp cannot compare them. The time per deal (cpu_ns) is left
// out; everything else of each row is hashed, in the order of deal index.
//
//	go run ./scripts/rowhash DIR
package main

import (
	"context"
	"crypto/sha256"
	"encoding/json"
	"fmt"
	"hash"
	"os"
	"slices"
	"sort"

	"github.com/pasyans/pasyans/reports"
	"github.com/pasyans/pasyans/sim"
)

func main() {
	if len(os.Args) != 2 {
		fmt.Fprintln(os.Stderr, "usage: rowhash DIR")
		os.Exit(2)
	}
	if err := run(os.Args[1]); err != nil {
		fmt.Fprintln(os.Stderr, "rowhash:", err)
		os.Exit(1)
	}
}

func run(dir string) error {
	rows := map[string][]sim.Result{}
	err := reports.ReadResults(context.Background(), dir, func(batch []sim.Result) error {
		for _, r := range batch {
			r.CPUNanos = 0
			r.Advice = slices.Clone(r.Advice)
			k := r.Game + " " + r.Strategy
			rows[k] = append(rows[k], r)
		}
		return nil
	})
	if err != nil {
		return err
	}
	keys := make([]string, 0, len(rows))
	for k := range rows {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	all := sha256.New()
	n := 0
	for _, k := range keys {
		rs := rows[k]
		slices.SortFunc(rs, func(a, b sim.Result) int { return int(a.DealIndex - b.DealIndex) })
		h := sha256.New()
		for _, r := range rs {
			if err := write(h, all, r); err != nil {
				return err
			}
		}
		n += len(rs)
		fmt.Printf("%x %7d %s\n", h.Sum(nil)[:8], len(rs), k)
	}
	fmt.Printf("%x %7d all\n", all.Sum(nil)[:8], n)
	return nil
}

// write adds row r, as JSON, to both hashes.
func write(h, all hash.Hash, r sim.Result) error {
	b, err := json.Marshal(r)
	if err != nil {
		return err
	}
	b = append(b, '\n')
	h.Write(b)
	all.Write(b)
	return nil
}
