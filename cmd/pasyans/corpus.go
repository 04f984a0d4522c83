package main

import (
	"github.com/spf13/cobra"

	"github.com/pasyans/pasyans/pipeline"
	"github.com/pasyans/pasyans/reports"
)

const corpusLong = `List the documents of the corpus and, for each, the games found in it with
their block counts. With FILE arguments, read and segment those files instead of
the built-in corpus ("-" reads standard input); the encoding is detected from the
first 64 KiB: UTF-8, UTF-16 (with or without BOM), Windows-1251 or KOI8-R.

"pasyans corpus show DOC" prints the blocks of one document: kind, game, rule
number, span (line:column-line:column [byte offsets]) and text. DOC is the
name of a built-in document (or a unique prefix of it, e.g. 000) or a path.`

// newCmdCorpus builds "pasyans corpus" and its "show" subcommand.
func newCmdCorpus(ios *ioStreams) *cobra.Command {
	var asJSON bool
	cmd := &cobra.Command{
		Use:   "corpus [FILE...]",
		Short: "List the corpus documents and their segmentation",
		Long:  corpusLong,
		Example: `  pasyans corpus
  pasyans corpus --json
  pasyans corpus show 002
  pasyans corpus show my-scan.txt --json`,
		Args: cobra.ArbitraryArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			docs, err := pipeline.Documents(cmd.Context(), args, ios.in)
			if err != nil {
				return err
			}
			if asJSON {
				return writeJSON(ios.out, reports.CorpusListing(docs))
			}
			return reports.WriteCorpusList(ios.out, docs)
		},
	}
	cmd.PersistentFlags().BoolVar(&asJSON, "json", false, "print machine-readable JSON")
	cmd.AddCommand(&cobra.Command{
		Use:   "show DOC",
		Short: "Print the blocks of one document",
		Args:  cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			docs, err := pipeline.Documents(cmd.Context(), args, ios.in)
			if err != nil {
				return err
			}
			d := docs[0]
			if asJSON {
				return writeJSON(ios.out, reports.DocumentView{
					Name: d.Name, Source: d.Source, Encoding: d.Encoding, Bytes: len(d.Text), Blocks: d.Blocks,
				})
			}
			return reports.WriteBlocks(ios.out, d)
		},
	})
	return cmd
}
