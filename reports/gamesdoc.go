package reports

import (
	"fmt"
	"io"
	"strings"

	"github.com/pasyans/pasyans/engine"
)

// WriteGamesMarkdown writes the rule catalog as Markdown: for every game its
// titles, book and sources, its layout (piles and their kinds), every rule,
// play rule and advice entry with its status and source, the variants with
// their readings, and how the solver's search hooks work. docs/games.md is
// this output for engine.Catalog(); a test keeps it in step with the code.
func WriteGamesMarkdown(w io.Writer, specs []*engine.Spec) error {
	ew := &errWriter{w: w}
	ew.printf("# The games of the books\n\n")
	ew.printf("Generated from the engine's rule catalog (`engine.Catalog`) by `make docs`; a test fails when it is out\n")
	ew.printf("of date. Every rule has a stable ID (`game/I`, `game/deal`, `game/S1` …) where the book's text, the\n")
	ew.printf("engine's moves and the datasets meet. **Status**: `book` — the corpus text states it; `lost` — the\n")
	ew.printf("book had it but the scan lost it, the content comes from the source named; `convention` — the book is\n")
	ew.printf("silent or ambiguous and the engine follows the source or reasoning named. Variants offer the other\n")
	ew.printf("readings; their defaults are the book's.\n\n")
	ew.printf("The **Solver** notes of each game state every safe move and every dead end the solver's search uses,\n")
	ew.printf("each with its argument. A loss the solver proves names the one it rests on (the `proof` column of the\n")
	ew.printf("solver's rows, `docs/datasets.md`): `exhaustive search`, `confluence`, or the dead end that holds at\n")
	ew.printf("the deal, by the names used below (`layout search`, `endgame evaluation`, numbered dead ends).\n\n")
	for _, s := range specs {
		ew.printf("- [%s](#%s) — %s\n", s.Title, s.ID, strings.Join(s.TitlesRU, ", "))
	}
	for _, s := range specs {
		writeGameMarkdown(ew, s)
	}
	return ew.err
}

func writeGameMarkdown(ew *errWriter, s *engine.Spec) {
	ew.printf("\n## %s\n\n", s.ID)
	ew.printf("**%s** (%s). Book: %s. Decks: %d. Players: %d. Move cap: %d.\n", s.Title,
		strings.Join(s.TitlesRU, "; "), s.Book, s.Decks, s.Players, s.MaxMoves)
	if len(s.Sources) > 0 {
		ew.printf("\nSources:\n\n")
		for _, src := range s.Sources {
			ew.printf("- %s\n", src)
		}
	}
	if len(s.Piles) > 0 {
		ew.printf("\nLayout (pile index, name, kind): ")
		parts := make([]string, len(s.Piles))
		for i, p := range s.Piles {
			parts[i] = fmt.Sprintf("%d `%s` %s", i, p.Name, p.Kind)
		}
		ew.printf("%s.\n", strings.Join(parts, "; "))
	}
	ew.printf("\n| rule | kind | status | what it says | source |\n|---|---|---|---|---|\n")
	for _, r := range s.Rules {
		ew.printf("| `%s` | %s | %s | %s | %s |\n", r.ID, r.Kind, r.Status, mdCell(r.Summary), mdCell(r.Source))
	}
	if len(s.Variants) > 0 {
		ew.printf("\n| variant | values (default first) | readings |\n|---|---|---|\n")
		for _, v := range s.Variants {
			vals := []string{"**" + v.Default + "**"}
			for _, x := range v.Values {
				if x != v.Default {
					vals = append(vals, x)
				}
			}
			ew.printf("| `%s` | %s | %s |\n", v.Name, strings.Join(vals, ", "), mdCell(v.Doc))
		}
	}
	if s.Search != "" {
		ew.printf("\n**Solver** (search hooks: key symmetry, safe moves, dead ends):\n\n%s\n", s.Search)
	}
}

// errWriter remembers the first write error.
type errWriter struct {
	w   io.Writer
	err error
}

func (e *errWriter) printf(format string, a ...any) {
	if e.err == nil {
		_, e.err = fmt.Fprintf(e.w, format, a...)
	}
}
