package main

import (
	"context"

	"github.com/spf13/cobra"

	"github.com/pasyans/pasyans/pipeline"
)

const linkLong = `Link every numbered rule and every piece of strategy advice of the corpus to the
engine's rule or advice ID (e.g. four-corners/I, windmill/S1).

Structure comes first (the block's game and rule number), the modern text second
(similarity to the catalog's Russian titles and key terms), so re-OCRs and passages
whose number is lost still link. Passages with no good match are reported as
unlinked, never forced; a passage under the heading of a game the catalog does
not have links to nothing however close its text comes (method unknown-game),
and --coverage lists such games.

With no FILE, the embedded corpus is linked; a FILE is an embedded document's name
(as in "pasyans corpus"), the path of a text file, or "-" for standard input. The table lists game, rule ID,
document, span (line:col-line:col), score, method and the modern text; --all adds
the unlinked passages, --coverage the catalog entries without corpus text, --play
links to the play rules (deal, vacancies, redeals …) too. A corpus
rule that the catalog lacks is an error (exit 1) after the table is printed.`

// linkOptions are the flags of "pasyans link".
type linkOptions struct {
	json     bool
	all      bool
	play     bool
	coverage bool
	width    int
}

// newCmdLink builds "pasyans link".
func newCmdLink(ios *ioStreams) *cobra.Command {
	var o linkOptions
	cmd := &cobra.Command{
		Use:   "link [FILE...]",
		Short: "Link rule texts to engine rules",
		Long:  linkLong,
		Example: `  pasyans link
  pasyans link --all 002
  pasyans link --json --coverage scan.txt`,
		RunE: func(cmd *cobra.Command, args []string) error {
			if o.width < 20 {
				return usagef("--width %d: want at least 20", o.width)
			}
			return linkRun(cmd.Context(), ios, args, o)
		},
	}
	f := cmd.Flags()
	f.BoolVar(&o.json, "json", false, "print JSON: {\"links\": [...], \"coverage\": {...}} (unlinked passages included)")
	f.BoolVar(&o.all, "all", false, "also list the passages that stayed unlinked")
	f.BoolVar(&o.play, "play", false, "also link play text to the catalog's play rules (deal, vacancies, redeals …)")
	f.BoolVar(&o.coverage, "coverage", false, "also list the catalog's rules and advice without corpus text")
	f.IntVar(&o.width, "width", 80, "cut the text column to this many characters")
	return cmd
}

// linkRun loads the documents, links them and prints the result.
func linkRun(ctx context.Context, ios *ioStreams, args []string, o linkOptions) error {
	docs, err := pipeline.Documents(ctx, args, ios.in)
	if err != nil {
		return err
	}
	c, err := pipeline.LinkCorpus(ctx, docs, pipeline.LinkOptions{Play: o.play})
	if err != nil {
		return err
	}
	return c.WriteLinks(pipeline.LinkListing{JSON: o.json, All: o.all, Coverage: o.coverage, Width: o.width, Out: ios.out, Log: ios.errOut})
}
