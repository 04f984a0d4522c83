package main

import (
	"bufio"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"text/tabwriter"

	"github.com/spf13/cobra"

	"github.com/pasyans/pasyans/corpus"
	"github.com/pasyans/pasyans/normalize"
)

func newNormalizeCmd() *cobra.Command {
	var explain, license bool
	cmd := &cobra.Command{
		Use:   "normalize [FILE|-]...",
		Short: "Print modern spelling of pre-reform OCR text",
		Long: `normalize converts pre-reform Russian OCR text to modern spelling and repairs
the OCR damage. Output has exactly one line per input line. FILE is a path or
the name of an embedded corpus document (as in "pasyans corpus"); "-" reads
standard input; with no FILE the whole embedded corpus is used. Files and
standard input are streamed in bounded memory, in UTF-8, UTF-16 (with or
without BOM), Windows-1251 or KOI8-R, detected from the first 64 KiB; a line
longer than 32 MiB is an error. --explain prints one JSON object per edit
instead of the text.`,
		Args: cobra.ArbitraryArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			if license {
				_, err := io.WriteString(cmd.OutOrStdout(), normalize.LexiconLicense)
				return err
			}
			n, err := normalize.New()
			if err != nil {
				return err
			}
			open, args, err := documentOpener(cmd.Context(), args)
			if err != nil {
				return err
			}
			out := bufio.NewWriter(cmd.OutOrStdout())
			enc := json.NewEncoder(out)
			enc.SetEscapeHTML(false)
			onEdit := func(e normalize.Edit) error { return enc.Encode(e) }
			for _, arg := range args {
				if err := cmd.Context().Err(); err != nil {
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
					if err := n.Stream(cmd.Context(), "stdin", cmd.InOrStdin(), w, normalize.StreamOptions{OnEdit: edits}); err != nil {
						return err
					}
					continue
				}
				if _, embedded := corpus.EmbeddedName(arg); !embedded {
					if err := streamFile(cmd.Context(), n, arg, out, explain, onEdit, len(args) > 1); err != nil {
						return err
					}
					continue
				}
				doc, err := open(arg)
				if err != nil {
					return err
				}
				res, err := n.Document(cmd.Context(), doc.Name, doc.Text)
				if err != nil {
					return err
				}
				if explain {
					for _, e := range res.Edits {
						if err := onEdit(e); err != nil {
							return fmt.Errorf("%s: write: %w", doc.Name, err)
						}
					}
					continue
				}
				text := res.Text
				if len(args) > 1 && text != "" && !strings.HasSuffix(text, "\n") {
					text += "\n" // keep documents apart; the line count is unchanged
				}
				if _, err := out.WriteString(text); err != nil {
					return fmt.Errorf("%s: write: %w", doc.Name, err)
				}
			}
			return out.Flush()
		},
	}
	cmd.Flags().BoolVar(&explain, "explain", false, "print one JSON object per edit instead of the text")
	cmd.Flags().BoolVar(&license, "lexicon-license", false, "print the licence notice of the embedded lexicon and exit")
	cmd.AddCommand(newNormalizeEvalCmd())
	return cmd
}

// streamFile normalizes the file at path to out as a stream (the text, or
// with explain the edits), with the file's base name in the edit records;
// with several inputs a text that does not end a line gets a line break.
func streamFile(ctx context.Context, n *normalize.Normalizer, path string, out io.Writer, explain bool, onEdit func(normalize.Edit) error, several bool) error {
	fi, err := os.Stat(path)
	if err != nil {
		var pe *fs.PathError
		if errors.As(err, &pe) {
			err = pe.Err
		}
		return fmt.Errorf("%s: %w", path, err)
	}
	if fi.IsDir() {
		return fmt.Errorf("%s: %w", path, corpus.ErrDirectory)
	}
	f, err := os.Open(path)
	if err != nil {
		return fmt.Errorf("%s: %w", path, errors.Unwrap(err))
	}
	defer f.Close()
	base := filepath.Base(path)
	opts := normalize.StreamOptions{Doc: strings.TrimSuffix(base, filepath.Ext(base))}
	w := &lastByteWriter{w: out}
	if explain {
		w.w, opts.OnEdit = io.Discard, onEdit
	}
	if err := n.Stream(ctx, path, f, w, opts); err != nil {
		return err
	}
	if several && !explain && w.n > 0 && w.last != '\n' {
		_, err := io.WriteString(out, "\n") // keep documents apart; the line count is unchanged
		return err
	}
	return nil
}

// lastByteWriter counts what it passes on and remembers its last byte.
type lastByteWriter struct {
	w    io.Writer
	n    int64
	last byte
}

// Write implements io.Writer.
func (l *lastByteWriter) Write(p []byte) (int, error) {
	if len(p) > 0 {
		l.last = p[len(p)-1]
	}
	n, err := l.w.Write(p)
	l.n += int64(n)
	return n, err
}

func newNormalizeEvalCmd() *cobra.Command {
	var gold string
	cmd := &cobra.Command{
		Use:   "eval [FILE...]",
		Short: "Score the normalizer against hand-made modern references",
		Long: `eval normalizes each FILE (default: the embedded corpus) and scores it against
its hand-made modern reference: the one built in for an embedded corpus document,
or DIR/NAME.txt with --gold DIR, NAME being the document's name. Protocol (see the
normalize package doc): NFC, lower case, ё counted as е; CER over characters with
white space runs as one space; WER over word tokens with punctuation ignored. Prints
the raw input's score, the output's score and the error reduction, per file and in
total.`,
		Args: cobra.ArbitraryArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			if gold == "" {
				// The built-in references of the embedded corpus.
			} else if fi, err := os.Stat(gold); err != nil {
				var pe *fs.PathError
				if errors.As(err, &pe) {
					err = pe.Err
				}
				return fmt.Errorf("%s: %w", gold, err)
			} else if !fi.IsDir() {
				return fmt.Errorf("%s: not a directory", gold)
			}
			n, err := normalize.New()
			if err != nil {
				return err
			}
			open, args, err := documentOpener(cmd.Context(), args)
			if err != nil {
				return err
			}
			tw := tabwriter.NewWriter(cmd.OutOrStdout(), 0, 4, 2, ' ', tabwriter.AlignRight)
			fmt.Fprintln(tw, "document\twords\traw WER\tWER\traw CER\tCER\tWER reduction\tCER reduction\t")
			var raw, got normalize.Score
			for _, arg := range args {
				if err := cmd.Context().Err(); err != nil {
					return err
				}
				doc, err := open(arg)
				if err != nil {
					return err
				}
				ref, err := goldReference(cmd.Context(), gold, doc.Name)
				if err != nil {
					return err
				}
				res, err := n.Document(cmd.Context(), doc.Name, doc.Text)
				if err != nil {
					return err
				}
				r := normalize.Evaluate(ref, doc.Text)
				g := normalize.Evaluate(ref, res.Text)
				raw, got = raw.Add(r), got.Add(g)
				printScore(tw, doc.Name, r, g)
			}
			printScore(tw, "total", raw, got)
			return tw.Flush()
		},
	}
	cmd.Flags().StringVar(&gold, "gold", "", "directory of NAME.txt modern references (default: the built-in references of the embedded corpus)")
	return cmd
}

// goldReference returns the modern reference of document name: the
// built-in one when dir is "", else dir/name.txt.
func goldReference(ctx context.Context, dir, name string) (string, error) {
	if dir == "" {
		ref, ok := normalize.Gold(name)
		if !ok {
			return "", fmt.Errorf("%s: no built-in reference (give --gold DIR with %s.txt)", name, name)
		}
		return ref, nil
	}
	ref, err := corpus.Open(ctx, filepath.Join(dir, name+".txt"), corpus.Options{})
	if err != nil {
		return "", fmt.Errorf("reference for %s: %w", name, err)
	}
	return ref.Text, nil
}

func printScore(w io.Writer, name string, raw, got normalize.Score) {
	fmt.Fprintf(w, "%s\t%d\t%.2f%%\t%.2f%%\t%.2f%%\t%.2f%%\t%.1f%%\t%.1f%%\t\n", name, got.Words,
		100*raw.WER(), 100*got.WER(), 100*raw.CER(), 100*got.CER(),
		100*normalize.Reduction(raw.WER(), got.WER()), 100*normalize.Reduction(raw.CER(), got.CER()))
}
