package main

import (
	"context"
	"fmt"
	"io"
	"strings"
	"text/tabwriter"

	"github.com/pasyans/pasyans/corpus"
	"github.com/pasyans/pasyans/link"
	"github.com/spf13/cobra"
)

const corpusLong = `List the documents of the corpus and, for each, the games found in it with
their block counts. With FILE arguments, read and segment those files (UTF-8,
UTF-16 with BOM, Windows-1251 or KOI8-R) instead of the built-in corpus.

"pasyans corpus show DOC" prints the blocks of one document: kind, game, rule
number, span (line:column-line:column [byte offsets]) and text. DOC is the
name of a built-in document (or a unique prefix of it, e.g. 000) or a path.`

// newCorpusCmd builds "pasyans corpus" and its "show" subcommand.
func newCorpusCmd() *cobra.Command {
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
			docs, err := loadDocuments(cmd.Context(), args)
			if err != nil {
				return err
			}
			if asJSON {
				return writeJSON(cmd.OutOrStdout(), corpusListing(docs))
			}
			return printCorpusList(cmd.OutOrStdout(), docs)
		},
	}
	cmd.PersistentFlags().BoolVar(&asJSON, "json", false, "print machine-readable JSON")
	cmd.AddCommand(&cobra.Command{
		Use:   "show DOC",
		Short: "Print the blocks of one document",
		Args:  cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			d, err := corpus.Open(cmd.Context(), args[0], corpusOptions())
			if err != nil {
				return err
			}
			if asJSON {
				return writeJSON(cmd.OutOrStdout(), documentView{
					Name: d.Name, Source: d.Source, Encoding: d.Encoding, Bytes: len(d.Text), Blocks: d.Blocks,
				})
			}
			return printBlocks(cmd.OutOrStdout(), d)
		},
	})
	return cmd
}

// loadDocuments returns the embedded corpus, or the named documents with the
// passages they share linked.
func loadDocuments(ctx context.Context, args []string) ([]*corpus.Document, error) {
	if len(args) == 0 {
		return corpus.Embedded(ctx, corpusOptions())
	}
	docs := make([]*corpus.Document, 0, len(args))
	for _, a := range args {
		d, err := corpus.Open(ctx, a, corpusOptions())
		if err != nil {
			return nil, err
		}
		docs = append(docs, d)
	}
	if len(docs) > 1 {
		if err := corpus.LinkDuplicates(ctx, docs); err != nil {
			return nil, err
		}
	}
	return docs, nil
}

// corpusOptions are the segmenter's options: the games of the engine's
// catalog.
func corpusOptions() corpus.Options { return corpus.Options{Games: link.Games(nil)} }

// documentOpener returns the arguments to process and a function that opens
// one of them like corpus.Open. With no arguments it stands for the whole
// embedded corpus, which is read and segmented once rather than once per
// document.
func documentOpener(ctx context.Context, args []string) (func(string) (*corpus.Document, error), []string, error) {
	open := func(name string) (*corpus.Document, error) { return corpus.Open(ctx, name, corpusOptions()) }
	if len(args) > 0 {
		return open, args, nil
	}
	docs, err := corpus.Embedded(ctx, corpusOptions())
	if err != nil {
		return nil, nil, err
	}
	byName := make(map[string]*corpus.Document, len(docs))
	for _, d := range docs {
		byName[d.Name] = d
		args = append(args, d.Name)
	}
	return func(name string) (*corpus.Document, error) {
		if d, ok := byName[name]; ok {
			return d, nil
		}
		return open(name)
	}, args, nil
}

// gameCount is the number of blocks of one game in a document.
type gameCount struct {
	Game   string `json:"game"`
	Blocks int    `json:"blocks"`
}

// documentSummary is one document of the corpus listing.
type documentSummary struct {
	Name     string      `json:"name"`
	Source   string      `json:"source"`
	Encoding string      `json:"encoding"`
	Bytes    int         `json:"bytes"`
	Blocks   int         `json:"blocks"`
	Games    []gameCount `json:"games"`
	// Other counts the blocks of no game (title, page furniture).
	Other int `json:"other_blocks"`
	// Duplicates counts the blocks that are a second reading of a passage
	// in another listed document.
	Duplicates int `json:"duplicate_blocks"`
}

// documentView is the JSON of "corpus show".
type documentView struct {
	Name     string         `json:"name"`
	Source   string         `json:"source"`
	Encoding string         `json:"encoding"`
	Bytes    int            `json:"bytes"`
	Blocks   []corpus.Block `json:"blocks"`
}

// corpusListing summarises documents for "pasyans corpus".
func corpusListing(docs []*corpus.Document) struct {
	Documents []documentSummary `json:"documents"`
} {
	var out struct {
		Documents []documentSummary `json:"documents"`
	}
	for _, d := range docs {
		s := documentSummary{Name: d.Name, Source: d.Source, Encoding: d.Encoding, Bytes: len(d.Text), Blocks: len(d.Blocks), Games: []gameCount{}}
		index := map[string]int{}
		for _, b := range d.Blocks {
			if b.Duplicate != nil {
				s.Duplicates++
			}
			if b.Game == "" {
				s.Other++
				continue
			}
			i, ok := index[b.Game]
			if !ok {
				i = len(s.Games)
				index[b.Game] = i
				s.Games = append(s.Games, gameCount{Game: b.Game})
			}
			s.Games[i].Blocks++
		}
		out.Documents = append(out.Documents, s)
	}
	return out
}

// printCorpusList prints the corpus listing as text: a line per document,
// then its games with their block counts.
func printCorpusList(w io.Writer, docs []*corpus.Document) error {
	const noGame = "(no game)"
	listing := corpusListing(docs).Documents
	width, digits := len(noGame), 1
	for _, s := range listing {
		for _, g := range s.Games {
			width = max(width, len(g.Game))
		}
		digits = max(digits, len(fmt.Sprint(s.Blocks)))
	}
	var b strings.Builder
	for _, s := range listing {
		fmt.Fprintf(&b, "%s  %s, %d bytes, %s", s.Name, s.Encoding, s.Bytes, plural(s.Blocks, "block"))
		if s.Duplicates > 0 {
			fmt.Fprintf(&b, ", %d read twice", s.Duplicates)
		}
		b.WriteByte('\n')
		for _, g := range s.Games {
			fmt.Fprintf(&b, "    %-*s  %*d\n", width, g.Game, digits, g.Blocks)
		}
		if s.Other > 0 {
			fmt.Fprintf(&b, "    %-*s  %*d\n", width, noGame, digits, s.Other)
		}
	}
	if _, err := io.WriteString(w, b.String()); err != nil {
		return fmt.Errorf("writing the listing: %w", err)
	}
	return nil
}

// printBlocks prints one document's blocks as a table.
func printBlocks(w io.Writer, d *corpus.Document) error {
	fmt.Fprintf(w, "%s  %s  %s  %s\n", d.Name, d.Source, d.Encoding, plural(len(d.Blocks), "block"))
	tw := tabwriter.NewWriter(w, 0, 4, 2, ' ', 0)
	fmt.Fprintln(tw, "#\tKIND\tGAME\tRULE\tSPAN\tNOTES\tTEXT")
	for _, b := range d.Blocks {
		sp := b.Span
		fmt.Fprintf(tw, "%d\t%s\t%s\t%s\t%d:%d-%d:%d [%d,%d)\t%s\t%s\n", b.Index, b.Kind, dash(b.Game), dash(b.RuleNumber),
			sp.StartLine, sp.StartCol, sp.EndLine, sp.EndCol, sp.StartByte, sp.EndByte, dash(blockNotes(b)), flatText(b.Text))
	}
	if err := tw.Flush(); err != nil {
		return fmt.Errorf("writing the blocks: %w", err)
	}
	return nil
}

// blockNotes describes a block's footnote number, markers and duplicate.
func blockNotes(b corpus.Block) string {
	var notes []string
	if b.FootnoteNumber != 0 {
		notes = append(notes, fmt.Sprintf("footnote %d", b.FootnoteNumber))
	}
	for i, m := range b.Markers {
		if b.MarkerBlocks[i] >= 0 {
			notes = append(notes, fmt.Sprintf("[%d]→#%d", m, b.MarkerBlocks[i]))
		} else {
			notes = append(notes, fmt.Sprintf("[%d]", m))
		}
	}
	if b.Duplicate != nil {
		notes = append(notes, fmt.Sprintf("same as %s#%d", b.Duplicate.Doc, b.Duplicate.Block))
	}
	return strings.Join(notes, ", ")
}

// dash shows an empty field as "-".
func dash(s string) string {
	if s == "" {
		return "-"
	}
	return s
}

// plural formats a count with its noun.
func plural(n int, noun string) string {
	if n == 1 {
		return "1 " + noun
	}
	return fmt.Sprintf("%d %ss", n, noun)
}
