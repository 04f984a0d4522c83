// Command gen writes corpus-like text (see package corpuslike) to standard
// output, for the normalizer's speed and memory measurements
// (scripts/bench-normalize.sh):
//
//	go run ./internal/corpuslike/gen -mb 20 > corpuslike.txt
package main

import (
	"context"
	"flag"
	"fmt"
	"os"

	"github.com/pasyans/pasyans/internal/corpuslike"
)

func main() {
	mb := flag.Float64("mb", 20, "megabytes to write")
	seed := flag.Uint64("seed", 1, "seed of the paragraphs and the damage")
	one := flag.Bool("one-paragraph", false, "write one paragraph on one line")
	repeat := flag.Bool("repeat", false, "write the embedded corpus repeated instead")
	damage := flag.Float64("damage", 0, "share of words of four letters or more given one OCR confusion (0: 0.04)")
	flag.Parse()
	err := corpuslike.Write(context.Background(), os.Stdout, corpuslike.Options{
		Size: int64(*mb * (1 << 20)), Seed: *seed, OneParagraph: *one, Repeat: *repeat, DamageRate: *damage,
	})
	if err != nil {
		fmt.Fprintln(os.Stderr, "gen:", err)
		os.Exit(1)
	}
}
