package main

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"path/filepath"
	"strings"
	"text/tabwriter"

	"github.com/spf13/cobra"

	"github.com/pasyans/pasyans/corpus"
	"github.com/pasyans/pasyans/normalize"
	"github.com/pasyans/pasyans/pipeline"
)

// newCmdNormalize builds "pasyans normalize" and its "eval" subcommand.
func newCmdNormalize(ios *ioStreams) *cobra.Command {
	var explain, license bool
	cmd := &cobra.Command{
		Use:   "normalize [FILE|-]...",
		Short: "Print modern spelling of pre-reform OCR text",
		Long: `normalize converts pre-reform Russian OCR text to modern spelling and repairs
the OCR damage. Output has exactly one line per input line. FILE is a path or
the name of an embedded corpus document (as in "pasyans corpus"); "-" reads
standard input as a stream; with no FILE the whole embedded corpus is used.
--explain prints one JSON object per edit instead of the text.`,
		Args: cobra.ArbitraryArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			if license {
				_, err := io.WriteString(ios.out, normalize.LexiconLicense)
				return err
			}
			return normalizeRun(cmd.Context(), ios, args, explain)
		},
	}
	cmd.Flags().BoolVar(&explain, "explain", false, "print one JSON object per edit instead of the text")
	cmd.Flags().BoolVar(&license, "lexicon-license", false, "print the licence notice of the embedded lexicon and exit")
	cmd.AddCommand(newCmdNormalizeEval(ios))
	return cmd
}

// normalizeRun prints the modern text (or the edits) of each document, or
// of standard input for "-".
func normalizeRun(ctx context.Context, ios *ioStreams, args []string, explain bool) error {
	n, err := normalize.New()
	if err != nil {
		return err
	}
	open, args, err := pipeline.DocumentOpener(args)
	if err != nil {
		return err
	}
	out := bufio.NewWriter(ios.out)
	enc := json.NewEncoder(out)
	enc.SetEscapeHTML(false)
	onEdit := func(e normalize.Edit) error { return enc.Encode(e) }
	for _, arg := range args {
		if err := ctx.Err(); err != nil {
			return err
		}
		if arg == "-" {
			// --explain prints the edits and drops the text;
			// otherwise the text only.
			w, edits := io.Writer(out), onEdit
			if explain {
				w = io.Discard
			} else {
				edits = nil
			}
			if err := n.Stream(ctx, "stdin", ios.in, w, edits); err != nil {
				return err
			}
			continue
		}
		if err := normalizeDoc(out, n, open, arg, explain, len(args) > 1, onEdit); err != nil {
			return err
		}
	}
	return out.Flush()
}

// normalizeDoc prints the modern text (or the edits) of one document.
func normalizeDoc(out *bufio.Writer, n *normalize.Normalizer, open func(string) (*corpus.Document, error), arg string, explain, several bool, onEdit func(normalize.Edit) error) error {
	doc, err := open(arg)
	if err != nil {
		return err
	}
	res := n.Document(doc.Name, doc.Text)
	if explain {
		for _, e := range res.Edits {
			if err := onEdit(e); err != nil {
				return fmt.Errorf("%s: write: %w", doc.Name, err)
			}
		}
		return nil
	}
	text := res.Text
	if several && text != "" && !strings.HasSuffix(text, "\n") {
		text += "\n" // keep documents apart; the line count is unchanged
	}
	if _, err := out.WriteString(text); err != nil {
		return fmt.Errorf("%s: write: %w", doc.Name, err)
	}
	return nil
}

// newCmdNormalizeEval builds "pasyans normalize eval".
func newCmdNormalizeEval(ios *ioStreams) *cobra.Command {
	var gold string
	cmd := &cobra.Command{
		Use:   "eval [FILE...]",
		Short: "Score the normalizer against hand-made modern references",
		Long: `eval normalizes each FILE (default: the embedded corpus) and scores it against
DIR/NAME.txt, NAME being the document's name. Protocol (see the normalize package
doc): NFC, lower case, ё counted as е; CER over characters with white space runs
as one space; WER over word tokens with punctuation ignored. Prints the raw
input's score, the output's score and the error reduction, per file and in total.`,
		Args: cobra.ArbitraryArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			if gold == "" {
				return usagef("--gold must not be empty")
			}
			tw := tabwriter.NewWriter(ios.out, 0, 4, 2, ' ', tabwriter.AlignRight)
			fmt.Fprintln(tw, "document\twords\traw WER\tWER\traw CER\tCER\tWER reduction\tCER reduction\t")
			total, err := pipeline.Evaluate(cmd.Context(), args, gold, func(s pipeline.EvalScore) error {
				printScore(tw, s)
				return nil
			})
			if err != nil {
				return err
			}
			printScore(tw, total)
			return tw.Flush()
		},
	}
	cmd.Flags().StringVar(&gold, "gold", filepath.Join("normalize", "testdata", "gold"), "directory of NAME.txt modern references")
	return cmd
}

// printScore prints one row of the evaluation table.
func printScore(w io.Writer, s pipeline.EvalScore) {
	name, raw, got := s.Name, s.Raw, s.Got
	fmt.Fprintf(w, "%s\t%d\t%.2f%%\t%.2f%%\t%.2f%%\t%.2f%%\t%.1f%%\t%.1f%%\t\n", name, got.Words,
		100*raw.WER(), 100*got.WER(), 100*raw.CER(), 100*got.CER(),
		100*normalize.Reduction(raw.WER(), got.WER()), 100*normalize.Reduction(raw.CER(), got.CER()))
}
