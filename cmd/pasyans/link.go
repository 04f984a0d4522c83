package main

import (
	"fmt"
	"io"
	"strings"
	"text/tabwriter"

	"github.com/spf13/cobra"

	"github.com/pasyans/pasyans/link"
	"github.com/pasyans/pasyans/normalize"
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
(as in "pasyans corpus") or the path of a text file. The table lists game, rule ID,
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

func newLinkCmd() *cobra.Command {
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
				return usagef("--width must be at least 20, got %d", o.width)
			}
			return runLink(cmd, args, o)
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

// runLink loads the documents, links them and prints the result.
func runLink(cmd *cobra.Command, args []string, o linkOptions) error {
	docs, err := loadDocuments(cmd.Context(), args)
	if err != nil {
		return err
	}
	if err := cmd.Context().Err(); err != nil {
		return err
	}
	n, err := normalize.New()
	if err != nil {
		return err
	}
	res, err := link.Documents(cmd.Context(), docs, link.Options{Normalizer: n, Play: o.play})
	if err != nil {
		return err
	}
	links, rep := res.Links, res.Coverage
	out := cmd.OutOrStdout()
	if o.json {
		if err := writeJSON(out, res); err != nil {
			return err
		}
		return rep.Err()
	}
	if err := printLinks(out, links, o); err != nil {
		return err
	}
	if o.coverage {
		if err := printCoverage(out, rep); err != nil {
			return err
		}
	}
	linked, unlinked := 0, 0
	for _, l := range links {
		if l.Linked() {
			linked++
		} else {
			unlinked++
		}
	}
	fmt.Fprintf(cmd.ErrOrStderr(), "%d links in %d documents; %d passages unlinked; %d catalog rules and advice without corpus text\n",
		linked, len(docs), unlinked, len(rep.Missing))
	return rep.Err()
}

// printLinks prints the link table.
func printLinks(w io.Writer, links []link.Link, o linkOptions) error {
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	fmt.Fprintln(tw, "GAME\tRULE\tDOC\tSPAN\tSCORE\tMETHOD\tTEXT")
	for _, l := range links {
		if !l.Linked() && !o.all {
			continue
		}
		rule, game := string(l.RuleID), l.Game
		if rule == "" {
			rule = "-"
			if l.Candidate != "" {
				rule = "(" + string(l.Candidate) + ")"
			}
		}
		if game == "" {
			game = "-"
		}
		fmt.Fprintf(tw, "%s\t%s\t%s\t%d:%d-%d:%d\t%.3f\t%s\t%s\n", game, rule, l.Doc,
			l.Span.StartLine, l.Span.StartCol, l.Span.EndLine, l.Span.EndCol, l.Score, l.Method, cutText(l.Modern, o.width))
	}
	if err := tw.Flush(); err != nil {
		return fmt.Errorf("writing table: %w", err)
	}
	return nil
}

// printCoverage prints the catalog entries without corpus text and the
// corpus rules without an engine rule.
func printCoverage(w io.Writer, rep link.Coverage) error {
	fmt.Fprintln(w)
	fmt.Fprintln(w, "Catalog rules and advice without corpus text:")
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	fmt.Fprintln(tw, "RULE\tKIND\tSTATUS\tSOURCE")
	for _, m := range rep.Missing {
		fmt.Fprintf(tw, "%s\t%s\t%s\t%s\n", m.ID, m.Kind, m.Status, cutText(m.Source, 90))
	}
	if err := tw.Flush(); err != nil {
		return fmt.Errorf("writing table: %w", err)
	}
	if len(rep.UnknownGames) > 0 {
		fmt.Fprintln(w)
		fmt.Fprintln(w, "Games of the text the catalog does not have (their passages link to nothing):")
		for _, u := range rep.UnknownGames {
			fmt.Fprintf(w, "  %s  %s %d:%d  %d passages\n", cutText(u.Heading, 40), u.Doc, u.Span.StartLine, u.Span.StartCol, u.Passages)
		}
	}
	if len(rep.Orphans) > 0 {
		fmt.Fprintln(w)
		fmt.Fprintln(w, "Corpus rules without an engine rule:")
		for _, l := range rep.Orphans {
			fmt.Fprintf(w, "  %s  %s %d:%d  %s\n", l.Candidate, l.Doc, l.Span.StartLine, l.Span.StartCol, cutText(l.Modern, 70))
		}
	}
	return nil
}

// cutText folds white space and cuts s to at most n runes, marking a cut
// with "…".
func cutText(s string, n int) string {
	s = strings.Join(strings.Fields(s), " ")
	r := []rune(s)
	if len(r) <= n {
		return s
	}
	return string(r[:n-1]) + "…"
}
