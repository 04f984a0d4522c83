package main

import (
	"fmt"
	"io"
	"text/tabwriter"

	"github.com/spf13/cobra"

	"github.com/pasyans/pasyans/normalize"
	"github.com/pasyans/pasyans/pipeline"
)

// newCmdNormalize builds "pasyans normalize" and its "eval" subcommand.
func newCmdNormalize(ios *ioStreams) *cobra.Command {
	var explain, license bool
	var format string
	cmd := &cobra.Command{
		Use:   "normalize [FILE|-]...",
		Short: "Print modern spelling of pre-reform OCR text",
		Long: `normalize converts pre-reform Russian OCR text to modern spelling and repairs
the OCR damage. Output has exactly one line per input line. FILE is a path or
the name of an embedded corpus document (as in "pasyans corpus"); "-" reads
standard input; with no FILE the whole embedded corpus is used. Files and
standard input are streamed in bounded memory, in UTF-8, UTF-16 (with or
without BOM), Windows-1251 or KOI8-R, detected from the first 64 KiB; a line
longer than 32 MiB is an error. hOCR (Tesseract) and ALTO XML (ABBYY,
Transkribus, eScriptorium) files are recognised by their content and read
whole: the text of their words, line by line.

--explain prints one JSON object per edit instead of the text, and after each
document a summary object {"summary":{"doc":…,"edits":N,"reform":N,
"ocr_repair":N,"split":N,"join":N,"unresolved":N}} counting its edits by
class. --format tei prints one document (one FILE) as TEI P5 XML: structure,
links to the engine's rules, and every change as a choice with its rules and
confidence (see docs/normalize.md).`,
		Args: cobra.ArbitraryArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			if format != pipeline.FormatText && format != pipeline.FormatTEI {
				return usagef("--format %q: want text or tei", format)
			}
			if license {
				_, err := io.WriteString(ios.out, normalize.LexiconLicense)
				return err
			}
			return pipeline.Normalize(cmd.Context(), pipeline.NormalizeOptions{Inputs: args, Explain: explain, Format: format, In: ios.in, Out: ios.out})
		},
	}
	cmd.Flags().BoolVar(&explain, "explain", false, "print one JSON object per edit instead of the text")
	cmd.Flags().StringVar(&format, "format", pipeline.FormatText, "output: text, or tei (TEI P5 XML of one FILE)")
	cmd.Flags().BoolVar(&license, "lexicon-license", false, "print the licence notice of the embedded lexicon and exit")
	cmd.AddCommand(newCmdNormalizeEval(ios))
	return cmd
}

// newCmdNormalizeEval builds "pasyans normalize eval".
func newCmdNormalizeEval(ios *ioStreams) *cobra.Command {
	var gold string
	cmd := &cobra.Command{
		Use:   "eval [FILE|-]...",
		Short: "Score the normalizer against hand-made modern references",
		Long: `eval normalizes each FILE (default: the embedded corpus) and scores it against
its hand-made modern reference: the one built in for an embedded corpus document,
or DIR/NAME.txt with --gold DIR, NAME being the document's name. "-" reads
standard input, scored against DIR/stdin.txt with --gold DIR, else against the
reference of the embedded document with the same text. Protocol (see the
normalize package doc): NFC, lower case, ё counted as е; CER over characters with
white space runs as one space; WER over word tokens with punctuation ignored. Prints
the raw input's score, the output's score and the error reduction, per file and in
total.`,
		Args: cobra.ArbitraryArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			tw := tabwriter.NewWriter(ios.out, 0, 4, 2, ' ', tabwriter.AlignRight)
			fmt.Fprintln(tw, "document\twords\traw WER\tWER\traw CER\tCER\tWER reduction\tCER reduction\t")
			total, err := pipeline.Evaluate(cmd.Context(), args, gold, ios.in, func(s pipeline.EvalScore) error {
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
	cmd.Flags().StringVar(&gold, "gold", "", "directory of NAME.txt modern references (default: the built-in references of the corpus)")
	return cmd
}

// printScore prints one row of the evaluation table.
func printScore(w io.Writer, s pipeline.EvalScore) {
	name, raw, got := s.Name, s.Raw, s.Got
	fmt.Fprintf(w, "%s\t%d\t%.2f%%\t%.2f%%\t%.2f%%\t%.2f%%\t%.1f%%\t%.1f%%\t\n", name, got.Words,
		100*raw.WER(), 100*got.WER(), 100*raw.CER(), 100*got.CER(),
		100*normalize.Reduction(raw.WER(), got.WER()), 100*normalize.Reduction(raw.CER(), got.CER()))
}
