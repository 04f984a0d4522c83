package reports

// Text and JSON listings of the corpus and its links, for the corpus and
// link commands.

import (
	"fmt"
	"io"
	"strings"
	"text/tabwriter"

	"github.com/pasyans/pasyans/corpus"
	"github.com/pasyans/pasyans/link"
)

// GameCount is the number of blocks of one game in a document.
type GameCount struct {
	Game   string `json:"game"`
	Blocks int    `json:"blocks"`
}

// DocumentSummary is one document of the corpus listing.
type DocumentSummary struct {
	Name     string      `json:"name"`
	Source   string      `json:"source"`
	Encoding string      `json:"encoding"`
	Bytes    int         `json:"bytes"`
	Blocks   int         `json:"blocks"`
	Games    []GameCount `json:"games"`
	// Other counts the blocks of no game (title, page furniture).
	Other int `json:"other_blocks"`
	// Duplicates counts the blocks that are a second reading of a passage
	// in another listed document.
	Duplicates int `json:"duplicate_blocks"`
}

// DocumentView is the JSON of "corpus show".
type DocumentView struct {
	Name     string         `json:"name"`
	Source   string         `json:"source"`
	Encoding string         `json:"encoding"`
	Bytes    int            `json:"bytes"`
	Blocks   []corpus.Block `json:"blocks"`
}

// CorpusList is the JSON of "pasyans corpus": one summary per document.
type CorpusList struct {
	Documents []DocumentSummary `json:"documents"`
}

// CorpusListing summarises documents for "pasyans corpus".
func CorpusListing(docs []*corpus.Document) CorpusList {
	var out CorpusList
	for _, d := range docs {
		s := DocumentSummary{Name: d.Name, Source: d.Source, Encoding: d.Encoding, Bytes: len(d.Text), Blocks: len(d.Blocks), Games: []GameCount{}}
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
				s.Games = append(s.Games, GameCount{Game: b.Game})
			}
			s.Games[i].Blocks++
		}
		out.Documents = append(out.Documents, s)
	}
	return out
}

// WriteCorpusList writes the corpus listing as text: a line per document,
// then its games with their block counts.
func WriteCorpusList(w io.Writer, docs []*corpus.Document) error {
	const noGame = "(no game)"
	listing := CorpusListing(docs).Documents
	width, digits := len(noGame), 1
	for _, s := range listing {
		for _, g := range s.Games {
			width = max(width, len(g.Game))
		}
		digits = max(digits, len(fmt.Sprint(s.Blocks)))
	}
	var b strings.Builder
	for _, s := range listing {
		fmt.Fprintf(&b, "%s  %s, %d bytes, %s", s.Name, s.Encoding, s.Bytes, Plural(s.Blocks, "block"))
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

// WriteBlocks writes one document's blocks as a table.
func WriteBlocks(w io.Writer, d *corpus.Document) error {
	fmt.Fprintf(w, "%s  %s  %s  %s\n", d.Name, d.Source, d.Encoding, Plural(len(d.Blocks), "block"))
	tw := tabwriter.NewWriter(w, 0, 4, 2, ' ', 0)
	fmt.Fprintln(tw, "#\tKIND\tGAME\tRULE\tSPAN\tNOTES\tTEXT")
	for _, b := range d.Blocks {
		sp := b.Span
		fmt.Fprintf(tw, "%d\t%s\t%s\t%s\t%d:%d-%d:%d [%d,%d)\t%s\t%s\n", b.Index, b.Kind, dash(b.Game), dash(b.RuleNumber),
			sp.StartLine, sp.StartCol, sp.EndLine, sp.EndCol, sp.StartByte, sp.EndByte, dash(blockNotes(b)), FlatText(b.Text))
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

// Plural formats a count with its noun, in the plural unless the count is
// one: "1 game", "2 games" (regular plurals only).
func Plural[N ~int | ~int32 | ~int64](n N, noun string) string {
	if n == 1 {
		return "1 " + noun
	}
	return fmt.Sprintf("%d %ss", n, noun)
}

// WriteLinks writes the link table.
func WriteLinks(w io.Writer, links []link.Link, all bool, width int) error {
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	fmt.Fprintln(tw, "GAME\tRULE\tDOC\tSPAN\tSCORE\tMETHOD\tTEXT")
	for _, l := range links {
		if !l.Linked() && !all {
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
			l.Span.StartLine, l.Span.StartCol, l.Span.EndLine, l.Span.EndCol, l.Score, l.Method, CutText(l.Modern, width))
	}
	if err := tw.Flush(); err != nil {
		return fmt.Errorf("writing table: %w", err)
	}
	return nil
}

// WriteCoverage writes the catalog entries without corpus text and the
// corpus rules without an engine rule.
func WriteCoverage(w io.Writer, rep link.Coverage) error {
	fmt.Fprintln(w)
	fmt.Fprintln(w, "Catalog rules and advice without corpus text:")
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	fmt.Fprintln(tw, "RULE\tKIND\tSTATUS\tSOURCE")
	for _, m := range rep.Missing {
		fmt.Fprintf(tw, "%s\t%s\t%s\t%s\n", m.ID, m.Kind, m.Status, CutText(m.Source, 90))
	}
	if err := tw.Flush(); err != nil {
		return fmt.Errorf("writing table: %w", err)
	}
	if len(rep.UnknownGames) > 0 {
		fmt.Fprintln(w)
		fmt.Fprintln(w, "Games of the text the catalog does not have (their passages link to nothing):")
		for _, u := range rep.UnknownGames {
			fmt.Fprintf(w, "  %s  %s %d:%d  %s\n", CutText(u.Heading, 40), u.Doc, u.Span.StartLine, u.Span.StartCol, Plural(u.Passages, "passage"))
		}
	}
	if len(rep.Orphans) > 0 {
		fmt.Fprintln(w)
		fmt.Fprintln(w, "Corpus rules without an engine rule:")
		for _, l := range rep.Orphans {
			fmt.Fprintf(w, "  %s  %s %d:%d  %s\n", l.Candidate, l.Doc, l.Span.StartLine, l.Span.StartCol, CutText(l.Modern, 70))
		}
	}
	return nil
}

// CutText folds white space and cuts s to at most n runes, marking a cut
// with "…".
func CutText(s string, n int) string {
	s = strings.Join(strings.Fields(s), " ")
	r := []rune(s)
	if len(r) <= n {
		return s
	}
	return string(r[:n-1]) + "…"
}

// FlatText shows a possibly multi-line text on one line, marking the line
// breaks with ⏎.
func FlatText(s string) string {
	return strings.ReplaceAll(s, "\n", " ⏎ ")
}
