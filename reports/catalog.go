package reports

// Text and JSON views of the engine's rule catalog, for the games command.

import (
	"fmt"
	"io"
	"strings"

	"github.com/pasyans/pasyans/engine"
	"github.com/pasyans/pasyans/link"
)

// LinkedText renders the corpus passages linked to id: the modern text with
// the original OCR beside it, one passage per reading.
func LinkedText(links []link.Link, id engine.RuleID) string {
	var b strings.Builder
	for _, l := range links {
		if l.RuleID != id {
			continue
		}
		fmt.Fprintf(&b, "%s:%d (%s %.2f)\n      modern:   %s\n      original: %s\n",
			l.Doc, l.Span.StartLine, l.Method, l.Score, FlatText(l.Modern), FlatText(l.Original))
	}
	return strings.TrimSuffix(b.String(), "\n")
}

// GameJSON is the JSON form of one game of the catalog.
type GameJSON struct {
	ID          string         `json:"id"`
	Title       string         `json:"title"`
	TitlesRU    []string       `json:"titles_ru"`
	Book        string         `json:"book"`
	Decks       int            `json:"decks"`
	Players     int            `json:"players"`
	MaxMoves    int            `json:"max_moves"`
	Implemented bool           `json:"implemented"`
	Rules       []engine.Rule  `json:"rules"`
	Variants    []VariantJSON  `json:"variants"`
	Defaults    engine.Options `json:"defaults"`
	// Links are the corpus passages linked to the game's rules (games show).
	Links []link.Link `json:"links,omitempty"`
}

// VariantJSON is the JSON form of one variant option of a game.
type VariantJSON struct {
	Name    string   `json:"name"`
	Values  []string `json:"values"`
	Default string   `json:"default"`
	Doc     string   `json:"doc"`
}

// CatalogDoc is the JSON of "pasyans games": the engine version, the
// catalog hash and every game.
type CatalogDoc struct {
	Engine  string     `json:"engine"`
	Catalog string     `json:"catalog"`
	Games   []GameJSON `json:"games"`
}

// CatalogJSON returns the JSON form of the catalog.
func CatalogJSON(cat []*engine.Spec) CatalogDoc {
	doc := CatalogDoc{Engine: engine.Version, Catalog: engine.CatalogHash()}
	for _, s := range cat {
		doc.Games = append(doc.Games, GameDoc(s))
	}
	return doc
}

// GameDoc returns the JSON form of one game (without links).
func GameDoc(s *engine.Spec) GameJSON {
	defaults, _ := s.ResolveOptions(nil)
	g := GameJSON{ID: s.ID, Title: s.Title, TitlesRU: s.TitlesRU, Book: s.Book, Decks: s.Decks, Players: s.Players,
		MaxMoves: s.MaxMoves, Implemented: Implemented(s), Rules: s.Rules, Defaults: defaults}
	if g.Rules == nil {
		g.Rules = []engine.Rule{}
	}
	g.Variants = []VariantJSON{}
	for _, v := range s.Variants {
		g.Variants = append(g.Variants, VariantJSON(v))
	}
	return g
}

// Implemented reports whether the game can be played yet.
func Implemented(s *engine.Spec) bool {
	_, err := s.New(1, nil)
	return err == nil
}

// WriteCatalog writes one block per game: identity, rule IDs, variants.
func WriteCatalog(w io.Writer, cat []*engine.Spec) error {
	fmt.Fprintf(w, "%d games (engine %s, catalog %.12s)\n", len(cat), engine.Version, engine.CatalogHash())
	for _, s := range cat {
		note := ""
		if !Implemented(s) {
			note = "  [not implemented]"
		}
		fmt.Fprintf(w, "\n%s — %s (%s), %s; %d deck(s), %d player(s), cap %d moves%s\n",
			s.ID, s.Title, strings.Join(s.TitlesRU, "; "), s.Book, s.Decks, s.Players, s.MaxMoves, note)
		ids := make([]string, len(s.Rules))
		for i, r := range s.Rules {
			ids[i] = r.ID.Local()
		}
		fmt.Fprintf(w, "  rules:    %s\n", strings.Join(ids, " "))
		for _, v := range s.Variants {
			fmt.Fprintf(w, "  variant:  %s=%s (default %s)\n", v.Name, strings.Join(v.Values, "|"), v.Default)
		}
	}
	_, err := fmt.Fprintln(w)
	return err
}

// WriteGame writes one game's rules and variants. extra, if not nil, gives
// more text to print under a rule (e.g. the linked corpus passage); it may
// return "".
func WriteGame(w io.Writer, s *engine.Spec, extra func(engine.RuleID) string) error {
	fmt.Fprintf(w, "%s — %s\n", s.ID, s.Title)
	fmt.Fprintf(w, "Russian title: %s\n", strings.Join(s.TitlesRU, "; "))
	fmt.Fprintf(w, "Book: %s; %d deck(s); %d player(s); move cap %d\n", s.Book, s.Decks, s.Players, s.MaxMoves)
	fmt.Fprintf(w, "\nRules (%d):\n", len(s.Rules))
	for _, r := range s.Rules {
		fmt.Fprintf(w, "  %-34s %-8s %-10s %s\n", r.ID, r.Kind, r.Status, r.Summary)
		if r.Source != "" {
			fmt.Fprintf(w, "  %-34s source: %s\n", "", r.Source)
		}
		if len(r.Terms) > 0 {
			fmt.Fprintf(w, "  %-34s terms: %s\n", "", strings.Join(r.Terms, " · "))
		}
		if extra != nil {
			if x := extra(r.ID); x != "" {
				for _, line := range strings.Split(strings.TrimRight(x, "\n"), "\n") {
					fmt.Fprintf(w, "  %-34s | %s\n", "", line)
				}
			}
		}
	}
	if len(s.Variants) > 0 {
		fmt.Fprintf(w, "\nVariants:\n")
		for _, v := range s.Variants {
			fmt.Fprintf(w, "  %s=%s (default %s)\n      %s\n", v.Name, strings.Join(v.Values, "|"), v.Default, v.Doc)
		}
	}
	_, err := fmt.Fprintln(w)
	return err
}
